"""A Masyu answer in the terminal: the loop through the cell centres, and the circles.

The loop is the grid toolkit's cell path (grid/cell_path.py): box-drawing lines, two columns
a cell in a frame, or one a cell compact; `-|+` in ASCII. A white circle is `○` (`o`), a
black one `●` (`*`), the loop passing through them. Colour only adds; the glyphs alone tell
every cell apart. A cell where a second answer's loop differs is drawn heavy (`=!#` in
ASCII; `◎`/`◉`, `O`/`@` on a circle), and the legend says so.
"""

from __future__ import annotations

from ...drawing import Drawing, Style, finish
from ...grid.cell_path import EdgeGrid, path_drawing
from ...grid.looks import framed_legend
from . import WHITE, Masyu

CIRCLE_GLYPHS = {  # (white, black, white differing, black differing): Unicode, ASCII
    False: ("○", "●", "◎", "◉"),
    True: ("o", "*", "O", "@"),
}
CIRCLE_STYLE = "bold"  # the theme's own ink: a circle reads on any background


def draw(board: Masyu, answer, other, style: Style) -> Drawing:
    """The board with the answer's loop, framed two columns a cell, or compact."""
    edges = EdgeGrid(board.height, board.width)
    on = edges.flat(*answer)
    off = edges.flat(*other) if other is not None else None
    white, black, other_white, other_black = CIRCLE_GLYPHS[style.ascii]

    def glyph(r: int, c: int, arms) -> str | None:
        ch = board.cells[r][c]
        if ch == ".":
            return None
        changed = off is not None and any(
            e is not None and on[e] != off[e] for e in edges.arms(r, c))
        if ch == WHITE:
            return other_white if changed else white
        return other_black if changed else black

    text = path_drawing(edges, on, glyph, style, off,
                        paint=lambda r, c: CIRCLE_STYLE if board.cells[r][c] != "." else "")
    legend = framed_legend(style)  # a hint's marks
    if other is not None:
        mark = "=!#" if style.ascii else "heavy lines"
        circles = f" (circles {other_white} {other_black})" if board.circles() else ""
        legend += (f"{mark}{circles} where this answer's loop differs from solution 1",)
    return Drawing(finish(text), legend)
