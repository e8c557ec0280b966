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
from ..core import Status
from ..drawing import GREY, TEAL
from ..grid import clauses as rules
from ..grid.board import Board, board
from ..grid.connected import components
from ..grid.connectivity import combined, connected_cells
from ..grid.geometry import cells, neighbours, touching_pairs
from ..grid.looks import Look
from ..grid.rows import cell_answer, natural, or_null, rectangular, value_rows
from ..sat import Encoding, Progress
from ..site_check import yes_no
from . import Example, declare

Answer = tuple[tuple[int, ...], ...]  # rows of 0/1, 1 sea
Cell = tuple[int, int]


@board
class Nurikabe(Board):
    """Rows of cells: a number, or None for an empty cell."""

    kind = "nurikabe"

    grid: tuple[tuple[int | None, ...], ...]

    def clues(self) -> list[tuple[Cell, int]]:
        """((row, col), number) of every numbered cell, in reading order."""
        return [((r, c), v) for r, row in enumerate(self.grid) for c, v in enumerate(row)
                if v is not None]

    def blocks(self) -> list[tuple[Cell, ...]]:
        return [((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
                for r in range(self.height - 1) for c in range(self.width - 1)]


def to_json(board: Nurikabe) -> dict:
    return {"grid": [list(row) for row in board.grid]}


def from_json(puzzle: dict, source: str) -> Nurikabe:
    """The board from board JSON's "puzzle": {"grid": [[null, 3, null], ...]}."""
    return Nurikabe(value_rows(puzzle, "Nurikabe", "grid", "[[null, 3, null], ...]",
                               "a number from 1 or null", or_null(natural(1))), source=source)


def site_answer(board: Nurikabe, answer: Answer) -> str:
    return yes_no(answer)  # a sea cell is `y`


def reach(board: Nurikabe) -> dict[Cell, list[int]]:
    """Per cell, the numbers (their index in `clues`) whose island may hold it: those
    closer than their number, other numbered cells never."""
    clues = board.clues()
    given = {cell for cell, _ in clues}
    out: dict[Cell, list[int]] = {cell: [] for cell in cells(board.height, board.width)}
    for k, ((r, c), n) in enumerate(clues):
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
def encode(board: Nurikabe, progress: Progress | None = None) -> Encoding:
    """Sea variables 1..N in reading order, then the labels; the islands' and the sea's
    cuts as refine. `progress` hears "encoding"."""
    if progress is not None:
        progress("encoding")
    h, w = board.height, board.width
    variables, sea = rules.cell_variables(h, w)
    can = reach(board)
    label = {(cell, k): variables.new() for cell, ks in can.items() for k in ks}
    out = rules.Named()
    clues = board.clues()
    for k, (cell, _) in enumerate(clues):
        out.add("a number is on its island", ("clue", cell), [[label[cell, k]], [-sea[cell]]])
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
    for k, (_, n) in enumerate(clues):  # implied: an island of two cells or more
        if n > 1:
            out.add("an island connected", ("clue", clues[k][0]), [
                [-lit, *(member[k][m] for m in neighbours(h, w, *cell) if m in member[k])]
                for cell, lit in member[k].items()])
    counts = [count for k, (cell, n) in enumerate(clues) for count in rules.exactly_native(
        list(member[k].values()), n, ("an island's size", ("clue", cell)))]
    for block in board.blocks():
        out.add("no 2x2 sea", ("block", block[0]), [[-sea[c] for c in block]])
    sea_cells = h * w - sum(n for _, n in clues)
    if sea_cells >= 2:
        out.add("the sea connected", ("board",), [
            [-sea[cell], *(sea[n] for n in neighbours(h, w, *cell))] for cell in sea])
    pairs = touching_pairs(h, w)
    islands = [island_rule(cells_of) for cells_of in member]
    water = connected_cells(sea, pairs).refine
    return Encoding(out, list(range(1, h * w + 1)), atmosts=counts,
                    refine=combined(water, *islands), rules=out.names)


def island_rule(member: dict[Cell, int]):
    """The refine that keeps one number's island connected, over the cells it may reach."""
    pairs = [((r, c), n) for r, c in member for n in ((r, c + 1), (r + 1, c)) if n in member]
    return connected_cells(member, pairs).refine


decode = cell_answer  # rows of 0/1 from the sea variables


# --------------------------------------------------------------------------- the checker
def validate(board: Nurikabe) -> None:
    rectangular(board.grid, "Nurikabe")


def is_solution(board: Nurikabe, answer) -> bool:
    """Each island of white cells holds one number, its size; the sea is connected and
    has no 2x2 block. From the grid alone, no SAT."""
    h, w = board.height, board.width
    if len(answer) != h or any(len(row) != w for row in answer):
        return False
    if any(all(answer[r][c] for r, c in block) for block in board.blocks()):
        return False
    if any(answer[r][c] for (r, c), _ in board.clues()):  # a number in the sea
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


def look(board: Nurikabe, answer: Answer | None, r: int, c: int) -> str | tuple[str, str]:
    """A number (one column: from 10 a letter, as a Hitori's), sea or island."""
    n = board.grid[r][c]
    if n is not None:
        return "number", str(n) if n < 10 else chr(87 + n) if n < 36 else "+"
    return "empty" if answer is None else "sea" if answer[r][c] else "land"


# board JSON's `puzzle` and `solution`, and the answer text the site hashes, as the
# README's table of kinds shows them (catalogue.kinds)
PUZZLE_JSON = '`{"grid": rows of numbers or null}`'
SOLUTION_JSON = 'rows of 0/1, 1 sea'
SITE_TEXT = '`y`/`n` a cell, `y` sea'

CELL_WORDS = ('island', 'sea')  # a cell's two values, as a hint says them

KIND = declare(
    __name__, Nurikabe,
    examples=(
        Example("3x3", Nurikabe(((1, None, None), (None, None, None), (None, 5, None)),
                                title="Tiny", puzzle_id="7"), Status.UNIQUE),
        Example("2x2 open", Nurikabe(((2, None), (None, None))), Status.MULTIPLE),
        Example("none", Nurikabe(((1, 1), (None, None))), Status.NONE),
    ),
)
