"""What a Shikaku's encoding will cost, bounded from its clues before any of it is built.

A clue of area 1000 can have thousands of rectangles of 1000 cells each, so a board well under
the cell cap can still need gigabytes. Candidates and their cells are counted by arithmetic,
without making a single rectangle.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from math import isqrt

from ...budget import Cost
from ...core import as_grid
from .board import Shikaku

# Peak bytes of one solver child, measured on real and generated encodings and rounded up
# (benchmarks/README.md): long clauses and at-most-one constraints per literal, a Rect and
# its variable per candidate, a clause and a constraint per cell.
BYTES_PER_LITERAL = 20
BYTES_PER_CANDIDATE = 300
BYTES_PER_CELL = 250


@lru_cache(maxsize=4096)
def _shapes(area: int) -> tuple[tuple[int, int], ...]:
    """Every (height, width) of a rectangle of this area."""
    out = []
    for d in range(1, isqrt(area) + 1):
        if area % d == 0:
            out.append((d, area // d))
            if d * d != area:
                out.append((area // d, d))
    return tuple(out)


def _neighbours(positions: list[int], at: int, end: int) -> tuple[int, int]:
    """The clue positions just before and after `at` in a sorted list (-1 / end if none)."""
    i = bisect_left(positions, at)
    before = positions[i - 1] if i else -1
    after = positions[i + 1] if i + 1 < len(positions) else end
    return before, after


def estimate(board: Shikaku) -> Cost:
    """Candidates and their cells by arithmetic: a candidate of a clue holds the clue's row
    and column, so it lies strictly between the nearest other clues along both.

    The encoding holds every candidate in its clue's clause and in each cell's clause, and
    again as at-most-one constraints: 2 x (candidates + their areas) literals.
    """
    h, w = board.height, board.width
    clues = board.clues()
    ragged = any(len(row) != w for row in board.grid)
    if ragged or any(v < 0 for _, _, v in clues) or sum(v for _, _, v in clues) != h * w:
        return Cost(0, 0)  # validate refuses it next, before building anything
    in_row: list[list[int]] = [[] for _ in range(h)]
    in_col: list[list[int]] = [[] for _ in range(w)]
    for r, c, _ in clues:
        in_row[r].append(c)  # clues come in reading order: both lists are sorted
        in_col[c].append(r)
    count = cells = 0
    for r, c, area in clues:
        west, east = _neighbours(in_row[r], c, w)
        north, south = _neighbours(in_col[c], r, h)
        for rh, rw in _shapes(area):
            tops = min(r, south - rh) - max(north + 1, r - rh + 1) + 1
            lefts = min(c, east - rw) - max(west + 1, c - rw + 1) + 1
            if tops > 0 and lefts > 0:
                count += tops * lefts
                cells += tops * lefts * area
    literals = 2 * (count + cells)
    size = (
        literals * BYTES_PER_LITERAL + count * BYTES_PER_CANDIDATE + h * w * BYTES_PER_CELL
    )
    return Cost(literals, 2 * (len(clues) + h * w), count, size)


def stress(height: int, width: int) -> Shikaku:
    """A clue of 4 every fourth cell in reading order (each may take a 1x4, a 2x2 or a 4x1
    around it), the last clue the rest: many candidates a clue."""
    cells = [0] * (height * width)
    spots = range(0, len(cells) - 3, 4)
    for i in spots:
        cells[i] = 4
    cells[spots[-1]] += len(cells) - 4 * len(spots)
    return Shikaku(as_grid([cells[r * width : (r + 1) * width] for r in range(height)]))
