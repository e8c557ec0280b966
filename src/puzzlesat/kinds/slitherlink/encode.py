"""Slitherlink to CNF: a variable per lattice edge, true where the loop runs (genres.md's
sketch): horizontal edges first in reading order, then vertical ones, the answer's order.

Each clue is exactly that many of its cell's four sides; the edges form one single loop
(the grid toolkit's connectivity engine: every point of degree 0 or 2 up front, and
closed sub-loops cut lazily as the solver meets them, benchmarks/README.md).
"""

from __future__ import annotations

from ...grid import clauses as rules
from ...grid.connectivity import EdgeVar, single_loop
from ...grid.geometry import lattice_edges
from ...sat import Encoding, Progress
from .board import Answer, Slitherlink

METHOD, CUT = "lazy", "subloop"  # measured: benchmarks/README.md, the loop engine


def edges_of(board: Slitherlink) -> list[EdgeVar]:
    """(variable, point, point) of every lattice edge, variables 1.. in the answer's order."""
    horizontal, vertical = lattice_edges(board.height, board.width)
    return [(i, a, b) for i, (a, b) in enumerate(horizontal + vertical, 1)]


def sides(board: Slitherlink, r: int, c: int) -> list[int]:
    """The variables of a cell's top, bottom, left and right edges."""
    w, h = board.width, board.height
    across = (h + 1) * w  # the horizontal edges come first
    return [r * w + c + 1, (r + 1) * w + c + 1,
            across + r * (w + 1) + c + 1, across + r * (w + 1) + c + 2]


def encode(board: Slitherlink, progress: Progress | None = None,
           method: str = METHOD, cut: str = CUT) -> Encoding:
    """Edge variables, each clue's exact count, and the single loop. `progress` hears
    "encoding"; `method` and `cut` choose the loop's encoding (the benchmark tries each)."""
    if progress is not None:
        progress("encoding")
    edges = edges_of(board)
    variables = rules.Variables()
    variables.count = len(edges)
    out: list[list[int]] = []
    for r, c, k in board.clues():
        out += rules.exactly_few(sides(board, r, c), k)
    loop = single_loop(edges, variables, method=method, cut=cut)
    return Encoding(out + loop.clauses, [var for var, _, _ in edges], refine=loop.refine)


def decode(board: Slitherlink, values) -> Answer:
    """(horizontal, vertical) rows of 0/1 from the edge variables."""
    flat = [int(bool(v)) for v in values]
    w, h = board.width, board.height
    split = (h + 1) * w
    horizontal = tuple(tuple(flat[a * w:(a + 1) * w]) for a in range(h + 1))
    vertical = tuple(tuple(flat[split + r * (w + 1):split + (r + 1) * (w + 1)])
                     for r in range(h))
    return horizontal, vertical
