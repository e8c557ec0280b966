"""The board every kind's board is: what the page said of the puzzle, made safe once.

A kind's board is a frozen dataclass of its puzzle alone (`cells`, `grid`, `regions`, ...)
declared with `@board` on `Board`; the page fields below come after them, keyword only,
so a kind never writes them again, and the page reader passes them all at once
(`Task.page`). A board with `hashed_solution` and `site_task` is checked against the
site after solving (site_check.py); they say where the board came from, not what the
puzzle is, so two boards of the same puzzle are equal whatever page they came from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from ..core import made_safe

PAGE_FIELDS = ("source", "title", "puzzle_id", "note", "hashed_solution", "site_task", "state")
board = dataclass(frozen=True)  # how a kind declares its board: `@board class Hitori(Board)`


class BoardLike(Protocol):
    """What the layers around the kinds read of any board (solve, render, board JSON)."""

    kind: str
    source: str
    title: str | None
    puzzle_id: str | None
    note: str | None
    hashed_solution: str | None
    site_task: str | None

    @property
    def width(self) -> int: ...

    @property
    def height(self) -> int: ...


@board
class Board:
    """The page fields, and a grid's width and height read from the field `GRID` names
    (rows of cells: a tuple of strings or of tuples). `kind` is the kind's name, a class
    attribute of each board."""

    kind: ClassVar[str] = ""
    GRID: ClassVar[str] = "grid"

    source: str = field(default="", kw_only=True)
    title: str | None = field(default=None, kw_only=True)
    puzzle_id: str | None = field(default=None, kw_only=True)  # the site's number for it
    note: str | None = field(default=None, kw_only=True)  # e.g. "a random puzzle"
    hashed_solution: str | None = field(default=None, kw_only=True, compare=False, repr=False)
    site_task: str | None = field(default=None, kw_only=True, compare=False, repr=False)
    # the player's marks (board JSON's "state"): the answer's JSON, None where unmarked
    state: Any = field(default=None, kw_only=True, compare=False, repr=False)

    def __post_init__(self) -> None:
        made_safe(self)  # its title, source, ID and note came from input

    @property
    def width(self) -> int:
        rows = getattr(self, self.GRID)
        return len(rows[0]) if rows else 0

    @property
    def height(self) -> int:
        return len(getattr(self, self.GRID))



@board
class CellRows(Board):
    """A board of rows of one character a cell (board JSON's "cells"), `.` a white cell and
    a digit of `CLUES` a numbered black cell: what Light Up's and Shakashaka's boards are
    alike (a kind adds its other characters, `B`, and its rules)."""

    GRID: ClassVar[str] = "cells"
    WHITE: ClassVar[str] = "."
    CLUES: ClassVar[str] = "01234"

    cells: tuple[str, ...]

    def is_white(self, r: int, c: int) -> bool:
        return self.cells[r][c] == self.WHITE

    def clue(self, r: int, c: int) -> int | None:
        """The number on a cell, None for a cell without one."""
        ch = self.cells[r][c]
        return int(ch) if ch in self.CLUES else None

    def clues(self) -> list[tuple[int, int, int]]:
        """(row, col, number) of every numbered cell, in reading order."""
        return [(r, c, int(ch)) for r, row in enumerate(self.cells)
                for c, ch in enumerate(row) if ch in self.CLUES]
