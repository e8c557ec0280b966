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
from ...core import InvalidPuzzle
from ...grid import clauses as rules
from ...grid.board import Board, board
from ...grid.cell_path import EdgeGrid
from ...grid.connectivity import single_loop
from ...grid.geometry import lattice_edges
from ...grid.loop import Loop, answer_json, is_one_loop, links, site_answer  # noqa: F401 (parts `declare` finds)
from ...grid.rows import Read, natural, or_null, rectangular
from ...sat import Encoding
from .. import declare, tiny

CLUES = "0123"  # the site's; a square has four sides, so Tatham's Loopy may say 4 too
Clue = int | None
Answer = Loop  # H+1 rows of W horizontal edges, then H rows of W+1 vertical ones


@board
class Slitherlink(Board):
    """Rows of clues (None: no clue)."""

    kind = "slitherlink"

    grid: tuple[tuple[Clue, ...], ...]


JSON_FIELDS = {"grid": Read("[null, 3, 0]", "null or a clue 0-4", or_null(natural(0, 4)))}
PUZZLE_JSON = '`{"grid": rows of null or a clue 0-4}`'
SOLUTION_JSON = 'the loop: `{"horizontal": H+1 rows of W 0/1, "vertical": H rows of W+1 0/1}`'
DRAWS_PARTLY = True  # its drawing shows a half-decided answer: a hint's board
SITE_TEXT = 'the edges, `y`/`n`, as `solution` orders them, across first'


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


def encode(board: Slitherlink) -> Encoding:
    """Edge variables 1..N in the answer's order, each clue's exact count, and the single
    loop."""
    horizontal, vertical = lattice_edges(board.height, board.width)
    edges = [(i, a, b) for i, (a, b) in enumerate(horizontal + vertical, 1)]
    out = rules.Named()
    for r, c, k in board.givens():
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
        for r, c, k in board.givens()
    )


def stress(height: int, width: int) -> Slitherlink:
    """A 2 on every cell: the most clauses a clue has, on every cell."""
    return Slitherlink(((2,) * width,) * height)


KIND = declare(__name__, Slitherlink, written_as={"tatham": "loopy"}, examples=tiny(
    unique=Slitherlink(((3, None, None), (None, None, 0), (0, None, None))),
    multiple=Slitherlink(((None,) * 3,) * 3),
    none=Slitherlink(((None, 0, None), (0, 3, 0), (None, 0, None)))))
