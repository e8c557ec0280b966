"""A Shingoki answer in the terminal: the loop through the lattice points, and the circles
with their numbers on it.

The loop is the grid toolkit's cell path over the points (grid/cell_path.py), each point
as wide as the longest circle: `○3` a white circle, `●12` a black one (`o3`, `*12` in
ASCII), the line carried on to the right. Colour only adds; a point where a second
answer's loop differs is drawn heavy (`=!#` in ASCII; circles `◎`/`◉`, `O`/`@`), and the
legend says so.
"""

from __future__ import annotations

from ...drawing import Drawing, Style, finish
from ...grid.cell_path import path_drawing
from ...grid.looks import framed_legend
from . import WHITE, Shingoki

CIRCLE_GLYPHS = {  # (white, black, white differing, black differing): Unicode, ASCII
    False: ("○", "●", "◎", "◉"),
    True: ("o", "*", "O", "@"),
}
CIRCLE_STYLE = "bold"  # the theme's own ink: a circle reads on any background


def draw(board: Shingoki, answer, other, style: Style) -> Drawing:
    """The board with the answer's loop, framed, or compact."""
    points = board.points()
    on = points.flat(*answer)
    off = points.flat(*other) if other is not None else None
    white, black, other_white, other_black = CIRCLE_GLYPHS[style.ascii]
    span = 1 + max((len(text) - 1 for row in board.circles for text in row if text), default=0)

    def glyph(r: int, c: int, arms) -> str | None:
        text = board.circles[r][c]
        if not text:
            return None
        changed = off is not None and any(
            e is not None and on[e] != off[e] for e in points.arms(r, c))
        if text[0] == WHITE:
            return (other_white if changed else white) + text[1:]
        return (other_black if changed else black) + text[1:]

    drawn = path_drawing(points, on, glyph, style, off, span=span,
                         paint=lambda r, c: CIRCLE_STYLE if board.circles[r][c] else "")
    legend = framed_legend(style)  # a hint's marks
    if other is not None:
        mark = "=!#" if style.ascii else "heavy lines"
        circles = f" (circles {other_white} {other_black})" if board.circle_list() else ""
        legend += (f"{mark}{circles} where this answer's loop differs from solution 1",)
    return Drawing(finish(drawn), legend)
