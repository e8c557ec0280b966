"""What a Dominosa's encoding will cost, bounded from its size before any of it is built."""

from __future__ import annotations

from ...budget import Cost
from .board import Dominosa

# Peak bytes of one solver child per literal and per cell, as the other kinds measure them
# (benchmarks/README.md), rounded up: every clause here is short.
BYTES_PER_LITERAL = 20
BYTES_PER_CELL = 250


def estimate(board: Dominosa) -> Cost:
    """Per cell: two pair variables, its exactly-one of at most four (seven clauses of up to
    four literals); per domino of the set a counter over its placements, at most three
    clauses of three literals a placement, and every placement is one domino's."""
    cells = board.height * board.width
    clauses = cells * (7 + 2 * 3)
    literals = cells * (18 + 2 * 9)
    return Cost(literals, clauses, 0, literals * BYTES_PER_LITERAL + cells * BYTES_PER_CELL)
