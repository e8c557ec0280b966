"""Kakuro: fill the white cells with digits 1-9 so that every run of white cells (across or
down) sums to the clue on the black cell before it and never repeats a digit.

First the sums alone cut each cell's digits, to a fixed point (grid/sums.py `narrowed`: a
real board is most often settled there); then a variable for each digit a cell may still
hold, and a run's sum by the sets of distinct digits that make it (the usual strong
encoding, a digit of every set placed at once, a digit of none ruled out, one set picked
among the rest), said of its cells still open. A run with no clue (one
starting at the board's edge, or after a black cell without that sum) only never repeats.
Board JSON: `{"grid": [[null, [16, 23], ...], ...]}`, null a white cell, `[down, across]`
a black cell with its sums (0: none that way); an answer is rows of digits, 0 a black cell.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from ..budget import BYTES_PER_CELL, BYTES_PER_LITERAL, Cost
from ..core import is_json_int
from ..drawing import DIFFERS, GREY, TEAL, Style
from ..grid import clauses as rules
from ..grid.board import Board, board
from ..grid.rows import Read
from ..grid.sums import digit_sets, digits_of, narrowed, never_twice, sum_cost, summing
from ..sat import Encoding
from . import declare, tiny

DIGITS = 9
Cell = tuple[int, int]
Clue = tuple[int, int]  # (down, across) on a black cell, 0: no sum that way
Answer = tuple[tuple[int, ...], ...]  # rows of digits, 0 a black cell
WAYS = (("down", (1, 0)), ("across", (0, 1)))


class Run(NamedTuple):
    """A maximal run of white cells: its way, the cell that names it (its clue's black cell,
    else its first cell), its sum (0: none) and its cells."""

    way: str
    at: Cell
    total: int
    cells: tuple[Cell, ...]


@board
class Kakuro(Board):
    """Rows of cells: None a white cell, (down, across) a black one."""

    kind = "kakuro"

    grid: tuple[tuple[Clue | None, ...], ...]

    def whites(self) -> list[Cell]:
        return [(r, c) for r, row in enumerate(self.grid) for c, v in enumerate(row) if v is None]

    def runs(self) -> tuple[Run, ...]:
        """Every run, and every sum on a black cell that no white cell follows (which
        cannot hold): by the cell that starts it, in reading order, down before across."""
        return runs_of(self.grid)


@lru_cache(maxsize=4)  # cost, encode and the checker each ask for the runs of one grid
def runs_of(grid: tuple[tuple[Clue | None, ...], ...]) -> tuple[Run, ...]:
    h, w = len(grid), len(grid[0]) if grid else 0
    out = []
    for r, row in enumerate(grid):
        for c, clue in enumerate(row):
            for way, (dr, dc) in WAYS:
                if clue is None and min(r - dr, c - dc) >= 0:
                    continue  # a white cell inside its run, or after the clue that names it
                cells, (y, x) = [], (r, c) if clue is None else (r + dr, c + dc)
                while y < h and x < w and grid[y][x] is None:
                    cells.append((y, x))
                    y, x = y + dr, x + dc
                total = 0 if clue is None else clue[way == "across"]
                if cells or total:
                    out.append(Run(way, (r, c), total, tuple(cells)))
    return tuple(out)


def _is_clue(value: Any) -> bool:
    return value is None or (isinstance(value, list) and len(value) == 2
                             and all(is_json_int(v) and v >= 0 for v in value))


JSON_FIELDS = {"grid": Read("[[[0, 0], [16, 0]], [[0, 23], null]]",
                            "null (a white cell) or [down, across] sums from 0", _is_clue)}
PUZZLE_JSON = '`{"grid": rows of null (white) or [down, across] (black; 0 no sum)}`'
SOLUTION_JSON = 'rows of digits, 0 a black cell'
DRAWS_PARTLY = True  # its drawing shows a half-decided answer: a hint's board
SITE_TEXT = 'a character a cell: `n` black, else the digit'


def site_answer(board: Kakuro, answer: Answer) -> str:
    """puzzle-kakuro.com hashes a character a cell: `n` a black cell, else its digit."""
    return "".join(str(v) if v else "n" for row in answer for v in row)


def cost(board: Kakuro) -> Cost:
    """A white cell's digits in an exactly-one (at most a counter's 24 clauses of 55
    literals) and up to nine units ruling digits out, and each run's own (grid/sums.py) by
    its length and its digit sets."""
    whites = len(board.whites())
    literals, clauses = whites * 64, whites * 33
    for run in board.runs():
        sets = len(digit_sets(DIGITS, len(run.cells), run.total)) if run.total else 0
        more, also = sum_cost(min(len(run.cells), DIGITS + 1), sets)
        literals, clauses = literals + more, clauses + also + 1
    cells = board.height * board.width
    return Cost(literals, clauses, 0, literals * BYTES_PER_LITERAL + cells * BYTES_PER_CELL)


def stress(height: int, width: int) -> Kakuro:
    """Runs of four summing to 20 both ways (twelve digit sets, the most of any run): a
    black cell every fifth row and column, the sums before every run."""
    def black(r: int, c: int) -> bool:
        return (height > 1 and r % 5 == 0) or (width > 1 and c % 5 == 0)

    def cell(r: int, c: int) -> Clue | None:
        if not black(r, c):
            return None
        return (20 * (r + 1 < height and not black(r + 1, c)),
                20 * (c + 1 < width and not black(r, c + 1)))

    return Kakuro(tuple(tuple(cell(r, c) for c in range(width)) for r in range(height)))


# --------------------------------------------------------------------------- the rules
def digits_left(board: Kakuro) -> tuple[list[int], list[tuple[int, ...] | None]]:
    """(each white cell's digits, each run's digit sets), as bit masks, in the order of
    `whites` and `runs`: what the sums leave (grid/sums.py's `narrowed`)."""
    index = {cell: i for i, cell in enumerate(board.whites())}
    return narrowed([([index[cell] for cell in run.cells], run.total) for run in board.runs()],
                    len(index), DIGITS)


RUNS_OF = "the runs of the cell"  # a settled cell's scope: its sums are its runs'


def scope_cells(board: Kakuro, scope: tuple) -> frozenset | None:
    """The cells a hint's "the digit its runs' sums leave" speaks of: both runs through the
    cell, their clues' cells too (None for the scopes the toolkit reads: a run, a cell)."""
    if scope[0] != RUNS_OF:
        return None
    return frozenset(cell for run in board.runs() if scope[1] in run.cells
                     for cell in (run.at, *run.cells))


def encode(board: Kakuro) -> Encoding:
    """Nine digit variables a white cell, in reading order, then the helpers. A cell's
    digits and a run's digit sets are first cut to those the sums leave (`digits_left`):
    every digit cut is ruled out by one native "none of these", and named in no clause; a
    cell left one digit is set by a unit, its runs' rules said of their other cells (`_run`).
    Every "at most one" (a cell's digit, a digit in a run, a run's set) is the card solver's
    native constraint. The variables keep the layout hints read (`places`)."""
    variables, out, native = rules.Variables(), rules.Named(), []
    masks, sets = digits_left(board)
    variables.count = DIGITS * len(masks)
    known, candidates, cut = {}, {}, []
    for i, (cell, mask) in enumerate(zip(board.whites(), masks)):
        first, settled = DIGITS * i, mask and not mask & (mask - 1)
        cut += [first + d for d in range(1, DIGITS + 1) if not mask >> d & 1]
        if settled:
            out.add("the digit its runs' sums leave", (RUNS_OF, cell),
                    [[first + mask.bit_length() - 1]])
            known[cell] = mask.bit_length() - 1
            continue
        candidates[cell] = {d: first + d for d in digits_of(mask)}
        out.add("one digit a cell", ("cell", cell), [list(candidates[cell].values())])
        if len(candidates[cell]) > 1:
            native.append(rules.Count(list(candidates[cell].values()), 1,
                                      ("one digit a cell", ("cell", cell))))
    # every digit the sums cut: none holds (one native, no unit each)
    native.append(rules.Count(cut, 0, ("the digits its runs' sums leave", ("board",))))
    for run, kept in zip(board.runs(), sets):
        rule = "a run sums to its clue, no digit twice" if run.total else "no digit twice in a run"
        named, first = (rule, (f"{run.way} run", run.at)), len(native)
        out.add(*named, _run(run, kept, known, candidates, variables, native))
        native[first:] = [rules.Count(*count, named) for count in native[first:]]
    return Encoding(out, list(range(1, DIGITS * len(masks) + 1)), native, rules=out.names)


def _run(run: Run, kept: tuple[int, ...] | None, known: dict[Cell, int],
         candidates: dict[Cell, dict[int, int]], variables: rules.Variables,
         native: list[rules.AtMost]) -> list[rules.Clause]:
    """A run's clauses over its cells still open: the digits known are out of the others
    (`digits_left` has cut them already: no clause then), of the total and of the digit
    sets `kept`; known digits that repeat, or that make another sum than the clue's,
    cannot hold."""
    digits = [known[cell] for cell in run.cells if cell in known]
    taken = sum(1 << d for d in set(digits))
    if len(set(digits)) < len(digits):
        return [[]]
    still = [candidates[cell] for cell in run.cells if cell not in known]
    out = rules.none_of([lit for held in still for d, lit in held.items() if taken >> d & 1])
    cells = [{d: lit for d, lit in held.items() if not taken >> d & 1} for held in still]
    if not run.total:
        return out + never_twice(cells, variables, native)
    if not cells:
        return [] if sum(digits) == run.total else [[]]
    rest = tuple(s & ~taken for s in kept or () if s & taken == taken)
    return out + summing(cells, run.total - sum(digits), variables, DIGITS, native, rest)


def decode(board: Kakuro, values) -> Answer:
    """Rows of digits (0 a black cell, and a white cell holding no one digit)."""
    found = {}
    for i, cell in enumerate(board.whites()):
        held = [d for d in range(1, DIGITS + 1) if values[i * DIGITS + d - 1]]
        found[cell] = held[0] if len(held) == 1 else 0
    return tuple(tuple(found.get((r, c), 0) for c in range(board.width))
                 for r in range(board.height))


def places(board: Kakuro) -> list:
    """What each digit variable says, for hints: its white cell holds its digit."""
    from ..grid.steps import Place

    return [Place(cell, d) for cell in board.whites() for d in range(1, DIGITS + 1)]


# --------------------------------------------------------------------------- the checker
def is_solution(board: Kakuro, answer) -> bool:
    """A digit 1-9 in every white cell and 0 in every black one; no run repeats a digit,
    and each run with a sum makes it. From the grid alone, no SAT."""
    if len(answer) != board.height or any(len(row) != board.width for row in answer):
        return False
    if any(answer[r][c] not in (range(1, DIGITS + 1) if v is None else (0,))
           for r, row in enumerate(board.grid) for c, v in enumerate(row)):
        return False
    for run in board.runs():
        digits = [answer[r][c] for r, c in run.cells]
        if len(set(digits)) != len(digits) or (run.total and sum(digits) != run.total):
            return False
    return True


# --------------------------------------------------------------------------- the looks
SLASH = ("╲", "\\")  # a clue cell's diagonal: the down sum below it, the across sum above
BLOCK = ("█", "#")  # a black cell without a sum
MARK = "*"  # beside a digit where a second answer differs, as Sudoku marks it


def _full_cell(board: Kakuro, answer: Answer | None, differs: set[Cell], style: Style,
               wide: bool, r: int, c: int) -> tuple[tuple[str, ...], str]:
    """A cell's lines, and its style: `wide`, one line of five columns (`16╲23`, the down
    sum left of the diagonal); else two lines of three (the across sum right of the
    diagonal's top, the down sum left of its foot)."""
    clue, slash = board.grid[r][c], SLASH[style.ascii]
    if clue == (0, 0):
        return (BLOCK[style.ascii] * (5 if wide else 3),) * (1 if wide else 2), GREY
    if clue is not None:
        down, across = (str(v) if v else "" for v in clue)
        if wide:
            return (f"{down:>2}{slash}{across:<2}",), "bold"
        return (f"{slash}{across:>2}", f"{down:>2}{slash}"), "bold"
    value = answer[r][c] if answer is not None else 0
    text = str(value) if value else "." if style.ascii else "·"
    paint = (DIFFERS if (r, c) in differs else TEAL) if value else GREY
    text = f"{MARK}{text}{MARK}" if (r, c) in differs else f" {text} "
    return ((f" {text} ",) if wide else (text, "   ")), paint


def _compact_cell(board: Kakuro, answer: Answer | None, style: Style, r: int, c: int
                  ) -> tuple[str, str]:
    """A cell's one column: its digit, the diagonal of a clue cell, or a block."""
    clue = board.grid[r][c]
    if clue is not None:
        return (BLOCK if clue == (0, 0) else SLASH)[style.ascii], GREY
    value = answer[r][c] if answer is not None else 0
    return (str(value), TEAL) if value else ("." if style.ascii else "·", GREY)


def draw(board: Kakuro, answer: Answer | None, other: Answer | None, style: Style) -> Any:
    """Full: every clue cell's sums about its diagonal, in a frame: five columns a cell
    where that fits the width, else three columns and two lines; compact: a column a
    cell, no sums. Never cropped. A hint's rules' cells (`style.used`): USED in their
    first column where it is free, reversed in colour (the full drawing's)."""
    from ..drawing import Drawing, finish, picture_text
    from ..grid.draw import corner, wall_glyphs
    from ..grid.looks import UsedMarks

    painted = style.colour and not style.ascii
    differs = set() if other is None or answer is None else {
        (r, c) for r, c in board.whites() if answer[r][c] != other[r][c]}
    text, h, w = picture_text(), board.height, board.width
    marked: tuple[str, ...] = ()  # a hint's legend of its rules' cells (the full drawing's)
    if style.compact:
        marks = style.paired or other is not None
        for r in range(h):
            for c in range(w):
                glyph, paint = _compact_cell(board, answer, style, r, c)
                text.append(glyph, paint if painted else "")
                if marks:
                    text.append(MARK if (r, c) in differs else " ", DIFFERS if painted else "")
            text.append("\n")
    else:
        wide = style.width is None or 5 * w + 2 <= style.width
        side, across = wall_glyphs(style.ascii)
        top, bottom = (corner(a, not a, False, True, style.ascii) + across * (3 + 2 * wide) * w
                       + corner(a, not a, True, False, style.ascii) + "\n" for a in (0, 1))
        text.append(top)
        cells = [[_full_cell(board, answer, differs, style, wide, r, c) for c in range(w)]
                 for r in range(h)]
        used = UsedMarks(lambda r, c: (cells[r][c][0][0], cells[r][c][1]), style, differs)
        cells = [[((first, *lines[1:]), paint) for c, (lines, _) in enumerate(row)
                  for first, paint in [used(r, c)]] for r, row in enumerate(cells)]
        marked = used.legend()
        for row in cells:
            for line in range(len(row[0][0])):
                text.append(side)
                for lines, paint in row:
                    text.append(lines[line], paint if painted else "")
                text.append(side + "\n")
        text.append(bottom)
    where = "with * after them" if style.compact else "between *s"
    legend = (f"digits {where}: the cells where this answer differs from solution 1",)
    return Drawing(finish(text), marked + (legend if differs else ()))


def svg(board: Kakuro, answer: Answer | None) -> str:
    """The picture: black cells dark grey, a clue cell's diagonal with the down sum below
    it and the across sum above, the digits found teal."""
    from ..grid.picture import frame, thin_lines
    from ..svg import grid_page

    size = 30
    out, x0, y0 = grid_page(board.width, board.height, size, board.title)
    for r, row in enumerate(board.grid):
        for c, clue in enumerate(row):
            x, y = x0 + c * size, y0 + r * size
            if clue is None:
                if answer is not None and answer[r][c]:
                    out.text(x + size / 2, y + size / 2, str(answer[r][c]), 18, "#0087af",
                             bold=True, class_="found")
                continue
            out.rect(x, y, size, size, "#404040", class_="black")
            if clue != (0, 0):
                out.line(x, y, x + size, y + size, "#ffffff", 1, stroke_linecap="butt")
            for value, dx, dy in zip(clue, (0.3, 0.72), (0.72, 0.3)):
                if value:
                    out.text(x + dx * size, y + dy * size, str(value), 10, "#ffffff",
                             bold=True, class_="sum")
    thin_lines(out, board.height, board.width, size, x0, y0)
    frame(out, board.height, board.width, size, x0, y0)
    return out.document()


_ = None
B = (0, 0)


KIND = declare(__name__, Kakuro, examples=tiny(
    unique=Kakuro(((B, (4, 0), (3, 0)), ((0, 3), _, _), ((0, 4), _, _))),
    multiple=Kakuro(((B, (0, 0), (0, 0)), ((0, 0), _, _), ((0, 0), _, _))),
    none=Kakuro(((B, (3, 0), (5, 0)), ((0, 3), _, _), ((0, 3), _, _)))))
