"""Many Sudokus fast: a file of thousands of puzzles, each answer checked and proven unique.

`solve_many(boards)` yields `(board, status, solutions)` in input order. Boards are taken
CHUNK at a time and grouped by shape; each group is solved together. Boxed shapes go to
the C engine first (native.py); what it gives up on (or all, where it is not built) takes
the steps below, and only then is numpy imported: its import alone takes longer than the C
engine needs for a file of thousands.

1. Contradictory givens (a digit twice in a unit, a digit out of 1..n) are caught before
   any search or SAT call: no solution.
2. Propagation on bit sets, for every puzzle of the group at once as numpy arrays (a
   column of n*n candidate masks per puzzle): naked singles, hidden singles and locked
   candidates (pointing and claiming), round after round to a fixpoint. A puzzle that
   propagation alone fills is unique by that proof (every step was forced).
3. Search for the rest, still all puzzles at once: a state that propagation leaves open is
   split on a cell with fewest candidates (its lowest digit, or the others), both halves
   propagated, until every branch is filled or contradicted. Every branch is tried, so
   one filled branch is a unique answer and a second one ends the puzzle as multiple.
   States are propagated BATCH at a time, the first choices before the others (depth
   first, so a puzzle with many answers finds two quickly).
4. SAT for what search leaves: a puzzle that needs more than NODE_BUDGET search states, a
   jigsaw, a size past 32, or any puzzle when numpy is missing. One incremental MiniSat per
   shape holds the rules; each puzzle's givens (or the cells propagation fixed) are
   assumptions; the first answer is blocked by a clause guarded by a fresh activation
   literal `act` (`[-act] + blocking`, solved assuming `act`: `sat.two_models`), and
   `[-act]` is added after the puzzle so the clause is dead for every later one. The solver
   is replaced every RECYCLE puzzles, since each puzzle adds a variable to every model it
   returns. With a time limit, each puzzle's SAT part gets that long; a puzzle still open
   then is unknown, and the solver goes on with the next.

   This CNF is the rules alone, shared by every puzzle of a shape, not encode.py's smaller
   CNF per puzzle: a fresh solver a puzzle ran 5-20x slower (benchmarks/README.md, "One
   incremental solver or one per puzzle").

Every answer is checked against the rules before it is reported, independently of how it
was found: the C and numpy answers all at once (`check.answers_hold`, `_Batch.check`), the
SAT answers by the kind's own `check.is_solution`. A rejected answer raises CheckFailed.

benchmarks/README.md ("bench_sudoku.py", "bench_cli.py") has the figures behind these
choices, and what did not pay.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import chain, islice
from typing import TYPE_CHECKING, Any

from ...core import CheckFailed, Grid, Status, gc_paused
from . import native
from .board import Sudoku, default_box
from .check import group_box, is_solution
from .layout import layout

if TYPE_CHECKING:
    from .incremental import Incremental

np: Any = None  # numpy once a puzzle needs it (_numpy); False where it is not installed

CHUNK = 16384  # puzzles taken from the input and solved together
BATCH = 8192  # 9x9 search states a round works on (fewer for larger grids, same bytes)
NODE_BUDGET = 20_000  # search states one puzzle may use before SAT takes it over
RECYCLE = 1000  # puzzles one incremental solver answers before a fresh one replaces it

Outcome = tuple[Sudoku, Status, tuple[Grid, ...]]
Progress = Callable[[str], None]
STATUS = (Status.NONE, Status.UNIQUE, Status.MULTIPLE)


def solve_many(
    boards: Iterable[Sudoku],
    progress: Progress | None = None,
    *,
    engine: str = "auto",
    timeout: float | None = None,
) -> Iterator[Outcome]:
    """(board, status, solutions) for each board, in input order; 0, 1 or 2 solutions
    (none, and the status unknown, for a puzzle whose SAT part took over `timeout` seconds).

    `engine`: "auto" (for boxed shapes the C engine, then the numpy search, then SAT; SAT for
    the rest), "search" (numpy, then SAT, insisting on numpy), or "sat" (SAT for every puzzle,
    propagated cells as assumptions when numpy is there). `progress`, when given, is called
    with a short step name as each chunk of puzzles starts (it must not raise)."""
    if engine not in ("auto", "search", "sat"):
        raise ValueError(f"unknown engine {engine!r}; use auto, search or sat")
    if engine == "search" and _numpy() is None:
        raise ImportError("the search engine needs numpy")
    sat = _SatPool(timeout)
    done = 0
    it = iter(boards)
    while chunk := list(islice(it, CHUNK)):
        if progress is not None:
            progress(f"solving puzzles {done + 1:,}-{done + len(chunk):,}")
        yield from _solve_chunk(chunk, engine, sat)
        done += len(chunk)


# --------------------------------------------------------------------------- one chunk
def _solve_chunk(chunk: list[Sudoku], engine: str, sat: _SatPool) -> Iterator[Outcome]:
    groups: dict = {}
    for i, board in enumerate(chunk):
        groups.setdefault((len(board.grid), board.box, board.regions), []).append(i)
    answers: list = [()] * len(chunk)  # per board: its answers as grids
    with gc_paused():  # a chunk allocates many small tuples the collector need not scan
        for (n, box, regions), members in groups.items():
            boards = [chunk[i] for i in members]
            box = group_box(boards, n, box, regions)
            if engine == "auto" and native.takes(n, box, regions):
                found = _native_group(boards, n, box, sat)
            elif engine != "sat" and _batched(n, box, regions):
                found = _search_group(boards, n, box, sat)
            else:
                found = _sat_group(boards, n, box, sat)
            for i, grids in zip(members, _grids(found, n)):
                answers[i] = grids
        out = [(board, *_verdict(grids)) for board, grids in zip(chunk, answers)]
    yield from out


def _verdict(grids: tuple[Grid, ...] | None) -> tuple[Status, tuple[Grid, ...]]:
    """A puzzle's status and answers; None (out of time) is unknown."""
    return (Status.UNKNOWN, ()) if grids is None else (STATUS[len(grids)], grids)


def _grids(found: list[tuple[bytes, ...] | None], n: int) -> list[tuple[Grid, ...] | None]:
    """Each puzzle's answers as grids (None stays None: out of time). (Sharing the tuple of
    a row met before, as the reader does, cost more than it saved: answers repeat less.)"""
    return [
        None if answers is None else tuple([_grid(answer, n) for answer in answers])
        for answers in found
    ]


def _batched(n: int, box, regions) -> bool:
    """Whether the numpy engine takes the shape: boxes of at least 2x2, up to 32x32."""
    return regions is None and n <= 32 and min(box) >= 2 and _numpy() is not None


def _numpy() -> Any:
    """numpy, imported the first time a puzzle needs it; None where it is not installed."""
    global np
    if np is None:
        try:
            import numpy as np
        except ImportError:  # pragma: no cover - numpy is installed wherever the tests run
            np = False
    return np or None


def _native_group(boards: list[Sudoku], n: int, box, sat: _SatPool) -> list:
    """The C engine's answers; the puzzles it gives up on go to numpy (else SAT)."""
    raw, ok = _all_values(boards, n)
    found, gave_up = native.solve(raw, ok, n, box, NODE_BUDGET)
    if gave_up:
        rest = _search_group if _batched(n, box, None) else _sat_group
        for i, answers in zip(gave_up, rest([boards[i] for i in gave_up], n, box, sat)):
            found[i] = answers
    return found


def _grid(values: bytes, n: int) -> Grid:
    return tuple(zip(*[iter(values)] * n))  # row after row, each a tuple of ints


def _values(board: Sudoku) -> bytes | None:
    """The givens row after row as bytes (0 = empty); None when one is out of 0..n."""
    try:
        flat = bytes(chain.from_iterable(board.grid))
    except (ValueError, TypeError):  # past 255, below 0, not a number
        return None
    return flat if max(flat) <= board.size else None


def _all_values(boards: list[Sudoku], n: int) -> tuple[bytes, list[bool]]:
    """The givens of all boards (n*n bytes each) and whether each is within 0..n."""
    try:
        raw = bytes(chain.from_iterable(chain.from_iterable(b.grid for b in boards)))
        ok = [True] * len(boards)
    except (ValueError, TypeError):
        flat = [_values(b) for b in boards]
        ok = [v is not None for v in flat]
        raw = b"".join(v if v is not None else bytes(n * n) for v in flat)
    return raw, ok


def _clash(values: bytes, units) -> bool:
    """Whether a digit is given twice in one unit (the Python check, for the SAT path)."""
    for unit in units:
        seen = [values[i] for i in unit if values[i]]
        if len(seen) != len(set(seen)):
            return True
    return False


# --------------------------------------------------------------------------- SAT
class _SatPool:
    """The incremental solvers of the shapes met so far, one each."""

    def __init__(self, timeout: float | None = None):
        self.solvers: dict = {}
        self.timeout = timeout  # seconds each puzzle's SAT part may take (None: no limit)

    def solver(self, board: Sudoku) -> Incremental:
        from .incremental import Incremental  # pysat, for the puzzles the others give up on

        key = (board.size, board.box or (None if board.regions else default_box(board.size)),
               board.regions)
        if key not in self.solvers:
            self.solvers[key] = Incremental(board.size, layout(board).units, RECYCLE)
        return self.solvers[key]

    def __del__(self):
        for solver in self.solvers.values():
            solver.close()


def _sat_one(board: Sudoku, values: bytes, sat: _SatPool) -> tuple[bytes, ...] | None:
    """Up to two checked answers of one puzzle, `values` its known cells (givens or more);
    None when its time ran out."""
    n = board.size
    solver = sat.solver(board)
    found = solver.answers([i * n + v for i, v in enumerate(values) if v], sat.timeout)
    if found is None:
        return None
    for answer in found:
        if not is_solution(board, _grid(answer, n)):
            raise CheckFailed("the SAT answer to a Sudoku breaks its rules")
    return tuple(found)


def _sat_group(
    boards: list[Sudoku], n: int, box, sat: _SatPool
) -> list[tuple[bytes, ...] | None]:
    if _batched(n, box, boards[0].regions):
        # propagation first: puzzles it fills need no solver, the others get its cells
        return _search_group(boards, n, box, sat, search=False)
    out = []
    units = layout(boards[0]).units
    for board in boards:
        values = _values(board)
        if values is None or _clash(values, units):
            out.append(())
        else:
            out.append(_sat_one(board, values, sat))
    return out


# --------------------------------------------------------------------------- numpy
def _search_group(boards, n, box, sat, search=True) -> list[tuple[bytes, ...] | None]:
    """Answers of same-shape boxed boards, all at once: propagation and search (`search`),
    or propagation to a fixpoint and SAT for what it leaves open (None: out of time)."""
    engine = _Batch(n, box)
    count = len(boards)
    raw, ok = _all_values(boards, n)
    values = np.frombuffer(raw, dtype=np.uint8).reshape(count, n * n)
    good = np.array(ok) & (values.max(1) <= n)
    masks = engine.masks(np.where(good[:, None], values, 0))
    found: list[list[bytes]] = [[] for _ in range(count)]
    ids = np.flatnonzero(good)
    if search:
        gave_up = engine.search(np.take(masks, ids, axis=1), ids, found)
        known = [values[i].tobytes() for i in gave_up]  # SAT starts from the givens
    else:
        masks, ids, bad = engine.propagate(np.take(masks, ids, axis=1), ids)
        filled = engine.filled(masks) & ~bad
        for i, answer in zip(ids[filled].tolist(), engine.digits(masks[:, filled])):
            found[i].append(answer)
        rest = np.flatnonzero(~filled & ~bad)
        gave_up, known = ids[rest].tolist(), engine.fixed_values(masks[:, rest])
    unknown = set()
    for i, cells in zip(gave_up, known):
        answers = _sat_one(boards[i], cells, sat)
        if answers is None:
            unknown.add(i)
        found[i] = list(answers or ())
        engine.stats["sat"] += 1
    engine.check(values, found, good)
    return [None if i in unknown else tuple(f) for i, f in enumerate(found)]


class _Batch:
    """Propagation and search on many puzzles of one boxed shape at once.

    A state is a column of n*n candidate masks (bit d-1 for digit d), so the array of m
    states is (n*n, m), C-ordered: the rows of the grid, the columns and the boxes are
    then views of it (reshapes and strides, no copies), and each numpy operation works on
    all states at once.
    """

    def __init__(self, n: int, box: tuple[int, int]):
        _numpy()
        self.n = n
        self.br, self.bc = box  # rows and columns of a box
        self.bands, self.stacks = n // self.br, n // self.bc
        self.dtype = np.uint16 if n <= 16 else np.uint32
        self.full = self.dtype((1 << n) - 1)
        self.ones = self.dtype(np.iinfo(self.dtype).max)
        self.stats = {"states": 0, "rounds": 0, "state_rounds": 0, "sat": 0}

    # ---------------------------------------------------------------- masks and values

    def masks(self, values):
        """(count, n*n) digits (0 = empty) -> (n*n, count) candidate masks."""
        v = np.ascontiguousarray(values.T).astype(self.dtype)
        bit = self.dtype(1) << (np.maximum(v, 1) - self.dtype(1))
        return np.where(v > 0, bit, self.full).astype(self.dtype)

    def filled(self, masks):
        """Per state: every cell down to one candidate (the states given are not bad)."""
        return ~((masks & (masks - 1)) != 0).any(0) & (masks != 0).all(0)

    def digits(self, masks) -> list[bytes]:
        """Each filled state's digits, cell after cell."""
        cells = self.n * self.n
        raw = np.ascontiguousarray((_bit_index(masks) + 1).astype(np.uint8).T).tobytes()
        return [raw[i : i + cells] for i in range(0, len(raw), cells)]

    def fixed_values(self, masks) -> list[bytes]:
        """Per state, the digits of its decided cells (0 for the open ones)."""
        single = (masks & (masks - 1)) == 0
        digit = np.where(single, _bit_index(masks) + 1, 0).astype(np.uint8)
        return [bytes(col) for col in digit.T]

    # ---------------------------------------------------------------- one round

    def _units(self, x):
        """Per unit, the digits seen at least once and at least twice: rows (n, m),
        columns (n, m), boxes (bands, stacks, m). All views of `x`, no gathers."""
        n, m = self.n, x.shape[1]
        grid = x.reshape(n, n, m)
        by_box = x.reshape(self.bands, self.br, self.stacks, self.bc, m)
        out = []
        for parts in (
            [grid[:, k] for k in range(n)],  # rows, a column of cells at a time
            [grid[k] for k in range(n)],  # columns, a row of cells at a time
            [by_box[:, i, :, j] for i in range(self.br) for j in range(self.bc)],
        ):
            once = parts[0] | parts[1]
            twice = parts[0] & parts[1]
            for p in parts[2:]:
                twice |= once & p
                once |= p
            out += [once, twice]
        return out

    def _spread(self, rows, cols, boxes):
        """Per cell (n*n, m): its row's, its column's and its box's masks ORed."""
        n, m = self.n, rows.shape[-1]
        each = (rows[:, None] | cols[None, :]).reshape(self.bands, self.br, self.stacks, self.bc, m)
        each |= boxes[:, None, :, None]
        return each.reshape(n * n, m)

    def _round(self, x):
        """One round of naked singles, hidden singles and locked candidates: (new states,
        bad, decided), `bad` where a state has no answer, `decided` where every cell of the
        state given had one candidate."""
        full = self.full
        one = (x & (x - 1)) == 0
        decided = one.all(0)
        single = x * one  # a decided cell's bit, else 0
        r1, r2, c1, c2, b1, b2 = self._units(single)
        bad = (r2 | c2).any(0) | b2.any((0, 1))  # a digit decided twice in a unit
        y = x & (~self._spread(r1, c1, b1) | single)  # naked singles: out of the peers
        r1, r2, c1, c2, b1, b2 = self._units(y)
        bad |= ((r1 & c1) != full).any(0) | (b1 != full).any((0, 1))  # a digit with no place
        hidden = self._spread(r1 & ~r2, c1 & ~c2, b1 & ~b2) & y  # digits with one place
        bad |= (hidden & (hidden - 1)).any(0)  # a cell that is the one place of two digits
        y &= hidden | ((hidden == 0) * self.ones)  # (np.copyto(where=) was slower here)
        y = self._locked(y)
        bad |= (y == 0).any(0)
        return y, bad, decided

    def _locked(self, y):
        """Pointing and claiming: a digit of a box confined to one row (column) of it leaves
        the rest of that row (column); a digit of a row (column) confined to one box leaves
        the rest of that box."""
        m = y.shape[1]
        cells = y.reshape(self.bands, self.br, self.stacks, self.bc, m)
        seg = cells[:, :, :, 0] | cells[:, :, :, 1]  # row segments: (band, row in band, stack)
        for j in range(2, self.bc):
            seg |= cells[:, :, :, j]
        row_elim = _elsewhere(seg, 1, 2) | _elsewhere(seg, 2, 1)
        seg = cells[:, 0] | cells[:, 1]  # column segments: (band, stack, column in stack)
        for i in range(2, self.br):
            seg |= cells[:, i]
        col_elim = _elsewhere(seg, 2, 0) | _elsewhere(seg, 0, 2)
        cells = cells & ~(row_elim[:, :, :, None] | col_elim[:, None])
        return cells.reshape(self.n * self.n, m)

    # ---------------------------------------------------------------- to a fixpoint

    def propagate(self, x, ids):
        """Rounds to a fixpoint on every state: (states, their ids, bad), columns reordered
        (states that are done leave the working set when it halves)."""
        parts = []
        while True:
            self.stats["rounds"] += 1
            self.stats["state_rounds"] += x.shape[1]
            y, bad, _ = self._round(x)
            going = (y != x).any(0) & ~bad
            moving = int(going.sum())
            if not moving:
                x = y
                break
            if 2 * moving < len(going) or bad.any():  # drop the settled ones
                stop = np.flatnonzero(~going)
                parts.append((np.take(y, stop, axis=1), ids[stop], bad[stop]))
                keep = np.flatnonzero(going)
                x, ids = np.take(y, keep, axis=1), ids[keep]
            else:  # a settled state costs a round again: cheaper than moving the others
                x = y
        if not parts:
            return x, ids, bad
        parts.append((x, ids, bad))
        return (
            np.concatenate([p[0] for p in parts], axis=1),
            np.concatenate([p[1] for p in parts]),
            np.concatenate([p[2] for p in parts]),
        )

    # ---------------------------------------------------------------- search

    def _branch_cells(self, x):
        """Per state, the cell to split: fewest candidates; among those, the one whose row,
        column and box hold the most candidates (measured: 40% fewer states on the hardest
        puzzles than the first such cell; preferring the fewest was twice as many)."""
        n, m = self.n, x.shape[1]
        size = _popcount(x)  # uint8; 1 for a decided cell
        least = np.where(size > 1, size, 255).min(0)
        total = np.uint8 if 3 * n * n < 256 else np.uint16  # holds the sum of three units
        open_size = size * (size > 1).astype(total)
        grid = open_size.reshape(n, n, m)
        boxes = open_size.reshape(self.bands, self.br, self.stacks, self.bc, m)
        around = self._spread_sum(grid.sum(1, dtype=total), grid.sum(0, dtype=total),
                                  boxes.sum((1, 3), dtype=total))
        around *= size == least
        return around.argmax(0)

    def _spread_sum(self, rows, cols, boxes):
        """Per cell (n*n, m): its row's, its column's and its box's counts added."""
        n, m = self.n, rows.shape[-1]
        each = (rows[:, None] + cols[None, :]).reshape(self.bands, self.br, self.stacks, self.bc, m)
        each += boxes[:, None, :, None]
        return each.reshape(n * n, m)

    def search(self, x, ids, found) -> list[int]:
        """Fill `found` (answers per puzzle) for the states `x` of puzzles `ids`: every
        branch, until two answers. Returns the puzzles that ran past NODE_BUDGET states.

        One pool of states goes through round after round. A state that a round leaves
        unchanged is settled: filled (an answer), or split on a cell; its first half joins
        the pool at once, the other half waits on a stack that refills the pool when it
        runs below its size (depth first: a puzzle with many answers meets two soon). So
        every round works on a full pool, whatever depth its states are at, and the fixed
        cost of a round (some hundred numpy calls) is shared by thousands of states.
        """
        count = len(found)
        answers = np.array([len(f) for f in found])
        states = np.bincount(ids, minlength=count)
        self.stats["states"] += len(ids)
        cap = max(1, BATCH * 81 // (self.n * self.n))  # states a round works on
        stack: list = [(x[:, i : i + cap], ids[i : i + cap]) for i in range(0, len(ids), cap)]
        stack.reverse()  # the first puzzles first
        x, ids = x[:, :0], ids[:0]
        while True:
            if x.shape[1] < cap and stack:  # top up the pool from the stack
                xs, idss, size = [x], [ids], x.shape[1]
                while stack and size < cap:
                    more, more_ids = stack.pop()
                    xs.append(more)
                    idss.append(more_ids)
                    size += more.shape[1]
                x, ids = np.concatenate(xs, axis=1), np.concatenate(idss)
                if size > cap:
                    stack.append((x[:, cap:], ids[cap:]))
                    x, ids = x[:, :cap], ids[:cap]
            live = (answers[ids] < 2) & (states[ids] <= NODE_BUDGET)
            if not live.all():
                keep = np.flatnonzero(live)
                x, ids = np.take(x, keep, axis=1), ids[keep]
            if not x.shape[1]:
                if stack:
                    continue
                break
            self.stats["rounds"] += 1
            self.stats["state_rounds"] += x.shape[1]
            y, bad, decided = self._round(np.ascontiguousarray(x))
            settled = ~(y != x).any(0)
            settled &= ~bad
            filled = settled & decided  # unchanged, so y is as decided as x was
            if filled.any():
                for k, answer in zip(ids[filled].tolist(), self.digits(y[:, filled])):
                    if answers[k] < 2:
                        found[k].append(answer)
                    answers[k] += 1
            split = np.flatnonzero(settled & ~filled)
            moving = np.flatnonzero(~settled & ~bad)
            split_ids = ids[split]
            x, ids = np.take(y, moving, axis=1), ids[moving]
            if len(split):
                first, rest = self._split(np.take(y, split, axis=1))
                stack.append((rest, split_ids))  # the other digits, later
                x = np.concatenate([x, first], axis=1)  # the lowest digit, now
                ids = np.concatenate([ids, split_ids])
                states += 2 * np.bincount(split_ids, minlength=count)
                self.stats["states"] += 2 * len(split)
        over = np.flatnonzero((states > NODE_BUDGET) & (answers < 2))
        for k in over:
            found[k] = []
        return list(over)

    def _split(self, x):
        """Each open state in two: its branch cell down to the lowest digit, and without it."""
        cell = self._branch_cells(x)
        col = np.arange(x.shape[1])
        cands = x[cell, col]
        low = cands & (~cands + self.dtype(1))  # the lowest digit left
        first = x.copy()
        first[cell, col] = low
        x[cell, col] = cands ^ low
        return first, x

    # ---------------------------------------------------------------- the check

    def check(self, values, found, good) -> None:
        """Every answer against the rules and the givens, all at once (no propagation,
        no search: the digits alone). CheckFailed names the first puzzle that fails."""
        rows = [(i, a) for i, answers in enumerate(found) for a in answers]
        if not rows:
            return
        n = self.n
        which = np.array([i for i, _ in rows])
        digits = np.frombuffer(b"".join(a for _, a in rows), dtype=np.uint8).reshape(-1, n * n)
        given = values[which]
        good = ((given == 0) | (given == digits)).all(1) & good[which]
        good &= ((digits >= 1) & (digits <= n)).all(1)
        bits = (np.ones_like(digits, dtype=np.uint32) << (digits.astype(np.uint32) - 1)).T
        full = (1 << n) - 1
        grid = bits.reshape(n, n, -1)
        boxes = bits.reshape(self.bands, self.br, self.stacks, self.bc, -1)
        good &= (np.bitwise_or.reduce(grid, axis=1) == full).all(0)
        good &= (np.bitwise_or.reduce(grid, axis=0) == full).all(0)
        good &= (np.bitwise_or.reduce(np.bitwise_or.reduce(boxes, axis=3), axis=1) == full).all(
            (0, 1)
        )
        if not good.all():
            first = int(which[np.flatnonzero(~good)[0]])
            raise CheckFailed(f"the answer found to Sudoku {first + 1} of a batch breaks its rules")


def _elsewhere(seg, within: int, across: int):
    """Digits to remove from each segment because another segment holds them alone.

    `seg` is (a, b, c, m) segment masks; `within` is the axis along which segments share a
    box or line, `across` the axis along which the line or box continues. A digit in one
    segment only of its group along `within` is removed from the other segments of that
    segment's line along `across`.
    """
    alone = seg & ~_twice(seg, within)
    return np.bitwise_or.reduce(alone, axis=across, keepdims=True) & ~alone


def _twice(seg, axis: int):
    """Digits present in at least two entries along `axis` (broadcast back over it)."""
    parts = np.moveaxis(seg, axis, 0)
    once = parts[0] | parts[1]
    twice = parts[0] & parts[1]
    for p in parts[2:]:
        twice |= once & p
        once |= p
    return np.expand_dims(twice, axis)


def _popcount(x):
    if hasattr(np, "bitwise_count"):  # numpy 2
        return np.bitwise_count(x)
    out = np.zeros(x.shape, dtype=np.uint8)  # pragma: no cover - numpy 1
    y = x.copy()
    while y.any():
        out += (y & 1).astype(np.uint8)
        y >>= 1
    return out


def _bit_index(x):
    """The index of the lowest set bit (of a single-bit mask: its digit - 1)."""
    return _popcount((x & (~x + x.dtype.type(1))) - x.dtype.type(1)).astype(np.int64)
