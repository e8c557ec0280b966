"""The Dominosa rules, checked from the grid alone: no SAT."""

from __future__ import annotations

from collections import Counter

from ...core import InvalidPuzzle
from .board import Dominosa, shape_fault


def validate(board: Dominosa) -> None:
    """Refuse boards no double-n set can cover: not its size, a number above n, or a number
    seen other than n+2 times (each number lies on n+1 dominoes, twice on its double)."""
    fault = shape_fault(board.grid)
    if fault is not None:
        raise InvalidPuzzle(f"this Dominosa board cannot be covered: {fault}")
    n = board.top
    counts = Counter(v for row in board.grid for v in row)
    off = next((v for v in range(n + 1) if counts[v] != n + 2), None)
    if off is not None:
        raise InvalidPuzzle(
            f"this Dominosa board cannot be covered: {off} appears {counts[off]} times; in a "
            f"double-{n} set every number appears {n + 2} times"
        )


def is_solution(board: Dominosa, answer) -> bool:
    """Dominoes of two neighbouring cells on the board, every cell under exactly one, and
    no two showing the same pair of numbers (so, as many as cells/2, the whole set)."""
    h, w = board.height, board.width
    covered: set[tuple[int, int]] = set()
    shown: set[tuple[int, int]] = set()
    for domino in answer:
        if len(domino) != 2:
            return False
        (r1, c1), (r2, c2) = domino
        if abs(r1 - r2) + abs(c1 - c2) != 1:
            return False
        if not all(0 <= r < h and 0 <= c < w for r, c in domino):
            return False
        covered.update(domino)
        x, y = board.grid[r1][c1], board.grid[r2][c2]
        shown.add((min(x, y), max(x, y)))
    n = len(answer)
    return len(covered) == 2 * n == h * w and len(shown) == n
