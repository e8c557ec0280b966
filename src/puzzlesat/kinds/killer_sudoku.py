"""Killer Sudoku: a Sudoku (every row, column and box holds 1..n once) whose cells are cut
into cages; a cage's cells sum to its number and never repeat a digit.

The square is grid/latin.py's, its boxes Sudoku's usual shapes (kinds/sudoku/board.py:
2x2, 2x3, 3x3, ...); Sudoku's own native engine is not used. Every unit's "at most one"
(cell, row, column, box, a digit in a cage) is a native constraint of the card solver. A
cage's sum is encoded by the sets of distinct digits that make it: a digit in every set is
in the cage, one in none is nowhere in it, and where several sets remain, exactly one is
picked and the cage holds a digit of the others ("the cage holds it", a variable each)
exactly where the picked set does. Board JSON: `{"grid": [[null, 3,
...], ...], "cages": [[1, 1, 2, ...], ...], "sums": [[8, null, 7, ...], ...], "box": [2,
3]}`: givens (null an empty cell), a cage id a cell, a cage's sum on one of its cells (the
site puts it on the first in reading order); an answer is rows of digits.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..budget import Cost, grid_cost
from ..core import InvalidPuzzle, ParseError, is_json_int
from ..drawing import DIFFERS, GREY, TEAL, Drawing, Style, finish
from ..grid import clauses as rules
from ..grid.board import Board, board
from ..grid.boxes import BOXES, box_ids, default_box
from ..grid.geometry import Cell, Walls, regions_from_ids
from ..grid.latin import (
    Digits,
    Latin,
    check_square,
    is_latin,
    kept,
    latin_answer,
    latin_side,
)
from ..grid.looks import UsedMarks
from ..grid.rows import natural, or_null, value_rows
from ..grid.sums import by_sets, digit_sets
from ..sat import Encoding, Progress
from . import declare, tiny

Grid = tuple[tuple[int | None, ...], ...]
PUZZLE_JSON = ('`{"grid": rows of givens or null, "cages": rows of cage ids, "sums": rows of '
               'null or a cage\'s sum on one of its cells, "box": [rows, columns]}`')
SOLUTION_JSON = "rows of digits 1..n"
DRAWS_PARTLY = True  # its drawing shows a half-decided answer: a hint's board
SITE_TEXT = "the digits joined by `,`"
Ids = tuple[tuple[int, ...], ...]


@board
class KillerSudoku(Board):
    """Givens (None empty), a cage id a cell, a cage's sum on one of its cells (else None),
    and the box shape (rows, columns; None: the usual one of its size)."""

    kind = "killer-sudoku"

    grid: Grid
    cages: Ids
    sums: Grid
    box: tuple[int, int] | None = None

    def shape(self) -> tuple[int, int]:
        return self.box or default_box(self.height)

    def boxes(self) -> list[list[Cell]]:
        """The cells of every box, in reading order."""
        return areas(tuple(map(tuple, box_ids(self.height, self.shape()))))

    def cage_sums(self) -> list[tuple[list[Cell], int | None]]:
        """Every cage's cells (in reading order) and its sum (None: none given)."""
        out = []
        for area in areas(self.cages):
            said = [self.sums[r][c] for r, c in area if self.sums[r][c] is not None]
            out.append((area, said[0] if said else None))
        return out


@lru_cache(maxsize=8)  # cost, validate, encode and the checker each ask for one board's
def areas(ids: tuple[tuple[Any, ...], ...]) -> list[list[Cell]]:
    """The cells of each region of a grid of ids (a cage, a box), in reading order."""
    return list(regions_from_ids(ids).values())


def to_json(board: KillerSudoku) -> dict:
    out = {"grid": [list(row) for row in board.grid],
           "cages": [list(row) for row in board.cages],
           "sums": [list(row) for row in board.sums]}
    return out if board.box is None else {**out, "box": list(board.box)}


def from_json(puzzle: dict, source: str) -> KillerSudoku:
    """The board from {"grid": [[null, 3]], "cages": [[1, 1]], "sums": [[4, null]], "box"}."""
    grid = value_rows(puzzle, "Killer Sudoku", "grid", "[[null, 3], [1, null]]",
                      "a digit from 1 or null", or_null(natural(1)))
    cages = value_rows(puzzle, "Killer Sudoku", "cages", "[[1, 1], [2, 3]]",
                       "a cage id a cell, a whole number", natural())
    sums = value_rows(puzzle, "Killer Sudoku", "sums", "[[4, null], [3, 1]]",
                      "null, or a cage's sum (a whole number from 1)", or_null(natural(1)))
    box = puzzle.get("box")
    if box is not None and not (isinstance(box, list) and len(box) == 2
                                and all(is_json_int(v) and v > 0 for v in box)):
        raise ParseError('board JSON: a Killer Sudoku\'s "box" is [rows, columns] of a box')
    return KillerSudoku(grid, cages, sums, None if box is None else (box[0], box[1]),
                        source=source)


def _cage_cost(n: int, size: int, sets: int) -> tuple[int, int]:
    """(literals, clauses) of one cage at most: n at-most-ones over its cells, n "holds
    the digit" links, exactly one of its sets, each set's n implications and their way back."""
    literals = n * 6 * size + n * (3 * size + 1) + 7 * sets + 2 * sets * n + n + sets * size
    return literals, n * 3 * size + n * (size + 1) + 3 * sets + 1 + sets * n + n


def site_answer(board: KillerSudoku, answer: Digits) -> str:
    """What puzzle-killer-sudoku.com hashes, as Sudoku's sites: the digits joined by `,`."""
    return ",".join(str(v) for row in answer for v in row)


def cost(board: KillerSudoku) -> Cost:
    """The square's n values a cell in four exactly-one units (bounded as a counter's, at
    most 7n literals and 3n + 1 clauses each, above their native form) and its given, then
    every cage's own (its digit sets counted from the cache, never the clauses built)."""
    n, cells = board.height, max(1, board.height * board.width)
    literals, clauses = 4 * n * n * 7 * n + cells, 4 * n * n * (3 * n + 1) + cells
    for area, total in board.cage_sums():
        sets = 0 if total is None else len(digit_sets(n, len(area), total))  # cached
        more, also = _cage_cost(n, len(area), sets)
        literals, clauses = literals + more, clauses + also
    return grid_cost(cells, -(-literals // cells), -(-clauses // cells))


def stress(height: int, width: int) -> KillerSudoku:
    """The largest usual Sudoku of about those cells (to 16 a side), cut into cages of four
    cells along its rows, each summing to the middle total: the most digit sets a cage."""
    n = max(size for size in BOXES if size <= max(4, latin_side(height, width)))
    cages = tuple(tuple(r * n + c // 4 + 1 for c in range(n)) for r in range(n))
    sums = tuple(tuple(2 * n + 2 if c % 4 == 0 else None for c in range(n)) for _ in range(n))
    return KillerSudoku(((None,) * n,) * n, cages, sums)


# --------------------------------------------------------------------------- the rules
def cage(out: rules.Named, latin: Latin, area: list[Cell], total: int | None,
         native: list[rules.AtMost]) -> None:
    """A cage never repeats a digit (native at-most-ones), and (with a sum) holds exactly
    one of the sets of digits that make it (grid/sums.py's `by_sets`)."""
    n, scope = latin.n, ("cage", area[0])
    before = [latin.is_(*cell, 1) - 1 for cell in area]  # a cell's value v: before + v
    if len(area) > 2 or (len(area) == 2 and total is None):  # a pair's sum: no repeat
        native += [([at + v for at in before], 1) for v in range(1, n + 1)]
    if total is None:
        return
    cells = [dict(zip(range(1, n + 1), range(at + 1, at + n + 1))) for at in before]
    out.add("a cage's sum", scope, by_sets(cells, total, latin.variables, n, native))


def encode(board: KillerSudoku, progress: Progress | None = None) -> Encoding:
    """The square's value variables first (grid/latin.py), then the boxes and the cages;
    every unit's "at most one" native (a card solver: no helper, few clauses to load)."""
    if progress is not None:
        progress("encoding")
    native: list[rules.AtMost] = []
    latin, out = Latin.with_givens(board.height, board.givens(), native)
    for k, box in enumerate(board.boxes()):
        for v in range(1, latin.n + 1):
            latin.unit(out, "each value once a box", ("box", k),
                       [latin.is_(*cell, v) for cell in box], native)
    for area, total in board.cage_sums():
        cage(out, latin, area, total, native)
    return Encoding(out, latin.decision_vars, native, rules=out.names)


decode = latin_answer  # each cell's value


def places(board: KillerSudoku) -> list:
    return Latin(board.height, rules.Variables()).places()  # for hints


# --------------------------------------------------------------------------- the checker
def validate(board: KillerSudoku) -> None:
    check_square(board.grid, "Killer Sudoku")
    n = board.height
    if any(len(rows) != n or any(len(row) != n for row in rows)
           for rows in (board.cages, board.sums)):
        raise InvalidPuzzle("a Killer Sudoku's cages and sums are squares the size of its grid")
    try:
        rows, cols = board.shape()
    except ParseError as error:
        raise InvalidPuzzle(str(error)) from None
    if rows * cols != n:
        raise InvalidPuzzle(f"a box of {rows}x{cols} cells does not fit a {n}x{n} Sudoku")
    for area in areas(board.cages):
        if sum(board.sums[r][c] is not None for r, c in area) > 1:
            raise InvalidPuzzle(f"a Killer Sudoku cage has two sums (its first cell: row "
                                f"{area[0][0] + 1}, column {area[0][1] + 1})")


def is_solution(board: KillerSudoku, answer) -> bool:
    """A Latin square keeping the givens, every box 1..n, every cage without a repeat and
    summing to its number. From the grid alone."""
    if not (is_latin(answer, board.height) and kept(answer, board.givens())):
        return False
    every = set(range(1, board.height + 1))
    return (all({answer[r][c] for r, c in box} == every for box in board.boxes())
            and all(len({answer[r][c] for r, c in area}) == len(area)
                    and total in (None, sum(answer[r][c] for r, c in area))
                    for area, total in board.cage_sums()))


# --------------------------------------------------------------------------- the looks
MARK = "*"  # before a digit where a second answer differs


def draw(board: KillerSudoku, answer, other, style: Style) -> Drawing:
    """The digits inside the cages' walls, each cage's sum written into the wall above its
    first cell; compact: a digit a cell. Givens bold, digits found teal."""
    from ..grid.draw import framed, walled

    painted = style.colour and not style.ascii
    first = {area[0]: total for area, total in board.cage_sums() if total is not None}
    digits = len(str(board.height)) + (other is not None or style.paired)  # and a mark
    width = digits if style.compact else max([2, digits, *map(len, map(str, first.values()))])

    def label(r: int, c: int) -> tuple[str, str]:
        given = board.grid[r][c]
        value = given if given is not None else None if answer is None else answer[r][c]
        text = "" if value is None else str(value)
        if other is not None and given is None and other[r][c] != value:
            return (MARK + text).rjust(width), DIFFERS if painted else ""
        return text.rjust(width), ("bold" if given is not None else TEAL) if painted else ""

    def on_wall(r: int, c: int) -> tuple[str, str] | None:
        total = first.get((r, c))
        return None if total is None else (str(total), GREY if painted else "")

    marked = UsedMarks(label, style)  # a hint's rules' cells
    if style.compact:
        text = framed(board.height, board.width, marked, width, style)
    else:
        text = walled(Walls(board.cages), marked, width, style, on_wall=on_wall)
    legend = (f"digits after {MARK}: where this answer differs from solution 1",)
    return Drawing(finish(text), marked.legend() + (legend if other is not None else ()))


CELL, SUM_SIZE, DIGIT_SIZE = 30, 8, 16
CAGE_WALL = ("#000000", 1.5)


def svg(board: KillerSudoku, answer) -> str:
    """The picture: thin lines, the cages' walls, the boxes' thick walls over them, each
    cage's sum small in its first cell's corner, the digits (givens bold black, found teal)."""
    from ..grid.picture import thin_lines, wall_lines
    from ..svg import grid_page

    n = board.height
    out, x0, y0 = grid_page(n, n, CELL, board.title)
    thin_lines(out, n, n, CELL, x0, y0)
    wall_lines(out, Walls(board.cages), CELL, x0, y0, CAGE_WALL)
    wall_lines(out, Walls(box_ids(n, board.shape())), CELL, x0, y0)
    for area, total in board.cage_sums():
        if total is not None:
            (r, c) = area[0]
            out.text(x0 + c * CELL + 3, y0 + r * CELL + 6, str(total), SUM_SIZE,
                     anchor="start", class_="sum")
    for r in range(n):
        for c in range(n):
            given = board.grid[r][c]
            value = given if given is not None else None if answer is None else answer[r][c]
            if value is not None:
                out.text(x0 + (c + 0.5) * CELL, y0 + (r + 0.6) * CELL, str(value), DIGIT_SIZE,
                         "#000000" if given is not None else "#0087af", bold=given is not None,
                         class_="given" if given is not None else "solved")
    return out.document()


_ = None
KIND = declare(__name__, KillerSudoku, examples=tiny(
    unique=KillerSudoku(((_,) * 4,) * 4,
                        ((1, 1, 2, 3), (4, 5, 2, 3), (4, 5, 6, 6), (7, 7, 8, 8)),
                        ((3, _, 4, 6), (6, 4, _, _), (_, _, 7, _), (7, _, 3, _))),
    multiple=KillerSudoku(((_,) * 4,) * 4, ((1,) * 4, (2,) * 4, (3,) * 4, (4,) * 4),
                          ((_,) * 4,) * 4),
    none=KillerSudoku(((_,) * 4,) * 4, ((1, 1, 2, 2),) + ((3, 3, 4, 4),) * 3,
                      ((2, _, _, _),) + ((_,) * 4,) * 3)))
