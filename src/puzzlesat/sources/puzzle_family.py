"""The puzzle-*.com family (puzzle-shikaku.com, puzzle-nonograms.com, puzzle-sudoku.com, ...).

Every site of the family runs one engine, so one module reads them all, driven by GENRES:
a row per game with its host, its jQuery plugin name and (once supported) a decoder from
the page's `task` string to a Board. Adding a game means writing its decoder, filling in
its row and registering `site_for(genre)`; pages of a game without a decoder are refused
by name ("this is a Masyu page"). Read today: Shikaku, Nonograms (puzzle-nonograms.com),
Sudoku (9x9, 12x12 with 3x4 boxes, 16x16) and Jigsaw Sudoku.

Two inputs are read:

* the page source, whose inline script holds `var task = '...'` and
  `puzzleWidth: W, puzzleHeight: H`;
* a devtools copy of the board: Shikaku's and Sudoku's `div.cell`s are placed by their
  inline `top`/`left` style (we read positions, never the document order; a Sudoku cell's
  given is its `div.number`, jigsaw regions are its border classes `bt`/`bb`/`bl`/`br`);
  puzzle-nonograms.com's clue areas `#taskTop` / `#taskLeft` > `.task-group` > `.task-cell`.

A page of the family without a puzzle (the specific-puzzle form, a 404 page, on any
language sub-domain) is claimed by the family's marks (`recognises_page`) and refused in
the site's words.

URLs: `/?size=N` (or no query) is a fresh random puzzle each time;
`?e=<base64 of "size:id">` is a share link; a specific puzzle is a POST of
`specific=1, specid, size` to the home page, which users can write as the site's own form
URL `/?specific=1&size=0&specid=9366068` or as the shorthand `shikaku:9366068@0`
(`nonograms:ID@SIZE`, `sudoku:ID@SIZE`, `jigsaw-sudoku:ID@SIZE` alike).
"""

from __future__ import annotations

import base64
import binascii
import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode, urlsplit

from ..core import (
    MAX_DIGITS,
    Page,
    ParseError,
    Request,
    UnsupportedPuzzle,
    UnsupportedSource,
    as_grid,
    host_of,
    whole_number,
)
from ..kinds import Board
from ..kinds.nonogram.board import Nonogram
from ..kinds.shikaku.board import Shikaku
from ..kinds.sudoku.board import Sudoku, default_box
from .markup import soup_of, text_around
from .page_marks import html_lang, marked_urls
from .site import Site

MAX_SIDE = 200  # the largest specials are 50x40; anything far beyond is a misread


# --------------------------------------------------------------------------- what a page says


@dataclass(frozen=True)
class Task:
    """What the page source says about its puzzle, before any game-specific decoding."""

    genre: Genre
    task: str
    width: int
    height: int
    source: str
    puzzle_id: str | None = None  # digits, no thousands separators
    size: int | None = None  # the site's size code, from `ident: 'shikaku.<size>'`
    title: str | None = None
    note: str | None = None


# --------------------------------------------------------------------------- task grammar

TASK_TOKEN = re.compile(r"([a-z])|([0-9]+)|(_)")


def decode_cells(task: str, width: int, height: int, what: str = "task") -> list[int]:
    """Row-major cells of a letters-and-numbers task (Shikaku's; Sudoku's alike).

    A letter skips 1..26 empty cells (a..z), a maximal digit run is one number in one cell,
    `_` only separates two numbers. Empty cells are 0.
    """
    if width <= 0 or height <= 0:
        raise ParseError(f"the page gives the board as {width}x{height}, which holds no cells")
    cells: list[int] = []
    pos = 0
    while pos < len(task) and len(cells) <= width * height:  # stop early on an overlong task
        match = TASK_TOKEN.match(task, pos)
        if match is None:
            raise ParseError(
                f"the {what} holds {task[pos]!r} at position {pos + 1}, which is not part of "
                "its grammar (letters a-z, numbers, '_')",
                hint="the site's encoding may have changed; copy the board from the devtools",
            )
        letter, number, _ = match.groups()
        if letter:
            cells.extend([0] * (ord(letter) - ord("a") + 1))
        elif number:
            value = whole_number(number, f"a number in the {what}")
            if value == 0:
                row, col = divmod(len(cells), width)
                raise ParseError(f"the {what} puts the number 0 at row {row + 1}, column {col + 1}")
            cells.append(value)
        pos = match.end()
    if len(cells) != width * height:
        raise ParseError(
            f"the {what} describes {'more than ' if pos < len(task) else ''}{len(cells)} cells "
            f"but the board is {width}x{height}",
            hint="the page may be cut off; save the whole page source again",
        )
    return cells


def decode_shikaku(task: Task) -> Shikaku:
    cells = decode_cells(task.task, task.width, task.height, "Shikaku task")
    grid = [cells[r * task.width : (r + 1) * task.width] for r in range(task.height)]
    return Shikaku(
        grid=as_grid(grid),
        source=task.source,
        title=task.title,
        puzzle_id=task.puzzle_id,
        note=task.note,
    )


NUMBER = re.compile(r"[0-9]+")


def _clue_line(numbers: list[str], what: str) -> tuple[int, ...]:
    """One nonogram line from its numbers as text; a lone `0` (or nothing) is an empty line."""
    if not numbers or numbers == ["0"]:
        return ()
    line = []
    for text in numbers:
        if NUMBER.fullmatch(text) is None:
            shown = repr(text[:10]) if text else "an empty number (a '.' too many)"
            raise ParseError(f"{what} of the clues holds {shown}, not a number")
        value = whole_number(text, f"a clue of {what}")
        if value == 0:
            raise ParseError(f"{what} of the clues has a 0 beside other numbers: {numbers[:8]}")
        line.append(value)
    return tuple(line)


def _line_name(index: int, width: int) -> str:
    return f"column {index + 1}" if index < width else f"row {index - width + 1}"


def decode_nonograms(task: Task) -> Nonogram:
    """puzzle-nonograms.com's task: `/` between lines, `.` between the numbers of a line;
    the first `puzzleWidth` lines are the columns (top to bottom), then the rows."""
    width, height = task.width, task.height
    groups = task.task.count("/") + 1
    if groups != width + height:
        raise ParseError(
            f"the Nonograms task has {groups} clue lines but the board is {width}x{height}, "
            f"which has {width} columns and {height} rows",
            hint="the page may be cut off; save the whole page source again",
        )
    lines = [
        _clue_line(group.split(".") if group else [], _line_name(i, width))
        for i, group in enumerate(task.task.split("/"))
    ]
    return Nonogram(
        rows=tuple(lines[width:]),
        cols=tuple(lines[:width]),
        source=task.source,
        title=task.title,
        note=task.note,
    )


SUDOKU_SIDES = (9, 12, 16)  # the classic sizes, whose boxes `default_box` knows (12: 3x4)
SANDWICH_SIZE = 8  # puzzle-sudoku.com's daily Sandwich Sudoku (sites.md 3a, [I])


def _decode_regions(text: str, side: int, what: str) -> list[list[int]]:
    """The 1-based region of every cell, comma-separated in reading order (jigsaw tasks)."""
    count = text.count(",") + 1
    if count != side * side:
        raise ParseError(
            f"the {what} gives regions for {count} cells but the board is {side}x{side}",
            hint="the page may be cut off; save the whole page source again",
        )
    ids = []
    for i, item in enumerate(text.split(",")):
        item = item.strip()
        value = whole_number(item, "a region id") if NUMBER.fullmatch(item) else 0
        if not 1 <= value <= side:
            row, col = divmod(i, side)
            raise ParseError(
                f"the {what} gives the cell at row {row + 1}, column {col + 1} the region "
                f"{item[:10]!r}; a {side}x{side} board has regions 1 to {side}"
            )
        ids.append(value)
    sizes = [0] * (side + 1)
    for value in ids:
        sizes[value] += 1
    uneven = next((r for r in range(1, side + 1) if sizes[r] != side), None)
    if uneven is not None:
        raise ParseError(
            f"the {what}'s region {uneven} has {sizes[uneven]} cells; each of a {side}x{side} "
            f"board's regions has {side}"
        )
    return [ids[r * side : (r + 1) * side] for r in range(side)]


def _refuse_sudoku(task: Task, why: str) -> UnsupportedPuzzle:
    """`why` follows "this Sudoku page (puzzle-sudoku.com)"; "it" is puzzlesat."""
    return UnsupportedPuzzle(
        f"this {task.genre.label} page ({task.genre.host}) {why}",
        hint="puzzlesat reads the classic 9x9, 12x12 (3x4 boxes) and 16x16 Sudoku and the "
        "jigsaw ones of puzzle-jigsaw-sudoku.com",
    )


def decode_sudoku(task: Task) -> Sudoku:
    """Sudoku's task is Shikaku's grammar (digits 1..side); a jigsaw task adds `;` and the
    region of every cell. The page's puzzleWidth/Height give the size; the box of a classic
    one is its size's (3x3, 3 rows x 4 columns, 4x4), never guessed from the size code."""
    label = task.genre.label
    cells_text, has_regions, regions_text = task.task.partition(";")
    width, height = task.width, task.height
    period = SPECIAL_SIZES.get(task.genre.name, {}).get(str(task.size))
    if task.genre.name == "sudoku" and (
        task.size == SANDWICH_SIZE or "sandwich" in (task.title or "").lower()
    ):
        raise _refuse_sudoku(task, "is the daily Sandwich Sudoku, whose sums it does not read")
    if width != height:
        raise _refuse_sudoku(task, f"is {width}x{height}; a Sudoku is square")
    if not has_regions and task.genre.name == "jigsaw-sudoku":
        raise ParseError(
            f"the {label} task has no regions (the ids after ';')",
            hint="the site's encoding may have changed; save the whole page source again",
        )
    if not has_regions and width not in SUDOKU_SIDES:
        size = f" (size {task.size}, the {period} puzzle)" if period else ""
        raise _refuse_sudoku(task, f"is {width}x{height}{size}, whose boxes puzzlesat cannot know")
    try:
        cells = decode_cells(cells_text, width, height, f"{label} task")
    except ParseError as error:
        if period is None:
            raise
        raise _refuse_sudoku(
            task, f"holds the {period} puzzle (size {task.size}), a kind of task puzzlesat "
            f"cannot read: {error}"
        ) from None
    too_big = next((i for i, value in enumerate(cells) if value > width), None)
    if too_big is not None:
        row, col = divmod(too_big, width)
        raise ParseError(
            f"the {label} task puts {cells[too_big]} at row {row + 1}, column {col + 1}; "
            f"a {width}x{width} Sudoku holds 1 to {width}"
        )
    grid = as_grid(cells[r * width : (r + 1) * width] for r in range(height))
    fields = {"source": task.source, "title": task.title, "note": task.note}
    if has_regions:
        regions = _decode_regions(regions_text, width, f"{label} task")
        return Sudoku(grid=grid, regions=as_grid(regions), **fields)
    return Sudoku(grid=grid, box=default_box(width), **fields)


# --------------------------------------------------------------------------- board copy


STYLE_PX = {
    side: re.compile(rf"(?:^|;)\s*{side}\s*:\s*(-?\d+(?:\.\d+)?)px", re.I)
    for side in ("top", "left")
}
POSITION_SLACK = 2  # px: positions this close are the same row or column (sub-pixel rounding)


def _lines_of(values: list[int]) -> dict[int, int]:
    """Map each pixel offset to its row (or column) index, merging offsets within the slack."""
    index, start, out = -1, None, {}
    for value in sorted(set(values)):
        if start is None or value - start > POSITION_SLACK:
            index, start = index + 1, value
        out[value] = index
    return out


def _name_cells(cells: list[tuple[int, int]], limit: int = 4) -> str:
    named = ", ".join(f"row {r + 1} column {c + 1}" for r, c in cells[:limit])
    return named + (f" and {len(cells) - limit} more" if len(cells) > limit else "")


def _px(match: re.Match[str], style: str) -> int:
    if len(match.group(1)) > MAX_DIGITS:  # float() of it is inf, and round(inf) fails
        raise ParseError(f"a div.cell's position is not a pixel offset ({style[:40]!r})")
    return round(float(match.group(1)))


BOARD_HINT = "copy the outerHTML of the board (div.board-back) from the developer tools"


def _cell_grid(cells: list, what: str = "div.cell") -> list[list]:
    """The cells of a board copy as rows of tags, placed by their style's top/left."""
    if not cells:
        raise ParseError(f"the board copy holds no {what} elements")
    if any(cell.find("div", class_="cell") for cell in cells):  # its text would be read twice
        raise ParseError("a div.cell of the board copy holds another div.cell", hint=BOARD_HINT)
    placed = []
    for cell in cells:
        style = cell.get("style", "")
        found = {side: pattern.search(style) for side, pattern in STYLE_PX.items()}
        if not all(found.values()):
            raise ParseError(
                f"a {what} has no top/left position in its style ({style[:40]!r})",
                hint=BOARD_HINT,
            )
        top, left = (_px(found[side], style) for side in ("top", "left"))
        placed.append((top, left, cell))
    row_of = _lines_of([top for top, _, _ in placed])
    col_of = _lines_of([left for _, left, _ in placed])
    height, width = len(set(row_of.values())), len(set(col_of.values()))
    if height > MAX_SIDE or width > MAX_SIDE:  # the grid below would be height x width
        raise ParseError(
            f"the board copy places its cells in {height} rows and {width} columns; "
            f"a board has at most {MAX_SIDE}",
            hint="copy one board only, the outerHTML of div.board-back",
        )
    grid: list[list] = [[None] * width for _ in range(height)]
    for top, left, cell in placed:
        r, c = row_of[top], col_of[left]
        if grid[r][c] is not None:
            raise ParseError(
                f"two cells of the board copy sit at row {r + 1}, column {c + 1} "
                f"(top {top}px, left {left}px)",
                hint="copy one board only, the outerHTML of div.board-back",
            )
        grid[r][c] = cell
    if len(placed) != height * width:
        missing = [(r, c) for r in range(height) for c in range(width) if grid[r][c] is None]
        raise ParseError(
            f"the board copy has {len(placed)} cells, not {height} x {width} = {height * width}: "
            f"copy the whole board (missing: {_name_cells(missing)})",
            hint="copy the outerHTML of div.board-back, not a selection of it",
        )
    return grid


def read_board_copy(page: Page) -> Shikaku:
    """A Shikaku board from the devtools copy of `div.board-back`: cells placed by position."""
    cells = _cell_grid(soup_of(page.text).find_all("div", class_="cell"))
    grid = []
    for row in cells:
        values = []
        for cell in row:
            text = cell.get_text().strip()
            if text and not re.fullmatch(r"[0-9]+", text):
                raise ParseError(f"a board cell holds {text[:10]!r}, not a number")
            values.append(whole_number(text, "a board cell") if text else 0)
        grid.append(values)
    return Shikaku(grid=as_grid(grid), source=page.source)


# Which side of a cell each border class of a jigsaw board draws: (row step, column step).
BORDERS = {"bt": (-1, 0), "bb": (1, 0), "bl": (0, -1), "br": (0, 1)}
FACING = {"bt": "bb", "bb": "bt", "bl": "br", "br": "bl"}


def _regions_of_borders(classes: list[list[set[str]]]) -> list[list[int]] | None:
    """The regions a jigsaw board copy draws with its cells' border classes (bt/bb/bl/br),
    numbered 1.. in reading order of their first cell; None when it draws none."""
    side = len(classes)
    if not any(cls & BORDERS.keys() for row in classes for cls in row):
        return None
    region = [[0] * side for _ in range(side)]
    sizes = []
    for r0 in range(side):
        for c0 in range(side):
            if region[r0][c0]:
                continue
            sizes.append(0)
            region[r0][c0] = len(sizes)
            todo = [(r0, c0)]
            while todo:
                r, c = todo.pop()
                sizes[-1] += 1
                for border, (dr, dc) in BORDERS.items():
                    r2, c2 = r + dr, c + dc
                    if not (0 <= r2 < side and 0 <= c2 < side) or region[r2][c2]:
                        continue
                    if border in classes[r][c] or FACING[border] in classes[r2][c2]:
                        continue
                    region[r2][c2] = len(sizes)
                    todo.append((r2, c2))
    if len(sizes) != side or any(size != side for size in sizes):
        raise ParseError(
            f"the region borders of the board copy (classes bt, bb, bl, br) cut it into "
            f"{len(sizes)} regions of {sorted(set(sizes))[:6]} cells, not {side} of {side}",
            hint="pipe in the page source (Ctrl-U) instead: its task lists the regions",
        )
    return region


def _sudoku_digit(cell, side: int, r: int, c: int) -> int:
    """The given of a Sudoku cell: its div.number's text, 1-9 then A, B, ... for 10, 11, ..."""
    number = cell.find("div", class_="number")
    text = number.get_text().strip() if number else ""
    if not text:
        return 0
    if text.isascii() and text.isdigit():
        value = whole_number(text, "a board cell")
    elif len(text) == 1 and text.isascii() and text.isalpha():
        value = int(text, 36)  # A = 10, ..., G = 16: how 12x12 and 16x16 boards show them
    else:
        raise ParseError(f"the board cell at row {r + 1}, column {c + 1} holds {text[:10]!r}")
    if not 1 <= value <= side:
        raise ParseError(
            f"the board cell at row {r + 1}, column {c + 1} holds {text!r}; a {side}x{side} "
            f"Sudoku holds 1 to {side}"
        )
    return value


def read_sudoku_copy(page: Page, jigsaw: bool = False) -> Sudoku:
    """A Sudoku from the devtools copy of its board: `div.cell.selectable`s placed by
    position, each given in a `div.number`; jigsaw regions from the cells' border classes
    (a copy whose borders draw the usual boxes is a classic Sudoku)."""
    soup = soup_of(page.text)
    cells = soup.find_all("div", class_="cell")
    selectable = [cell for cell in cells if "selectable" in (cell.get("class") or [])]
    grid_cells = _cell_grid(selectable or cells)
    height, width = len(grid_cells), len(grid_cells[0])
    if height != width:
        raise ParseError(
            f"the board copy places its cells in {height} rows and {width} columns; "
            "a Sudoku is square",
            hint="copy the outerHTML of the whole board (div.board-back)",
        )
    if soup.find("div", class_="number") is None:
        raise ParseError(
            "the board copy holds no div.number: no givens, so not a Sudoku board",
            hint="copy the outerHTML of the whole board (div.board-back)",
        )
    side = width
    grid = as_grid(
        [_sudoku_digit(cell, side, r, c) for c, cell in enumerate(row)]
        for r, row in enumerate(grid_cells)
    )
    classes = [[set(cell.get("class") or ()) for cell in row] for row in grid_cells]
    regions = _regions_of_borders(classes)
    if regions is None and jigsaw:
        raise ParseError(
            "the board copy draws no regions (the border classes bt, bb, bl, br of its cells)",
            hint="pipe in the page source (Ctrl-U) instead: its task lists the regions",
        )
    box = default_box(side) if side in SUDOKU_SIDES else None
    if regions is None and box is None:
        raise UnsupportedPuzzle(
            f"the board copy is a {side}x{side} Sudoku with no regions drawn, whose boxes "
            "puzzlesat cannot know",
            hint="pipe in the page source (Ctrl-U) instead",
        )
    if box is not None and not jigsaw:
        classic = Sudoku(grid=grid, box=box, source=page.source)
        if regions is None or as_grid(regions) == classic.region_of():
            return classic
    return Sudoku(grid=grid, regions=as_grid(regions), source=page.source)


def read_jigsaw_copy(page: Page) -> Sudoku:
    return read_sudoku_copy(page, jigsaw=True)


TASK_TOP = re.compile(r"\bid\s*=\s*[\"']taskTop[\"']")
TASK_LEFT = re.compile(r"\bid\s*=\s*[\"']taskLeft[\"']")
# a Sudoku board copy: its givens are div.number (linear: the runs end at quotes)
NUMBER_CLASS = re.compile(r"\bclass\s*=\s*[\"'][^\"']*\bnumber\b", re.I)


def _has_clue_copy(text: str) -> bool:
    """A devtools copy of puzzle-nonograms.com's clue areas (#taskTop, #taskLeft)."""
    return (
        "task-group" in text
        and TASK_TOP.search(text) is not None
        and TASK_LEFT.search(text) is not None
    )


def _clue_groups(area, what: str) -> list[tuple[int, ...]]:
    groups = area.find_all("div", class_="task-group")
    if not groups:
        raise ParseError(f"the {what} clues (#{area.get('id')}) hold no div.task-group")
    if any(group.find("div", class_="task-group") for group in groups):  # read twice
        raise ParseError(f"a div.task-group of the {what} clues holds another one")
    lines = []
    for i, group in enumerate(groups, 1):
        cells = group.find_all("div", class_="task-cell")
        if any(cell.find("div", class_="task-cell") for cell in cells):
            raise ParseError(f"a div.task-cell of the {what} clues holds another one")
        numbers = [text for cell in cells if (text := cell.get_text().strip())]
        lines.append(_clue_line(numbers, f"{what} {i}"))
    return lines


def read_nonogram_copy(page: Page) -> Nonogram:
    """A Nonogram from the devtools copy of puzzle-nonograms.com's clue areas: #taskTop holds
    a div.task-group per column, #taskLeft one per row, each numbered div.task-cells."""
    soup = soup_of(page.text)
    lines = {}
    for area_id, what in (("taskTop", "column"), ("taskLeft", "row")):
        area = soup.find(id=area_id)
        if area is None:
            raise ParseError(
                f"the board copy has no #{area_id} (the {what} clues)",
                hint="copy the outerHTML of the whole puzzle (div#game) from the developer tools",
            )
        lines[what] = _clue_groups(area, what)
    return Nonogram(rows=tuple(lines["row"]), cols=tuple(lines["column"]), source=page.source)


# --------------------------------------------------------------------------- genres


@dataclass(frozen=True)
class Genre:
    """One game of the family. `decode` is None until the game is supported."""

    name: str  # our name, also the shorthand prefix: "shikaku" (`shikaku:9366068@0`)
    label: str  # for messages: "Shikaku"
    host: str  # "puzzle-shikaku.com"
    plugins: tuple[str, ...]  # jQuery plugin / ident names: $('#game').shikaku(, 'shikaku.0'
    decode: Callable[[Task], Board] | None = None
    read_board: Callable[[Page], Board] | None = None  # the devtools board copy
    shorthands: tuple[str, ...] = ()  # more prefixes for `prefix:ID@SIZE` besides `name`
    examples: tuple[tuple[int, int], ...] = ()  # (puzzle ID, size code) of real puzzles

    @property
    def supported(self) -> bool:
        return self.decode is not None

    @property
    def prefixes(self) -> tuple[str, ...]:
        return (self.name, *self.shorthands)

    def specific_url(self, puzzle_id: int | str, size: int | str = 0) -> str:
        """The site's own URL for one puzzle by ID (what `requests` turns into the POST)."""
        query = urlencode({"specific": 1, "size": size, "specid": str(puzzle_id).replace(",", "")})
        return f"https://www.{self.host}/?{query}"


def _row(name: str, label: str, *plugins: str, host: str | None = None, **more) -> Genre:
    plugins = plugins or (name.replace("-", ""),)
    return Genre(name, label, host or f"puzzle-{name}.com", plugins, **more)


# Plugin names other than shikaku's are [I] (the game name without hyphens); the host
# identifies a page reliably when its URL is known.
GENRES: tuple[Genre, ...] = (
    _row("shikaku", "Shikaku", decode=decode_shikaku, read_board=read_board_copy,
         shorthands=("puzzle-shikaku",), examples=((9366068, 0),)),
    _row("nonograms", "Nonograms (puzzle-nonograms.com)", "nonograms", "nonogram",
         decode=decode_nonograms, read_board=read_nonogram_copy,
         shorthands=("puzzle-nonograms",)),
    # 1,238,537 is a real 9x9 of size 0 and 7,147,018 the 12x12 of a real share link
    _row("sudoku", "Sudoku", decode=decode_sudoku, read_board=read_sudoku_copy,
         shorthands=("puzzle-sudoku",), examples=((1238537, 0), (7147018, 6))),
    _row("masyu", "Masyu"),
    _row("galaxies", "Galaxies"),
    _row("norinori", "Norinori"),
    _row("star-battle", "Star Battle", "starbattle", "star_battle"),
    _row("loop", "Loop (Slitherlink)"),
    _row("bridges", "Bridges (Hashi)", "bridges", "hashi"),
    _row("pipes", "Pipes"),
    _row("binairo", "Binairo"),
    _row("futoshiki", "Futoshiki"),
    _row("minesweeper", "Minesweeper"),
    _row("kakurasu", "Kakurasu"),
    _row("lits", "LITS"),
    _row("hitori", "Hitori"),
    # 3,704,568 is a real 7x7 advanced; its size code 5 is [I] (josh's iterator 105 - 100)
    _row("jigsaw-sudoku", "Jigsaw Sudoku", "jigsawsudoku", "jigsaw_sudoku", "jigsaw",
         decode=decode_sudoku, read_board=read_jigsaw_copy,
         shorthands=("puzzle-jigsaw-sudoku",), examples=((3704568, 5),)),
    _row("killer-sudoku", "Killer Sudoku", "killersudoku", "killer_sudoku", "killer"),
    _row("dominosa", "Dominosa"),
    _row("shakashaka", "Shakashaka"),
    _row("shingoki", "Shingoki"),
    _row("tapa", "Tapa"),
    _row("kurodoko", "Kurodoko"),
    _row("nurikabe", "Nurikabe"),
    _row("heyawake", "Heyawake"),
    _row("aquarium", "Aquarium"),
    _row("tents", "Tents"),
    _row("thermometers", "Thermometers"),
    _row("battleships", "Battleships"),
    _row("light-up", "Light Up (Akari)", "lightup", "light_up", "akari"),
    _row("kakuro", "Kakuro"),
    _row("stitches", "Stitches"),
)

SHIKAKU_GENRE = GENRES[0]
BY_NAME = {genre.name: genre for genre in GENRES}
BY_HOST = {genre.host: genre for genre in GENRES}
BY_PLUGIN = {plugin.lower(): genre for genre in GENRES for plugin in genre.plugins}
BY_PREFIX = {prefix: genre for genre in GENRES for prefix in genre.prefixes}
FAMILY_HOST = re.compile(r"^(?:[a-z0-9-]+\.)*(puzzle-[a-z0-9-]+\.com)$", re.I)


def supported_names() -> str:
    return ", ".join(genre.name for genre in GENRES if genre.supported)


def _refuse(genre: Genre) -> UnsupportedPuzzle:
    return UnsupportedPuzzle(
        f"this is a {genre.label} page ({genre.host}); supported: {supported_names()}",
        hint="open one of those instead, e.g. "
        + ", ".join(f"https://www.{g.host}/?size=0" for g in GENRES if g.supported),
    )


def genre_of_url(url: str | None) -> Genre | None:
    """The game a puzzle-*.com URL serves, by its host (any language sub-domain)."""
    if not url or "://" not in url:
        return None
    match = FAMILY_HOST.match(urlsplit(url).hostname or "")
    return BY_HOST.get(match.group(1).lower()) if match else None


# --------------------------------------------------------------------------- page source

TASK = re.compile(r"var\s+task\s*=\s*'([^']*)'")
WIDTH = re.compile(r"puzzleWidth\s*:\s*(\d+)")
HEIGHT = re.compile(r"puzzleHeight\s*:\s*(\d+)")
IDENT = re.compile(r"\bident\s*:\s*['\"]([A-Za-z][\w-]*)(?:\.(\d+))?['\"]")
PLUGIN_CALL = re.compile(r"\$\(\s*['\"]#game['\"]\s*\)\s*\.\s*([A-Za-z]\w*)\s*\(\s*\{")
PL_SIZE = re.compile(r"Game\.plSize\s*=\s*(\d+)")
# What a single regex with `[^>]*`, `.*?` or `\s*(...)*?\s*` between the parts would find is
# found by anchoring on a literal part, then reading each tag (up to its `>`) once: such a
# regex rescans the same tail from every start it tries, quadratic or worse in the page.
PUZZLE_ID_ATTR = re.compile(r"id\s*=\s*[\"']puzzleID[\"']")
PUZZLE_ID_TEXT = re.compile(r"[\d,.\s\u00a0\u202f]*")  # then `<`: the element holds only this
DATE_SELECT = re.compile(r"<select\s+name=[\"']date[\"']", re.I)
DATE_OPTION = re.compile(r"<option", re.I)
OPTION_VALUE = re.compile(r"value=[\"'](\d{4}-\d\d-\d\d)[\"']", re.I)
SELECTED = re.compile(r"\bselected", re.I)
DIV_TAG = re.compile(r"<div\b", re.I)
CELL_CLASS = re.compile(r"\bclass\s*=\s*[\"'][^\"']*\bcell\b", re.I)  # linear: runs end at quotes
STYLE_OPEN = re.compile(r"\bstyle\s*=\s*[\"']", re.I)
TOP_PROPERTY = re.compile(r"\btop\s*:", re.I)
QUOTED_RUN = re.compile(r"[^\"']*")
ENGINE_MARK = re.compile(
    rf"{PLUGIN_CALL.pattern}|{IDENT.pattern}|puzzleWidth\s*:|id\s*=\s*[\"']puzzleID[\"']"
    r"|name\s*=\s*[\"']specid[\"']"
)


def _has_cell_div(text: str) -> bool:
    """Whether a `<div` tag has the class `cell` and `top:` in its style: a board copy.

    An attribute starts before the tag's first `>`; its quoted value may run past it. Driven
    by the `class="...cell"` values, each tag and each value is read once.
    """
    settled = 0  # no `<div` before this can match any more
    while (cell := CELL_CLASS.search(text, settled)) is not None:
        at = cell.start()
        gt = text.rfind(">", settled, at)
        div = DIV_TAG.search(text, gt + 1 if gt >= 0 else settled, at + 1)
        if div is None:
            settled = at + 1
            continue
        end = text.find(">", at)
        end = len(text) if end < 0 else end
        for style in STYLE_OPEN.finditer(text, div.end(), end):
            if TOP_PROPERTY.search(text, style.end(), QUOTED_RUN.match(text, style.end()).end()):
                return True
        settled = end  # a later `<div` before this `>` sees less of the same tag
    return False


def recognises(text: str) -> bool:
    """A puzzle-*.com page source (var task + engine marks) or a devtools board copy."""
    if TASK.search(text) and ENGINE_MARK.search(text):
        return True
    return _has_clue_copy(text) or _has_cell_div(text)


def genre_of_content(text: str) -> Genre | None:
    """The game a text `recognises` claims is of, by its content alone: a page source by its
    script (else its marks), a board copy by its markup (clue areas: Nonograms; givens in
    div.number: Sudoku, jigsaw or not; numbers in the cells: Shikaku)."""
    if TASK.search(text) and ENGINE_MARK.search(text):
        try:
            return genre_of_page(text) or genre_of_marks(text)
        except UnsupportedPuzzle:  # a game puzzlesat does not know: the catch-all says so
            return None
    if _has_clue_copy(text):
        return BY_NAME["nonograms"]
    if _has_cell_div(text):
        return BY_NAME["sudoku"] if NUMBER_CLASS.search(text) else SHIKAKU_GENRE
    return None


# Links by the engine's own paths, on every page of every game: the size menu and the
# specific-puzzle form (`/?size=3`, `/specific.php`).
FAMILY_LINKS = tuple(f"href={q}{path}" for q in "\"'" for path in ("/?size=", "/specific.php"))
GAMES_MENU = 3  # links to this many games of the family: the menu every page carries


def _genre_of_host(host: str) -> Genre | None:
    match = FAMILY_HOST.match(host)
    return BY_HOST.get(match.group(1).lower()) if match else None


def _family_marks(text: str) -> tuple[bool, str | None]:
    """(whether `text` is a page of the family, puzzle or not; the host it is on, if known).

    The page's own address (canonical, og:url, a browser's `saved from`) decides alone. Else
    two of the family's marks must agree: its games menu (links to several puzzle-*.com
    games), its language versions (`<link rel="alternate" hreflang>` on a game's host), and
    its own relative links (`/?size=N`, `/specific.php`). The host is then the language
    version the page's `lang` names, else the `www.` host of the versions' game.
    """
    family = [url for url in marked_urls(text) if url.tag and _genre_of_host(url.host)]
    own = next((url.host for url in family if url.own), None)
    if own:
        return True, own
    games = {_genre_of_host(url.host) for url in family}
    versions = [url for url in family if "alternate" in url.tag]
    marks = (len(games) >= GAMES_MENU, bool(versions), any(link in text for link in FAMILY_LINKS))
    if sum(marks) < 2:
        return False, None
    lang = html_lang(text)[:2]
    mine = [url.host for url in versions if lang and f"hreflang=\"{lang}" in url.tag]
    if mine:
        return True, mine[0]
    genre = _genre_of_host(versions[0].host) if versions else None
    return True, f"www.{genre.host}" if genre else None


def recognises_page(text: str) -> bool:
    """Any page of the family's own, its error and form pages too (see _family_marks)."""
    return _family_marks(text)[0]


def _recognisers(genre: Genre) -> tuple[Callable[[str], bool], Callable[[str], bool]]:
    """(recognises, recognises_page) of `genre`'s Site. Shikaku's claims every page of the
    family that no game with a Site of its own claims (the others are refused by name);
    the others claim their own game's pages alone."""
    if genre is SHIKAKU_GENRE:

        def claims_page(text: str) -> bool:
            family, host = _family_marks(text)
            marked = _genre_of_host(host) if host else None
            return family and (marked is None or marked is genre or not marked.supported)

        return recognises, claims_page

    def claims(text: str) -> bool:
        return recognises(text) and genre_of_content(text) is genre

    def claims_own_page(text: str) -> bool:
        family, host = _family_marks(text)
        return family and host is not None and _genre_of_host(host) is genre

    return claims, claims_own_page


def page_host(text: str) -> str | None:
    """The puzzle-*.com host whose page `text` is by its marks (`fr.puzzle-shikaku.com`)."""
    return _family_marks(text)[1]


def genre_of_marks(text: str) -> Genre | None:
    """The game whose page the marks say `text` is (its canonical, its language versions)."""
    host = page_host(text)
    return _genre_of_host(host) if host else None


def genre_of_page(text: str) -> Genre | None:
    """The game a page's script names (`$('#game').shikaku(`, `ident: 'shikaku.0'`)."""
    for pattern in (PLUGIN_CALL, IDENT):
        match = pattern.search(text)
        if match:
            plugin = match.group(1).lower()
            genre = BY_PLUGIN.get(plugin) or BY_NAME.get(plugin)
            if genre is None:
                raise UnsupportedPuzzle(
                    f"this puzzle-*.com page runs a game puzzlesat does not know ({plugin!r}); "
                    f"supported: {supported_names()}"
                )
            return genre
    return None


def _has_class(name: str) -> Callable[[dict], bool]:
    return lambda attrs: name in (attrs.get("class") or "").split()


def _title(text: str) -> str | None:
    """The puzzle's name from its info line, up to its ID."""
    text = text_around(
        text, "puzzleInfo", _has_class("puzzleInfo"), lambda attrs: attrs.get("id") == "puzzleID"
    )
    if not text:
        return None
    text = re.sub(r"\s*\b(?:puzzle\s+)?ID\b.*$", "", text, flags=re.I).strip(" :-|")
    return text[:80] or None


def _puzzle_id(text: str) -> str | None:
    """The digits of the first `id="puzzleID"` element that holds only a number."""
    pos = 0
    while (attr := PUZZLE_ID_ATTR.search(text, pos)) is not None:
        close = text.find(">", attr.end())
        if close < 0:
            return None
        number = PUZZLE_ID_TEXT.match(text, close + 1)
        if text.startswith("<", number.end()):
            digits = re.sub(r"\D", "", number.group()).lstrip("0")
            return digits if 0 < len(digits) <= MAX_DIGITS else None
        pos = number.end()  # a later match before here ends at the same `>`, and fails alike
    return None


def _size(text: str) -> int | None:
    ident = IDENT.search(text)
    if ident and ident.group(2):
        return whole_number(ident.group(2), "the size in `ident`")
    pl_size = PL_SIZE.search(text)
    return whole_number(pl_size.group(1), "Game.plSize") if pl_size else None


def _dimension(pattern: re.Pattern[str], text: str, what: str) -> int:
    match = pattern.search(text)
    if match is None:
        raise ParseError(f"could not find {what} in the page's script")
    value = whole_number(match.group(1), what)
    if not 0 < value <= MAX_SIDE:
        raise ParseError(f"the page says {what} is {value}")
    return value


def read_task(page: Page, genre: Genre) -> Task:
    """The task, dimensions, ID, size and title from a page source."""
    text = page.text
    task = TASK.search(text)
    if task is None:
        raise _no_puzzle(page, genre, soup_of(text))
    width = _dimension(WIDTH, text, "puzzleWidth")
    height = _dimension(HEIGHT, text, "puzzleHeight")
    puzzle_id, size = _puzzle_id(text), _size(text)
    date = _date(text) if puzzle_id is None and is_random_url(page.source) else None
    return Task(
        genre=genre,
        task=task.group(1).strip(),
        width=width,
        height=height,
        source=page.source,
        puzzle_id=puzzle_id,
        size=size,
        title=_title(text),
        note=random_note(genre, page.source, puzzle_id, size, date),
    )


def _last(pattern: re.Pattern[str], text: str, start: int, end: int) -> re.Match[str] | None:
    found = deque(pattern.finditer(text, start, end), maxlen=1)
    return found[0] if found else None


def _date(text: str) -> str | None:
    """The date of the first `<option value="YYYY-MM-DD" ... selected>` after the date select."""
    select = DATE_SELECT.search(text)
    pos = text.find(">", select.end()) if select else -1
    while pos >= 0 and (option := DATE_OPTION.search(text, pos)) is not None:
        end = text.find(">", option.end())
        end = len(text) if end < 0 else end
        selected = _last(SELECTED, text, option.end(), end)
        value = selected and _last(OPTION_VALUE, text, option.end(), selected.start())
        if value:
            return value.group(1)
        if end == len(text):
            return None
        pos = end  # an `<option` before this `>` sees less of the same tag
    return None


def random_note(
    genre: Genre, source: str, puzzle_id: str | None, size: int | None, date: str | None = None
) -> str | None:
    """For a page from a URL that gives a new puzzle each time: how to get this one again."""
    if not is_random_url(source):
        return None
    if puzzle_id is None:
        dated = f" (this is the one of {date})" if date else ""
        return f"this URL shows another puzzle later{dated}; the page gives no ID to fetch it by"
    if size is None:
        size = _query_size(source)
    return (
        f"a fresh random puzzle; ID {int(puzzle_id):,} — fetch it again with "
        f"`puzzlesat solve {genre.name}:{puzzle_id}@{size}`"
    )


def _host_for(page: Page, genre: Genre) -> str:
    """The host a page of `genre` came from (its URL's, else its marks'), else its www. host."""
    for url in (page.url, page.source):
        if url and genre_of_url(url) is genre:
            return host_of(url) or f"www.{genre.host}"
    marked = page_host(page.text)
    return marked if marked and _genre_of_host(marked) is genre else f"www.{genre.host}"


def _not_found_heading(soup) -> str | None:
    """`Error 404` (`Erreur 404`, ...) as the page heads itself: its h1, else its title."""
    for tag in (soup.find("h1"), soup.find("title")):
        words = " ".join(tag.get_text(" ", strip=True).split()) if tag else ""
        if "404" in words:
            return words[:60]
    return None


def _size_example(form) -> str:
    """`; size 0 is 5x5 Easy`: the first size of the form's menu, to show what SIZE is."""
    option = form.find("option", value=True) if form else None
    value = option["value"].strip() if option else ""
    if not (value.isascii() and value.isdigit() and len(value) <= 3):
        return ""
    label = " ".join(option.get_text(" ", strip=True).split())[:30]
    return f"; size {value} is {label}" if label else f"; e.g. size {value}"


def _no_puzzle(page: Page, genre: Genre, soup) -> ParseError:
    """What a page of the family that holds no puzzle is, in the site's own words; a text
    that is no page of the family is told so."""
    host = _host_for(page, genre)
    by_id = f"{genre.name}:ID@SIZE"
    specid = soup.find("input", attrs={"name": "specid"})
    if specid is not None:
        return ParseError(
            f"this is the {host} form for choosing a specific puzzle: it holds no puzzle itself",
            hint=f"solve the puzzle by the ID and size the form asks for: puzzlesat solve {by_id}"
            + _size_example(specid.find_parent("form")),
        )
    open_one = f"open a puzzle page such as https://{host}/?size=0, or name one by ID: {by_id}"
    heading = _not_found_heading(soup)
    if heading:
        return ParseError(f"the page says {heading}: no such page on {host}", hint=open_one)
    text = page.text
    if not (ENGINE_MARK.search(text) or recognises_page(text) or genre_of_url(page.url)):
        return ParseError(
            f"this does not look like a {genre.host} puzzle page or board copy",
            hint="pipe in the page source (Ctrl-U) or the outerHTML of div.board-back",
        )
    title = soup.find("title")
    title = " ".join(title.get_text(" ", strip=True).split())[:60] if title else ""
    named = f' ("{title}")' if title else ""
    script = "" if ENGINE_MARK.search(text) is None else " (no `var task` in its script)"
    return ParseError(f"this {host} page{named} holds no puzzle{script}", hint=open_one)


def parse_for(genre: Genre) -> Callable[[Page], Board]:
    """The parse function of `genre`'s Site: it reads any page of the family, by its game."""

    def parse(page: Page) -> Board:
        text = page.text
        if TASK.search(text) or (
            ENGINE_MARK.search(text) and not _has_clue_copy(text) and not _has_cell_div(text)
        ):
            found = _same_script(genre_of_page(text), _genre_of_source(page)) or genre
            if found.decode is None:
                raise _refuse(found)
            return found.decode(read_task(page, found))
        if _has_clue_copy(text):
            return BY_NAME["nonograms"].read_board(page)
        soup = None if _has_cell_div(text) else soup_of(text)
        if soup is None or soup.find("div", class_="cell"):
            found = genre_of_url(page.source) or genre_of_url(page.url) or genre
            if found is SHIKAKU_GENRE and NUMBER_CLASS.search(text):
                found = BY_NAME["sudoku"]  # givens in div.number: a Sudoku's (or jigsaw's) copy
            if found.read_board is None:
                raise _refuse(found)
            return found.read_board(page)
        found = _genre_of_source(page) or genre
        if found.decode is None:
            raise _refuse(found)
        raise _no_puzzle(page, found, soup)

    return parse


# Games whose pages may run another game's script: a jigsaw page's `$('#game').sudoku(`
# is still a jigsaw page (its URL or marks say so), and its task carries its regions.
SAME_SCRIPT = {("sudoku", "jigsaw-sudoku")}


def _same_script(script: Genre | None, source: Genre | None) -> Genre | None:
    """The game of a page source: its script's, unless its URL or marks name a game that
    runs the same script; with no script named, its URL's or marks'."""
    if script is None:
        return source
    if source is not None and (script.name, source.name) in SAME_SCRIPT:
        return source
    return script


def _genre_of_source(page: Page) -> Genre | None:
    """The game a page is of by where it came from: its URL, else its own marks."""
    return genre_of_url(page.url) or genre_of_url(page.source) or genre_of_marks(page.text)


# --------------------------------------------------------------------------- URLs


def _query(url: str) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(urlsplit(url).query, keep_blank_values=True).items()}


def _query_size(url: str) -> int:
    size = _query(url).get("size", "0").strip()
    return int(size) if size.isascii() and size.isdigit() and len(size) <= MAX_DIGITS else 0


def decode_share_link(url: str) -> tuple[int, int] | None:
    """(size, puzzle id) of a `?e=<base64 of "size:id,with,commas">` share link, else None."""
    value = _query(url).get("e") if "?" in url or "://" in url else url
    if not value:
        return None
    value = value.strip().replace("-", "+").replace("_", "/").replace(" ", "+")
    try:
        raw = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode("ascii")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    match = re.fullmatch(r"\s*(\d+)\s*:\s*(\d[\d,]*)\s*", raw)
    if match is None or max(len(match.group(1)), len(match.group(2))) > MAX_DIGITS:
        return None
    return int(match.group(1)), int(match.group(2).replace(",", ""))


def is_random_url(url: str | None) -> bool:
    """A family URL that gives a new puzzle each time: `/?size=N`, no query, a path page."""
    if genre_of_url(url) is None:
        return False
    query = _query(url)
    return not ({"e", "pl", "specid", "specific"} & query.keys())


def home_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme or 'https'}://{parts.netloc}/"


# The size codes of each game's daily / weekly / monthly puzzle (sites.md §3a, [I]: one
# fetcher's reading, and codes drift). A puzzle asked for by ID or share link under one of
# these codes is cached only until its period ends: the site may answer with the current
# special whatever the ID (a special's page can show ID 0). Without an ID such a URL is
# treated like any `?size=N`, random and never cached.
SPECIAL_SIZES: dict[str, dict[str, str]] = {
    "shikaku": {"7": "daily", "6": "weekly", "8": "monthly"},
    "nonograms": {"6": "daily", "5": "weekly", "7": "monthly"},
    "sudoku": {"8": "daily", "9": "daily", "10": "weekly", "11": "monthly"},
}


def special_period(url: str, size: int | str) -> str | None:
    """The period ("daily", "weekly", "monthly") of `url`'s game's special with size code
    `size`, or None for an ordinary size or a game whose specials are not on record."""
    genre = genre_of_url(url)
    code = str(size).strip().lstrip("0") or "0"
    return SPECIAL_SIZES.get(genre.name, {}).get(code) if genre else None


def puzzle_requests(url: str) -> tuple[Request, ...]:
    """What to fetch for a family URL: random (not cached), share link, or one puzzle by ID;
    the last two expire with their period when their size code is a dated special's."""
    query = _query(url)
    if "specid" in query or query.get("specific") == "1":
        specid = re.sub(r"[,.\s]", "", query.get("specid", ""))
        size = query.get("size", "0").strip() or "0"
        if not specid.isdigit() or not size.isdigit():
            raise UnsupportedSource(
                f"a specific puzzle needs a numeric specid and size, not {specid!r} and {size!r}",
                hint=f"e.g. {home_of(url)}?specific=1&size=0&specid=12345",
            )
        home = home_of(url)
        data = (("specific", "1"), ("specid", specid), ("size", size))
        period = special_period(url, size)
        return (Request(home, method="POST", data=data, cacheable=True, expires=period),)
    if "e" in query or "pl" in query:
        share = decode_share_link(url) if "e" in query else None
        period = special_period(url, share[0]) if share else None
        return (Request(url, cacheable=True, expires=period),)
    return (Request(url, cacheable=False),)


SHORTHAND = re.compile(r"^\s*([a-z][a-z-]*)\s*:\s*(?!//)(\S*?)\s*$", re.I)
SHORTHAND_BODY = re.compile(r"^(\d[\d,]*)(?:@(\d+))?$")


def expand_shorthand(source: str) -> str | None:
    """`shikaku:9366068` or `shikaku:9,366,068@0` -> the specific-puzzle URL; else None.

    SIZE (after @) is the site's size code and defaults to 0. A prefix naming a game we
    cannot read yet raises UnsupportedPuzzle; a known prefix with a malformed ID raises
    UnsupportedSource.
    """
    match = SHORTHAND.match(source)
    if match is None:
        return None
    genre = BY_PREFIX.get(match.group(1).lower())
    if genre is None:
        return None
    body = SHORTHAND_BODY.match(match.group(2))
    if body is None:
        raise UnsupportedSource(
            f"{source.strip()!r} is not a puzzle reference",
            hint=f"write {genre.name}:ID or {genre.name}:ID@SIZE, e.g. {genre.name}:12345@0",
        )
    if not genre.supported:
        raise _refuse(genre)
    return genre.specific_url(body.group(1).replace(",", ""), body.group(2) or 0)


# --------------------------------------------------------------------------- sites


def site_for(genre: Genre) -> Site:
    """The Site of one game: matches its host on any sub-domain (www., fr., de., ja., ...)."""
    claims, claims_page = _recognisers(genre)
    return Site(
        name=genre.host,
        recognises=claims,
        read=parse_for(genre),
        domains=(genre.host,),
        examples=(
            f"https://www.{genre.host}/?size=0",
            *(genre.specific_url(puzzle_id, size) for puzzle_id, size in genre.examples),
        ),
        requests=puzzle_requests,
        recognises_page=claims_page,
    )


SHIKAKU: Site = site_for(SHIKAKU_GENRE)
NONOGRAMS: Site = site_for(BY_NAME["nonograms"])
SUDOKU: Site = site_for(BY_NAME["sudoku"])
JIGSAW_SUDOKU: Site = site_for(BY_NAME["jigsaw-sudoku"])
# The Sites of the games with their own: recognition asks them before Shikaku's catch-all.
SISTER_SITES: tuple[Site, ...] = (NONOGRAMS, SUDOKU, JIGSAW_SUDOKU)
