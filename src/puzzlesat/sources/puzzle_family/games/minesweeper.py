"""Minesweeper of puzzle-minesweeper.com (genres.md section 2): D2, one digit a numbered
cell, a letter a-z skipping 1-26 cells, W*H cells in reading order. The page hashes `y`/`n`
a cell after the task, `y` a mine. No board copy is read: a copy is refused, asking for the
page source."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....kinds.minesweeper import Minesweeper
from ..grammar import characters, task_text

if TYPE_CHECKING:
    from ..genres import Task

# $('#game').minesweeper(, ident: 'minesweeper.9'. Size codes 0-9 are 5x5 to 20x20 (the
# shared pairs); which codes are the dated specials no save shows, so none is offered.
SPECIAL_SIZES: dict[str, str] = {}
EXAMPLES = ((4458648, 9),)  # the 20x20 of ../shared/data/genres/minesweeper/site-pairs.jsonl
GRAMMAR = "digits, letters a-z skipping 1-26 cells"


def decode(task: Task) -> Minesweeper:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    made = Minesweeper
    digits = "0123456789"[: made.MOST + 1]
    found = characters(task_text(task, made.LABEL), digits, GRAMMAR)
    numbers = [int(ch) if ch in digits else None for ch in found]
    width = task.width
    return made(tuple(tuple(numbers[r * width : (r + 1) * width]) for r in range(task.height)),
                **task.page)
