"""A Bridges as an SVG picture to share: the islands as circles with their numbers, and
the answer's bridges between them, one line or two."""

from __future__ import annotations

from ...svg import grid_page
from . import Answer, Bridges

CELL = 28
RADIUS = CELL * 0.38
INK, BRIDGE = "#202020", "#1f5fbf"


def svg(board: Bridges, answer: Answer | None) -> str:
    """The islands, and the answer's bridges (None: the puzzle)."""
    out, x0, y0 = grid_page(board.width, board.height, CELL, board.title)

    def centre(r: int, c: int) -> tuple[float, float]:
        return x0 + (c + 0.5) * CELL, y0 + (r + 0.5) * CELL

    for span in board.spans() if answer is not None else ():
        count = answer[span.a[0]][span.a[1]][0 if span.across else 1]
        (xa, ya), (xb, yb) = centre(*span.a), centre(*span.b)
        for shift in ((0,), (-3, 3))[count - 1] if count else ():
            dx, dy = (0, shift) if span.across else (shift, 0)
            out.line(xa + dx, ya + dy, xb + dx, yb + dy, BRIDGE, 2, class_="bridge")
    for r, c in board.islands():
        x, y = centre(r, c)
        out.element("circle", cx=x, cy=y, r=RADIUS, fill="#ffffff", stroke=INK,
                    stroke_width=1.5, class_="island")
        out.text(x, y, str(board.grid[r][c]), 14, INK, bold=True)
    return out.document()
