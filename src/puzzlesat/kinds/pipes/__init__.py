"""Pipes (Tatham's Net): turn every tile so that each arm meets its neighbour's, no arm
leaves the board (on a board that wraps, arms run on across the edge), and the tiles form
one tree.

A variable a distinct turn of each tile (genres.md's sketch: a one-hot rotation; a straight
pipe has two turns, a cross one) and one an edge between neighbours: exactly one turn a
tile, and each turn fixes which of the tile's edges hold; an arm off the board rules its
turn out. The tree is the toolkit's lazy rule (grid.connectivity.tree: a cycle cut, a part
left alone joined). Board JSON: `{"grid": rows of tiles 0-15, "wrap": false}`, a tile the
sum of its arms, 1 right, 2 up, 4 left, 8 down (the site's); an answer is rows of the
quarter turns (0-3, counter-clockwise) each tile takes. The drawing and picture are
draw.py and picture.py.
"""

from __future__ import annotations

from ...core import InvalidPuzzle
from ...grid import clauses as rules
from ...grid.board import Board, board
from ...grid.connectivity import connected, tree
from ...grid.geometry import cells
from ...grid.rows import Read, Value, digits_text, natural, rectangular
from ...sat import Encoding
from .. import declare, tiny

RIGHT, UP, LEFT, DOWN = 1, 2, 4, 8
STEPS = {RIGHT: (0, 1), UP: (-1, 0), LEFT: (0, -1), DOWN: (1, 0)}
OPPOSITE = {RIGHT: LEFT, LEFT: RIGHT, UP: DOWN, DOWN: UP}
Cell = tuple[int, int]
Answer = tuple[tuple[int, ...], ...]  # the quarter turns of each tile


def turned(tile: int, turns: int) -> int:
    """The tile after `turns` quarter turns counter-clockwise (right to up to left...)."""
    for _ in range(turns % 4):
        tile = ((tile << 1) & 15) | (tile >> 3)
    return tile


def distinct_turns(tile: int) -> list[int]:
    """The turns 0-3 that give a tile its distinct looks, the fewest first: a straight pipe
    0 and 1, a cross 0 alone (the site's answer writes those)."""
    seen: dict[int, int] = {}
    for turns in range(4):
        seen.setdefault(turned(tile, turns), turns)
    return list(seen.values())


@board
class Pipes(Board):
    """Rows of tiles, each the sum of its arms; `wrap`: the edges join round."""

    kind = "pipes"

    grid: tuple[tuple[int, ...], ...]
    wrap: bool = False

    def neighbour(self, cell: Cell, arm: int) -> Cell | None:
        """The cell an arm of `cell` reaches: across the edge where the board wraps, None
        off a board that does not."""
        r, c = cell[0] + STEPS[arm][0], cell[1] + STEPS[arm][1]
        if self.wrap:
            return r % self.height, c % self.width
        return (r, c) if 0 <= r < self.height and 0 <= c < self.width else None

    def edges(self) -> list[tuple[tuple[Cell, int], Cell, Cell]]:
        """Every edge between two tiles once, as (key, one end, the other): the key is the
        cell and arm (RIGHT or DOWN) it leaves by, so that a board two wide that wraps has
        two edges between its two columns. An arm onto its own cell is no edge."""
        out = []
        for cell in cells(self.height, self.width):
            for arm in (RIGHT, DOWN):
                other = self.neighbour(cell, arm)
                if other is not None and other != cell:
                    out.append(((cell, arm), cell, other))
        return out

    def edge_key(self, cell: Cell, arm: int) -> tuple[Cell, int] | None:
        """The key of the edge an arm of `cell` runs along (None off the board)."""
        if arm in (RIGHT, DOWN):
            return cell, arm
        other = self.neighbour(cell, arm)
        return None if other is None else (other, OPPOSITE[arm])


PUZZLE_JSON = (
    '`{"grid": rows of tiles 0-15, "wrap": false}`, a tile the sum of its arms (1 right, 2 up, '
    '4 left, 8 down); `"wrap": true` joins the edges round'
)
SOLUTION_JSON = "rows of each tile's quarter turns 0-3, counter-clockwise"
SITE_TEXT = "the turns, a digit a cell (a straight pipe 0 or 1, a cross 0)"
VALUE_WORDS = "turned {} quarter turns counter-clockwise"  # a tile's value, as a hint says it
VALUE_NAMES = {0: "left unturned", 1: "turned a quarter turn counter-clockwise",
               2: "turned half round", 3: "turned a quarter turn clockwise"}  # each turn's own


site_answer = digits_text  # each tile's quarter turns


JSON_FIELDS = {
    "grid": Read("[[1, 5, 12], ...]", "a tile 0-15 (1 right, 2 up, 4 left, 8 down)",
                 natural(0, 15)),
    "wrap": Value('Pipes "wrap" is true or false', lambda v: isinstance(v, bool), default=False),
}


# Per cell: four turns in an exactly-one (six clauses of two), each fixing four edges
# (sixteen clauses of two), and two edges; the tree's cuts come while solving.
CELL_COST = (12 + 32 + 8, 24)  # literals, clauses


def stress(height: int, width: int) -> Pipes:
    """Every tile a T (four distinct turns, three arms), on a wrapping board: the most
    turns and edges a board has."""
    return Pipes(((7,) * width,) * height, True)


# --------------------------------------------------------------------------- the rules
def encode(board: Pipes) -> Encoding:
    """A variable a tile's distinct turn in reading order, then one an edge: each tile one
    turn, each turn its edges; the tree of the edges, lazily."""
    variables = rules.Variables()
    turns = {cell: [(t, variables.new()) for t in distinct_turns(board.grid[cell[0]][cell[1]])]
             for cell in cells(board.height, board.width)}
    decisions = variables.count
    edge = {key: variables.new() for key, _, _ in board.edges()}
    out = rules.Named()
    for cell, options in turns.items():
        out.add("one turn a tile", ("cell", cell),
                rules.exactly_one([var for _, var in options], variables))
        out.add("arms meet, none off the board", ("cell", cell), _arms(board, cell, options, edge))
    links = tree(list(cells(board.height, board.width)),
                 [(edge[key], a, b) for key, a, b in board.edges()])
    return Encoding(out, list(range(1, decisions + 1)), refine=links.refine, rules=out.names)


def _arms(board: Pipes, cell: Cell, options: list[tuple[int, int]],
          edge: dict[tuple[Cell, int], int]) -> list[rules.Clause]:
    """Each turn of the tile says which of its edges hold; a turn with an arm off the board
    or onto itself (a one-wide board that wraps) is ruled out."""
    out: list[rules.Clause] = []
    for turns, var in options:
        tile = turned(board.grid[cell[0]][cell[1]], turns)
        for arm in STEPS:
            other = board.neighbour(cell, arm)
            if other is None or other == cell:
                if tile & arm:
                    out.append([-var])
                continue
            along = edge[board.edge_key(cell, arm)]
            out.append([-var, along if tile & arm else -along])
    return out


def decode(board: Pipes, values) -> Answer:
    """Each tile's turns from its turn variables (-1 where not exactly one holds: no
    answer)."""
    answer, at = [], 0
    for row in board.grid:
        out = []
        for tile in row:
            options = distinct_turns(tile)
            held = [t for t, v in zip(options, values[at : at + len(options)]) if v]
            out.append(held[0] if len(held) == 1 else -1)
            at += len(options)
        answer.append(tuple(out))
    return tuple(answer)


def places(board: Pipes) -> list:
    """What each turn variable says, for hints: its tile takes that many turns."""
    from ...grid.steps import Place

    return [Place((r, c), t) for r, row in enumerate(board.grid) for c, tile in enumerate(row)
            for t in distinct_turns(tile)]


# --------------------------------------------------------------------------- the checker
def validate(board: Pipes) -> None:
    rectangular(board.grid, "Pipes")
    if any(not 0 <= tile <= 15 for row in board.grid for tile in row):
        raise InvalidPuzzle("a Pipes tile is a sum of arms, 0-15")


def is_solution(board: Pipes, answer) -> bool:
    """Every arm meets its neighbour's, none leaves the board, and the tiles form one tree
    (connected, one link fewer than tiles). From the grid and the turns alone."""
    if len(answer) != board.height or any(len(row) != board.width for row in answer):
        return False
    if any(not isinstance(t, int) or not 0 <= t <= 3 for row in answer for t in row):
        return False
    tiles = {cell: turned(board.grid[cell[0]][cell[1]], answer[cell[0]][cell[1]])
             for cell in cells(board.height, board.width)}
    around: dict[Cell, list[Cell]] = {cell: [] for cell in tiles}
    for cell, tile in tiles.items():
        for arm in (a for a in STEPS if tile & a):
            other = board.neighbour(cell, arm)
            if other is None or other == cell or not tiles[other] & OPPOSITE[arm]:
                return False
            around[cell].append(other)
    links = sum(map(len, around.values())) // 2
    return links == len(tiles) - 1 and connected(list(tiles), around.__getitem__)


KIND = declare(__name__, Pipes, written_as={"tatham": "net"}, examples=tiny(
    unique=Pipes(((8, 1), (3, 12))),
    multiple=Pipes(((3, 1, 1), (3, 7, 5), (5, 3, 1)), True),
    none=Pipes(((10, 5), (4, 6)))))
