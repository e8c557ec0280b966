"""Kakuro of puzzle-kakuro.com: the task is D1 (genres.md section 2), W*H cells in reading
order: a letter is 1-26 white cells, `B` a black cell without a sum, a number a black cell
with its sums, across*100 + down (`1008`: 10 across, 8 down; `7`: 7 down), `_` before a
number that follows a number or a `B`. No board copy is read (sites.md documents no Kakuro
markup): a copy is refused, asking for the page source. The page's `hashedSolution` goes
on with the board: its answer text is a character a cell, `n` black, else the digit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....kinds.kakuro import Kakuro
from ..grammar import marked_runs, task_text

if TYPE_CHECKING:
    from ..genres import Task

# size codes 0-14 are 8x8 to 32x32; the daily special is 42x42, its size code not known
SPECIAL_SIZES: dict[str, str] = {}
EXAMPLES = ((4863451, 0),)  # the 8x8 of ../shared/data/genres/kakuro/site-pairs.jsonl
BLACK = "B"


def decode(task: Task) -> Kakuro:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    cells = [None if v is None else (0, 0) if v == BLACK else divmod(int(v), 100)[::-1]
             for v in marked_runs(task_text(task, task.genre.label), BLACK)]
    width = task.width
    return Kakuro(
        tuple(tuple(cells[r * width : (r + 1) * width]) for r in range(task.height)),
        **task.page,
    )
