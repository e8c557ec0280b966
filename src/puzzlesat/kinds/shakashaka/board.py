"""The Shakashaka board: a grid of white cells and black cells, some black cells numbered,
and its board JSON: `{"cells": ["..B0", ...]}` (`.` white, `B` black, `0`-`4` a numbered
black cell), as Light Up's. An answer is rows of None (no triangle) or the corner of the
triangle's right angle: "nw", "ne", "se" or "sw" (design.md)."""

from __future__ import annotations

from ...grid.board import Board, board
from ...grid.rows import character_rows

WHITE, BLACK = ".", "B"
CLUES = "01234"
CELL_CHARACTERS = WHITE + BLACK + CLUES
CORNERS = ("nw", "ne", "se", "sw")  # a triangle by the corner of its right angle

Answer = tuple[tuple[str | None, ...], ...]


@board
class Shakashaka(Board):
    """Rows of cells, one character a cell (CELL_CHARACTERS). `hashed_solution` is the
    page's md5 of its task and answer, when a page gave one (sites.md 3g)."""

    kind = "shakashaka"
    GRID = "cells"

    cells: tuple[str, ...]

    def is_white(self, r: int, c: int) -> bool:
        return self.cells[r][c] == WHITE

    def clue(self, r: int, c: int) -> int | None:
        """The number on a black cell, None for one without or a white cell."""
        ch = self.cells[r][c]
        return int(ch) if ch in CLUES else None

    def clues(self) -> list[tuple[int, int, int]]:
        """(row, col, number) of every numbered black cell, in reading order."""
        return [
            (r, c, int(ch)) for r, row in enumerate(self.cells)
            for c, ch in enumerate(row) if ch in CLUES
        ]


def to_json(board: Shakashaka) -> dict:
    return {"cells": list(board.cells)}


def from_json(puzzle: dict, source: str) -> Shakashaka:
    """The board from board JSON's "puzzle": {"cells": ["..B0", ...]}."""
    cells = character_rows(
        puzzle, "Shakashaka", "..B0", ". white, B black, 0-4 a numbered black cell", CELL_CHARACTERS
    )
    return Shakashaka(cells=cells, source=source)


def answer_json(answer: Answer) -> list[list[str | None]]:
    return [list(row) for row in answer]
