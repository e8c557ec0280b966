"""A Slitherlink answer in the terminal: the clues in their cells, the loop as box-drawing
lines along the lattice between them, a dot at every point the loop does not visit.

Full: three columns a cell; compact: one. In ASCII `+-|` and `.`. Colour only adds (the
loop bold, clues bright); where a second answer differs, its edges are heavy (on here) or
dotted (on there), and the legend says so.
"""

from __future__ import annotations

from ...drawing import DIFFERS, TEAL, Drawing, Style, finish
from ...grid.draw import (
    CROSSED_OUT,
    OFF,
    OFF_DIFFERS,
    ON,
    ON_DIFFERS,
    edge_glyphs,
    lattice_loop,
)
from ...grid.looks import UsedMarks, crossed_legend
from . import Slitherlink

LOOP_STYLE, CLUE_STYLE = f"bold {TEAL}", "bold"


def draw(board: Slitherlink, answer, other, style: Style) -> Drawing:
    """The clues and the answer's loop, three columns a cell, or one (compact)."""
    painted = style.colour and not style.ascii
    width = 1 if style.compact else 3

    def look(grid, other_grid, name: str):
        def state(i: int, j: int) -> tuple[int, str]:
            if (name, i, j) in style.crossed:  # a hint's step crossed it out
                return CROSSED_OUT, DIFFERS if painted else ""
            here = bool(grid[i][j])
            if other_grid is not None and here != bool(other_grid[i][j]):
                return (ON_DIFFERS if here else OFF_DIFFERS), DIFFERS if painted else ""
            return (ON if here else OFF), LOOP_STYLE if painted and here else ""
        return state

    def label(r: int, c: int) -> tuple[str, str]:
        clue = board.grid[r][c]
        text = " " if clue is None else str(clue)
        return text.center(width), CLUE_STYLE if painted and clue is not None else ""

    horizontal, vertical = answer
    other_h, other_v = other if other is not None else (None, None)
    used = UsedMarks(label, style)  # a hint's rules' clues
    text = lattice_loop(board.height, board.width, look(horizontal, other_h, "horizontal"),
                        look(vertical, other_v, "vertical"), used, width, style)
    legend = used.legend() + crossed_legend(bool(style.crossed), style)
    if other is not None:
        glyphs = edge_glyphs(style.ascii)
        legend += (f"{glyphs[ON_DIFFERS][0]} {glyphs[ON_DIFFERS][1]} the loop and "
                  f"{glyphs[OFF_DIFFERS][0]} {glyphs[OFF_DIFFERS][1]} solution 1's where "
                  "this answer differs from solution 1",)
    return Drawing(finish(text), legend)
