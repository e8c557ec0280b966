"""A Slitherlink as an SVG picture to share: a dot at every lattice point, the clues in
their cells, and the answer's loop as one thick line along the lattice."""

from __future__ import annotations

from ...grid.cell_path import EdgeGrid, path_lines
from ...svg import grid_page
from . import Slitherlink

CELL = 24
CLUE_SIZE = 14
DOT, LOOP = "#404040", "#1f5fbf"


def svg(board: Slitherlink, answer) -> str:
    """The dots and clues, and the answer's loop edges (None: the puzzle alone)."""
    out, x0, y0 = grid_page(board.width, board.height, CELL, board.title)
    for r, c, k in board.givens():
        out.text(x0 + (c + 0.5) * CELL, y0 + (r + 0.5) * CELL, str(k), CLUE_SIZE, "#000000",
                 bold=True)
    if answer is not None:  # the lattice's points are a path's "cell centres" half a cell up-left
        lattice = EdgeGrid(board.height + 1, board.width + 1)
        path_lines(out, lattice, lattice.flat(*answer), CELL, x0 - CELL / 2, y0 - CELL / 2,
                   LOOP, 3.5)
    for a in range(board.height + 1):
        for b in range(board.width + 1):
            out.element("circle", cx=x0 + b * CELL, cy=y0 + a * CELL, r=2, fill=DOT,
                        class_="dot")
    return out.document()
