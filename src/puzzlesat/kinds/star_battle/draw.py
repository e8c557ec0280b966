"""A Star Battle answer in the terminal: its regions walled in, its stars.

Full: two columns a cell inside the region borders (` ★` a star, ` ·` an empty cell);
compact: one column a cell, the borders still drawn (without them the answer says nothing).
In ASCII `*` and `.`, the borders `+-|`. Colour only adds (stars yellow); the glyphs alone
tell every cell apart. A cell where a second answer differs is marked, and the legend says
how.
"""

from __future__ import annotations

from ...drawing import Drawing, Style, finish
from ...grid.draw import walled
from ...grid.geometry import Walls
from .board import StarBattle

GLYPHS = {  # (star, empty, differing star, differing empty): Unicode, then ASCII
    False: ("★", "·", "✪", "∘"),
    True: ("*", ".", "@", "o"),
}
STAR_STYLE, EMPTY_STYLE, DIFFERS = "bold yellow", "grey50", "bold magenta"


def draw(board: StarBattle, answer, other, style: Style) -> Drawing:
    """The regions with the answer's stars, two columns a cell, or one when compact."""
    star, empty, other_star, other_empty = GLYPHS[style.ascii]
    painted = style.colour and not style.ascii
    width = 1 if style.compact else 2

    def label(r: int, c: int) -> tuple[str, str]:
        on = bool(answer[r][c])
        if other is not None and on != bool(other[r][c]):
            return (other_star if on else other_empty).rjust(width), DIFFERS if painted else ""
        glyph, paint = (star, STAR_STYLE) if on else (empty, EMPTY_STYLE)
        return glyph.rjust(width), paint if painted else ""

    text = walled(Walls(board.regions), label, width, style)
    legend = ()
    if other is not None:
        legend = (f"{other_star} a star and {other_empty} an empty cell where this answer "
                  "differs from solution 1",)
    return Drawing(finish(text), legend)
