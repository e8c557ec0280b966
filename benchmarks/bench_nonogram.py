"""Time puzzlesat's nonogram solver against the seed book's "fast" solver, in one run.

The baseline (`SeedFastEncoding`) rebuilds, clause for clause and in the same order, the CNF
of the seed's `NonogramFastSolver`: one variable per (block, start position), exactly-one per
block by pairwise at-most-one, pairwise ordering of consecutive blocks, and start variables
tied to the cells they cover, precede, follow or leave empty between blocks. The seed solves
it with pysat's default `Solver()`, which is MiniSat 2.2; we run it on `minisat22` to match,
and again on `cadical195` (puzzlesat's solver) so that encoding and solver effects can be told
apart. Both sides do the same job: solve, block the cell assignment, solve again.

`SeedDnfEncoding` is the seed's first, simplest solver (`NonogramSimpleSolver`): every
placement of each line's clue (`paint_numbers`) becomes an auxiliary variable (`dnf_to_cnf`).
It is not timed here; benchmarks/bench_sets.py uses both (`--encoding blocks,dnf`), through
`run_baseline_within`, which holds a time limit by running the work in a forked child.

Every figure is wall time in this process, the best of `--repeat` runs; ratios are
baseline / puzzlesat, so above 1 means puzzlesat is faster. Not run by CI.

    python benchmarks/bench_nonogram.py [--repeat N] [--data DIR] [--json] [EXTRA.json ...]
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import math
import multiprocessing as mp
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pysat.solvers import Solver

from puzzlesat.core import PuzzleError
from puzzlesat.kinds.nonogram.board import Nonogram, runs
from puzzlesat.kinds.nonogram.lines import UNKNOWN, LineAutomaton, propagate
from puzzlesat.solve import solve

Clue = tuple[int, ...]
Grid = tuple[tuple[int, ...], ...]

DEFAULT_DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data"
DEFAULT_PUZZLES = (
    "seed-book/nonogram01.json",
    "seed-book/nonogram02.json",
    "seed-book/nonogram03.json",
)
BASELINE_SOLVERS = ("minisat22", "cadical195")


# --------------------------------------------------------------------------- baseline


class SeedFastEncoding:
    """The seed's NonogramFastSolver CNF, reimplemented.

    Cell (r, c) is variable r * W + c + 1. Like the seed (`itertools.count(W * H + 2)`),
    position variables start at W * H + 2, leaving W * H + 1 unused. Rows are encoded
    first, then columns; per line, the position constraints come before the cell links.
    One deviation: the seed crashes on a line with no blocks; here its cells are set empty.
    """

    def __init__(self, rows: Sequence[Clue], cols: Sequence[Clue]):
        self.width, self.height = len(cols), len(rows)
        self._next_var = itertools.count(self.width * self.height + 2)
        self.clauses: list[list[int]] = []
        w = self.width
        for r, clue in enumerate(rows):
            self._line(clue, [r * w + c + 1 for c in range(w)])
        for c, clue in enumerate(cols):
            self._line(clue, [r * w + c + 1 for r in range(self.height)])

    @property
    def cell_vars(self) -> list[int]:
        return list(range(1, self.width * self.height + 1))

    def _line(self, clue: Clue, cells: list[int]) -> None:
        out = self.clauses
        if not clue:
            out.extend([-cell] for cell in cells)
            return
        count = len(cells)
        slack = count - (sum(clue) + len(clue) - 1)
        # starts[i] maps each possible start of block i (leftmost..rightmost packing) to a var
        starts: list[dict[int, int]] = []
        left = 0
        for length in clue:
            starts.append({p: next(self._next_var) for p in range(left, left + slack + 1)})
            left += length + 1

        # exactly one start per block: the whole list, then every pair
        for block in starts:
            ids = list(block.values())
            out.append(ids)
            out.extend([-a, -b] for a, b in itertools.combinations(ids, 2))
        # block i + 1 starts at least len_i + 1 after block i
        for i in range(len(clue) - 1):
            gap = clue[i] + 1
            for (p1, v1), (p2, v2) in itertools.product(starts[i].items(), starts[i + 1].items()):
                if p2 < p1 + gap:
                    out.append([-v1, -v2])

        # cells a block covers are filled
        for length, block in zip(clue, starts):
            for pos, var in block.items():
                out.extend([-var, cells[j]] for j in range(pos, pos + length))
        # cells before the first block are empty
        for pos, var in starts[0].items():
            out.extend([-var, -cells[j]] for j in range(pos))
        # cells after the last block are empty
        for pos, var in starts[-1].items():
            out.extend([-var, -cells[j]] for j in range(pos + clue[-1], count))
        # cells between consecutive blocks are empty
        for i in range(len(clue) - 1):
            length = clue[i]
            for (p1, v1), (p2, v2) in itertools.product(starts[i].items(), starts[i + 1].items()):
                if p2 > p1 + length:
                    out.extend([-v1, -v2, -cells[j]] for j in range(p1 + length, p2))


# The DNF encoding has one variable per placement of a clue, and a placement of a line of n
# cells costs n + 1 clauses. Past these caps a puzzle is reported as "too big" instead of
# exhausting memory (20M clauses are a few GB as Python lists).
DNF_LINE_CAP = 200_000  # placements of one line
DNF_CLAUSE_CAP = 20_000_000  # clauses of one puzzle


class TooBig(Exception):
    """The encoding of a puzzle would pass a cap; the puzzle is reported as `too big`."""


def placement_count(clue: Clue, count: int) -> int:
    """How many ways `clue` fits in `count` cells (what paint_numbers would yield)."""
    slack = count - (sum(clue) + len(clue) - 1)
    if not clue:
        return 1
    return math.comb(slack + len(clue), len(clue)) if slack >= 0 else 0


def paint_numbers(numbers: Clue, count: int) -> Iterator[list[int]]:
    """The seed's paint_numbers: every placement of `numbers` in `count` cells, 1 = filled,
    -1 = empty, in the seed's order (the first block leftmost first).

    The seed recurses once per cell (place the first block here, or skip a cell); this
    recurses once per block, with the skips as a loop, which yields the same placements in
    the same order without a recursion as deep as the line. One deviation: the seed crashes
    on a line with no blocks; here that line has one placement, all empty.
    """
    if not numbers:
        yield [-1] * count
        return
    if sum(numbers) + len(numbers) - 1 > count:
        return
    first, rest = numbers[0], numbers[1:]
    if not rest:
        for i in range(count - first + 1):
            yield [-1] * i + [1] * first + [-1] * (count - i - first)
        return
    need = sum(rest) + len(rest) - 1
    for i in range(count - first - need):
        head = [-1] * i + [1] * first + [-1]
        for tail in paint_numbers(rest, count - i - first - 1):
            yield head + tail


class SeedDnfEncoding:
    """The seed's NonogramSimpleSolver CNF, reimplemented.

    Cells are numbered as in SeedFastEncoding (r * W + c + 1, auxiliaries from W * H + 2),
    rows first, then columns. Per line, `dnf_to_cnf` of the placements: for each placement
    a new variable z with z -> each cell literal of the placement and (as the seed's
    dnf_to_cnf also adds) placement -> z; then at least one z per line. Raises TooBig past
    DNF_LINE_CAP placements on a line or DNF_CLAUSE_CAP clauses in all.
    """

    def __init__(self, rows: Sequence[Clue], cols: Sequence[Clue]):
        self.width, self.height = w, h = len(cols), len(rows)
        lines = [(clue, [r * w + c + 1 for c in range(w)]) for r, clue in enumerate(rows)]
        lines += [(clue, [r * w + c + 1 for r in range(h)]) for c, clue in enumerate(cols)]
        total = 0
        for clue, cells in lines:
            n = placement_count(clue, len(cells))
            if n > DNF_LINE_CAP:
                raise TooBig(f"a line has {n:,} placements (cap {DNF_LINE_CAP:,})")
            total += n * (len(cells) + 1) + 1
        if total > DNF_CLAUSE_CAP:
            raise TooBig(f"{total:,} clauses (cap {DNF_CLAUSE_CAP:,})")
        self._next_var = itertools.count(w * h + 2)
        self.clauses: list[list[int]] = []
        for clue, cells in lines:
            self._line(clue, cells)

    @property
    def cell_vars(self) -> list[int]:
        return list(range(1, self.width * self.height + 1))

    def _line(self, clue: Clue, cells: list[int]) -> None:
        out = self.clauses
        zs = []
        for pattern in paint_numbers(clue, len(cells)):
            term = [v * p for v, p in zip(cells, pattern)]
            z = next(self._next_var)
            zs.append(z)
            out.append([z] + [-v for v in term])
            out.extend([-z, v] for v in term)
        out.append(zs)


class RegularEncoding:
    """puzzlesat's previous encoding (until the order encoding replaced it), kept to compare.

    Line logic first, its forced cells as unit clauses; then each open line as its automaton
    (a regular-constraint decomposition): a variable per (layer, state) alive given the known
    cells, each state tied to the value of the cell that led into it. Unit propagation on it
    is as strong as line logic, yet CDCL does worse on it than on block starts.
    """

    def __init__(self, rows: Sequence[Clue], cols: Sequence[Clue]):
        self.width, self.height = w, h = len(cols), len(rows)
        known = propagate(rows, cols) or [[UNKNOWN] * w for _ in range(h)]
        self._next_var = itertools.count(w * h + 1)
        self.clauses: list[list[int]] = [
            [r * w + c + 1 if v else -(r * w + c + 1)]
            for r, row in enumerate(known)
            for c, v in enumerate(row)
            if v != UNKNOWN
        ]
        for r, clue in enumerate(rows):
            if UNKNOWN in known[r]:
                self._line(clue, [r * w + c + 1 for c in range(w)], known[r])
        for c, clue in enumerate(cols):
            column = [known[r][c] for r in range(h)]
            if UNKNOWN in column:
                self._line(clue, [r * w + c + 1 for r in range(h)], column)

    @property
    def cell_vars(self) -> list[int]:
        return list(range(1, self.width * self.height + 1))

    def _line(self, clue: Clue, cells: list[int], known: list[int]) -> None:
        dfa = LineAutomaton(clue)
        layers = dfa.alive(known)
        out = self.clauses
        if layers is None:
            out.append([])
            return
        var = [
            {q: next(self._next_var) for q in range(layer.bit_length()) if layer >> q & 1}
            for layer in layers
        ]
        out.append([var[0][0]])
        out.append(list(var[-1].values()))
        step, label = dfa.step, dfa.label
        for i, cell in enumerate(cells):
            here, nxt = var[i], var[i + 1]
            for q, x in here.items():
                a, b = nxt.get(step[q][0]), nxt.get(step[q][1])
                out.append([-x, cell, a] if a else [-x, cell])
                out.append([-x, -cell, b] if b else [-x, -cell])
                if a and b:
                    out.append([-x, a, b])
            filled, empty = [-cell], [cell]
            for q, y in nxt.items():
                out.append([-y, cell] if label[q] else [-y, -cell])
                (filled if label[q] else empty).append(y)
                out.append([-y] + [x for p, x in here.items() if q in step[p]])
            out.append(filled)
            out.append(empty)


BASELINE_ENCODINGS = {
    "blocks": SeedFastEncoding,
    "dnf": SeedDnfEncoding,
    "regular": RegularEncoding,
}


# --------------------------------------------------------------------------- measuring


@dataclass
class Run:
    """One end-to-end run; times in seconds. `load` is only timed for the baseline."""

    total: float
    encode: float
    solve: float
    prove: float
    variables: int
    clauses: int
    status: str
    solutions: tuple[Grid, ...] = field(repr=False)
    load: float | None = None
    line_solvable: bool | None = None  # puzzlesat only: line logic alone decided every cell
    note: str | None = None  # why the status is "too big"

    @property
    def other(self) -> float:
        return self.total - self.encode - self.solve - self.prove


def run_puzzlesat(rows: tuple[Clue, ...], cols: tuple[Clue, ...]) -> Run:
    start = time.perf_counter()
    result = solve(Nonogram(rows=rows, cols=cols))
    total = time.perf_counter() - start
    t = result.timings
    return Run(
        total,
        t["encode"],
        t["solve"],
        t["prove"],
        result.variables,
        result.clauses,
        result.status.value,
        tuple(result.solutions),
        line_solvable=result.facts.get("line_solvable"),
    )


def run_baseline(
    rows: tuple[Clue, ...],
    cols: tuple[Clue, ...],
    solver_name: str,
    encoding: type = SeedFastEncoding,
    report: Callable[[int, int], None] | None = None,
) -> Run:
    """Encode with `encoding` (SeedFastEncoding or SeedDnfEncoding), solve, block, solve.

    A TooBig encoding gives status "too big". `report(variables, clauses)` is called once the
    clauses are loaded, before the first solve.
    """
    start = time.perf_counter()
    try:
        enc = encoding(rows, cols)
    except TooBig as err:
        return Run(time.perf_counter() - start, 0.0, 0.0, 0.0, 0, 0, "too big", (), note=str(err))
    cells = enc.cell_vars
    encoded = time.perf_counter()
    w = enc.width
    grids: list[Grid] = []
    prove = 0.0
    with Solver(name=solver_name) as sat:
        sat.append_formula(enc.clauses)
        loaded = time.perf_counter()
        if report is not None:
            report(sat.nof_vars(), len(enc.clauses))
        found = sat.solve()
        solved = time.perf_counter()
        if found:
            model = sat.get_model()
            first = [model[v - 1] > 0 for v in cells]
            grids.append(_grid(first, w))
            sat.add_clause([-v if on else v for v, on in zip(cells, first)])
            before = time.perf_counter()
            if sat.solve():
                model = sat.get_model()
                grids.append(_grid([model[v - 1] > 0 for v in cells], w))
            prove = time.perf_counter() - before
        variables = sat.nof_vars()
    total = time.perf_counter() - start
    status = ("none", "unique", "multiple")[len(grids)]
    return Run(
        total,
        encoded - start,
        solved - loaded,
        prove,
        variables,
        len(enc.clauses),
        status,
        tuple(grids),
        load=loaded - encoded,
    )


def _baseline_child(conn, rows, cols, solver_name: str, encoding: type) -> None:
    try:
        run = run_baseline(
            rows, cols, solver_name, encoding, lambda v, c: conn.send(("size", (v, c)))
        )
        conn.send(("ok", run))
    except Exception as exc:  # handed to the parent, which raises it there
        conn.send(("error", exc))
    conn.close()


def run_baseline_within(
    rows: tuple[Clue, ...],
    cols: tuple[Clue, ...],
    solver_name: str,
    encoding: type,
    timeout: float | None,
) -> Run:
    """`run_baseline` with a time limit, held as puzzlesat holds its own: the work runs in a
    forked child that is killed at the deadline (encoding included). Out of time (or the child
    died, e.g. out of memory): status "unknown", total = the time waited, and the variable and
    clause counts if the encoding was done. Without a timeout it runs in this process."""
    if timeout is None:
        return run_baseline(rows, cols, solver_name, encoding)
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(
        target=_baseline_child, args=(child, rows, cols, solver_name, encoding), daemon=True
    )
    start = time.perf_counter()
    proc.start()
    child.close()
    variables = clauses = 0
    try:
        while parent.poll(max(start + timeout - time.perf_counter(), 0.0)):
            verdict, value = parent.recv()
            if verdict == "size":
                variables, clauses = value
            elif verdict == "error":
                raise value
            else:
                return value
    except EOFError:  # the child died without answering
        pass
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join()
        parent.close()
    return Run(time.perf_counter() - start, 0.0, 0.0, 0.0, variables, clauses, "unknown", ())


def _grid(values: Sequence[bool], width: int) -> Grid:
    return tuple(tuple(int(v) for v in values[i : i + width]) for i in range(0, len(values), width))


def best_of(runs: list[Run]) -> Run:
    """The run with the lowest total (its breakdown is reported as is, not mixed)."""
    return min(runs, key=lambda r: r.total)


# --------------------------------------------------------------------------- checking


def satisfies(grid: Grid, rows: Sequence[Clue], cols: Sequence[Clue]) -> bool:
    if len(grid) != len(rows) or any(len(row) != len(cols) for row in grid):
        return False
    return all(runs(row) == clue for row, clue in zip(grid, rows)) and all(
        runs(col) == clue for col, clue in zip(zip(*grid), cols)
    )


def check(name: str, rows, cols, runs: dict[str, Run]) -> list[str]:
    """Problems found: disagreeing statuses or answers, or answers that break the clues."""
    problems = []
    statuses = {label: run.status for label, run in runs.items()}
    if len(set(statuses.values())) != 1:
        problems.append(f"{name}: statuses differ: {statuses}")
    for label, run in runs.items():
        for k, grid in enumerate(run.solutions, 1):
            if not satisfies(grid, rows, cols):
                problems.append(f"{name}: {label} answer {k} breaks the clues")
    if all(run.status == "unique" for run in runs.values()):
        answers = {run.solutions[0] for run in runs.values()}
        if len(answers) != 1:
            problems.append(f"{name}: the unique answers differ between solvers")
    return problems


# --------------------------------------------------------------------------- driver


def load_puzzle(path: Path) -> tuple[tuple[Clue, ...], tuple[Clue, ...]]:
    data = json.loads(path.read_text())

    def clues(lines) -> tuple[Clue, ...]:
        # a line written [0] has no blocks
        return tuple(tuple(int(n) for n in line if int(n) != 0) for line in lines)

    return clues(data["rows"]), clues(data["cols"])


def measure(rows, cols, repeat: int) -> dict[str, Run]:
    """Best of `repeat` for each contender, interleaved so drift hits all alike."""
    contenders: dict[str, Callable[[], Run]] = {"puzzlesat": lambda: run_puzzlesat(rows, cols)}
    for name in BASELINE_SOLVERS:
        contenders[f"seed/{name}"] = lambda name=name: run_baseline(rows, cols, name)
    samples: dict[str, list[Run]] = {label: [] for label in contenders}
    for _ in range(repeat):
        for label, fn in contenders.items():
            gc.collect()
            samples[label].append(fn())
    return {label: best_of(runs) for label, runs in samples.items()}


def puzzle_paths(data: Path, extra: Sequence[str]) -> Iterator[Path]:
    for rel in DEFAULT_PUZZLES:
        yield data / rel
    for p in extra:
        yield Path(p)


def ms(seconds: float | None) -> str:
    return "—" if seconds is None else f"{seconds * 1000:.1f}"


def ratio(baseline: Run, ours: Run) -> str:
    return f"{baseline.total / ours.total:.1f}x"


def render(results: list[dict], repeat: int, problems: list[str]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(width=max(Console().width, 110))
    summary = Table(title=f"Nonogram, end to end, best of {repeat} (ms); ratio = seed / puzzlesat")
    for col in (
        "puzzle",
        "size",
        "status",
        "line-solvable",
        "puzzlesat",
        "seed m22",
        "ratio",
        "seed cadical",
        "ratio",
    ):
        summary.add_column(
            col,
            justify="right"
            if col in ("size", "ratio") or "seed" in col or col == "puzzlesat"
            else "left",
        )
    breakdown = Table(title="Breakdown (ms); other = total − encode − solve − prove")
    for col in (
        "puzzle",
        "solver",
        "encode",
        "solve",
        "prove",
        "other",
        "total",
        "variables",
        "clauses",
    ):
        breakdown.add_column(col, justify="left" if col in ("puzzle", "solver") else "right")
    for res in results:
        runs: dict[str, Run] = res["runs"]
        ours, m22, cad = runs["puzzlesat"], runs["seed/minisat22"], runs["seed/cadical195"]
        summary.add_row(
            res["puzzle"],
            res["size"],
            ours.status,
            {True: "yes", False: "no"}.get(ours.line_solvable, "?"),
            ms(ours.total),
            ms(m22.total),
            ratio(m22, ours),
            ms(cad.total),
            ratio(cad, ours),
        )
        for label, run in runs.items():
            breakdown.add_row(
                res["puzzle"],
                label,
                ms(run.encode),
                ms(run.solve),
                ms(run.prove),
                ms(run.other),
                ms(run.total),
                f"{run.variables:,}",
                f"{run.clauses:,}",
            )
        breakdown.add_section()
    console.print(summary)
    console.print(breakdown)
    console.print(
        "other: solver set-up and clause loading, decoding, and (puzzlesat) its answer checks."
    )
    console.print(
        "line-solvable: puzzlesat's line-logic pass (inside its encode) decided every "
        "cell, so its CNF is only unit clauses and the SAT solver has nothing to search."
    )
    if not problems:
        console.print("Checked: statuses and answers agree across solvers and satisfy the clues.")


def as_json(results: list[dict], repeat: int, problems: list[str]) -> str:
    out = []
    for res in results:
        entry = {k: v for k, v in res.items() if k != "runs"}
        entry["runs"] = {}
        ours = res["runs"]["puzzlesat"].total
        for label, run in res["runs"].items():
            entry["runs"][label] = {
                **{
                    f"{key}_ms": None
                    if getattr(run, key) is None
                    else round(getattr(run, key) * 1000, 3)
                    for key in ("total", "encode", "solve", "prove", "load", "other")
                },
                "variables": run.variables,
                "clauses": run.clauses,
                "status": run.status,
                "line_solvable": run.line_solvable,
                "ratio": round(run.total / ours, 3),
            }
        out.append(entry)
    return json.dumps(
        {
            "repeat": repeat,
            "unit": "ms, best of repeat; ratio = total / puzzlesat",
            "results": out,
            "problems": problems,
        },
        indent=2,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("puzzles", nargs="*", help="extra puzzle JSON files {rows, cols}")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (best kept)")
    parser.add_argument(
        "--data",
        type=Path,
        default=DEFAULT_DATA,
        help="shared data dir holding seed-book/nonogram0{1,2,3}.json",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")

    results, problems = [], []
    for path in puzzle_paths(args.data.resolve(), args.puzzles):
        if not path.is_file():
            print(f"bench_nonogram: no such puzzle file: {path}", file=sys.stderr)
            return 2
        rows, cols = load_puzzle(path)
        try:
            runs = measure(rows, cols, args.repeat)
        except PuzzleError as err:
            print(f"bench_nonogram: {path}: {err}", file=sys.stderr)
            return 2
        problems += check(path.stem, rows, cols, runs)
        results.append(
            {
                "puzzle": path.stem,
                "path": str(path),
                "size": f"{len(cols)}x{len(rows)}",
                "runs": runs,
            }
        )

    if args.json:
        print(as_json(results, args.repeat, problems))
    else:
        render(results, args.repeat, problems)
    for problem in problems:
        print(f"MISMATCH {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
