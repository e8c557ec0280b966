"""Binairo+ (puzzle-binairo.com's `binairo-plus`): as many 0s as 1s a line and never three
alike in a row, as Binairo, and signs between neighbours: `=` says the two hold the same
digit, `x` different ones. Two rows (or columns) may be equal: the site's real Binairo+
answers have equal rows, so its third rule is not Binairo+'s.

Binairo's rules and checker (kinds/binairo.py) run on the board's grid unchanged; a sign
adds two clauses of two literals (a <-> b, or a xor b) and the checker compares the two
cells. Board JSON: `{"grid": rows of 0, 1 or null, "across": H rows of W-1 signs, each
between a cell and the next, "down": H-1 rows of W signs, each between a cell and the one
below}`, a sign "=", "x" or null; an answer is rows of 0/1, as Binairo's.
"""

from __future__ import annotations

from ..budget import Cost, grid_cost
from ..core import InvalidPuzzle
from ..drawing import Style
from ..grid.between import draw_between, picture_between
from ..grid.board import Board, board
from ..grid.rows import Read
from ..sat import Encoding
from . import binairo as plain_rules
from . import declare, tiny
from .binairo import (  # noqa: F401 - the same parts
    CELL_WORDS,
    LOOKS,
    SITE_CELLS,
    SITE_TEXT,
    SOLUTION_JSON,
    Binairo,
    look,
)

Cell = int | None  # a given 0 or 1, None where empty
Sign = str | None  # "=", "x", or None where there is none
Signs = tuple[tuple[Sign, ...], ...]
SAME, OTHER = "=", "x"
DRAWN = {SAME: ("=", "="), OTHER: ("×", "x")}  # a sign in the drawing: unicode, ASCII
DRAWS_PARTLY = True  # its drawing shows a half-decided answer: a hint's board
Pair = tuple[tuple[int, int], tuple[int, int]]


@board
class BinairoPlus(Board):
    """Rows of givens, and the signs between each cell and its right (`across`) and lower
    (`down`) neighbour."""

    kind = "binairo-plus"
    LABEL = "Binairo+"

    grid: tuple[tuple[Cell, ...], ...]
    across: Signs
    down: Signs

    def plain(self) -> Binairo:
        """The board without its signs (and without Binairo's distinct lines): what
        Binairo's rules and checker take."""
        return Binairo(self.grid, distinct_lines=False)

    def signs(self) -> list[tuple[tuple[int, int], tuple[int, int], str]]:
        """(a cell, its neighbour to the right or below, the sign between) of every sign."""
        return [((r, c), (r + dr, c + dc), sign)
                for rows, dr, dc in ((self.across, 0, 1), (self.down, 1, 0))
                for r, row in enumerate(rows) for c, sign in enumerate(row) if sign]


def _is_sign(value: object) -> bool:
    return value is None or value in (SAME, OTHER)


JSON_FIELDS = {
    "grid": plain_rules.JSON_FIELDS["grid"],
    **dict.fromkeys(("across", "down"), Read('[["=", null, "x"], ...]', '"=", "x" or null',
                                              _is_sign)),
}
PUZZLE_JSON = (
    '`{"grid": rows of 0, 1 or null, "across": rows of W-1 signs, "down": H-1 rows of W '
    'signs}`, a sign `"="`, `"x"` or null'
)


def cost(board: BinairoPlus) -> Cost:
    """Binairo's, and per cell up to two signs of two clauses of two literals."""
    cells = board.height * board.width
    return Cost(*(a + b for a, b in zip(plain_rules.cost(board.plain())[:4],
                                        grid_cost(cells, 2 * 2 * 2, 2 * 2)[:4])))


# --------------------------------------------------------------------------- the rules
def encode(board: BinairoPlus) -> Encoding:
    """Binairo's encoding (cell (r, c) the variable r * width + c + 1), then the signs."""
    out, atmosts = plain_rules.binairo_rules(board.plain())
    w = board.width
    for (r, c), (r2, c2), sign in board.signs():
        a, b = r * w + c + 1, r2 * w + c2 + 1
        if sign == SAME:
            out.add("an = sign: the same digit", ("sign", (r, c)), [[-a, b], [a, -b]])
        else:
            out.add("an x sign: different digits", ("sign", (r, c)), [[a, b], [-a, -b]])
    return Encoding(out, list(range(1, board.height * w + 1)), atmosts, rules=out.names)


# --------------------------------------------------------------------------- the checker
def validate(board: BinairoPlus) -> None:
    """Binairo's grid of even sides, and a sign between every two neighbours at most: W-1
    across and W down a row, the last row none down."""
    plain_rules.validate(board.plain())
    h, w = board.height, board.width
    for name, rows, shape in (("across", board.across, (h, w - 1)),
                              ("down", board.down, (h - 1, w))):
        if len(rows) != shape[0] or any(len(row) != shape[1] for row in rows):
            raise InvalidPuzzle(
                f"a {w}x{h} Binairo+ has {shape[0]} rows of {shape[1]} signs {name}")
        if any(not _is_sign(sign) for row in rows for sign in row):
            raise InvalidPuzzle('a Binairo+ sign is "=", "x" or null')


def is_solution(board: BinairoPlus, answer) -> bool:
    """Binairo's two rules on the grid, and every sign kept: the same digit across an `=`,
    different ones across an `x`. From the grid alone, no SAT."""
    return plain_rules.is_solution(board.plain(), answer) and all(
        (answer[r][c] == answer[r2][c2]) == (sign == SAME)
        for (r, c), (r2, c2), sign in board.signs())


# --------------------------------------------------------------------------- the looks
def draw(board: BinairoPlus, answer, other, style: Style):
    """The digits (givens bold), with each sign between its two cells."""
    signs = {(a, b): DRAWN[sign] for a, b, sign in board.signs()}
    return draw_between(board.grid, answer, other, style,
                        lambda a, b: signs.get((a, b)), digits=1)


def svg(board: BinairoPlus, answer) -> str:
    """The picture: Binairo's discs, each sign between its two cells (grid/between.py)."""
    return picture_between(board, answer, LOOKS, look,
                           [(a, b, DRAWN[sign][0]) for a, b, sign in board.signs()])


def stress(height: int, width: int) -> BinairoPlus:
    """Binairo's densest board of the shape, a sign between every two neighbours."""
    grid = plain_rules.stress(height, width).grid
    h, w = len(grid), len(grid[0])
    return BinairoPlus(grid, ((OTHER,) * (w - 1),) * h, ((OTHER,) * w,) * (h - 1))


_, E, X = None, SAME, OTHER  # an empty cell or no sign, and the signs, in the examples


KIND = declare(__name__, BinairoPlus, examples=tiny(
    unique=BinairoPlus(((_, _, _, _), (_, _, _, _), (_, 1, _, 1), (_, _, _, _)),
                       ((_, _, X), (E, _, _), (_, _, _), (_, _, _)),
                       ((_, _, _, _), (_, _, _, _), (X, _, _, _))),
    multiple=BinairoPlus(((_,) * 4,) * 4, ((_,) * 3,) * 4, ((_,) * 4,) * 3),
    none=BinairoPlus(((_, _), (_, _)), ((E,), (_,)), ((_, _),))))
