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

from ..grid import clauses as rules
from ..grid.board import Regions, board
from ..grid.geometry import cells, neighbours
from ..grid.rows import REGION_IDS, digit_rows
from ..sat import Encoding
from . import declare, tiny

PER_REGION = 2  # shaded cells in every region


@board
class Norinori(Regions):
    """Rows of region ids, one a cell: the walls the drawing shows come from them."""

    kind = "norinori"


JSON_FIELDS = {"regions": REGION_IDS}
PUZZLE_JSON = '`{"regions": rows of region ids}`'
SITE_CELLS = "yn"


# Per cell: its share of two native counts (two literals), the clause of its four
# neighbours and the six of three literals that keep it to one shaded neighbour.
CELL_COST = (26, 9)  # literals, clauses


def stress(height: int, width: int) -> Norinori:
    """One region a row: the longest counts, and every cell with its four neighbours."""
    return Norinori(tuple((r + 1,) * width for r in range(height)))


# --------------------------------------------------------------------------- the rules
def encode(board: Norinori) -> Encoding:
    """Shade variables 1..N in reading order, no helper."""
    h, w = board.height, board.width
    _, shaded = rules.cell_variables(h, w)
    out = rules.Named()
    for r, c in cells(h, w):
        near = [shaded[n] for n in neighbours(h, w, r, c)]
        out.add("a shaded cell is half of a domino", ("cell", (r, c)), [
            [-shaded[(r, c)], *near],
            *([-shaded[(r, c)], -a, -b] for a, b in combinations(near, 2))])
    counts = [bound for i, area in enumerate(board.areas()) for bound in rules.exactly_native(
        [shaded[cell] for cell in area], PER_REGION, ("two shaded a region", ("region", i)))]
    return Encoding(out, list(range(1, h * w + 1)), counts, rules=out.names)


# --------------------------------------------------------------------------- the checker
def is_solution(board: Norinori, answer) -> bool:
    """Two shaded cells in every region, and every shaded cell beside exactly one other
    shaded cell. From the grid alone, no SAT."""
    h, w = board.height, board.width
    if any(sum(answer[r][c] for r, c in area) != PER_REGION for area in board.areas()):
        return False
    return all(sum(answer[a][b] for a, b in neighbours(h, w, r, c)) == 1
               for r, c in cells(h, w) if answer[r][c])


KIND = declare(__name__, Norinori, examples=tiny(
    unique=Norinori(digit_rows("2222 3332 3311 4444")),
    multiple=Norinori(digit_rows("2211 2211")),
    none=Norinori(digit_rows("111 221"))))
