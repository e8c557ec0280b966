"""What a Binairo's encoding will cost, bounded from its size before any of it is built."""

from __future__ import annotations

from ...budget import Cost
from .board import Binairo

# Peak bytes of one solver child per literal and per cell, as the other kinds measure them
# (benchmarks/README.md), rounded up: every clause here is short.
BYTES_PER_LITERAL = 20
BYTES_PER_CELL = 250


def estimate(board: Binairo) -> Cost:
    """Per cell: two triples each way (six literals), its share of two native counts (four
    literals), and for each other row and column it is compared with, a difference helper
    of two clauses (six literals) and one literal of that pair's clause."""
    h, w = board.height, board.width
    cells = h * w
    pairs = cells * (h + w) if board.distinct_lines else 0
    literals = cells * (2 * 2 * 3 + 4) + pairs * 7
    clauses = cells * 4 + pairs * 2
    return Cost(literals, clauses, 0, literals * BYTES_PER_LITERAL + cells * BYTES_PER_CELL)
