"""The Sudoku board: givens, and the units each digit fills once (boxes or jigsaw regions).

One model covers the family: an n x n grid of digits 1..n (0 = empty), rows, columns, and
either rectangular boxes (`box` = (rows, columns) of a box: 3x3, 3x4 for 12x12, 4x4) or
jigsaw regions (`regions`, a region id per cell, 1-based).
"""

from __future__ import annotations

from ...core import Grid, ParseError, as_grid, is_json_int, json_excerpt
from ...grid.board import Board, board
from ...grid.boxes import BOXES, default_box  # noqa: F401 - the Sudoku modules read them here

DIGITS = "123456789ABCDEFGHIJKLMNOP"  # how the sites show 1..25: letters from 10 on


@board
class Sudoku(Board):
    """Givens (0 = empty) with rectangular boxes (`box`) or jigsaw `regions`."""

    kind = "sudoku"

    grid: Grid
    box: tuple[int, int] | None = None
    regions: Grid | None = None

    @property
    def size(self) -> int:
        return len(self.grid)

    @property
    def width(self) -> int:
        return self.size

    @property
    def height(self) -> int:
        return self.size

    def region_of(self) -> Grid:
        """The unit (box or jigsaw region, 1-based) of every cell."""
        if self.regions is not None:
            return self.regions
        rows, cols = self.box or default_box(self.size)
        per_row = self.size // cols
        return as_grid(
            [
                [(r // rows) * per_row + c // cols + 1 for c in range(self.size)]
                for r in range(self.size)
            ]
        )


def out_of_range(cells: list[int], side: int) -> tuple[int, int, int] | None:
    """The first cell (row, column, both from 1, and its value) of a side x side grid read
    in reading order whose value no Sudoku of that side holds, or None: what a reader
    names when its text gives one."""
    at = next((i for i, value in enumerate(cells) if value > side), None)
    return None if at is None else (at // side + 1, at % side + 1, cells[at])


def digit_text(value: int) -> str:
    """A digit as the sites show it (10 -> A)."""
    return DIGITS[value - 1] if 1 <= value <= len(DIGITS) else str(value)


def to_json(board: Sudoku) -> dict:
    out: dict = {"grid": [list(row) for row in board.grid]}
    if board.regions is not None:
        out["regions"] = [list(row) for row in board.regions]
    else:
        out["box"] = list(board.box or default_box(board.size))
    return out


def answer_json(grid: Grid) -> list[list[int]]:
    return [list(row) for row in grid]


def site_answer(board: Sudoku, grid: Grid) -> str:
    """What puzzle-sudoku.com and puzzle-jigsaw-sudoku.com hash (genres.md section 2): the
    digits in reading order joined by `,`, in decimal (a 16x16 writes 10-16)."""
    return ",".join(str(value) for row in grid for value in row)


def _square(value, what: str) -> Grid:
    if not isinstance(value, list) or not value:
        raise ParseError(f"board JSON: a Sudoku's {what} must be a list of rows of numbers")
    for r, row in enumerate(value, 1):
        if not isinstance(row, list) or not all(is_json_int(v) and v >= 0 for v in row):
            raise ParseError(
                f"board JSON: {what} row {r} is not whole numbers: {json_excerpt(row)}"
            )
    if any(len(row) != len(value) for row in value):
        raise ParseError(f"board JSON: a Sudoku's {what} must be square ({len(value)} rows)")
    return as_grid(value)


def from_json(puzzle: dict, source: str) -> Sudoku:
    """{"grid": [[0, 7, ...], ...], "box": [3, 4]} or {"grid": ..., "regions": [[1, 1, 2, ...]]}."""
    grid = _square(puzzle.get("grid"), "grid")
    if "regions" in puzzle:
        regions = _square(puzzle["regions"], "regions")
        if len(regions) != len(grid):
            raise ParseError("board JSON: the Sudoku's regions and grid differ in size")
        return Sudoku(grid=grid, regions=regions, source=source)
    box = puzzle.get("box")
    if box is None:
        return Sudoku(grid=grid, box=default_box(len(grid)), source=source)
    if (
        not isinstance(box, list)
        or len(box) != 2
        or not all(is_json_int(v) and v > 0 for v in box)
        or box[0] * box[1] != len(grid)
    ):
        raise ParseError(
            f'board JSON: "box" must be [rows, columns] of a box, their product {len(grid)}'
        )
    return Sudoku(grid=grid, box=(box[0], box[1]), source=source)
