"""Colour nonograms: puzzlesat against a plain one-hot SAT baseline (and pynogram), in one run.

Rows (puzzles of random pictures come from a seeded generator, clues by `from_picture`):

    random40  20 random 40x40 pictures, 4-8 colours, fill 0.5-0.85       >= 5x faster than the
              (every pair of colours 4..8 x fill 0.5/0.62/0.73/0.85)     baseline, end to end
    gen50     a random 50x50 picture, 5 colours, fill 0.7 (--fill)       < 0.5 s end to end
    gen150    a random 150x150 picture, 10 colours, fill 0.7 (--fill)    < 3 s end to end
    set       the 4 puzzles of ../shared/data/nonogram/colour/            each equals its
              colour-set.jsonl                                            known answer
    blobs40   only with --only: 4 random 40x40 pictures, 4 colours,      no target
              fill 0.5, after one round of majority smoothing (patches
              instead of noise); here the SAT search, not line logic,
              takes the time

A random picture paints each cell, with probability `fill`, in one of its colours drawn
uniformly, else leaves it background. Such pictures are rarely unique: two same-coloured
cells on a diagonal of a 2x2 square whose other two cells are background can usually swap.

Every puzzle is solved three ways, each doing the same job: find an answer, block it, and look
for a second one (status unique / multiple / none):

    puzzlesat  `puzzlesat.solve.solve(board)` in this process, no timeout (so MiniSat alone):
               validation, colour line logic, the order encoding of block starts, both SAT
               calls, decoding and the answer checks. line-solv. = result.facts["line_solvable"]
    baseline   a plain one-hot encoding written below (OneHotBaseline), no line logic: per cell
               exactly one of background + K colour variables, per block a one-hot start,
               pairwise ordering with the gap rule (1 cell between blocks of one colour, 0 between
               different ones), cell colour k iff a block of colour k covering it is placed there.
               MiniSat 2.2 (pysat "minisat22", puzzlesat's solver too), in a forked child killed at
               --baseline-timeout; its figure is encode + both solves, timed in the child. A
               puzzle whose baseline CNF would pass --baseline-cap clauses is "too big".
    pynogram   tsionyx/pynogram (line solving, contradictions, then search; max_solutions=2), in
               the venv given by --pynogram-python with its source on PYTHONPATH, one child
               process per run killed at --pynogram-timeout; its figure is make_board + solve,
               timed inside the child (interpreter start-up not counted). Skipped if absent.

Times are wall-clock seconds, the best of --repeat runs per puzzle (the contenders take turns
on each puzzle); a row's figure is the sum over its puzzles. ratio = other / puzzlesat, so above
1 means puzzlesat is faster; ">" marks a lower bound (some puzzle ran out of time, counted at
its timeout). Every answer is checked against the clues by puzzlesat's checker, the statuses of
all contenders must agree, a unique answer must equal the picture (or the known solution), and
the unique answers must agree. Not run in CI. Exit code 1 if any check fails.

    python benchmarks/bench_colour.py [--only random40,gen50,gen150,set] [--repeat 3]
                                      [--seed 1] [--count 20] [--fill 0.7] [--json]
                                      [--baseline-timeout 60] [--baseline-cap N]
                                      [--no-baseline]
                                      [--pynogram-python PY] [--pynogram-src DIR]
                                      [--pynogram-timeout 60] [--no-pynogram]
"""

from __future__ import annotations

import argparse
import gc
import json
import multiprocessing as mp
import os
import platform
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from math import comb
from pathlib import Path

from pysat.solvers import Solver

from puzzlesat.core import Grid
from puzzlesat.kinds.nonogram.board import Nonogram, from_json, from_picture
from puzzlesat.kinds.nonogram.check import is_solution
from puzzlesat.solve import solve

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SET = ROOT / ".." / "shared" / "data" / "nonogram" / "colour" / "colour-set.jsonl"
DEFAULT_PYNOGRAM_PYTHON = Path("/tmp/pynogram-venv/bin/python")
DEFAULT_PYNOGRAM_SRC = Path("/tmp/pynogram-src")
RATIO_TARGET = 5.0
BASELINE_SOLVER = "minisat22"
BASELINE_CLAUSE_CAP = 20_000_000  # past this the baseline is reported "too big", not built
ROWS = ("random40", "gen50", "gen150", "set", "blobs40")
DEFAULT_ROWS = ROWS[:4]  # blobs40 only when asked for (--only): minutes of SAT search


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- puzzles


def random_picture(seed: int, height: int, width: int, colours: int, fill: float):
    """A seeded random picture of colour indices (0 = background) and its palette."""
    rng = random.Random(seed)
    grid = tuple(
        tuple(rng.randint(1, colours) if rng.random() < fill else 0 for _ in range(width))
        for _ in range(height)
    )
    palette = tuple(f"{v:06x}" for v in rng.sample(range(1 << 24), colours))
    return grid, palette


def smoothed(grid: Grid, rounds: int) -> Grid:
    """Majority smoothing: a cell takes the commonest value of its 3x3 neighbourhood when at
    least 4 of those cells hold it (first met wins a tie). Turns noise into patches."""
    h, w = len(grid), len(grid[0])
    for _ in range(rounds):
        out = [list(row) for row in grid]
        for r in range(h):
            for c in range(w):
                votes = Counter(
                    grid[i][j]
                    for i in range(max(0, r - 1), min(h, r + 2))
                    for j in range(max(0, c - 1), min(w, c + 2))
                )
                value, count = votes.most_common(1)[0]
                if count >= 4:
                    out[r][c] = value
        grid = tuple(map(tuple, out))
    return grid


@dataclass
class Puzzle:
    name: str
    board: Nonogram
    known: Grid | None  # the picture it was made from, or the set's known solution
    colours: int
    fill: float | None = None


def generated(
    name: str, seed: int, size: int, colours: int, fill: float, smooth: int = 0
) -> Puzzle:
    grid, palette = random_picture(seed, size, size, colours, fill)
    grid = smoothed(grid, smooth)
    board = from_picture(grid, palette, title=name)
    return Puzzle(name, board, grid, colours, fill)


def random40(seed: int, count: int) -> list[Puzzle]:
    """count 40x40 puzzles; puzzle i has 4 + i % 5 colours and fill 0.5 + 0.35 * (i % 4) / 3,
    so 20 of them cover every (colours, fill) pair once."""
    out = []
    for i in range(count):
        colours, fill = 4 + i % 5, round(0.5 + 0.35 * (i % 4) / 3, 3)
        out.append(
            generated(f"r40-{i:02d} k{colours} f{fill:.2f}", seed * 1000 + i, 40, colours, fill)
        )
    return out


def colour_set(path: Path) -> list[Puzzle]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        doc = json.loads(line)
        puzzle = {"colors": doc["colors"], "rows": doc["rows"], "cols": doc["cols"]}
        board = from_json(puzzle, str(path))
        known = tuple(tuple(row) for row in doc["solution"])
        out.append(Puzzle(doc["name"], board, known, len(doc["colors"])))
    return out


@dataclass
class RowSpec:
    name: str
    label: str
    target: str
    seconds: float | None  # end-to-end target for puzzlesat on the row; None: other or none
    ratio: float | None  # target of baseline / puzzlesat on the row
    puzzles: Callable[[], list[Puzzle]] = field(repr=False)


def build_rows(args) -> list[RowSpec]:
    fill = args.fill
    return [
        RowSpec(
            "random40",
            f"random 40x40, 4-8 colours ({args.count})",
            f">= {RATIO_TARGET:g}x baseline",
            None,
            RATIO_TARGET,
            lambda: random40(args.seed, args.count),
        ),
        RowSpec(
            "gen50",
            f"random 50x50, 5 colours, fill {fill:g}",
            "< 0.5 s",
            0.5,
            None,
            lambda: [generated(f"g50 k5 f{fill:g}", args.seed * 1000 + 500, 50, 5, fill)],
        ),
        RowSpec(
            "gen150",
            f"random 150x150, 10 colours, fill {fill:g}",
            "< 3 s",
            3.0,
            None,
            lambda: [generated(f"g150 k10 f{fill:g}", args.seed * 1000 + 1500, 150, 10, fill)],
        ),
        RowSpec(
            "set",
            "colour-set.jsonl (4 puzzles)",
            "known answers",
            None,
            None,
            lambda: colour_set(args.set),
        ),
        RowSpec(
            "blobs40",
            "smoothed 40x40, 4 colours, fill 0.5 (4)",
            "—",
            None,
            None,
            lambda: [generated(f"b40-{i} k4 f0.5 s1", i, 40, 4, 0.5, smooth=1) for i in range(4)],
        ),
    ]


# --------------------------------------------------------------------------- puzzlesat


@dataclass
class Run:
    """One contender on one puzzle. seconds: end to end; None when it did not run."""

    seconds: float | None
    status: str  # unique / multiple / none / timeout / too big / error / skipped
    solutions: tuple = ()
    encode: float = 0.0
    solve: float = 0.0
    prove: float = 0.0
    variables: int = 0
    clauses: int = 0
    line_solvable: bool | None = None
    note: str = ""
    cpu: float | None = None  # CPU seconds of the process that did the work, same span

    @property
    def decided(self) -> bool:
        return self.status in ("unique", "multiple", "none")


def run_puzzlesat(board: Nonogram) -> Run:
    gc.collect()
    cpu = time.process_time()
    start = time.perf_counter()
    result = solve(board)
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return Run(
        seconds,
        result.status.value,
        result.solutions,
        result.timings.get("encode", 0.0),
        result.timings.get("solve", 0.0),
        result.timings.get("prove", 0.0),
        result.variables,
        result.clauses,
        result.facts.get("line_solvable"),
        cpu=cpu,
    )


# --------------------------------------------------------------------------- the baseline


def _gaps(colours: Sequence[int]) -> list[int]:
    """Cells needed after each block: 1 before a block of its colour, 0 before another."""
    return [int(a == b) for a, b in zip(colours, colours[1:])] + [0]


def baseline_size(board: Nonogram) -> int:
    """The baseline's clause count, from the clues alone (to refuse a puzzle before building)."""
    k = len(board.colors)
    total = board.width * board.height * (1 + comb(k + 1, 2))
    lines = [(c, cc, board.width) for c, cc in zip(board.rows, board.row_colours)]
    lines += [(c, cc, board.height) for c, cc in zip(board.cols, board.col_colours)]
    for clue, colours, n in lines:
        if not clue:
            total += n
            continue
        slack = n - sum(clue) - sum(_gaps(colours))
        pairs = comb(slack + 1, 2)
        total += len(clue) * (1 + pairs) + (len(clue) - 1) * pairs
        total += (slack + 1) * sum(clue) + n * k
    return total


class OneHotBaseline:
    """A plain one-hot + block-start CNF of a colour nonogram, no line logic.

    Cell (r, c) has K + 1 variables, value v = 0 (background) .. K: variable
    (r * W + c) * (K + 1) + v + 1, exactly one of them true (the list, then every pair).
    Rows first, then columns; block j of a line has a variable per start p from its leftmost
    to its rightmost packing, exactly one true (the list, then every pair); block j + 1 cannot
    start before block j ends plus its gap (1 cell if they share a colour, else 0): a binary
    clause per clashing pair of starts; a placed block paints its cells its colour; a cell of
    colour k is covered by some placed block of colour k (no covering start: not k). Background
    then follows from the cell's exactly-one.
    """

    def __init__(self, board: Nonogram):
        self.width, self.height = board.width, board.height
        self.k = len(board.colors)
        self.next_var = self.width * self.height * (self.k + 1) + 1
        self.clauses: list[list[int]] = []
        for cell in range(self.width * self.height):
            self._exactly_one([cell * (self.k + 1) + v + 1 for v in range(self.k + 1)])
        w = self.width
        for r, (clue, colours) in enumerate(zip(board.rows, board.row_colours)):
            self._line(clue, colours, [r * w + c for c in range(w)])
        for c, (clue, colours) in enumerate(zip(board.cols, board.col_colours)):
            self._line(clue, colours, [r * w + c for r in range(self.height)])

    def var(self, cell: int, value: int) -> int:
        return cell * (self.k + 1) + value + 1

    def _exactly_one(self, lits: list[int]) -> None:
        self.clauses.append(lits)
        self.clauses.extend([-a, -b] for a, b in combinations(lits, 2))

    def _line(self, clue: Sequence[int], colours: Sequence[int], cells: list[int]) -> None:
        out, var, n = self.clauses, self.var, len(cells)
        if not clue:
            out.extend([var(cell, 0)] for cell in cells)
            return
        gaps = _gaps(colours)
        slack = n - sum(clue) - sum(gaps)
        starts: list[dict[int, int]] = []
        left = 0
        for length, gap in zip(clue, gaps):
            starts.append(
                {p: self.next_var + i for i, p in enumerate(range(left, left + slack + 1))}
            )
            self.next_var += slack + 1
            left += length + gap
        for block in starts:
            self._exactly_one(list(block.values()))
        for j in range(len(clue) - 1):  # block j + 1 starts at least clue[j] + gap after j
            reach = clue[j] + gaps[j]
            for p1, v1 in starts[j].items():
                out.extend([-v1, -v2] for p2, v2 in starts[j + 1].items() if p2 < p1 + reach)
        covering: list[dict[int, list[int]]] = [{} for _ in range(n)]
        for length, colour, block in zip(clue, colours, starts):
            for p, v in block.items():
                for c in range(p, p + length):
                    out.append([-v, var(cells[c], colour)])
                    covering[c].setdefault(colour, []).append(v)
        for c, cell in enumerate(cells):
            for colour in range(1, self.k + 1):
                out.append([-var(cell, colour), *covering[c].get(colour, ())])

    def decode(self, model: list[int]) -> Grid:
        values = set(v for v in model if v > 0)
        cells = [
            next((v for v in range(self.k + 1) if self.var(cell, v) in values), -1)
            for cell in range(self.width * self.height)
        ]
        w = self.width
        return tuple(tuple(cells[r * w : r * w + w]) for r in range(self.height))


def baseline_job(board: Nonogram, report: Callable[[str, object], None] | None = None) -> Run:
    """Encode, solve, block the answer's cell colours, solve again; timed end to end."""
    cpu = time.process_time()
    start = time.perf_counter()
    cnf = OneHotBaseline(board)
    encoded = time.perf_counter()
    if report is not None:
        report("size", (cnf.next_var - 1, len(cnf.clauses)))
    with Solver(name=BASELINE_SOLVER, bootstrap_with=cnf.clauses) as solver:
        loaded = time.perf_counter()
        solutions: list[Grid] = []
        first = second = 0.0
        if solver.solve():
            first = time.perf_counter() - loaded
            answer = cnf.decode(solver.get_model())
            solutions.append(answer)
            w = cnf.width
            solver.add_clause(
                [-cnf.var(r * w + c, v) for r, row in enumerate(answer) for c, v in enumerate(row)]
            )
            again = time.perf_counter()
            if solver.solve():
                solutions.append(cnf.decode(solver.get_model()))
            second = time.perf_counter() - again
        else:
            first = time.perf_counter() - loaded
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu
    status = ("none", "unique", "multiple")[len(solutions)]
    return Run(
        seconds,
        status,
        tuple(solutions),
        encoded - start,
        first,
        second,
        cnf.next_var - 1,
        len(cnf.clauses),
        cpu=cpu,
    )


def _baseline_child(conn, board: Nonogram) -> None:
    try:
        conn.send(("done", baseline_job(board, lambda kind, value: conn.send((kind, value)))))
    except Exception as err:  # noqa: BLE001 - reported to the parent, not raised here
        conn.send(("error", f"{type(err).__name__}: {err}"))
    finally:
        conn.close()


def run_baseline(board: Nonogram, timeout: float, cap: int = BASELINE_CLAUSE_CAP) -> Run:
    """The baseline in a forked child killed at `timeout` (encoding included); "too big"
    without building when its clause count would pass `cap` (Python lists of tens of
    millions of clauses take gigabytes and longer than any timeout here to build)."""
    size = baseline_size(board)
    if size > cap:
        return Run(None, "too big", clauses=size, note=f"{size:,} clauses")
    gc.collect()
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_baseline_child, args=(child, board), daemon=True)
    start = time.perf_counter()
    proc.start()
    child.close()
    variables = clauses = 0
    try:
        while parent.poll(max(start + timeout - time.perf_counter(), 0.0)):
            kind, value = parent.recv()
            if kind == "size":
                variables, clauses = value
            elif kind == "error":
                return Run(None, "error", note=value)
            else:
                return value
    except EOFError:  # the child died without answering (out of memory?)
        return Run(None, "error", variables=variables, clauses=clauses, note="child died")
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join()
        parent.close()
    return Run(timeout, "timeout", variables=variables, clauses=clauses)


# --------------------------------------------------------------------------- pynogram

# Runs in pynogram's venv: the puzzle as board JSON on stdin, one JSON line out.
PYNOGRAM_RUNNER = r"""
import inspect, json, logging, sys, time
from collections import namedtuple
if not hasattr(inspect, "getargspec"):  # memoized 0.3 calls it; Python 3.11 removed it
    _Spec = namedtuple("ArgSpec", "args varargs keywords defaults")
    def _getargspec(func):
        s = inspect.getfullargspec(func)
        return _Spec(s.args, s.varargs, s.varkw, s.defaults)
    inspect.getargspec = _getargspec
logging.disable(logging.CRITICAL)
from pynogram.core.backtracking import Solver
from pynogram.core.board import make_board
from pynogram.core.color import ColorMap
from pynogram.core.common import SPACE_COLORED
from pynogram.core.renderer import Renderer

doc = json.load(sys.stdin)
cpu = time.process_time()
start = time.perf_counter()
colours = ColorMap()
index = {}
for k, rgb in enumerate(doc["colors"], 1):
    index[colours.make_color("c%d" % k, rgb, symbol=chr(0x40 + k)).id_] = k
def clues(lines):
    return [[(n, "c%d" % k) for n, k in line] for line in lines]
board = make_board(clues(doc["cols"]), clues(doc["rows"]), colours, renderer=Renderer)
solver = Solver(board, max_solutions=2)
solver.solve()
seconds = time.perf_counter() - start
cpu = time.process_time() - cpu
def grid(cells):
    return [[0 if v == SPACE_COLORED else index.get(int(v), -1) for v in row] for row in cells]
found = [grid(s) for s in board.solutions]
if not found and board.is_solved_full:
    found = [grid(board.cells)]
print(json.dumps({"seconds": seconds, "cpu": cpu, "solutions": found,
                  "depth": solver.depth_reached}))
"""


@dataclass
class Pynogram:
    python: Path
    src: Path
    timeout: float

    def run(self, board: Nonogram) -> Run:
        doc = {
            "colors": list(board.colors),
            "rows": [
                [[n, k] for n, k in zip(r, rc)] for r, rc in zip(board.rows, board.row_colours)
            ],
            "cols": [
                [[n, k] for n, k in zip(c, cc)] for c, cc in zip(board.cols, board.col_colours)
            ],
        }
        env = {**os.environ, "PYTHONPATH": str(self.src)}
        try:
            proc = subprocess.run(
                [str(self.python), "-c", PYNOGRAM_RUNNER],
                input=json.dumps(doc),
                capture_output=True,
                text=True,
                env=env,
                timeout=self.timeout + 5,  # + start-up; the figure itself is timed inside
            )
        except subprocess.TimeoutExpired:
            return Run(self.timeout, "timeout")
        if proc.returncode:
            tail = proc.stderr.strip().splitlines()[-1:] or ["no output"]
            return Run(None, "error", note=tail[0][:200])
        out = json.loads(proc.stdout)
        if out["seconds"] > self.timeout:
            return Run(self.timeout, "timeout")
        solutions = tuple(tuple(tuple(row) for row in grid) for grid in out["solutions"])
        status = ("none", "unique", "multiple")[min(len(solutions), 2)]
        note = f"depth {out['depth']}"
        return Run(out["seconds"], status, solutions, note=note, cpu=out["cpu"])


# --------------------------------------------------------------------------- measuring


CONTENDERS = ("puzzlesat", "baseline", "pynogram")


@dataclass
class Entry:
    row: str
    puzzle: Puzzle
    runs: dict[str, Run]
    problems: list[str] = field(default_factory=list)


def best(runs: list[Run]) -> Run:
    timed = [r for r in runs if r.seconds is not None]
    return min(timed, key=lambda r: r.seconds) if timed else runs[0]


def measure(puzzle: Puzzle, repeat: int, baseline: tuple | None, pynogram: Pynogram | None):
    """Best of `repeat` per contender, taking turns; a contender that ran out of time or
    failed is not run again on this puzzle."""
    samples: dict[str, list[Run]] = {"puzzlesat": []}
    jobs: dict[str, Callable[[], Run]] = {"puzzlesat": lambda: run_puzzlesat(puzzle.board)}
    if baseline is not None:  # (timeout, clause cap)
        samples["baseline"] = []
        jobs["baseline"] = lambda: run_baseline(puzzle.board, *baseline)
    if pynogram is not None:
        samples["pynogram"] = []
        jobs["pynogram"] = lambda: pynogram.run(puzzle.board)
    for _ in range(repeat):
        for name, job in jobs.items():
            if samples[name] and not samples[name][-1].decided:
                continue
            samples[name].append(job())
    return {name: best(runs) for name, runs in samples.items()}


def check(entry: Entry) -> None:
    """Answers against the clues, statuses and unique answers against each other and the
    known picture/solution."""
    board, known, name = entry.puzzle.board, entry.puzzle.known, entry.puzzle.name
    decided = {label: run for label, run in entry.runs.items() if run.decided}
    for label, run in entry.runs.items():
        if run.status == "error":
            entry.problems.append(f"{name}: {label} failed: {run.note}")
    for label, run in decided.items():
        for k, grid in enumerate(run.solutions, 1):
            if not is_solution(board, grid):
                entry.problems.append(f"{name}: {label} answer {k} breaks the clues")
        if run.status == "unique" and known is not None and run.solutions[0] != known:
            entry.problems.append(f"{name}: {label}'s unique answer differs from the known one")
        if run.status == "none" and known is not None:
            entry.problems.append(f"{name}: {label} finds no answer, but one is known")
    if len({run.status for run in decided.values()}) > 1:
        statuses = {label: run.status for label, run in decided.items()}
        entry.problems.append(f"{name}: statuses differ: {statuses}")
    if known is not None and not is_solution(board, known):
        entry.problems.append(f"{name}: the known answer breaks the clues")


@dataclass
class RowResult:
    spec: RowSpec
    entries: list[Entry]

    def total(self, label: str) -> tuple[float | None, bool, str]:
        """(sum of seconds, lower bound?, what stopped it) over the row for one contender."""
        runs = [e.runs[label] for e in self.entries if label in e.runs]
        if not runs:
            return None, False, "not run"
        if any(r.seconds is None for r in runs):
            stop = next(r for r in runs if r.seconds is None)
            return None, False, stop.status + (f" ({stop.note})" if stop.note else "")
        return sum(r.seconds for r in runs), any(r.status == "timeout" for r in runs), ""

    def ratio(self, label: str) -> tuple[float | None, bool]:
        theirs, bound, _ = self.total(label)
        ours, _, _ = self.total("puzzlesat")
        if theirs is None or not ours:
            return None, False
        return theirs / ours, bound

    @property
    def problems(self) -> list[str]:
        return [p for e in self.entries for p in e.problems]

    @property
    def passed(self) -> bool | None:
        if self.problems or any(not e.runs["puzzlesat"].decided for e in self.entries):
            return False
        if self.spec.seconds is not None:
            return self.total("puzzlesat")[0] < self.spec.seconds
        if self.spec.ratio is not None:
            ratio, _ = self.ratio("baseline")
            return None if ratio is None else ratio >= self.spec.ratio
        return True


def run_row(spec: RowSpec, args, pynogram: Pynogram | None) -> RowResult:
    puzzles = spec.puzzles()
    baseline = None if args.no_baseline else (args.baseline_timeout, args.baseline_cap)
    entries = []
    for puzzle in puzzles:
        runs = measure(puzzle, args.repeat, baseline, pynogram)
        entry = Entry(spec.name, puzzle, runs)
        check(entry)
        entries.append(entry)
        log(f"  {puzzle.name}: " + ", ".join(f"{k} {run_text(r)}" for k, r in runs.items()))
    return RowResult(spec, entries)


# --------------------------------------------------------------------------- output


def seconds_text(value: float | None, bound: bool = False, why: str = "") -> str:
    if value is None:
        return why or "—"
    return (">" if bound else "") + f"{value:.3f}"


def run_text(run: Run) -> str:
    if run.seconds is None:
        return run.status + (f" ({run.note})" if run.note else "")
    bound = run.status == "timeout"
    return f"{seconds_text(run.seconds, bound)} s {run.status}"


def ratio_text(ratio: float | None, bound: bool) -> str:
    return "—" if ratio is None else (">" if bound else "") + f"{ratio:.1f}x"


def statuses(result: RowResult, label: str = "puzzlesat") -> str:
    counts = Counter(e.runs[label].status for e in result.entries if label in e.runs)
    if len(result.entries) == 1:
        return next(iter(counts), "—")
    return ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) or "—"


def line_text(result: RowResult) -> str:
    flags = [e.runs["puzzlesat"].line_solvable for e in result.entries]
    if len(flags) == 1:
        return {True: "yes", False: "no"}.get(flags[0], "?")
    return f"{sum(bool(f) for f in flags)}/{len(flags)}"


def verdict(result: RowResult) -> str:
    return {True: "pass", False: "MISS", None: "—"}[result.passed]


def machine() -> dict:
    import pysat

    return {
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "pysat": getattr(pysat, "__version__", "?"),
    }


def row_dict(result: RowResult) -> dict:
    out = {
        "row": result.spec.name,
        "label": result.spec.label,
        "puzzles": len(result.entries),
        "target": result.spec.target,
        "passed": result.passed,
        "statuses": dict(Counter(e.runs["puzzlesat"].status for e in result.entries)),
        "line_solvable": sum(bool(e.runs["puzzlesat"].line_solvable) for e in result.entries),
        "problems": result.problems,
    }
    for label in CONTENDERS:
        total, bound, why = result.total(label)
        out[label] = {
            "seconds": None if total is None else round(total, 4),
            "lower_bound": bound,
            "stopped": why or None,
        }
        if label != "puzzlesat":
            ratio, bound = result.ratio(label)
            out[label]["ratio"] = None if ratio is None else round(ratio, 2)
    out["puzzlesat"]["cpu"] = round(sum(e.runs["puzzlesat"].cpu or 0.0 for e in result.entries), 4)
    for key in ("encode", "solve", "prove"):
        out["puzzlesat"][key] = round(
            sum(getattr(e.runs["puzzlesat"], key) for e in result.entries), 4
        )
    return out


def entry_dict(entry: Entry) -> dict:
    out: dict = {
        "row": entry.row,
        "puzzle": entry.puzzle.name,
        "size": f"{entry.puzzle.board.width}x{entry.puzzle.board.height}",
        "colours": entry.puzzle.colours,
        "fill": entry.puzzle.fill,
        "problems": entry.problems,
    }
    for label, run in entry.runs.items():
        out[label] = {
            "seconds": None if run.seconds is None else round(run.seconds, 4),
            "status": run.status,
            "encode": round(run.encode, 4),
            "solve": round(run.solve, 4),
            "prove": round(run.prove, 4),
            "variables": run.variables,
            "clauses": run.clauses,
            "line_solvable": run.line_solvable,
            "note": run.note or None,
            "cpu": None if run.cpu is None else round(run.cpu, 4),
        }
    return out


def render(results: list[RowResult], args, pynogram: Pynogram | None, notes: list[str]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(width=max(Console().width, 200))
    table = Table(
        title=f"Colour nonograms, end to end (s, sum over the row, best of {args.repeat} per "
        "puzzle); ratio = other / puzzlesat"
    )
    for col in (
        "row",
        "n",
        "status",
        "line-solv.",
        "encode",
        "solve",
        "prove",
        "puzzlesat",
        "cpu",
        "max vars",
        "max clauses",
        "baseline",
        "ratio",
        "pynogram",
        "ratio ",
        "target",
        "result",
    ):
        table.add_column(col, justify="left" if col in ("row", "status", "target") else "right")
    for res in results:
        ours = [e.runs["puzzlesat"] for e in res.entries]
        table.add_row(
            res.spec.label,
            str(len(res.entries)),
            statuses(res),
            line_text(res),
            f"{sum(r.encode for r in ours):.3f}",
            f"{sum(r.solve for r in ours):.3f}",
            f"{sum(r.prove for r in ours):.3f}",
            seconds_text(*res.total("puzzlesat")),
            f"{sum(r.cpu or 0.0 for r in ours):.3f}",
            f"{max(r.variables for r in ours):,}",
            f"{max(r.clauses for r in ours):,}",
            seconds_text(*res.total("baseline")),
            ratio_text(*res.ratio("baseline")),
            seconds_text(*res.total("pynogram")),
            ratio_text(*res.ratio("pynogram")),
            res.spec.target,
            verdict(res),
        )
    console.print(table)

    detail = Table(title="Per puzzle (s, best of each; status of each contender)")
    for col in (
        "puzzle",
        "size",
        "K",
        "puzzlesat",
        "status",
        "line",
        "encode",
        "solve",
        "prove",
        "baseline",
        "clauses",
        "ratio",
        "pynogram",
        "ratio ",
        "check",
    ):
        detail.add_column(col, justify="left" if col in ("puzzle", "status", "check") else "right")
    for res in results:
        for entry in res.entries:
            ours = entry.runs["puzzlesat"]
            cells = []
            for label in ("baseline", "pynogram"):
                run = entry.runs.get(label)
                if run is None:
                    cells.append(("—", "—", "—"))
                    continue
                ratio = "—"
                if run.seconds is not None and ours.seconds:
                    ratio = ratio_text(run.seconds / ours.seconds, run.status == "timeout")
                clauses = f"{run.clauses:,}" if run.clauses else "—"
                cells.append((run_text(run), clauses, ratio))
            detail.add_row(
                entry.puzzle.name,
                f"{entry.puzzle.board.width}x{entry.puzzle.board.height}",
                str(entry.puzzle.colours),
                f"{ours.seconds:.3f}",
                ours.status,
                {True: "yes", False: "no"}.get(ours.line_solvable, "?"),
                f"{ours.encode:.3f}",
                f"{ours.solve:.3f}",
                f"{ours.prove:.3f}",
                cells[0][0],
                cells[0][1],
                cells[0][2],
                cells[1][0],
                cells[1][2],
                "ok" if not entry.problems else f"WRONG {len(entry.problems)}",
            )
        detail.add_section()
    console.print(detail)
    for note in notes:
        console.print(note, highlight=False, markup=False)


# --------------------------------------------------------------------------- driver


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", metavar="NAME[,NAME]", help="rows: " + ", ".join(ROWS))
    parser.add_argument("--repeat", type=int, default=3, help="runs per puzzle, best kept (3)")
    parser.add_argument("--seed", type=int, default=1, help="generator seed (1)")
    parser.add_argument("--count", type=int, default=20, help="puzzles of the random40 row (20)")
    parser.add_argument("--fill", type=float, default=0.7, help="fill of gen50/gen150 (0.7)")
    parser.add_argument("--set", type=Path, default=DEFAULT_SET, help="colour-set.jsonl")
    parser.add_argument(
        "--baseline-timeout", type=float, default=60.0, metavar="S", help="per puzzle (60)"
    )
    parser.add_argument(
        "--baseline-cap",
        type=int,
        default=BASELINE_CLAUSE_CAP,
        metavar="N",
        help=f"report the baseline 'too big' past N clauses ({BASELINE_CLAUSE_CAP:,})",
    )
    parser.add_argument("--no-baseline", action="store_true", help="skip the one-hot baseline")
    parser.add_argument(
        "--pynogram-python",
        type=Path,
        default=DEFAULT_PYNOGRAM_PYTHON,
        metavar="PY",
        help=f"python of pynogram's venv ({DEFAULT_PYNOGRAM_PYTHON})",
    )
    parser.add_argument(
        "--pynogram-src",
        type=Path,
        default=DEFAULT_PYNOGRAM_SRC,
        metavar="DIR",
        help=f"pynogram's source tree, put on PYTHONPATH ({DEFAULT_PYNOGRAM_SRC})",
    )
    parser.add_argument(
        "--pynogram-timeout", type=float, default=60.0, metavar="S", help="per run (60)"
    )
    parser.add_argument("--no-pynogram", action="store_true", help="skip pynogram")
    parser.add_argument("--json", action="store_true", help="print JSON instead of the tables")
    args = parser.parse_args(argv)
    if args.repeat < 1 or args.count < 1 or not 0 <= args.fill <= 1:
        parser.error("--repeat and --count must be >= 1, --fill within 0..1")

    rows = build_rows(args)
    if args.only:
        wanted = [n.strip() for n in args.only.split(",") if n.strip()]
        unknown = sorted(set(wanted) - set(ROWS))
        if unknown:
            parser.error(f"unknown row(s) {', '.join(unknown)}; rows: " + ", ".join(ROWS))
        rows = [r for r in rows if r.name in wanted]
    else:
        rows = [r for r in rows if r.name in DEFAULT_ROWS]

    notes = []
    pynogram = None
    if not args.no_pynogram:
        if args.pynogram_python.exists() and (args.pynogram_src / "pynogram").is_dir():
            pynogram = Pynogram(args.pynogram_python, args.pynogram_src, args.pynogram_timeout)
        else:
            notes.append(
                f"pynogram skipped: no {args.pynogram_python} or no {args.pynogram_src}/pynogram "
                "(see benchmarks/README.md for the venv)"
            )
    info = machine()
    notes.append(
        f"machine: {info['cpus']} CPUs, Python {info['python']}, pysat {info['pysat']}, "
        f"{info['platform']}; baseline on {BASELINE_SOLVER}, timeout "
        f"{args.baseline_timeout:g} s; pynogram timeout {args.pynogram_timeout:g} s"
    )

    results = []
    for spec in rows:
        log(f"{spec.name}: {spec.label} …")
        result = run_row(spec, args, pynogram)
        ours = seconds_text(*result.total("puzzlesat"))
        log(f"{spec.name}: puzzlesat {ours} s → {verdict(result)}")
        results.append(result)

    if args.json:
        doc = {
            "rows": [row_dict(r) for r in results],
            "puzzles": [entry_dict(e) for r in results for e in r.entries],
            "repeat": args.repeat,
            "seed": args.seed,
            "notes": notes,
            "machine": info,
        }
        print(json.dumps(doc, indent=2))
    else:
        render(results, args, pynogram, notes)
    problems = [p for r in results for p in r.problems]
    for p in problems:
        log(f"WRONG {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
