"""Shakashaka to CNF: four variables a white cell, one for each of its edges, true where a
triangle's leg lies along that edge (its black side). A triangle is two legs that meet at
its right angle, so a cell holds none or two adjacent ones: five states, no helper.

Every white area is a rectangle, upright or at 45 degrees, exactly when around every
lattice point each arc of white is a quarter or a half turn, or the whole turn (a flat
region whose every corner turns a quarter has four corners and is a rectangle: its total
turning is a full turn). Around a point the eight 45-degree sectors are the legs of the
four cells meeting there, so the rule is clauses over eight edge variables (VERTEX_RULE);
a black cell or the board's outside is black in every sector.
"""

from __future__ import annotations

from functools import cache

from ...grid import clauses as rules
from ...grid.geometry import neighbours
from ...sat import Encoding, Progress
from .board import Answer, Shakashaka

SIDES = "NESW"
# The eight sectors around lattice point (i, j), clockwise from the ray going up: each is
# (row step, column step, side) of the cell it lies in, from (i, j).
SECTORS = (
    (-1, 0, "W"), (-1, 0, "S"),  # the cell up and right
    (0, 0, "N"), (0, 0, "W"),  # down and right
    (0, -1, "E"), (0, -1, "N"),  # down and left
    (-1, -1, "S"), (-1, -1, "E"),  # up and left
)
# The sector patterns that break the rule, as the fewest short clauses: `1` a black sector,
# `0` a white one, `.` either (each pattern forbidden). They cover exactly the patterns
# with a white arc of one, three, five, six or seven sectors (45, 135, 225, 270, 315
# degrees): test_shakashaka derives them from the rule over all 256 patterns.
VERTEX_RULE = (
    "01.....1", "101.....", "1.....10", "...101..", "..101...", ".101....", "....101.",
    ".....101", "01..0.0.", "0.01..0.", "10.0.0..", ".01..0.0", "0.0.01..", ".0.01..0",
    "0.0.0..1", "1..0.0.0", "..10.01.", "...10.01", "01...10.", "1...10.0", ".01...10",
    ".10.01..", "0.01...1", "10.01...", ".0.0.01.", ".10.0.0.",
)
CORNER_OF = {"NW": "nw", "NE": "ne", "ES": "se", "SW": "sw"}  # legs in SIDES order


def encode(board: Shakashaka, progress: Progress | None = None) -> Encoding:
    """Edge variables 1..4N over the white cells in reading order (N, E, S, W), then a
    flag for each cell next to a number, true where it holds a triangle."""
    if progress is not None:
        progress("encoding")
    h, w = board.height, board.width
    variables = rules.Variables()
    leg = {
        (r, c, side): variables.of((r, c, side))
        for r in range(h) for c in range(w) if board.is_white(r, c) for side in SIDES
    }
    decision = list(range(1, variables.count + 1))
    out: list[list[int]] = []
    for r in range(h):
        for c in range(w):
            if board.is_white(r, c):
                out += _one_triangle_at_most(*(leg[r, c, side] for side in SIDES))
    for i in range(h + 1):
        for j in range(w + 1):
            out += _vertex(leg, i, j)
    flags: dict[tuple[int, int], int] = {}
    for r, c, k in board.clues():
        around = [_triangle_flag(leg, flags, cell, variables, out)
                  for cell in neighbours(h, w, r, c) if board.is_white(*cell)]
        out += rules.exactly_few(around, k)
    return Encoding(out, decision)


def _one_triangle_at_most(north: int, east: int, south: int, west: int) -> list[list[int]]:
    """The legs of one cell: never two opposite edges, and each leg meets another."""
    return [
        [-north, -south], [-east, -west],
        [-north, east, west], [-south, east, west], [-east, north, south], [-west, north, south],
    ]


def _vertex(leg: dict, i: int, j: int) -> list[list[int]]:
    """The rule around lattice point (i, j): the clauses of VERTEX_RULE over its sectors,
    a black sector (a black cell, the outside) a constant."""
    sectors = [leg.get((i + dr, j + dc, side)) for dr, dc, side in SECTORS]
    black = sum(1 << k for k, var in enumerate(sectors) if var is None)
    if black == 0xFF:
        return []
    return [[sign * sectors[k] for k, sign in shape] for shape in _shapes(black)]


@cache
def _shapes(black: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """VERTEX_RULE where the sectors of the bits of `black` are black: each clause as
    (sector, sign) pairs, a clause that a black sector satisfies left out, a literal it
    falsifies dropped. A point's clauses are then these with its variables put in."""
    out = []
    for pattern in VERTEX_RULE:
        marks = [(k, mark) for k, mark in enumerate(pattern) if mark != "."]
        if any(black >> k & 1 and mark == "0" for k, mark in marks):
            continue
        out.append(tuple((k, 1 if mark == "0" else -1) for k, mark in marks
                         if not black >> k & 1))
    return tuple(out)


def _triangle_flag(leg: dict, flags: dict, cell: tuple[int, int], variables: rules.Variables,
                   out: list[list[int]]) -> int:
    """A flag for "this cell holds a triangle" (it has a north or a south leg), made once."""
    if cell not in flags:
        flag = flags[cell] = variables.new()
        out += rules.any_of(flag, [leg[(*cell, "N")], leg[(*cell, "S")]])
    return flags[cell]


def decode(board: Shakashaka, values) -> Answer:
    """Rows of None or the triangle's right-angle corner, from the edge variables; legs
    that make no triangle (not an answer) stay as they are, which the checker refuses."""
    on = iter(values)
    rows = []
    for r in range(board.height):
        row: list[str | None] = []
        for c in range(board.width):
            if not board.is_white(r, c):
                row.append(None)
                continue
            legs = "".join(side for side in SIDES if next(on))
            row.append(CORNER_OF.get(legs, legs.lower()) if legs else None)
        rows.append(tuple(row))
    return tuple(rows)
