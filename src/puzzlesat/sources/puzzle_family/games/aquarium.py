"""Aquarium of puzzle-aquarium.com: the task is `counts;tanks` (genres.md section 2): W
column counts then H row counts separated by `_`, then `;` and each cell's tank id, 1-based,
comma-separated, in reading order. No board copy is read: a copy is refused, asking for the
page source. The page's `hashedSolution` goes on with the board: its answer text is `y`/`n`
a cell, `y` water."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import ParseError
from ....kinds.aquarium import Aquarium
from ..grammar import line_counts, numbers, parts, task_text

if TYPE_CHECKING:
    from ..genres import Task

SPECIAL_SIZES: dict[str, str] = {}
EXAMPLES = ((9386199, 0),)  # the 6x6 of ../shared/data/genres/aquarium/site-pairs.jsonl


def decode(task: Task) -> Aquarium:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    if task.width <= 0 or task.height <= 0:
        raise ParseError(f"the page gives the board as {task.width}x{task.height}")
    counts, tanks = parts(task_text(task, task.genre.label), ";", 2)
    columns, rows = line_counts(counts)
    ids, width = numbers(tanks, ",", tanks.area, least=1), task.width
    return Aquarium(columns, rows,
                    tuple(tuple(ids[r * width : (r + 1) * width]) for r in range(task.height)),
                    **task.page)
