"""What a board's encoding will cost in memory, known before any of it is built.

A board well under MAX_CELLS can still need gigabytes: a Shikaku clue of area 1000 has
16,000 rectangles of 1000 cells each, a nonogram line of many short blocks with room to
move has blocks x slack order variables. So the size of the encoding is bounded from above
by arithmetic on the clues alone (no line logic, no rectangles), in time linear in the
board, and turned into bytes by figures measured on real encodings (benchmarks/README.md).
A board whose bound does not fit the memory this machine can spare is refused with
TooLarge; one whose two copies would not fit gets no solver race. Line logic can shrink a
nonogram's encoding to almost nothing, so a nonogram it may help is checked again after it.
"""

from __future__ import annotations

import os
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import isqrt

from ..board import Board, Line, Nonogram, Shikaku, TooLarge
from .counting import MAX_SLACK, _budget, _fewest
from .lines import UNKNOWN

# Peak bytes of one solver child (the encoding's Python lists, the solver's copy, the
# search), measured on real and generated encodings and rounded up (benchmarks/README.md).
NONOGRAM_BYTES_PER_LITERAL = 105  # clauses of 1-3 literals: their lists dominate
NONOGRAM_BYTES_PER_CELL = 150  # its variable in the solver, line logic's grid, the answer
SHIKAKU_BYTES_PER_LITERAL = 20  # long clauses and at-most-one constraints
SHIKAKU_BYTES_PER_CANDIDATE = 300  # its Rect, and its variable
SHIKAKU_BYTES_PER_CELL = 250  # its clause and its at-most-one constraint

MAX_BYTES = 8 << 30  # never more than this, however large the machine
MEMORY_SHARE = 0.5  # of the memory available now, what one solve may take in all


@dataclass(frozen=True)
class Cost:
    """An upper bound on the encoding's size, and what it takes in memory."""

    literals: int
    clauses: int
    candidates: int = 0  # Shikaku rectangles
    bytes: int = 0


# --------------------------------------------------------------------------- nonogram


def line_bound(clue: Line, length: int) -> tuple[int, int]:
    """(literals, clauses) that nonogram.encode_line can add for this line, at most.

    Per block, line logic can only narrow its range of starts, which without known cells
    spans `slack` cells: the order chain and its holes (2 binary clauses per start), the
    gap to the next block (1), the cells it fills (slack + length, ternary), and the empty
    cells before it (slack + 1, ternary).
    """
    blocks = len(clue)
    slack = max(0, length - (sum(clue) + blocks - 1))
    filled = sum(max(b, 0) for b in clue)
    literals = 9 * blocks * slack + 3 * filled + 3 * (blocks + 1) * (slack + 1)
    clauses = 4 * blocks * slack + filled + (blocks + 1) * (slack + 1)
    return literals, clauses


def _even_span(clue: Line, length: int) -> tuple[int, int]:
    """A range inside the true (fewest, most) filled cells at even positions: those of the
    leftmost and the rightmost placement, which bound the fewest from above and the most
    from below (counting.even_filled_free is exact, but quadratic on long clues)."""
    slack = max(0, length - (sum(clue) + len(clue) - 1))
    left = right = at = 0
    for block in clue:
        left += (at + block + 1) // 2 - (at + 1) // 2
        right += (at + slack + block + 1) // 2 - (at + slack + 1) // 2
        at += block + 1
    return min(left, right), max(left, right)


def _merge_spread(leaves: int) -> int:
    """The sum of 2**level over the merges of counting._total on `leaves` unit counts:
    no count merged at a level is longer than 2**level."""
    level = spread = 0
    groups = leaves
    while groups > 1:
        spread += (groups // 2) << level
        groups = (groups + 1) // 2
        level += 1
    return spread


def _family_bound(lines: int, length: int, parity: int, budget: int) -> tuple[int, int]:
    """(literals, clauses) of one counting family (counting._family), at most.

    Each line sums its open cells of the class (at most m) with a tree of merges capped at
    C = need + slack + 1; a merge of counts a, b <= min(2**level, C, m) has (a+1)(b+1) - 1
    clauses and 3ab + 2a + 2b literals, and ab <= 2**level * min(C, m). The needs add up to
    at most the family's budget, which is how C is bounded over all lines at once.
    """
    m = (length + 1 - parity) // 2
    if m == 0:
        return 1, 1
    spread = _merge_spread(m)
    caps = min(lines * m, max(budget, 0) + lines * (MAX_SLACK + 1))
    literals = 3 * spread * caps + 4 * spread * lines
    clauses = spread * caps + 2 * spread * lines
    extra = MAX_SLACK + 1  # the lines' excesses, each at most slack + 1 long
    literals += lines * (3 * extra * extra + 4 * extra) + 1
    clauses += lines * (extra * extra + 2 * extra) + 1
    return literals, clauses


def _counting_bound(board: Nonogram) -> tuple[int, int]:
    """(literals, clauses) of counting.parity_clauses, at most: a family is added only when
    its slack is at most MAX_SLACK, and _even_span's placements never make it larger."""
    literals = clauses = 0
    for clues, length, cross in (
        (board.rows, board.width, board.cols),
        (board.cols, board.height, board.rows),
    ):
        spans = [_even_span(clue, length) for clue in clues]
        for parity in (0, 1):
            for value in (0, 1):
                budget = _budget(cross, len(clues), parity, value)
                fewest = sum(
                    _fewest(clue, length, span, parity, value) for clue, span in zip(clues, spans)
                )
                if budget - fewest <= MAX_SLACK:
                    lits, count = _family_bound(len(clues), length, parity, budget)
                    literals, clauses = literals + lits, clauses + count
    return literals, clauses


def nonogram_cost(board: Nonogram, known: Sequence[Sequence[int]] | None = None) -> Cost:
    """Unit clauses for the cells line logic fixes, the clauses of every line, counting.

    With `known` (the grid after line logic, UNKNOWN = -1 where open) the lines it decided
    cost nothing, nor does counting when it decided them all.
    """
    w, h = board.width, board.height
    literals = clauses = w * h
    if known is None:
        rows = cols = None
    else:
        rows = [UNKNOWN in row for row in known]
        cols = [any(row[c] == UNKNOWN for row in known) for c in range(w)]
    for clues, length, open_ in ((board.rows, w, rows), (board.cols, h, cols)):
        for i, clue in enumerate(clues):
            if open_ is None or open_[i]:
                lits, count = line_bound(clue, length)
                literals, clauses = literals + lits, clauses + count
    if known is None or any(rows):
        lits, count = _counting_bound(board)
        literals, clauses = literals + lits, clauses + count
    size = literals * NONOGRAM_BYTES_PER_LITERAL + w * h * NONOGRAM_BYTES_PER_CELL
    return Cost(literals, clauses, 0, size)


def line_logic_may_help(board: Nonogram) -> bool:
    """Whether line logic can fix any cell at all: only if some line fixes one on its own,
    which a line with blocks does exactly when it has no slack or a block longer than it."""
    for clues, length in ((board.rows, board.width), (board.cols, board.height)):
        for clue in clues:
            slack = length - (sum(clue) + len(clue) - 1)
            if not clue or slack <= 0 or max(clue) > slack:
                return True
    return False


# --------------------------------------------------------------------------- Shikaku


@lru_cache(maxsize=4096)
def _shapes(area: int) -> tuple[tuple[int, int], ...]:
    """Every (height, width) of a rectangle of this area."""
    out = []
    for d in range(1, isqrt(area) + 1):
        if area % d == 0:
            out.append((d, area // d))
            if d * d != area:
                out.append((area // d, d))
    return tuple(out)


def _neighbours(positions: list[int], at: int, end: int) -> tuple[int, int]:
    """The clue positions just before and after `at` in a sorted list (-1 / end if none)."""
    i = bisect_left(positions, at)
    before = positions[i - 1] if i else -1
    after = positions[i + 1] if i + 1 < len(positions) else end
    return before, after


def shikaku_cost(board: Shikaku) -> Cost:
    """Candidates and their cells by arithmetic: a candidate of a clue holds the clue's row
    and column, so it lies strictly between the nearest other clues along both.

    The encoding holds every candidate in its clue's clause and in each cell's clause, and
    again as at-most-one constraints: 2 x (candidates + their areas) literals.
    """
    h, w = board.height, board.width
    clues = board.clues()
    ragged = any(len(row) != w for row in board.grid)
    if ragged or any(v < 0 for _, _, v in clues) or sum(v for _, _, v in clues) != h * w:
        return Cost(0, 0)  # validate refuses it next, before building anything
    in_row: list[list[int]] = [[] for _ in range(h)]
    in_col: list[list[int]] = [[] for _ in range(w)]
    for r, c, _ in clues:
        in_row[r].append(c)  # clues come in reading order: both lists are sorted
        in_col[c].append(r)
    count = cells = 0
    for r, c, area in clues:
        west, east = _neighbours(in_row[r], c, w)
        north, south = _neighbours(in_col[c], r, h)
        for rh, rw in _shapes(area):
            tops = min(r, south - rh) - max(north + 1, r - rh + 1) + 1
            lefts = min(c, east - rw) - max(west + 1, c - rw + 1) + 1
            if tops > 0 and lefts > 0:
                count += tops * lefts
                cells += tops * lefts * area
    literals = 2 * (count + cells)
    size = (
        literals * SHIKAKU_BYTES_PER_LITERAL
        + count * SHIKAKU_BYTES_PER_CANDIDATE
        + h * w * SHIKAKU_BYTES_PER_CELL
    )
    return Cost(literals, 2 * (len(clues) + h * w), count, size)


# --------------------------------------------------------------------------- limits


def estimate(board: Board, known: Sequence[Sequence[int]] | None = None) -> Cost:
    """The cost bound of either kind of board, from its clues (and the cells line logic
    fixed in a nonogram, when `known`)."""
    return nonogram_cost(board, known) if isinstance(board, Nonogram) else shikaku_cost(board)


def available_memory() -> int:
    """Bytes the kernel says can be had now without swapping (MemAvailable)."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, AttributeError):
        return MAX_BYTES  # no way to tell: the fixed cap alone


def memory_limit() -> int:
    """Bytes one encoding may take: a share of what is free now, and never past MAX_BYTES."""
    return min(MAX_BYTES, int(available_memory() * MEMORY_SHARE))


def memory_allows_race(estimate_bytes: int) -> bool:
    """Whether two encodings of `estimate_bytes` (a Cost's `bytes`) fit in memory at once,
    within the same share of what is available now: if not, the hard solver must not race
    the first child with an encoding of its own (sat.run_within's `race`)."""
    return 2 * estimate_bytes <= available_memory() * MEMORY_SHARE


def _size(size: int) -> str:
    return f"{size / (1 << 30):.1f} GB" if size >= 1 << 29 else f"{size / (1 << 20):.0f} MB"


def check(board: Board, known: Sequence[Sequence[int]] | None = None) -> Cost:
    """The board's cost, or TooLarge naming it and the limit when it will not fit.

    A nonogram that line logic may shrink is let through to the encoder, which runs line
    logic first (in the solver's child, under the time limit) and checks again with `known`.
    """
    cost = estimate(board, known)
    limit = memory_limit()
    if cost.bytes > limit:
        if known is None and isinstance(board, Nonogram) and line_logic_may_help(board):
            return cost
        raise TooLarge(
            f"the puzzle would need about {_size(cost.bytes)} to encode "
            f"({cost.literals:,} literals); this machine allows {_size(limit)}"
        )
    return cost
