"""A Masyu as an SVG picture to share: the loop as a line through the cell centres, over
it white circles with a dark rim and black circles."""

from __future__ import annotations

from ...grid.cell_path import EdgeGrid, path_lines
from ...grid.picture import frame, thin_lines
from ...svg import grid_page
from . import WHITE, Masyu

CELL = 24
RADIUS = CELL * 0.34
INK = "#202020"


def svg(board: Masyu, answer) -> str:
    """The circles, and the answer's loop (None: the puzzle)."""
    out, x0, y0 = grid_page(board.width, board.height, CELL, board.title)
    thin_lines(out, board.height, board.width, CELL, x0, y0)
    if answer is not None:
        edges = EdgeGrid(board.height, board.width)
        path_lines(out, edges, edges.flat(*answer), CELL, x0, y0)
    for r, c, ch in board.circles():
        white = ch == WHITE
        out.element("circle", cx=x0 + (c + 0.5) * CELL, cy=y0 + (r + 0.5) * CELL, r=RADIUS,
                    fill="#ffffff" if white else INK, stroke=INK, stroke_width=1.5,
                    class_="white" if white else "black")
    frame(out, board.height, board.width, CELL, x0, y0)
    return out.document()
