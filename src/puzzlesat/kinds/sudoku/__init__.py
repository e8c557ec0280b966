"""Sudoku (boxes of any shape, or jigsaw regions): singles on bit sets, then a variable
per open (cell, digit), exactly one digit a cell and each digit once a unit."""

from __future__ import annotations

from ... import site_check
from ...core import Result, Status, as_grid
from .. import Example, declare
from . import cost
from .board import Sudoku, site_answer


def _remarks(result: Result) -> list[str]:
    """Whether naked and hidden singles alone decide it, the first thing a solver wants
    to know of a Sudoku."""
    singles = result.facts.get("singles_solve")
    if singles:
        return ["singles suffice"]
    if singles is False and result.status is Status.UNIQUE:
        return ["needs search"]
    return []


def _solve_many(boards, timeout=None):
    """Many Sudokus at once (many.py: propagation and search over all of them together,
    one incremental solver for the rest), as (board, Result, None) in input order, each
    checked against its page's hash as `solve` checks one (a batch of pages).
    `timeout` bounds each puzzle's SAT part (most take milliseconds, and many none)."""
    from . import many

    for sudoku, status, solutions in many.solve_many(boards, timeout=timeout):
        checked = site_check.check(sudoku, solutions, site_answer)
        yield sudoku, Result(status, solutions, site_check=checked), None


PUZZLE_JSON = (
    '`{"grid": rows of digits, 0 empty, "box": [rows, cols]}`; a jigsaw gives `"regions"`, a '
    'region id a cell, for `"box"`'
)
SOLUTION_JSON = 'the filled grid'
DRAWS_PARTLY = True  # its drawing shows a half-decided answer: a hint's board
SITE_TEXT = 'the digits joined by `,`'

KIND = declare(
    __name__, Sudoku,
    cost=cost.upfront,
    remarks=_remarks,
    races=True,  # clauses only (pairwise at-most-one): Kissat may race MiniSat
    solve_many=_solve_many,
    written_as={"tatham": "solo", "sugar": "sudoku"},
    examples=(
        Example(
            "4x4",
            Sudoku(as_grid([[0, 0, 0, 4], [3, 0, 0, 0], [2, 0, 0, 0], [0, 0, 0, 1]]), box=(2, 2)),
            Status.UNIQUE,
        ),
        Example(
            "4x4 two ways",
            Sudoku(as_grid([[1, 2, 0, 0], [3, 4, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]), box=(2, 2)),
            Status.MULTIPLE,
        ),
        # no given repeats in a row, column or box, yet row 1 column 3 has no digit left
        Example(
            "4x4 none",
            Sudoku(as_grid([[1, 2, 0, 0], [0, 0, 0, 0], [0, 0, 3, 0], [0, 0, 4, 0]]), box=(2, 2)),
            Status.NONE,
        ),
    ),
)
