"""The nonogram rules, checked from the clues alone: no SAT, no line logic."""

from __future__ import annotations

from ...core import Grid, InvalidPuzzle, ParseError, Status, excerpt
from .board import Nonogram, colour_runs, gaps_between, runs


def is_solution(board: Nonogram, grid: Grid) -> bool:
    """Check a grid against the clues from the rules alone (no SAT involved)."""
    allowed = range(len(board.colors) + 1) if board.is_colour else (0, 1)
    if len(grid) != board.height or any(len(row) != board.width for row in grid):
        return False
    if any(
        v not in allowed for row in grid for v in row
    ):
        return False
    if board.is_colour:
        rows = zip(board.rows, board.row_colours)
        cols = zip(board.cols, board.col_colours)
        return all(colour_runs(row) == clue for row, clue in zip(grid, rows)) and all(
            colour_runs(col) == clue for col, clue in zip(zip(*grid), cols)
        )
    if any(runs(row) != clue for row, clue in zip(grid, board.rows)):
        return False
    return all(runs(col) == clue for col, clue in zip(zip(*grid), board.cols))


def mismatch(board: Nonogram, grid: Grid) -> str | None:
    """Why a grid of the board's size is not an answer of its clues (the first line that
    breaks them, in words), or None: what a file's own solution (a `goal`) is checked by."""
    if board.is_colour:
        line_runs = colour_runs
        rows, cols = zip(board.rows, board.row_colours), zip(board.cols, board.col_colours)
    else:
        line_runs, rows, cols = runs, board.rows, board.cols
    for r, (row, clue) in enumerate(zip(grid, rows), 1):
        if line_runs(row) != clue:
            return f"its row {r} does not match the row clue"
    for c, (col, clue) in enumerate(zip(zip(*grid), cols), 1):
        if line_runs(col) != clue:
            return f"its column {c} does not match the column clue"
    return None


def need(clue, colours=None) -> int:
    """The fewest cells a clue fits in: its blocks, and a gap between two of one colour."""
    gaps = max(len(clue) - 1, 0) if colours is None else sum(gaps_between(colours))
    return sum(clue) + gaps


def validate(board: Nonogram) -> None:
    """Refuse clues that cannot fit before any solving; name the offending line."""
    if not board.rows or not board.cols:
        raise InvalidPuzzle("the puzzle has no rows or no columns")
    for name, lines, colours, length in (
        ("row", board.rows, board.row_colours, board.width),
        ("column", board.cols, board.col_colours, board.height),
    ):
        for i, clue in enumerate(lines, 1):
            if any(b <= 0 for b in clue):
                raise InvalidPuzzle(
                    f"{name} {i} has a clue that is not a positive number: {excerpt(clue)}"
                )
            blocks = colours[i - 1] if board.is_colour else None
            cells = need(clue, blocks)
            if cells > length:
                shown = excerpt(clue if blocks is None else [list(b) for b in zip(clue, blocks)])
                raise InvalidPuzzle(
                    f"{name} {i} clue {shown} needs {cells} cells but the {name} has {length}"
                )
    if board.is_colour:
        _check_colour_sums(board)
        return
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


def _check_colour_sums(board: Nonogram) -> None:
    """Rows and columns must fill as many cells of each colour."""
    for k, hex_ in enumerate(board.colors, 1):
        rows = sum(
            n for clue, cs in zip(board.rows, board.row_colours) for n, c in zip(clue, cs) if c == k
        )
        cols = sum(
            n for clue, cs in zip(board.cols, board.col_colours) for n, c in zip(clue, cs) if c == k
        )
        if rows != cols:
            raise InvalidPuzzle(
                f"colour {k} (#{hex_}): the rows need {rows} cells of it, the columns {cols}"
            )
