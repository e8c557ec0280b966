"""Light Up (Akari): put bulbs on white cells so that every white cell is lit, no bulb
lights another, and every numbered wall has that many bulbs beside it.

A bulb variable per white cell (genres.md's sketch): each white cell is lit by a bulb in
its row or column segment (the white cells between walls it sees); no segment holds two
bulbs; a numbered wall has exactly that many next to it. Board JSON: `{"cells": ["..B0",
...]}` (`.` white, `B` a wall, `0`-`4` a numbered wall); an answer is rows of 0/1.
"""

from __future__ import annotations

from ..budget import Cost, grid_cost
from ..drawing import GOLD, GREY
from ..grid import clauses as rules
from ..grid.board import CellRows, board
from ..grid.geometry import cells, column_segments, neighbours, row_segments, segment_of
from ..grid.looks import Look
from ..grid.rows import Bits, Read
from ..grid.steps import Place
from ..sat import Encoding
from . import declare, tiny

WHITE, WALL = ".", "B"
CLUES = "01234"
CELL_CHARACTERS = WHITE + WALL + CLUES


@board
class LightUp(CellRows):
    """Rows of cells, one character a cell (CELL_CHARACTERS): a black cell is a wall."""

    kind = "light-up"

    def open_grid(self) -> list[list[bool]]:
        """Per cell, whether light passes through it (a white cell)."""
        return [[ch == WHITE for ch in row] for row in self.cells]


JSON_FIELDS = {"cells": Read("..B0", ". white, B a wall, 0-4 a numbered wall",
                             CELL_CHARACTERS)}
PUZZLE_JSON = '`{"cells": [".1.", "2B.", ...]}`: `.` white, `B` a wall, `0`-`4` a numbered wall'
SITE_CELLS = "yn"
CELL_WORDS = ('no bulb', 'a bulb')  # a cell's two values, as a hint says them


def cost(board: LightUp) -> Cost:
    """Per white cell its lighting clause (at most a row and a column long), two at-most-one
    counters of three clauses, and a share of a clue's exact count (16 clauses of 4)."""
    return grid_cost(board.height * board.width, board.height + board.width + 76, 8)


def stress(height: int, width: int) -> LightUp:
    """All white: every segment a whole line, every cell's lighting clause its longest."""
    return LightUp((WHITE * width,) * height)


# --------------------------------------------------------------------------- the rules
def encode(board: LightUp) -> Encoding:
    """Bulb variables 1..N over the white cells in reading order, then the counters'
    helpers."""
    h, w = board.height, board.width
    variables = rules.Variables()
    bulb = {(r, c): variables.of((r, c)) for r in range(h) for c in range(w)
            if board.is_white(r, c)}
    bulbs = list(range(1, variables.count + 1))
    open_ = board.open_grid()
    rows, cols = row_segments(open_), column_segments(open_)
    out = rules.Named()
    for line, runs in (("row", rows), ("column", cols)):
        for run in runs:
            out.add("one bulb a segment", (line, run[0]),
                    rules.at_most_one([bulb[cell] for cell in run], variables))
    row_of, col_of = segment_of(rows), segment_of(cols)
    for cell in bulb:
        seen = {*rows[row_of[cell]], *cols[col_of[cell]]}
        out.add("every cell lit", ("cell", cell), rules.at_least_one(sorted(bulb[o] for o in seen)))
    for r, c, k in board.clues():
        around = [bulb[n] for n in neighbours(h, w, r, c) if n in bulb]
        out.add("bulbs beside a number", ("clue", (r, c)), rules.exactly_few(around, k))
    return Encoding(out, bulbs, rules=out.names)


def decode(board: LightUp, values) -> Bits:
    """Rows of 0/1 from the bulb variables (white cells in reading order)."""
    on = iter(values)
    return tuple(
        tuple(int(bool(next(on))) if board.is_white(r, c) else 0 for c in range(board.width))
        for r in range(board.height)
    )


def places(board: LightUp) -> list:
    """What each bulb variable says, for hints: a bulb on its white cell."""
    return [Place((r, c), 1, 0) for r, c in cells(board.height, board.width)
            if board.is_white(r, c)]


# --------------------------------------------------------------------------- the checker
def is_solution(board: LightUp, answer) -> bool:
    """Bulbs on white cells only, one a segment at most; every white cell lit; every number
    the count of bulbs next to it. From the grid alone, no SAT."""
    h, w = board.height, board.width
    if any(answer[r][c] and not board.is_white(r, c) for r in range(h) for c in range(w)):
        return False
    open_ = board.open_grid()
    runs = (*row_segments(open_), *column_segments(open_))
    bulbs = [sum(answer[r][c] for r, c in run) for run in runs]
    lit = {cell for run, n in zip(runs, bulbs) if n for cell in run}
    return (
        all(n <= 1 for n in bulbs)
        and all(cell in lit for run in runs for cell in run)
        and all(sum(answer[rr][cc] for rr, cc in neighbours(h, w, r, c)) == k
                for r, c, k in board.clues())
    )


# --------------------------------------------------------------------------- the looks
LOOKS = {  # colour only adds: walls dark, lit cells and bulbs yellow
    "wall": Look("█", "#", GREY, wide=True, fill="#202020"),
    "clue": Look("", "", "bold white on grey23", fill="#202020", ink="#ffffff", css="wall"),
    "bulb": Look("●", "O", f"bold {GOLD}", ("◉", "@"), "a bulb", fill="#fff3b0",
                 mark="disc", ink="#ffd21f", rim="#5a4a00", css="lit"),
    "lit": Look("·", ".", GOLD, ("∘", "o"), "an empty cell", fill="#fff3b0", css="lit"),
    "white": Look(" ", " "),
}


def look(board: LightUp, answer: Bits | None, r: int, c: int) -> str | tuple[str, str]:
    """A wall, a numbered wall, and with an answer a bulb or a lit cell."""
    ch = board.cells[r][c]
    if ch != WHITE:
        return ("clue", ch) if ch in CLUES else "wall"
    return "white" if answer is None else "bulb" if answer[r][c] else "lit"


KIND = declare(__name__, LightUp, written_as={"tatham": "lightup"}, examples=tiny(
    unique=LightUp((".1.", "2..", "...")),
    multiple=LightUp(("..", "..")),
    none=LightUp(("1.", ".1"))))
