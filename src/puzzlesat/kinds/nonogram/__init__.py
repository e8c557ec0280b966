"""Nonograms: line logic, then the order encoding of block starts, and the parity counts."""

from __future__ import annotations

from ...core import Result, Status
from .. import Example, declare
from . import check, cost, search
from .board import Nonogram


def _remarks(result: Result) -> list[str]:
    """Whether line logic alone decides it, the first thing a nonogram solver wants to know."""
    solvable = result.facts.get("line_solvable")
    if solvable:
        return ["line logic suffices"]
    if solvable is False and result.status is Status.UNIQUE:
        return ["needs search"]
    return []


RED_BLUE = ("e15759", "4e79a7")

PUZZLE_JSON = (
    '`{"rows": [[3], [1, 1], ...], "cols": [...]}`, each line its block lengths; colour: '
    '`{"colors": ["#ff0000", ...], "rows": [[[3, 1], [1, 2]], ...], "cols": ...}`, each block '
    '`[length, colour]` (1-based into `colors`)'
)
SOLUTION_JSON = "rows of 0/1 (colour: each cell's colour index, 0 the background)"
DRAWS_PARTLY = True  # its drawing shows a half-decided answer: a hint's board
SITE_TEXT = '`y`/`n` a cell, `y` filled (puzzle-nonograms.com)'
CELL_WORDS = ('empty', 'filled')  # a cell's two values, as a hint says them

KIND = declare(
    __name__, Nonogram,
    cost=cost.upfront,
    remarks=_remarks,
    after_solve=check.check_picture,
    search_for=search.search_for,
    written_as={"tatham": "pattern", "sugar": "nonogram"},
    examples=(
        Example("chair", Nonogram(rows=((3,), (2,), (1, 1), (2,), (3,), (1, 1)),
                                  cols=((1, 1, 2), (1, 2), (6,), (1,))), Status.UNIQUE),
        Example("two ways", Nonogram(rows=((1,), (1,)), cols=((1,), (1,))), Status.MULTIPLE),
        Example("none", Nonogram(rows=((), (), (2,)), cols=((), (), (2,))), Status.NONE),
        # colour: blocks of two colours touch in the first row, an empty middle row
        Example(
            "colour",
            Nonogram(rows=((1, 1), (), (2,)), cols=((1, 1), (1, 1)), colors=RED_BLUE,
                     row_colours=((1, 2), (), (2,)), col_colours=((1, 2), (2, 2))),
            Status.UNIQUE,
        ),
        Example(
            "colour two ways",
            Nonogram(rows=((1,), (1, 1)), cols=((1,), (1,), (1,)), colors=RED_BLUE,
                     row_colours=((2,), (2, 1)), col_colours=((2,), (2,), (1,))),
            Status.MULTIPLE,
        ),
        Example(
            "colour none",
            Nonogram(rows=((1, 1), ()), cols=((1,), (1,)), colors=RED_BLUE,
                     row_colours=((1, 2), ()), col_colours=((2,), (1,))),
            Status.NONE,
        ),
    ),
)
