"""A Galaxies as an SVG picture to share: the grid, the answer's galaxies walled off
(None: the puzzle alone), and every centre as a ring where it sits."""

from __future__ import annotations

from ...grid.geometry import Walls
from ...grid.picture import frame, thin_lines
from ...svg import grid_page
from . import Answer, Galaxies

CELL = 24
INK = "#202020"


def svg(board: Galaxies, answer: Answer | None) -> str:
    """The centres, and the walls between the answer's galaxies."""
    out, x0, y0 = grid_page(board.width, board.height, CELL, board.title)
    thin_lines(out, board.height, board.width, CELL, x0, y0)
    if answer is not None:
        walls = Walls(answer)
        for r in range(board.height):
            for c in range(board.width):
                x, y = x0 + c * CELL, y0 + r * CELL
                if r and walls.horizontal(r, c):
                    out.line(x, y, x + CELL, y, INK, 3, class_="wall")
                if c and walls.vertical(r, c):
                    out.line(x, y, x, y + CELL, INK, 3, class_="wall")
    frame(out, board.height, board.width, CELL, x0, y0)
    for i, j in board.centres():
        out.element("circle", cx=x0 + (j + 1) * CELL / 2, cy=y0 + (i + 1) * CELL / 2,
                    r=CELL * 0.2, fill="#ffffff", stroke=INK, stroke_width=2, class_="centre")
    return out.document()
