"""A Sudoku grid: one line a row, one character a cell (`53..7....`) or numbers separated
by spaces; `0`, `.` or `-` for an empty cell, and A-P for 10 to 25 in a written-together
grid (a 16x16 one: 1-9 then A-G, as Sudoku lines and the sites write it).

Recognised by content when it is a square of a Sudoku's size whose givens break no rule:
each at most the side, none twice in a row, a column or a box. Written one character a cell.
"""

from __future__ import annotations

from ..core import Page, ParseError, UnsupportedPuzzle
from ..kinds.sudoku.board import BOXES, Sudoku, default_box, digit_text
from .format import Format, with_hint
from .text_grid import TextGrid, claims, grid_of

HINT = (
    "check the Sudoku grid: one line per row, as many cells as rows (4, 6, 8, 9, 12, 16 or "
    "25), digits then A-G for 10-16 (or numbers separated by spaces), '0' or '.' for empty"
)


def _repeat(grid: TextGrid) -> str | None:
    """The first given that a row, column or box holds twice, in words."""
    side = grid.width
    rows, cols = default_box(side)
    seen: set[tuple[str, int]] = set()
    for r, row in enumerate(grid.rows):
        for c, value in enumerate(row):
            if not value:
                continue
            box = (r // rows) * (side // cols) + c // cols
            for unit in (f"row {r + 1}", f"column {c + 1}", f"box {box + 1}"):
                if (unit, value) in seen:
                    return f"{digit_text(value)} is twice in {unit}"
                seen.add((unit, value))
    return None


def grid_refusal(grid: TextGrid) -> str | None:
    """Why `grid` is not a Sudoku's (None: it is)."""
    side = grid.width
    if grid.height != side:
        return f"a Sudoku grid is square, this one {grid.size()}"
    if side not in BOXES:
        return f"a Sudoku is {', '.join(map(str, BOXES))} cells a side, not {side}"
    big = max(max(row) for row in grid.rows)
    if big > side:
        return f"a {side}x{side} Sudoku holds 1 to {side}, this grid {big}"
    return _repeat(grid)


def recognises(text: str) -> bool:
    return claims(text, grid_refusal)


@with_hint(HINT)
def read(page: Page) -> Sudoku:
    """The grid as a Sudoku with the usual boxes of its size; its givens are the kind's
    to check."""
    grid = grid_of(page.text)
    if grid is None:
        raise ParseError("a Sudoku grid holds digits, letters for 10 and up, '0' or '.'")
    side = grid.width
    if grid.height != side or side not in BOXES:
        raise ParseError(f"a Sudoku grid is 4x4, 9x9, 16x16 or another Sudoku's size, not "
                         f"{grid.size()}")
    return Sudoku(grid=grid.rows, box=default_box(side), source=page.source)


def write(board: Sudoku) -> str:
    """One line a row, one character a cell, '.' for an empty one."""
    side = board.size
    if board.regions is not None or side not in BOXES or board.box != default_box(side):
        raise UnsupportedPuzzle(
            f"a Sudoku grid holds the usual boxes of its size; this {side}x{side} one has "
            + ("jigsaw regions" if board.regions is not None else "others"),
            hint="write it as board JSON (`puzzlesat parse`), which keeps its shape",
        )
    return "".join("".join(digit_text(v) if v else "." for v in row) + "\n" for row in board.grid)


FORMAT = Format(
    name="sudoku-grid",
    recognises=recognises,
    read=read,
    write=write,
    kinds=("sudoku",),
    hint=HINT,
    suffix=".txt",
    grid_refusal=grid_refusal,
)
