"""A Shakashaka answer in the terminal: black cells, numbers, and the triangles.

A triangle is drawn by its black half: ◤ ◥ ◢ ◣ (right angle north-west, north-east,
south-east, south-west), on the side of its cell where the right angle is, so that two
triangles make a slope; `·` is a cell left white. Full: two columns a cell in a frame;
compact: one column a cell, no frame. In ASCII a cell is always two characters, since
`/` and `\\` alone cannot say which side is black: the slope with `#` on its black side
(`#/` north-west, `\\#` north-east, `/#` south-east, `#\\` south-west), `##` a black cell,
` 2` a number, ` .` a white cell. Colour only adds. A cell where a second answer differs
is drawn hollow (◸ ◹ ◿ ◺, `∘`; in ASCII `*` in place of `#`, `o`), and the legend says so.
"""

from __future__ import annotations

from ...drawing import Drawing, Style, finish
from ...grid.draw import framed
from . import Shakashaka

TRIANGLES = {  # corner -> (Unicode, hollow Unicode, ASCII, ASCII where it differs)
    "nw": ("◤", "◸", "#/", "*/"),
    "ne": ("◥", "◹", "\\#", "\\*"),
    "se": ("◢", "◿", "/#", "/*"),
    "sw": ("◣", "◺", "#\\", "*\\"),
}
LEFT = ("nw", "sw")  # drawn on the cell's left column in the full drawing
BLACK, WHITE, WHITE_DIFFERS = ("█", "##"), ("·", "."), ("∘", "o")
BLACK_STYLE, CLUE_STYLE, TRIANGLE_STYLE = "grey50", "bold white on grey23", "bold"
DIFFERS = "bold magenta"


def _glyph(corner: str | None, differs: bool, style: Style) -> str:
    """A white cell's text, as wide as a cell of this drawing."""
    if corner is None:
        mark = (WHITE_DIFFERS if differs else WHITE)[style.ascii]
        return mark.rjust(1 if style.compact and not style.ascii else 2)
    unicode_, hollow, ascii_, ascii_differs = TRIANGLES[corner]
    if style.ascii:
        return ascii_differs if differs else ascii_
    glyph = hollow if differs else unicode_
    if style.compact:
        return glyph
    return glyph + " " if corner in LEFT else " " + glyph


def draw(board: Shakashaka, answer, other, style: Style) -> Drawing:
    """The board with the answer's triangles, framed, or compact."""
    painted = style.colour and not style.ascii
    width = 2 if style.ascii or not style.compact else 1

    def label(r: int, c: int) -> tuple[str, str]:
        clue = board.clue(r, c)
        if clue is not None:
            return str(clue).rjust(width), CLUE_STYLE if painted else ""
        if not board.is_white(r, c):
            return BLACK[style.ascii] * (width // len(BLACK[style.ascii])), (
                BLACK_STYLE if painted else "")
        differs = other is not None and answer[r][c] != other[r][c]
        paint = DIFFERS if differs else TRIANGLE_STYLE if answer[r][c] else ""
        return _glyph(answer[r][c], differs, style), paint if painted else ""

    text = framed(board.height, board.width, label, width, style)
    legend = ()
    if other is not None:
        mark = "* on the black side" if style.ascii else "a hollow triangle"
        legend = (f"{mark} or {WHITE_DIFFERS[style.ascii]} a white cell where this answer "
                  "differs from solution 1",)
    return Drawing(finish(text), legend)
