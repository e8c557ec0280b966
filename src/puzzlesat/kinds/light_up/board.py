"""The Light Up (Akari) board: a grid of white cells and walls, some walls numbered, and
its board JSON: `{"cells": ["..B0", ...]}` (`.` white, `B` a wall, `0`-`4` a numbered
wall); an answer is rows of 0/1, 1 a bulb."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core import made_safe
from ...grid.rows import character_rows

WHITE, WALL = ".", "B"
CLUES = "01234"
CELL_CHARACTERS = WHITE + WALL + CLUES

Answer = tuple[tuple[int, ...], ...]  # rows of 0/1, 1 a bulb


@dataclass(frozen=True)
class LightUp:
    """Rows of cells, one character a cell (CELL_CHARACTERS). `hashed_solution` is the
    page's md5 of its task and answer, when a page gave one (sites.md 3g)."""

    cells: tuple[str, ...]
    source: str = ""
    title: str | None = None
    puzzle_id: str | None = None
    note: str | None = None
    hashed_solution: str | None = field(default=None, compare=False, repr=False)
    site_task: str | None = field(default=None, compare=False, repr=False)  # what it hashes
    kind: str = field(default="light-up", init=False)

    def __post_init__(self) -> None:
        made_safe(self)  # its title, source, ID and note came from input

    @property
    def width(self) -> int:
        return len(self.cells[0]) if self.cells else 0

    @property
    def height(self) -> int:
        return len(self.cells)

    def is_white(self, r: int, c: int) -> bool:
        return self.cells[r][c] == WHITE

    def clue(self, r: int, c: int) -> int | None:
        """The number on a wall, None for a wall without one or a white cell."""
        ch = self.cells[r][c]
        return int(ch) if ch in CLUES else None

    def open_grid(self) -> list[list[bool]]:
        """Per cell, whether light passes through it (a white cell)."""
        return [[ch == WHITE for ch in row] for row in self.cells]

    def clues(self) -> list[tuple[int, int, int]]:
        """(row, col, number) of every numbered wall, in reading order."""
        return [
            (r, c, int(ch)) for r, row in enumerate(self.cells)
            for c, ch in enumerate(row) if ch in CLUES
        ]


def to_json(board: LightUp) -> dict:
    return {"cells": list(board.cells)}


def from_json(puzzle: dict, source: str) -> LightUp:
    """The board from board JSON's "puzzle": {"cells": ["..B0", ...]}."""
    cells = character_rows(
        puzzle, "Light Up", "..B0", ". white, B a wall, 0-4 a numbered wall", CELL_CHARACTERS
    )
    return LightUp(cells=cells, source=source)


def answer_json(answer: Answer) -> list[list[int]]:
    return [list(row) for row in answer]
