"""The SVG of a grid: thin lines between cells, thick walls between units, the frame.

Drawn in that order, so walls cover the thin lines they run over; each wall is one line
as long as it runs, so walls join without seams. The kinds' picture modules draw their
fills under it and their glyphs over it.
"""

from __future__ import annotations

from ..svg import Svg
from .geometry import Walls

THIN, WALL = ("#a0a0a0", 0.75), ("#000000", 2.5)


def thin_lines(
    out: Svg, height: int, width: int, cell: float, x0: float, y0: float,
    thin: tuple[str, float] = THIN,
) -> None:
    """A thin line between every two cells."""
    stroke, size = thin
    right, bottom = x0 + width * cell, y0 + height * cell
    for c in range(1, width):
        out.line(x0 + c * cell, y0, x0 + c * cell, bottom, stroke, size, stroke_linecap="butt")
    for r in range(1, height):
        out.line(x0, y0 + r * cell, right, y0 + r * cell, stroke, size, stroke_linecap="butt")


def wall_lines(
    out: Svg, walls: Walls, cell: float, x0: float, y0: float,
    wall: tuple[str, float] = WALL,
) -> None:
    """The walls between units, then the frame."""
    stroke, size = wall
    vertical, horizontal = walls.inner_runs()
    for b, first, last in vertical:
        out.line(x0 + b * cell, y0 + first * cell, x0 + b * cell, y0 + last * cell, stroke, size)
    for a, first, last in horizontal:
        out.line(x0 + first * cell, y0 + a * cell, x0 + last * cell, y0 + a * cell, stroke, size)
    frame(out, walls.height, walls.width, cell, x0, y0, wall)


def frame(
    out: Svg, height: int, width: int, cell: float, x0: float, y0: float,
    wall: tuple[str, float] = WALL,
) -> None:
    """The thick line around the board."""
    stroke, size = wall
    out.rect(x0, y0, width * cell, height * cell, "none", stroke=stroke, stroke_width=size)
