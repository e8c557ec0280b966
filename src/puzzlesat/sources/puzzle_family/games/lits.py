"""LITS of puzzle-lits.com: the task is the region id of every cell, 1-based,
comma-separated, in reading order (genres.md section 2, as Star Battle's). No board copy is
read (sites.md documents no LITS markup): a copy is refused, asking for the page source.
The page's `hashedSolution` goes on with the board: its answer text is `y`/`n` a cell, `y`
shaded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....kinds.lits import Lits
from ..grammar import numbers, task_text

if TYPE_CHECKING:
    from ..genres import Task

# genres.md P3: 0-9 are 6x6 to 20x20 normal/hard, 10-12 the specials
SPECIAL_SIZES = {"10": "daily", "11": "weekly", "12": "monthly"}
EXAMPLES = ((2265247, 9),)  # the 20x20 of ../shared/data/genres/lits/site-pairs.jsonl


def decode(task: Task) -> Lits:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    text = task_text(task, task.genre.label)
    ids = numbers(text, ",", text.area, least=1)
    width = task.width
    return Lits(
        tuple(tuple(ids[r * width : (r + 1) * width]) for r in range(task.height)),
        **task.page,
    )
