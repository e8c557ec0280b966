"""Renzoku: a Latin square (every row and column holds 1..n once) where a dot between two
cells says their values are consecutive, and no dot says they are not.

The Latin square is grid/latin.py's; a dot adds "a cell holding v has v-1 or v+1 beside it",
every other pair of neighbours "never v beside v-1 or v+1". Board JSON: as Futoshiki's
(`{"grid": ..., "marks": ...}`), a letter D, U, R, L marking a dot toward that neighbour;
an answer is rows of values.
"""

from __future__ import annotations

from ..budget import Cost, grid_cost
from ..drawing import Style
from ..grid.between import DOT, draw_between, picture_between
from ..grid.board import Board, board
from ..grid.latin import (
    Digits,
    Latin,
    check_marked,
    is_latin,
    kept,
    latin_side,
    marked_json,
    marked_pairs,
)
from ..grid.rows import digits_text
from ..sat import Encoding
from . import declare, tiny
from .futoshiki import LOOKS, decode, look, places  # noqa: F401 - the same parts

Grid = tuple[tuple[int | None, ...], ...]
Marks = tuple[tuple[str, ...], ...]
LEGEND = "per cell a string of D, U, R, L: a dot toward that neighbour"
Pair = frozenset


@board
class Renzoku(Board):
    """Givens (None empty) and per cell the letters marking a dot toward a neighbour."""

    kind = "renzoku"

    grid: Grid
    marks: Marks

    def dots(self) -> set[frozenset]:
        """Every pair of neighbours with a dot between them."""
        return {Pair(pair) for pair in marked_pairs(self.marks)}

    def neighbours(self) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """Every pair of neighbours, right and down of each cell."""
        n = self.height
        return [((r, c), (r + dr, c + dc)) for r in range(n) for c in range(n)
                for dr, dc in ((0, 1), (1, 0)) if r + dr < n and c + dc < n]


PUZZLE_JSON = (
    '`{"grid": rows of null or a given, "marks": rows of a cell\'s letters}`: `D`/`U`/`R`/`L` a '
    'dot toward a neighbour'
)
SOLUTION_JSON = 'rows of values 1..n'
DRAWS_PARTLY = True  # its drawing shows a half-decided answer: a hint's board
SITE_TEXT = 'the values, a digit a cell'


def from_json(puzzle: dict, source: str) -> Renzoku:
    grid, marks = marked_json(puzzle, "Renzoku", LEGEND)
    return Renzoku(grid, marks, source=source)


def site_answer(board: Renzoku, answer: Digits) -> str | None:
    """The digits with no separator up to 9x9 (confirmed); the 11x11 special's text is not
    known (10 and 11 written how?), so nothing is compared there."""
    return digits_text(board, answer) if board.height <= 9 else None


def cost(board: Renzoku) -> Cost:
    """n values a cell, three exactly-one units of n (counters), and per neighbour pair
    (two a cell) 2n clauses of up to three literals."""
    n = board.height
    return grid_cost(n * n, n * (3 * 7 + 12), n * (9 + 4))


def stress(height: int, width: int) -> Renzoku:
    """The square of about those cells (to 16 a side, past the sites' 11), every cell marked
    toward its right and lower neighbours: the most marks a square holds."""
    n = latin_side(height, width)
    return Renzoku(((None,) * n,) * n, tuple(tuple("D" * (r < n - 1) + "R" * (c < n - 1)
                                                   for c in range(n)) for r in range(n)))


# --------------------------------------------------------------------------- the rules
def consecutive(latin: Latin, a: tuple[int, int], b: tuple[int, int]) -> list[list[int]]:
    """a and b hold consecutive values: whichever v one holds, the other holds v-1 or v+1."""
    n = latin.n
    return [[-latin.is_(*one, v), *(latin.is_(*two, w) for w in (v - 1, v + 1) if 1 <= w <= n)]
            for one, two in ((a, b), (b, a)) for v in range(1, n + 1)]


def apart(latin: Latin, a: tuple[int, int], b: tuple[int, int]) -> list[list[int]]:
    """a and b never hold consecutive values."""
    n = latin.n
    return [[-latin.is_(*a, v), -latin.is_(*b, w)] for v in range(1, n + 1)
            for w in (v - 1, v + 1) if 1 <= w <= n]


def encode(board: Renzoku) -> Encoding:
    """The square's value variables first (grid/latin.py), then the counters' helpers."""
    latin, out = Latin.with_givens(board.height, board.givens())
    dots = board.dots()
    for a, b in board.neighbours():
        if Pair((a, b)) in dots:
            out.add("a dot: consecutive", ("dot", a), consecutive(latin, a, b))
        else:
            out.add("no dot: not consecutive", ("cell", a), apart(latin, a, b))
    return Encoding(out, latin.decision_vars, rules=out.names)


# --------------------------------------------------------------------------- the checker
def validate(board: Renzoku) -> None:
    check_marked(board.grid, board.marks, "Renzoku", "dot")


def is_solution(board: Renzoku, answer) -> bool:
    """A Latin square keeping the givens; neighbours consecutive exactly where a dot is."""
    if not (is_latin(answer, board.height) and kept(answer, board.givens())):
        return False
    dots = board.dots()
    return all((abs(answer[a[0]][a[1]] - answer[b[0]][b[1]]) == 1) == (Pair((a, b)) in dots)
               for a, b in board.neighbours())


# --------------------------------------------------------------------------- the looks
def draw(board: Renzoku, answer, other, style: Style):
    """The values with a dot between consecutive neighbours."""
    dots = board.dots()
    return draw_between(board.grid, answer, other, style,
                        lambda a, b: ("●", "o") if Pair((a, b)) in dots else None)


def svg(board: Renzoku, answer) -> str:
    """The picture: a dot between consecutive neighbours (grid/between.py)."""
    return picture_between(board, answer, LOOKS, look,
                           [(*sorted(pair), DOT) for pair in board.dots()])


_ = None


KIND = declare(__name__, Renzoku, written_as={"tatham": "unequal"}, examples=tiny(
    unique=Renzoku(((1, _, _), (_, _, _), (_, _, _)),  # each dot on both cells
                   (("RD", "RDL", "L"), ("URD", "UL", "D"), ("U", "R", "UL"))),
    multiple=Renzoku(((_, _), (_, _)), (("RD", "D"), ("R", ""))),
    none=Renzoku(((_, _), (_, _)), (("", ""), ("", "")))))
