"""The TAAI/ICGA tournament sets: `$N`, then the column clues, then the row clues.

Numbers are TAB-separated and one file holds many puzzles. The solution files use the same
`$N` lines followed by the rows as TAB-separated 0/1.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import islice

from ..core import Grid, LazyPattern, Page, ParseError, UnsupportedPuzzle, whole_number
from ..kinds.nonogram.board import Nonogram
from .clue_text import NUMBERS, black_and_white, read_clue, write_clue
from .format import Format, each_line, lines_starting, multi_note, with_hint

TAAI_HEADER = LazyPattern(r"^\$\s*(\d+)\s*$")
HEADER_LINES = LazyPattern(r"(?m)^(?=[ \t]*\$[ \t]*\d+[ \t]*\r?$)")  # for lines_starting
TAAI_SIZE = 25  # every TAAI/ICGA tournament puzzle is 25x25
HINT = (
    f"check the TAAI file: `$N` lines, each followed by its {TAAI_SIZE} column clues, then its "
    f"{TAAI_SIZE} row clues, one line each, numbers TAB-separated"
)
SOLUTION_HINT = "check the TAAI solution file: `$N` lines, each followed by its rows of 0/1 cells"


def _taai_sections(text: str, what: str) -> Iterator[tuple[int, int, list[tuple[int, str]]]]:
    """(puzzle number, line number of `$N`, following lines) for each `$N` of the file, each
    as soon as the next `$N` (or the end) closes it."""
    section: tuple[int, int, list[tuple[int, str]]] | None = None
    for n, raw in enumerate(each_line(text.lstrip("\ufeff")), 1):
        header = TAAI_HEADER.match(raw.strip())
        if header:
            if section is not None:
                yield section
            section = (whole_number(header.group(1), f"{what} line {n}: `$N`"), n, [])
        elif section is not None:
            section[2].append((n, raw))
        elif raw.strip():
            raise ParseError(f"{what} line {n}: expected a `$N` puzzle header, found {raw[:30]!r}")
    if section is None:
        raise ParseError(f"{what}: no `$N` puzzle header")
    yield section


def recognises_taai(text: str) -> bool:
    lines = [ln.strip() for ln in islice(filter(str.strip, each_line(text.lstrip("\ufeff"))), 3)]
    return (
        len(lines) >= 3
        and TAAI_HEADER.match(lines[0]) is not None
        and all(NUMBERS.match(ln) for ln in lines[1:3])
    )


def _taai_block_size(number: int, at: int, lines: list[tuple[int, str]]) -> int:
    """Side of a square puzzle from its clue lines; 25 unless the block says otherwise."""
    if len(lines) >= 2 * TAAI_SIZE and not any(t.strip() for _, t in lines[2 * TAAI_SIZE :]):
        return TAAI_SIZE
    end = len(lines)  # drop trailing blank lines, without copying the list once per line
    while end and not lines[end - 1][1].strip():
        end -= 1
    lines = lines[:end]
    if not lines or len(lines) % 2:
        raise ParseError(
            f"TAAI line {at}: puzzle ${number} has {len(lines)} clue lines; expected "
            f"{2 * TAAI_SIZE} ({TAAI_SIZE} columns, then {TAAI_SIZE} rows)"
        )
    return len(lines) // 2


@with_hint(HINT)
def each_taai(text: str, source: str = "") -> Iterator[Nonogram]:
    """Every puzzle of a TAAI/ICGA question file, in file order, each read as it is asked
    for; title `$N`."""
    for number, at, lines in _taai_sections(text, "TAAI"):
        size = _taai_block_size(number, at, lines)
        clues = [read_clue(t, f"TAAI line {n}") for n, t in lines[: 2 * size]]
        yield Nonogram(
            rows=tuple(clues[size:]),
            cols=tuple(clues[:size]),
            source=source,
            title=f"${number}",
        )


def read_taai(text: str, source: str = "") -> list[Nonogram]:
    """Every puzzle of a TAAI/ICGA question file, in file order."""
    return list(each_taai(text, source))


@with_hint(SOLUTION_HINT)
def read_taai_solutions(text: str) -> dict[int, Grid]:
    """Puzzle number -> solution grid (rows of 0/1) from a TAAI/ICGA solution file."""
    out: dict[int, Grid] = {}
    for number, at, lines in _taai_sections(text, "TAAI solution"):
        rows = []
        for n, raw in lines:
            if not raw.strip():
                continue
            cells = raw.split()
            if any(v not in ("0", "1") for v in cells):
                raise ParseError(f"TAAI solution line {n}: expected 0/1 cells, found {raw[:30]!r}")
            rows.append(tuple(int(v) for v in cells))
        if not rows or len({len(r) for r in rows}) != 1:
            raise ParseError(f"TAAI solution line {at}: ${number} is not a rectangle of 0/1 cells")
        out[number] = tuple(rows)
    return out


def parse_taai(page: Page) -> Nonogram:
    puzzles = read_taai(page.text, page.source)
    first = puzzles[0]
    note = multi_note(len(puzzles), "file")
    if note is None:
        return first
    return replace(first, note=note)


def write_taai(board: Nonogram, number: int = 1) -> str:
    """One puzzle of a set (square boards only: the format has no size line)."""
    black_and_white(board, "TAAI")
    if board.width != board.height:
        raise UnsupportedPuzzle(
            f"the TAAI format holds square puzzles only (its files give no size); this one "
            f"is {board.width}x{board.height}",
            hint="write it as .non or board JSON, which keep its size",
        )
    lines = [f"${number}"] + [write_clue(clue, "\t") for clue in (*board.cols, *board.rows)]
    return "\n".join(lines) + "\n"


FORMAT = Format(
    name="taai",
    recognises=recognises_taai,
    read=parse_taai,
    write=write_taai,
    kinds=("nonogram",),
    hint=HINT,
    read_all=lambda page: read_taai(page.text, page.source),
    read_each=lambda page: each_taai(page.text, page.source),
    count=lambda text: lines_starting(text, HEADER_LINES),
    write_all=lambda boards: "".join(write_taai(b, n) for n, b in enumerate(boards, 1)),
    suffix=".taai",
)
