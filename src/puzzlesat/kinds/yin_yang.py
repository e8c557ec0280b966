"""Yin-Yang: make every cell black or white so that each colour is one connected area and no
2x2 block is all of one colour; the given circles keep their colour.

A variable per cell, true for black (genres.md's sketch): the givens as units; no 2x2
block all black or all white; both colours connected, the lazy way (grid.connectivity over
`black` and over `-black`, one refine). The lazy cuts alone took 7,000 rounds and over 20 s
on a real 15x15, so three implied rules say up front what the cuts would find: no 2x2
block is a checkerboard (its two black cells could be joined only across the path joining
its two white ones, which a flat grid does not allow); on a board of more than four blocks
every cell has a neighbour of its colour (one cell alone could not break every block); and
the colour changes at most twice around the edge. Then a few rounds do.
Board JSON: `{"cells": ["W..B", ...]}` (`.` open, `W` a white circle, `B` a black one);
an answer is rows of 0/1, 1 black.
"""

from __future__ import annotations

from ..drawing import TEAL
from ..grid import clauses as rules
from ..grid.board import Board, board
from ..grid.connectivity import combined, connected, connected_cells
from ..grid.geometry import cells, neighbours
from ..grid.looks import Look
from ..grid.rows import Bits, Read
from ..sat import Encoding
from . import declare, tiny

OPEN, WHITE, BLACK = ".", "W", "B"
CELL_CHARACTERS = OPEN + WHITE + BLACK


@board
class YinYang(Board):
    """Rows of cells, one character a cell (CELL_CHARACTERS)."""

    kind = "yin-yang"
    LABEL = "Yin-Yang"
    GRID = "cells"

    cells: tuple[str, ...]


JSON_FIELDS = {"cells": Read("W..B", ". open, W a white circle, B a black circle",
                             CELL_CHARACTERS)}
PUZZLE_JSON = '`{"cells": ["W..B", ...]}`: `.` open, `W`/`B` a white/black circle'
SITE_CELLS = "10"
SITE_TEXT = '`0`/`1` a cell, `1` black'
CELL_WORDS = ('white', 'black')  # a cell's two values, as a hint says them


# Per cell a given's unit, a share of its blocks' clauses (no 2x2 of one colour, no
# checkerboard), a neighbour of its colour and the rim's rule: 27 literals a cell were
# measured on an open board (tests/test_memory_bound.py).
CELL_COST = (34, 8)  # literals, clauses


def stress(height: int, width: int) -> YinYang:
    """No circle: every block's clauses, nothing decided."""
    return YinYang((OPEN * width,) * height)


# --------------------------------------------------------------------------- the rules
def encode(board: YinYang) -> Encoding:
    """Black variables 1..N in reading order; both colours' cuts as refine."""
    h, w = board.height, board.width
    variables, black = rules.cell_variables(h, w)
    out = rules.Named()
    for (r, c), var in black.items():
        if board.cells[r][c] != OPEN:
            out.add("a given circle keeps its colour", ("cell", (r, c)),
                    [[var if board.cells[r][c] == BLACK else -var]])
    for block in board.blocks():
        a, b, c, d = (black[cell] for cell in block)
        out.add("no 2x2 of one colour", ("block", block[0]), [[a, b, c, d], [-a, -b, -c, -d]])
        out.add("both colours connected", ("block", block[0]),
                [[a, -b, -c, d], [-a, b, c, -d]])  # no checkerboard: implied
    if (h - 1) * (w - 1) > 4:  # each colour two cells at least, so none is alone: implied
        for r, c in cells(h, w):
            near = [black[n] for n in neighbours(h, w, r, c)]
            out.add("both colours connected", ("cell", (r, c)),
                    [[-black[(r, c)], *near], [black[(r, c)], *(-n for n in near)]])
    if h > 1 and w > 1:
        out.add("both colours connected", ("border",), border_arcs(
            [black[cell] for cell in border(h, w)], variables))
    dark = connected_cells(black)
    light = connected_cells({cell: -var for cell, var in black.items()})
    return Encoding(out, list(black.values()), refine=combined(dark.refine, light.refine),
                    rules=out.names)


def border(h: int, w: int) -> list[tuple[int, int]]:
    """The cells around the edge, once each, clockwise from the top left."""
    return [*((0, c) for c in range(w)), *((r, w - 1) for r in range(1, h)),
            *((h - 1, c) for c in range(w - 2, -1, -1)), *((r, 0) for r in range(h - 2, 0, -1))]


def border_arcs(ring: list[int], variables: rules.Variables) -> list[rules.Clause]:
    """The colour changes at most twice around the edge: each colour one arc of it (two
    arcs of black would cut the white between them apart). A helper a step of the ring
    holds where the colour changes; at most two do."""
    out: list[rules.Clause] = []
    changes = []
    for a, b in zip(ring, ring[1:] + ring[:1]):
        change = variables.new()
        changes.append(change)
        out += [[-a, b, change], [a, -b, change]]
    return out + rules.at_most(changes, 2, variables)


# --------------------------------------------------------------------------- the checker
def is_solution(board: YinYang, answer) -> bool:
    """Every circle its colour, no 2x2 block of one colour, each colour connected. From
    the grid alone, no SAT."""
    h, w = board.height, board.width
    if any(board.cells[r][c] != OPEN and answer[r][c] != (board.cells[r][c] == BLACK)
           for r, c in cells(h, w)):
        return False
    if any(len({answer[r][c] for r, c in block}) == 1 for block in board.blocks()):
        return False
    return all(connected([cell for cell in cells(h, w) if answer[cell[0]][cell[1]] == colour])
               for colour in (0, 1))


# --------------------------------------------------------------------------- the looks
LOOKS = {
    "given black": Look("●", "X", f"bold {TEAL}", mark="disc", ink="#000000", rim="#000000"),
    "given white": Look("○", "O", f"bold {TEAL}", mark="disc", ink="#ffffff", rim="#000000"),
    "black": Look("●", "X", "", ("◉", "@"), "a black cell", mark="disc", ink="#404040",
                  rim="#000000"),
    "white": Look("○", "O", "", ("◎", "%"), "a white cell", mark="disc", ink="#ffffff",
                  rim="#808080"),
    "open": Look(" ", " "),
}


def look(board: YinYang, answer: Bits | None, r: int, c: int) -> str:
    """A given circle, and with an answer every other cell's colour."""
    ch = board.cells[r][c]
    if ch != OPEN:
        return "given black" if ch == BLACK else "given white"
    return "open" if answer is None else "black" if answer[r][c] else "white"


KIND = declare(__name__, YinYang, examples=tiny(
    unique=YinYang(("B.W", "..B", "...")),
    multiple=YinYang(("..", "..")),
    none=YinYang(("WB", "BW"))))
