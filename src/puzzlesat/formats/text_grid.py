"""A puzzle written as a grid of text, and which kind's grid it is.

Two notations: numbers separated by white space (`0 0 4`), or one character a cell with no
space between (`53..7....`), where a letter stands for 10 and up (A = 10, as the sites write
a 16x16 Sudoku) and so only in a grid wider than nine. `0`, `.` and `-` are empty cells.
The first line of a spaced grid may be puzzlekit's `R C` header, which is skipped.

A grid says nothing of its kind, so each format of a kind's grids (the Format's
`grid_refusal`) says why a grid is not one of its own, or nothing when it claims it.
Recognition asks them all (`claimant`): the one that claims a grid reads it; when several
do, or none does, the error names them and their reasons, and `--format` decides.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import MAX_DIGITS, Grid, LazyPattern, ParseError, Unrecognised, as_grid

HINT = "check the grid: one line per row, each with the same number of cells"
SPACED_TOKEN = LazyPattern(rf"\d{{1,{MAX_DIGITS}}}|[.\-]", re.ASCII)
CELL = LazyPattern(r"[\dA-Za-z.\-]", re.ASCII)
EMPTY = ".-"
LETTERS_FROM = 10  # the value of A; a grid narrower than this holds no letter


@dataclass(frozen=True)
class TextGrid:
    """The cells of a text grid (0 = empty) and whether they were written spaced."""

    rows: Grid
    spaced: bool

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)

    def size(self) -> str:
        return f"{self.width}x{self.height}"


def _spaced_rows(lines: list[list[str]]) -> list[list[int]] | None:
    if len(lines) > 1 and len(lines[0]) == 2 and len(lines[1]) != 2:
        lines = lines[1:]  # puzzlekit's "R C" header
    if not all(SPACED_TOKEN.fullmatch(token) for line in lines for token in line):
        return None
    return [[0 if token in EMPTY else int(token) for token in line] for line in lines]


def _compact_rows(lines: list[str]) -> list[list[int]] | None:
    if not all(CELL.fullmatch(ch) for line in lines for ch in line):
        return None
    has_letters = any(ch.isalpha() for line in lines for ch in line)
    if has_letters and max(map(len, lines)) < LETTERS_FROM:
        return None
    return [[0 if ch in EMPTY else int(ch, 36) for ch in line] for line in lines]


def grid_of(text: str) -> TextGrid | None:
    """The grid `text` writes, or None when it is no grid at all; a ParseError when it is
    one whose rows differ in length."""
    lines = [line.split() for line in text.splitlines() if line.strip()]
    if not lines:
        return None
    spaced = any(len(line) > 1 for line in lines)
    rows = _spaced_rows(lines) if spaced else _compact_rows([line[0] for line in lines])
    if rows is None:
        return None
    widths = sorted({len(row) for row in rows})
    if len(widths) > 1:
        raise ParseError(f"the grid's rows have different lengths: {widths[:5]}")
    return TextGrid(as_grid(rows), spaced)


def claims(text: str, refusal: Callable[[TextGrid], str | None]) -> bool:
    """Whether `text` is a grid that a format with this `grid_refusal` claims."""
    try:
        grid = grid_of(text)
    except ParseError:
        return False
    return grid is not None and refusal(grid) is None


def _label(fmt: Any) -> str:
    return fmt.kinds[0].capitalize() if fmt.kinds else fmt.name


def claimant(text: str, formats: Sequence[Any]) -> Any | None:
    """The one format of `formats` that claims the grid `text` writes; None when `text`
    is no grid. A grid that several claim, or none, is refused naming them and why."""
    try:
        grid = grid_of(text)
    except ParseError as error:
        error.hint = HINT
        raise
    if grid is None:
        return None
    refusals = {fmt: fmt.grid_refusal(grid) for fmt in formats}
    claiming = [fmt for fmt, why in refusals.items() if why is None]
    if len(claiming) == 1:
        return claiming[0]
    if claiming:
        raise ParseError(
            f"this {grid.size()} grid reads as a "
            + " and as a ".join(_label(fmt) for fmt in claiming),
            hint="say which with " + " or ".join(f"--format {fmt.name}" for fmt in claiming),
        )
    reasons = "; ".join(f"not a {_label(fmt)}: {why}" for fmt, why in refusals.items())
    raise Unrecognised(
        f"this {grid.size()} grid is no puzzle puzzlesat reads: {reasons}",
        hint="--format reads it as one of them anyway: "
        + ", ".join(fmt.name for fmt in formats),
    )
