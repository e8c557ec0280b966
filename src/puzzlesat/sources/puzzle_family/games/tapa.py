"""Tapa of puzzle-tapa.com: the task is D1 read Tapa's way (genres.md section 2, P5): a
letter skips 1-26 cells, a digit run is ONE cell's list of one-digit clues (`113`), `_`
separates two clue cells side by side. No board copy is read (sites.md documents no Tapa
markup): a copy is refused, asking for the page source. The page's `hashedSolution` goes on
with the board: its answer text is `y`/`n` a cell, `y` shaded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....kinds.tapa import Tapa
from ..grammar import digit_lists, task_text

if TYPE_CHECKING:
    from ..genres import Task

# genres.md P3: 0-7 are 6x6 to 20x20 normal/hard, 8-10 the specials
SPECIAL_SIZES = {"8": "daily", "9": "weekly", "10": "monthly"}
EXAMPLES = ((1624579, 7),)  # the 20x20 of ../shared/data/genres/tapa/site-pairs.jsonl


def decode(task: Task) -> Tapa:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    clues = digit_lists(task_text(task, task.genre.label))
    width = task.width
    return Tapa(
        tuple(tuple(clues[r * width : (r + 1) * width]) for r in range(task.height)),
        **task.page,
    )
