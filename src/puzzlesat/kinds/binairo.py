"""Binairo (Takuzu; Tatham's Unruly): fill every cell with 0 or 1 so that every row and
column holds as many 1s as 0s, never three alike in a row, and (as the site plays it) no
two rows and no two columns are equal.

A variable per cell, true for a 1 (genres.md's sketch): the givens as units, native
counts a line, two clauses a triple, and where the board asks it, a helper a place for
every two rows (and columns) that says they differ there. Board JSON: `{"grid": [[null,
1, 0, ...], ...]}` (null an empty cell), `"distinct_lines": false` only for a puzzle
without that rule (a Tatham Unruly ID without `u`); an answer is rows of 0/1.
"""

from __future__ import annotations

from ..budget import Cost, grid_cost
from ..core import InvalidPuzzle, ParseError, Status, json_excerpt
from ..grid import clauses as rules
from ..grid.board import Board, board
from ..grid.looks import Look
from ..grid.rows import bit_rows, is_bit_rows, natural, or_null, rectangular, value_rows
from ..sat import Encoding, Progress
from . import Example, declare

Cell = int | None  # a given 0 or 1, None where empty
Answer = tuple[tuple[int, ...], ...]  # rows of 0/1


@board
class Binairo(Board):
    """Rows of givens. `distinct_lines`: no two rows and no two columns are equal, as
    puzzle-binairo.com plays it; Tatham's Unruly asks it only with its `u` parameter."""

    kind = "binairo"

    grid: tuple[tuple[Cell, ...], ...]
    distinct_lines: bool = True

    def givens(self) -> list[tuple[int, int, int]]:
        """(row, col, digit) of every given cell, in reading order."""
        return [(r, c, v) for r, row in enumerate(self.grid) for c, v in enumerate(row)
                if v is not None]


def to_json(board: Binairo) -> dict:
    out: dict = {"grid": [list(row) for row in board.grid]}
    if not board.distinct_lines:
        out["distinct_lines"] = False
    return out


def from_json(puzzle: dict, source: str) -> Binairo:
    """The board from board JSON's "puzzle": {"grid": [[null, 1, 0], ...]}."""
    grid = value_rows(puzzle, "Binairo", "grid", "[[null, 1, 0], ...]", "0, 1 or null",
                      or_null(natural(0, 1)))
    distinct = puzzle.get("distinct_lines", True)
    if not isinstance(distinct, bool):
        raise ParseError(
            'board JSON: a Binairo\'s "distinct_lines" is true or false (whether no two rows '
            f"and no two columns may be equal), not {json_excerpt(distinct)}"
        )
    return Binairo(grid, distinct_lines=distinct, source=source)


def site_answer(board: Binairo, answer: Answer) -> str:
    """What puzzle-binairo.com hashes (genres.md section 2): a `0` or `1` a cell."""
    return "".join(str(digit) for row in answer for digit in row)


def cost(board: Binairo) -> Cost:
    """Per cell: two triples each way (six literals), its share of two native counts (four
    literals), and for each other row and column it is compared with, a difference helper
    of two clauses (six literals) and one literal of that pair's clause."""
    pairs = board.height + board.width if board.distinct_lines else 0
    return grid_cost(board.height * board.width, 2 * 2 * 3 + 4 + 7 * pairs, 4 + 2 * pairs)


# --------------------------------------------------------------------------- the rules
def encode(board: Binairo, progress: Progress | None = None) -> Encoding:
    """Cell variables 1..N in reading order, then the difference helpers. `progress`
    hears "encoding"."""
    if progress is not None:
        progress("encoding")
    out, atmosts = binairo_rules(board)
    return Encoding(out, list(range(1, board.height * board.width + 1)), atmosts,
                    rules=out.names)


def binairo_rules(board: Binairo) -> tuple[rules.Named, list]:
    """(the named clauses, the native counts) of Binairo's rules, cell (r, c) the variable
    r * width + c + 1: what Binairo+ adds its signs to."""
    h, w = board.height, board.width
    variables = rules.Variables()
    rows = [[variables.of((r, c)) for c in range(w)] for r in range(h)]
    cols = [list(col) for col in zip(*rows)]
    out = rules.Named()
    out.add("the given digits", ("grid",),
            [[rows[r][c] if v else -rows[r][c]] for r, c, v in board.givens()])
    atmosts = []
    for what, lines in (("row", rows), ("column", cols)):
        for i, line in enumerate(lines):
            out.add("never three alike", (what, i), rules.never_three(line))
            atmosts += rules.exactly_native(line, len(line) // 2, ("as many 0s as 1s", (what, i)))
    for what, lines in (("row", rows), ("column", cols)) if board.distinct_lines else ():
        for i, first in enumerate(lines):
            unlike: list[list[int]] = []  # this line and each after it differ somewhere
            for second in lines[i + 1 :]:
                unlike += rules.differ(first, second, variables)
            out.add(f"unlike every {what} after it", (what, i), unlike)
    return out, atmosts


def decode(board: Binairo, values) -> Answer:
    """Rows of 0/1 from the cell variables (reading order)."""
    return bit_rows(values, board.height, board.width)


# --------------------------------------------------------------------------- the checker
def validate(board: Binairo) -> None:
    """A grid of even sides (a line holds as many 0s as 1s). Givens that cannot hold are
    the solver's to find (no solution)."""
    rectangular(board.grid, "Binairo")
    if board.width % 2 or board.height % 2:
        raise InvalidPuzzle(
            f"a Binairo's rows and columns hold as many 0s as 1s, so its sides are even, "
            f"not {board.width}x{board.height}"
        )


def is_solution(board: Binairo, answer) -> bool:
    """0/1 cells keeping the givens; as many 0s as 1s in every row and column; never three
    alike in a row or column; where the board asks it, no two rows and no two columns
    equal. From the grid alone, no SAT."""
    if not is_bit_rows(answer, board.height, board.width) or any(
            answer[r][c] != v for r, c, v in board.givens()):
        return False
    rows, cols = [tuple(row) for row in answer], list(zip(*answer))
    return all(map(_balanced, (*rows, *cols))) and (
        not board.distinct_lines or len({*rows}) + len({*cols}) == len(rows) + len(cols))


def _balanced(line: tuple[int, ...]) -> bool:
    """As many 1s as 0s, and never three alike in a row."""
    return 2 * sum(line) == len(line) and not any(
        a == b == c for a, b, c in zip(line, line[1:], line[2:]))


# --------------------------------------------------------------------------- the looks
GIVEN, FOUND = "#111111", "#8a8a8a"  # a disc's ink in the picture: given strong, found light
LOOKS = {  # a 0 `○`, a 1 `●` (in ASCII the digits): the givens bold, the digits found dim
    "zero given": Look("○", "0", "bold", mark="disc", ink="#ffffff", rim=GIVEN),
    "one given": Look("●", "1", "bold", mark="disc", ink=GIVEN, rim=GIVEN),
    "zero found": Look("○", "0", "dim", ("◎", "o"), "a 0", mark="disc", ink="#ffffff",
                       rim=FOUND),
    "one found": Look("●", "1", "dim", ("◉", "i"), "a 1", mark="disc", ink=FOUND, rim=FOUND),
    "empty": Look(" ", " "),
}


def look(board: Binairo, answer: Answer | None, r: int, c: int) -> str:
    """A given or a digit found; with no answer, the givens alone."""
    given = board.grid[r][c]
    digit = given if answer is None else answer[r][c]
    if digit is None:
        return "empty"
    return f"{('zero', 'one')[digit]} {'found' if given is None else 'given'}"


_ = None  # an empty cell, in the examples below


def stress(height: int, width: int) -> Binairo:
    """An empty grid, its sides made even: every rule over every cell, every line pair."""
    h, w = max(2, height - height % 2), max(2, width - width % 2)
    return Binairo(((None,) * w,) * h)


# board JSON's `puzzle` and `solution`, and the answer text the site hashes, as the
# README's table of kinds shows them (catalogue.kinds)
PUZZLE_JSON = (
    '`{"grid": rows of 0, 1 or null}` (`"distinct_lines": false` drops the rule that no two '
    'rows or columns are alike)'
)
SOLUTION_JSON = 'rows of 0/1'
SITE_TEXT = '`0`/`1` a cell'
CELL_WORDS = ('is 0', 'is 1')  # a cell's two values, as a hint says them

KIND = declare(
    __name__, Binairo,
    examples=(  # six a side: Tatham's Unruly holds no smaller board
        Example("6x6", Binairo(((_, _, _, 0, 0, _), (_, _, _, 0, _, 1), (_,) * 6,
                                (1, _, _, 1, _, _), (_, _, _, _, 0, _), (_, 0, _, _, _, _)),
                               title="Tiny", puzzle_id="7"), Status.UNIQUE),
        Example("6x6 open", Binairo(((_,) * 6,) * 6, distinct_lines=False), Status.MULTIPLE),
        Example("three alike", Binairo(((1, _, _, _, _, _),) * 3 + ((_,) * 6,) * 3),
                Status.NONE),
    ),
    written_as={"tatham": "unruly"},
)
