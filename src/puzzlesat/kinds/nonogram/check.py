"""The nonogram rules, checked from the clues alone: no SAT, no line logic."""

from __future__ import annotations

from ...core import Grid, InvalidPuzzle, ParseError, Status
from .board import Nonogram, runs


def is_solution(board: Nonogram, grid: Grid) -> bool:
    """Check a grid against the clues from the rules alone (no SAT involved)."""
    if len(grid) != board.height or any(len(row) != board.width for row in grid):
        return False
    if any(v not in (0, 1) for row in grid for v in row):
        return False
    if any(runs(row) != clue for row, clue in zip(grid, board.rows)):
        return False
    return all(runs(col) == clue for col, clue in zip(zip(*grid), board.cols))


def validate(board: Nonogram) -> None:
    """Refuse clues that cannot fit before any solving; name the offending line."""
    if not board.rows or not board.cols:
        raise InvalidPuzzle("the puzzle has no rows or no columns")
    for name, lines, length in (
        ("row", board.rows, board.width),
        ("column", board.cols, board.height),
    ):
        for i, clue in enumerate(lines, 1):
            if any(b <= 0 for b in clue):
                raise InvalidPuzzle(
                    f"{name} {i} has a clue that is not a positive number: {list(clue)}"
                )
            need = sum(clue) + len(clue) - 1
            if need > length:
                raise InvalidPuzzle(
                    f"{name} {i} clue {list(clue)} needs {need} cells but the {name} has {length}"
                )
    row_total, col_total = sum(map(sum, board.rows)), sum(map(sum, board.cols))
    if row_total != col_total:
        raise InvalidPuzzle(
            f"the row clues add up to {row_total} filled cells but the column clues to {col_total}"
        )


def check_picture(board: Nonogram, status: Status, solutions) -> None:
    """A picture decoded from the page must be the unique answer of its own clues."""
    if board.picture is not None and status is Status.UNIQUE and solutions[0] != board.picture:
        raise ParseError(
            "the picture decoded from the page differs from the unique solution of its clues",
            hint="the page's encoding may have changed; pipe in the clue table's devtools copy",
        )
