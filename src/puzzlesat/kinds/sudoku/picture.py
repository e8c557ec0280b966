"""A Sudoku as an SVG picture to share: thick walls around its boxes or jigsaw regions.

A thick wall runs wherever two neighbouring cells lie in different units, and around the
grid, so boxes and jigsaw regions are drawn alike. The givens are bold black, the solved
digits a normal-weight blue-grey, as on paper where the solver's pencil differs from the
print; numbers from 10 on are letters (A = 10), as the terminal drawing and the sites show.
"""

from __future__ import annotations

from ...grid.geometry import Walls
from ...grid.picture import THIN, WALL, thin_lines, wall_lines
from ...svg import Svg, grid_page, text_width
from .board import Sudoku, digit_text

CELL = 28
DIGIT_SIZE = 17
GIVEN, SOLVED = "#000000", "#4a6785"


def svg(board: Sudoku, answer) -> str:
    """The givens, and the answer's other digits (None: the puzzle as given)."""
    out, x0, y0 = grid_page(board.size, board.size, CELL, board.title)
    _lines(out, board, x0, y0)
    grid = answer if answer is not None else board.grid
    size = min(DIGIT_SIZE, DIGIT_SIZE * (CELL - 6) / _widest(board))
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            if value:
                given = bool(board.grid[r][c])
                out.text(
                    x0 + (c + 0.5) * CELL, y0 + (r + 0.5) * CELL, digit_text(value), size,
                    GIVEN if given else SOLVED, bold=given, class_="given" if given else "solved",
                )
    return out.document()


def _widest(board: Sudoku) -> float:
    """Width of the widest digit text at DIGIT_SIZE (two-digit numbers past 25)."""
    return max(text_width(digit_text(v), DIGIT_SIZE) for v in range(1, board.size + 1))


def _lines(out: Svg, board: Sudoku, x0: float, y0: float) -> None:
    """Thin lines between all cells, the walls between units over them, then the border."""
    thin_lines(out, board.size, board.size, CELL, x0, y0, THIN)
    wall_lines(out, Walls(board.region_of()), CELL, x0, y0, WALL)
