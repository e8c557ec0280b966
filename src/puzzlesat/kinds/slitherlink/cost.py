"""What a Slitherlink's encoding will cost, bounded from its size before any of it is built."""

from __future__ import annotations

from ...budget import Cost
from .board import Slitherlink

# Peak bytes of one solver child per literal and per cell, as the other kinds measure them
# (benchmarks/README.md), rounded up: every clause here is short.
BYTES_PER_LITERAL = 20
BYTES_PER_CELL = 250
CELL_LITERALS = 40 + 4 * 17  # a point's degree clauses; a clue's at most eight clauses of four


def estimate(board: Slitherlink) -> Cost:
    """Per cell, its clue's exact count and a lattice point's degree clauses; the lazy
    loop's cuts come on top, each at most a sub-loop's rim long."""
    points = (board.height + 1) * (board.width + 1)
    literals = points * CELL_LITERALS
    clauses = points * 16
    return Cost(literals, clauses, 0, literals * BYTES_PER_LITERAL + points * BYTES_PER_CELL)
