"""Masyu: draw one loop through cell centres that passes every circle; it goes straight
through a white circle and turns in a cell next to it, and it turns on a black circle and
goes straight on through the next cell of both legs.

A variable per edge between cell centres (genres.md's sketch), numbered as the answer lists
them: the toolkit's single loop (degree 0 or 2 a cell, its cuts found while solving), and a
few clauses a circle. Board JSON: `{"cells": ["..W.B", ...]}` (`.` an empty cell, `W` a
white circle, `B` a black one); an answer is the loop's edges (grid/loop.py). The drawing
and picture are draw.py and picture.py.
"""

from __future__ import annotations

from ...grid import clauses as rules
from ...grid.board import Board, board
from ...grid.cell_path import EdgeGrid
from ...grid.connectivity import single_loop
from ...grid.geometry import cell_edges
from ...grid.loop import Loop, answer_json, is_one_loop, links, site_answer  # noqa: F401 (parts `declare` finds)
from ...grid.rows import Read
from ...sat import Encoding
from .. import declare, tiny

EMPTY, WHITE, BLACK = ".", "W", "B"
CIRCLES = WHITE + BLACK
CELL_CHARACTERS = EMPTY + CIRCLES

Answer = Loop  # H rows of W-1 horizontal edges, then H-1 rows of W vertical ones
Clause = list[int]


@board
class Masyu(Board):
    """Rows of cells, one character a cell (CELL_CHARACTERS)."""

    kind = "masyu"
    GRID = "cells"

    cells: tuple[str, ...]

    def circles(self) -> list[tuple[int, int, str]]:
        """(row, col, WHITE or BLACK) of every circle, in reading order."""
        return [
            (r, c, ch) for r, row in enumerate(self.cells)
            for c, ch in enumerate(row) if ch in CIRCLES
        ]


JSON_FIELDS = {"cells": Read("..W.B", ". an empty cell, W a white circle, B a black one",
                             CELL_CHARACTERS)}
PUZZLE_JSON = '`{"cells": ["..W.B", ...]}`: `.` empty, `W` a white circle, `B` a black one'
SOLUTION_JSON = (
    'the loop: `{"horizontal": H rows of W-1 0/1, "vertical": H-1 rows of W 0/1}`, the edges '
    'between cell centres'
)
DRAWS_PARTLY = True  # its drawing shows a half-decided answer: a hint's board
SITE_TEXT = 'the edges, `y`/`n`, as `solution` orders them, across first'


# Per cell its degree (four clauses of four, four of three) and a circle's clauses (on
# a board of circles alone, 46 literals a cell were measured: tests/test_memory_bound.py);
# the one-loop rule's cuts are found while solving, each at most the board's edges long.
CELL_COST = (56, 18)  # literals, clauses


# --------------------------------------------------------------------------- the rules
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
    for a, b, beyond in ((left, right, (edges.left(r, c - 1), edges.right(r, c + 1))),
                         (up, down, (edges.up(r - 1, c), edges.down(r + 1, c)))):
        if a is not None and b is not None and None not in beyond:
            out.append([-a, -beyond[0] - 1, -beyond[1] - 1])
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


def encode(board: Masyu) -> Encoding:
    """Edge variables 1..N in the answer's order; each circle passed and its rule kept, then
    the toolkit's single loop (degree 0 or 2 a cell, an edge at least, its cuts as refine)."""
    edges = EdgeGrid(board.height, board.width)
    out = rules.Named()
    for r, c, ch in board.circles():
        passed = [[e + 1 for e in edges.arms(r, c) if e is not None]]
        if ch == WHITE:
            out.add("white: straight, a turn beside", ("clue", (r, c)),
                    passed + _white(edges, r, c))
        else:
            out.add("black: a turn, straight beyond", ("clue", (r, c)),
                    passed + _black(edges, r, c))
    horizontal, vertical = cell_edges(board.height, board.width)
    loop = single_loop([(i, a, b) for i, (a, b) in enumerate(horizontal + vertical, 1)])
    out.add("one single loop", ("loop",), loop.clauses)
    return Encoding(out, list(range(1, edges.count + 1)), refine=loop.refine, rules=out.names)


def decode(board: Masyu, values) -> Answer:
    """The edge rows from the edge variables."""
    return Loop(*EdgeGrid(board.height, board.width).rows([int(bool(v)) for v in values]))


def places(board: Masyu) -> list:
    return EdgeGrid(board.height, board.width).places()  # for hints


# --------------------------------------------------------------------------- the checker
def _straight(around: dict, cell: tuple[int, int]) -> bool:
    (a, b) = around[cell]
    return a[0] == b[0] or a[1] == b[1]


def _circle_holds(around: dict, cell: tuple[int, int], circle: str) -> bool:
    """White: straight through, turning on at least one of the two cells next along the
    loop. Black: a turn, and straight on through the next cell of both legs."""
    if len(around[cell]) != 2:
        return False
    if circle == WHITE:
        return _straight(around, cell) and not all(_straight(around, n) for n in around[cell])
    return not _straight(around, cell) and all(
        (2 * n[0] - cell[0], 2 * n[1] - cell[1]) in around[n] for n in around[cell])


def is_solution(board: Masyu, answer) -> bool:
    """One loop through cell centres, through every circle, each circle's rule kept. From
    the grid and the answer's edge rows alone, no SAT."""
    around = links(board.height, board.width, answer)
    return is_one_loop(around) and all(
        _circle_holds(around, (r, c), ch) for r, c, ch in board.circles())


def stress(height: int, width: int) -> Masyu:
    """A circle on every cell, white and black in turn: every circle's clauses."""
    return Masyu(tuple("".join("WB"[(r + c) % 2] for c in range(width)) for r in range(height)))


KIND = declare(__name__, Masyu, examples=tiny(
    unique=Masyu(("..B.", "W...", "....")),
    multiple=Masyu(("...", "...", "...")),
    none=Masyu(("B.", ".."))))
