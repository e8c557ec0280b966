"""One terminal drawing of a grid of glyphs inside its walls, for every grid game.

A kind gives a label per cell (its text, as wide as a cell, and a rich style) and the
`Walls` between its units (boxes, regions, rectangles; only the frame for a game without
regions). The walls are box drawing, light or heavy, or `+-|` in ASCII; a slot for a wall
is made only along a boundary that has one (or along every boundary, if the Walls say so),
so a game without regions is its cells in a frame. A loop on the lattice of cell corners
(Slitherlink's) is drawn in the same slots (`lattice_loop`). Colour only adds: the
glyphs alone tell things apart.
Never cropped: lines are as long as the board needs.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from ..drawing import Style, picture_text
from .geometry import Walls
from .looks import CROSSED

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


WallLabel = Callable[[int, int], "tuple[str, str] | None"]  # (row, column) -> text, style


def walled(
    walls: Walls, label: Label, cell_width: int, style: Style, heavy: bool = False,
    on_wall: WallLabel | None = None,
) -> Text:
    """Every cell's label inside the walls: a line of corners and walls above each row that
    has a wall slot, a wall slot before each column that has one. Labels are `cell_width`
    columns. `on_wall(r, c)`, where given, is text written into the wall above that cell
    (a Killer Sudoku cage's sum on its top wall), at most `cell_width` columns."""
    vertical, horizontal = wall_glyphs(style.ascii, heavy)
    text = picture_text()
    for a in range(walls.height + 1):
        if walls.rows[a]:
            for b in range(walls.width + 1):
                if walls.cols[b]:
                    text.append(corner(*walls.corner(a, b), style.ascii, heavy))
                if b < walls.width:
                    glyph = horizontal if walls.horizontal(a, b) else " "
                    said = on_wall(a, b) if on_wall and a < walls.height else None
                    if said:
                        text.append(*said)
                    text.append(glyph * (cell_width - len(said[0] if said else "")))
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


# A loop edge's state in a drawing: off, on, and where a second answer differs, on here
# (off there) or off here (on there); a hint's edge its step crosses out. The glyphs alone
# tell them apart.
OFF, ON, ON_DIFFERS, OFF_DIFFERS, CROSSED_OUT = range(5)
_EDGE_GLYPHS = {  # (horizontal, vertical) per state: Unicode, then ASCII
    False: ((" ", " "), ("─", "│"), ("━", "┃"), ("┄", "┆"), (CROSSED[0],) * 2),
    True: ((" ", " "), ("-", "|"), ("=", "!"), (".", ":"), (CROSSED[1],) * 2),
}
EdgeLook = Callable[[int, int], tuple[int, str]]  # (line, column) -> (state, rich style)


def edge_glyphs(ascii: bool) -> tuple[tuple[str, str], ...]:
    """(horizontal, vertical) glyph of each edge state (OFF, ON, ON_DIFFERS, OFF_DIFFERS)."""
    return _EDGE_GLYPHS[ascii]


def lattice_loop(
    height: int, width: int, across: EdgeLook, down: EdgeLook, label: Label,
    cell_width: int, style: Style, dot: str = "·",
) -> Text:
    """A loop on the lattice of cell corners: each point the box-drawing corner its loop
    edges make (a dot where none meets it), each edge a line or blank (`across(a, c)`: the
    edge above row a of column c; `down(r, b)`: left of column b in row r), each cell's
    label between. Never cropped: a line is as long as the board."""
    glyphs = edge_glyphs(style.ascii)
    text = picture_text()

    def on(state: int) -> bool:
        return state in (ON, ON_DIFFERS)

    for a in range(height + 1):
        for b in range(width + 1):
            looks = (
                down(a - 1, b) if a > 0 else (OFF, ""), down(a, b) if a < height else (OFF, ""),
                across(a, b - 1) if b > 0 else (OFF, ""), across(a, b) if b < width else (OFF, ""),
            )
            arms = tuple(on(state) for state, _ in looks)
            if any(arms):  # painted as its first arm is
                paint = next(paint for (state, paint) in looks if on(state))
                text.append(corner(*arms, style.ascii), paint)
            else:
                text.append("." if style.ascii else dot)
            if b < width:
                state, paint = across(a, b)
                text.append(glyphs[state][0].center(cell_width) if state == CROSSED_OUT
                            else glyphs[state][0] * cell_width, paint)
        text.append("\n")
        if a == height:
            break
        for b in range(width + 1):
            state, paint = down(a, b)
            text.append(glyphs[state][1], paint)
            if b < width:
                text.append(*label(a, b))
        text.append("\n")
    return text


def framed(height: int, width: int, label: Label, cell_width: int, style: Style) -> Text:
    """A game without regions: its cells in a frame, or side by side in the compact
    drawing."""
    if style.compact:
        return plain_grid(height, width, label)
    return walled(Walls.frame(height, width), label, cell_width, style)
