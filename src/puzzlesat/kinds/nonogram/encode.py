"""Nonogram to CNF in the order encoding of block starts.

Line logic (lines.py) runs first and hands its forced cells over as unit clauses.

Each open line gets, for its block j, order variables "block j starts at or after cell p"
for the starts line logic still allows. Four families of short clauses tie them together:
the order chain, the gap of at least one cell between blocks, a cell covered by a block is
filled, and a cell between two blocks (or outside all) is empty. That is O(blocks x cells)
clauses of length 2-3 per line.

Why this one: it was measured against a regular (automaton) encoding, whose unit propagation
equals line logic, and two older ones: the order encoding is weaker under propagation, but
CDCL learns far better over block-start variables (`benchmarks/bench_sets.py --encoding`
and benchmarks/README.md have the figures).

Puzzles that are unique for a counting reason also get the parity counting constraints of
counting.py, when they are cheap and strong.
"""

from __future__ import annotations

from collections.abc import Sequence

from pysat.formula import IDPool

from ...core import Grid
from ...sat import Encoding, Progress
from .board import Line, Nonogram
from .cost import check_after_line_logic
from .counting import parity_clauses
from .lines import UNKNOWN, LineAutomaton, propagate


def block_starts(dfa: LineAutomaton, clue: Line, known: Sequence[int]) -> list[list[int]] | None:
    """Per block, the cells where it can still start given the known cells (None if none).

    The automaton is in the state right after block j's first cell exactly when that cell
    is where block j starts, so the states alive at each layer give the starts directly.
    """
    layers = dfa.alive(known)
    if layers is None:
        return None
    firsts, at = [], 1
    for block in clue:
        firsts.append(at)
        at += block + 1
    return [[c for c in range(len(known)) if layers[c + 1] >> q & 1] for q in firsts]


def encode_line(
    clue: Line, cells: Sequence[int], known: Sequence[int], pool: IDPool, clauses: list[list[int]]
) -> None:
    """Append the clauses tying `cells` (variable ids) to the block starts of `clue`.

    ge[j][p] is "block j starts at p or later", for lo[j] < p <= hi[j] (the first and last
    start line logic allows); below that range it is true, above it false. Loops run only
    over the cells where no literal is constant true, so no clause is built just to be
    dropped (this is most of the encoding time on 25x25 puzzles).
    """
    starts = block_starts(LineAutomaton(clue), clue, known)
    if starts is None:
        clauses.append([])  # line logic already proved this line impossible
        return
    add, k, n = clauses.append, len(clue), len(cells)
    lo = [s[0] for s in starts]
    hi = [s[-1] for s in starts]
    ge = [{p: pool.id() for p in range(lo[j] + 1, hi[j] + 1)} for j in range(k)]
    for j, length in enumerate(clue):
        var, possible = ge[j], set(starts[j])
        for p in range(lo[j] + 1, hi[j]):
            add([-var[p + 1], var[p]])  # the order chain
            if p not in possible:  # a hole: "at or after p" means "at or after p + 1"
                add([-var[p], var[p + 1]])
        if j + 1 < k:  # the next block starts at least one cell after this one ends
            for p in range(lo[j] + 1, hi[j] + 1):
                q = p + length + 1
                if q > hi[j + 1]:
                    add([-var[p]])
                elif q > lo[j + 1]:
                    add([-var[p], ge[j + 1][q]])
        for c in range(lo[j], hi[j] + length):  # started by c and not ended before: filled
            clause = [cells[c]]
            if c - length + 1 > lo[j]:
                clause.append(-var[c - length + 1])
            if c + 1 <= hi[j]:
                clause.append(var[c + 1])
            add(clause)
    for j in range(k + 1):  # after block j-1 ended (or none) and before block j: empty
        first = lo[j - 1] + clue[j - 1] if j else 0
        last = hi[j] - 1 if j < k else n - 1
        for c in range(first, last + 1):
            clause = [-cells[c]]
            if j and c - clue[j - 1] + 1 <= hi[j - 1]:
                clause.append(ge[j - 1][c - clue[j - 1] + 1])
            if j < k and c + 1 > lo[j]:
                clause.append(-ge[j][c + 1])
            add(clause)


def encode(board: Nonogram, progress: Progress | None = None) -> Encoding:
    """CNF of the whole puzzle and the cell variables (row-major).

    Line logic runs first: the cells it forces become unit clauses and fully decided lines
    need no clauses at all. If line logic finds a contradiction, the full CNF is built so
    that the SAT solver, not the shortcut, says there is no solution. What is left open
    must fit in memory (cost.check), or TooLarge is raised before any clause is built.
    `progress` hears "line logic", then "encoding".
    """
    w, h = board.width, board.height
    if progress is not None:
        progress("line logic")
    forced = propagate(board.rows, board.cols)
    known = forced or [[UNKNOWN] * w for _ in range(h)]
    check_after_line_logic(board, known)
    if progress is not None:
        progress("encoding")
    pool = IDPool(start_from=w * h + 1)
    clauses: list[list[int]] = [
        [r * w + c + 1 if v else -(r * w + c + 1)]
        for r, row in enumerate(known)
        for c, v in enumerate(row)
        if v != UNKNOWN
    ]
    for r, clue in enumerate(board.rows):
        if UNKNOWN in known[r]:
            cells = [r * w + c + 1 for c in range(w)]
            encode_line(clue, cells, known[r], pool, clauses)
    for c, clue in enumerate(board.cols):
        column = [known[r][c] for r in range(h)]
        if UNKNOWN in column:
            cells = [r * w + c + 1 for r in range(h)]
            encode_line(clue, cells, column, pool, clauses)
    line_solvable = forced is not None and all(UNKNOWN not in row for row in forced)
    facts = {"line_solvable": line_solvable}
    if not line_solvable:
        counting, facts["counting_constraints"] = parity_clauses(board, known, pool)
        clauses += counting
    return Encoding(clauses, list(range(1, w * h + 1)), facts=facts)


def decode(board: Nonogram, values: Sequence[bool]) -> Grid:
    w = board.width
    return tuple(tuple(int(values[r * w + c]) for c in range(w)) for r in range(board.height))
