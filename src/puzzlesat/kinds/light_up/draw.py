"""A Light Up answer in the terminal: walls, numbered walls, bulbs and the lit cells.

Full: two columns a cell in a frame (`██` a wall, ` 2` a numbered wall, ` ●` a bulb, ` ·`
a lit cell); compact: one column a cell, no frame. In ASCII `#`, the digit, `O` and `.`.
Colour only adds (walls dark, lit cells yellow); the glyphs alone tell every cell apart.
A cell where a second answer differs is marked, and the legend says how.
"""

from __future__ import annotations

from ...drawing import Drawing, Style, finish
from ...grid.draw import framed
from .board import LightUp

GLYPHS = {  # (wall, bulb, lit, differing bulb, differing empty): Unicode, then ASCII
    False: ("█", "●", "·", "◉", "∘"),
    True: ("#", "O", ".", "@", "o"),
}
WALL_STYLE, CLUE_STYLE = "grey50", "bold white on grey23"
BULB_STYLE, LIT_STYLE = "bold yellow", "yellow"
DIFFERS = "bold magenta"


def draw(board: LightUp, answer, other, style: Style) -> Drawing:
    """The board with the answer's bulbs, framed two columns a cell, or compact."""
    wall, bulb, lit, other_bulb, other_empty = GLYPHS[style.ascii]
    painted = style.colour and not style.ascii
    width = 1 if style.compact else 2

    def label(r: int, c: int) -> tuple[str, str]:
        clue = board.clue(r, c)
        if clue is not None:
            return str(clue).rjust(width), CLUE_STYLE if painted else ""
        if not board.is_white(r, c):
            return wall * width, WALL_STYLE if painted else ""
        on = bool(answer[r][c])
        if other is not None and on != bool(other[r][c]):
            return (other_bulb if on else other_empty).rjust(width), DIFFERS if painted else ""
        glyph, paint = (bulb, BULB_STYLE) if on else (lit, LIT_STYLE)
        return glyph.rjust(width), paint if painted else ""

    text = framed(board.height, board.width, label, width, style)
    legend = ()
    if other is not None:
        legend = (f"{other_bulb} a bulb and {other_empty} an empty cell where this answer "
                  "differs from solution 1",)
    return Drawing(finish(text), legend)
