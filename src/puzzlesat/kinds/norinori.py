"""Norinori: shade exactly two cells in every region so that every shaded cell touches
exactly one other shaded cell across a side: the shaded cells are dominoes, which may
cross from one region into the next.

A shade variable per cell: exactly two a region (the solver's native counts, which hold
for a region of any size with no helper); a shaded cell has a shaded neighbour (one
clause) and never two (a clause for each pair of its neighbours: at most six). No more:
the rules alone decide, so uniqueness is proven under them. Board JSON: `{"regions":
[[1, 1, 2], ...]}` (a region id a cell, whole numbers); an answer is rows of 0/1, 1
shaded.
"""

from __future__ import annotations

from itertools import combinations

from ..budget import Cost, grid_cost
from ..core import Status
from ..grid import clauses as rules
from ..grid.board import Board, board
from ..grid.geometry import Cell, Walls, cells, neighbours, regions_from_ids
from ..grid.looks import SHADING, shaded_or_white
from ..grid.rows import cell_answer, is_bit_rows, rectangular, region_rows
from ..sat import Encoding, Progress
from ..site_check import yes_no
from . import Example, declare

Answer = tuple[tuple[int, ...], ...]  # rows of 0/1, 1 shaded
PER_REGION = 2  # shaded cells in every region


@board
class Norinori(Board):
    """Rows of region ids, one a cell: the walls the drawing shows come from them."""

    kind = "norinori"
    GRID = "regions"

    regions: tuple[tuple[int, ...], ...]


def areas(board: Norinori) -> list[list[Cell]]:
    """The cells of every region, regions in the reading order of their first cell."""
    return list(regions_from_ids(board.regions).values())


def to_json(board: Norinori) -> dict:
    return {"regions": [list(row) for row in board.regions]}


def from_json(puzzle: dict, source: str) -> Norinori:
    """The board from board JSON's "puzzle": {"regions": [[1, 1, 2], ...]}."""
    return Norinori(region_rows(puzzle, "Norinori"), source=source)


def site_answer(board: Norinori, answer: Answer) -> str:
    """What puzzle-norinori.com hashes: `y` a shaded cell, `n` another (genres.md 2)."""
    return yes_no(answer)


def cost(board: Norinori) -> Cost:
    """Per cell: its share of two native counts (two literals), the clause of its four
    neighbours and the six of three literals that keep it to one shaded neighbour."""
    return grid_cost(board.height * board.width, 26, 9)


def stress(height: int, width: int) -> Norinori:
    """One region a row: the longest counts, and every cell with its four neighbours."""
    return Norinori(tuple((r + 1,) * width for r in range(height)))


# --------------------------------------------------------------------------- the rules
def encode(board: Norinori, progress: Progress | None = None) -> Encoding:
    """Shade variables 1..N in reading order, no helper. `progress` hears "encoding"."""
    if progress is not None:
        progress("encoding")
    h, w = board.height, board.width
    _, shaded = rules.cell_variables(h, w)
    out = rules.Named()
    for r, c in cells(h, w):
        near = [shaded[n] for n in neighbours(h, w, r, c)]
        out.add("a shaded cell is half of a domino", ("cell", (r, c)), [
            [-shaded[(r, c)], *near],
            *([-shaded[(r, c)], -a, -b] for a, b in combinations(near, 2))])
    counts = [bound for i, area in enumerate(areas(board)) for bound in rules.exactly_native(
        [shaded[cell] for cell in area], PER_REGION, ("two shaded a region", ("region", i)))]
    return Encoding(out, list(range(1, h * w + 1)), counts, rules=out.names)


decode = cell_answer  # rows of 0/1 from the shade variables


# --------------------------------------------------------------------------- the checker
def validate(board: Norinori) -> None:
    rectangular(board.regions, "Norinori")


def is_solution(board: Norinori, answer) -> bool:
    """Two shaded cells in every region, and every shaded cell beside exactly one other
    shaded cell. From the grid alone, no SAT."""
    h, w = board.height, board.width
    if not is_bit_rows(answer, h, w):
        return False
    if any(sum(answer[r][c] for r, c in area) != PER_REGION for area in areas(board)):
        return False
    return all(sum(answer[a][b] for a, b in neighbours(h, w, r, c)) == 1
               for r, c in cells(h, w) if answer[r][c])


# --------------------------------------------------------------------------- the looks
LOOKS = SHADING  # inside the regions' walls; the glyphs tell shaded from white
look = shaded_or_white


def walls(board: Norinori) -> Walls:
    return Walls(board.regions)


# board JSON's `puzzle` and `solution`, and the answer text the site hashes, as the
# README's table of kinds shows them (catalogue.kinds)
PUZZLE_JSON = '`{"regions": rows of region ids}`'
SOLUTION_JSON = 'rows of 0/1, 1 shaded'
SITE_TEXT = '`y`/`n` a cell, `y` shaded'


def _example(*rows: int) -> tuple[tuple[int, ...], ...]:
    """Rows of one-digit region ids, each row written as one number."""
    return tuple(tuple(map(int, str(row))) for row in rows)


KIND = declare(
    __name__, Norinori,
    examples=(
        Example("4x4", Norinori(_example(2222, 3332, 3311, 4444), title="Tiny",
                                puzzle_id="7"), Status.UNIQUE),
        Example("2x4 open", Norinori(_example(2211, 2211)), Status.MULTIPLE),
        Example("none", Norinori(_example(111, 221)), Status.NONE),
    ),
)
