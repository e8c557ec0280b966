"""Game IDs of Simon Tatham's Portable Puzzle Collection: Pattern, Rectangles and Solo.

A game ID is one line `params:description`, what the games' Game > Specific dialog shows and
takes (`--game-id` on their command lines). The collection's own reader (midend.c) splits it
at the first `:` or `#`; no game name ever comes in front, so none is read here either.
`params#seed` is a random seed: the puzzle it makes depends on the generator's version, so
it is refused with a hint to copy the descriptive ID instead.

Pattern (nonograms; pattern.c), `W[xH]:desc`:
  The description is W+H clue lines parted by `/`: first the columns left to right (runs top
  to bottom), then the rows top to bottom (runs left to right). Within a line `.` parts the
  run lengths; an empty line has no black cell. A lone `0` is read as an empty line too (an
  older pattern.c took it; the current one refuses it). A clue that cannot fit its line is
  refused as Tatham's own reader refuses it. The optional `,squares` suffix pre-fills cells
  (letters: lower-case skip then fix a white cell, upper-case a black one, `z` skips 25): it is
  checked and then IGNORED, and the board's note says how many cells it fixed. The clues
  alone are solved; an answer of the clues that breaks a pre-filled square cannot be told
  apart. Written: `WxH:` and empty clue lines left empty, as the generator writes them.
  Black-and-white only.

Rectangles (Shikaku; rect.c), `W[xH][eFLOAT][a]:desc`:
  Row-major cells: `a`-`z` are runs of 1-26 empty cells, a number (first digit 1-9) is a
  clue, `_` only parts two adjacent numbers. The `e`/`a` generator options are ignored.
  Written without them: runs over 26 as `z` and the rest, `_` between adjacent numbers only.

Solo (Sudoku; solo.c `decode_params`/`validate_desc`/`encode_grid`/
`encode_block_structure_desc`), `C[xR][suffix]:desc`:
  C and R (R defaults to C) make a grid of side C*R; boxes are C rows high and R columns wide
  (solo.c's `whichblock = (y/c)*c + x/r`), so `2x3` is 6x6 with boxes of 2 rows x 3 columns:
  our box `(rows, columns)` is `(C, R)`. The suffix letters are read as solo.c reads them:
  `j` makes a jigsaw (side C*R, or C when no R is given; R = 1 means jigsaw), `x` the X
  variant and `k` Killer (both refused: puzzlesat solves neither), `r2`/`r4`/`m2`/`m4`/`md2`/
  `md4`/`m8`/`a` the symmetry and `dt`/`db`/`di`/`da`/`de`/`du` the difficulty (ignored).
  The description is the givens in the Rectangles grammar, numbers 1..side in decimal. A
  jigsaw's goes on after `,` with its block structure: for each of the side*(side-1) inner
  vertical cell borders in reading order, then each of the side*(side-1) horizontal ones
  column by column, whether it parts two blocks, run-length coded: `_` is a border right
  away, `a`-`y` 1-25 non-borders and then a border, `z` 26 non-borders and no border; a last
  virtual border ends it. The blocks are the cells the non-borders join. (solo.c's writer,
  `encode_block_structure_desc`, counts `z` as 25, as its comment says, but its reader,
  `spec_to_dsf`, joins 26: its own IDs with a run of 26 or more non-borders fail its own
  validation. Runs that long need whole rows inside one block, which generated jigsaws do not
  have. The reader is what opens an ID, so `z` is 26 here both ways; checked against
  solo.c's `validate_desc`.) Written as solo.c writes it otherwise; a Sudoku whose boxes have
  a side of 1, or jigsaw regions, is written as a jigsaw (`Nj`), which needs each region in
  one piece. Sides 2 to 31, as solo.c allows.

Which game an ID is, since all three start `WxH:` (params never name the game):
  1. a `/` or `.` before any `,` in the description: Pattern (it always has W+H-1 slashes);
  2. otherwise a Solo-only params letter (`j`, `x`, `k`, `d`, `r`, `m`) or a `,` in the
     description: Solo; an `e` in the params: Rectangles;
  3. otherwise the number of cells the description covers: W*H is Rectangles, (W*H)**2 is
     Solo (W*H > 1, so never both): `3x3:` with 81 cells is Solo, with 9 Rectangles.
  The rule leaves nothing for an override to choose, so there is one format, `tatham`, with
  no game names for aliases (`--to solo` could not make a Shikaku a Sudoku): writing picks
  the game by the board's kind.
"""

from __future__ import annotations

import re

from ..core import Page, ParseError, UnsupportedPuzzle, as_grid, whole_number
from ..kinds import kind_of, kinds_written_as
from ..kinds.nonogram.board import Line, Nonogram
from ..kinds.shikaku.board import Shikaku
from ..kinds.sudoku.board import Sudoku, default_box, out_of_range
from ..letter_runs import encode_cells, read_cells
from .clue_text import black_and_white, fits
from .format import Format, with_hint

HINT = (
    "check the game ID: one line `params:description` as a Tatham game's Game > Specific "
    "dialog shows it, e.g. `5x5:2/1.1/...` (Pattern), `7x7:b2_2f3...` (Rectangles), "
    "`3x3:a7a6...` or `9j:...,...` (Solo)"
)

# params: a number, an optional `x` and number, then letters (the first not a digit, so
# that a failed match gives back digits one at a time without rescanning: linear time)
PARAMS = re.compile(r"([0-9]+)(?:x([0-9]+))?([a-z.][a-z0-9.]*)?")
DESC = re.compile(r"[0-9A-Za-z./_,]*")
SEPARATOR = re.compile(r"[:#]")
SPACE = re.compile(r"\s")
RUN_OR_NUMBER = re.compile(r"[a-z_]+|[1-9][0-9]*")
SOLO_LETTERS = frozenset("jkxdrm")
MAX_SOLO = 31  # solo.c: "Unable to support more than 31 distinct symbols in a puzzle"
MAX_ORDER = 255  # solo.c's ORDER_MAX for either of C and R


# --------------------------------------------------------------------------- recognition


ID_START = re.compile(r"\ufeff?\s*\d")


def _split(text: str) -> tuple[str, str, str] | None:
    """(params, ':' or '#', the rest) of a whole text that is one game ID, else None."""
    if not ID_START.match(text):  # a page or another file, told at its first characters
        return None
    text = text.removeprefix("\ufeff").strip()
    if not text or SPACE.search(text):
        return None
    cut = SEPARATOR.search(text)
    if cut is None:
        return None
    params, sep, rest = text[: cut.start()], cut.group(), text[cut.end() :]
    if PARAMS.fullmatch(params) is None:
        return None
    if sep == ":" and DESC.fullmatch(rest) is None:
        return None
    return params, sep, rest


def looks_like_game_id(text: str) -> bool:
    """Whether `text` (a file's whole text, or a command-line argument) is one Tatham game
    ID: params such as `5x5`, `7x7e2a` or `9j`, then `:` and a description of letters,
    digits, `.`, `/`, `_` and `,` (or `#` and a random seed, which `read` refuses by name).
    One line, no spaces; linear time. A command line should look for a file of that name
    first: `5x5:2/1.1/...` holds slashes."""
    return _split(text) is not None


recognises = looks_like_game_id


# --------------------------------------------------------------------------- reading


def _params(params: str) -> tuple[int, int | None, str]:
    """(first number, second number or None, the letters after them)."""
    match = PARAMS.fullmatch(params)
    if match is None:
        raise ParseError(
            f"Tatham game ID: the parameters {params[:30]!r} are not `WxH` (or `CxR`, `Nj`)"
        )
    first, second, suffix = match.groups()
    if second is None and (suffix or "").startswith("x"):
        raise ParseError(f"Tatham game ID: the parameters {params[:30]!r} have no number after 'x'")
    return (
        whole_number(first, "Tatham game ID: a size"),
        None if second is None else whole_number(second, "Tatham game ID: a size"),
        suffix or "",
    )


def _invalid(text: str, pos: int, what: str) -> ParseError:
    return ParseError(
        f"Tatham {what} ID: invalid character {text[pos]!r} at position {pos + 1} of the "
        "game description (letters a-z, numbers, '_')"
    )


def _cell_count(text: str, what: str) -> int:
    """How many cells a letters-and-numbers description covers (no values kept)."""
    cells = pos = 0
    for match in RUN_OR_NUMBER.finditer(text):
        if match.start() != pos:
            raise _invalid(text, pos, what)
        token = match.group()
        if token[0].isdigit():
            cells += 1
        else:
            cells += sum(ord(ch) - 96 for ch in token if ch != "_")
        pos = match.end()
    if pos != len(text):
        raise _invalid(text, pos, what)
    return cells


def _number(text: str, pos: int, digits: str, what: str) -> int:
    """A number of a description; Tatham's grammar has none that starts with 0."""
    if digits.startswith("0"):
        raise _invalid(text, pos, what)
    return whole_number(digits, f"Tatham {what} ID: a number")


def _cells(text: str, area: int, what: str) -> list[int]:
    """Row-major cells of a letters-and-numbers description (0 = empty), exactly `area`."""
    cells, pos = read_cells(
        text,
        area,
        lambda at: _invalid(text, at, what),
        lambda digits, at, index: _number(text, at, digits, what),
    )
    if len(cells) < area:
        raise ParseError(
            f"Tatham {what} ID: not enough data to fill grid (the description covers "
            f"{len(cells)} of its {area} cells)"
        )
    if len(cells) > area or pos < len(text):
        raise ParseError(f"Tatham {what} ID: too much data to fit in grid (it has {area} cells)")
    return cells


def _grid(cells: list[int], width: int) -> tuple[tuple[int, ...], ...]:
    return as_grid(cells[i : i + width] for i in range(0, len(cells), width))


# ----------------------------------------------------------------- Pattern


def _line_name(index: int, width: int) -> str:
    return f"column {index + 1}" if index < width else f"row {index - width + 1}"


def _pattern_clue(text: str, index: int, width: int, height: int) -> Line:
    """One clue line: run lengths parted by '.'; empty or a lone 0 for no black cell."""
    name = _line_name(index, width)
    if text in ("", "0"):
        return ()
    clue = []
    for number in text.split("."):
        if not number.isascii() or not number.isdigit():
            bad = next((ch for ch in number if ch not in "0123456789"), None)
            what = f"unrecognised character {bad!r}" if bad else "an empty number (a '.' too many)"
            raise ParseError(f"Tatham Pattern ID: {what} in the clue of {name}")
        value = whole_number(number, f"Tatham Pattern ID: a clue of {name}")
        if value == 0:
            raise ParseError(f"Tatham Pattern ID: all clues must be positive; {name} holds a 0")
        clue.append(value)
    line = tuple(clue)
    length = height if index < width else width
    if not fits(line, length):
        side = "column" if index < width else "row"
        raise ParseError(
            f"Tatham Pattern ID: at least one {side} contains more numbers than will fit: "
            f"{name}'s clue {text[:40]} needs {sum(line) + len(line) - 1} cells of {length}"
        )
    return line


def _fixed_squares(text: str, area: int) -> int:
    """How many cells the `,squares` suffix fixes (checked as pattern.c checks it)."""
    pos = fixed = 0
    for ch in text:
        if pos >= area:
            raise ParseError("Tatham Pattern ID: too much data in clue-squares section")
        if not ("a" <= ch <= "z" or "A" <= ch <= "Z"):
            raise ParseError(
                f"Tatham Pattern ID: unrecognised character {ch!r} in clue-squares section"
            )
        skip = ord(ch.lower()) - ord("a")
        pos += skip
        if skip < 25 and pos < area:
            fixed += 1
            pos += 1
        if pos > area:
            raise ParseError("Tatham Pattern ID: too much data in clue-squares section")
    if pos < area:
        raise ParseError("Tatham Pattern ID: too little data in clue-squares section")
    return fixed


def read_pattern(width: int, height: int, desc: str, source: str = "") -> Nonogram:
    """A Pattern description (after `WxH:`) as a nonogram; see the module's docstring."""
    main, comma, squares = desc.partition(",")
    count = main.count("/") + 1
    lines = width + height
    if count != lines:
        many = "many" if count > lines else "few"
        raise ParseError(
            f"Tatham Pattern ID: too {many} row/column specifications ({count} clue lines; a "
            f"{width}x{height} puzzle has {width} columns and {height} rows)"
        )
    clues = [_pattern_clue(text, i, width, height) for i, text in enumerate(main.split("/"))]
    note = None
    if comma:
        fixed = _fixed_squares(squares, width * height)
        if fixed:
            note = f"the ID's {fixed} pre-filled square{'s' * (fixed > 1)} ignored"
    return Nonogram(rows=tuple(clues[width:]), cols=tuple(clues[:width]), source=source, note=note)


# ----------------------------------------------------------------- Rectangles


def read_rectangles(width: int, height: int, desc: str, source: str = "") -> Shikaku:
    """A Rectangles description (after `WxH:`) as a Shikaku grid."""
    cells = _cells(desc, width * height, "Rectangles")
    return Shikaku(grid=_grid(cells, width), source=source)


# ----------------------------------------------------------------- Solo


def _solo_suffix(suffix: str) -> tuple[bool, bool, bool]:
    """(jigsaw, X, Killer) from the letters after `C[xR]`, read as solo.c reads them:
    symmetry (`r2`, `md4`, `a`, ...) and difficulty (`dt` ... `du`) are passed over, and
    any other character is skipped."""
    jigsaw = xtype = killer = False
    pos = 0
    while pos < len(suffix):
        ch = suffix[pos]
        pos += 1
        if ch == "j":
            jigsaw = True
        elif ch == "x":
            xtype = True
        elif ch == "k":
            killer = True
        elif ch in "rma":
            if ch == "m" and suffix[pos : pos + 1] == "d":
                pos += 1
            while pos < len(suffix) and suffix[pos].isdigit():
                pos += 1
        elif ch == "d" and suffix[pos : pos + 1] in tuple("tbieu"):
            pos += 1
    return jigsaw, xtype, killer


def _border_pairs(side: int) -> list[tuple[int, int]]:
    """The inner cell borders in solo.c's order: vertical ones in reading order, then the
    horizontal ones column by column; each as the (first, second) cell it parts."""
    vertical = [(y * side + x, y * side + x + 1) for y in range(side) for x in range(side - 1)]
    horizontal = [(y * side + x, (y + 1) * side + x) for x in range(side) for y in range(side - 1)]
    return vertical + horizontal


def _find(parent: list[int], cell: int) -> int:
    while parent[cell] != cell:
        parent[cell] = parent[parent[cell]]
        cell = parent[cell]
    return cell


def _label(parent: list[int]) -> list[int]:
    """1-based labels of union-find classes, numbered in reading order of first cell."""
    labels: dict[int, int] = {}
    return [labels.setdefault(_find(parent, c), len(labels) + 1) for c in range(len(parent))]


def _read_blocks(text: str, side: int) -> list[int]:
    """The jigsaw block (1-based, numbered in reading order) of every cell."""
    pairs = _border_pairs(side)
    total = len(pairs)
    parent = list(range(side * side))
    pos = 0
    for i, ch in enumerate(text):
        if ch == "_":
            joined = 0
        elif "a" <= ch <= "z":
            joined = ord(ch) - 96
        else:
            raise ParseError(
                f"Tatham Solo ID: invalid character {ch!r} at position {i + 1} of the jigsaw "
                "block structure (letters a-z, '_')"
            )
        for _ in range(joined):  # borders that part no blocks: their cells share a block
            if pos >= total:
                raise ParseError("Tatham Solo ID: too much data in block structure specification")
            a, b = pairs[pos]
            parent[_find(parent, a)] = _find(parent, b)
            pos += 1
        if joined != 26:  # `z` is 26 joins and no border; the rest end on a border
            pos += 1
    if pos != total + 1:  # the description ends on a virtual border past the last one
        amount = "not enough" if pos <= total else "too much"
        raise ParseError(f"Tatham Solo ID: {amount} data in block structure specification")
    blocks = _label(parent)
    sizes = [0] * (max(blocks) + 1)
    for block in blocks:
        sizes[block] += 1
    if len(sizes) - 1 != side or any(size != side for size in sizes[1:]):
        shown = ", ".join(map(str, sizes[1:13])) + (", ..." if len(sizes) > 13 else "")
        raise ParseError(
            f"Tatham Solo ID: the jigsaw block structure makes {len(sizes) - 1} blocks of "
            f"{shown} cells; a {side}x{side} Solo needs {side} blocks of {side}"
        )
    return blocks


def read_solo(c: int, r: int | None, suffix: str, desc: str, source: str = "") -> Sudoku:
    """A Solo ID (its params `C[xR]suffix` taken apart, and its description) as a Sudoku."""
    jigsaw, xtype, killer = _solo_suffix(suffix)
    if killer:
        raise UnsupportedPuzzle(
            "this Tatham Solo ID is a Killer Sudoku (params with `k`), whose cage sums "
            "puzzlesat does not read",
            hint="pick a Solo puzzle without Killer in its Type menu",
        )
    if xtype:
        raise UnsupportedPuzzle(
            "this Tatham Solo ID is an X Sudoku (params with `x` after the size: each main "
            "diagonal holds every digit), which puzzlesat does not solve",
            hint="pick a Solo puzzle without X in its Type menu",
        )
    rows = c
    if jigsaw:
        c, r = c * (r if r is not None else 1), 1
    elif r is None:
        r = c
    if c < 2:
        raise ParseError("Tatham Solo ID: both dimensions must be at least 2")
    if c > MAX_ORDER or r > MAX_ORDER or c * r > MAX_SOLO:
        raise ParseError(
            f"Tatham Solo ID: the parameters make a {c * r}x{c * r} grid; Tatham's Solo "
            f"supports at most {MAX_SOLO} distinct symbols in a puzzle"
        )
    side = c * r
    grid_text, comma, rest = desc.partition(",")
    cells = _cells(grid_text, side * side, "Solo")
    too_big = out_of_range(cells, side)
    if too_big is not None:
        row, col, value = too_big
        raise ParseError(
            f"Tatham Solo ID: out-of-range number {value} at row {row}, column {col} "
            f"(a {side}x{side} Solo holds 1 to {side})"
        )
    grid = _grid(cells, side)
    if r != 1:
        if comma:
            raise ParseError("Tatham Solo ID: unexpected data at end of game description")
        return Sudoku(grid=grid, box=(rows, r), source=source)
    if not comma:
        raise ParseError(
            "Tatham Solo ID: expected jigsaw block structure in game description (after ',')"
        )
    blocks_text, more, _ = rest.partition(",")
    if more:
        raise ParseError("Tatham Solo ID: unexpected data at end of game description")
    blocks = _read_blocks(blocks_text, side)
    return Sudoku(grid=grid, regions=_grid(blocks, side), source=source)


# ----------------------------------------------------------------- which game


def game_of(params: str, desc: str) -> str:
    """Which game an ID is, "pattern", "rectangles" or "solo", by the module's rule."""
    first, second, suffix = _params(params)
    grid_text = desc.partition(",")[0]
    if "/" in grid_text or "." in grid_text:
        return "pattern"
    if SOLO_LETTERS.intersection(suffix) or "," in desc:
        return "solo"
    if "e" in suffix:
        return "rectangles"
    area = first * (first if second is None else second)
    cells = _cell_count(desc, "Rectangles or Solo")
    if cells == area:
        return "rectangles"
    if cells == area * area and area > 1:
        return "solo"
    size = f"{first}x{first if second is None else second}"
    grids = f"a {size} Rectangles grid has {area} cells, a {size} Solo grid {area * area}"
    if cells < area:
        why = "not enough data to fill grid"
    elif cells > area * area or cells - area < area * area - cells:
        why = "too much data to fit in grid"
    else:
        why = "not enough data to fill grid"
    raise ParseError(f"Tatham game ID: {why}: the description covers {cells} cells; {grids}")


@with_hint(HINT)
def read_game_id(text: str, source: str = ""):
    """The board of a game ID: a Nonogram, Shikaku or Sudoku, by the rule of the module's
    docstring."""
    text = text.removeprefix("\ufeff").strip()
    if not text:
        raise ParseError("Tatham game ID: the input is empty")
    if SPACE.search(text):
        raise ParseError(
            "Tatham game ID: a game ID is one line without spaces (`params:description`)"
        )
    cut = SEPARATOR.search(text)
    if cut is None:
        raise ParseError("Tatham game ID: no ':' between the parameters and the description")
    params, desc = text[: cut.start()], text[cut.end() :]
    first, second, suffix = _params(params)
    if cut.group() == "#":
        raise ParseError(
            f"Tatham game ID: `{params[:30]}#...` is a random seed, whose puzzle depends on the "
            "version of the game that made it",
            hint="copy the descriptive ID instead: Game > Specific in the game shows it",
        )
    game = game_of(params, desc)
    if game == "solo":
        return read_solo(first, second, suffix, desc, source)
    height = first if second is None else second
    if first <= 0 or height <= 0:
        raise ParseError("Tatham game ID: width and height must both be greater than zero")
    if game == "pattern":
        return read_pattern(first, height, desc, source)
    return read_rectangles(first, height, desc, source)


def read(page: Page):
    return read_game_id(page.text, page.source)


# --------------------------------------------------------------------------- writing


def _refuse(message: str) -> UnsupportedPuzzle:
    return UnsupportedPuzzle(
        message, hint="write it as board JSON (`puzzlesat parse`), which keeps its shape"
    )


def write_pattern(board: Nonogram) -> str:
    black_and_white(board, "Tatham Pattern")
    if board.width * board.height < 2:
        raise _refuse("Tatham's Pattern needs a grid of at least two squares")
    desc = "/".join(".".join(map(str, clue)) for clue in (*board.cols, *board.rows))
    return f"{board.width}x{board.height}:{desc}\n"


def write_rectangles(board: Shikaku) -> str:
    if board.width * board.height < 2:
        raise _refuse("Tatham's Rectangles needs a grid of at least two squares")
    if any(len(row) != board.width for row in board.grid):
        raise _refuse("a Rectangles ID holds a grid of rows of one length")
    if any(v < 0 for row in board.grid for v in row):
        raise _refuse("a Rectangles ID holds areas of 1 or more (0 for an empty cell)")
    cells = [v for row in board.grid for v in row]
    return f"{board.width}x{board.height}:{encode_cells(cells)}\n"


def _write_blocks(regions: list[int], side: int) -> str:
    """The block structure of a jigsaw: see the module's docstring."""
    out: list[str] = []
    run = 0
    for pair in (*_border_pairs(side), None):  # None: the virtual border at the end
        if pair is not None and regions[pair[0]] == regions[pair[1]]:
            run += 1
            continue
        while run >= 26:  # `z`: 26 non-borders and no border, as solo.c reads it
            out.append("z")
            run -= 26
        out.append(chr(96 + run) if run else "_")
        run = 0
    return "".join(out)


def _jigsaw_regions(board: Sudoku, side: int) -> list[int]:
    """The board's units (its regions, or its boxes) as cells, when Tatham can hold them:
    `side` regions of `side` cells, each in one piece."""
    units = [v for row in board.region_of() for v in row]
    if len(units) != side * side:
        raise _refuse("a Solo ID holds a square grid of regions")
    parent = list(range(side * side))
    for a, b in _border_pairs(side):
        if units[a] == units[b]:
            parent[_find(parent, a)] = _find(parent, b)
    pieces = len(set(_label(parent)))
    sizes: dict[int, int] = {}
    for unit in units:
        sizes[unit] = sizes.get(unit, 0) + 1
    if len(sizes) != side or set(sizes.values()) != {side}:
        raise _refuse(
            f"Tatham's Solo holds {side} regions of {side} cells on a {side}x{side} grid; this "
            f"board has {len(sizes)} regions"
        )
    if pieces != side:
        raise _refuse(
            "Tatham's Solo draws jigsaw regions by their borders; a region of this board is "
            "in several pieces"
        )
    return units


def write_solo(board: Sudoku) -> str:
    side = board.size
    if not 2 <= side <= MAX_SOLO:
        raise _refuse(f"Tatham's Solo holds grids of side 2 to {MAX_SOLO}; this one is {side}")
    if any(len(row) != side or not all(0 <= v <= side for v in row) for row in board.grid):
        raise _refuse(f"a {side}x{side} Solo ID holds the digits 1 to {side}")
    cells = encode_cells([v for row in board.grid for v in row])
    if board.regions is None:
        rows, cols = board.box or default_box(side)
        if rows >= 2 and cols >= 2 and rows * cols == side:
            return f"{rows}x{cols}:{cells}\n"
    blocks = _write_blocks(_jigsaw_regions(board, side), side)
    return f"{side}j:{cells},{blocks}\n"


WRITERS = {"pattern": write_pattern, "rectangles": write_rectangles, "solo": write_solo}


def write(board) -> str:
    """The board's game ID and a newline: Pattern, Rectangles or Solo by its kind."""
    writer = WRITERS.get(kind_of(board).written_as.get("tatham", ""))
    if writer is None:
        raise _refuse(f"Tatham game IDs hold nonograms, Shikaku and Sudoku, not a {board.kind}")
    return writer(board)


FORMAT = Format(
    name="tatham",
    recognises=recognises,
    read=read,
    write=write,
    kinds=kinds_written_as("tatham"),
    hint=HINT,
    suffix=".tatham",
    inline=True,  # `puzzlesat solve 5x5:2/1.1/...`
)
