"""Shingoki: draw one loop along the grid lines through every circle on the lattice points;
it goes straight through a white circle and turns on a black one, and a circle's number is
the sum of the lengths of the two straight legs that leave it.

A variable per lattice edge, numbered as the answer lists them (Slitherlink's order): the
toolkit's single loop over the lattice points, each circle passed and its turn or straight
kept, and its number by ray variables: `ray[d][k]` says the first k edges from the circle
in direction d are all on the loop, so a leg's length is how many of its rays hold and the
number is exactly that many rays of the four directions (the two unused legs hold none).
A ray never runs past the number. Board JSON: `{"circles": rows of null or "W3"/"B12"}`
over the (H+1) x (W+1) points (`W`/`B` alone: a circle with no number); width and height
count cells, as the site does. An answer is the loop's edges (grid/loop.py). The drawing
and picture are draw.py and picture.py.
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
from ...grid.rows import Read, or_null, rectangular
from ...sat import Encoding
from .. import declare, tiny

WHITE, BLACK = "W", "B"
Circle = tuple[int, int, str, int | None]  # point row, point column, colour, number
Answer = Loop  # H+1 rows of W horizontal edges, then H rows of W+1 vertical ones
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))  # up, down, left right: EdgeGrid.arms' order


@board
class Shingoki(Board):
    """Rows of lattice points, each None or a circle: its colour and its number, "W3"."""

    kind = "shingoki"
    GRID = "circles"

    circles: tuple[tuple[str | None, ...], ...]

    @property
    def width(self) -> int:  # cells, one fewer than the points of a row
        return max(len(self.circles[0]) - 1, 0) if self.circles else 0

    @property
    def height(self) -> int:
        return max(len(self.circles) - 1, 0)

    def points(self) -> EdgeGrid:
        """The lattice points and the edges between them, in the answer's order."""
        return EdgeGrid(self.height + 1, self.width + 1)

    def circle_list(self) -> list[Circle]:
        """(row, col, colour, number or None) of every circle, in reading order."""
        return [(r, c, text[0], int(text[1:]) if text[1:] else None)
                for r, row in enumerate(self.circles) for c, text in enumerate(row) if text]


def is_circle(value: object) -> bool:
    """A circle of board JSON: "W" or "B", with its number from 1 if it has one."""
    return (isinstance(value, str) and value[:1] in (WHITE, BLACK) and len(value) <= 7
            and (value[1:] == "" or (value[1:].isascii() and value[1:].isdigit()
                                     and int(value[1:]) > 0)))


JSON_FIELDS = {"circles": Read('[[null, "W3", "B12"], ...]',
                               'null or a circle "W"/"B" with its number', or_null(is_circle))}
PUZZLE_JSON = (
    '`{"circles": rows of null or a circle, "W3" white, "B12" black}` over the H+1 rows of '
    'W+1 lattice points (`"W"`/`"B"` alone: no number)'
)
SOLUTION_JSON = 'the loop: `{"horizontal": H+1 rows of W 0/1, "vertical": H rows of W+1 0/1}`'
DRAWS_PARTLY = True  # its drawing shows a half-decided answer: a hint's board
POINT_WORDS = True  # a hint says an edge between two of the points the circles sit on, as
# drawn (Masyu's between cells), not by the cells beside it (Slitherlink's)
SITE_TEXT = 'the edges, `y`/`n`, as `solution` orders them, across first'


def cost(board: Shingoki) -> Cost:
    """Per point its degree clauses (eight of up to four); per numbered circle its rays (a
    ray at most as long as the number or the board, three clauses of up to three) and two
    clauses of four per length and pair of legs. The loop's cuts come while solving."""
    points = (board.height + 1) * (board.width + 1)
    literals = clauses = 0
    for *_, number in board.circle_list():
        if number is not None:
            rays = 2 * min(number, board.width) + 2 * min(number, board.height)
            clauses += 3 * rays + 8 * (min(number, board.width + board.height) + 1)
            literals += 9 * rays + 32 * (min(number, board.width + board.height) + 1)
    return grid_cost(points, 40 + -(-literals // points), 16 + -(-clauses // points))


def stress(height: int, width: int) -> Shingoki:
    """A numbered circle on every point of the lattice of those cells, white and black in
    turn, each number twice the largest a real page has shown (13), or as long as the legs
    can run: every circle's rays as long as they run."""
    number = min(max(height, width), 26)
    return Shingoki(tuple(tuple(f"{'WB'[(r + c) % 2]}{number}" for c in range(width + 1))
                          for r in range(height + 1)))


# --------------------------------------------------------------------------- the rules
def _edge_var(edge: int | None) -> int | None:
    return None if edge is None else edge + 1


def _turn_rule(points: EdgeGrid, r: int, c: int, colour: str) -> list[rules.Clause]:
    """The circle on the loop; white straight through (left with right, up with down),
    black a turn (never both of one axis, one of each)."""
    up, down, left, right = map(_edge_var, points.arms(r, c))
    arms = [a for a in (up, down, left, right) if a is not None]
    out = [arms]
    pairs = ((left, right), (up, down))
    if colour == WHITE:
        for a, b in pairs:
            out += [[-x] for x in (a, b) if x is not None and (a is None or b is None)]
            out += [[-a, b], [-b, a]] if a is not None and b is not None else []
        return out
    for a, b in pairs:
        out.append([x for x in (a, b) if x is not None])
        if a is not None and b is not None:
            out.append([-a, -b])
    return out


def _rays(points: EdgeGrid, r: int, c: int, number: int,
          variables: rules.Variables) -> tuple[list[list[int]], list[rules.Clause]]:
    """The rays of a circle's four directions (up, down, left, right) and their clauses: a
    ray of k holds when the ray of k-1 does and its k-th edge is on, so a leg of length L
    holds its first L rays (an order encoding of L); none runs past `number`."""
    rays: list[list[int]] = []
    out: list[rules.Clause] = []
    for d, (dr, dc) in enumerate(STEPS):
        found: list[int] = []
        edge, (a, b) = points.arms(r, c)[d], (r, c)
        while edge is not None:
            if len(found) == number:  # the leg would run past the number
                out.append([-found[-1], -(edge + 1)])
                break
            ray = variables.new()
            out += [[-ray, edge + 1], [ray, -(edge + 1), *(-x for x in found[-1:])]]
            out += [[-ray, found[-1]]] if found else []
            found.append(ray)
            a, b = a + dr, b + dc
            edge = points.arms(a, b)[d]
        rays.append(found)
    return rays, out


def _legs_add_up(first: list[int], second: list[int], number: int) -> list[rules.Clause]:
    """Two legs' order encodings sum to `number` when both are used: never more (a leg of k
    leaves the other under number-k+1), and never less (a leg shorter than k, both used,
    makes the other at least number-k+1). A leg the loop does not use holds no ray."""
    def ray(leg: list[int], k: int) -> list[int]:
        return [leg[k - 1]] if 1 <= k <= len(leg) else []

    out: list[rules.Clause] = []
    if not first or not second:
        return out
    for k in range(1, number + 1):
        if ray(first, k) and ray(second, number - k + 1):
            out.append([-first[k - 1], -second[number - k]])
        if k >= 2:
            out.append([*ray(first, k), *ray(second, number - k + 1), -first[0], -second[0]])
    return out


def _number_rule(points: EdgeGrid, r: int, c: int, colour: str, number: int,
                 variables: rules.Variables) -> list[rules.Clause]:
    """The two legs the circle's colour allows together (white: opposite, black: at a right
    angle) sum to its number."""
    (up, down, left, right), out = _rays(points, r, c, number, variables)
    pairs = ((left, right), (up, down)) if colour == WHITE else (
        (up, left), (up, right), (down, left), (down, right))
    for first, second in pairs:
        out += _legs_add_up(first, second, number)
    return out


def encode(board: Shingoki) -> Encoding:
    """Edge variables 1..N in the answer's order, then the rays and counters; each circle's
    rules, and the single loop over the lattice points."""
    points = board.points()
    variables = rules.Variables()
    variables.count = points.count
    out = rules.Named()
    for r, c, colour, number in board.circle_list():
        scope = ("clue", (r, c))
        rule = "white: straight through" if colour == WHITE else "black: a turn"
        out.add(rule, scope, _turn_rule(points, r, c, colour))
        if number is not None:
            out.add("the legs' lengths add up to the number", scope,
                    _number_rule(points, r, c, colour, number, variables))
    horizontal, vertical = lattice_edges(board.height, board.width)
    loop = single_loop([(i, a, b) for i, (a, b) in enumerate(horizontal + vertical, 1)])
    out.add("one single loop", ("loop",), loop.clauses)
    return Encoding(out, list(range(1, points.count + 1)), refine=loop.refine, rules=out.names)


def decode(board: Shingoki, values) -> Answer:
    """(horizontal, vertical) rows of 0/1 from the edge variables."""
    return Loop(*board.points().rows([int(bool(v)) for v in values]))


def places(board: Shingoki) -> list:
    return board.points().places()  # for hints


# --------------------------------------------------------------------------- the checker
def validate(board: Shingoki) -> None:
    rectangular(board.circles, "Shingoki")
    if board.height < 1 or board.width < 1:
        raise InvalidPuzzle("a Shingoki has a cell at least: two rows of two points")


def _leg(around: dict, point: tuple[int, int], step: tuple[int, int]) -> int:
    """How many edges the loop runs straight from `point` in direction `step`."""
    length, (r, c) = 0, point
    while (r + step[0], c + step[1]) in around.get((r, c), ()):
        length, (r, c) = length + 1, (r + step[0], c + step[1])
    return length


def _circle_holds(around: dict, r: int, c: int, colour: str, number: int | None) -> bool:
    ends = around[(r, c)]
    if len(ends) != 2:
        return False
    straight = ends[0][0] == ends[1][0] or ends[0][1] == ends[1][1]
    legs = sum(_leg(around, (r, c), (a - r, b - c)) for a, b in ends)
    return straight == (colour == WHITE) and (number is None or legs == number)


def is_solution(board: Shingoki, found) -> bool:
    """One single loop on the lattice through every circle, each circle straight or turning
    as its colour says and its legs as long as its number. From the answer alone."""
    around = links(board.height + 1, board.width + 1, found)
    return is_one_loop(around) and all(
        _circle_holds(around, r, c, colour, number)
        for r, c, colour, number in board.circle_list())


KIND = declare(__name__, Shingoki, examples=tiny(
    unique=Shingoki((("B2", None, None), (None, None, None), (None, None, None))),
    multiple=Shingoki(((None, "W", None), (None, None, None),
                       (None, None, None))),
    none=Shingoki((("W2", None), (None, None)))))
