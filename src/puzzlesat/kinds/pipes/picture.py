"""A Pipes as an SVG picture to share: each tile's arms as thick lines from its centre to
its sides, turned as the answer says (None: as the puzzle deals them), an end tile with a
dot where its pipe stops."""

from __future__ import annotations

from ...grid.picture import thin_lines
from ...svg import grid_page
from . import STEPS, Answer, Pipes, turned

CELL = 24
PIPE = "#1f5fbf"


def svg(board: Pipes, answer: Answer | None) -> str:
    """The tiles, turned by the answer or as dealt."""
    out, x0, y0 = grid_page(board.width, board.height, CELL, board.title)
    thin_lines(out, board.height, board.width, CELL, x0, y0)
    for r, row in enumerate(board.grid):
        for c, tile in enumerate(row):
            shown = turned(tile, answer[r][c]) if answer is not None else tile
            x, y = x0 + (c + 0.5) * CELL, y0 + (r + 0.5) * CELL
            for arm, (dr, dc) in STEPS.items():
                if shown & arm:
                    out.line(x, y, x + dc * CELL / 2, y + dr * CELL / 2, PIPE, 5,
                             stroke_linecap="round", class_="pipe")
            if shown in STEPS:  # one arm: where the network ends
                out.element("circle", cx=x, cy=y, r=CELL * 0.22, fill=PIPE, class_="end")
    return out.document()
