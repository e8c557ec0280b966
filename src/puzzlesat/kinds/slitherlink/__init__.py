"""Slitherlink (puzzle-loop.com's Loop): draw one loop along the lattice of cell corners so
that every number is how many of its cell's four sides the loop runs along.

A variable per lattice edge (genres.md's sketch), the horizontal edges first in reading
order, then the vertical ones, the answer's order: each clue exactly that many of its
sides, and the toolkit's single loop (every point of degree 0 or 2 up front, closed
sub-loops cut lazily as the solver meets them, benchmarks/README.md). Board JSON:
`{"grid": [[null, 3, ...], ...]}`; an answer is the loop's edges (grid/loop.py). The
drawing and picture are draw.py and picture.py.
"""

from __future__ import annotations

from ...budget import Cost, grid_cost
from ...core import InvalidPuzzle, Status
from ...grid import clauses as rules
from ...grid.board import Board, board
from ...grid.cell_path import EdgeGrid
from ...grid.connectivity import single_loop
from ...grid.geometry import lattice_edges
from ...grid.loop import Loop, answer_json, is_one_loop, links, site_answer  # noqa: F401 (parts `declare` finds)
from ...grid.rows import natural, or_null, rectangular, value_rows
from ...sat import Encoding, Progress
from .. import Example, declare

CLUES = "0123"  # the site's; a square has four sides, so Tatham's Loopy may say 4 too
Clue = int | None
Answer = Loop  # H+1 rows of W horizontal edges, then H rows of W+1 vertical ones


@board
class Slitherlink(Board):
    """Rows of clues (None: no clue)."""

    kind = "slitherlink"

    grid: tuple[tuple[Clue, ...], ...]

    def clues(self) -> list[tuple[int, int, int]]:
        """(row, col, number) of every clue, in reading order."""
        return [(r, c, k) for r, row in enumerate(self.grid) for c, k in enumerate(row)
                if k is not None]


def to_json(board: Slitherlink) -> dict:
    return {"grid": [list(row) for row in board.grid]}


def from_json(puzzle: dict, source: str) -> Slitherlink:
    """The board from board JSON's "puzzle": {"grid": [[null, 3, ...], ...]}."""
    grid = value_rows(puzzle, "Slitherlink", "grid", "[null, 3, 0]", "null or a clue 0-4",
                      or_null(natural(0, 4)))
    return Slitherlink(grid=grid, source=source)


def cost(board: Slitherlink) -> Cost:
    """Per lattice point its degree clauses and a clue's exact count (at most eight clauses
    of four); the lazy loop's cuts come on top, each at most a sub-loop's rim long."""
    return grid_cost((board.height + 1) * (board.width + 1), 40 + 4 * 17, 16)


# --------------------------------------------------------------------------- the rules
def sides(board: Slitherlink, r: int, c: int) -> list[int]:
    """The variables of a cell's top, bottom, left and right edges."""
    w, h = board.width, board.height
    across = (h + 1) * w  # the horizontal edges come first
    return [r * w + c + 1, (r + 1) * w + c + 1,
            across + r * (w + 1) + c + 1, across + r * (w + 1) + c + 2]


def encode(board: Slitherlink, progress: Progress | None = None) -> Encoding:
    """Edge variables 1..N in the answer's order, each clue's exact count, and the single
    loop. `progress` hears "encoding"."""
    if progress is not None:
        progress("encoding")
    horizontal, vertical = lattice_edges(board.height, board.width)
    edges = [(i, a, b) for i, (a, b) in enumerate(horizontal + vertical, 1)]
    out = rules.Named()
    for r, c, k in board.clues():
        out.add("sides on the loop", ("clue", (r, c)), rules.exactly_few(sides(board, r, c), k))
    loop = single_loop(edges)
    out.add("one single loop", ("loop",), loop.clauses)
    return Encoding(out, [var for var, _, _ in edges], refine=loop.refine, rules=out.names)


def decode(board: Slitherlink, values) -> Answer:
    """(horizontal, vertical) rows of 0/1 from the edge variables."""
    lattice = EdgeGrid(board.height + 1, board.width + 1)
    return Loop(*lattice.rows([int(bool(v)) for v in values]))


def places(board: Slitherlink) -> list:
    return EdgeGrid(board.height + 1, board.width + 1).places()  # for hints


# --------------------------------------------------------------------------- the checker
def validate(board: Slitherlink) -> None:
    """Rows of one length, clues 0-4 (a square's sides); clues that cannot hold together
    are the solver's to find (no solution)."""
    rectangular(board.grid, "Slitherlink")
    if any(k is not None and not (type(k) is int and 0 <= k <= 4)
           for row in board.grid for k in row):
        raise InvalidPuzzle("a Slitherlink clue is a number 0-4")


def is_solution(board: Slitherlink, found) -> bool:
    """One single loop on the lattice, and every clue the number of its sides on it."""
    if not is_one_loop(links(board.height + 1, board.width + 1, found)):
        return False
    horizontal, vertical = found
    return all(
        horizontal[r][c] + horizontal[r + 1][c] + vertical[r][c] + vertical[r][c + 1] == k
        for r, c, k in board.clues()
    )


def stress(height: int, width: int) -> Slitherlink:
    """A 2 on every cell: the most clauses a clue has, on every cell."""
    return Slitherlink(((2,) * width,) * height)


# board JSON's `puzzle` and `solution`, and the answer text the site hashes, as the
# README's table of kinds shows them (catalogue.kinds)
PUZZLE_JSON = '`{"grid": rows of null or a clue 0-4}`'
SOLUTION_JSON = 'the loop: `{"horizontal": H+1 rows of W 0/1, "vertical": H rows of W+1 0/1}`'
SITE_TEXT = 'the edges, `y`/`n`, as `solution` orders them, across first'

KIND = declare(
    __name__, Slitherlink,
    examples=(  # three by three: the smallest square grid Tatham's Loopy takes
        Example("3x3", Slitherlink(((3, None, None), (None, None, 0), (0, None, None)),
                                   title="Tiny", puzzle_id="7"), Status.UNIQUE),
        Example("3x3 open", Slitherlink(((None,) * 3,) * 3), Status.MULTIPLE),
        Example("none", Slitherlink(((None, 0, None), (0, 3, 0), (None, 0, None))), Status.NONE),
    ),
    written_as={"tatham": "loopy"},
)
