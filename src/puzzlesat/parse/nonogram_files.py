"""Nonogram interchange files: Wilk's `.nin`, Simpson's `.non` and the TAAI tournament sets.

All three are plain text and are recognised by their content, not by a file name:

- `.nin` (docs/formats.md 4.6): line 1 `width height`, then one line per row (top to bottom),
  then one per column (left to right); numbers separated by spaces, `0` or an empty line for
  a line without blocks. Recognised only when the header is followed by exactly W+H clue
  lines that each fit their line, so a plain Shikaku grid (all numeric too) is not claimed.
- `.non` (formats.md 4.1, read leniently as pbnsolve and nonogram-db do): `width`/`height`
  (or `columns N`/`rows N`), `rows` and `columns` blocks, a `goal` picture, and any other
  leading word as an ignored property except `title`. Inside a block an empty line or `0` is
  an empty clue; when the block has more lines than the grid, blank lines are ignored as the
  original spec says. A `goal` is kept as the board's `picture` only when it satisfies the
  clues; otherwise a note says why it was dropped.
- TAAI/ICGA tournament sets (zxkyjimmy/NonogramRecord): `$N`, then the column clues, then the
  row clues, numbers TAB-separated; one file holds many puzzles. The solution files use the
  same `$N` lines followed by the rows as TAB-separated 0/1.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, replace

from ..board import Grid, Line, Nonogram, Page, ParseError, UnsupportedPuzzle, as_grid, runs
from .site import Site

NUMBERS = re.compile(r"^[\d\s,]*$")
TAAI_HEADER = re.compile(r"^\$\s*(\d+)\s*$")
TAAI_SIZE = 25  # every TAAI/ICGA tournament puzzle is 25x25


def _fits(clue: Line, length: int) -> bool:
    return sum(clue) + len(clue) - 1 <= length if clue else True


def _clue(text: str, where: str) -> Line:
    """Block lengths from `3 1 2`, `3,1,2` or `3\t1\t2`; `0` or nothing is an empty line."""
    out = []
    for token in re.split(r"[\s,]+", text.strip()):
        if not token:
            continue
        if not token.isdigit():
            if re.fullmatch(r"\d+[A-Za-z]", token):
                raise UnsupportedPuzzle(
                    f"{where}: {token!r} is a coloured block; "
                    "colour nonograms are not supported yet"
                )
            raise ParseError(f"{where}: {token!r} is not a block length")
        if int(token):
            out.append(int(token))  # a 0 marks an empty line
    return tuple(out)


def _multi_note(count: int, what: str) -> str | None:
    return f"the first of {count} puzzles in the {what}" if count > 1 else None


# --------------------------------------------------------------------------- .nin


def _nin_header(line: str) -> tuple[int, int] | None:
    parts = line.split()
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
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
        numbers = [int(v) for v in re.split(r"[\s,]+", line.strip()) if v]
        if 0 in numbers and len(numbers) > 1:  # a Shikaku row with empty cells, not a clue
            return False
        if not _fits(tuple(n for n in numbers if n), width if i < height else height):
            return False
    return True


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
    clues = [_clue(line, f".nin line {i}") for i, line in enumerate(body, at + 1)]
    return Nonogram(rows=tuple(clues[:height]), cols=tuple(clues[height:]), source=source)


def parse_nin(page: Page) -> Nonogram:
    return read_nin(page.text, page.source)


# --------------------------------------------------------------------------- .non

NON_SIZE = re.compile(r"^\s*(width|height|columns|rows)\s+(\d+)\s*$", re.I | re.M)
NON_WORD = re.compile(r"^([A-Za-z_][\w-]*)\s*(.*)$")
BUNDLE_SEPARATOR = re.compile(r"^\s*={4,}\s*$", re.M)


def recognises_non(text: str) -> bool:
    """A `width N` (or `columns N`) line and a `height N` (or `rows N`) line."""
    found = {m.group(1).lower() for m in NON_SIZE.finditer(text)}
    return bool(found & {"width", "columns"}) and bool(found & {"height", "rows"})


@dataclass
class _Block:
    keyword: str
    line_no: int  # of the keyword
    lines: list[tuple[int, str]]  # (line number, text)


def _unquote(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        value = value[1:-1]
    return html.unescape(value)


def _take_clues(block: _Block, count: int, what: str) -> tuple[Line, ...]:
    """`count` clues from a block: blank lines are empty clues when the count says so."""
    lines = list(block.lines)
    while len(lines) > count and not lines[-1][1].strip():
        lines.pop()
    if len(lines) != count:
        solid = [(n, t) for n, t in lines if t.strip()]
        if len(solid) != count:
            raise ParseError(
                f".non line {block.line_no}: `{block.keyword}` is followed by {len(solid)} clue "
                f"lines, but the {what} is {count}"
            )
        lines = solid  # the original spec: blank lines are ignored
    return tuple(_clue(t, f".non line {n}") for n, t in lines)


def _goal_cells(text: str, quoted: bool) -> list[int]:
    if quoted:  # nonogram-db: 0 is blank, any other character is a filled (or coloured) cell
        return [0 if ch == "0" else 1 for ch in text if not ch.isspace()]
    return [int(ch) for ch in text if ch in "01"]  # pbnsolve: other characters are ignored


def _check_goal(cells: list[int], rows, cols) -> tuple[Grid | None, str | None]:
    width, height = len(cols), len(rows)
    if len(cells) != width * height:
        return None, f"goal ignored: it has {len(cells)} cells, not {width}x{height}"
    grid = as_grid(cells[r * width : (r + 1) * width] for r in range(height))
    for r, row in enumerate(grid):
        if runs(row) != rows[r]:
            return None, f"goal ignored: its row {r + 1} does not match the row clue"
    for c in range(width):
        if runs(row[c] for row in grid) != cols[c]:
            return None, f"goal ignored: its column {c + 1} does not match the column clue"
    return grid, None


def read_non(text: str, source: str = "") -> Nonogram:
    text = text.lstrip("\ufeff")
    parts = BUNDLE_SEPARATOR.split(text)
    bundle = [p for p in parts if p.strip()]
    if len(bundle) > 1:
        text = parts[0] if parts[0].strip() else bundle[0]
    width = height = None
    title = None
    blocks: dict[str, _Block] = {}
    goal: list[int] | None = None
    current: _Block | None = None
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        word = NON_WORD.match(line)
        if word is None:  # a clue, a goal line, or a blank line
            if current is not None:
                current.lines.append((n, line))
            elif line and NUMBERS.match(line):
                raise ParseError(f".non line {n}: clue {line[:40]!r} outside a rows/columns block")
            continue
        current = None
        key, value = word.group(1).lower(), word.group(2).strip()
        if key in ("width", "height", "rows", "columns") and value:
            if not value.isdigit() or int(value) <= 0:
                raise ParseError(f".non line {n}: {key} {value[:20]!r} is not a positive number")
            if key in ("width", "columns"):
                width = int(value)
            else:
                height = int(value)
        elif key in ("rows", "columns"):
            if key in blocks:
                raise ParseError(f".non line {n}: a second `{key}` block")
            current = blocks[key] = _Block(key, n, [])
        elif key == "goal":
            if value:
                goal = _goal_cells(_unquote(value), quoted=True)
            else:
                current = blocks["goal"] = _Block(key, n, [])
        elif key == "title":
            title = _unquote(value) or None
        elif not value:  # e.g. `saved` followed by a picture: swallow its lines
            current = _Block(key, n, [])
        # any other word (by, copyright, catalogue, license, color, saved, maxrule ...) is a
        # property we do not need; unknown lines must be ignored (nonogram-db)
    if width is None:
        raise ParseError(".non: no `width` line (the number of columns)")
    if height is None:
        raise ParseError(".non: no `height` line (the number of rows)")
    for key in ("rows", "columns"):
        if key not in blocks:
            raise ParseError(f".non: no `{key}` block")
    rows = _take_clues(blocks["rows"], height, "height")
    cols = _take_clues(blocks["columns"], width, "width")
    if "goal" in blocks:
        goal = _goal_cells(" ".join(t for _, t in blocks["goal"].lines), quoted=False)
    picture, note = (None, None) if goal is None else _check_goal(goal, rows, cols)
    notes = [x for x in (_multi_note(len(bundle), "bundle"), note) if x]
    return Nonogram(
        rows=rows,
        cols=cols,
        source=source,
        title=title,
        picture=picture,
        note="; ".join(notes) or None,
    )


def parse_non(page: Page) -> Nonogram:
    return read_non(page.text, page.source)


# --------------------------------------------------------------------------- TAAI


def _taai_sections(text: str, what: str) -> list[tuple[int, int, list[tuple[int, str]]]]:
    """(puzzle number, line number of `$N`, following lines) for each `$N` of the file."""
    sections: list[tuple[int, int, list[tuple[int, str]]]] = []
    for n, raw in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        header = TAAI_HEADER.match(raw.strip())
        if header:
            sections.append((int(header.group(1)), n, []))
        elif sections:
            sections[-1][2].append((n, raw))
        elif raw.strip():
            raise ParseError(f"{what} line {n}: expected a `$N` puzzle header, found {raw[:30]!r}")
    if not sections:
        raise ParseError(f"{what}: no `$N` puzzle header")
    return sections


def recognises_taai(text: str) -> bool:
    lines = [ln.strip() for ln in text.lstrip("\ufeff").splitlines() if ln.strip()]
    return (
        len(lines) >= 3
        and TAAI_HEADER.match(lines[0]) is not None
        and all(NUMBERS.match(ln) for ln in lines[1:3])
    )


def _taai_block_size(number: int, at: int, lines: list[tuple[int, str]]) -> int:
    """Side of a square puzzle from its clue lines; 25 unless the block says otherwise."""
    if len(lines) >= 2 * TAAI_SIZE and not any(t.strip() for _, t in lines[2 * TAAI_SIZE :]):
        return TAAI_SIZE
    while lines and not lines[-1][1].strip():
        lines = lines[:-1]
    if not lines or len(lines) % 2:
        raise ParseError(
            f"TAAI line {at}: puzzle ${number} has {len(lines)} clue lines; expected "
            f"{2 * TAAI_SIZE} ({TAAI_SIZE} columns, then {TAAI_SIZE} rows)"
        )
    return len(lines) // 2


def read_taai(text: str, source: str = "") -> list[Nonogram]:
    """Every puzzle of a TAAI/ICGA question file, in file order; title `$N`."""
    out = []
    for number, at, lines in _taai_sections(text, "TAAI"):
        size = _taai_block_size(number, at, lines)
        clues = [_clue(t, f"TAAI line {n}") for n, t in lines[: 2 * size]]
        out.append(
            Nonogram(
                rows=tuple(clues[size:]),
                cols=tuple(clues[:size]),
                source=source,
                title=f"${number}",
            )
        )
    return out


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
    note = _multi_note(len(puzzles), "file")
    if note is None:
        return first
    return replace(first, note=note)


# --------------------------------------------------------------------------- sites

NIN_SITE = Site(
    name="nin",
    description=".nin (Wilk): `width height`, then row clues, then column clues",
    recognises=recognises_nin,
    parse=parse_nin,
)
NON_SITE = Site(
    name="non",
    description=".non (Simpson / nonogram-db): width, height, rows, columns, goal",
    recognises=recognises_non,
    parse=parse_non,
)
TAAI_SITE = Site(
    name="taai",
    description="TAAI/ICGA tournament file: `$N`, column clues, row clues (first puzzle)",
    recognises=recognises_taai,
    parse=parse_taai,
)
