"""Masyu to CNF: a variable per edge between cell centres, true where the loop runs
(genres.md's sketch), numbered as the answer lists edges.

Each cell has two loop edges or none, a circle two (the toolkit's loop rule says the
degrees); a white circle is passed straight and
the loop turns in a cell next to it; a black circle is a turn and the loop runs straight on
through the next cell of both legs. These are a few clauses a cell; that the edges are one
loop, not several, is the grid toolkit's connectivity rule.
"""

from __future__ import annotations

from ...grid.cell_path import EdgeGrid
from ...grid.connectivity import single_loop
from ...grid.geometry import cell_edges
from ...sat import Encoding, Progress
from .board import WHITE, Answer, Masyu

Clause = list[int]


def _var(edge: int | None) -> int | None:
    return None if edge is None else edge + 1


def _same(a: int | None, b: int | None) -> list[Clause]:
    """a <-> b, either missing (off the board) being false."""
    if a is None and b is None:
        return []
    if a is None or b is None:
        return [[-(a or b)]]
    return [[-a, b], [-b, a]]


def _white(edges: EdgeGrid, r: int, c: int) -> list[Clause]:
    """Straight through (left with right, up with down), and a turn on one side: the edge in
    means the two edges beyond the neighbours do not both hold."""
    up, down, left, right = map(_var, edges.arms(r, c))
    out = _same(left, right) + _same(up, down)
    if left is not None and right is not None:
        beyond = _var(edges.left(r, c - 1)), _var(edges.right(r, c + 1))
        if None not in beyond:
            out.append([-left, -beyond[0], -beyond[1]])
    if up is not None and down is not None:
        beyond = _var(edges.up(r - 1, c)), _var(edges.down(r + 1, c))
        if None not in beyond:
            out.append([-up, -beyond[0], -beyond[1]])
    return out


def _black(edges: EdgeGrid, r: int, c: int) -> list[Clause]:
    """A turn (one horizontal and one vertical edge), each leg straight on through the next
    cell: an edge means the one beyond it (a leg with nowhere to go is no edge)."""
    up, down, left, right = map(_var, edges.arms(r, c))
    out = [
        [lit for lit in (left, right) if lit is not None],
        [lit for lit in (up, down) if lit is not None],
    ]
    out += [[-a, -b] for a, b in ((left, right), (up, down)) if a is not None and b is not None]
    legs = (
        (up, edges.up(r - 1, c) if r else None), (down, edges.down(r + 1, c)),
        (left, edges.left(r, c - 1) if c else None), (right, edges.right(r, c + 1)),
    )
    for edge, beyond in legs:
        if edge is not None:
            out.append([-edge] if beyond is None else [-edge, beyond + 1])
    return out


def circle_clauses(board: Masyu, edges: EdgeGrid) -> list[Clause]:
    """The loop passes every circle, and each circle's rule holds."""
    out: list[Clause] = []
    for r, c, ch in board.circles():
        out.append([e + 1 for e in edges.arms(r, c) if e is not None])
        out += _white(edges, r, c) if ch == WHITE else _black(edges, r, c)
    return out


def encode(board: Masyu, progress: Progress | None = None) -> Encoding:
    """Edge variables 1..N in the answer's order; the circles' clauses, and the toolkit's
    single loop (degree 0 or 2 a cell, an edge at least, and its cuts as refine)."""
    if progress is not None:
        progress("encoding")
    edges = EdgeGrid(board.height, board.width)
    horizontal, vertical = cell_edges(board.height, board.width)
    loop = single_loop([(i, a, b) for i, (a, b) in enumerate(horizontal + vertical, 1)])
    clauses = circle_clauses(board, edges) + loop.clauses
    return Encoding(clauses, list(range(1, edges.count + 1)), refine=loop.refine)


def decode(board: Masyu, values) -> Answer:
    """The edge rows from the edge variables."""
    edges = EdgeGrid(board.height, board.width)
    return Answer(*edges.rows([int(bool(v)) for v in values]))
