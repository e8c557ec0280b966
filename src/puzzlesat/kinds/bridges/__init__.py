"""Bridges (Hashi): join the islands with bridges, one or two between two islands in line
with open water between them, so that each island has as many bridges as its number, no
two bridges cross, and every island is reached from every other.

Two variables a pair of islands in line (genres.md's sketch): `one` (a bridge at least)
and `two` (a second), `two` implying `one`; each island's count is exactly its number of
those (at most eight literals, no helper); a horizontal and a vertical pair that cross
never both hold; and the islands are connected over the `one` variables, the lazy way
(grid.connectivity.spanning). Board JSON: `{"grid": rows of null or an island's number
1-8}`; an answer is rows of null or an island's `[right, down]` bridge counts (0-2).
The drawing and picture are draw.py and picture.py.
"""

from __future__ import annotations

from typing import NamedTuple

from ...budget import Cost, grid_cost
from ...core import InvalidPuzzle
from ...grid import clauses as rules
from ...grid.board import Board, board
from ...grid.connectivity import connected, spanning
from ...grid.rows import Read, natural, or_null, rectangular
from ...sat import Encoding
from .. import declare, tiny

Island = tuple[int, int]
Answer = tuple[tuple[tuple[int, int] | None, ...], ...]  # an island's (right, down) counts


class Span(NamedTuple):
    """Two islands in line with open water between: `across` from `a` rightwards to `b`,
    else downwards; `water` the cells between."""

    a: Island
    b: Island
    across: bool
    water: tuple[Island, ...]


@board
class Bridges(Board):
    """Rows of cells, None open water or an island's number."""

    kind = "bridges"

    grid: tuple[tuple[int | None, ...], ...]

    def islands(self) -> list[Island]:
        return [(r, c) for r, row in enumerate(self.grid) for c, v in enumerate(row) if v]

    def spans(self) -> list[Span]:
        """Every pair of islands a bridge may join: each island's nearest to the right and
        below, in reading order, rightwards first."""
        out = []
        for r, c in self.islands():
            for across, (dr, dc) in ((True, (0, 1)), (False, (1, 0))):
                a, b, water = r + dr, c + dc, []
                while a < self.height and b < self.width and not self.grid[a][b]:
                    water.append((a, b))
                    a, b = a + dr, b + dc
                if a < self.height and b < self.width:
                    out.append(Span((r, c), (a, b), across, tuple(water)))
        return out


JSON_FIELDS = {"grid": Read("[[2, null, 3], ...]", "null or an island's number 1-8",
                            or_null(natural(1, 8)))}
PUZZLE_JSON = '`{"grid": rows of null or an island\'s number 1-8}`'
SOLUTION_JSON = "rows of null or an island's `[right, down]` bridge counts (0-2)"
SITE_TEXT = "each island's `right,down` counts in reading order, joined by `;`"


def answer_json(answer: Answer) -> list:
    return [[None if v is None else list(v) for v in row] for row in answer]


def site_answer(board: Bridges, answer: Answer) -> str:
    """What puzzle-bridges.com hashes: each island's `right,down` counts in reading order,
    joined by `;` (genres.md section 2)."""
    return ";".join(f"{v[0]},{v[1]}" for row in answer for v in row if v is not None)


def cost(board: Bridges) -> Cost:
    """Per cell: its share of two spans' two variables, an island's count over eight
    literals (C(8, 4) clauses at most, of up to eight), and a crossing pair."""
    return grid_cost(board.height * board.width, 8 + 70 * 8 // 2, 4 + 70)


def stress(height: int, width: int) -> Bridges:
    """An island of 4 on every other cell of every other row, water between: the most
    spans and crossings a board holds (each span over one cell of water)."""
    return Bridges(tuple(tuple(4 if r % 2 == 0 and c % 2 == 0 else None for c in range(width))
                         for r in range(height)))


# --------------------------------------------------------------------------- the rules
def encode(board: Bridges) -> Encoding:
    """Variables `one`, `two` for each span in order, then the counts' helpers: each
    island's count, no two bridges crossing, the islands connected."""
    spans = board.spans()
    one = {span: 2 * i + 1 for i, span in enumerate(spans)}
    out = rules.Named()
    out.add("a second bridge beside a first", ("board",),
            [[-(one[span] + 1), one[span]] for span in spans])
    touching: dict[Island, list[int]] = {island: [] for island in board.islands()}
    for span in spans:
        for end in (span.a, span.b):
            touching[end] += [one[span], one[span] + 1]
    for (r, c), lits in touching.items():
        out.add("as many bridges as the number", ("clue", (r, c)),
                rules.exactly_few(lits, board.grid[r][c]))
    out.add("bridges never cross", ("board",), rules.never_both(
        [(one[h], one[v]) for h, v in _crossings(spans)]))
    islands = spanning(board.islands(), [(one[span], span.a, span.b) for span in spans])
    return Encoding(out, list(range(1, 2 * len(spans) + 1)), refine=islands.refine,
                    rules=out.names)


def _crossings(spans: list[Span]) -> list[tuple[Span, Span]]:
    """The (across, down) pairs of spans whose water shares a cell."""
    across = {cell: span for span in spans if span.across for cell in span.water}
    return [(across[cell], span) for span in spans if not span.across
            for cell in span.water if cell in across]


def decode(board: Bridges, values) -> Answer:
    """Each island's (right, down) counts from the span variables."""
    counts = {island: [0, 0] for island in board.islands()}
    for i, span in enumerate(board.spans()):
        counts[span.a][0 if span.across else 1] = int(bool(values[2 * i])) + int(
            bool(values[2 * i + 1]))
    return tuple(tuple(None if v is None else tuple(counts[(r, c)]) for c, v in enumerate(row))
                 for r, row in enumerate(board.grid))


# --------------------------------------------------------------------------- the checker
def validate(board: Bridges) -> None:
    rectangular(board.grid, "Bridges")
    if not board.islands():
        raise InvalidPuzzle("a Bridges board has an island at least")


def _built(board: Bridges, answer: Answer) -> list[tuple[Island, Island, int, list]] | None:
    """Each bridge as (from, to, count, the cells it passes over), or None where the
    answer builds one off the board, onto water or over an island."""
    out = []
    for (r, c) in board.islands():
        for count, (dr, dc) in zip(answer[r][c] or (0, 0), ((0, 1), (1, 0))):
            if not count:
                continue
            a, b, over = r + dr, c + dc, []
            while a < board.height and b < board.width and not board.grid[a][b]:
                over.append((a, b))
                a, b = a + dr, b + dc
            if a >= board.height or b >= board.width or count not in (1, 2):
                return None
            out.append(((r, c), (a, b), count, over))
    return out


def is_solution(board: Bridges, answer) -> bool:
    """Every island's number met, no two bridges over one cell, the islands connected.
    From the grid and the answer alone, no SAT."""
    if len(answer) != board.height or any(len(row) != board.width for row in answer):
        return False
    if any((v is None) != (answer[r][c] is None)
           for r, row in enumerate(board.grid) for c, v in enumerate(row)):
        return False
    built = _built(board, answer)
    if built is None:
        return False
    count = {island: 0 for island in board.islands()}
    around: dict[Island, list[Island]] = {island: [] for island in count}
    water: list[Island] = []
    for a, b, n, over in built:
        count[a], count[b] = count[a] + n, count[b] + n
        around[a].append(b)
        around[b].append(a)
        water += over
    return (all(count[(r, c)] == board.grid[r][c] for r, c in count)
            and len(water) == len(set(water)) and connected(list(count), around.__getitem__))


KIND = declare(__name__, Bridges, written_as={"tatham": "bridges"}, examples=tiny(
    unique=Bridges(((2, None, 3), (None, None, None), (None, None, 1))),
    multiple=Bridges(((3, None, 3), (None, None, None), (3, None, 3))),
    none=Bridges(((1, None, 1), (None, None, None), (1, None, 1)))))
