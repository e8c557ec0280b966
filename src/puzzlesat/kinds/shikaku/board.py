"""The Shikaku board: a grid of area clues, the rectangles of an answer, and its board JSON."""

from __future__ import annotations

from dataclasses import dataclass

from ...core import Grid, ParseError, as_grid, is_json_int, json_excerpt
from ...grid.board import Board, board
from ...site_check import yes_no


@board
class Shikaku(Board):
    """Shikaku grid, 0 for an empty cell; `note` says e.g. that the puzzle was a random one."""

    kind = "shikaku"

    grid: Grid

    def clues(self) -> list[tuple[int, int, int]]:
        """(row, col, area) of every numbered cell, in reading order."""
        return [(r, c, v) for r, row in enumerate(self.grid) for c, v in enumerate(row) if v]


@dataclass(frozen=True)
class Rect:
    top: int
    left: int
    height: int
    width: int

    def cells(self):
        for r in range(self.top, self.top + self.height):
            for c in range(self.left, self.left + self.width):
                yield r, c

    def contains(self, r: int, c: int) -> bool:
        return self.top <= r < self.top + self.height and self.left <= c < self.left + self.width


# An answer is a tuple of Rects, one per clue in reading order.
Answer = tuple[Rect, ...]


def to_json(board: Shikaku) -> dict:
    return {"grid": [list(r) for r in board.grid]}


def from_json(puzzle: dict, source: str) -> Shikaku:
    """The board from the "puzzle" object of board JSON: {"grid": [[0, 2, ...], ...]}."""
    grid = puzzle.get("grid")
    if not isinstance(grid, list):
        raise ParseError('a Shikaku\'s board JSON needs "grid", a list of rows of whole numbers')
    for r, row in enumerate(grid, 1):
        if not isinstance(row, list) or not all(is_json_int(v) for v in row):
            raise ParseError(
                f"board JSON: grid row {r} is not a list of whole numbers: {json_excerpt(row)}"
            )
    if not grid or not grid[0] or any(len(row) != len(grid[0]) for row in grid):
        lengths = sorted({len(row) for row in grid})
        raise ParseError(
            "board JSON: a Shikaku grid needs rows of one length, at least one cell"
            + (f" (its rows have {', '.join(map(str, lengths[:5]))} cells)" if grid else "")
        )
    return Shikaku(grid=as_grid(grid), source=source)


def answer_json(rects: Answer) -> list[dict]:
    return [{"top": s.top, "left": s.left, "height": s.height, "width": s.width} for s in rects]


def site_answer(board: Shikaku, rects: Answer) -> str:
    """What puzzle-shikaku.com hashes (genres.md section 2): `y`/`n` per wall inside the
    board, the H rows of W-1 walls between columns first, then the H-1 rows of W walls
    between rows. The rectangles cover every cell once, so every wall inside is the right
    or bottom side of one of them."""
    h, w = board.height, board.width
    between_columns = [[False] * (w - 1) for _ in range(h)]
    between_rows = [[False] * w for _ in range(h - 1)]
    for rect in rects:
        right, bottom = rect.left + rect.width, rect.top + rect.height
        for r in range(rect.top, bottom) if right < w else ():
            between_columns[r][right - 1] = True
        for c in range(rect.left, right) if bottom < h else ():
            between_rows[bottom - 1][c] = True
    return yes_no(between_columns, between_rows)
