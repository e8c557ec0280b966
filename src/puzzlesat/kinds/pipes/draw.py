"""A Pipes answer in the terminal: each tile turned as the answer says, its arms as
box-drawing lines (`╶` an end, `│`, `┌`, `┬`, `┼`; `-`, `|`, `+` in ASCII, an end `>`,
`^`, `<`, `v`), carried on between tiles so that the network reads as one.

Full: a tile and a gap, across and down; compact: the tiles alone. On a board that wraps
the arms at the edge run off it. Colour only adds; a tile a second answer turns otherwise
is drawn heavy (`#` in ASCII's ends and crossings; `=`, `!` its straight arms) in the
differing colour, and the legend says so.
"""

from __future__ import annotations

from ...drawing import DIFFERS, TEAL, Drawing, Style, finish, picture_text
from ...grid.draw import corner
from . import DOWN, LEFT, RIGHT, UP, Answer, Pipes, turned

ASCII_ENDS = {UP: "^", DOWN: "v", LEFT: "<", RIGHT: ">"}
PIPE_STYLE = TEAL


def _glyph(tile: int, ascii: bool, heavy: bool) -> str:
    arms = (bool(tile & UP), bool(tile & DOWN), bool(tile & LEFT), bool(tile & RIGHT))
    if ascii and tile in ASCII_ENDS:
        return "#" if heavy else ASCII_ENDS[tile]
    if ascii and heavy:
        return {"|": "!", "-": "="}.get(corner(*arms, ascii=True), "#")
    return corner(*arms, ascii=ascii, heavy=heavy)


def draw(board: Pipes, answer: Answer, other: Answer | None, style: Style) -> Drawing:
    """The turned tiles, each with its arms, a gap carrying them on (full), or packed."""
    painted = style.colour and not style.ascii
    tiles = [[turned(t, k) for t, k in zip(row, turns)] for row, turns in zip(board.grid, answer)]
    differs = [[other is not None and turned(t, k) != turned(t, o)
                for t, k, o in zip(row, turns, others)]
               for row, turns, others in zip(board.grid, answer, other or answer)]
    across, down = (corner(False, False, True, True, style.ascii),
                    corner(True, True, False, False, style.ascii))
    text = picture_text()
    for r, row in enumerate(tiles):
        for c, tile in enumerate(row):
            heavy = differs[r][c]
            text.append(_glyph(tile, style.ascii, heavy),
                        DIFFERS if heavy and painted else PIPE_STYLE if painted else "")
            if not style.compact and c + 1 < board.width:
                text.append(across if tile & RIGHT else " ", PIPE_STYLE if painted else "")
        text.append("\n")
        if not style.compact and r + 1 < board.height:
            for c, tile in enumerate(row):
                text.append(down if tile & DOWN else " ", PIPE_STYLE if painted else "")
                text.append(" " if c + 1 < board.width else "")
            text.append("\n")
    legend = ()
    if other is not None:
        mark = "# = !" if style.ascii else "heavy lines"
        legend = (f"{mark} where this answer turns a tile otherwise than solution 1",)
    return Drawing(finish(text), legend)
