"""Kakurasu of puzzle-kakurasu.com: the task is the W column sums (left to right), then the
H row sums (top to bottom), all `/`-separated (genres.md section 2). No board copy is read
(sites.md documents no Kakurasu markup): a copy is refused, asking for the page source. The
page's `hashedSolution` goes on with the board: its answer text is `1`/`0` a cell, `1`
shaded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import ParseError
from ....kinds.kakurasu import Kakurasu
from ..grammar import numbers, task_text

if TYPE_CHECKING:
    from ..genres import Task

SPECIAL_SIZES: dict[str, str] = {}
EXAMPLES = ((6010073, 11),)  # a real 9x9 of ../shared/data/genres/kakurasu


def decode(task: Task) -> Kakurasu:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    if task.width <= 0 or task.height <= 0:
        raise ParseError(f"the page gives the board as {task.width}x{task.height}")
    sums = numbers(task_text(task, task.genre.label), "/", task.width + task.height, blank=True)
    return Kakurasu(tuple(sums[: task.width]), tuple(sums[task.width :]), **task.page)
