"""A Galaxies answer in the terminal: the walls between galaxies, and each centre where it
sits, on a cell, an edge or a corner.

The picture is the doubled grid: a character a cell and one for each wall and corner
between, so that a centre on an edge or a corner has its own place (`●`, `o` in ASCII;
walls `│ ─` and their corners, `| - +`). Compact is the same: it is as narrow as a
drawing of the walls can be. Colour only adds; a cell a second answer puts in another
galaxy is marked `▒` (`%` in ASCII) in the differing colour, and the legend says so.
"""

from __future__ import annotations

from ...drawing import DIFFERS, GOLD, Drawing, Style, finish, picture_text
from ...grid.draw import corner, wall_glyphs
from ...grid.geometry import Walls
from ...grid.looks import UsedMarks
from . import Answer, Galaxies

CENTRE = {False: "●", True: "o"}
MOVED = {False: "▒", True: "%"}


def draw(board: Galaxies, answer: Answer, other: Answer | None, style: Style) -> Drawing:
    """The galaxies' walls and the centres, a character a cell and a wall; a hint's cells
    its rules speak of marked where the cell is blank (grid.looks.UsedMarks)."""
    painted = style.colour and not style.ascii
    walls = Walls(answer, every_boundary=True)
    vertical, horizontal = wall_glyphs(style.ascii)
    centres = set(board.centres())
    centre = CENTRE[style.ascii], f"bold {GOLD}" if painted else ""

    def cell(r: int, c: int) -> tuple[str, str]:
        if (2 * r, 2 * c) in centres:
            return centre
        if other is not None and other[r][c] != answer[r][c]:
            return MOVED[style.ascii], DIFFERS if painted else ""
        return " ", ""

    marked = UsedMarks(cell, style)
    text = picture_text()
    for a in range(2 * board.height + 1):
        for b in range(2 * board.width + 1):
            if a % 2 and b % 2:
                text.append(*marked(a // 2, b // 2))
            elif (a - 1, b - 1) in centres:
                text.append(*centre)
            elif a % 2 == 0 and b % 2 == 0:
                text.append(corner(*walls.corner(a // 2, b // 2), style.ascii))
            elif a % 2 == 0:
                text.append(horizontal if walls.horizontal(a // 2, b // 2) else " ")
            else:
                text.append(vertical if walls.vertical(a // 2, b // 2) else " ")
        text.append("\n")
    legend = marked.legend()
    if other is not None:
        legend += (f"{MOVED[style.ascii]} where this answer's galaxies differ from solution 1",)
    return Drawing(finish(text), legend)
