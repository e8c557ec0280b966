"""What the letters-and-numbers games of Tatham's IDs share: reading a description's cells
with Tatham's own words for what is wrong, and the refusal of a board an ID cannot hold."""

from __future__ import annotations

from ...core import LazyPattern, ParseError, UnsupportedPuzzle, as_grid, whole_number
from ...letter_runs import read_cells

RUN_OR_NUMBER = LazyPattern(r"[a-z_]+|[1-9][0-9]*")


def invalid(text: str, pos: int, what: str) -> ParseError:
    return ParseError(
        f"Tatham {what} ID: invalid character {text[pos]!r} at position {pos + 1} of the "
        "game description (letters a-z, numbers, '_')"
    )


def cell_count(text: str, what: str) -> int:
    """How many cells a letters-and-numbers description covers (no values kept)."""
    cells = pos = 0
    for match in RUN_OR_NUMBER.finditer(text):
        if match.start() != pos:
            raise invalid(text, pos, what)
        token = match.group()
        if token[0].isdigit():
            cells += 1
        else:
            cells += sum(ord(ch) - 96 for ch in token if ch != "_")
        pos = match.end()
    if pos != len(text):
        raise invalid(text, pos, what)
    return cells


def number(text: str, pos: int, digits: str, what: str) -> int:
    """A number of a description; Tatham's grammar has none that starts with 0."""
    if digits.startswith("0"):
        raise invalid(text, pos, what)
    return whole_number(digits, f"Tatham {what} ID: a number")


def cells_of(text: str, area: int, what: str) -> list[int]:
    """Row-major cells of a letters-and-numbers description (0 = empty), exactly `area`."""
    cells, pos = read_cells(
        text,
        area,
        lambda at: invalid(text, at, what),
        lambda digits, at, index: number(text, at, digits, what),
    )
    if len(cells) < area:
        raise ParseError(
            f"Tatham {what} ID: not enough data to fill grid (the description covers "
            f"{len(cells)} of its {area} cells)"
        )
    if len(cells) > area or pos < len(text):
        raise ParseError(f"Tatham {what} ID: too much data to fit in grid (it has {area} cells)")
    return cells


def grid_of(cells: list[int], width: int) -> tuple[tuple[int, ...], ...]:
    return as_grid(cells[i : i + width] for i in range(0, len(cells), width))


def exact_rows(values: list, width: int, height: int, what: str, unit: str) -> tuple:
    """The rows of a description's values, which must be exactly W x H, in the words
    bridges.c and net.c give when they are not."""
    if len(values) != width * height:
        much = "shorter" if len(values) < width * height else "longer"
        raise ParseError(f"Tatham {what} ID: Game description {much} than expected (it "
                         f"covers {len(values)} {unit}; a {width}x{height} grid has "
                         f"{width * height})")
    return tuple(tuple(values[r * width : (r + 1) * width]) for r in range(height))


def refuse(message: str) -> UnsupportedPuzzle:
    return UnsupportedPuzzle(
        message, hint="write it as board JSON (`puzzlesat parse`), which keeps its shape"
    )


def rows_of(cells: list[int], n: int) -> tuple[tuple[int | None, ...], ...]:
    """The N x N rows of a Latin game's cells, 0 (empty) as None."""
    return tuple(tuple(v or None for v in cells[r * n : (r + 1) * n]) for r in range(n))
