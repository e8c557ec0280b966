"""A Star Battle as an SVG picture to share: the regions in soft colours inside thick
borders, each star a gold five-pointed star with a dark rim."""

from __future__ import annotations

from math import cos, pi, sin

from ...grid.geometry import Walls, regions_from_ids
from ...grid.picture import thin_lines, wall_lines
from ...svg import grid_page
from .board import StarBattle

CELL = 24
FILLS = ("#fde2e4", "#e2ece9", "#dfe7fd", "#fff1e6", "#e9e4f0", "#f0efeb", "#dbf3fa",
         "#fae1dd")
STAR_FILL, STAR_RIM = "#f2b705", "#5a4a00"


def _star(x: float, y: float, radius: float) -> str:
    """The points of a five-pointed star centred on (x, y), its top point up."""
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.4
        angle = -pi / 2 + i * pi / 5
        points.append(f"{x + r * cos(angle):.2f},{y + r * sin(angle):.2f}")
    return " ".join(points)


def svg(board: StarBattle, answer) -> str:
    """The regions and the answer's stars (None: the puzzle)."""
    out, x0, y0 = grid_page(board.width, board.height, CELL, board.title)
    for i, region in enumerate(regions_from_ids(board.regions).values()):
        for r, c in region:
            out.rect(x0 + c * CELL, y0 + r * CELL, CELL, CELL, FILLS[i % len(FILLS)])
    thin_lines(out, board.height, board.width, CELL, x0, y0)
    wall_lines(out, Walls(board.regions), CELL, x0, y0)
    if answer is not None:
        for r, row in enumerate(answer):
            for c, on in enumerate(row):
                if on:
                    centre = (x0 + (c + 0.5) * CELL, y0 + (r + 0.5) * CELL)
                    out.element("polygon", points=_star(*centre, CELL * 0.4), fill=STAR_FILL,
                                stroke=STAR_RIM, stroke_width=1, class_="star")
    return out.document()
