"""Shakashaka: put black right triangles in white cells so that every white area is a
rectangle, upright or at 45 degrees, and every number counts the triangles beside it.

Four variables a white cell, one for each of its edges, true where a triangle's leg lies
along it (its black side): a cell holds none or two adjacent ones, five states and no
helper. Every white area is a rectangle exactly when around every lattice point each arc
of white is a quarter or a half turn, or the whole turn (a flat region whose every corner
turns a quarter has four corners: its total turning is a full turn). Around a point the
eight 45-degree sectors are the legs of the four cells meeting there, so the rule is
clauses over eight edge variables (VERTEX_RULE); a black cell or the outside is black in
every sector. Board JSON: `{"cells": ["..B0", ...]}` (`.` white, `B` black, `0`-`4` a
numbered black cell); an answer is rows of None or the corner of the triangle's right
angle, "nw", "ne", "se" or "sw". No site_answer: no real page shows what the site hashes.
The drawing shows the triangles (draw.py, picture.py).
"""

from __future__ import annotations

from functools import cache

from ...budget import Cost, grid_cost
from ...grid import clauses as rules
from ...grid.board import CellRows, board
from ...grid.connected import components
from ...grid.geometry import cells, neighbours
from ...grid.rows import Read
from ...sat import Encoding
from .. import declare, tiny

WHITE, BLACK = ".", "B"
CLUES = "01234"
CELL_CHARACTERS = WHITE + BLACK + CLUES
CORNERS = ("nw", "ne", "se", "sw")  # a triangle by the corner of its right angle

Answer = tuple[tuple[str | None, ...], ...]


@board
class Shakashaka(CellRows):
    """Rows of cells, one character a cell (CELL_CHARACTERS)."""

    kind = "shakashaka"


JSON_FIELDS = {"cells": Read("..B0", ". white, B black, 0-4 a numbered black cell",
                             CELL_CHARACTERS)}
PUZZLE_JSON = (
    '`{"cells": ["2..", "B..", ...]}`: `.` white, `B` black, `0`-`4` a numbered black cell'
)
SOLUTION_JSON = (
    'rows of `null` or the corner of a triangle\'s right angle (`"nw"`, `"ne"`, `"se"`, `"sw"`)'
)
SITE_TEXT = 'not known'


def cost(board: Shakashaka) -> Cost:
    """Per lattice point: a cell's six leg clauses, the point's rule (at most its table's
    clauses of four), a triangle flag and a share of a number's exact count."""
    return grid_cost((board.height + 1) * (board.width + 1), 16 + 104 + 7 + 40, 6 + 26 + 3 + 10)


# --------------------------------------------------------------------------- the rules
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


def encode(board: Shakashaka) -> Encoding:
    """Edge variables 1..4N over the white cells in reading order (N, E, S, W), then a
    flag for each cell next to a number, true where it holds a triangle."""
    h, w = board.height, board.width
    variables = rules.Variables()
    whites = [cell for cell in cells(h, w) if board.is_white(*cell)]
    leg = {(r, c, side): variables.of((r, c, side)) for r, c in whites for side in SIDES}
    decision = list(range(1, variables.count + 1))
    out = rules.Named()
    add = out.add  # a family a cell and a lattice point: naming must not slow the encoding
    for r, c in whites:
        north, east, south, west = (leg[r, c, side] for side in SIDES)
        add("a triangle or none", ("cell", (r, c)), [  # no opposite legs; legs meet
            [-north, -south], [-east, -west], [-north, east, west], [-south, east, west],
            [-east, north, south], [-west, north, south]])
    for point in cells(h + 1, w + 1):
        add("white corners square", ("point", point), _vertex(leg, *point))
    flags: dict[tuple[int, int], int] = {}
    for r, c, k in board.clues():
        around = [_triangle_flag(leg, flags, cell, variables, out)
                  for cell in neighbours(h, w, r, c) if board.is_white(*cell)]
        out.add("triangles beside a number", ("clue", (r, c)), rules.exactly_few(around, k))
    return Encoding(out, decision, rules=out.names)


def _vertex(leg: dict, i: int, j: int) -> list[list[int]]:
    """The rule around lattice point (i, j): the clauses of VERTEX_RULE over its sectors,
    a black sector (a black cell, the outside) a constant."""
    sectors = [leg.get((i + dr, j + dc, side)) for dr, dc, side in SECTORS]
    black = sum(1 << k for k, var in enumerate(sectors) if var is None)
    return [[sign * sectors[k] for k, sign in shape] for shape in _shapes(black)]


@cache
def _shapes(black: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """VERTEX_RULE where the sectors of the bits of `black` are black: each clause as
    (sector, sign) pairs, a clause that a black sector satisfies left out, a literal it
    falsifies dropped (all black: none)."""
    if black == 0xFF:
        return ()
    out = []
    for pattern in VERTEX_RULE:
        marks = [(k, mark) for k, mark in enumerate(pattern) if mark != "."]
        if not any(black >> k & 1 and mark == "0" for k, mark in marks):
            out.append(tuple((k, 1 if mark == "0" else -1) for k, mark in marks
                             if not black >> k & 1))
    return tuple(out)


def _triangle_flag(leg: dict, flags: dict, cell: tuple[int, int], variables: rules.Variables,
                   out: rules.Named) -> int:
    """A flag for "this cell holds a triangle" (it has a north or a south leg), made once."""
    if cell not in flags:
        flag = flags[cell] = variables.new()
        out.add("a triangle's sides run along its cell's edges", ("cell", cell),
                rules.any_of(flag, [leg[(*cell, "N")], leg[(*cell, "S")]]))
    return flags[cell]


def decode(board: Shakashaka, values) -> Answer:
    """Rows of None or the triangle's right-angle corner, from the edge variables; legs
    that make no triangle (not an answer) stay as they are, which the checker refuses."""
    on = iter(values)

    def corner(r: int, c: int) -> str | None:
        legs = "".join(side for side in SIDES if next(on)) if board.is_white(r, c) else ""
        return CORNER_OF.get(legs, legs.lower()) if legs else None

    return tuple(tuple(corner(r, c) for c in range(board.width)) for r in range(board.height))


# --------------------------------------------------------------------------- the checker
# From the picture alone, not the encoding's rule about angles: each cell is cut along both
# diagonals into four quarters (N, E, S, W); a triangle blackens the two along its legs. The
# white quarters join edge to edge into areas, and an area is a rectangle exactly when it
# fills its bounding box, upright or turned 45 degrees.
BLACKENS = {"nw": "NW", "ne": "NE", "se": "SE", "sw": "SW", None: ""}
# Each quarter's three corners in half-cell units, from the cell's top-left (0, 0): x, y.
CORNERS_OF = {
    "N": ((0, 0), (2, 0), (1, 1)), "E": ((2, 0), (2, 2), (1, 1)),
    "S": ((0, 2), (2, 2), (1, 1)), "W": ((0, 0), (0, 2), (1, 1)),
}
# Quarters that share an edge: inside a cell, and with the next cell (row step, col step).
INSIDE = (("N", "E"), ("E", "S"), ("S", "W"), ("W", "N"))
ACROSS = (("S", 1, 0, "N"), ("E", 0, 1, "W"))


def is_solution(board: Shakashaka, answer) -> bool:
    """Triangles on white cells only; every number the count of triangles next to it;
    every white area a rectangle, upright or at 45 degrees."""
    h, w = board.height, board.width
    if len(answer) != h or any(len(row) != w for row in answer):
        return False
    if any(answer[r][c] is not None and (answer[r][c] not in CORNERS or not board.is_white(r, c))
           for r, c in cells(h, w)):
        return False
    if any(sum(answer[a][b] is not None for a, b in neighbours(h, w, r, c)) != k
           for r, c, k in board.clues()):
        return False
    white = [(r, c, q) for r, c in cells(h, w) if board.is_white(r, c)
             for q in "NESW" if q not in BLACKENS[answer[r][c]]]
    return all(_is_rectangle(area) for area in components(white, _touching))


def _touching(quarter: tuple[int, int, str]) -> list[tuple[int, int, str]]:
    """The quarters that share an edge with quarter q of cell (r, c)."""
    r, c, q = quarter
    out = [(r, c, b if a == q else a) for a, b in INSIDE if q in (a, b)]
    for here, dr, dc, there in ACROSS:
        if q == here:
            out.append((r + dr, c + dc, there))
        elif q == there:
            out.append((r - dr, c - dc, here))
    return out


def _is_rectangle(area: list[tuple[int, int, str]]) -> bool:
    """Whether the quarters fill their bounding box, upright or turned 45 degrees (a
    quarter is one square half-cell unit; the turned box's sides are counted in x+y and
    x-y, which doubles its area)."""
    points = [(2 * c + x, 2 * r + y) for r, c, q in area for x, y in CORNERS_OF[q]]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    us, vs = [x + y for x, y in points], [x - y for x, y in points]
    upright = (max(xs) - min(xs)) * (max(ys) - min(ys))
    turned = (max(us) - min(us)) * (max(vs) - min(vs))
    return len(area) in (upright, turned / 2)


def stress(height: int, width: int) -> Shakashaka:
    """All white: every cell's legs and every lattice point's rule."""
    return Shakashaka((WHITE * width,) * height)


KIND = declare(__name__, Shakashaka, examples=tiny(
    unique=Shakashaka(("2..", "...", "...")),
    multiple=Shakashaka(("..", "..")),
    none=Shakashaka(("4",))))
