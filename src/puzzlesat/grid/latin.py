"""The Latin square that Futoshiki, Renzoku and Skyscrapers are built on: n values 1..n, each
once a row and once a column (Sudoku has its own, tuned engine and does not use this).

A one-hot encoding: a variable per (cell, value), numbered first and in reading order, so a
kind's `decode` reads the digits from the first n*n*n values. Three rules, each named: one
value a cell, each value once a row, each value once a column. A kind adds its own clues
over `Latin.is_` (the literal "cell holds value") and `Latin.cell` (its n literals).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import isqrt
from typing import Any

from . import clauses as rules

Digits = tuple[tuple[int, ...], ...]  # rows of values 1..n


class Latin:
    """The value variables of an n x n Latin square, made in a `Variables` that has none yet
    (variable (r*n + c)*n + v is "row r, column c holds v+1", from 1)."""

    def __init__(self, n: int, variables: rules.Variables) -> None:
        self.n = n
        self.first = variables.count + 1
        variables.count += n ** 3  # numbered, not named: a kind finds them by `is_`
        self.variables = variables

    @classmethod
    def with_givens(
        cls, n: int, givens: Iterable[tuple[int, int, int]],
        native: list[rules.AtMost] | None = None,
    ) -> tuple[Latin, rules.Named]:
        """A square of fresh variables and its clauses so far: the square's rules and the
        givens, for a kind to add its clues to (`native`: see `unit`)."""
        latin, out = cls(n, rules.Variables()), rules.Named()
        latin.rules(out, native)
        latin.givens(out, givens)
        return latin, out

    def is_(self, r: int, c: int, v: int) -> int:
        """The literal "row r, column c holds v" (v from 1)."""
        return self.first + (r * self.n + c) * self.n + v - 1

    def cell(self, r: int, c: int) -> list[int]:
        """The cell's n literals, value 1 first."""
        first = self.is_(r, c, 1)
        return list(range(first, first + self.n))

    def row(self, r: int, v: int) -> list[int]:
        """Row r's n literals "holds v", left to right."""
        return list(range(self.is_(r, 0, v), self.is_(r + 1, 0, v), self.n))

    def column(self, c: int, v: int) -> list[int]:
        """Column c's n literals "holds v", top to bottom."""
        return list(range(self.is_(0, c, v), self.is_(self.n, c, v), self.n * self.n))

    @property
    def decision_vars(self) -> list[int]:
        return list(range(self.first, self.first + self.n ** 3))

    def rules(self, out: rules.Named, native: list[rules.AtMost] | None = None) -> None:
        """One value a cell, each value once a row and once a column: every unit exactly one
        (a line's `at least one` is what propagates a value with one place left)."""
        n, span = self.n, range(self.n)
        for r in span:
            for c in span:
                self.unit(out, "one value a cell", ("cell", (r, c)), self.cell(r, c), native)
        for v in range(1, n + 1):
            for i in span:
                self.unit(out, "each value once a row", ("row", i), self.row(i, v), native)
                self.unit(out, "each value once a column", ("column", i), self.column(i, v),
                          native)

    def unit(self, out: rules.Named, rule: str, scope: rules.Scope, lits: list[int],
             native: list[rules.AtMost] | None = None) -> None:
        """Exactly one of `lits`: clauses, or where `native` is given, the clause "at least
        one" and a native "at most one" appended to it (`Encoding.atmosts`: the card solver
        takes a unit whole, with no helper, which on a big square costs fewer clauses to
        build and load than a counter)."""
        if native is None:
            out.add(rule, scope, rules.exactly_one(lits, self.variables))
            return
        out.add(rule, scope, rules.at_least_one(lits))
        native.append(rules.Count(lits, 1, (rule, scope)))

    def givens(self, out: rules.Named, cells: Iterable[tuple[int, int, int]]) -> None:
        """(row, col, value) given: that value there; a value out of 1..n cannot hold."""
        for r, c, v in cells:
            out.add("a given stays", ("cell", (r, c)),
                    [[self.is_(r, c, v)]] if 1 <= v <= self.n else [[]])

    def places(self) -> list:
        """What each value variable says, for hints: its cell holds its value."""
        from .steps import Place

        n = self.n
        return [Place(divmod(i // n, n), i % n + 1) for i in range(n ** 3)]

    def digits(self, values: Sequence[bool]) -> Digits:
        """Rows of values from a model of (at least) the square's variables, in order; 0 in a
        cell whose variables do not hold exactly one value (no answer: the checker says so)."""
        n = self.n

        def value(r: int, c: int) -> int:
            held = [v + 1 for v in range(n) if values[(r * n + c) * n + v]]
            return held[0] if len(held) == 1 else 0

        return tuple(tuple(value(r, c) for c in range(n)) for r in range(n))


def latin_answer(board: Any, values: Sequence[bool]) -> Digits:
    """The `decode` of a game on a Latin square (Futoshiki, Renzoku, Skyscrapers, Killer
    Sudoku): each cell's value, from the square's variables, numbered first."""
    return Latin(board.height, rules.Variables()).digits(values)


def latin_places(board: Any) -> list:
    """What each of the square's variables says, for hints: its cell holds its value."""
    return Latin(board.height, rules.Variables()).places()


def is_latin(answer: Sequence[Sequence[int]], n: int) -> bool:
    """Whether `answer` is an n x n grid whose every row and column holds 1..n once."""
    if len(answer) != n or any(len(row) != n for row in answer):
        return False
    every = set(range(1, n + 1))
    return all(set(line) == every for line in (*answer, *zip(*answer)))


def kept(answer: Sequence[Sequence[int]], givens: Iterable[tuple[int, int, int]]) -> bool:
    """Whether every given (row, col, value) is in `answer`."""
    return all(answer[r][c] == v for r, c, v in givens)


# --------------------------------------------------------------------------- marks between cells
STEPS = {"D": (1, 0), "U": (-1, 0), "R": (0, 1), "L": (0, -1)}  # a task's letter: its neighbour
MARK_LETTERS = "DURL"
Cell = tuple[int, int]


def marked_pairs(marks: Sequence[Sequence[str]]) -> list[tuple[Cell, Cell]]:
    """(cell, the neighbour its letter points at) for every letter of rows of per-cell letter
    strings, each pair once, in reading order; a letter pointing off the board is left out
    (`off_board` finds those)."""
    n = len(marks)
    seen: dict[tuple[Cell, Cell], None] = {}
    for r, row in enumerate(marks):
        for c, letters in enumerate(row):
            for letter in letters:
                dr, dc = STEPS[letter]
                if 0 <= r + dr < n and 0 <= c + dc < len(row):
                    seen.setdefault(((r, c), (r + dr, c + dc)), None)
    return list(seen)


def off_board(marks: Sequence[Sequence[str]]) -> Cell | None:
    """The first cell whose letter points off the board, if any."""
    n = len(marks)
    for r, row in enumerate(marks):
        for c, letters in enumerate(row):
            for letter in letters:
                dr, dc = STEPS[letter]
                if not (0 <= r + dr < n and 0 <= c + dc < len(row)):
                    return r, c
    return None


def marked_json(puzzle: dict, game: str, legend: str) -> tuple[tuple, tuple]:
    """(grid, marks) from board JSON's {"grid": [[null, 3], ...], "marks": [["D", ""], ...]}:
    a square of values 1..n or null, and as many rows of letter strings (D, U, R, L)."""
    from ..core import ParseError, json_excerpt
    from .rows import natural, or_null, value_rows

    grid = value_rows(puzzle, game, "grid", "[[null, 3], [1, null]]", "a value from 1 or null",
                      or_null(natural(1)))
    marks = value_rows(puzzle, game, "marks", '[["D", ""], ["", "L"]]', legend,
                       lambda v: isinstance(v, str) and all(ch in MARK_LETTERS for ch in v))
    if len(marks) != len(grid) or len(marks[0]) != len(grid[0]):
        raise ParseError(f"board JSON: a {game}'s \"marks\" has {len(marks)} rows of "
                         f"{len(marks[0])}, its \"grid\" {len(grid)} of {len(grid[0])}: "
                         f"{json_excerpt(puzzle.get('marks'))}")
    return grid, marks


def check_square(grid: Sequence[Sequence[object]], game: str) -> None:
    """InvalidPuzzle unless `grid` is a square with at least one cell, its givens 1..n."""
    from ..core import InvalidPuzzle

    n = len(grid)
    if not n or any(len(row) != n for row in grid):
        raise InvalidPuzzle(f"a {game} grid is a square with at least one cell")
    if any(v is not None and not 1 <= v <= n for row in grid for v in row):  # type: ignore
        raise InvalidPuzzle(f"a {n}x{n} {game}'s values are 1 to {n}")


def check_marked(grid: Sequence[Sequence[int | None]], marks: Sequence[Sequence[str]],
                 game: str, mark: str) -> None:
    """InvalidPuzzle unless the givens are a square's and every `mark` (a sign, a dot) is
    between two of its cells."""
    from ..core import InvalidPuzzle

    check_square(grid, game)
    if len(marks) != len(grid) or any(len(row) != len(grid) for row in marks):
        raise InvalidPuzzle(f"a {game}'s marks are a square the size of its grid")
    cell = off_board(marks)
    if cell is not None:
        raise InvalidPuzzle(f"the {mark} at row {cell[0] + 1}, column {cell[1] + 1} points off "
                            "the board")


def latin_side(height: int, width: int) -> int:
    """The side of a Latin square of about `height` x `width` cells, 2 to 16 (the sites'
    largest is 11): what a Latin game's `stress` is drawn on."""
    return max(2, min(16, isqrt(height * width)))
