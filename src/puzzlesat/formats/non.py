"""Simpson's `.non`, read leniently as pbnsolve and nonogram-db do.

`width`/`height` (or `columns N`/`rows N`), `rows` and `columns` blocks, a `goal` picture, and
any other leading word as an ignored property except `title`. Inside a block an empty line or
`0` is an empty clue; when the block has more lines than the grid, blank lines are ignored as
the original spec says. A `goal` is kept as the board's `picture` only when it satisfies the
clues; otherwise a note says why it was dropped.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from ..core import Grid, LazyPattern, Page, ParseError, as_grid, one_line, whole_number
from ..kinds.nonogram.board import Line, Nonogram
from ..kinds.nonogram.check import mismatch
from .clue_text import NUMBERS, black_and_white, read_clue, write_clue
from .format import Format, multi_note, with_hint

HINT = (
    "check the .non file: `width N` and `height N` lines, then a `rows` block and a "
    "`columns` block with one clue per line (`3,1`; 0 or an empty line for none)"
)

# `^\s*` and `\s*$` under re.M would cross line ends: from every line start the regex
# scans the run of blank lines that follows, quadratic in it. Line starts and ends keep to
# their own line ([^\S\n] is \s without \n); the lines found are the same.
NON_SIZE = LazyPattern(r"^[^\S\n]*(width|height|columns|rows)\s+(\d+)[^\S\n]*$", re.I | re.M)
NON_WORD = LazyPattern(r"^([A-Za-z_][\w-]*)\s*(.*)$")
SEPARATOR_LINE = LazyPattern(r"^[^\S\n]*={4,}[^\S\n]*$", re.M)
SPACE_RUN = LazyPattern(r"\s*")


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
    return tuple(read_clue(t, f".non line {n}") for n, t in lines)


def _goal_cells(text: str, quoted: bool) -> list[int]:
    if quoted:  # nonogram-db: 0 is blank, any other character is a filled (or coloured) cell
        return [0 if ch == "0" else 1 for ch in text if not ch.isspace()]
    return [int(ch) for ch in text if ch in "01"]  # pbnsolve: other characters are ignored


def _check_goal(cells: list[int], rows, cols) -> tuple[Grid | None, str | None]:
    width, height = len(cols), len(rows)
    if len(cells) != width * height:
        return None, f"goal ignored: it has {len(cells)} cells, not {width}x{height}"
    grid = as_grid(cells[r * width : (r + 1) * width] for r in range(height))
    why = mismatch(Nonogram(rows=rows, cols=cols), grid)
    return (None, f"goal ignored: {why}") if why else (grid, None)


def _split_bundle(text: str) -> list[str]:
    r"""What `re.split(r"^\s*={4,}\s*$", text, flags=re.M)` gives, in linear time.

    Each separator is a `====` line widened as that regex widens it: back to the first line
    start of the blank run before it, on to the last line end of the blank run after it.
    """
    parts, pos = [], 0
    for line in SEPARATOR_LINE.finditer(text):
        first = pos + len(text[pos : text.index("=", line.start())].rstrip())
        start = 0 if first == 0 else text.index("\n", first - 1) + 1
        end = SPACE_RUN.match(text, line.end()).end()
        if end < len(text):
            end = text.rindex("\n", line.end(), end)
        parts.append(text[pos:start])
        pos = end
    parts.append(text[pos:])
    return parts


@with_hint(HINT)
def read_non(text: str, source: str = "") -> Nonogram:
    text = text.lstrip("\ufeff")
    parts = _split_bundle(text)
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
            if not value.isdecimal() or (size := whole_number(value, f".non line {n}: {key}")) <= 0:
                raise ParseError(f".non line {n}: {key} {value[:20]!r} is not a positive number")
            if key in ("width", "columns"):
                width = size
            else:
                height = size
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
    notes = [x for x in (multi_note(len(bundle), "bundle"), note) if x]
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


def read_bundle(page: Page) -> list[Nonogram]:
    """Every puzzle of a `.nonpack` bundle (`====` lines between puzzles), or the one."""
    parts = [part for part in _split_bundle(page.text.lstrip("\ufeff")) if part.strip()]
    if len(parts) <= 1:
        return [read_non(page.text, page.source)]
    return [read_non(part, page.source) for part in parts]


def write_bundle(boards) -> str:
    """Many puzzles in one file, as nonogram-db's `.nonpack` bundles them."""
    return "====\n".join(write_non(board) for board in boards)


def write_non(board: Nonogram) -> str:
    """The clues, the title (one line of text), and the answer as `goal` when the board
    carries one."""
    black_and_white(board, ".non")
    lines = []
    title = one_line(board.title or "")
    if title:  # on its line, and `&` escaped: the reader unescapes HTML entities
        lines.append(f'title "{title.replace("&", "&amp;")}"')
    lines += [f"width {board.width}", f"height {board.height}", "", "rows"]
    lines += [write_clue(clue, ",") for clue in board.rows]
    lines += ["", "columns"]
    lines += [write_clue(clue, ",") for clue in board.cols]
    if board.picture is not None:
        goal = "".join(str(v) for row in board.picture for v in row)
        lines += ["", f'goal "{goal}"']
    return "\n".join(lines) + "\n"


FORMAT = Format(
    name="non",
    recognises=recognises_non,
    read=parse_non,
    write=write_non,
    kinds=("nonogram",),
    hint=HINT,
    read_all=read_bundle,
    write_all=write_bundle,
    suffix=".non",
)
