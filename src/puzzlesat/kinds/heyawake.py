"""Heyawake: shade cells so that a room's number is its count of shaded cells, shaded cells
never touch side by side, no straight run of white cells crosses two room borders, and the
white cells are connected.

A shade variable per cell: a room's count exactly (a few cells: with no helper; more: pysat's
sequential counter), no two touching shaded, and for every two room borders next along a row
or column, the cells from just before the first to just after the second hold a shaded one.
The white cells' connectivity is the lazy cuts over `-shade` (grid/connectivity.py). Board
JSON: `{"rooms": [[1, 1, 2], ...], "clues": [[2, null, null], ...]}` (a room id a cell, and a
room's number on one of its cells); an answer is rows of 0/1, 1 shaded.
"""

from __future__ import annotations

from ..core import InvalidPuzzle
from ..grid import clauses as rules
from ..grid.board import Board, board
from ..grid.connectivity import connected, connected_cells
from ..grid.geometry import Cell, cells, regions_from_ids, touching_pairs
from ..grid.looks import SHADED, WHITE, Look, shaded_or_number
from ..grid.rows import Read, natural, or_null, rectangular
from ..sat import Encoding
from . import declare, tiny

FEW = 8  # a room of at most this many cells counts with no helper


@board
class Heyawake(Board):
    """Rows of room ids, and rows of clues (a room's number on one of its cells, else None)."""

    kind = "heyawake"
    GRID = "rooms"
    REGIONS = "rooms"

    rooms: tuple[tuple[int, ...], ...]
    clues: tuple[tuple[int | None, ...], ...]

    def numbered(self) -> list[tuple[list[Cell], int]]:
        """Every room with a number: its cells and the number."""
        out = []
        for area in regions_from_ids(self.rooms).values():
            said = [self.clues[r][c] for r, c in area if self.clues[r][c] is not None]
            out += [(area, said[0])] if said else []
        return out

    def spans(self) -> list[list[Cell]]:
        """Every straight run from the cell before a room border to the cell after the next
        border along its row or column: each needs a shaded cell."""
        out = []
        lines = [[(r, c) for c in range(self.width)] for r in range(self.height)]
        lines += [[(r, c) for r in range(self.height)] for c in range(self.width)]
        for line in lines:
            room = [self.rooms[r][c] for r, c in line]
            cuts = [i for i in range(1, len(line)) if room[i] != room[i - 1]]
            out += [line[a - 1 : b + 1] for a, b in zip(cuts, cuts[1:])]
        return out


JSON_FIELDS = {
    "rooms": Read("[[1, 1, 2], [3, 3, 2]]", "a room id a cell, a whole number", natural()),
    "clues": Read("[[2, null, null], [1, null, null]]",
                  "null, or a room's number (a whole number)", or_null(natural())),
}
PUZZLE_JSON = '`{"rooms": rows of room ids, "clues": rows of null or a room\'s number}`'
SITE_CELLS = "yn"


# Per cell its shade variable, a share of a room's count (a few cells: up to 70
# clauses of up to 5; more: a counter of k helpers a cell), two touching pairs and the
# spans across two borders it lies on.
CELL_COST = (400, 80)  # literals, clauses


def stress(height: int, width: int) -> Heyawake:
    """Rooms of three cells, numbered 1: the most borders, spans and counts."""
    rooms = tuple(tuple(1 + r * width + c // 3 for c in range(width)) for r in range(height))
    clues = tuple(tuple(1 if c % 3 == 0 else None for c in range(width)) for _ in range(height))
    return Heyawake(rooms, clues)


# --------------------------------------------------------------------------- the rules
def encode(board: Heyawake) -> Encoding:
    """Shade variables 1..N in reading order, then the counters' helpers, and the white
    cells' connectivity as refine."""
    variables = rules.Variables()
    shade = {cell: variables.of(cell) for cell in cells(board.height, board.width)}
    out = rules.Named()
    for area, k in board.numbered():
        out.add("a room's number", ("room", area[0]), _exactly([shade[c] for c in area], k,
                                                               variables))
    pairs = touching_pairs(board.height, board.width)
    out.add("shaded cells never touch", ("board",),
            rules.never_both([(shade[a], shade[b]) for a, b in pairs]))
    for span in board.spans():
        out.add("no white run across two borders", ("cell", span[0]),
                rules.at_least_one([shade[cell] for cell in span]))
    rule = connected_cells({cell: -var for cell, var in shade.items()}, pairs)
    return Encoding(out, list(shade.values()), refine=rule.refine, rules=out.names)


def _exactly(lits: list[int], k: int, variables: rules.Variables) -> list[rules.Clause]:
    """Exactly k of `lits`: with no helper for a few, else pysat's sequential counter."""
    if len(lits) <= FEW or not 0 <= k <= len(lits):
        return rules.exactly_few(lits, k)
    from pysat.card import CardEnc, EncType

    found = CardEnc.equals(lits, bound=k, top_id=variables.count, encoding=EncType.seqcounter)
    variables.count = max(variables.count, found.nv)
    return found.clauses


# --------------------------------------------------------------------------- the checker
def validate(board: Heyawake) -> None:
    rectangular(board.rooms, "Heyawake")
    rectangular(board.clues, "Heyawake")
    if (board.height, board.width) != (len(board.clues), len(board.clues[0])):
        raise InvalidPuzzle("a Heyawake's clues and rooms differ in size")
    for area in regions_from_ids(board.rooms).values():
        if sum(board.clues[r][c] is not None for r, c in area) > 1:
            raise InvalidPuzzle(f"a Heyawake room has two numbers (its first cell: row "
                                f"{area[0][0] + 1}, column {area[0][1] + 1})")


def is_solution(board: Heyawake, answer) -> bool:
    """Every number its room's shaded count; no shaded cells side by side; a shaded cell in
    every run across two borders; the white cells connected. From the grid alone."""
    h, w = board.height, board.width
    shaded = {(r, c) for r, c in cells(h, w) if answer[r][c]}
    return (
        all(len(shaded.intersection(area)) == k for area, k in board.numbered())
        and not any(a in shaded and b in shaded for a, b in touching_pairs(h, w))
        and all(shaded.intersection(span) for span in board.spans())
        and connected(cell for cell in cells(h, w) if cell not in shaded)
    )


# --------------------------------------------------------------------------- the looks
LOOKS = {  # the glyphs tell shaded from white; colour only adds
    "shaded": SHADED,
    "white": WHITE,
    "number": Look("", "", "bold", ("∘", "o"), "a white cell"),
}


look = shaded_or_number("clues")


KIND = declare(__name__, Heyawake, examples=tiny(
    unique=Heyawake(((1, 2, 2), (1, 2, 2), (1, 3, 3)),
                    ((None, 2, None), (None, None, None), (None, 0, None))),
    multiple=Heyawake(((1, 1), (1, 1)), ((None, None), (None, None))),
    none=Heyawake(((1, 1), (1, 1)), ((3, None), (None, None)))))
