"""Kakurasu: shade cells so that each row's shaded cells add up to its clue, a cell
counting its column number (1 at the left), and each column's to its clue, a cell counting
its row number (1 at the top).

A variable per cell, true where shaded; each clue is one pseudo-Boolean equality, a native
count over the line's cells each repeated as often as its weight (grid.clauses
.weighted_native): no helper variable, propagated by the solver as a sum. Board JSON:
`{"columns": [column sums, left to right], "rows": [row sums, top to bottom]}`, null for a
line without a clue; an answer is rows of 0/1, 1 shaded. The board, its JSON and its
drawing (the sums above and left of the grid) are grid/counts.py's.
"""

from __future__ import annotations

from ..budget import Cost, grid_cost
from ..core import InvalidPuzzle, Status
from ..grid import clauses as rules
from ..grid.board import board
from ..grid.counts import Counted, cell_rules, counted_drawing, counts_from_json, counts_json
from ..grid.looks import SHADED, WHITE
from ..grid.rows import cell_answer, is_bit_rows
from ..sat import Encoding, Progress
from . import Example, declare

Answer = tuple[tuple[int, ...], ...]  # rows of 0/1, 1 shaded


@board
class Kakurasu(Counted):
    """The sums of each column (left to right) and row (top to bottom), None for none: a
    shaded cell counts its row number (from 1) in its column's, its column number in its
    row's."""

    kind = "kakurasu"


to_json = counts_json


def from_json(puzzle: dict, source: str) -> Kakurasu:
    """The board from board JSON's "puzzle": {"columns": [3, null, ...], "rows": [...]}."""
    return Kakurasu(*counts_from_json(puzzle, "Kakurasu"), source=source)


def site_answer(board: Kakurasu, answer: Answer) -> str:
    """What puzzle-kakurasu.com hashes (genres.md section 2): `1` a shaded cell, `0` the
    others, row by row."""
    return "".join(str(v) for row in answer for v in row)


def cost(board: Kakurasu) -> Cost:
    """A cell stands in its row's two native counts as often as its column number and in
    its column's as often as its row number: W + H + 2 literals a cell at most (the
    average), and two counts a line, H + W lines: at most four counts a cell."""
    h, w = board.height, board.width
    return grid_cost(h * w, w + h + 2, 4)


def stress(height: int, width: int) -> Kakurasu:
    """Every line clued (a checkerboard's sums): every cell in two counts, the most copies."""
    return Kakurasu(
        columns=tuple(sum(r + 1 for r in range(height) if (r + c) % 2) for c in range(width)),
        rows=tuple(sum(c + 1 for c in range(width) if (r + c) % 2) for r in range(height)))


# --------------------------------------------------------------------------- the rules
def encode(board: Kakurasu, progress: Progress | None = None) -> Encoding:
    """Cell variables 1..N in reading order; a native equality a clued line, its cells
    weighted 1, 2, ... from the left (a row) or the top (a column)."""
    cell, out = cell_rules(board, progress)
    atmosts = []
    for scope, clue, cells in board.counted_lines():
        atmosts += rules.weighted_native([cell[rc] for rc in cells],
                                         range(1, len(cells) + 1), clue, ("the sum a line", scope))
    return Encoding(out, list(cell.values()), atmosts, rules=out.names)


def decode(board: Kakurasu, values) -> Answer:
    return cell_answer(board, values)


# --------------------------------------------------------------------------- the checker
def validate(board: Kakurasu) -> None:
    """At least one row and one column. A sum past what its line can hold is the
    solver's to find (no solution)."""
    if not board.columns or not board.rows:
        raise InvalidPuzzle("a Kakurasu has at least one row and one column of sums")


def is_solution(board: Kakurasu, answer) -> bool:
    """0/1 cells; each clued row's shaded column numbers, and each clued column's shaded
    row numbers, add up to its sum. From the clues alone, no SAT."""
    return is_bit_rows(answer, board.height, board.width) and all(
        sum(weight for weight, (r, c) in enumerate(cells, 1) if answer[r][c]) == clue
        for _, clue, cells in board.counted_lines())


# --------------------------------------------------------------------------- the looks
LOOKS = {"shaded": SHADED, "white": WHITE}


def look(board: Kakurasu, answer: Answer | None, r: int, c: int) -> str:
    return "shaded" if answer is not None and answer[r][c] else "white"


draw, svg = counted_drawing(LOOKS, look, lambda board: None)  # the sums above and left


_ = None
# board JSON's `puzzle` and `solution`, and the answer text the site hashes, as the
# README's table of kinds shows them (catalogue.kinds)
PUZZLE_JSON = '`{"columns": [column sums], "rows": [row sums]}`, null no sum'
SOLUTION_JSON = 'rows of 0/1, 1 shaded'
SITE_TEXT = '`1`/`0` a cell, `1` shaded'

KIND = declare(
    __name__, Kakurasu,
    examples=(
        Example("3x3", Kakurasu((4, 2, 5), (1, 5, 4), title="Tiny", puzzle_id="7"),
                Status.UNIQUE),
        Example("2x2 open", Kakurasu((_, _), (_, _)), Status.MULTIPLE),
        Example("too much", Kakurasu((7, _), (_, _)), Status.NONE),
    ),
)
