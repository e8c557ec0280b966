"""Tapa: shade cells so that every clue lists the runs of shaded cells in the eight cells
around it (in any order), no 2x2 block is all shaded, the shaded cells are connected and no
clue cell is shaded.

A shade variable per cell. A clue's ring has at most eight cells on the board (those off it
count as white), so every pattern of them whose runs are not the clue's is forbidden by one
clause, with no helper; connectivity is the lazy cuts of grid/connectivity.py. Board JSON:
`{"clues": [[null, [1, 3]], ...]}` (null an empty cell, else the clue's numbers); an
answer is rows of 0/1, 1 shaded.
"""

from __future__ import annotations

from functools import cache
from itertools import product
from typing import Any

from ..core import is_json_int
from ..grid import clauses as rules
from ..grid.board import Board, board
from ..grid.connectivity import connected, connected_cells
from ..grid.geometry import Cell, cells, squares
from ..grid.looks import SHADED, WHITE, Look
from ..grid.rows import Bits, Read, or_null
from ..sat import Encoding
from . import declare, tiny

Clue = tuple[int, ...]
RING = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))  # clockwise


@board
class Tapa(Board):
    """Rows of cells: None, or a clue's numbers."""

    kind = "tapa"
    GRID = "clues"

    clues: tuple[tuple[Clue | None, ...], ...]

    def given(self) -> list[tuple[Cell, Clue]]:
        """Every clue with its cell, in reading order."""
        return [((r, c), clue) for r, row in enumerate(self.clues)
                for c, clue in enumerate(row) if clue is not None]

    def ring(self, r: int, c: int) -> list[Cell | None]:
        """The eight cells around (r, c), clockwise from the top left; None off the board."""
        return [(r + dr, c + dc) if 0 <= r + dr < self.height and 0 <= c + dc < self.width
                else None for dr, dc in RING]


def _clue(value: Any) -> bool:
    return (isinstance(value, list) and 0 < len(value) <= 4
            and all(is_json_int(v) and 0 <= v <= 8 for v in value))


JSON_FIELDS = {"clues": Read("[[null, [1, 3]], [[2], null]]",
                             "null, or a list of one to four numbers 0-8", or_null(_clue))}
PUZZLE_JSON = '`{"clues": rows of null or a clue\'s list of numbers}`'
SITE_CELLS = "yn"


def runs(ring: list[int]) -> Clue:
    """The lengths of the runs of 1s around a ring, the ring closing on itself, sorted."""
    if all(ring):
        return (len(ring),)
    start = ring.index(0)
    turned = ring[start:] + ring[:start]
    return tuple(sorted(len(part) for part in "".join(map(str, turned)).split("0") if part))


def fits(clue: Clue, ring: list[int]) -> bool:
    """Whether the ring's runs are the clue's numbers (a 0 is no run)."""
    return runs(ring) == tuple(sorted(v for v in clue if v))


# Per cell its shade variable, a share of a clue's forbidden patterns (up to 256
# clauses of eight literals), of the 2x2 blocks and of the cuts.
CELL_COST = (2100, 260)  # literals, clauses


def stress(height: int, width: int) -> Tapa:
    """A clue on every third cell of every third row: the most full rings."""
    return Tapa(tuple(tuple((1, 1) if r % 3 == 1 and c % 3 == 1 else None for c in range(width))
                      for r in range(height)))


# --------------------------------------------------------------------------- the rules
def encode(board: Tapa) -> Encoding:
    """Shade variables 1..N in reading order, and the shaded cells' connectivity as refine."""
    shade = {cell: i for i, cell in enumerate(cells(board.height, board.width), 1)}
    out = rules.Named()
    for (r, c), clue in board.given():
        out.add("a given clue is white", ("clue", (r, c)), rules.none_of([shade[(r, c)]]))
        ring = board.ring(r, c)
        on_board = [shade[cell] for cell in ring if cell is not None]
        key = tuple(sorted(v for v in clue if v))
        out.add("the runs around a clue", ("clue", (r, c)), [
            [-var if bit else var for var, bit in zip(on_board, bits)]
            for bits in _wrong(key, tuple(cell is not None for cell in ring))])
    for block in squares(board.height, board.width):
        out.add("no 2x2 shaded", ("block", block[0]), [[-shade[cell] for cell in block]])
    rule = connected_cells(shade)
    return Encoding(out, list(shade.values()), refine=rule.refine, rules=out.names)


@cache
def _wrong(clue: Clue, present: tuple[bool, ...]) -> list[tuple[int, ...]]:
    """The patterns of a ring's cells on the board (`present`) whose runs are not `clue`
    (sorted, no 0): one table for every clue of the same numbers at the same edge."""
    out = []
    for bits in product((0, 1), repeat=sum(present)):
        on = iter(bits)
        if runs([next(on) if here else 0 for here in present]) != clue:
            out.append(bits)
    return out


# --------------------------------------------------------------------------- the checker
def is_solution(board: Tapa, answer) -> bool:
    """No clue cell shaded; every clue its ring's runs; no 2x2 shaded; the shaded cells
    connected. From the grid alone."""
    h, w = board.height, board.width
    shaded = [(r, c) for r, c in cells(h, w) if answer[r][c]]
    return (
        all(not answer[r][c] and fits(clue, [0 if cell is None else answer[cell[0]][cell[1]]
                                             for cell in board.ring(r, c)])
            for (r, c), clue in board.given())
        and not any(all(answer[r][c] for r, c in block) for block in squares(h, w))
        and connected(shaded)
    )


# --------------------------------------------------------------------------- the looks
LOOKS = {  # the glyphs tell shaded from white; colour only adds
    "shaded": SHADED,
    "white": WHITE,
    "clue": Look("", "", "bold"),
}


def look(board: Tapa, answer: Bits | None, r: int, c: int) -> str | tuple[str, str]:
    """A clue's numbers (a cell of one column holds its first digits), or shaded."""
    clue = board.clues[r][c]
    if clue is not None:
        return "clue", "".join(map(str, clue))
    return "shaded" if answer is not None and answer[r][c] else "white"


KIND = declare(__name__, Tapa, examples=tiny(
    unique=Tapa((((3,), None), (None, None))),
    multiple=Tapa(((None, None, None), (None, (4,), None), (None, None, None))),
    none=Tapa((((4,), None), (None, None)))))
