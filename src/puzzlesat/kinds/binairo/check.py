"""The Binairo rules, checked from the grid alone: no SAT."""

from __future__ import annotations

from ...core import InvalidPuzzle
from .board import Binairo


def validate(board: Binairo) -> None:
    """Refuse grids that cannot hold a Binairo at all: ragged rows, or a side of odd
    length (a row holds as many 0s as 1s). Givens that cannot hold are the solver's to
    find (no solution)."""
    h, w = board.height, board.width
    if not w or any(len(row) != w for row in board.grid):
        raise InvalidPuzzle("the Binairo grid is empty or its rows differ in length")
    if w % 2 or h % 2:
        raise InvalidPuzzle(
            f"a Binairo's rows and columns hold as many 0s as 1s, so its sides are even, "
            f"not {w}x{h}"
        )


def lines_of(answer) -> list[tuple[int, ...]]:
    """Every row, then every column."""
    rows = [tuple(row) for row in answer]
    return rows + [tuple(col) for col in zip(*rows)]


def is_solution(board: Binairo, answer) -> bool:
    """0/1 cells keeping the givens; as many 0s as 1s in every row and column; never three
    alike in a row or column; where the board asks it, no two rows and no two columns
    equal."""
    h, w = board.height, board.width
    if len(answer) != h or any(len(row) != w for row in answer):
        return False
    if any(v not in (0, 1) for row in answer for v in row):
        return False
    if any(answer[r][c] != v for r, c, v in board.givens()):
        return False
    rows, cols = [tuple(row) for row in answer], [tuple(col) for col in zip(*answer)]
    for line in (*rows, *cols):
        if 2 * sum(line) != len(line):
            return False
        if any(line[i] == line[i + 1] == line[i + 2] for i in range(len(line) - 2)):
            return False
    if board.distinct_lines:
        return len(set(rows)) == len(rows) and len(set(cols)) == len(cols)
    return True
