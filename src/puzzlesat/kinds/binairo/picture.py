"""A Binairo as an SVG picture to share: a 0 a white disc with a dark rim, a 1 a dark
disc; the givens drawn strong, the digits found lighter."""

from __future__ import annotations

from ...grid.picture import frame, thin_lines
from ...svg import grid_page
from .board import Binairo

CELL = 24
INK = {True: ("#111111", 2.0), False: ("#8a8a8a", 1.25)}  # given, found: (colour, rim)


def svg(board: Binairo, answer) -> str:
    """The givens, and the answer's digits (None: the puzzle alone)."""
    out, x0, y0 = grid_page(board.width, board.height, CELL, board.title)
    thin_lines(out, board.height, board.width, CELL, x0, y0)
    shown = answer if answer is not None else board.grid
    for r, row in enumerate(shown):
        for c, v in enumerate(row):
            if v is None:
                continue
            given = board.grid[r][c] is not None
            ink, rim = INK[given]
            out.element("circle", cx=x0 + (c + 0.5) * CELL, cy=y0 + (r + 0.5) * CELL,
                        r=CELL * 0.34, fill=ink if v else "#ffffff", stroke=ink,
                        stroke_width=rim, class_=f"{'one' if v else 'zero'} "
                        f"{'given' if given else 'found'}")
    frame(out, board.height, board.width, CELL, x0, y0)
    return out.document()
