"""Thermometers: fill cells so that each thermometer fills from its bulb without a gap, and
every row and column holds as many filled cells as its count.

A fill variable per cell (genres.md's sketch): along each thermometer a cell is filled
only if the one before it (toward the bulb) is; a cell on no thermometer stays empty; the
counts are native exact counts (grid/counts.py). Board JSON: `{"columns": [2, 1, ...],
"rows": [...], "thermometers": [[[r, c], ...], ...]}`, each thermometer its cells from the
bulb to the tip, 0-based (null: a line without a count); an answer is rows of 0/1, 1
filled.
"""

from __future__ import annotations

from functools import cached_property

from ..core import InvalidPuzzle, ParseError, is_json_int, json_excerpt
from ..drawing import GOLD
from ..grid import clauses as rules
from ..grid.board import board
from ..grid.counts import COUNT_FIELDS, Counted, cell_rules, count_rule
from ..grid.looks import Look
from ..grid.rows import Bits
from ..sat import Encoding
from . import declare, tiny

Path = tuple[tuple[int, int], ...]  # a thermometer's cells, from the bulb to the tip


@board
class Thermometers(Counted):
    """The counts, and the thermometers, each its cells from the bulb to the tip."""

    kind = "thermometers"
    REGIONS = "units"

    thermometers: tuple[Path, ...]

    @cached_property
    def units(self) -> list[list[int]]:
        """Each cell's thermometer, numbered from 1 in the board's order (0: on none)."""
        out = [[0] * self.width for _ in range(self.height)]
        for i, path in enumerate(self.thermometers, 1):
            for r, c in path:
                if 0 <= r < self.height and 0 <= c < self.width:
                    out[r][c] = i
        return out

    @cached_property
    def bulbs(self) -> frozenset[tuple[int, int]]:
        return frozenset(path[0] for path in self.thermometers)


PUZZLE_JSON = (
    '`{"columns": counts, "rows": counts, "thermometers": [[[r, c], ...], ...]}`, each '
    "thermometer from its bulb"
)
SITE_CELLS = "yn"
CELL_WORDS = ('empty', 'filled')  # a cell's two values, as a hint says them


def _paths(puzzle: dict, game: str, key: str) -> tuple[Path, ...]:
    """Board JSON's thermometers, each a list of cells [row, column] from its bulb."""
    paths = puzzle.get(key)
    if not isinstance(paths, list) or not all(isinstance(p, list) and p for p in paths):
        raise ParseError('a Thermometers\' board JSON needs "thermometers", a list of '
                         "thermometers, each a list of cells [row, column] from its bulb")
    for path in paths:
        bad = next((cell for cell in path if not (
            isinstance(cell, list) and len(cell) == 2
            and all(is_json_int(v) and v >= 0 for v in cell))), None)
        if bad is not None:
            raise ParseError(f"board JSON: a Thermometers' thermometer holds "
                             f"{json_excerpt(bad)}, not a cell [row, column] (from 0)")
    return tuple(tuple(map(tuple, p)) for p in paths)


JSON_FIELDS = {**COUNT_FIELDS, "thermometers": _paths}


# Per cell: the clause that ties it to the cell before it (or keeps it empty), and its
# share of two lines' two native counts (four a cell on a board one cell wide).
CELL_COST = (8, 5)  # literals, clauses


def stress(height: int, width: int) -> Thermometers:
    """Every row one thermometer (every column, on a board one cell wide), every line
    counted."""
    paths = (tuple(tuple((r, c) for c in range(width)) for r in range(height)) if width > 1
             else (tuple((r, 0) for r in range(height)),))
    return Thermometers((height // 2,) * width, (width // 2,) * height, paths)


# --------------------------------------------------------------------------- the rules
def encode(board: Thermometers) -> Encoding:
    """Fill variables 1..N in reading order; the counts native."""
    filled, out = cell_rules(board)
    for i, path in enumerate(board.thermometers):
        out.add("a thermometer fills from its bulb", ("thermometer", i), [
            clause for before, cell in zip(path, path[1:])
            for clause in rules.implies(filled[cell], filled[before])])
    units = board.units
    out.add("a cell on no thermometer stays empty", ("board",), rules.none_of(
        [var for (r, c), var in filled.items() if not units[r][c]]))
    return Encoding(out, list(filled.values()), count_rule(board, filled, out), rules=out.names)


# --------------------------------------------------------------------------- the checker
def validate(board: Thermometers) -> None:
    """Thermometers of cells on the board, each cell on one at most, each cell next to
    the one before it (the counts: grid.counts.check_counts)."""
    seen: set[tuple[int, int]] = set()
    for i, path in enumerate(board.thermometers, 1):
        for before, (r, c) in zip((None, *path), path):
            if not (0 <= r < board.height and 0 <= c < board.width) or (r, c) in seen:
                raise InvalidPuzzle(f"thermometer {i} holds the cell ({r}, {c}), which is off "
                                    f"the {board.width}x{board.height} board or on another")
            if before is not None and abs(before[0] - r) + abs(before[1] - c) != 1:
                raise InvalidPuzzle(f"thermometer {i} jumps from {before} to {(r, c)}: its "
                                    "cells follow each other side by side")
            seen.add((r, c))


def is_solution(board: Thermometers, answer: Bits) -> bool:
    """0/1 cells; along each thermometer filled cells first, then empty ones; no cell off
    the thermometers filled; every count held. No SAT."""
    units = board.units
    for path in board.thermometers:
        levels = [answer[r][c] for r, c in path]
        if levels != sorted(levels, reverse=True):
            return False
    return not any(answer[r][c] and not units[r][c]
                   for r in range(board.height) for c in range(board.width))


# --------------------------------------------------------------------------- the looks
LOOKS = {  # the glyphs tell the four apart; colour only adds
    "full bulb": Look("●", "@", f"bold {GOLD}", ("◍", "%"), "a filled bulb", mark="disc",
                      ink="#c0392b", rim="#5a1a10"),
    "bulb": Look("○", "o", "", ("◌", "?"), "an empty bulb", mark="disc", ink="#ffffff",
                 rim="#404040"),
    "filled": Look("█", "#", GOLD, ("▒", "%"), "a filled cell", wide=True, fill="#e07b6a",
                   css="filled"),
    "empty": Look("·", ".", "grey50", ("∘", "="), "an empty cell"),
    "off": Look(" ", " "),
}


def look(board: Thermometers, answer: Bits | None, r: int, c: int) -> str:
    full = answer is not None and answer[r][c]
    if (r, c) in board.bulbs:
        return "full bulb" if full else "bulb"
    return ("filled" if full else "empty") if board.units[r][c] else "off"


KIND = declare(__name__, Thermometers, examples=tiny(
    unique=Thermometers((2, 2, 2), (2, 2, 2), (((0, 0), (1, 0), (2, 0)), ((0, 1), (0, 2)),
                                               ((1, 2), (1, 1)), ((2, 2), (2, 1)))),
    multiple=Thermometers((1, 1), (1, 1), (((0, 0),), ((0, 1),), ((1, 0),), ((1, 1),))),
    none=Thermometers((1, 0), (0, 1), (((0, 0), (1, 0)), ((0, 1), (1, 1))))))
