"""Tatham's Rectangles (Shikaku; rect.c), `W[xH][eFLOAT][a]:desc`:

Row-major cells: `a`-`z` are runs of 1-26 empty cells, a number (first digit 1-9) is a
clue, `_` only parts two adjacent numbers. The `e`/`a` generator options are ignored.
Written without them: runs over 26 as `z` and the rest, `_` between adjacent numbers only.
"""

from __future__ import annotations

from ...kinds.shikaku.board import Shikaku
from ...letter_runs import encode_cells
from .common import cells_of, grid_of, refuse


def read_rectangles(width: int, height: int, desc: str, source: str = "") -> Shikaku:
    """A Rectangles description (after `WxH:`) as a Shikaku grid."""
    cells = cells_of(desc, width * height, "Rectangles")
    return Shikaku(grid=grid_of(cells, width), source=source)


def write_rectangles(board: Shikaku) -> str:
    if board.width * board.height < 2:
        raise refuse("Tatham's Rectangles needs a grid of at least two squares")
    if any(len(row) != board.width for row in board.grid):
        raise refuse("a Rectangles ID holds a grid of rows of one length")
    if any(v < 0 for row in board.grid for v in row):
        raise refuse("a Rectangles ID holds areas of 1 or more (0 for an empty cell)")
    cells = [v for row in board.grid for v in row]
    return f"{board.width}x{board.height}:{encode_cells(cells)}\n"

