"""A Sugar CSP program of a board, for Naoyuki Tamura's SAT-based constraint solver Sugar.

Write only: the program is for other tools (`sugar board.csp`); its answer lines (`a x_0_0
1`) name the variables below. Rows and columns count from 0, as in Tamura's examples.

- Nonogram, after Tamura's "solving nonograms with Sugar": a cell `x_R_C` in 0..1 (0..K for
  K colours: 0 background, k colour k), block starts `h_R_K` (rows) and `v_C_K` (columns)
  with the domains the clue leaves them, consecutive blocks in order with a gap between two
  of one colour (`(< (+ h_1_0 2) h_1_1)`), and a predicate per line (and colour) saying
  whether a block covers cell j, tied to the cell by `iff`.
- Shikaku: `s_K` chooses among the candidate rectangles of clue K (of its area, covering it
  and no other clue; listed in comments), and `o_R_C` names the clue whose rectangle covers
  the cell: `(iff (= o_R_C K) (or (= s_K t) ...))`, so every cell is covered exactly once.
- Sudoku: `x_R_C` in 1..N, givens fixed, `alldifferent` per row, column, box or jigsaw region.

A clue that cannot fit writes `false` (with a comment saying why): the program stays a
faithful, unsatisfiable model of the puzzle as given.
"""

from __future__ import annotations

from ..core import UnsupportedPuzzle, one_line
from ..kinds import Board, kind_of, kinds_written_as
from ..kinds.nonogram.board import Nonogram, gaps_between
from ..kinds.shikaku.board import Shikaku
from ..kinds.shikaku.encode import candidates
from ..kinds.sudoku.board import Sudoku
from .format import Format

HINT = (
    "a Sugar program is written for Sugar (`sugar board.csp`), not read back: give "
    "puzzlesat the puzzle itself (its page, board JSON or puzzle file)"
)


def _header(board: Board) -> str:
    name = one_line(board.title or board.source or "") or "untitled"  # a comment: one line
    return f"; puzzlesat: {board.kind} {board.width}x{board.height}, {name}"


def _any(terms: list[str]) -> str:
    """(or ...) of the terms; a single term alone."""
    return terms[0] if len(terms) == 1 else f"(or {' '.join(terms)})"


# --------------------------------------------------------------------------- nonogram


def _line(
    out: list[str],
    cells: list[str],
    lengths: tuple[int, ...],
    colours: tuple[int, ...],
    start: str,
    predicate: str,
    param: str,
    ncolours: int,
) -> None:
    """Block starts, their order, and the cells of one row or column tied to them."""
    size = len(cells)
    gaps = gaps_between(colours)
    need = sum(lengths) + sum(gaps)
    before = 0
    starts = []
    for k, length in enumerate(lengths):
        low, high = before, size - (need - before)
        name = f"{start}_{k}"
        if low > high:
            out.append(f"; block {k} ({length}) cannot fit: the clue needs {need} of {size} cells")
            out.append("false")
            high = low
        out.append(f"(int {name} {low} {high})")
        starts.append(name)
        before += length + (gaps[k] if k < len(gaps) else 0)
    for k in range(len(lengths) - 1):
        order = "<" if gaps[k] else "<="  # one cell between blocks of one colour
        out.append(f"({order} (+ {starts[k]} {lengths[k]}) {starts[k + 1]})")
    present = sorted(set(colours))
    for colour in present:
        covers = [
            f"(and (<= {name} {param}) (< {param} (+ {name} {length})))"
            for name, length, c in zip(starts, lengths, colours)
            if c == colour
        ]
        name = predicate if ncolours == 1 else f"{predicate}_{colour}"
        out.append(f"(predicate ({name} {param}) {_any(covers)})")
    absent = [c for c in range(1, ncolours + 1) if c not in present]
    for j, cell in enumerate(cells):
        for colour in present:
            name = predicate if ncolours == 1 else f"{predicate}_{colour}"
            out.append(f"(iff (= {cell} {colour}) ({name} {j}))")
        if len(absent) == ncolours:
            out.append(f"(= {cell} 0)")
        else:
            out.extend(f"(!= {cell} {colour})" for colour in absent)


def _nonogram(board: Nonogram) -> list[str]:
    ncolours = len(board.colors) if board.is_colour else 1
    width, height = board.width, board.height
    colours = ", ".join(f"{k} #{rgb}" for k, rgb in enumerate(board.colors, 1))
    out = [
        "; x_R_C: the cell at row R, column C: 0 blank, "
        + (f"else its colour ({colours})" if board.is_colour else "1 filled"),
        "; h_R_K: the column where block K of row R starts; v_C_K: the row where block K of "
        "column C starts",
    ]
    cell = [[f"x_{r}_{c}" for c in range(width)] for r in range(height)]
    out += [f"(int {name} 0 {ncolours})" for row in cell for name in row]
    for r, lengths in enumerate(board.rows):
        colours_ = board.row_colours[r] if board.is_colour else (1,) * len(lengths)
        out.append(f"; row {r}: {_clue(lengths, colours_, board.is_colour)}")
        _line(out, cell[r], lengths, colours_, f"h_{r}", f"r_{r}", "j", ncolours)
    for c, lengths in enumerate(board.cols):
        colours_ = board.col_colours[c] if board.is_colour else (1,) * len(lengths)
        out.append(f"; column {c}: {_clue(lengths, colours_, board.is_colour)}")
        column = [cell[r][c] for r in range(height)]
        _line(out, column, lengths, colours_, f"v_{c}", f"c_{c}", "i", ncolours)
    return out


def _clue(lengths, colours, coloured: bool) -> str:
    if not lengths:
        return "empty"
    if not coloured:
        return " ".join(map(str, lengths))
    return " ".join(f"{n}/{k}" for n, k in zip(lengths, colours))


# --------------------------------------------------------------------------- shikaku


def _shikaku(board: Shikaku) -> list[str]:
    out = [
        "; s_K: the rectangle clue K takes, of its candidates listed below it (rows and "
        "columns from 0)",
        "; o_R_C: the clue whose rectangle covers the cell at row R, column C",
    ]
    owners: list[list[dict[int, list[int]]]] = [
        [{} for _ in range(board.width)] for _ in range(board.height)
    ]
    for k, ((r, c, area), rects) in enumerate(zip(board.clues(), candidates(board))):
        out.append(f"; clue {k}: {area} at row {r}, column {c}")
        if not rects:
            out.append(f"; clue {k} fits no rectangle")
            out.append("false")
            continue
        for t, rect in enumerate(rects):
            out.append(
                f";   s_{k} = {t}: rows {rect.top}-{rect.top + rect.height - 1}, "
                f"columns {rect.left}-{rect.left + rect.width - 1}"
            )
            for rr, cc in rect.cells():
                owners[rr][cc].setdefault(k, []).append(t)
        out.append(f"(int s_{k} 0 {len(rects) - 1})")
    for r, row in enumerate(owners):
        for c, clues in enumerate(row):
            name = f"o_{r}_{c}"
            if not clues:
                out.append(f"; the cell at row {r}, column {c} is in no candidate rectangle")
                out.append("false")
                continue
            keys = sorted(clues)
            if len(keys) == 1:
                out.append(f"(int {name} {keys[0]} {keys[0]})")
            else:
                out.append(f"(int {name} ({' '.join(map(str, keys))}))")
            for k in keys:
                chosen = _any([f"(= s_{k} {t})" for t in clues[k]])
                out.append(f"(iff (= {name} {k}) {chosen})")
    return out


# --------------------------------------------------------------------------- sudoku


def _sudoku(board: Sudoku) -> list[str]:
    size = board.size
    cell = [[f"x_{r}_{c}" for c in range(size)] for r in range(size)]
    out = [
        f"; x_R_C: the digit (1..{size}) at row R, column C",
        f"(domain digit 1 {size})",
    ]
    out += [f"(int {name} digit)" for row in cell for name in row]
    out += [
        f"(= {cell[r][c]} {value})"
        for r, row in enumerate(board.grid)
        for c, value in enumerate(row)
        if value
    ]
    out += [f"(alldifferent {' '.join(row)})" for row in cell]
    out += [f"(alldifferent {' '.join(column)})" for column in zip(*cell)]
    units: dict[int, list[str]] = {}
    for r, row in enumerate(board.region_of()):
        for c, unit in enumerate(row):
            units.setdefault(unit, []).append(cell[r][c])
    what = "region" if board.regions is not None else "box"
    for unit, names in sorted(units.items()):
        out.append(f"(alldifferent {' '.join(names)}) ; {what} {unit}")
    return out


# --------------------------------------------------------------------------- the program

WRITERS = {"nonogram": _nonogram, "shikaku": _shikaku, "sudoku": _sudoku}


def write(board: Board) -> str:
    """The board as a Sugar program: a comment header, then declarations before use."""
    model = WRITERS.get(kind_of(board).written_as.get("sugar", ""))
    if model is None:
        raise UnsupportedPuzzle(
            f"puzzlesat cannot write a {board.kind} as a Sugar program",
            hint=f"Sugar programs are written for: {', '.join(WRITERS)}",
        )
    return "\n".join([_header(board), *model(board)]) + "\n"


FORMAT = Format(
    name="sugar",
    write=write,
    aliases=(),
    suffix=".csp",
    kinds=kinds_written_as("sugar"),
    hint=HINT,
)
