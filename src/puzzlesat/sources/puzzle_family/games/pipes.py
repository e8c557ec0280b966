"""Pipes of puzzle-pipes.com: the task is one hex digit a cell, no skips (genres.md section
2): a tile's arms, 1 right, 2 up, 4 left, 8 down. Size codes 10-16 wrap round the edges,
and a page says so in its script too (`wrap: 1`). No board copy is read (sites.md
documents no Pipes markup): a copy is refused, asking for the page source. The page's
`hashedSolution` goes on with the board: its answer text is each tile's quarter turns."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....kinds.pipes import Pipes
from ..grammar import HEX, symbols, task_text

if TYPE_CHECKING:
    from ..genres import Task

SPECIAL_SIZES: dict[str, str] = {}  # no dated special seen in the real saves
EXAMPLES = ((9521490, 3),)  # a real 10x10 of ../shared/data/genres/pipes
WRAPPING_SIZES = range(10, 17)
GRAMMAR = "one hex digit a cell, 0-9 and a-f"


def wraps(task: Task) -> bool:
    """Whether the board's edges join round: its script says so, or its size code does."""
    if "wrap" in task.options:
        return bool(task.options["wrap"])
    return task.size in WRAPPING_SIZES


def decode(task: Task) -> Pipes:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    tiles = symbols(task_text(task, task.genre.label), HEX, GRAMMAR)
    width = task.width
    return Pipes(tuple(tuple(tiles[r * width : (r + 1) * width]) for r in range(task.height)),
                 wraps(task), **task.page)
