"""What a Masyu's encoding will cost, bounded from its size before any of it is built."""

from __future__ import annotations

from ...budget import Cost
from .board import Masyu

# Peak bytes of one solver child per literal and per cell, as the other kinds measure them
# (benchmarks/README.md), rounded up: every clause here is short.
BYTES_PER_LITERAL = 20
BYTES_PER_CELL = 250
CELL_LITERALS = 40  # degree: four clauses of four, four of three; a circle's dozen more


def estimate(board: Masyu) -> Cost:
    """Per cell its degree and circle clauses; the one-loop rule's cuts are found while
    solving, each at most as long as the board has edges, a few per closed sub-loop."""
    cells = board.height * board.width
    literals = cells * CELL_LITERALS + 2 * cells
    clauses = cells * 12
    return Cost(literals, clauses, 0, literals * BYTES_PER_LITERAL + cells * BYTES_PER_CELL)
