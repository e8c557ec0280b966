"""What a Star Battle's encoding will cost, bounded from its size before any of it is built."""

from __future__ import annotations

from ...budget import Cost
from .board import StarBattle, most_stars

# Peak bytes of one solver child per literal and per cell, as the other kinds measure them
# (benchmarks/README.md), rounded up: every clause here is short.
BYTES_PER_LITERAL = 20
BYTES_PER_CELL = 250


def estimate(board: StarBattle) -> Cost:
    """Per cell: four touching pairs, and in each of its three units a sequential counter's
    share (k helpers, about three clauses of up to three literals each)."""
    h, w = board.height, board.width
    cells = h * w
    k = board.stars or most_stars(max(h, w)) or 1
    clauses = cells * (4 + 3 * 3 * k)
    literals = cells * (8 + 3 * 9 * k)
    return Cost(literals, clauses, 0, literals * BYTES_PER_LITERAL + cells * BYTES_PER_CELL)
