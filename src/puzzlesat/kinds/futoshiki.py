"""Futoshiki: a Latin square (every row and column holds 1..n once) where a sign between two
cells says which is the smaller.

The Latin square is grid/latin.py's; a sign adds, for each value v, "the larger cell is not
v or holds more" and "the smaller cell is not v or holds less". Board JSON: `{"grid": [[null,
3, ...], ...], "marks": [["D", "", ...], ...]}`: givens (null an empty cell) and per cell the
letters D, U, R, L pointing at a smaller neighbour, as puzzle-futoshiki.com's task writes
them; an answer is rows of values.
"""

from __future__ import annotations

from ..budget import Cost, grid_cost
from ..drawing import TEAL, Style
from ..grid import clauses as rules
from ..grid.between import CHEVRON, draw_between, picture_between
from ..grid.board import Board, board
from ..grid.latin import (
    Latin,
    check_marked,
    is_latin,
    kept,
    latin_answer,
    latin_places,
    latin_side,
    marked_json,
    marked_pairs,
)
from ..grid.looks import Look
from ..grid.rows import digits_text
from ..sat import Encoding
from . import declare, tiny

Grid = tuple[tuple[int | None, ...], ...]
Marks = tuple[tuple[str, ...], ...]
LEGEND = "per cell a string of D, U, R, L: the neighbours smaller than it"


@board
class Futoshiki(Board):
    """Givens (None empty) and per cell the letters pointing at its smaller neighbours."""

    kind = "futoshiki"

    grid: Grid
    marks: Marks

    def signs(self) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """(larger, smaller) cells of every sign."""
        return marked_pairs(self.marks)


PUZZLE_JSON = (
    '`{"grid": rows of null or a given, "marks": rows of a cell\'s letters}`: `D`/`U`/`R`/`L` '
    'point at a smaller neighbour'
)
SOLUTION_JSON = 'rows of values 1..n'
DRAWS_PARTLY = True  # its drawing shows a half-decided answer: a hint's board
SITE_TEXT = 'the values, a digit a cell'


decode, site_answer, places = latin_answer, digits_text, latin_places


def from_json(puzzle: dict, source: str) -> Futoshiki:
    grid, marks = marked_json(puzzle, "Futoshiki", LEGEND)
    return Futoshiki(grid, marks, source=source)


def cost(board: Futoshiki) -> Cost:
    """n values a cell, each in three exactly-one units of n (counters: 3 clauses of 2 a
    literal), and up to four signs of 2n clauses of up to n literals."""
    n = board.height
    return grid_cost(n * n, n * (3 * 7 + 4 * n), n * 3 * 3 + 8 * n)


def stress(height: int, width: int) -> Futoshiki:
    """The square of about those cells (to 16 a side, past the sites' 11), every cell marked
    toward its right and lower neighbours: the most marks a square holds."""
    n = latin_side(height, width)
    return Futoshiki(((None,) * n,) * n, tuple(tuple("D" * (r < n - 1) + "R" * (c < n - 1)
                                                   for c in range(n)) for r in range(n)))


# --------------------------------------------------------------------------- the rules
def smaller(out: rules.Named, latin: Latin, big: tuple[int, int], small: tuple[int, int]) -> None:
    """`small` holds less than `big`: big is not v unless small holds less, and small is not
    v unless big holds more."""
    n = latin.n
    clauses = []
    for v in range(1, n + 1):
        clauses.append([-latin.is_(*big, v), *(latin.is_(*small, w) for w in range(1, v))])
        clauses.append([-latin.is_(*small, v), *(latin.is_(*big, w) for w in range(v + 1, n + 1))])
    out.add("a sign's smaller side", ("sign", big), clauses)


def encode(board: Futoshiki) -> Encoding:
    """The square's value variables first (grid/latin.py), then the counters' helpers."""
    latin, out = Latin.with_givens(board.height, board.givens())
    for big, small in board.signs():
        smaller(out, latin, big, small)
    return Encoding(out, latin.decision_vars, rules=out.names)


# --------------------------------------------------------------------------- the checker
def validate(board: Futoshiki) -> None:
    check_marked(board.grid, board.marks, "Futoshiki", "sign")


def is_solution(board: Futoshiki, answer) -> bool:
    """A Latin square keeping the givens, every sign's smaller side smaller."""
    return (is_latin(answer, board.height) and kept(answer, board.givens())
            and all(answer[br][bc] > answer[sr][sc] for (br, bc), (sr, sc) in board.signs()))


# --------------------------------------------------------------------------- the looks
SIGNS = {  # (side by side, the first cell the smaller): the sign between, unicode and ASCII
    (True, True): ("<", "<"), (True, False): (">", ">"),
    (False, True): ("∧", "^"), (False, False): ("∨", "v"),
}


def draw(board: Futoshiki, answer, other, style: Style):
    """The values with each sign between its two cells, opening toward the larger."""
    signs = {frozenset(pair): pair for pair in board.signs()}

    def between(a, b):
        pair = signs.get(frozenset((a, b)))
        return None if pair is None else SIGNS[(a[0] == b[0], a == pair[1])]

    return draw_between(board.grid, answer, other, style, between)


def svg(board: Futoshiki, answer) -> str:
    """The picture: each sign a chevron pointing at the smaller cell (grid/between.py)."""
    return picture_between(board, answer, LOOKS, look,
                           [(big, small, CHEVRON) for big, small in board.signs()])


LOOKS = {  # the picture: the givens bold black, the values found teal
    "given": Look("", "", "bold", mark="text"),
    "found": Look("", "", TEAL, mark="text", ink="#0087af"),
    "empty": Look(" ", " "),
}


def look(board: Futoshiki, answer, r: int, c: int):
    given = board.grid[r][c]
    if given is not None:
        return ("given", str(given))
    return "empty" if answer is None else ("found", str(answer[r][c]))


_ = None


KIND = declare(__name__, Futoshiki, written_as={"tatham": "unequal"}, examples=tiny(
    unique=Futoshiki(((_, _, _), (_, _, _), (_, _, 1)),
                     (("R", "", ""), ("", "R", ""), ("", "", ""))),
    multiple=Futoshiki(((_,) * 3,) * 3, (("",) * 3,) * 3),
    none=Futoshiki(((_, _), (_, _)), (("R", ""), ("R", "")))))
