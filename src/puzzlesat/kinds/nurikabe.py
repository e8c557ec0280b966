"""Nurikabe: shade the sea so that the white cells left form islands, each holding exactly
one number, its size; the sea is one connected area with no 2x2 block of it.

A sea variable per cell, and per white cell which number's island it is (genres.md's
sketch): a cell may belong only to a number within reach (its distance under the number);
a white cell belongs to one island, a numbered cell to its own; two white cells side by
side belong to the same one; an island has exactly its number of cells (native counts),
and is connected, the lazy way, as is the sea (grid.connectivity, one refine). Implied,
to spare cuts: where the sea has two cells at least, each has a sea neighbour; a cell of an
island of two or more has a neighbour on it (which took janko's 9x12 No. 914 from 5 s to
40 ms). Two of janko's 25 (15x15 No. 1091, 14x24 No. 660) still take over 20 s.
Board JSON: `{"grid": [[null, 3, null], ...]}` (null an empty cell); an answer is rows of
0/1, 1 sea.
"""

from __future__ import annotations

from ..budget import Cost, grid_cost
from ..drawing import GREY, TEAL
from ..grid import clauses as rules
from ..grid.board import Board, board
from ..grid.connectivity import combined, components, connected_cells
from ..grid.geometry import cells, neighbours, touching_pairs
from ..grid.looks import Look
from ..grid.rows import Bits, Read, natural, or_null
from ..sat import Encoding
from . import declare, tiny

Cell = tuple[int, int]


@board
class Nurikabe(Board):
    """Rows of cells: a number, or None for an empty cell."""

    kind = "nurikabe"

    grid: tuple[tuple[int | None, ...], ...]


JSON_FIELDS = {"grid": Read("[[null, 3, null], ...]", "a number from 1 or null",
                            or_null(natural(1)))}
PUZZLE_JSON = '`{"grid": rows of numbers or null}`'
SITE_CELLS = "yn"
CELL_WORDS = ('island', 'sea')  # a cell's two values, as a hint says them


def reach(board: Nurikabe) -> dict[Cell, list[int]]:
    """Per cell, the numbers (their index in `clues`) whose island may hold it: those
    closer than their number, other numbered cells never."""
    clues = board.givens()
    given = {(r, c) for r, c, _ in clues}
    out: dict[Cell, list[int]] = {cell: [] for cell in cells(board.height, board.width)}
    for k, (r, c, n) in enumerate(clues):
        for cell in out:
            near = abs(cell[0] - r) + abs(cell[1] - c) < n
            if near and (cell == (r, c) or cell not in given):
                out[cell].append(k)
    return out


def cost(board: Nurikabe) -> Cost:
    """Per cell its sea variable and a label for each number within reach (the sum of
    their reach, counted), each label in a few clauses of two or three."""
    labels = sum(len(ks) for ks in reach(board).values())
    cells_ = board.height * board.width
    per_cell = 24 + 12 * labels // max(cells_, 1)
    return grid_cost(cells_, per_cell, 8 + 6 * labels // max(cells_, 1))


def stress(height: int, width: int) -> Nurikabe:
    """A number as large as the board in a corner: every cell within its reach."""
    grid = [[None] * width for _ in range(height)]
    grid[0][0] = height * width
    return Nurikabe(tuple(map(tuple, grid)))


# --------------------------------------------------------------------------- the rules
def encode(board: Nurikabe) -> Encoding:
    """Sea variables 1..N in reading order, then the labels; the islands' and the sea's
    cuts as refine."""
    h, w = board.height, board.width
    variables, sea = rules.cell_variables(h, w)
    can = reach(board)
    label = {(cell, k): variables.new() for cell, ks in can.items() for k in ks}
    out = rules.Named()
    clues = board.givens()
    for k, (r, c, _) in enumerate(clues):
        out.add("a number is on its island", ("clue", (r, c)), [[label[(r, c), k]], [-sea[r, c]]])
    for cell, ks in can.items():
        mine = [label[cell, k] for k in ks]
        out.add("a white cell is on one island", ("cell", cell),
                [[sea[cell], *mine], *([-lit, -sea[cell]] for lit in mine),
                 *rules.at_most_one(mine, variables)])
    for a, b in touching_pairs(h, w):
        out.add("white cells side by side on one island", ("cell", a), [
            [sea[a], sea[b], -label[a, k], *([label[b, k]] if (b, k) in label else [])]
            for k in can[a]] + [[sea[a], sea[b], -label[b, k]] for k in can[b]
                                if (a, k) not in label])
    member: list[dict[Cell, int]] = [{} for _ in clues]  # each number's cells and labels
    for (cell, k), lit in label.items():
        member[k][cell] = lit
    for k, (r, c, n) in enumerate(clues):  # implied: an island of two cells or more
        if n > 1:
            out.add("an island connected", ("clue", (r, c)), [
                [-lit, *(member[k][m] for m in neighbours(h, w, *cell) if m in member[k])]
                for cell, lit in member[k].items()])
    counts = [count for k, (r, c, n) in enumerate(clues) for count in rules.exactly_native(
        list(member[k].values()), n, ("an island's size", ("clue", (r, c))))]
    for block in board.blocks():
        out.add("no 2x2 sea", ("block", block[0]), [[-sea[c] for c in block]])
    sea_cells = h * w - sum(n for _, _, n in clues)
    if sea_cells >= 2:
        out.add("the sea connected", ("board",), [
            [-sea[cell], *(sea[n] for n in neighbours(h, w, *cell))] for cell in sea])
    islands = [connected_cells(cells_of).refine for cells_of in member]
    water = connected_cells(sea).refine
    return Encoding(out, list(range(1, h * w + 1)), atmosts=counts,
                    refine=combined(water, *islands), rules=out.names)


# --------------------------------------------------------------------------- the checker
def is_solution(board: Nurikabe, answer) -> bool:
    """Each island of white cells holds one number, its size; the sea is connected and
    has no 2x2 block. From the grid alone, no SAT."""
    h, w = board.height, board.width
    if any(all(answer[r][c] for r, c in block) for block in board.blocks()):
        return False
    if any(answer[r][c] for r, c, _ in board.givens()):  # a number in the sea
        return False
    white = [cell for cell in cells(h, w) if not answer[cell[0]][cell[1]]]
    for island in components(white):
        numbers = [board.grid[r][c] for r, c in island if board.grid[r][c] is not None]
        if numbers != [len(island)]:
            return False
    return len(components([cell for cell in cells(h, w) if answer[cell[0]][cell[1]]])) < 2


# --------------------------------------------------------------------------- the looks
LOOKS = {
    "sea": Look("█", "#", GREY, ("▒", "%"), "a sea cell", wide=True, fill="#202020"),
    "land": Look("·", ".", "", ("∘", "o"), "an island cell"),
    "number": Look("", "", f"bold {TEAL}", ink="#000000"),
    "empty": Look(" ", " "),
}


def look(board: Nurikabe, answer: Bits | None, r: int, c: int) -> str | tuple[str, str]:
    """A number (one column: from 10 a letter, as a Hitori's), sea or island."""
    n = board.grid[r][c]
    if n is not None:
        return "number", str(n) if n < 10 else chr(87 + n) if n < 36 else "+"
    return "empty" if answer is None else "sea" if answer[r][c] else "land"


KIND = declare(__name__, Nurikabe, examples=tiny(
    unique=Nurikabe(((1, None, None), (None, None, None), (None, 5, None))),
    multiple=Nurikabe(((2, None), (None, None))),
    none=Nurikabe(((1, 1), (None, None)))))
