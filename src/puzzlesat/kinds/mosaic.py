"""Mosaic: shade cells so that every number counts the shaded cells of the 3x3 block around
it, itself included (a numbered cell may be shaded).

Minesweeper's rule with the number's own cell counted (kinds/minesweeper.py: the board,
the encoding and the checker are its, told apart by `NUMBERS_MARKED`): a number is an exact
count of its block's nine cells at most. Board JSON: `{"grid": [[null, 4, 0], ...]}`, null
a cell without a number; an answer is rows of 0/1, 1 shaded.
"""

from __future__ import annotations

from typing import ClassVar

from ..grid.board import board
from ..grid.looks import SHADED, WHITE, Look, shaded_or_number
from . import declare, tiny
from .minesweeper import (  # noqa: F401 - the same parts
    CELL_COST,
    Minesweeper,
    clue_fields,
    encode,
    is_solution,
)


@board
class Mosaic(Minesweeper):
    """Rows of cells: None, or the number the cell shows (0-9)."""

    kind = "mosaic"
    MOST: ClassVar[int] = 9
    COUNT_RULE: ClassVar[str] = "shaded cells around a number"
    NUMBERS_MARKED: ClassVar[bool] = True


JSON_FIELDS = clue_fields(Mosaic.MOST)
PUZZLE_JSON = '`{"grid": rows of null or a number 0-9}`'
SITE_CELLS = "yn"


def stress(height: int, width: int) -> Mosaic:
    """A 4 on every cell: every count nine cells long, at its most clauses."""
    return Mosaic(((4,) * width,) * height)


# --------------------------------------------------------------------------- the looks
LOOKS = {  # a shaded cell is a block (its number is the puzzle's), the rest keep theirs
    "shaded": SHADED,
    "white": WHITE,
    "number": Look("", "", "bold"),
}


look = shaded_or_number("grid")


KIND = declare(__name__, Mosaic, examples=tiny(
    unique=Mosaic(((None, None, None), (None, 3, None), (None, 0, None))),
    multiple=Mosaic(((1, None), (None, None))),
    none=Mosaic(((4, None), (None, 3)))))
