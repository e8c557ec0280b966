"""What a Light Up's encoding will cost, bounded from its size before any of it is built."""

from __future__ import annotations

from ...budget import Cost
from .board import LightUp

# Peak bytes of one solver child per literal and per cell, as the other kinds measure them
# (benchmarks/README.md), rounded up: every clause here is short.
BYTES_PER_LITERAL = 20
BYTES_PER_CELL = 250
CLUE_LITERALS = 64  # exactly k of four neighbours, with no helper: at most 16 clauses of 4


def estimate(board: LightUp) -> Cost:
    """Per white cell, its lighting clause (at most a row and a column long) and at most
    two at-most-one counters of three clauses; per clue its small exact count."""
    h, w = board.height, board.width
    cells = h * w
    literals = cells * (h + w + 12) + CLUE_LITERALS * cells
    clauses = cells * 8
    return Cost(literals, clauses, 0, literals * BYTES_PER_LITERAL + cells * BYTES_PER_CELL)
