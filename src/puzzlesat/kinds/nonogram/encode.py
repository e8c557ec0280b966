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

Black and white, line logic and these clauses are built by `_native`, their C twin, where
setup.py could compile it (the Python here is then the reference the tests hold it to).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from pysat.formula import IDPool

from ...core import Grid
from ...sat import Encoding, Progress
from .board import Line, Nonogram, gaps_between
from .cost import check_after_line_logic
from .counting import parity_clauses
from .lines import UNKNOWN, ColourAutomaton, LineAutomaton, propagate, propagate_colours

try:
    from . import _native
except ImportError:  # installed without a C compiler: the Python below does it all
    _native = None

BELIEF_ROUNDS = 50  # rounds of belief propagation for the hard phases (benchmarks/README.md)
# Its sums over a line take (blocks + 1) x (cells + 2) long doubles, and a round that many
# steps a line: beyond these bounds the hard racer does without (Kissat) rather than spend
# its memory, or seconds before it starts (Faase takes about a fifth of the work bound).
BELIEF_MAX_TABLE = 1 << 21
BELIEF_MAX_WORK = 100_000_000  # rounds x the sum of the lines' tables


def _native_for(board: Nonogram):
    """`_native` where it was built and takes a board of this size, by the limits it names;
    else None, and the Python does it. (A build from before it named them took sides up to
    100,000: such a board is no reason for an internal error.)"""
    if _native is None:
        return None
    w, h = board.width, board.height
    most_side = getattr(_native, "MOST_SIDE", 100_000)
    most_cells = getattr(_native, "MOST_CELLS", 100_000_000)
    return _native if max(w, h) <= most_side and w * h <= most_cells else None


def block_starts(dfa: LineAutomaton, clue: Line, known: Sequence[int]) -> list[list[int]] | None:
    """Per block, the cells where it can still start given the known cells (None if none).

    The automaton is in the state right after block j's first cell exactly when that cell
    is where block j starts, so the states alive at each layer give the starts directly.
    """
    layers = dfa.alive(known)
    return None if layers is None else _starts_of(clue, layers, len(known))


def encode_line(
    clue: Line,
    cells: Sequence[int],
    known: Sequence[int],
    pool: IDPool,
    clauses: list[list[int]],
    starts: list[list[int]] | None = None,
    gaps: Sequence[int] | None = None,
    painted: Sequence[Sequence[int]] | None = None,
) -> None:
    """Append the clauses tying `cells` (variable ids) to the block starts of `clue`.

    ge[j][p] is "block j starts at p or later", for lo[j] < p <= hi[j] (the first and last
    start line logic allows); below that range it is true, above it false. Loops run only
    over the cells where no literal is constant true, so no clause is built just to be
    dropped (this is most of the encoding time on 25x25 puzzles).

    A colour line gives its own `starts`, the `gaps` after each block (1 before a block of
    the same colour, 0 before another) and `painted[j]`, per cell the literal "this cell has
    block j's colour", which a cell covered by block j must satisfy (black and white: filled).
    """
    if starts is None:
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
        gap = gaps[j] if gaps is not None else 1
        covered = painted[j] if painted is not None else cells
        for p in range(lo[j] + 1, hi[j]):
            add([-var[p + 1], var[p]])  # the order chain
            if p not in possible:  # a hole: "at or after p" means "at or after p + 1"
                add([-var[p], var[p + 1]])
        if j + 1 < k:  # the next block starts at least `gap` cells after this one ends
            for p in range(lo[j] + 1, hi[j] + 1):
                q = p + length + gap
                if q > hi[j + 1]:
                    add([-var[p]])
                elif q > lo[j + 1]:
                    add([-var[p], ge[j + 1][q]])
        for c in range(lo[j], hi[j] + length):  # started by c and not ended before: filled
            clause = [covered[c]]
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
    if board.is_colour:
        return _encode_colour(board, progress)
    w, h = board.width, board.height
    if progress is not None:
        progress("line logic")
    forced, grid = _line_logic(board)
    known = forced or [[UNKNOWN] * w for _ in range(h)]
    check_after_line_logic(board, known)
    if progress is not None:
        progress("encoding")
    pool = IDPool(start_from=w * h + 1)
    clauses = _line_clauses(board, grid, known, pool)
    line_solvable = forced is not None and all(UNKNOWN not in row for row in forced)
    facts = {"line_solvable": line_solvable}
    if not line_solvable:
        counting, facts["counting_constraints"] = parity_clauses(board, known, pool)
        clauses += counting
    # The racing MiniSat starts with every block as far right as it goes, the first as far
    # left (MiniSat's own first phase is false: "block j starts before p"). With no block
    # open there is nothing to start elsewhere, and no race.
    late_starts = range(w * h + 1, pool.top + 1) or None
    return Encoding(
        clauses,
        list(range(1, w * h + 1)),
        facts=facts,
        partner_phases=late_starts,
        hard_phases=_believed(board, grid) if late_starts else None,
    )


def _believed(board: Nonogram, grid: bytes | None) -> Callable[[], list[int]] | None:
    """The phases belief propagation finds likelier (`_native.phases`), computed only when
    asked: the hard strategy asks for them, on the few puzzles it runs on. C only, and not
    past the bounds of its tables and work: the hard strategy then runs Kissat as it did."""
    tables = [(len(clue) + 1) * (board.width + 2) for clue in board.rows]
    tables += [(len(clue) + 1) * (board.height + 2) for clue in board.cols]
    too_big = max(tables) > BELIEF_MAX_TABLE or BELIEF_ROUNDS * sum(tables) > BELIEF_MAX_WORK
    if _native_for(board) is None or too_big:
        return None
    return partial(_phases, board, grid)


def _phases(board: Nonogram, grid: bytes | None) -> list[int]:
    first_var = board.width * board.height + 1
    return _native.phases(board.rows, board.cols, grid, first_var, BELIEF_ROUNDS)[0]


def _line_logic(board: Nonogram) -> tuple[list[list[int]] | None, bytes | None]:
    """lines.propagate, in C where it was built: the grid it leaves (None on a
    contradiction), and C's own form of it for `_line_clauses` (bytes, 2 for open)."""
    if _native_for(board) is None:
        return propagate(board.rows, board.cols), None
    grid = _native.line_logic(board.rows, board.cols)
    if grid is None:
        return None, None
    w = board.width
    rows = [[UNKNOWN if v == 2 else v for v in grid[r : r + w]] for r in range(0, len(grid), w)]
    return rows, grid


def _line_clauses(
    board: Nonogram, grid: bytes | None, known: list[list[int]], pool: IDPool
) -> list[list[int]]:
    """`line_clauses`, in C where it was built (from `grid`, None for all open), drawing its
    variables from `pool` as encode_line does."""
    if _native_for(board) is None:
        return line_clauses(board, known, pool)
    clauses, pool.top = _native.order_encoding(board.rows, board.cols, grid, pool.top + 1)
    return clauses


def line_clauses(board: Nonogram, known: list[list[int]], pool: IDPool) -> list[list[int]]:
    """The unit clauses of the cells line logic decided, then every open line's clauses
    (rows first): the reference that `_native.order_encoding` is held to."""
    w, h = board.width, board.height
    clauses = [
        [r * w + c + 1 if v else -(r * w + c + 1)]
        for r, row in enumerate(known)
        for c, v in enumerate(row)
        if v != UNKNOWN
    ]
    for r, clue in enumerate(board.rows):
        if UNKNOWN in known[r]:
            encode_line(clue, [r * w + c + 1 for c in range(w)], known[r], pool, clauses)
    for c, clue in enumerate(board.cols):
        column = [known[r][c] for r in range(h)]
        if UNKNOWN in column:
            encode_line(clue, [r * w + c + 1 for r in range(h)], column, pool, clauses)
    return clauses


def _gaps(colours: Line) -> list[int]:
    """Cells needed after each block: one before a block of its colour, none before another
    (the last block's gap bounds nothing)."""
    return [*gaps_between(colours), 1]


def _colour_vars(board: Nonogram, known: list[list[int]], pool: IDPool):
    """Per cell, a variable for each colour 1..K: its own where the cell is still open to
    that colour; where it is not, or the cell is decided, one shared variable fixed false or
    true (so a board line logic nearly solves costs next to nothing). Returns them and the
    unit clauses fixing the shared two."""
    true, false = pool.id(), pool.id()
    ncolours = len(board.colors)
    paint = []
    for row in known:
        out = []
        for values in row:
            decided = values & (values - 1) == 0
            out.append(
                [
                    (true if decided else pool.id()) if values >> k & 1 else false
                    for k in range(1, ncolours + 1)
                ]
            )
        paint.append(out)
    return paint, [[true], [-false]]


def _cell_clauses(filled: int, colours: list[int], values: int) -> list[list[int]]:
    """An open cell: filled <-> one of its colours, at most one colour."""
    open_ = [lit for k, lit in enumerate(colours, 1) if values >> k & 1]
    out = [[-filled, *open_]]
    if not values & 1:
        out.append([filled])
    out += [[-lit, filled] for lit in open_]
    out += [[-a, -b] for i, a in enumerate(open_) for b in open_[i + 1 :]]
    return out


def _encode_colour(board: Nonogram, progress: Progress | None) -> Encoding:
    """The colour puzzle: a filled variable per cell (as in black and white) and a variable
    per colour the cell may take; each line in the order encoding of its block starts, with
    the gap after a block 1 or 0 and a covered cell painted in its block's colour."""
    w, h = board.width, board.height
    if progress is not None:
        progress("line logic")
    forced = propagate_colours(
        board.rows, board.cols, board.row_colours, board.col_colours, len(board.colors)
    )
    everything = (1 << (len(board.colors) + 1)) - 1
    known = forced or [[everything] * w for _ in range(h)]
    check_after_line_logic(board, known)
    if progress is not None:
        progress("encoding")
    pool = IDPool(start_from=w * h + 1)
    paint, clauses = _colour_vars(board, known, pool)
    for r in range(h):
        for c in range(w):
            values, filled = known[r][c], r * w + c + 1
            if values & (values - 1):
                clauses += _cell_clauses(filled, paint[r][c], values)
            else:
                clauses.append([filled] if values > 1 else [-filled])
    lines = [
        (clue, colours, [(r, c) for c in range(w)], known[r])
        for r, (clue, colours) in enumerate(zip(board.rows, board.row_colours))
    ] + [
        (clue, colours, [(r, c) for r in range(h)], [known[r][c] for r in range(h)])
        for c, (clue, colours) in enumerate(zip(board.cols, board.col_colours))
    ]
    for clue, colours, places, line_known in lines:
        if all(v & (v - 1) == 0 for v in line_known):
            continue  # decided by line logic: its cells' unit clauses say it all
        swept = ColourAutomaton(clue, colours).sweep(line_known)
        if swept is None:
            clauses.append([])
            continue
        starts = _starts_of(clue, swept[1], len(places))
        cells = [r * w + c + 1 for r, c in places]
        by_colour = {k: [paint[r][c][k - 1] for r, c in places] for k in set(colours)}
        painted = [by_colour[k] for k in colours]  # shared by the blocks of one colour
        encode_line(clue, cells, (), pool, clauses, starts, _gaps(colours), painted)
    line_solvable = forced is not None and all(v & (v - 1) == 0 for row in forced for v in row)
    decision = [lit for row in paint for cell in row for lit in cell]
    return Encoding(clauses, decision, facts={"line_solvable": line_solvable})


def _starts_of(clue: Line, layers: list[int], n: int) -> list[list[int]]:
    """Per block, the cells where it may start: the state right after its first cell is
    alive there (the colour automaton numbers its states as the black-and-white one).
    One pass over the layers, each block's bit tested where the layer has any."""
    firsts, at = [], 1
    for block in clue:
        firsts.append(at)
        at += block + 1
    starts: list[list[int]] = [[] for _ in clue]
    for c in range(n):
        alive = layers[c + 1]
        if alive:
            for j, q in enumerate(firsts):
                if alive >> q & 1:
                    starts[j].append(c)
    return starts


def _colour_of(flags: Sequence[bool]) -> int:
    """A cell's colour from its colour variables; -1 (no colour at all, which the checker
    refuses) when more than one is on, so that a broken model never decodes to an answer."""
    on = [i + 1 for i, flag in enumerate(flags) if flag]
    return on[0] if len(on) == 1 else -1 if on else 0


def decode(board: Nonogram, values: Sequence[bool]) -> Grid:
    """The grid of the answer: 0/1, or colour indices for a colour puzzle (the decision
    variables are then every cell's colour variables, cell by cell, colour by colour)."""
    w = board.width
    if not board.is_colour:
        return tuple(tuple(int(values[r * w + c]) for c in range(w)) for r in range(board.height))
    k = len(board.colors)
    cells = [_colour_of(values[n * k : n * k + k]) for n in range(w * board.height)]
    return tuple(tuple(cells[r * w : r * w + w]) for r in range(board.height))
