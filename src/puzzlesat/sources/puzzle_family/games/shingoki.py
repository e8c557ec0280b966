"""Shingoki of puzzle-shingoki.com: the circles sit on the (W+1) x (H+1) lattice points of a
W x H board (the page's size counts cells); the task is D2 over those points (genres.md
section 2): `a`-`z` skip 1-26 points, `W3` is a white circle with its number, `B12` a
black one. No board copy is read (sites.md documents no Shingoki markup): a copy is
refused, asking for the page source. The page's `hashedSolution` goes on with the board:
its answer text is `y`/`n` per lattice edge, Slitherlink's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....kinds.shingoki import BLACK, WHITE, Shingoki
from ..grammar import Text, marked_numbers

if TYPE_CHECKING:
    from ..genres import Task

SPECIAL_SIZES = {"12": "daily", "13": "weekly", "14": "monthly"}
EXAMPLES = ((2539545, 9),)  # a real 15x15 of ../shared/data/genres/shingoki
GRAMMAR = "letters a-z, W or B and a number"


def decode(task: Task) -> Shingoki:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    width, height = task.width + 1, task.height + 1
    points = marked_numbers(Text(task.task, task.genre.label, width, height),
                            WHITE + BLACK, GRAMMAR)
    return Shingoki(
        tuple(tuple(None if p is None else f"{p[0]}{p[1] or ''}"
                    for p in points[r * width : (r + 1) * width]) for r in range(height)),
        **task.page,
    )
