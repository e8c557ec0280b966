"""A Light Up as an SVG picture to share: black walls (numbered ones with a white digit),
the lit cells pale yellow, each bulb a yellow disc with a dark rim."""

from __future__ import annotations

from ...grid.picture import frame, thin_lines
from ...svg import grid_page
from .board import LightUp

CELL = 24
CLUE_SIZE = 14
WALL_FILL, LIT_FILL, BULB_FILL, BULB_RIM = "#202020", "#fff3b0", "#ffd21f", "#5a4a00"


def svg(board: LightUp, answer) -> str:
    """The walls and numbers, and the answer's bulbs and lit cells (None: the puzzle)."""
    out, x0, y0 = grid_page(board.width, board.height, CELL, board.title)
    for r in range(board.height):
        for c in range(board.width):
            x, y = x0 + c * CELL, y0 + r * CELL
            if not board.is_white(r, c):
                out.rect(x, y, CELL, CELL, WALL_FILL, class_="wall")
            elif answer is not None:
                out.rect(x, y, CELL, CELL, LIT_FILL, class_="lit")
    thin_lines(out, board.height, board.width, CELL, x0, y0)
    for r, c, k in board.clues():
        out.text(x0 + (c + 0.5) * CELL, y0 + (r + 0.5) * CELL, str(k), CLUE_SIZE, "#ffffff",
                 bold=True)
    if answer is not None:
        for r, row in enumerate(answer):
            for c, on in enumerate(row):
                if on:
                    out.element("circle", cx=x0 + (c + 0.5) * CELL, cy=y0 + (r + 0.5) * CELL,
                                r=CELL * 0.32, fill=BULB_FILL, stroke=BULB_RIM,
                                stroke_width=1.5, class_="bulb")
    frame(out, board.height, board.width, CELL, x0, y0)
    return out.document()
