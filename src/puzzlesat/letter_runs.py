"""The letters-and-numbers grid of Simon Tatham's Rectangles and Solo game IDs, which the
puzzle-*.com sites' tasks use too: `a`-`z` for 1-26 empty cells, a number for a cell that
holds it, `_` only between two adjacent numbers. The sites' pages and the Tatham format
write it with this one encoder and read it with this one reader (each with its own error
messages and rules for 0).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .core import LazyPattern

TOKEN = LazyPattern(r"([a-z])|([0-9]+)|(_)")
LONGEST_RUN = 26  # `z`; a longer run of empty cells is `z` and the rest


def encode_cells(cells: Iterable[int]) -> str:
    """Row-major cells (0 = empty) in letters and numbers."""
    out: list[str] = []
    empty, after_number = 0, False
    for value in (*cells, None):  # None flushes the last run of empty cells
        if value == 0:
            empty += 1
            continue
        while empty:
            step = min(empty, LONGEST_RUN)
            out.append(chr(ord("a") + step - 1))
            empty, after_number = empty - step, False
        if value is not None:
            out.append(("_" if after_number else "") + str(value))
            after_number = True
    return "".join(out)


def read_cells(
    text: str,
    area: int,
    bad_character: Callable[[int], Exception],
    number: Callable[[str, int, int], int] = lambda digits, pos, index: int(digits),
) -> tuple[list[int], int]:
    """(row-major cells, position reached) of a letters-and-numbers text, 0 for empty.

    Reading stops once more than `area` cells are read, so that an overlong text costs no
    more than the board; the caller tells a short or long text by the two numbers returned.
    `bad_character(pos)` is the error raised for a character outside the grammar, `number`
    reads the digit run at `pos`, for cell `index` (with the caller's bounds on it).
    """
    cells: list[int] = []
    pos = 0
    while pos < len(text) and len(cells) <= area:
        match = TOKEN.match(text, pos)
        if match is None:
            raise bad_character(pos)
        letter, digits, _ = match.groups()
        if letter:
            cells.extend([0] * (ord(letter) - ord("a") + 1))
        elif digits:
            cells.append(number(digits, pos, len(cells)))
        pos = match.end()
    return cells, pos


# One character a cell (the family's D2 games: Light Up, Shakashaka, Masyu, ...; Tatham's
# Light Up): a letter skips 1-26 empty cells, any other character of the game is one cell.
EMPTY = "."


def read_chars(
    text: str, area: int, symbols: str, bad_character: Callable[[int], Exception]
) -> tuple[list[str], int]:
    """(row-major cells, position reached) of a one-character-a-cell text: EMPTY for a
    skipped cell, else the character. Reading stops once more than `area` cells are read,
    as `read_cells` does; `bad_character(pos)` is raised for a character that is neither a
    letter nor one of `symbols`."""
    cells: list[str] = []
    pos = 0
    while pos < len(text) and len(cells) <= area:
        ch = text[pos]
        if "a" <= ch <= "z":
            cells.extend(EMPTY * (ord(ch) - ord("a") + 1))
        elif ch in symbols:
            cells.append(ch)
        else:
            raise bad_character(pos)
        pos += 1
    return cells, pos


def encode_chars(cells: Iterable[str]) -> str:
    """Row-major cells (EMPTY or a game's character) in the one-character-a-cell grammar."""
    out: list[str] = []
    empty = 0
    for ch in (*cells, None):
        if ch == EMPTY:
            empty += 1
            continue
        while empty:
            step = min(empty, LONGEST_RUN)
            out.append(chr(ord("a") + step - 1))
            empty -= step
        if ch is not None:
            out.append(ch)
    return "".join(out)
