"""A Dominosa as an SVG picture to share: the numbers on a grid of thin lines, and each
domino of the answer a rounded ivory tile with a dark rim over its two cells."""

from __future__ import annotations

from ...grid.picture import frame, thin_lines
from ...svg import grid_page
from . import Dominosa

CELL = 24
NUMBER_SIZE = 12
INSET = 2.5
TILE_FILL, TILE_RIM, INK = "#fbf6e9", "#3a3a3a", "#202020"


def svg(board: Dominosa, answer) -> str:
    """The numbers, and the answer's dominoes under them (None: the puzzle)."""
    out, x0, y0 = grid_page(board.width, board.height, CELL, board.title)
    thin_lines(out, board.height, board.width, CELL, x0, y0)
    for (r1, c1), (r2, c2) in answer or ():
        top, left = min(r1, r2), min(c1, c2)
        tall, wide = abs(r1 - r2) + 1, abs(c1 - c2) + 1
        out.element("rect", x=x0 + left * CELL + INSET, y=y0 + top * CELL + INSET,
                    width=wide * CELL - 2 * INSET, height=tall * CELL - 2 * INSET,
                    rx=CELL * 0.2, fill=TILE_FILL, stroke=TILE_RIM, stroke_width=1.5,
                    class_="domino")
    for r, row in enumerate(board.grid):
        for c, v in enumerate(row):
            out.text(x0 + (c + 0.5) * CELL, y0 + (r + 0.5) * CELL, str(v), NUMBER_SIZE, INK,
                     bold=True)
    frame(out, board.height, board.width, CELL, x0, y0)
    return out.document()
