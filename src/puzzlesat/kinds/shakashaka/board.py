"""The Shakashaka board: a grid of white cells and black cells, some black cells numbered,
and its board JSON: `{"cells": ["..B0", ...]}` (`.` white, `B` black, `0`-`4` a numbered
black cell), as Light Up's. An answer is rows of None (no triangle) or the corner of the
triangle's right angle: "nw", "ne", "se" or "sw" (design.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core import ParseError, json_excerpt, made_safe

WHITE, BLACK = ".", "B"
CLUES = "01234"
CELL_CHARACTERS = WHITE + BLACK + CLUES
CORNERS = ("nw", "ne", "se", "sw")  # a triangle by the corner of its right angle

Answer = tuple[tuple[str | None, ...], ...]


@dataclass(frozen=True)
class Shakashaka:
    """Rows of cells, one character a cell (CELL_CHARACTERS). `hashed_solution` is the
    page's md5 of its task and answer, when a page gave one (sites.md 3g)."""

    cells: tuple[str, ...]
    source: str = ""
    title: str | None = None
    puzzle_id: str | None = None
    note: str | None = None
    hashed_solution: str | None = field(default=None, compare=False, repr=False)
    site_task: str | None = field(default=None, compare=False, repr=False)  # what it hashes
    kind: str = field(default="shakashaka", init=False)

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
    cells = puzzle.get("cells")
    if not isinstance(cells, list) or not cells or not all(isinstance(r, str) for r in cells):
        raise ParseError(
            'a Shakashaka\'s board JSON needs "cells", a list of rows such as "..B0" '
            "(. white, B black, 0-4 a numbered black cell)"
        )
    for r, row in enumerate(cells, 1):
        bad = next((ch for ch in row if ch not in CELL_CHARACTERS), None)
        if bad is not None:
            raise ParseError(
                f"board JSON: Shakashaka row {r} holds {bad!r}, not one of "
                f"{CELL_CHARACTERS!r}: {json_excerpt(row)}"
            )
    if not cells[0] or any(len(row) != len(cells[0]) for row in cells):
        lengths = sorted({len(row) for row in cells})
        raise ParseError(
            "board JSON: a Shakashaka needs rows of one length, at least one cell "
            f"(its rows have {', '.join(map(str, lengths[:5]))} cells)"
        )
    return Shakashaka(cells=tuple(cells), source=source)


def answer_json(answer: Answer) -> list[list[str | None]]:
    return [list(row) for row in answer]
