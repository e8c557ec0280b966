"""Minesweeper: place mines so that every number counts the mines among its eight
neighbours; a numbered cell holds no mine.

A mine variable per cell. The count is the rule Mosaic shares (kinds/mosaic.py reuses this
module): a number counts the marked cells of the 3x3 block around it, which holds its own
cell; here its own cell is never marked, so the block's count is the eight neighbours'.
Only the cells that may be marked are counted, at most eight (Mosaic's nine); a count
other than none or all is two of Glucose's native at-most constraints (`exactly_native`):
writing it as clauses with no helper (up to 210 a clue) spent 95 % of a Mosaic's time
building and loading them (median 34 ms over the shared decoded Mosaics, 1.8 ms native).
Board JSON: `{"grid": [[null, 1, 0], ...]}`, null a cell without a number; an answer is
rows of 0/1, 1 a mine.
"""

from __future__ import annotations

from typing import ClassVar

from ..drawing import GREY, PLUM
from ..grid import clauses as rules
from ..grid.board import Board, board
from ..grid.geometry import Cell, neighbours
from ..grid.looks import Look
from ..grid.rows import Bits, Read, natural, or_null
from ..sat import Encoding
from . import declare, tiny

Grid = tuple[tuple[int | None, ...], ...]


@board
class Minesweeper(Board):
    """Rows of cells: None, or the number the cell shows."""

    kind = "minesweeper"
    MOST: ClassVar[int] = 8  # the largest number a cell may show
    COUNT_RULE: ClassVar[str] = "mines around a number"
    NUMBERS_MARKED: ClassVar[bool] = False  # whether a numbered cell may be marked

    grid: Grid

    def may_mark(self, cell: Cell) -> bool:
        return self.NUMBERS_MARKED or self.grid[cell[0]][cell[1]] is None

    def counted(self, r: int, c: int) -> list[Cell]:
        """The cells a number at (r, c) counts that may be marked: its 3x3 block (its own
        cell first), cut by the board's edge."""
        block = [(r, c), *neighbours(self.height, self.width, r, c, diagonal=True)]
        return [cell for cell in block if self.may_mark(cell)]


def clue_fields(most: int) -> dict[str, Read]:
    """Board JSON's "grid": rows of null or a number from 0 to `most`."""
    return {"grid": Read("[[null, 1, 0], ...]", f"null or a number 0-{most}",
                         or_null(natural(0, most)))}


JSON_FIELDS = clue_fields(Minesweeper.MOST)
PUZZLE_JSON = '`{"grid": rows of null or a number 0-8}`'
SITE_CELLS = "yn"
CELL_WORDS = ('safe', 'a mine')  # a cell's two values, as a hint says them


# Per cell at most one number's count over nine cells: two native constraints of nine
# literals, or nine unit clauses; and its own unit clause.
CELL_COST = (20, 10)  # literals, clauses


def stress(height: int, width: int) -> Minesweeper:
    """A 4 on every other cell of every other row: each counts eight open cells, the
    densest count a Minesweeper has (Mosaic's is denser: its cost bounds both)."""
    return Minesweeper(tuple(tuple(4 if r % 2 == c % 2 == 1 else None for c in range(width))
                             for r in range(height)))


# --------------------------------------------------------------------------- the rules
def encode(board: Minesweeper) -> Encoding:
    """A variable a cell, 1..N in reading order, marked (a mine, shaded); no helpers."""
    _, marked = rules.cell_variables(board.height, board.width)
    out = rules.Named()
    counts: list[rules.AtMost] = []
    for r, c, k in board.givens():
        lits = [marked[cell] for cell in board.counted(r, c)]
        if 0 < k < len(lits):
            counts += rules.exactly_native(lits, k, ("mines around a number", ("clue", (r, c))))
        else:  # all or none of its cells (or more than it has): unit clauses, named
            out.add(board.COUNT_RULE, ("clue", (r, c)), rules.exactly_few(lits, k))
    unmarked = [marked[(r, c)] for r, c, _ in board.givens() if not board.may_mark((r, c))]
    if unmarked:
        out.add("no mine on a given number", ("board",), rules.none_of(unmarked))
    return Encoding(out, list(range(1, len(marked) + 1)), counts, rules=out.names)


# --------------------------------------------------------------------------- the checker
def is_solution(board: Minesweeper, answer) -> bool:
    """Every number the count of marked cells in its 3x3 block; no mark where a number
    forbids it. From the grid alone, no SAT."""
    h, w = board.height, board.width
    if any(answer[r][c] and not board.may_mark((r, c)) for r in range(h) for c in range(w)):
        return False
    return all(sum(answer[rr][cc] for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)
                   if 0 <= rr < h and 0 <= cc < w) == k
               for r, c, k in board.givens())


# --------------------------------------------------------------------------- the looks
LOOKS = {  # the glyphs tell mines from empty cells; colour only adds
    "mine": Look("●", "*", f"bold {PLUM}", ("◉", "@"), "a mine", fill="#f4d6f4", mark="disc",
                 ink="#202020", css="mine"),
    "empty": Look("·", ".", GREY, ("∘", "o"), "an empty cell"),
    "number": Look("", "", "bold"),
    "open": Look(" ", " "),
}


def look(board: Minesweeper, answer: Bits | None, r: int, c: int) -> str | tuple[str, str]:
    """A number, and with an answer a mine or an empty cell."""
    k = board.grid[r][c]
    if k is not None:
        return ("number", str(k))
    return "open" if answer is None else "mine" if answer[r][c] else "empty"


KIND = declare(__name__, Minesweeper, examples=tiny(
    unique=Minesweeper(((None, 2, None), (None, None, None), (None, 0, None))),
    multiple=Minesweeper(((1, None), (None, None))),
    none=Minesweeper(((2, None), (None, 0)))))
