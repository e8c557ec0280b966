"""What a Shakashaka's encoding will cost, bounded from its size before any of it is built."""

from __future__ import annotations

from ...budget import Cost
from .board import Shakashaka

# Peak bytes of one solver child per literal and per cell, as the other kinds measure them
# (benchmarks/README.md), rounded up: every clause here is short.
BYTES_PER_LITERAL = 20
BYTES_PER_CELL = 250
LITERALS_PER_CELL = 16 + 104 + 7 + 40  # its legs, a lattice point's rule, a flag, a number
CLAUSES_PER_CELL = 6 + 26 + 3 + 10


def estimate(board: Shakashaka) -> Cost:
    """Per cell, its six leg clauses, the rule of one lattice point (at most its table's
    clauses of four), a triangle flag and a share of a number's exact count."""
    cells = (board.height + 1) * (board.width + 1)
    literals = cells * LITERALS_PER_CELL
    return Cost(literals, cells * CLAUSES_PER_CELL, 0,
                literals * BYTES_PER_LITERAL + cells * BYTES_PER_CELL)
