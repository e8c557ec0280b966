"""A Binairo answer in the terminal: every cell a 0 or a 1, the givens told from the rest.

Full: two columns a cell in a frame; compact: one column a cell, no frame. A 0 is `○` and
a 1 is `●` (in ASCII the digits themselves), so the glyphs alone tell 0 from 1; the givens
are bold and the digits found dim (colour only adds). A cell where a second answer differs
is marked (`◎` a 0, `◉` a 1; in ASCII `o` and `i`), and the legend says how.
"""

from __future__ import annotations

from ...drawing import Drawing, Style, finish
from ...grid.draw import framed
from .board import Binairo

GLYPHS = {  # (0, 1, differing 0, differing 1): Unicode, then ASCII
    False: ("○", "●", "◎", "◉"),
    True: ("0", "1", "o", "i"),
}
GIVEN_STYLE, FOUND_STYLE, DIFFERS = "bold", "dim", "bold magenta"


def draw(board: Binairo, answer, other, style: Style) -> Drawing:
    """The answer's digits, framed two columns a cell, or compact."""
    zero, one, other_zero, other_one = GLYPHS[style.ascii]
    painted = style.colour and not style.ascii
    width = 1 if style.compact else 2

    def label(r: int, c: int) -> tuple[str, str]:
        v = answer[r][c]
        if other is not None and v != other[r][c]:
            return (other_one if v else other_zero).rjust(width), DIFFERS if painted else ""
        paint = GIVEN_STYLE if board.grid[r][c] is not None else FOUND_STYLE
        return (one if v else zero).rjust(width), paint if painted else ""

    text = framed(board.height, board.width, label, width, style)
    legend = ()
    if other is not None:
        legend = (f"{other_zero} a 0 and {other_one} a 1 where this answer differs from "
                  "solution 1",)
    return Drawing(finish(text), legend)
