"""Skyscrapers (Towers): a Latin square of building heights 1..n; a clue outside a row or
column is how many buildings are seen from that side (a taller one hides the lower ones
behind it).

The Latin square is grid/latin.py's. For each clued line, read from its clue's side, an
order variable per cell and height, "the tallest so far is at least v", and a variable per
cell, "seen": a cell is seen exactly where its height tops the tallest before it, and a
native count says how many are. Board JSON: `{"grid": [[null, 3, ...], ...], "top": [2,
null, ...], "bottom": [...], "left": [...], "right": [...]}` (null: no clue, no given); an
answer is rows of heights.
"""

from __future__ import annotations

from ..budget import Cost, grid_cost
from ..core import InvalidPuzzle, ParseError
from ..drawing import Style
from ..grid import clauses as rules
from ..grid.between import draw_between, picture_between
from ..grid.board import Board, board
from ..grid.latin import Latin, check_square, is_latin, kept, latin_side
from ..grid.rows import natural, or_null, value_rows
from ..sat import Encoding
from . import declare, tiny
from .futoshiki import LOOKS, decode, look, places, site_answer  # noqa: F401 - the same parts

Grid = tuple[tuple[int | None, ...], ...]
Clues = tuple[int | None, ...]
SIDES = ("top", "bottom", "left", "right")


@board
class Skyscrapers(Board):
    """Givens (None empty) and the clues of each side (None: none), left to right along
    the top and bottom, top to bottom along the left and right."""

    kind = "skyscrapers"

    grid: Grid
    top: Clues
    bottom: Clues
    left: Clues
    right: Clues

    def views(self) -> list[tuple[str, int, int, list[tuple[int, int]]]]:
        """(side, index, clue, the line's cells from that side) of every clue."""
        n, out = self.height, []
        for side in SIDES:
            for i, clue in enumerate(getattr(self, side)):
                if clue is not None:
                    out.append((side, i, clue, line_from(side, i, n)))
        return out


def line_from(side: str, i: int, n: int) -> list[tuple[int, int]]:
    """The cells of line `i` in the order seen from `side`."""
    span = range(n)
    return {
        "top": [(r, i) for r in span], "bottom": [(r, i) for r in reversed(span)],
        "left": [(i, c) for c in span], "right": [(i, c) for c in reversed(span)],
    }[side]


PUZZLE_JSON = (
    '`{"grid": rows of null or a given, "top": [2, null, ...], "bottom": ..., "left": ..., '
    '"right": ...}`, null no clue'
)
SOLUTION_JSON = 'rows of heights 1..n'
DRAWS_PARTLY = True  # its drawing shows a half-decided answer: a hint's board
SITE_TEXT = 'the heights, a digit a cell'


def from_json(puzzle: dict, source: str) -> Skyscrapers:
    """The board from {"grid": [[null, 3], ...], "top": [2, null], "bottom": ..., ...}."""
    grid = value_rows(puzzle, "Skyscrapers", "grid", "[[null, 3], [1, null]]",
                      "a height from 1 or null", or_null(natural(1)))
    clues = value_rows({"sides": [puzzle.get(side) for side in SIDES]}, "Skyscrapers", "sides",
                       '"top": [2, null], "bottom": ..., "left": ..., "right": ...',
                       "a clue from 1 or null", or_null(natural(1)))
    if len(clues[0]) != len(grid):
        raise ParseError(f"board JSON: a Skyscrapers' sides hold {len(clues[0])} clues each, "
                         f"its grid is {len(grid)} rows")
    return Skyscrapers(grid, *clues, source=source)


def cost(board: Skyscrapers) -> Cost:
    """The square's n values a cell in three exactly-one units (counters), and per cell in
    each of its four views n order variables of four clauses of up to n literals."""
    n = board.height
    return grid_cost(n * n, n * 21 + 4 * 4 * n * (n + 3), n * 9 + 4 * n * (n + 3))


def stress(height: int, width: int) -> Skyscrapers:
    """The square of about those cells (to 16 a side), every side clued: every line seen
    both ways."""
    n = latin_side(height, width)
    return Skyscrapers(((None,) * n,) * n, *(((1,) * n,) * 4))


# --------------------------------------------------------------------------- the rules
def view(latin: Latin, cells: list[tuple[int, int]], variables: rules.Variables
         ) -> tuple[list[list[int]], list[int]]:
    """(clauses, seen variables) of one line read from one side: `most[v]` says the tallest
    so far is at least v; a cell of height v is seen iff the tallest before it is below v."""
    n, out, seen = latin.n, [], []
    before: dict[int, int] = {}  # v -> "the tallest before is at least v" (v from 2)
    for first, cell in enumerate(cells):
        saw = variables.new()
        seen.append(saw)
        now = {v: variables.new() for v in range(2, n + 1)}
        for v in range(1, n + 1):
            height = latin.is_(*cell, v)
            if not first:  # the first building is seen
                out.append([-height, saw])
            elif v == 1:  # a 1 after the first is hidden
                out.append([-height, -saw])
            else:
                out += [[-height, before[v], saw], [-height, -before[v], -saw]]
        for v, most in now.items():
            taller = [latin.is_(*cell, w) for w in range(v, n + 1)]
            out += [[-t, most] for t in taller]
            if v in before:
                out.append([-before[v], most])
            out.append([-most, *taller, *([before[v]] if v in before else [])])
        before = now
    return out, seen


def encode(board: Skyscrapers) -> Encoding:
    """The square's value variables first (grid/latin.py), then the views' helpers."""
    latin, out = Latin.with_givens(board.height, board.givens())
    atmosts = []
    for side, i, clue, cells in board.views():
        clauses, seen = view(latin, cells, latin.variables)
        out.add("who is seen", (side, i), clauses)
        if clue > len(cells):
            out.add("buildings seen", (side, i), [[]])
        atmosts += rules.exactly_native(seen, clue, ("buildings seen", (side, i)))
    return Encoding(out, latin.decision_vars, atmosts, rules=out.names)


# --------------------------------------------------------------------------- the checker
def validate(board: Skyscrapers) -> None:
    check_square(board.grid, "Skyscrapers")
    n = board.height
    if any(len(getattr(board, side)) != n for side in SIDES):
        raise InvalidPuzzle(f"a {n}x{n} Skyscrapers has {n} clues (or none) a side")


def seen_from(heights: list[int]) -> int:
    """How many of a line's buildings are seen from its first end."""
    tallest, count = 0, 0
    for h in heights:
        if h > tallest:
            tallest, count = h, count + 1
    return count


def is_solution(board: Skyscrapers, answer) -> bool:
    """A Latin square keeping the givens, every clue the number of buildings seen."""
    return (is_latin(answer, board.height) and kept(answer, board.givens())
            and all(seen_from([answer[r][c] for r, c in cells]) == clue
                    for _, _, clue, cells in board.views()))


# --------------------------------------------------------------------------- the looks
def draw(board: Skyscrapers, answer, other, style: Style):
    """The heights with each side's clues around them."""

    def ring(side: str, i: int) -> str:
        clue = getattr(board, side)[i]
        return "" if clue is None else str(clue)

    return draw_between(board.grid, answer, other, style, lambda a, b: None, ring)


def svg(board: Skyscrapers, answer) -> str:
    """The picture: the heights, each side's clues around them (grid/between.py)."""
    return picture_between(board, answer, LOOKS, look,
                           sides={side: getattr(board, side) for side in SIDES})


_ = None


KIND = declare(__name__, Skyscrapers, written_as={"tatham": "towers"}, examples=tiny(
    unique=Skyscrapers(((_, _, _),) * 3, (3, 2, _), (_, _, _), (_, _, _),
                       (_, _, _)),
    multiple=Skyscrapers(((_,) * 3,) * 3, *(((_,) * 3,) * 4)),
    none=Skyscrapers(((_,) * 2,) * 2, (2, _), (2, _), (_, _), (_, _))))
