"""What a Dominosa's encoding will cost, bounded from its size before any of it is built."""

from __future__ import annotations

from ...budget import Cost
from .board import Dominosa

# Peak bytes of one solver child per literal and per cell, as the other kinds measure them
# (benchmarks/README.md), rounded up: every clause here is short.
BYTES_PER_LITERAL = 20
BYTES_PER_CELL = 250


def estimate(board: Dominosa) -> Cost:
    """Per cell: at most two pair variables, and its clause and at-most-one of at most four
    literals each; per domino of the set (about half a cell) the same over its placements,
    each placement one domino's: at most two literals a placement in each."""
    cells = board.height * board.width
    clauses = cells * 4
    literals = cells * 16
    return Cost(literals, clauses, 0, literals * BYTES_PER_LITERAL + cells * BYTES_PER_CELL)
