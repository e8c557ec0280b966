"""Galaxies (Tatham's Galaxies, Tentai Show): split the grid into regions along the cell
walls, each holding one centre (on a cell, an edge or a corner) and symmetric under a half
turn about it.

Centres sit on the half grid, (2H-1) x (2W-1) positions: position (i, j) is cell (i/2,
j/2) where both are even, the edge or corner between cells otherwise; a half turn about
(i, j) takes cell (r, c) to (i - r, j - c). A variable says a cell belongs to a centre's
galaxy, for each centre whose half turn keeps the cell on the board: exactly one a cell,
each cell's twin in the galaxy with it, the cells a centre touches in its galaxy, and each
galaxy connected (grid.connectivity.connected_cells, lazily, one rule a galaxy). Board
JSON: `{"dots": ["o.o", "...", ...]}`, the 2H-1 rows of 2W-1 half-grid positions, `o` a
centre; an answer is rows of each cell's galaxy (1.. in the centres' reading order). The
drawing and picture are draw.py and picture.py.
"""

from __future__ import annotations

from ...budget import Cost, grid_cost
from ...core import InvalidPuzzle
from ...grid import clauses as rules
from ...grid.board import Board, board
from ...grid.connectivity import combined, connected, connected_cells
from ...grid.geometry import cells, neighbours, touching_pairs
from ...grid.rows import Read, rectangular
from ...sat import Encoding
from ...site_check import yes_no
from .. import declare, tiny

DOT, EMPTY = "o", "."
Cell = tuple[int, int]
Answer = tuple[tuple[int, ...], ...]  # each cell's galaxy, 1.. in the centres' order


@board
class Galaxies(Board):
    """The half grid's rows of positions, `o` a centre."""

    kind = "galaxies"
    GRID = "dots"

    dots: tuple[str, ...]

    @property
    def width(self) -> int:  # cells: a row of 2W-1 positions
        return (len(self.dots[0]) + 1) // 2 if self.dots else 0

    @property
    def height(self) -> int:
        return (len(self.dots) + 1) // 2

    def centres(self) -> list[tuple[int, int]]:
        """The half-grid position of every centre, in reading order."""
        return [(i, j) for i, row in enumerate(self.dots) for j, ch in enumerate(row)
                if ch == DOT]

    def twin(self, cell: Cell, centre: tuple[int, int]) -> Cell | None:
        """The cell a half turn about `centre` takes `cell` to, None off the board."""
        r, c = centre[0] - cell[0], centre[1] - cell[1]
        return (r, c) if 0 <= r < self.height and 0 <= c < self.width else None

    def touched(self, centre: tuple[int, int]) -> list[Cell]:
        """The one, two or four cells a centre sits on or between."""
        i, j = centre
        return [(r, c) for r in sorted({i // 2, (i + 1) // 2})
                for c in sorted({j // 2, (j + 1) // 2})]


JSON_FIELDS = {"dots": Read("o..", "the 2H-1 rows of 2W-1 half-grid positions: o a centre, "
                            ". none", DOT + EMPTY)}
PUZZLE_JSON = (
    '`{"dots": ["o.o", "...", ...]}`: the 2H-1 rows of 2W-1 half-grid positions (cells at '
    'even row and column, edges and corners between), `o` a centre'
)
SOLUTION_JSON = "rows of each cell's galaxy, 1.. in the centres' reading order"
DRAWS_PARTLY = True  # its drawing shows a half-decided answer: a hint's board
SITE_TEXT = "the inner walls, `y`/`n`: the H-1 rows of W between rows, then the H rows of W-1"
VALUE_WORDS = 'in galaxy {}'  # a cell's value, as a hint says it


def site_answer(board: Galaxies, answer: Answer) -> str:
    """What puzzle-galaxies.com hashes: `y`/`n` per inner wall, the H-1 rows of W walls
    between rows first, then the H rows of W-1 walls between columns."""
    across = [[int(answer[r][c] != answer[r + 1][c]) for c in range(board.width)]
              for r in range(board.height - 1)]
    down = [[int(row[c] != row[c + 1]) for c in range(board.width - 1)] for row in answer]
    return yes_no((*across, *down))


def cost(board: Galaxies) -> Cost:
    """Per cell a variable a centre its half turn keeps on the board (at most every
    centre), each in the cell's exactly-one (a counter: three clauses of two) and a twin
    clause of two; the connectivity cuts come while solving."""
    return grid_cost(board.height * board.width, 10 * max(len(board.centres()), 1), 8)


def stress(height: int, width: int) -> Galaxies:
    """A centre on every cell: the most galaxies, each a cell or more."""
    return Galaxies(tuple(("o." * width)[: 2 * width - 1] if i % 2 == 0 else "." * (2 * width - 1)
                          for i in range(2 * height - 1)))


# --------------------------------------------------------------------------- the rules
def reachable(board: Galaxies) -> list[set[Cell]]:
    """The cells each galaxy may hold: its twin on the board and kept too, no cell another
    centre touches, and joined to its own centre's cells through such cells (a galaxy is
    connected), until nothing more drops out."""
    centres = board.centres()
    taken = {cell: g for g, centre in enumerate(centres) for cell in board.touched(centre)}
    out = []
    for g, centre in enumerate(centres):
        keep = {cell for cell in cells(board.height, board.width)
                if board.twin(cell, centre) is not None and taken.get(cell, g) == g}
        while True:
            start = [cell for cell in board.touched(centre) if cell in keep]
            joined = set(start)
            todo = list(start)
            while todo:
                for n in neighbours(board.height, board.width, *todo.pop()):
                    if n in keep and n not in joined:
                        joined.add(n)
                        todo.append(n)
            kept = {cell for cell in joined if board.twin(cell, centre) in joined}
            if kept == keep:
                break
            keep = kept
        out.append(keep)
    return out


def _members(board: Galaxies) -> dict[Cell, dict[int, int]]:
    """Each cell's variable for each galaxy that may hold it (`reachable`), numbered cell
    by cell in reading order."""
    variables = rules.Variables()
    may = reachable(board)
    return {cell: {g: variables.new() for g, keep in enumerate(may) if cell in keep}
            for cell in cells(board.height, board.width)}


def places(board: Galaxies) -> list:
    """What each membership variable says, for hints: its cell is in that galaxy."""
    from ...grid.steps import Place

    return [Place(cell, g + 1) for cell, galaxies in _members(board).items() for g in galaxies]


def scope_cells(board: Galaxies, scope: tuple) -> frozenset | None:
    """The cells a hint's rule of one galaxy speaks of: those its centre sits on or
    between (None for a cell's rules, which the toolkit reads)."""
    if scope[0] != "galaxy":
        return None
    return frozenset(board.touched(board.centres()[scope[1]]))


def encode(board: Galaxies) -> Encoding:
    """Membership variables in reading order, then the counters' helpers: one galaxy a
    cell, twins together, each centre's cells its own, each galaxy connected."""
    member, centres = _members(board), board.centres()
    variables = rules.Variables()
    decisions = variables.count = sum(map(len, member.values()))
    out = rules.Named()
    for cell, galaxies in member.items():
        out.add("one galaxy a cell", ("cell", cell),
                rules.exactly_one(list(galaxies.values()), variables))
        for g, var in galaxies.items():
            twin = board.twin(cell, centres[g])
            out.add("a galaxy turns into itself", ("cell", cell), [[-var, member[twin][g]]])
    pairs = touching_pairs(board.height, board.width)
    refines = []
    for g, centre in enumerate(centres):
        out.add("a centre's cells in its galaxy", ("galaxy", g),
                [[member[cell][g]] if g in member[cell] else [] for cell in board.touched(centre)])
        inside = {cell: galaxies[g] for cell, galaxies in member.items() if g in galaxies}
        refines.append(connected_cells(inside, [(a, b) for a, b in pairs
                                                if a in inside and b in inside]).refine)
    return Encoding(out, list(range(1, decisions + 1)), refine=combined(*refines),
                    rules=out.names)


def decode(board: Galaxies, values) -> Answer:
    """Each cell's galaxy (0 where not exactly one holds: no answer)."""
    at, out = 0, {}
    for cell, galaxies in _members(board).items():
        held = [g + 1 for g, v in zip(galaxies, values[at : at + len(galaxies)]) if v]
        out[cell] = held[0] if len(held) == 1 else 0
        at += len(galaxies)
    return tuple(tuple(out[(r, c)] for c in range(board.width)) for r in range(board.height))


# --------------------------------------------------------------------------- the checker
def validate(board: Galaxies) -> None:
    rectangular(board.dots, "Galaxies", DOT + EMPTY)
    if len(board.dots) % 2 == 0 or len(board.dots[0]) % 2 == 0:
        raise InvalidPuzzle("a Galaxies half grid has 2H-1 rows of 2W-1 positions: odd")


def is_solution(board: Galaxies, answer) -> bool:
    """Every cell in one galaxy of a centre, each galaxy connected, holding the cells its
    centre touches, and the same after a half turn about its centre."""
    h, w, centres = board.height, board.width, board.centres()
    if len(answer) != h or any(len(row) != w for row in answer):
        return False
    if any(not isinstance(g, int) or not 1 <= g <= len(centres) for row in answer for g in row):
        return False
    for g, centre in enumerate(centres, 1):
        galaxy = [(r, c) for r, c in cells(h, w) if answer[r][c] == g]
        twins = [board.twin(cell, centre) for cell in galaxy]
        if any(t is None or answer[t[0]][t[1]] != g for t in twins):
            return False
        if any(answer[r][c] != g for r, c in board.touched(centre)):
            return False
        inside = set(galaxy)
        if not connected(galaxy, lambda cell, inside=inside: [
                n for n in neighbours(h, w, *cell) if n in inside]):
            return False
    return True


KIND = declare(__name__, Galaxies, written_as={"tatham": "galaxies"}, examples=tiny(
    unique=Galaxies((".o.", "...", ".o.")),
    multiple=Galaxies((".......", "o......", "..o.o.o", ".......", "o......")),
    none=Galaxies(("o..", "...", "..."))))
