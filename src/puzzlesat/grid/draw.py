"""One terminal drawing of a grid of glyphs inside its walls, for every grid game.

A kind gives a label per cell (its text, as wide as a cell, and a rich style) and the
`Walls` between its units (boxes, regions, rectangles; only the frame for a game without
regions). The walls are box drawing, light or heavy, or `+-|` in ASCII; a slot for a wall
is made only along a boundary that has one (or along every boundary, if the Walls say so),
so a game without regions is its cells in a frame. The slots between cells are also where
a loop game's edges will be drawn. Colour only adds: the glyphs alone tell things apart.
Never cropped: lines are as long as the board needs.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from ..drawing import Style, picture_text
from .geometry import Walls

Label = Callable[[int, int], tuple[str, str]]  # (row, column) -> (text, rich style)

_ARMS = (  # (up, down, left, right) of each glyph, light then heavy
    ((0, 0, 0, 0), " ", " "),
    ((1, 1, 0, 0), "│", "┃"),
    ((0, 0, 1, 1), "─", "━"),
    ((0, 1, 0, 1), "┌", "┏"),
    ((0, 1, 1, 0), "┐", "┓"),
    ((1, 0, 0, 1), "└", "┗"),
    ((1, 0, 1, 0), "┘", "┛"),
    ((1, 1, 0, 1), "├", "┣"),
    ((1, 1, 1, 0), "┤", "┫"),
    ((0, 1, 1, 1), "┬", "┳"),
    ((1, 0, 1, 1), "┴", "┻"),
    ((1, 1, 1, 1), "┼", "╋"),
    ((1, 0, 0, 0), "╵", "╹"),
    ((0, 1, 0, 0), "╷", "╻"),
    ((0, 0, 1, 0), "╴", "╸"),
    ((0, 0, 0, 1), "╶", "╺"),
)
LIGHT = {arms: light for arms, light, _ in _ARMS}
HEAVY = {arms: heavy for arms, _, heavy in _ARMS}


def corner(up: bool, down: bool, left: bool, right: bool, ascii: bool, heavy: bool = False) -> str:
    """The glyph where walls meet: box drawing, or `+`, `|`, `-` in ASCII."""
    if ascii:
        if up or down:
            return "+" if left or right else "|"
        return "-" if left or right else " "
    return (HEAVY if heavy else LIGHT)[int(up), int(down), int(left), int(right)]


def wall_glyphs(ascii: bool, heavy: bool = False) -> tuple[str, str]:
    """(vertical, horizontal) wall glyphs."""
    if ascii:
        return "|", "-"
    return ("┃", "━") if heavy else ("│", "─")


def walled(
    walls: Walls, label: Label, cell_width: int, style: Style, heavy: bool = False
) -> Text:
    """Every cell's label inside the walls: a line of corners and walls above each row that
    has a wall slot, a wall slot before each column that has one. Labels are `cell_width`
    columns."""
    vertical, horizontal = wall_glyphs(style.ascii, heavy)
    text = picture_text()
    for a in range(walls.height + 1):
        if walls.rows[a]:
            for b in range(walls.width + 1):
                if walls.cols[b]:
                    text.append(corner(*walls.corner(a, b), style.ascii, heavy))
                if b < walls.width:
                    text.append((horizontal if walls.horizontal(a, b) else " ") * cell_width)
            text.append("\n")
        if a == walls.height:
            break
        for b in range(walls.width + 1):
            if walls.cols[b]:
                text.append(vertical if walls.vertical(a, b) else " ")
            if b < walls.width:
                text.append(*label(a, b))
        text.append("\n")
    return text


def plain_grid(height: int, width: int, label: Label) -> Text:
    """The compact drawing's shape: labels side by side, a line a row, no walls."""
    text = picture_text()
    for r in range(height):
        for c in range(width):
            text.append(*label(r, c))
        text.append("\n")
    return text
