"""A Shakashaka as an SVG picture to share: black cells (numbered ones with a white digit)
and each triangle a black right triangle over its half of the cell."""

from __future__ import annotations

from ...grid.picture import frame, thin_lines
from ...svg import grid_page
from . import Shakashaka

CELL = 24
CLUE_SIZE = 14
BLACK_FILL = "#202020"
# The triangle's three corners by its right angle, in cell units from the top-left.
POINTS = {
    "nw": ((0, 0), (1, 0), (0, 1)), "ne": ((0, 0), (1, 0), (1, 1)),
    "se": ((1, 0), (1, 1), (0, 1)), "sw": ((0, 0), (1, 1), (0, 1)),
}


def svg(board: Shakashaka, answer) -> str:
    """The black cells and numbers, and the answer's triangles (None: the puzzle)."""
    out, x0, y0 = grid_page(board.width, board.height, CELL, board.title)
    for r in range(board.height):
        for c in range(board.width):
            if not board.is_white(r, c):
                out.rect(x0 + c * CELL, y0 + r * CELL, CELL, CELL, BLACK_FILL, class_="black")
    thin_lines(out, board.height, board.width, CELL, x0, y0)
    for r, row in enumerate(answer or ()):
        for c, corner in enumerate(row):
            if corner is not None:
                points = " ".join(
                    f"{x0 + (c + x) * CELL:g},{y0 + (r + y) * CELL:g}" for x, y in POINTS[corner]
                )
                out.element("polygon", points=points, fill=BLACK_FILL, class_="triangle")
    for r, c, k in board.clues():
        out.text(x0 + (c + 0.5) * CELL, y0 + (r + 0.5) * CELL, str(k), CLUE_SIZE, "#ffffff",
                 bold=True)
    frame(out, board.height, board.width, CELL, x0, y0)
    return out.document()
