"""What a Sudoku's encoding will cost, bounded from its size alone before any of it is built.

The encoding grows as n**4 (n**2 cells and 3n units x n digits, each a group of up to n
literals with pairwise at-most-one clauses): 26k literals for 9x9, 1.6M for 25x25, and a
100x100 grid, well under the cell cap, would need hundreds of millions. Singles only
shrink it, so the bound holds whatever they decide.
"""

from __future__ import annotations

from ...budget import Cost
from ...core import as_grid
from .board import BOXES, Sudoku

# Peak bytes of one solve per literal, measured on empty 16x16, 25x25 and 36x36 boards
# (94-96 bytes: the clause lists and MiniSat's copy of them) and rounded up, and per
# (cell, digit) variable for the decision list and the models.
BYTES_PER_LITERAL = 110
BYTES_PER_VARIABLE = 100


def bound(n: int) -> tuple[int, int]:
    """(literals, clauses) that encode can build for an n x n board, at most.

    Each of the n**2 cells and each of the n digits in the 3n units is one group of at most
    n literals: an at-least-one clause and n(n-1)/2 binary at-most-one clauses (or, for a
    digit a decided cell took, at most n-1 unit clauses). Two unit clauses fix the shared
    variables."""
    groups = 4 * n * n
    pairs = n * (n - 1) // 2
    return 2 + groups * (n + 2 * pairs), 2 + groups * (1 + pairs)


def upfront(board: Sudoku) -> Cost:
    """The bound from the size alone (a malformed grid is validate's to refuse next)."""
    n = len(board.grid)
    literals, clauses = bound(n)
    size = literals * BYTES_PER_LITERAL + n**3 * BYTES_PER_VARIABLE
    return Cost(literals, clauses, 0, size)


def stress(height: int, width: int) -> Sudoku:
    """The largest empty Sudoku the shape's cells hold (its sides are fixed: 4 to 25)."""
    n = max((side for side in BOXES if side * side <= height * width), default=4)
    return Sudoku(as_grid([[0] * n for _ in range(n)]))
