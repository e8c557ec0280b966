"""The Light Up rules, checked from the grid alone: no SAT."""

from __future__ import annotations

from ...core import InvalidPuzzle
from ...grid.geometry import column_segments, neighbours, row_segments
from .board import CELL_CHARACTERS, LightUp


def validate(board: LightUp) -> None:
    """Refuse grids that are not one: ragged rows or unknown characters. Clues that cannot
    hold are the solver's to find (no solution)."""
    if not board.width or any(len(row) != board.width for row in board.cells):
        raise InvalidPuzzle("the Light Up grid is empty or its rows differ in length")
    if any(ch not in CELL_CHARACTERS for row in board.cells for ch in row):
        raise InvalidPuzzle(f"a Light Up grid holds only {CELL_CHARACTERS!r}")


def is_solution(board: LightUp, answer) -> bool:
    """Bulbs on white cells only; every white cell lit; no bulb lit by another; every
    number the count of bulbs next to it."""
    h, w = board.height, board.width
    if len(answer) != h or any(len(row) != w for row in answer):
        return False
    if any(answer[r][c] and not board.is_white(r, c) for r in range(h) for c in range(w)):
        return False
    open_ = board.open_grid()
    for run in (*row_segments(open_), *column_segments(open_)):
        if sum(answer[r][c] for r, c in run) > 1:
            return False
    lit = [[False] * w for _ in range(h)]
    for run in (*row_segments(open_), *column_segments(open_)):
        if any(answer[r][c] for r, c in run):
            for r, c in run:
                lit[r][c] = True
    if any(open_[r][c] and not lit[r][c] for r in range(h) for c in range(w)):
        return False
    return all(
        sum(answer[rr][cc] for rr, cc in neighbours(h, w, r, c)) == k
        for r, c, k in board.clues()
    )
