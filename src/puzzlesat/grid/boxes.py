"""The boxes of the Sudoku family: the usual box of each size, and each cell's box. Sudoku
(kinds/sudoku) and Killer Sudoku read them here, so that a Killer Sudoku page never
imports Sudoku's kind and its engine."""

from __future__ import annotations

from math import isqrt

from ..core import ParseError

BOXES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4), 25: (5, 5)}


def default_box(size: int) -> tuple[int, int]:
    """The usual box of a size: 3x3 for 9, 3 rows x 4 columns for 12, 4x4 for 16."""
    if size in BOXES:
        return BOXES[size]
    root = isqrt(size)
    if root * root == size:
        return root, root
    raise ParseError(f'a {size}x{size} Sudoku has no usual box shape; give "box" or "regions"')


def box_ids(size: int, box: tuple[int, int]) -> list[list[tuple[int, int]]]:
    """Each cell's box of a size x size grid, as (band, stack): boxes of `box` (rows,
    columns)."""
    rows, cols = box
    return [[(r // rows, c // cols) for c in range(size)] for r in range(size)]
