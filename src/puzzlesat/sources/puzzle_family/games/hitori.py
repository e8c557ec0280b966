"""Hitori of puzzle-hitori.com: the task is one base-36 character a cell, no skips (genres.md
section 2: `1`-`9`, then `a` = 10, `b` = 11, ...), W*H of them in reading order. No board
copy is read (sites.md documents no Hitori markup): a copy is refused, asking for the page
source. The page's `hashedSolution` goes on with the board: its answer text is `y`/`n` a
cell, `y` shaded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....kinds.hitori import Hitori
from ..grammar import BASE_36, symbols, task_text

if TYPE_CHECKING:
    from ..genres import Task

# genres.md P3: 0-11 are 5x5 to 20x20 easy/normal/hard, 12-14 the specials
SPECIAL_SIZES = {"12": "daily", "13": "weekly", "14": "monthly"}
EXAMPLES = ((8981117, 11),)  # the 20x20 hard of ../shared/data/genres/hitori/site-pairs.jsonl
GRAMMAR = "one character a cell: digits, then letters a-z for 10-35"


def decode(task: Task) -> Hitori:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    numbers = symbols(task_text(task, task.genre.label), BASE_36, GRAMMAR)
    width = task.width
    return Hitori(
        tuple(tuple(numbers[r * width : (r + 1) * width]) for r in range(task.height)),
        **task.page,
    )
