"""Stitches: join every two neighbouring regions by exactly k stitches. A stitch joins two
orthogonally adjacent holes in different regions; every hole is in exactly one stitch;
the counts outside the grid say how many holes each row and each column has.

A variable a stitch that may be (every edge between two cells of different regions), and
a hole variable a cell that may hold one: a hole just when one of its stitches is there,
never two; exactly k stitches across each two neighbouring regions and each line's count
of holes, as native counts. k is the board's where the page gives it (the size code);
else the counts fix it: a stitch is two holes, so the holes number 2k a pair of
neighbouring regions. The facts say which (`stitches`, `stitches_from`) for the verdict
and `--json`. Board JSON: `{"regions": rows of ids, "columns": [...], "rows": [...],
"stitches": k or null}`; an answer is rows of one letter a cell, the way to the hole's
partner (`n`, `e`, `s`, `w`), `.` no hole.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from ..core import InvalidPuzzle, Result
from ..drawing import DIFFERS, GOLD, TEAL, Drawing, Style, finish
from ..grid import clauses as rules
from ..grid.board import Regions, board
from ..grid.counts import counted_lines
from ..grid.geometry import Cell, Edge, Walls, cells, touching_pairs
from ..grid.rows import Read, Value, natural, or_null, rectangular
from ..grid.steps import cell_words
from ..sat import Encoding
from ..site_check import yes_no
from . import declare, tiny

Answer = tuple[str, ...]  # rows of one letter a cell: n/e/s/w toward the partner, "." none
STEP = {"n": (-1, 0), "s": (1, 0), "w": (0, -1), "e": (0, 1)}
BACK = {"n": "s", "s": "n", "w": "e", "e": "w"}
NONE = "."


@board
class Stitches(Regions):
    """Rows of region ids, the holes of each column (left to right) and of each row (top
    to bottom), and k, the stitches between two neighbouring regions (None: from the
    counts)."""

    kind = "stitches"

    columns: tuple[int | None, ...]  # None: a line the page gives no count
    rows: tuple[int | None, ...]
    stitches: int | None = None

    def seams(self) -> dict[tuple[int, int], list[Edge]]:
        """The edges between every two neighbouring regions, by their ids (smaller first)."""
        out: dict[tuple[int, int], list[Edge]] = defaultdict(list)
        for a, b in touching_pairs(self.height, self.width):
            ids = self.regions[a[0]][a[1]], self.regions[b[0]][b[1]]
            if ids[0] != ids[1]:
                out[min(ids), max(ids)].append((a, b))
        return out

    def holes(self) -> int | None:
        """The holes the counts give, None where a row goes uncounted."""
        return None if None in self.rows else sum(self.rows)  # type: ignore[arg-type]


def stitches_of(board: Stitches) -> int | None:
    """k: the board's, else what the counts give (2k holes a pair of neighbouring
    regions), None where they give no whole k from 1 (or leave a row uncounted)."""
    if board.stitches is not None:
        return board.stitches
    pairs, holes = len(board.seams()), board.holes()
    if holes is None:
        return None
    if not pairs:
        return 1 if holes == 0 else None
    k, left = divmod(holes, 2 * pairs)
    return k if k and not left else None


PUZZLE_JSON = ('`{"regions": rows of region ids, "columns": [holes or null], "rows": [holes '
               'or null], "stitches": k}` (`stitches` may be null: from the counts)')
SOLUTION_JSON = 'rows of one letter a cell: `n`/`e`/`s`/`w` toward its partner, `.` no hole'
DRAWS_PARTLY = True  # its drawing shows a half-decided answer: a hint's board
SITE_TEXT = '`y`/`n` a cell for a stitch right, then `y`/`n` a cell for a stitch down'


JSON_FIELDS = {
    "regions": Read("[[1, 1, 2], ...]", "a region id (a whole number from 1)", natural(1)),
    **dict.fromkeys(("columns", "rows"), Read("[2, 0, null]", "a count of holes (a whole number, "
                                              "or null)", or_null(natural()), line=True)),
    "stitches": Value('a Stitches\' "stitches" is how many stitches join two neighbouring '
                      "regions (a whole number from 1, or null)", or_null(natural(1))),
}


def answer_json(answer: Answer) -> list[str]:
    return list(answer)


def site_answer(board: Stitches, answer: Answer) -> str:
    """What puzzle-stitches.com hashes: `y`/`n` a cell for a stitch to the right, then
    `y`/`n` a cell for a stitch down (genres.md 2)."""
    return yes_no(*([[ch == way for ch in row] for row in answer] for way in "es"))


# Per cell: two stitch variables and a hole, a hole's four clauses and its six pairs,
# and the native counts' shares (a stitch in one seam, a hole in two lines, each twice).
CELL_COST = (40, 14)  # literals, clauses


def remarks(result: Result) -> list[str]:
    """k, and where the page did not give it, that the counts did."""
    k = result.facts.get("stitches")
    if k is None:
        return []
    said = f"{k} stitch{'es' * (k > 1)} a pair"
    return [said if result.facts.get("stitches_from") == "page" else f"{said} (from the counts)"]


# --------------------------------------------------------------------------- the rules
def encode(board: Stitches) -> Encoding:
    """Stitch variables 1..S (the seams' edges, right then down in reading order), then
    the holes."""
    k = stitches_of(board)
    seams = board.seams()
    variables = rules.Variables()
    stitch = {edge: variables.new() for edge in _edges(seams)}
    by_cell: dict[Cell, list[int]] = defaultdict(list)
    for (a, b), var in stitch.items():
        by_cell[a].append(var)
        by_cell[b].append(var)
    hole = {cell: variables.new() for cell in cells(board.height, board.width) if cell in by_cell}
    out = rules.Named()
    for cell, var in hole.items():
        out.add("a hole is in exactly one stitch", ("cell", cell),
                rules.any_of(var, by_cell[cell]) + rules.never_both(_pairs(by_cell[cell])))
    atmosts: list[rules.AtMost] = []
    joined = ("1 stitch joins" if k == 1 else f"{k or 'k'} stitches join") + \
        " two neighbouring regions"
    for (a, b), seam in seams.items():
        scope = _seam_scope(a, b)
        if k is None or k > len(seam):
            out.add(joined, scope, [[]])
        atmosts += rules.exactly_native([stitch[edge] for edge in seam], k or 0, (joined, scope))
    for scope, n, line in counted_lines(board):
        lits = [hole[cell] for cell in line if cell in hole]
        if n > len(lits):
            out.add("holes a line", scope, [[]])
        atmosts += rules.exactly_native(lits, n, ("holes a line", scope))
    facts = {"stitches": k, "stitches_from": "page" if board.stitches else "counts"}
    return Encoding(out, list(stitch.values()), atmosts, facts=facts, rules=out.names)


def _edges(seams: dict[tuple[int, int], list[Edge]]) -> list[Edge]:
    """Every seam's edges: those across (to the right) in reading order, then those down."""
    return sorted((edge for seam in seams.values() for edge in seam),
                  key=lambda e: (e[1][0] - e[0][0], e[0]))


def _pairs(lits: Sequence[int]) -> list[tuple[int, int]]:
    return [(a, b) for i, a in enumerate(lits) for b in lits[i + 1 :]]


def decode(board: Stitches, values) -> Answer:
    """Rows of letters from the stitch variables (the order `encode` made them in)."""
    grid = [[NONE] * board.width for _ in range(board.height)]
    for ((r, c), (rr, cc)), on in zip(_edges(board.seams()), values):
        if on:
            grid[r][c], grid[rr][cc] = ("e", "w") if rr == r else ("s", "n")
    return tuple("".join(row) for row in grid)


# --------------------------------------------------------------------------- the checker
def validate(board: Stitches) -> None:
    """Counts for every line, as many holes in the columns as in the rows, and a k the
    counts agree with."""
    h, w = board.height, board.width
    rectangular(board.regions, "Stitches")
    if len(board.columns) != w or len(board.rows) != h:
        raise InvalidPuzzle(f"this {w}x{h} Stitches has {len(board.columns)} column counts "
                            f"and {len(board.rows)} row counts; it needs {w} and {h}")
    holes, across = board.holes(), None if None in board.columns else sum(board.columns)
    if holes is not None and across is not None and holes != across:
        raise InvalidPuzzle(f"the columns count {across} holes and the rows {holes}: they "
                            "count the same holes")
    pairs, k = len(board.seams()), stitches_of(board)
    if k is None and holes is None:
        raise InvalidPuzzle("a row goes uncounted and the page gives no k: say the stitches "
                            'a pair ("stitches" in board JSON)')
    if k is None or (holes is not None and 2 * k * pairs != holes):
        said = f"{board.stitches} stitch(es) a pair" if board.stitches else "no whole k"
        raise InvalidPuzzle(
            f"the counts hold {holes} holes, and {pairs} pairs of neighbouring "
            f"regions with k stitches each make 2 x k x {pairs}: {said} does not fit")


def is_solution(board: Stitches, answer) -> bool:
    """Letters pointing at a partner that points back, in another region; k stitches
    between every two neighbouring regions; each line's count of holes. No SAT."""
    h, w = board.height, board.width
    if (len(answer) != h or any(not isinstance(row, str) or len(row) != w for row in answer)
            or any(ch not in "nesw." for row in answer for ch in row)):
        return False
    across: dict[tuple[int, int], int] = defaultdict(int)
    for r, c in cells(h, w):
        way = answer[r][c]
        if way == NONE:
            continue
        rr, cc = r + STEP[way][0], c + STEP[way][1]
        if not (0 <= rr < h and 0 <= cc < w) or answer[rr][cc] != BACK[way]:
            return False
        ids = board.regions[r][c], board.regions[rr][cc]
        if ids[0] == ids[1]:
            return False
        across[min(ids), max(ids)] += 1  # each stitch seen from both its holes
    k = stitches_of(board)
    seams = board.seams()
    return (k is not None and set(across) <= set(seams)
            and all(across[ids] == 2 * k for ids in seams)
            and all(sum(answer[r][c] != NONE for r, c in line) == n
                    for _, n, line in counted_lines(board)))


# --------------------------------------------------------------------------- the drawing
HOLE, EMPTY = ("●", "O"), (" ", " ")
HOLE_DIFFERS, EMPTY_DIFFERS = ("◉", "@"), ("∘", ".")
ACROSS, DOWN = ("┿", "-"), ("╂", "|")  # a stitch through a wall between its holes


def draw(board: Stitches, answer: Answer | None, other: Answer | None, style: Style) -> Drawing:
    """The regions' walls, a hole `●` a cell, each stitch a short line through the wall
    between its holes, the counts above and left of the grid."""
    from rich.text import Text

    from ..grid.draw import walled
    from ..grid.looks import UsedMarks

    width, painted = (1 if style.compact else 2), style.colour and not style.ascii
    units = Walls(board.regions)
    differs: list[bool] = []

    def label(r: int, c: int) -> tuple[str, str]:
        here = answer[r][c] if answer is not None else NONE
        glyphs, paint = (HOLE, f"bold {GOLD}") if here != NONE else (EMPTY, "")
        if other is not None and (other[r][c] != NONE) != (here != NONE):
            glyphs, paint = (HOLE_DIFFERS if here != NONE else EMPTY_DIFFERS), DIFFERS
            differs.append(True)
        arm = "━-"[style.ascii] if here == "w" else " "
        return arm * (width - 1) + glyphs[style.ascii], paint if painted else ""

    marked = UsedMarks(label, style)  # a hint's: the cells its rules speak of
    lines = walled(units, marked, width, style).split("\n", allow_blank=True)
    xs = [c * width + sum(units.cols[: c + 1]) + width - 1 for c in range(board.width)]
    ys = [r + sum(units.rows[: r + 1]) for r in range(board.height)]
    for y, x, glyph in _crossings(answer, xs, ys):
        shown = Text(glyph[style.ascii], GOLD if painted else "")
        lines[y] = lines[y][:x] + shown + lines[y][x + 1 :]
    legend = marked.legend() + ((f"{HOLE_DIFFERS[style.ascii]} and {EMPTY_DIFFERS[style.ascii]} "
                                 "where this answer's holes differ from solution 1",)
                                if differs else ())
    body = Text("\n").join(lines)
    return Drawing(finish(_with_counts(body, board, xs, ys, painted)), legend)


def _crossings(answer: Answer | None, xs: list[int], ys: list[int]
               ) -> list[tuple[int, int, tuple[str, str]]]:
    """(line, column, glyphs) of every stitch where it crosses the wall between its holes
    (the wall right of a hole whose partner is east, the one under a hole whose partner is
    south), given each cell's column `xs` and line `ys` in the drawing."""
    if answer is None:
        return []
    return [(ys[r], xs[c] + 1, ACROSS) if way == "e" else (ys[r] + 1, xs[c], DOWN)
            for r, row in enumerate(answer) for c, way in enumerate(row) if way in "es"]


def _with_counts(body: Any, board: Stitches, xs: list[int], ys: list[int], painted: bool) -> Any:
    """`body` with each column's count above it (digits downwards where wider than the
    gap) and each row's count left of it."""
    from rich.text import Text

    from ..drawing import picture_text

    tops = ["" if n is None else str(n) for n in board.columns]
    deep = max(map(len, tops), default=1)
    margin = max((len(str(n)) for n in board.rows), default=0) + 1
    out = picture_text()
    for i in range(deep):
        row = [" "] * (xs[-1] + 1 if xs else 0)
        for x, text in zip(xs, tops):
            row[x] = text.rjust(deep)[i]
        out.append(" " * margin + "".join(row).rstrip() + "\n", TEAL if painted else "")
    counts = dict(zip(ys, ("" if n is None else str(n) for n in board.rows)))
    for y, line in enumerate(body.split("\n", allow_blank=True)):
        out.append(("\n" if y else "") + counts.get(y, "").rjust(margin - 1) + " ",
                   TEAL if painted else "")
        out.append_text(line if isinstance(line, Text) else Text(str(line)))
    return out


def svg(board: Stitches, answer: Answer | None) -> str:
    """The picture: the regions' walls, the counts above and left, holes as discs and
    each stitch a thick line between its two holes."""
    from ..grid.looks import CELL, TEXT_SIZE
    from ..grid.picture import thin_lines, wall_lines
    from ..svg import grid_page

    out, x0, y0 = grid_page(board.width, board.height, CELL, board.title, CELL, CELL)
    for c, n in enumerate(board.columns):
        if n is not None:
            out.text(x0 + (c + 0.5) * CELL, y0 - CELL / 2, str(n), TEXT_SIZE)
    for r, n in enumerate(board.rows):
        if n is not None:
            out.text(x0 - CELL / 2, y0 + (r + 0.5) * CELL, str(n), TEXT_SIZE)
    thin_lines(out, board.height, board.width, CELL, x0, y0)
    wall_lines(out, Walls(board.regions), CELL, x0, y0)
    for r, c in cells(board.height, board.width) if answer is not None else ():
        x, y = x0 + (c + 0.5) * CELL, y0 + (r + 0.5) * CELL
        way = answer[r][c]
        if way in "es":
            dx, dy = STEP[way][1] * CELL, STEP[way][0] * CELL
            out.line(x, y, x + dx, y + dy, "#f2b705", 4, class_="stitch")
        if way != NONE:
            out.element("circle", cx=x, cy=y, r=CELL * 0.2, fill="#f2b705", class_="hole",
                        stroke="#5a4a00", stroke_width=1.5)
    return out.document()


def stress(height: int, width: int) -> Stitches:
    """Two regions in a checkerboard, every edge of the one seam: the longest count of
    stitches. The holes pair the cells along a snake through the rows (each two next to
    each other), k the stitches that makes."""
    regions = tuple(tuple(1 + (r + c) % 2 for c in range(width)) for r in range(height))
    snake = [(r, c if r % 2 == 0 else width - 1 - c) for r in range(height) for c in range(width)]
    holes = snake[: len(snake) // 2 * 2]
    columns = tuple(sum(c == column for _, c in holes) for column in range(width))
    rows = tuple(sum(r == row for r, _ in holes) for row in range(height))
    return Stitches(regions, columns, rows, stitches=max(1, len(holes) // 2))


def _seam_scope(a: int, b: int) -> tuple[str, str]:
    """The scope of the stitches between regions `a` and `b`: the board's own region ids,
    as a hint says them."""
    return ("regions", f"{a} and {b}")


def scope_cells(board: Stitches, scope: tuple) -> frozenset | None:
    """The cells a hint's rule of two regions speaks of: those along their seam, where its
    stitches may go (None for the scopes the toolkit reads: a cell, a line)."""
    return next((frozenset(cell for edge in seam for cell in edge)
                 for (a, b), seam in board.seams().items() if _seam_scope(a, b) == scope), None)


def said(board: Stitches, key: tuple, value: tuple) -> tuple[str, str]:
    """A hint's decision in words: the two cells a stitch joins."""
    return " and ".join(cell_words(*cell) for cell in key[1]), "stitched"


KIND = declare(__name__, Stitches, examples=tiny(
    unique=Stitches(((1, 1, 2), (1, 3, 2), (3, 3, 2)), (2, 2, 2), (2, 1, 3),
                    stitches=1),
    multiple=Stitches(((1, 2, 3), (1, 2, 3)), (1, 2, 1), (2, 2),
                      stitches=1),
    none=Stitches(((1, 2), (1, 2)), (1, 1), (1, 1), stitches=1)))
from_json = KIND.from_json  # as benchmarks/bench_genres.py reads a board
