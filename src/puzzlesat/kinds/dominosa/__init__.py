"""Dominosa: cover a grid of numbers 0..n, (n+2) x (n+1) cells, with the double-n set of
dominoes, each domino once.

A variable per two neighbouring cells (genres.md's sketch), true where one domino covers
both: every cell lies under one of its at most four pairs, every domino of the set on one of
the pairs that show its numbers; each an at-least-one clause and a native at-most-one, which
the card solver propagates at once and which spares the Python side the pairs and counters
(on the site's monthly double-40 about a quarter of the time: benchmarks/README.md). Board
JSON: `{"grid": [[3, 2, ...], ...]}`; an answer is the dominoes, each `((r1, c1), (r2, c2))`
the earlier cell first, in reading order. The drawing walls each domino (draw.py).
"""

from __future__ import annotations

from collections import Counter, defaultdict

from ...core import InvalidPuzzle, ParseError
from ...grid import clauses as rules
from ...grid.board import Board, board
from ...grid.geometry import cell_edges, cells
from ...grid.rows import natural, rectangular, value_rows
from ...sat import Encoding
from .. import declare, tiny

Cell = tuple[int, int]
Answer = tuple[tuple[Cell, Cell], ...]


@board
class Dominosa(Board):
    """Rows of numbers 0..n. The site's and Tatham's boards are n+2 wide and n+1 high; the
    kind takes the other way round too (the rules do not care)."""

    kind = "dominosa"

    grid: tuple[tuple[int, ...], ...]

    @property
    def top(self) -> int:
        """n, the highest number of the set the size holds."""
        return min(self.width, self.height) - 1


def set_size(n: int) -> str:
    """How the double-n set lies: its width and height, its cells."""
    return f"a double-{n} set is {n + 2}x{n + 1}, {(n + 2) * (n + 1)} cells"


def nearest_set(area: int) -> int:
    """The n whose double-n set has the count of cells nearest `area`."""
    n = 0
    while (n + 3) * (n + 2) <= area:
        n += 1
    return n + 1 if (n + 3) * (n + 2) - area < area - (n + 2) * (n + 1) else n


def shape_fault(grid: tuple[tuple[int, ...], ...]) -> str | None:
    """What keeps a rectangular `grid` from being a double-n board, or None: a size of
    (n+2) x (n+1) either way round, numbers 0..n."""
    height, width = len(grid), len(grid[0])
    if abs(width - height) != 1:
        near = set_size(nearest_set(width * height))
        return f"{width}x{height} is no double-n set's size ({near})"
    n = min(width, height) - 1
    return next((f"row {r + 1}, column {c + 1} holds {v}; the {width}x{height} board is a "
                 f"double-{n} set, numbers 0 to {n}"
                 for r, row in enumerate(grid) for c, v in enumerate(row) if v > n), None)


PUZZLE_JSON = '`{"grid": rows of numbers 0..n}`'
SOLUTION_JSON = 'the dominoes, `[[r1, c1], [r2, c2]]` each (0-based)'
DRAWS_PARTLY = True  # its drawing shows a half-decided answer: a hint's board
SITE_TEXT = 'a letter a cell: `h` a domino to the right, `v` one below, `n` its second cell'


def from_json(puzzle: dict, source: str) -> Dominosa:
    """The board from board JSON's "puzzle": {"grid": [[3, 2, ...], ...]}."""
    grid = value_rows(puzzle, "Dominosa", "grid", "[[0, 1, 1], [0, 0, 1]]", "a number 0..n",
                      natural())
    fault = shape_fault(grid)
    if fault is not None:
        raise ParseError(f"board JSON: a Dominosa board: {fault}")
    return Dominosa(grid, source=source)


def answer_json(answer: Answer) -> list[list[list[int]]]:
    return [[list(a), list(b)] for a, b in answer]


def site_answer(board: Dominosa, answer: Answer) -> str:
    """What puzzle-dominosa.com hashes (genres.md section 2): a letter a cell, row by row,
    `h` where a domino starts (its earlier cell) and covers the cell to its right, `v`
    where it covers the cell below, `n` otherwise."""
    starts = {min(pair): "h" if pair[0][0] == pair[1][0] else "v" for pair in answer}
    return "".join(starts.get(cell, "n") for cell in cells(board.height, board.width))


# Per cell at most two pair variables, its clause and at-most-one of at most four
# literals; per domino of the set (about half a cell) the same over its placements.
CELL_COST = (16, 4)  # literals, clauses


# --------------------------------------------------------------------------- the rules
def places(board: Dominosa) -> list:
    """What each pair variable says, for hints: a domino lies on these two cells."""
    from ...grid.steps import Place, item_key

    return [Place(item_key(item), item)
            for item in answer_json(placements(board))]


def placements(board: Dominosa) -> list[tuple[Cell, Cell]]:
    """Every two neighbouring cells, the rows' pairs first: the order of the variables."""
    horizontal, vertical = cell_edges(board.height, board.width)
    return horizontal + vertical


def scope_cells(board: Dominosa, scope: tuple) -> frozenset | None:
    """The cells a hint's rule of one domino speaks of: every two neighbours that could
    hold it (None for a cell's rule, which the toolkit reads)."""
    if scope[0] != "domino":
        return None
    grid = board.grid
    return frozenset(cell for a, b in placements(board)
                     if "{}-{}".format(*sorted((grid[a[0]][a[1]], grid[b[0]][b[1]]))) == scope[1]
                     for cell in (a, b))


def encode(board: Dominosa) -> Encoding:
    """Pair variables 1..P in the placements' order, and nothing else; a domino no pair
    shows is an empty clause (no answer)."""
    grid, pairs, size = board.grid, placements(board), board.top + 1
    at_cell: dict[Cell, list[int]] = defaultdict(list)
    of_domino: dict[int, list[int]] = defaultdict(list)  # low * size + high: no tuple
    for var, (a, b) in enumerate(pairs, 1):
        at_cell[a].append(var)
        at_cell[b].append(var)
        x, y = grid[a[0]][a[1]], grid[b[0]][b[1]]
        of_domino[x * size + y if x <= y else y * size + x].append(var)
    dominoes = {f"{low}-{high}": of_domino.get(low * size + high, [])
                for low in range(size) for high in range(low, size)}
    out = rules.Named()
    add = out.add  # a family a cell and a domino: naming them must not slow the encoding
    for cell, unit in at_cell.items():
        add("every cell under one domino", ("cell", cell), [unit])  # at_least_one(unit), not copied
    for name, unit in dominoes.items():
        add("every domino once", ("domino", name), [unit])
    atmosts = [rules.Count(unit, 1, named) for named, unit in (
        *((("every cell under one domino", ("cell", cell)), unit)
          for cell, unit in at_cell.items()),
        *((("every domino once", ("domino", name)), unit) for name, unit in dominoes.items()))
        if len(unit) > 1]
    return Encoding(out, list(range(1, len(pairs) + 1)), atmosts, rules=out.names)


def decode(board: Dominosa, values) -> Answer:
    """The dominoes of the true pair variables, in reading order of their first cells."""
    return tuple(sorted(pair for pair, on in zip(placements(board), values) if on))


# --------------------------------------------------------------------------- the checker
def validate(board: Dominosa) -> None:
    """Refuse boards no double-n set can cover: not its size, a number above n, or a number
    seen other than n+2 times (each lies on n+1 dominoes, twice on its double)."""
    rectangular(board.grid, "Dominosa")
    fault, n = shape_fault(board.grid), board.top
    counts = Counter(v for row in board.grid for v in row)
    off = next((v for v in range(n + 1) if counts[v] != n + 2), None)
    if fault is None and off is not None:
        fault = (f"{off} appears {counts[off]} times; in a double-{n} set every number "
                 f"appears {n + 2} times")
    if fault is not None:
        raise InvalidPuzzle(f"this Dominosa board cannot be covered: {fault}")


def is_solution(board: Dominosa, answer) -> bool:
    """Dominoes of two neighbouring cells on the board, every cell under exactly one, no two
    showing the same pair of numbers (so as many as cells/2: the whole set)."""
    h, w = board.height, board.width
    covered: set[Cell] = set()
    shown: set[tuple[int, int]] = set()
    for domino in answer:
        if len(domino) != 2:
            return False
        (r1, c1), (r2, c2) = domino
        if abs(r1 - r2) + abs(c1 - c2) != 1 or not (0 <= r1 < h and 0 <= r2 < h
                                                    and 0 <= c1 < w and 0 <= c2 < w):
            return False
        covered.update(domino)
        x, y = board.grid[r1][c1], board.grid[r2][c2]
        shown.add((min(x, y), max(x, y)))
    return len(covered) == 2 * len(answer) == h * w and len(shown) == len(answer)


def stress(height: int, width: int) -> Dominosa:
    """The largest double-n set those cells hold, its dominoes laid in reading order."""
    n = 0
    while (n + 3) * (n + 2) <= height * width:
        n += 1
    cells = [v for a in range(n + 1) for b in range(a, n + 1) for v in (a, b)]
    return Dominosa(tuple(tuple(cells[r * (n + 2):(r + 1) * (n + 2)]) for r in range(n + 1)))


KIND = declare(__name__, Dominosa, written_as={"tatham": "dominosa"}, examples=tiny(
    unique=Dominosa(((2, 1, 2, 1), (1, 2, 2, 0), (1, 0, 0, 0))),
    multiple=Dominosa(((0, 1, 1), (0, 0, 1))),
    none=Dominosa(((0, 1, 0), (1, 0, 1)))))
