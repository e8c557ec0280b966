"""What a nonogram's encoding will cost, bounded from its clues before any of it is built.

A line of many short blocks with room to move has blocks x slack order variables, so a board
well under the cell cap can still need gigabytes. The bound is arithmetic on the clues (no
line logic), linear in the board. Line logic can shrink an encoding to almost nothing, so a
board it may help is let through and checked again right after line logic, in the solver's
child and before any clause is built.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...budget import Cost, refuse_unless_fits
from .board import Line, Nonogram, from_picture, gaps_between
from .counting import MAX_SLACK, _budget, even_span, tight_families
from .lines import UNKNOWN

# Peak bytes of one solver child per literal and per cell, measured on real and generated
# encodings and rounded up (benchmarks/README.md): clauses of 1-3 literals, their lists dominate.
BYTES_PER_LITERAL = 105
BYTES_PER_CELL = 150


def line_bound(clue: Line, length: int, gaps: int | None = None) -> tuple[int, int]:
    """(literals, clauses) that nonogram.encode_line can add for this line, at most.

    Per block, line logic can only narrow its range of starts, which without known cells
    spans `slack` cells: the order chain and its holes (2 binary clauses per start), the
    gap to the next block (1), the cells it fills (slack + length, ternary), and the empty
    cells before it (slack + 1, ternary).
    """
    blocks = len(clue)
    gaps = blocks - 1 if gaps is None else gaps  # fewer in colour: blocks may touch
    slack = max(0, length - (sum(clue) + gaps))
    filled = sum(max(b, 0) for b in clue)
    literals = 9 * blocks * slack + 3 * filled + 3 * (blocks + 1) * (slack + 1)
    clauses = 4 * blocks * slack + filled + (blocks + 1) * (slack + 1)
    return literals, clauses


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
    its slack is at most MAX_SLACK, and even_span's placements never make it larger."""
    literals = clauses = 0
    for clues, length, cross in (
        (board.rows, board.width, board.cols),
        (board.cols, board.height, board.rows),
    ):
        for parity, value in tight_families(cross, clues, length, even_span):
            budget = _budget(cross, len(clues), parity, value)
            lits, count = _family_bound(len(clues), length, parity, budget)
            literals, clauses = literals + lits, clauses + count
    return literals, clauses


def estimate(board: Nonogram, known: Sequence[Sequence[int]] | None = None) -> Cost:
    """Unit clauses for the cells line logic fixes, the clauses of every line, counting.

    With `known` (the grid after line logic, UNKNOWN = -1 where open) the lines it decided
    cost nothing, nor does counting when it decided them all.
    """
    w, h = board.width, board.height
    literals = clauses = w * h
    if known is None:
        rows = cols = None
    else:
        if board.is_colour:
            rows = [any(map(_colour_open, row)) for row in known]
            cols = [any(_colour_open(row[c]) for row in known) for c in range(w)]
        else:  # `in` runs in C: a board line logic solved costs next to nothing
            rows = [UNKNOWN in row for row in known]
            cols = [UNKNOWN in column for column in zip(*known)]
    colours = (board.row_colours, board.col_colours) if board.is_colour else ((), ())
    for clues, blocks, length, open_ in (
        (board.rows, colours[0], w, rows),
        (board.cols, colours[1], h, cols),
    ):
        for i, clue in enumerate(clues):
            if open_ is None or open_[i]:
                gaps = sum(gaps_between(blocks[i])) if blocks else None
                lits, count = line_bound(clue, length, gaps)
                literals, clauses = literals + lits, clauses + count
    if board.is_colour:  # a variable per cell and colour, at most one colour a cell
        k = len(board.colors)
        literals += w * h * (k * k + 3 * k + 2)
        clauses += w * h * (k * (k - 1) // 2 + 2 * k + 2)
    elif known is None or any(rows):
        lits, count = _counting_bound(board)
        literals, clauses = literals + lits, clauses + count
    size = literals * BYTES_PER_LITERAL + w * h * BYTES_PER_CELL
    return Cost(literals, clauses, 0, size)


def _colour_open(values: int) -> bool:
    """A colour cell is open while more than one value is possible (bits of a bitmask)."""
    return values & (values - 1) != 0


def line_logic_may_help(board: Nonogram) -> bool:
    """Whether line logic can fix any cell at all: only if some line fixes one on its own,
    which a line with blocks does exactly when it has no slack or a block longer than it."""
    for clues, length in ((board.rows, board.width), (board.cols, board.height)):
        for clue in clues:
            slack = length - (sum(clue) + len(clue) - 1)
            if not clue or slack <= 0 or max(clue) > slack:
                return True
    return False


def stress(height: int, width: int) -> Nonogram:
    """A checkerboard's clues: every line as many blocks as it can hold."""
    return from_picture(tuple(tuple((r + c) % 2 for c in range(width)) for r in range(height)))


def line_logic_bytes(board: Nonogram) -> int:
    """What line logic itself takes, before any bound of the encoding is known: three tables
    of a line's blocks (or, in Python, its automaton's states) by its cells, for the most
    blocks and the longest line. A 5 x 199,999 board of lines of 99,900 blocks needs about
    120 GB here, where its cells alone suggest nothing of the kind."""
    most = max((sum(clue) + len(clue) for clue in (*board.rows, *board.cols)), default=0)
    return 3 * (most + 1) * (max(board.width, board.height) + 1)


def upfront(board: Nonogram) -> Cost:
    """The bound from the clues alone; `deferred` when line logic may yet bring it down, and
    then line logic's own tables are its floor."""
    cost = estimate(board)
    if not line_logic_may_help(board):
        return cost
    return cost._replace(deferred=True, floor=line_logic_bytes(board))


def check_after_line_logic(board: Nonogram, known: Sequence[Sequence[int]]) -> None:
    """What line logic left open must fit, or TooLarge before a single clause is built."""
    refuse_unless_fits(estimate(board, known))
