"""Wilk's `.nin`: line 1 `width height`, then a line per row (top to bottom), then per column.

Numbers are separated by spaces, `0` or an empty line is a line without blocks. Recognised
only when the header is followed by exactly W+H clue lines that each fit their line, so a
plain Shikaku grid (all numeric too) is not claimed.
"""

from __future__ import annotations

import re

from ..core import MAX_DIGITS, Page, ParseError
from ..kinds.nonogram.board import Nonogram
from .clue_text import NUMBERS, black_and_white, fits, read_clue, write_clue
from .format import Format, with_hint

HINT = (
    "check the .nin file: a first line `width height`, then one clue line per row (top to "
    "bottom), then one per column (left to right), numbers separated by spaces, 0 for none"
)


def _nin_header(line: str) -> tuple[int, int] | None:
    parts = line.split()
    if len(parts) != 2 or not all(p.isdecimal() and len(p) <= MAX_DIGITS for p in parts):
        return None
    width, height = int(parts[0]), int(parts[1])
    return (width, height) if width > 0 and height > 0 else None


def _nin_body(lines: list[str], width: int, height: int) -> list[str] | None:
    """The W+H clue lines after the header; surplus blank lines at the end are dropped."""
    body = lines[1:]
    if len(body) > width + height and not any(ln.strip() for ln in body[width + height :]):
        body = body[: width + height]
    return body if len(body) == width + height else None


def _nin_lines(text: str) -> tuple[list[str], int]:
    """The lines from the header on, and the header's line number (blank lines may lead)."""
    lines = text.lstrip("\ufeff").splitlines()
    first = 0
    while first < len(lines) and not lines[first].strip():
        first += 1
    return lines[first:], first + 1


def recognises_nin(text: str) -> bool:
    """Header `W H`, then exactly W+H lines of numbers, each clue fitting its line."""
    lines, _ = _nin_lines(text)
    if len(lines) < 3 or not all(NUMBERS.match(ln) for ln in lines):
        return False
    size = _nin_header(lines[0])
    if size is None:
        return False
    width, height = size
    body = _nin_body(lines, width, height)
    if body is None:
        return False
    for i, line in enumerate(body):
        tokens = [v for v in re.split(r"[\s,]+", line.strip()) if v]
        if any(len(v) > MAX_DIGITS for v in tokens):
            return False
        numbers = [int(v) for v in tokens]
        if 0 in numbers and len(numbers) > 1:  # a Shikaku row with empty cells, not a clue
            return False
        if not fits(tuple(n for n in numbers if n), width if i < height else height):
            return False
    return True


@with_hint(HINT)
def read_nin(text: str, source: str = "") -> Nonogram:
    lines, at = _nin_lines(text)
    if not lines:
        raise ParseError(".nin: the input is empty")
    size = _nin_header(lines[0])
    if size is None:
        raise ParseError(
            f".nin line {at}: expected `width height`, found {lines[0].strip()[:40]!r}"
        )
    width, height = size
    body = _nin_body(lines, width, height)
    if body is None:
        found = len(lines) - 1
        raise ParseError(
            f".nin: a {width}x{height} puzzle needs {width + height} clue lines after line {at} "
            f"({height} rows, then {width} columns), found {found}"
        )
    clues = [read_clue(line, f".nin line {i}") for i, line in enumerate(body, at + 1)]
    return Nonogram(rows=tuple(clues[:height]), cols=tuple(clues[height:]), source=source)


def parse_nin(page: Page) -> Nonogram:
    return read_nin(page.text, page.source)


def write_nin(board: Nonogram) -> str:
    black_and_white(board, ".nin")
    lines = [f"{board.width} {board.height}"]
    lines += [write_clue(clue, " ") for clue in (*board.rows, *board.cols)]
    return "\n".join(lines) + "\n"


FORMAT = Format(
    name="nin",
    recognises=recognises_nin,
    read=parse_nin,
    write=write_nin,
    kinds=("nonogram",),
    hint=HINT,
    suffix=".nin",
)
