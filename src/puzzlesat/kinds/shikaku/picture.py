"""A Shikaku as an SVG picture to share: each rectangle of the answer in its own soft colour.

Touching rectangles never share a colour (the terminal drawing's `region_colours`, a greedy
colouring in smallest-last order that needs at most six of the eight); thick walls run
around every rectangle, thin lines between the cells inside one, and the clues stand bold
in the middle of their cells.
"""

from __future__ import annotations

from ...grid.picture import thin_lines
from ...svg import grid_page, text_width
from .board import Rect, Shikaku
from .draw import region_colours

CELL = 26
CLUE_SIZE = 14
PASTELS = (  # light enough that black clues read on every one
    "#aec7e8",
    "#ffbb78",
    "#98df8a",
    "#ff9896",
    "#c5b0d5",
    "#dbdb8d",
    "#9edae5",
    "#f7b6d2",
)
THIN, WALL = ("#9a9a9a", 0.75), ("#202020", 2.5)


def svg(board: Shikaku, answer) -> str:
    """The clues, and the answer's rectangles filled and walled (None: the empty puzzle)."""
    out, x0, y0 = grid_page(board.width, board.height, CELL, board.title)
    rects: tuple[Rect, ...] = tuple(answer) if answer is not None else ()
    colours = region_colours(board, rects) if rects else []
    for rect, colour in zip(rects, colours):
        fill = PASTELS[colour % len(PASTELS)]
        out.rect(*_box(rect, x0, y0), fill, class_="region")
    thin_lines(out, board.height, board.width, CELL, x0, y0, THIN)
    stroke, wall = WALL
    for rect in rects:
        out.rect(*_box(rect, x0, y0), "none", stroke=stroke, stroke_width=wall)
    out.rect(x0, y0, board.width * CELL, board.height * CELL, "none", stroke=stroke,
             stroke_width=wall)
    for r, c, area in board.clues():
        text = str(area)
        size = min(CLUE_SIZE, CLUE_SIZE * (CELL - 4) / text_width(text, CLUE_SIZE))
        out.text(x0 + (c + 0.5) * CELL, y0 + (r + 0.5) * CELL, text, size, bold=True)
    return out.document()


def _box(rect: Rect, x0: float, y0: float) -> tuple[float, float, float, float]:
    """A rectangle of cells as (x, y, width, height) on the page."""
    return x0 + rect.left * CELL, y0 + rect.top * CELL, rect.width * CELL, rect.height * CELL
