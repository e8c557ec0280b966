"""Sudoku lines: one puzzle a line, n*n characters, `.` or `0` for an empty cell.

What every Sudoku collection uses (the 17-clue list, magictour's top1465, the forum's
hardest): 81 characters a 9x9 puzzle, row after row, digits 1-9. 4x4 (16 characters, 1-4)
and 16x16 (256 characters, 1-9 then A-G, either case) are read the same way. Blank lines and
`#` comments are skipped, and whatever follows the puzzle after white space or a comma on
its line (a rating, a name, the answer) is ignored. Recognised by content when every line
that is not blank or a comment starts with such a puzzle.

`read` gives the first puzzle (the one-board contract; its note counts the others),
`read_all` every puzzle of the file, in file order.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from itertools import islice

from ..core import LazyPattern, Page, ParseError, UnsupportedPuzzle, gc_paused
from ..kinds.sudoku.board import DIGITS, Sudoku, default_box
from .format import Format, each_line, lines_starting, multi_note, with_hint

HINT = (
    "check the Sudoku lines: one puzzle a line, 81 characters (16 for 4x4, 256 for 16x16) "
    "read row by row, digits 1-9 (then A-G), '.' or '0' for an empty cell; blank lines and "
    "lines starting with # are skipped"
)

SIDES = {16: 4, 81: 9, 256: 16}  # characters of a puzzle -> its side
LONGEST = max(SIDES)
EMPTY = ".0"
BAD = 255  # a character no puzzle of that side holds, after translation
BLOCK = 10_000  # lines read at once: the file's puzzles are read as a batch asks for them


def _table(side: int) -> bytes:
    """bytes.translate table: each allowed character to its value (0 = empty), others BAD."""
    table = bytearray([BAD]) * 256
    for ch in EMPTY:
        table[ord(ch)] = 0
    for value, ch in enumerate(DIGITS[:side], 1):
        table[ord(ch)] = value
        table[ord(ch.lower())] = value
    return bytes(table)


TABLES = {side: _table(side) for side in SIDES.values()}
# the first token of a line: up to white space or a comma (what follows it is ignored)
TOKEN = LazyPattern(r"[^\s,]*")
# a line neither blank nor a comment (_lines), for lines_starting
PUZZLE_LINES = LazyPattern(r"(?m)^(?=[ \t]*[^\s#])")
# a token of the right length holding nothing but puzzle characters (checked per side below)
PUZZLE_CHARS = {
    side: LazyPattern("[" + re.escape(EMPTY + DIGITS[:side] + DIGITS[9:side].lower()) + "]*")
    for side in SIDES.values()
}


def _first_token(line: str) -> str:
    """What a (stripped) line starts with, up to white space or a comma; no further than
    one character past the longest puzzle, which is enough to refuse a longer one."""
    return TOKEN.match(line, 0, LONGEST + 1).group()


def _is_puzzle(token: str) -> bool:
    side = SIDES.get(len(token))
    return side is not None and PUZZLE_CHARS[side].fullmatch(token) is not None


def _lines(text: str) -> Iterator[str]:
    """Every line, stripped, that is neither blank nor a comment, one at a time. Blank
    lines are dropped by filter() without a Python step each: a text of white space is
    rejected fast."""
    return (line for line in filter(None, map(str.strip, each_line(text))) if line[0] != "#")


def _line_number(text: str, line: str) -> int:
    """The number of the first line that is `line` once stripped (for an error message)."""
    return next(n for n, raw in enumerate(each_line(text), 1) if raw.strip() == line)


def recognises(text: str) -> bool:
    """At least one puzzle line, and nothing else but blank lines and comments."""
    found = False
    for line in _lines(text.removeprefix("\ufeff")):
        if not _is_puzzle(_first_token(line)):
            return False
        found = True
    return found


def _cells(tokens: list[str], side: int) -> bytes | None:
    """The values of puzzles of one side, all at once (0 = empty); None if any character
    is not a digit of that side or an empty mark (side 0: tokens of no puzzle's length)."""
    if not side:
        return None
    try:
        values = "".join(tokens).encode("ascii").translate(TABLES[side])
    except UnicodeEncodeError:
        return None
    return None if BAD in values else values


def _excerpt(line: str) -> str:
    return repr(line[:40] + ("..." if len(line) > 40 else ""))


@with_hint(HINT)
def each(text: str, source: str = "") -> Iterator[Sudoku]:
    """Every puzzle of the text, in order, read BLOCK lines at a time as they are asked
    for; a ParseError names the first line that is none."""
    text = text.removeprefix("\ufeff")
    lines = _lines(text)
    found = False
    while block := list(islice(lines, BLOCK)):
        found = True
        yield from _read_block(block, text, source)
    if not found:
        raise ParseError("Sudoku lines: no puzzle in the input")


def read_all(text: str, source: str = "") -> list[Sudoku]:
    """Every puzzle of the text, in order."""
    return list(each(text, source))


def _read_block(lines: list[str], text: str, source: str) -> list[Sudoku]:
    """The puzzles of these lines of `text`. The characters of all puzzles of a size are
    checked and translated in one go: a file of 49,158 puzzles reads in a fraction of a
    second."""
    tokens = [_first_token(line) for line in lines]
    by_side: dict[int, list[int]] = {}
    for k, token in enumerate(tokens):
        by_side.setdefault(SIDES.get(len(token), 0), []).append(k)
    values = {side: _cells([tokens[k] for k in ks], side) for side, ks in by_side.items()}
    wrong = [k for side, ks in by_side.items() if values[side] is None for k in ks]
    if wrong:
        line = lines[min(k for k in wrong if not _is_puzzle(tokens[k]))]
        raise ParseError(
            f"Sudoku lines: line {_line_number(text, line)} is not a puzzle of 16, 81 or "
            f"256 cells: {_excerpt(line)}",
            hint=_grid_hint(tokens),
        )
    out: list = [None] * len(tokens)
    with gc_paused():  # a board is ten tuples: the collector would scan them again and again
        for side, ks in by_side.items():
            flat, box = values[side], default_box(side)
            rows = _Rows()  # one tuple per distinct row of the block
            grid_rows = list(map(rows.__getitem__, _pieces(flat, side)))
            for j, k in enumerate(ks):
                grid = tuple(grid_rows[j * side : (j + 1) * side])
                out[k] = Sudoku(grid=grid, box=box, source=source)
    return out


def _grid_hint(tokens: list[str]) -> str | None:
    """For lines that are the rows of one square grid: the format that reads it."""
    if len(tokens) > 1 and {len(token) for token in tokens} == {len(tokens)}:
        return (
            f"these {len(tokens)} lines are the rows of one grid: without --format, or with "
            "--format sudoku-grid, it is read as a Sudoku grid"
        )
    return None


class _Rows(dict):
    """bytes of a row -> the row as a tuple of ints, made once."""

    def __missing__(self, key: bytes) -> tuple[int, ...]:
        row = self[key] = tuple(key)
        return row


def _pieces(flat: bytes, size: int) -> list[bytes]:
    return [flat[i : i + size] for i in range(0, len(flat), size)]


def parse(page: Page) -> Sudoku:
    """The first puzzle; its note says how many the file holds."""
    puzzles = read_all(page.text, page.source)
    note = multi_note(len(puzzles), "file")
    return puzzles[0] if note is None else replace(puzzles[0], note=note)


def write(board: Sudoku) -> str:
    """The puzzle as its line: digits (then letters), '.' for an empty cell."""
    side = board.size
    if side not in TABLES or board.regions is not None or (
        board.box is not None and board.box != default_box(side)
    ):
        raise UnsupportedPuzzle(
            f"Sudoku lines hold 4x4, 9x9 and 16x16 puzzles with square boxes; this one is "
            f"{side}x{side}" + (" with jigsaw regions" if board.regions is not None else ""),
            hint="write it as board JSON (`puzzlesat parse`), which keeps its shape",
        )
    if any(len(row) != side or not all(0 <= v <= side for v in row) for row in board.grid):
        raise UnsupportedPuzzle(
            f"a {side}x{side} Sudoku line holds digits 1 to {side}; this grid holds others",
            hint="write it as board JSON (`puzzlesat parse`)",
        )
    return "".join(DIGITS[v - 1] if v else "." for row in board.grid for v in row) + "\n"


FORMAT = Format(
    name="sudoku-lines",
    recognises=recognises,
    read=parse,
    write=write,
    kinds=("sudoku",),
    hint=HINT,
    read_all=lambda page: read_all(page.text, page.source),
    read_each=lambda page: each(page.text, page.source),
    count=lambda text: lines_starting(text, PUZZLE_LINES),
    aliases=("line",),
    inline=True,
    write_all=lambda boards: "".join(write(board) for board in boards),
    suffix=".sdk",
)
