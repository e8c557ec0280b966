"""The Masyu board: a grid of cells, some holding a white or a black circle, and its board
JSON: `{"cells": ["..W.B", ...]}` (`.` an empty cell, `W` a white circle, `B` a black one).
An answer is the loop's edges between cell centres: H rows of W-1 horizontal edges, then
H-1 rows of W vertical ones, each 0/1 (design.md)."""

from __future__ import annotations

from typing import NamedTuple

from ...grid.board import Board, board
from ...grid.rows import character_rows
from ...site_check import yes_no

EMPTY, WHITE, BLACK = ".", "W", "B"
CIRCLES = WHITE + BLACK
CELL_CHARACTERS = EMPTY + CIRCLES

Rows = tuple[tuple[int, ...], ...]


class Answer(NamedTuple):
    """The loop: `horizontal[r][c]` joins (r, c) and (r, c+1), `vertical[r][c]` joins (r, c)
    and (r+1, c)."""

    horizontal: Rows
    vertical: Rows


@board
class Masyu(Board):
    """Rows of cells, one character a cell (CELL_CHARACTERS)."""

    kind = "masyu"
    GRID = "cells"

    cells: tuple[str, ...]

    def circles(self) -> list[tuple[int, int, str]]:
        """(row, col, WHITE or BLACK) of every circle, in reading order."""
        return [
            (r, c, ch) for r, row in enumerate(self.cells)
            for c, ch in enumerate(row) if ch in CIRCLES
        ]


def to_json(board: Masyu) -> dict:
    return {"cells": list(board.cells)}


def from_json(puzzle: dict, source: str) -> Masyu:
    """The board from board JSON's "puzzle": {"cells": ["..W.B", ...]}."""
    cells = character_rows(
        puzzle, "Masyu", "..W.B", ". an empty cell, W a white circle, B a black one",
        CELL_CHARACTERS,
    )
    return Masyu(cells=cells, source=source)


def answer_json(answer: Answer) -> dict:
    return {
        "horizontal": [list(row) for row in answer.horizontal],
        "vertical": [list(row) for row in answer.vertical],
    }


def site_answer(board: Masyu, answer: Answer) -> str:
    """What puzzle-masyu.com hashes (genres.md section 2): `y`/`n` per edge between cell
    centres, the horizontal ones first: this kind's own order."""
    return yes_no(answer.horizontal, answer.vertical)
