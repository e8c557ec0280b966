"""Aquarium: fill tanks with water so that every row and column holds as many filled cells
as its count; the water in a tank is level and fills it from the bottom (a filled cell of
a tank means every cell of that tank in its row or below is filled).

A water variable per cell (genres.md's sketch): the cells of a tank in one row are all
filled or all empty, and a tank's row filled means its next row down is; the counts are
native exact counts (grid/counts.py). Board JSON: `{"columns": [2, 1, ...], "rows": [...],
"regions": [[1, 1, 2, ...], ...]}`, a tank id a cell (null: a line without a count); an
answer is rows of 0/1, 1 water.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from ..core import InvalidPuzzle
from ..drawing import TEAL
from ..grid import clauses as rules
from ..grid.board import board
from ..grid.counts import COUNT_FIELDS, Counted, cell_rules, count_rule
from ..grid.geometry import Cell, regions_from_ids
from ..grid.looks import Look, marked
from ..grid.rows import Read, natural, rectangular
from ..sat import Encoding
from . import declare, tiny


@board
class Aquarium(Counted):
    """The counts, and rows of tank ids (whole numbers from 1)."""

    kind = "aquarium"
    REGIONS = "regions"

    regions: tuple[tuple[int, ...], ...]

    def tank_rows(self) -> list[tuple[int, list[list[Cell]]]]:
        """(tank id, its cells row by row, top to bottom) of every tank."""
        out = []
        for tank, cells in regions_from_ids(self.regions).items():
            by_row: dict[int, list[Cell]] = defaultdict(list)
            for r, c in cells:
                by_row[r].append((r, c))
            out.append((tank, [by_row[r] for r in sorted(by_row)]))
        return out


PUZZLE_JSON = '`{"columns": counts, "rows": counts, "regions": rows of tank ids}`'
SITE_CELLS = "yn"
CELL_WORDS = ('dry', 'water')  # a cell's two values, as a hint says them


JSON_FIELDS = {**COUNT_FIELDS, "regions": Read("[[1, 1, 2], ...]",
                                                "a tank id (a whole number from 1)", natural(1))}


# Per cell: two clauses tying it to the next cell of its tank in its row, one to its
# tank's row below, and its share of two lines' two native counts (four a cell on a
# board one cell wide).
CELL_COST = (12, 7)  # literals, clauses


def stress(height: int, width: int) -> Aquarium:
    """One tank, every line counted: every row tied together and to the row below."""
    return Aquarium((height // 2,) * width, (width // 2,) * height, ((1,) * width,) * height)


# --------------------------------------------------------------------------- the rules
def encode(board: Aquarium) -> Encoding:
    """Water variables 1..N in reading order; the counts native."""
    water, out = cell_rules(board)
    for tank, (_, rows) in enumerate(board.tank_rows()):  # "tank 1": the first read
        level: list[list[int]] = []
        for row in rows:
            for a, b in zip(row, row[1:]):
                level += [*rules.implies(water[a], water[b]), *rules.implies(water[b], water[a])]
        out.add("water is level in a tank", ("tank", tank), level)
        out.add("water fills a tank from the bottom", ("tank", tank), [
            clause for upper, lower in zip(rows, rows[1:])
            for clause in rules.implies(water[upper[0]], water[lower[0]])])
    return Encoding(out, list(water.values()), count_rule(board, water, out), rules=out.names)


# --------------------------------------------------------------------------- the checker
def validate(board: Aquarium) -> None:
    """Tank ids on a grid as wide as the column counts and as high as the row counts."""
    rectangular(board.regions, "Aquarium")
    if (len(board.regions), len(board.regions[0])) != (board.height, board.width):
        raise InvalidPuzzle(f"the Aquarium's tanks are {len(board.regions[0])}x"
                            f"{len(board.regions)}, its counts {board.width}x{board.height}")


def is_solution(board: Aquarium, answer: Any) -> bool:
    """0/1 cells; in every tank, the water at one level: every cell from some row down
    filled, none above; every count held. No SAT."""
    for cells in regions_from_ids(board.regions).values():
        top = min((r for r, c in cells if answer[r][c]), default=board.height)
        if any(answer[r][c] != (r >= top) for r, c in cells):
            return False
    return True


# --------------------------------------------------------------------------- the looks
LOOKS = {  # the glyphs tell water from air; colour only adds
    "water": Look("≈", "~", f"bold {TEAL}", ("▒", "%"), "water", wide=True, fill="#7fb8e6",
                  css="water"),
    "air": Look("·", ".", "grey50", ("∘", "o"), "an empty cell"),
}


look = marked("water", "air")


KIND = declare(__name__, Aquarium, examples=tiny(
    unique=Aquarium((2, 2, 1), (0, 2, 3), ((1, 2, 2), (1, 1, 3), (4, 4, 3))),
    multiple=Aquarium((1, 1), (1, 1), ((1, 2), (3, 4))),
    none=Aquarium((2, 0), (1, 1), ((1, 1), (2, 2)))))
