"""A Sudoku as an SVG picture to share: thick walls around its boxes or jigsaw regions.

A thick wall runs wherever two neighbouring cells lie in different units, and around the
grid, so boxes and jigsaw regions are drawn alike. The givens are bold black, the solved
digits a normal-weight blue-grey, as on paper where the solver's pencil differs from the
print; numbers from 10 on are letters (A = 10), as the terminal drawing and the sites show.
"""

from __future__ import annotations

from ...svg import Svg, grid_page, text_width
from .board import Sudoku, digit_text

CELL = 28
DIGIT_SIZE = 17
GIVEN, SOLVED = "#000000", "#4a6785"
THIN, WALL = ("#a0a0a0", 0.75), ("#000000", 2.5)


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


def _walls(board: Sudoku) -> tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]]:
    """(vertical, horizontal) walls inside the grid as runs (line, first, end) of cell
    edges: vertical ones left of column `line` from row first to row end, horizontal ones
    above row `line`. A run is as long as it can be, so lines join without seams."""
    units, n = board.region_of(), board.size
    vertical = _runs([[units[r][b - 1] != units[r][b] for r in range(n)] for b in range(1, n)])
    horizontal = _runs([[units[a - 1][c] != units[a][c] for c in range(n)] for a in range(1, n)])
    return vertical, horizontal


def _runs(lines: list[list[bool]]) -> list[tuple[int, int, int]]:
    """(line, first, end) of each run of True along each line; lines count from 1."""
    out = []
    for line, edges in enumerate(lines, 1):
        start = None
        for i, wall in enumerate([*edges, False]):
            if wall and start is None:
                start = i
            elif not wall and start is not None:
                out.append((line, start, i))
                start = None
    return out


def _lines(out: Svg, board: Sudoku, x0: float, y0: float) -> None:
    """Thin lines between all cells, the walls between units over them, then the border."""
    n = board.size
    end = n * CELL
    stroke, width = THIN
    for i in range(1, n):
        out.line(x0 + i * CELL, y0, x0 + i * CELL, y0 + end, stroke, width, stroke_linecap="butt")
        out.line(x0, y0 + i * CELL, x0 + end, y0 + i * CELL, stroke, width, stroke_linecap="butt")
    stroke, width = WALL
    vertical, horizontal = _walls(board)
    for b, first, last in vertical:
        out.line(x0 + b * CELL, y0 + first * CELL, x0 + b * CELL, y0 + last * CELL, stroke, width)
    for a, first, last in horizontal:
        out.line(x0 + first * CELL, y0 + a * CELL, x0 + last * CELL, y0 + a * CELL, stroke, width)
    out.rect(x0, y0, end, end, "none", stroke=stroke, stroke_width=width)
