"""Battleships (Bimaru): place the fleet on the grid; a ship is a straight line of cells, and
no two ships touch, not even at a corner; the number beside a row or column is how many of
its cells hold ships; the hints fix water, a single-cell ship, a ship's middle or its ends.

A ship variable per cell (what the site's answer is), and a placement variable per ship a
length and a place could be, equal to "this cell starts a line of exactly L ship cells this
way" (one of L cells: no ship on its four sides): so the placements are the ship cells'
function, and uniqueness proven over the cells is uniqueness of the whole. The rules: no
two ship cells diagonal (which keeps every ship straight), no line of ship cells longer
than the longest ship, exactly the fleet's count of placements of each length and the
counts of each row and column (native cardinalities), and each hint's cells.

The fleet is not in the site's task: it follows the size (`SIZE_FLEETS`, read from the
fleets public solvers scrape off the pages, genres.md section 2); a size off the record,
or a count of ship cells its fleet does not fill, takes the one fleet of the usual shape
(one ship of the longest length, two of the next, ...) whose cells are the counts' total.
Which was used, and why, is in the facts (`fleet`, `fleet_from`); the verdict says it
short (`10 ships 4..1`). Board JSON: `{"cells": [".x..n.", ...],
"columns": [...], "rows": [...], "fleet": [4, 3, 3, ...] or null}` (`.` no hint, `x`
water, `o` a one-cell ship, `m` a middle, `n`/`e`/`s`/`w` the end pointing up, right, down,
left); an answer is rows of 0/1, 1 a ship cell.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import accumulate
from typing import Any

from ..budget import Cost, grid_cost
from ..core import InvalidPuzzle, ParseError, Result, is_json_int, json_excerpt
from ..drawing import TEAL, Style, finish
from ..grid import clauses as rules
from ..grid.board import Board, board
from ..grid.geometry import cells, touching_pairs
from ..grid.looks import Look
from ..grid.rows import Bits, character_rows, is_bit_rows, rectangular
from ..sat import Encoding
from . import declare, tiny

OPEN, WATER, SINGLE, MIDDLE = ".", "x", "o", "m"
ENDS = {"n": (1, 0), "e": (0, -1), "s": (-1, 0), "w": (0, 1)}  # end -> where its ship goes on
HINTS = WATER + SINGLE + MIDDLE + "".join(ENDS)
HINT_RULES = {  # each hint's rule for its own cell, as `puzzlesat hint` says it: a given
    # (hints._givens), known from the start as the page shows it
    WATER: "given water", SINGLE: "a given one-cell ship", MIDDLE: "a given ship's middle",
    "n": "a given ship's top end", "e": "a given ship's right end",
    "s": "a given ship's bottom end", "w": "a given ship's left end"}
HINT_SAYS = {  # what a ship hint says of the cells beside it: a step's rule, no given
    SINGLE: "a one-cell ship", MIDDLE: "a ship's middle", "n": "a ship's top end",
    "e": "a ship's right end", "s": "a ship's bottom end", "w": "a ship's left end"}
SYMBOLS = OPEN + HINTS
MAX_SHIP = 12  # the longest ship a fleet may hold (the site's longest is 9, on 30x30)

Cell = tuple[int, int]


def staircase(longest: int) -> tuple[int, ...]:
    """The usual fleet: one ship of `longest` cells, two of one less, ... down to one cell."""
    return tuple(length for length in range(longest, 0, -1)
                 for _ in range(longest - length + 1))


# The site's fleet of each side (public solvers read them off the pages' fleet lists; the
# 15x15's also follows from a solved save): 8x8 alone is not the usual shape.
SIZE_FLEETS = {6: staircase(3), 8: (4, 3, 3, 2, 2, 2, 1, 1, 1), 10: staircase(4),
               15: staircase(5), 20: staircase(7), 25: staircase(8), 30: staircase(9)}


@board
class Battleships(Board):
    """Rows of hint characters (SYMBOLS), the ship cells of each column and row, and the
    fleet as ship lengths (None: the size's, see `fleet_of`)."""

    kind = "battleships"
    GRID = "cells"

    cells: tuple[str, ...]
    columns: tuple[int, ...]
    rows: tuple[int, ...]
    fleet: tuple[int, ...] | None = None


def fleet_of(board: Battleships) -> tuple[tuple[int, ...], str]:
    """The fleet to place and where it came from: "stated" (the board's), "size" (the
    site's fleet of that size, when its cells are the counts' total), "count" (the usual
    shape whose cells are the total); where none fits, the size's or the usual shape
    nearest the total, which then has no answer."""
    if board.fleet is not None:
        return tuple(sorted(board.fleet, reverse=True)), "stated"
    total = sum(board.rows)
    side = board.height if board.height == board.width else None
    known = SIZE_FLEETS.get(side) if side else None
    if known is not None and sum(known) == total:
        return known, "size"
    longest = next((n for n, cells in enumerate(accumulate(
        k * (k + 1) // 2 for k in range(1, MAX_SHIP + 1)), 1) if cells >= total), MAX_SHIP)
    usual = staircase(longest)
    if sum(usual) == total or known is None:
        return usual, "count"
    return known, "size"


def _counts(puzzle: dict, key: str, many: int) -> tuple[int, ...]:
    counts = puzzle.get(key)
    if (not isinstance(counts, list) or len(counts) != many
            or not all(is_json_int(n) and n >= 0 for n in counts)):
        raise ParseError(f'board JSON: a Battleships\' "{key}" is a list of {many} ship-cell '
                         f"counts (whole numbers from 0), not {json_excerpt(counts)}")
    return tuple(counts)


PUZZLE_JSON = (
    '`{"cells": rows of hints, "columns": counts, "rows": counts, "fleet": ship lengths}`: '
    'a hint `.` none, `x` water, `o` a one-cell ship, `m` a middle, `n`/`e`/`s`/`w` the '
    'end pointing up, right, down, left; `fleet` null: the size\'s'
)
SITE_CELLS = "yn"
SOLUTION_JSON = 'rows of 0/1, 1 a ship cell'
DRAWS_PARTLY = True  # its drawing shows a half-decided answer: a hint's board
SITE_TEXT = '`y`/`n` a cell, `y` a ship cell'
CELL_WORDS = ('water', 'ship')  # a cell's two values, as a hint says them


def from_json(puzzle: dict, source: str) -> Battleships:
    """The board from board JSON's "puzzle" (see the module's docstring)."""
    grid = character_rows(puzzle, "Battleships", ".x..n.", "`.` no hint, `x` water, `o` a "
                          "one-cell ship, `m` a middle, `n`/`e`/`s`/`w` an end", SYMBOLS)
    fleet = puzzle.get("fleet")
    if fleet is not None and (not isinstance(fleet, list) or not fleet or not all(
            is_json_int(n) and 1 <= n <= MAX_SHIP for n in fleet)):
        raise ParseError(f'board JSON: a Battleships\' "fleet" is the length of every ship '
                         f"(whole numbers 1 to {MAX_SHIP}), or null for the size's, not "
                         f"{json_excerpt(fleet)}")
    return Battleships(grid, _counts(puzzle, "columns", len(grid[0])),
                       _counts(puzzle, "rows", len(grid)),
                       None if fleet is None else tuple(fleet), source=source)


def _longest(board: Battleships) -> int:
    return min(max(fleet_of(board)[0]), MAX_SHIP, max(board.height, board.width))


def cost(board: Battleships) -> Cost:
    """Per cell and ship length L up to the longest, two placements (across, down) of
    L + 3 clauses and 3L + 7 literals, in two native counts; two diagonal pairs, two
    windows of the longest ship and one cell more, a hint's few clauses, and its share of
    the row and column counts."""
    m = _longest(board)
    literals = m * (3 * m + 17) + 4 + 2 * (m + 1) + 12 + 4 + 4 * m
    clauses = m * (m + 7) + 4 + 5 + 4 + 2 * m
    return grid_cost(board.height * board.width, literals, clauses)


def remarks(result: Result) -> list[str]:
    """The fleet placed, short enough for the one-line verdict of a 30x30 with several
    answers: how many ships, from the longest to the shortest (`9 ships 4..1`); --json's
    `fleet` lists them and `fleet_from` says why that fleet (stated, the size's, the
    count's)."""
    fleet = result.facts.get("fleet")
    if not fleet:
        return []
    many = f"{len(fleet)} ship{'s' * (len(fleet) > 1)}"
    if max(fleet) == min(fleet):
        return [f"{many} of {fleet[0]}"]
    return [f"{many} {max(fleet)}..{min(fleet)}"]


# --------------------------------------------------------------------------- the rules
class Ships:
    """The variables: a ship cell (1..N in reading order, the answer), then a placement of
    each length at each place it may lie, across and down (length 1 once). A place the
    counts or a water hint rule out gets none: its line could never be there, so the
    placements left still count the fleet exactly (a 30x30's clauses are halved)."""

    def __init__(self, board: Battleships, longest: int) -> None:
        self.board = board
        self.h, self.w = board.height, board.width
        self.variables, self.cell = rules.cell_variables(self.h, self.w)
        self.placed: dict[int, list[tuple[int, list[Cell], list[Cell]]]] = {
            length: [(self.variables.new(), inside, around)
                     for inside, around in self.places(length)]
            for length in range(1, longest + 1)}
        self.single = {inside[0]: var for var, inside, _ in self.placed.get(1, ())}

    def ship(self, cell: Cell) -> int | None:
        """The cell's ship variable, None off the board (water there)."""
        return self.cell.get(cell)

    def places(self, length: int) -> Iterator[tuple[list[Cell], list[Cell]]]:
        """(its cells, the cells that must be water) of every place a ship of `length`
        may lie: across and down, the water at its two ends (all four sides of one cell).
        A place where its own line's count is under its length, or a crossing line's is
        0, or a cell is hinted water, is none."""
        rows, columns, hints = self.board.rows, self.board.columns, self.board.cells
        free = [[bool(rows[r] and columns[c]) and hints[r][c] != WATER for c in range(self.w)]
                for r in range(self.h)]
        for r in range(self.h):
            for c in range(self.w - length + 1):
                if rows[r] >= length and all(free[r][c : c + length]):
                    yield self._placed([(r, c + i) for i in range(length)], 0, 1)
        for c in range(self.w) if length > 1 else ():
            for r in range(self.h - length + 1):
                if columns[c] >= length and all(free[r + i][c] for i in range(length)):
                    yield self._placed([(r + i, c) for i in range(length)], 1, 0)

    def _placed(self, inside: list[Cell], dr: int, dc: int) -> tuple[list[Cell], list[Cell]]:
        (r, c), length = inside[0], len(inside)
        ends = [(r - dr, c - dc), (r + dr * length, c + dc * length)]
        if length == 1:
            ends += [(r - 1, c), (r + 1, c)]
        return inside, [cell for cell in ends if cell in self.cell]


def encode(board: Battleships) -> Encoding:
    """Ship variables 1..N in reading order, then the placements."""
    fleet, found = fleet_of(board)
    longest = _longest(board)
    ships = Ships(board, longest)
    out = rules.Named()
    atmosts = []
    for length, placed in ships.placed.items():
        scope = _ships_of(length)
        for var, inside, around in placed:
            out.add("a placement is a line of exactly its length", scope, _exactly(
                var, [ships.cell[cell] for cell in inside], [ships.cell[cell] for cell in around]))
        atmosts += rules.exactly_native([var for var, _, _ in placed], fleet.count(length),
                                        ("the fleet", scope))
    if any(length > longest for length in fleet):
        out.add("every ship fits the board", ("fleet",), [[]])
    diagonal = [(a, b) for a, b in touching_pairs(board.height, board.width, True)
                if a[0] != b[0] and a[1] != b[1]]
    out.add("ships never touch, not even at a corner", ("board",), rules.never_both(
        [(ships.cell[a], ships.cell[b]) for a, b in diagonal]))
    for scope, line, count in _lines(board):
        lits = [ships.cell[cell] for cell in line]
        out.add("no ship longer than the longest", scope, [
            [-lit for lit in lits[i : i + longest + 1]]
            for i in range(len(lits) - longest)] if count > longest else [])
        atmosts += rules.exactly_native(lits, count, ("ship cells a line", scope))
    for r, c in cells(board.height, board.width):
        hint = board.cells[r][c]
        if hint != OPEN:  # its cell given apart from what it says of others, not given
            me = ships.cell[(r, c)]
            out.add(HINT_RULES[hint], ("cell", (r, c)), [[-me if hint == WATER else me]])
            if hint != WATER:
                out.add(HINT_SAYS[hint], ("cell", (r, c)), _hinted(ships, hint, r, c))
    return Encoding(out, list(range(1, board.height * board.width + 1)), atmosts,
                    facts={"fleet": list(fleet), "fleet_from": found}, rules=out.names)


def _ships_of(length: int) -> tuple[str, str]:
    """The scope of the rules of the ships of `length` cells, said as a count ("ships of
    length 2"), not as an index (grid.clauses.scope_text says an int one more)."""
    return ("ships of length", str(length))


def _exactly(var: int, inside: list[int], around: list[int]) -> list[list[int]]:
    """var <-> every cell inside is a ship and every cell around is water."""
    return [*([-var, lit] for lit in inside), *([-var, -lit] for lit in around),
            [var, *(-lit for lit in inside), *around]]


def _hinted(ships: Ships, hint: str, r: int, c: int) -> list[list[int]]:
    """What a ship hint says beyond its own cell being a ship: a one-cell ship (its
    placement); a middle (ships on both sides one way: left or up, left or down, right or
    up, right or down, where a side off the board is water); an end (its ship goes on the
    other way, and no ship lies beyond it)."""
    if hint == SINGLE:
        return [[ships.single[(r, c)]] if (r, c) in ships.single else []]
    side = {name: ships.ship((r + dr, c + dc)) for name, (dr, dc) in
            (("up", (-1, 0)), ("down", (1, 0)), ("left", (0, -1)), ("right", (0, 1)))}
    if hint == MIDDLE:
        return [[lit for lit in (side[a], side[b]) if lit is not None]
                for a in ("left", "right") for b in ("up", "down")]
    dr, dc = ENDS[hint]
    on, beyond = ships.ship((r + dr, c + dc)), ships.ship((r - dr, c - dc))
    return [[] if on is None else [on], *([[-beyond]] if beyond is not None else [])]


def _lines(board: Battleships) -> list[tuple[tuple[str, int], list[Cell], int]]:
    """(scope, cells, ship cells) of every row, then every column."""
    h, w = board.height, board.width
    return [*((("row", r), [(r, c) for c in range(w)], board.rows[r]) for r in range(h)),
            *((("column", c), [(r, c) for r in range(h)], board.columns[c]) for c in range(w))]


# --------------------------------------------------------------------------- the checker
def validate(board: Battleships) -> None:
    """Rows of hint characters, a count for every row and column that its line can hold,
    a fleet of ships from one cell to MAX_SHIP."""
    rectangular(board.cells, "Battleships", SYMBOLS)
    if len(board.rows) != board.height or len(board.columns) != board.width:
        raise InvalidPuzzle(f"a {board.width}x{board.height} Battleships has {board.height} "
                            f"row counts and {board.width} column counts, not "
                            f"{len(board.rows)} and {len(board.columns)}")
    if any(n < 0 or n > board.width for n in board.rows) or any(
            n < 0 or n > board.height for n in board.columns):
        raise InvalidPuzzle("a Battleships count is how many cells of its line hold ships: "
                            "from 0 to the line's length")
    if board.fleet is not None and (not board.fleet or not all(
            1 <= n <= MAX_SHIP for n in board.fleet)):
        raise InvalidPuzzle(f"a Battleships fleet is ships of 1 to {MAX_SHIP} cells")


def ships_in(answer: Bits) -> list[list[Cell]] | None:
    """The ships of an answer (each a line of cells next to each other), or None where two
    ship cells touch at a corner or a group of them is not straight."""
    h, w = len(answer), len(answer[0])
    on = {(r, c) for r, c in cells(h, w) if answer[r][c]}
    if any((r + 1, c + d) in on for r, c in on for d in (-1, 1)):
        return None
    found, seen = [], set()
    for start in sorted(on):
        if start in seen:
            continue
        r, c = start
        across = [(r, c + i) for i in range(w) if all((r, c + j) in on for j in range(i + 1))]
        down = [(r + i, c) for i in range(h) if all((r + j, c) in on for j in range(i + 1))]
        ship = across if len(across) > 1 else down
        seen.update(ship)
        found.append(ship)
    return found


def is_solution(board: Battleships, answer) -> bool:
    """0/1 cells; every row's and column's count; the ships straight and apart, not even
    at a corner, their lengths the fleet's; every hint kept. No SAT."""
    h, w = board.height, board.width
    if not is_bit_rows(answer, h, w) or any(
            sum(answer[r][c] for r, c in line) != n for _, line, n in _lines(board)):
        return False
    found = ships_in(answer)
    if found is None or sorted(map(len, found)) != sorted(fleet_of(board)[0]):
        return False
    ship_of = {cell: ship for ship in found for cell in ship}
    return all(_keeps(ship_of, board.cells[r][c], (r, c)) for r, c in cells(h, w))


def _keeps(ship_of: dict[Cell, list[Cell]], hint: str, cell: Cell) -> bool:
    """Whether the answer (each ship cell's ship) keeps the hint on `cell`."""
    ship = ship_of.get(cell)
    if hint in (OPEN, WATER):
        return hint == OPEN or ship is None
    if ship is None:
        return False
    if hint == SINGLE:
        return len(ship) == 1
    if hint == MIDDLE:
        return len(ship) > 2 and cell not in (ship[0], ship[-1])
    dr, dc = ENDS[hint]
    on = (cell[0] + dr, cell[1] + dc)
    return len(ship) > 1 and on in ship and cell in (ship[0], ship[-1])


# --------------------------------------------------------------------------- the looks
LOOKS = {  # ships teal blocks, water a grey wave; a hint keeps its letter until solved
    "ship": Look("■", "#", f"bold {TEAL}", ("▣", "@"), "a ship cell", mark="disc",
                 ink="#1f6f78"),
    "water": Look("~", "~", "grey50", ("≈", "%"), "water"),
    "hint": Look("", "", "bold"),
    "open": Look("·", ".", "grey50"),
}


def look(board: Battleships, answer: Bits | None, r: int, c: int) -> str | tuple[str, str]:
    """A hint's letter on the puzzle alone; in an answer a ship cell or water."""
    if answer is not None and answer[r][c] is not None:  # None: a hint's, not decided yet
        return "ship" if answer[r][c] else "water"
    hint = board.cells[r][c]
    return "open" if hint == OPEN else ("hint", hint)


def draw(board: Battleships, answer: Bits | None, other: Bits | None, style: Style) -> Any:
    """The cells from the looks, the column counts above them (tens over units where a
    compact column has no room for two digits) and each row's count at its right."""
    from rich.text import Text

    from ..grid.looks import draw_looks

    drawing = draw_looks(board, answer, other, style, LOOKS, look)
    lines = drawing.picture.split("\n", allow_blank=True)
    inset, width = (0, 1) if style.compact else (1, 2)
    ink = TEAL if style.colour and not style.ascii else ""
    digits = [str(n).rjust(2) for n in board.columns]
    heads = ([d[0] for d in digits], [d[1] for d in digits]) if width == 1 else (digits,)
    out = [Text(" " * inset + "".join(h.rjust(width) for h in head), style=ink)
           for head in heads if "".join(head).strip()]
    rim = inset * 2 + board.width * width
    for i, line in enumerate(lines):
        r = i - inset
        if 0 <= r < board.height:
            line.append(" " * (rim - line.cell_len) + f" {board.rows[r]}", style=ink)
        out.append(line)
    return drawing._replace(picture=finish(Text("\n", no_wrap=True, overflow="ignore",
                                                 end="").join(out)))


def stress(height: int, width: int) -> Battleships:
    """No hint, every line half full, and the usual fleet of the longest ships the board
    takes: every placement of every length there."""
    longest = min(MAX_SHIP, max(height, width))
    return Battleships((OPEN * width,) * height, (height // 2,) * width, (width // 2,) * height,
                       staircase(longest))


KIND = declare(__name__, Battleships, examples=tiny(
    unique=Battleships(("....", "...x", "w...", "...."), (2, 1, 0, 1), (1, 0, 3, 0),
                       (2, 1, 1)),
    multiple=Battleships(("....",) * 4, (1, 0, 1, 0), (1, 0, 1, 0), (1, 1)),
    none=Battleships(("m...", "....", "....", "...."), (1, 1, 1, 0),
                     (3, 0, 0, 0), (3,))))
