"""Nurikabe of puzzle-nurikabe.com: the task is genres.md's D1, confirmed on real saves: a
maximal digit run is one number in one cell, `_` only separates two numbers, `a`-`z` skip
1-26 empty cells. No board copy is read (sites.md documents no Nurikabe markup): a copy is
refused, asking for the page source. The page's `hashedSolution` goes on with the board: its
answer text is `y`/`n` a cell, `y` sea."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....kinds.nurikabe import Nurikabe
from ..grammar import digit_runs, task_text

if TYPE_CHECKING:
    from ..genres import Task

# the real saves: 0 is 5x5, 1 and 7 7x7, 2 10x10, 4 20x20; no special's code is known
SPECIAL_SIZES: dict[str, str] = {}
EXAMPLES = ((2362608, 2),)  # the 10x10 of ../shared/data/genres/nurikabe/site-pairs.jsonl


def decode(task: Task) -> Nurikabe:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    numbers = digit_runs(task_text(task, task.genre.label))
    width = task.width
    return Nurikabe(
        tuple(tuple(numbers[r * width : (r + 1) * width]) for r in range(task.height)),
        **task.page,
    )
