"""The units of a Sudoku as cell indices (r * n + c): rows, columns, then boxes or regions.

Built once per shape and cached: a benchmark solves thousands of 9x9 boards that all share
one layout. Only for boards `check.validate` accepts (n regions of n cells, a box of n).
"""

from functools import lru_cache
from typing import NamedTuple

from ...core import Grid
from .board import Sudoku, default_box


class Layout(NamedTuple):
    """Every unit (rows, then columns, then boxes/regions), their names, and each cell's peers."""

    size: int
    units: tuple[tuple[int, ...], ...]
    names: tuple[str, ...]  # "row 3", "column 2", "box 4", "region 7" (1-based, as people say)
    peers: tuple[tuple[int, ...], ...]  # per cell, the other cells of its row, column and unit


def layout(board: Sudoku) -> Layout:
    """The layout of a board's shape (cached per shape)."""
    if board.regions is not None:
        return _layout(board.size, None, board.regions)
    return _layout(board.size, board.box or default_box(board.size), None)


def region_cells(regions: Grid) -> dict[int, list[int]]:
    """Cell indices by region label, labels in increasing order."""
    n = len(regions)
    cells: dict[int, list[int]] = {}
    for r, row in enumerate(regions):
        for c, label in enumerate(row):
            cells.setdefault(label, []).append(r * n + c)
    return dict(sorted(cells.items()))


@lru_cache(maxsize=16)
def _layout(n: int, box: tuple[int, int] | None, regions: Grid | None) -> Layout:
    rows = [tuple(range(r * n, r * n + n)) for r in range(n)]
    cols = [tuple(range(c, n * n, n)) for c in range(n)]
    if regions is not None:
        groups = region_cells(regions)
        blocks = [tuple(cells) for cells in groups.values()]
        block_names = [f"region {label}" for label in groups]
    else:
        height, width = box
        blocks = [
            tuple(r * n + c for r in range(top, top + height) for c in range(left, left + width))
            for top in range(0, n, height)
            for left in range(0, n, width)
        ]
        block_names = [f"box {k}" for k in range(1, len(blocks) + 1)]
    units = tuple(rows + cols + blocks)
    names = tuple(
        [f"row {r}" for r in range(1, n + 1)]
        + [f"column {c}" for c in range(1, n + 1)]
        + block_names
    )
    block_of = [0] * (n * n)
    for k, cells in enumerate(blocks):
        for i in cells:
            block_of[i] = k
    peers = tuple(
        tuple(sorted((set(rows[i // n]) | set(cols[i % n]) | set(blocks[block_of[i]])) - {i}))
        for i in range(n * n)
    )
    return Layout(n, units, names, peers)
