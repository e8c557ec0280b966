"""A Shingoki as an SVG picture to share: the lattice of the board's cells, the answer's
loop along it, and on the points white circles with a dark rim and black circles, each
with its number."""

from __future__ import annotations

from ...grid.cell_path import path_lines
from ...grid.picture import frame, thin_lines
from ...svg import grid_page
from . import WHITE, Shingoki

CELL = 28
RADIUS = CELL * 0.36
INK, PAPER = "#202020", "#ffffff"


def svg(board: Shingoki, answer) -> str:
    """The circles, and the answer's loop (None: the puzzle)."""
    out, x0, y0 = grid_page(board.width + 1, board.height + 1, CELL, board.title)
    x0, y0 = x0 + CELL / 2, y0 + CELL / 2  # the points sit where the cells' corners are
    thin_lines(out, board.height, board.width, CELL, x0, y0)
    frame(out, board.height, board.width, CELL, x0, y0)
    if answer is not None:
        points = board.points()
        path_lines(out, points, points.flat(*answer), CELL, x0 - CELL / 2, y0 - CELL / 2)
    for r, c, colour, number in board.circle_list():
        white = colour == WHITE
        x, y = x0 + c * CELL, y0 + r * CELL
        out.element("circle", cx=x, cy=y, r=RADIUS, fill=PAPER if white else INK, stroke=INK,
                    stroke_width=1.5, class_="white" if white else "black")
        if number is not None:
            out.text(x, y, str(number), 12, INK if white else PAPER, bold=True)
    return out.document()
