"""Time puzzlesat's nonogram solver against the seed book's "fast" solver, in one run.

The baseline (`SeedFastEncoding`) rebuilds, clause for clause and in the same order, the CNF
of the seed's `NonogramFastSolver`: one variable per (block, start position), exactly-one per
block by pairwise at-most-one, pairwise ordering of consecutive blocks, and start variables
tied to the cells they cover, precede, follow or leave empty between blocks. The seed solves
it with pysat's default `Solver()`, which is MiniSat 2.2; we run it on `minisat22` to match,
and again on `cadical195` (puzzlesat's solver) so that encoding and solver effects can be told
apart. Both sides do the same job: solve, block the cell assignment, solve again.

Every figure is wall time in this process, the best of `--repeat` runs; ratios are
baseline / puzzlesat, so above 1 means puzzlesat is faster. Not run by CI.

    python benchmarks/bench_nonogram.py [--repeat N] [--data DIR] [--json] [EXTRA.json ...]
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pysat.solvers import Solver

from puzzlesat.board import Nonogram, PuzzleError
from puzzlesat.solve import solve

Clue = tuple[int, ...]
Grid = tuple[tuple[int, ...], ...]

DEFAULT_DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data"
DEFAULT_PUZZLES = ("seed-book/nonogram01.json", "seed-book/nonogram02.json",
                   "seed-book/nonogram03.json")
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

    @property
    def other(self) -> float:
        return self.total - self.encode - self.solve - self.prove


def run_puzzlesat(rows: tuple[Clue, ...], cols: tuple[Clue, ...]) -> Run:
    start = time.perf_counter()
    result = solve(Nonogram(rows=rows, cols=cols))
    total = time.perf_counter() - start
    t = result.timings
    return Run(total, t["encode"], t["solve"], t["prove"], result.variables, result.clauses,
               result.status.value, tuple(result.solutions),
               line_solvable=result.facts.get("line_solvable"))


def run_baseline(rows: tuple[Clue, ...], cols: tuple[Clue, ...], solver_name: str) -> Run:
    start = time.perf_counter()
    enc = SeedFastEncoding(rows, cols)
    cells = enc.cell_vars
    encoded = time.perf_counter()
    w = enc.width
    grids: list[Grid] = []
    prove = 0.0
    with Solver(name=solver_name) as sat:
        sat.append_formula(enc.clauses)
        loaded = time.perf_counter()
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
    return Run(total, encoded - start, solved - loaded, prove, variables, len(enc.clauses),
               status, tuple(grids), load=loaded - encoded)


def _grid(values: Sequence[bool], width: int) -> Grid:
    return tuple(tuple(int(v) for v in values[i:i + width]) for i in range(0, len(values), width))


def best_of(runs: list[Run]) -> Run:
    """The run with the lowest total (its breakdown is reported as is, not mixed)."""
    return min(runs, key=lambda r: r.total)


# --------------------------------------------------------------------------- checking


def line_runs(cells: Sequence[int]) -> Clue:
    out, n = [], 0
    for v in (*cells, 0):
        if v:
            n += 1
        elif n:
            out.append(n)
            n = 0
    return tuple(out)


def satisfies(grid: Grid, rows: Sequence[Clue], cols: Sequence[Clue]) -> bool:
    if len(grid) != len(rows) or any(len(row) != len(cols) for row in grid):
        return False
    return (all(line_runs(row) == clue for row, clue in zip(grid, rows))
            and all(line_runs(col) == clue for col, clue in zip(zip(*grid), cols)))


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
    for col in ("puzzle", "size", "status", "line-solvable", "puzzlesat", "seed m22", "ratio",
                "seed cadical", "ratio"):
        summary.add_column(col, justify="right" if col in ("size", "ratio") or "seed" in col
                           or col == "puzzlesat" else "left")
    breakdown = Table(title="Breakdown (ms); other = total − encode − solve − prove")
    for col in ("puzzle", "solver", "encode", "solve", "prove", "other", "total",
                "variables", "clauses"):
        breakdown.add_column(col, justify="left" if col in ("puzzle", "solver") else "right")
    for res in results:
        runs: dict[str, Run] = res["runs"]
        ours, m22, cad = runs["puzzlesat"], runs["seed/minisat22"], runs["seed/cadical195"]
        summary.add_row(res["puzzle"], res["size"], ours.status,
                        {True: "yes", False: "no"}.get(ours.line_solvable, "?"),
                        ms(ours.total), ms(m22.total),
                        ratio(m22, ours), ms(cad.total), ratio(cad, ours))
        for label, run in runs.items():
            breakdown.add_row(res["puzzle"], label, ms(run.encode), ms(run.solve), ms(run.prove),
                              ms(run.other), ms(run.total), f"{run.variables:,}",
                              f"{run.clauses:,}")
        breakdown.add_section()
    console.print(summary)
    console.print(breakdown)
    console.print("other: solver set-up and clause loading, decoding, and (puzzlesat) its answer "
                  "checks.")
    console.print("line-solvable: puzzlesat's line-logic pass (inside its encode) decided every "
                  "cell, so its CNF is only unit clauses and the SAT solver has nothing to search.")
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
                **{f"{key}_ms": None if getattr(run, key) is None
                   else round(getattr(run, key) * 1000, 3)
                   for key in ("total", "encode", "solve", "prove", "load", "other")},
                "variables": run.variables,
                "clauses": run.clauses,
                "status": run.status,
                "line_solvable": run.line_solvable,
                "ratio": round(run.total / ours, 3),
            }
        out.append(entry)
    return json.dumps({"repeat": repeat, "unit": "ms, best of repeat; ratio = total / puzzlesat",
                       "results": out, "problems": problems}, indent=2)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("puzzles", nargs="*", help="extra puzzle JSON files {rows, cols}")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (best kept)")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA,
                        help="shared data dir holding seed-book/nonogram0{1,2,3}.json")
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
        results.append({"puzzle": path.stem, "path": str(path),
                        "size": f"{len(cols)}x{len(rows)}", "runs": runs})

    if args.json:
        print(as_json(results, args.repeat, problems))
    else:
        render(results, args.repeat, problems)
    for problem in problems:
        print(f"MISMATCH {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
