"""Jigsaw Sudoku of puzzle-jigsaw-sudoku.com: Sudoku's task and board copy (sudoku.py), whose
regions the task must list and the copy must draw."""

from __future__ import annotations

from ....core import Page
from ....kinds.sudoku.board import Sudoku
from . import sudoku

SPECIAL_SIZES: dict[str, str] = {}
# 3,704,568 is a real 7x7 advanced; its size code 5 is [I] (josh's iterator 105 - 100)
EXAMPLES = ((3704568, 5),)
decode = sudoku.decode  # a game other than classic Sudoku: its task must list regions
claims_copy = sudoku.claims_copy


def read_copy(page: Page) -> Sudoku:
    """The copy of a jigsaw board, whose cells' borders must draw its regions."""
    return sudoku.read_copy(page, jigsaw=True)
