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
from typing import Any, ClassVar, NamedTuple, Protocol

from ..core import made_safe

PAGE_FIELDS = ("source", "title", "puzzle_id", "note", "hashed_solution", "site_task", "state")
board = dataclass(frozen=True)  # how a kind declares its board: `@board class Hitori(Board)`


class MarksUnread(NamedTuple):
    """A board's `state` where its copy shows a player's marks puzzlesat cannot read: in
    classes not documented for its game, or drawn otherwise than its puzzle (`why`;
    sources/puzzle_family/marks.py). Hints refuse it by the game's name, board JSON leaves
    it out, and a solve never reads it."""

    game: str
    why: str = ""


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
    attribute of each board; `LABEL` the game's name in messages ("LITS"), by default its
    kind's ("light-up": "Light Up")."""

    kind: ClassVar[str] = ""
    GRID: ClassVar[str] = "grid"
    LABEL: ClassVar[str] = ""
    REGIONS: ClassVar[str | None] = None  # the field of region ids its drawing walls in

    source: str = field(default="", kw_only=True)
    title: str | None = field(default=None, kw_only=True)
    puzzle_id: str | None = field(default=None, kw_only=True)  # the site's number for it
    note: str | None = field(default=None, kw_only=True)  # e.g. "a random puzzle"
    hashed_solution: str | None = field(default=None, kw_only=True, compare=False, repr=False)
    site_task: str | None = field(default=None, kw_only=True, compare=False, repr=False)
    # the player's marks (board JSON's "state"): the answer's JSON, None where unmarked;
    # MarksUnread where a copy shows marks puzzlesat cannot read
    state: Any = field(default=None, kw_only=True, compare=False, repr=False)

    def __post_init__(self) -> None:
        made_safe(self)  # its title, source, ID and note came from input

    @classmethod
    def game(cls) -> str:
        """The game's name as messages say it."""
        return cls.LABEL or cls.kind.replace("-", " ").title()

    @property
    def width(self) -> int:
        rows = getattr(self, self.GRID)
        return len(rows[0]) if rows else 0

    @property
    def height(self) -> int:
        return len(getattr(self, self.GRID))

    def givens(self) -> list[tuple[int, int, Any]]:
        """(row, col, value) of every cell of its GRID that holds one (not None), in reading
        order: the givens of a Latin square or a Binairo, the numbers of a Minesweeper."""
        return [(r, c, v) for r, row in enumerate(getattr(self, self.GRID))
                for c, v in enumerate(row) if v is not None]

    def lines(self) -> list[tuple[tuple[str, int], list[tuple[int, int]]]]:
        """Every row, then every column, with its scope ("row", r) / ("column", c)."""
        h, w = self.height, self.width
        return [*((("row", r), [(r, c) for c in range(w)]) for r in range(h)),
                *((("column", c), [(r, c) for r in range(h)]) for c in range(w))]

    def blocks(self) -> list[list[tuple[int, int]]]:
        """Every 2x2 block (geometry.squares)."""
        from .geometry import squares  # not on a nonogram's path

        return squares(self.height, self.width)


@board
class Regions(Board):
    """A board of regions, an id a cell (board JSON's "regions": grid.rows.REGION_IDS),
    walled in by its drawing: Norinori's, LITS', Star Battle's, Stitches'."""

    GRID: ClassVar[str] = "regions"
    REGIONS: ClassVar[str | None] = "regions"

    regions: tuple[tuple[int, ...], ...]

    def areas(self) -> list[list[tuple[int, int]]]:
        """The cells of every region, regions in the reading order of their first cell."""
        from .geometry import regions_from_ids

        return list(regions_from_ids(self.regions).values())


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
