"""Tatham's Solo (Sudoku; solo.c `decode_params`/`validate_desc`/`encode_grid`/
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
"""

from __future__ import annotations

from ...core import ParseError, UnsupportedPuzzle
from ...kinds.sudoku.board import Sudoku, default_box, out_of_range
from ...letter_runs import encode_cells
from .common import cells_of, grid_of, refuse

MAX_SOLO = 31  # solo.c: "Unable to support more than 31 distinct symbols in a puzzle"
MAX_ORDER = 255  # solo.c's ORDER_MAX for either of C and R


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
    cells = cells_of(grid_text, side * side, "Solo")
    too_big = out_of_range(cells, side)
    if too_big is not None:
        row, col, value = too_big
        raise ParseError(
            f"Tatham Solo ID: out-of-range number {value} at row {row}, column {col} "
            f"(a {side}x{side} Solo holds 1 to {side})"
        )
    grid = grid_of(cells, side)
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
    return Sudoku(grid=grid, regions=grid_of(blocks, side), source=source)



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
        raise refuse("a Solo ID holds a square grid of regions")
    parent = list(range(side * side))
    for a, b in _border_pairs(side):
        if units[a] == units[b]:
            parent[_find(parent, a)] = _find(parent, b)
    pieces = len(set(_label(parent)))
    sizes: dict[int, int] = {}
    for unit in units:
        sizes[unit] = sizes.get(unit, 0) + 1
    if len(sizes) != side or set(sizes.values()) != {side}:
        raise refuse(
            f"Tatham's Solo holds {side} regions of {side} cells on a {side}x{side} grid; this "
            f"board has {len(sizes)} regions"
        )
    if pieces != side:
        raise refuse(
            "Tatham's Solo draws jigsaw regions by their borders; a region of this board is "
            "in several pieces"
        )
    return units


def write_solo(board: Sudoku) -> str:
    side = board.size
    if not 2 <= side <= MAX_SOLO:
        raise refuse(f"Tatham's Solo holds grids of side 2 to {MAX_SOLO}; this one is {side}")
    if any(len(row) != side or not all(0 <= v <= side for v in row) for row in board.grid):
        raise refuse(f"a {side}x{side} Solo ID holds the digits 1 to {side}")
    cells = encode_cells([v for row in board.grid for v in row])
    if board.regions is None:
        rows, cols = board.box or default_box(side)
        if rows >= 2 and cols >= 2 and rows * cols == side:
            return f"{rows}x{cols}:{cells}\n"
    blocks = _write_blocks(_jigsaw_regions(board, side), side)
    return f"{side}j:{cells},{blocks}\n"

