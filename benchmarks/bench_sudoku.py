"""Sudoku collections: puzzlesat's many-puzzle solver against the seed's one-hot SAT model.

One row per collection of the shared data directory (`sudoku/`, tdoku's benchmark files):

    17clue    all 49,158 17-clue puzzles (Royle et al.), or the first --limit  >= 10,000 /s
    hardest   the forum's hardest, 375 puzzles (HardestDatabase110626)         >= 1,000 /s
    top1465   magictour's top 1465                                             no target

puzzlesat's figure is end to end in a fresh process ("cold": nothing solved before in it):
read the file, `sudoku_lines.read_all`, then `many.solve_many` over every board, which
checks every answer against the rules and proves each unique (or finds a second). The clock
starts after the imports; wall and CPU seconds are both given, since on a shared machine
wall time waits for the other processes.

The baseline is the seed book's model (seed 004), rewritten: a variable per (row, column,
digit), exactly-one per cell, per row and digit, per column and digit and per box and digit
(at-least-one plus pairwise at-most-one, built as the book does with numpy), the givens as
unit clauses, a fresh MiniSat 2.2 (pysat's default `Solver()`) per puzzle, solved, its answer
decoded and checked, blocked, and solved again. It runs in the same process as the table,
on the row's first --baseline-limit puzzles (it manages about 100 a second, so all 49,158
would take most of ten minutes); its rate is puzzles/s over those, and ratio = puzzlesat's
puzzles/s over the baseline's.

`--engine` adds puzzlesat variants on the same rows, each in its own fresh process:

    auto        the default: numpy propagation and search on all puzzles at once
    sat         numpy propagation to a fixpoint, then one incremental MiniSat for the rest,
                the propagated cells as assumptions (many.solve_many(engine="sat"))
    sat-givens  without numpy: one incremental MiniSat, each puzzle's givens as assumptions
                and an activation literal per puzzle for the blocking clause
    sat-fresh   as sat-givens, but a fresh MiniSat (all the rules) for every puzzle

    python benchmarks/bench_sudoku.py [--only NAME[,NAME]] [--limit N] [--baseline-limit N]
                                      [--engine NAME[,NAME]] [--data DIR] [--json]

Progress goes to stderr. Not run by CI. Exit code 1 if any answer is wrong (a status that
differs between puzzlesat and the baseline, or a baseline answer the checker refuses).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from pysat.solvers import Solver

from puzzlesat.formats.sudoku_lines import read_all
from puzzlesat.kinds.sudoku.check import is_solution

DEFAULT_DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data"
ENGINES = ("auto", "sat", "sat-givens", "sat-fresh")


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


@dataclass(frozen=True)
class Row:
    name: str
    file: str
    label: str
    target: float | None  # puzzles per second


ROWS = (
    Row("17clue", "puzzles2_17_clue.txt", "17-clue (Royle)", 10_000),
    Row("hardest", "puzzles6_forum_hardest_1106.txt", "forum hardest 1106", 1_000),
    Row("top1465", "puzzles3_magictour_top1465.txt", "magictour top1465", None),
)


# --------------------------------------------------------------------------- the seed's model


def seed_conditions() -> list[list[int]]:
    """The seed's clauses, as its get_conditions() builds them: exactly one true variable
    along the last axis of each view of the (row, column, digit) cube."""
    from itertools import combinations

    bools = np.arange(1, 9 * 9 * 9 + 1).reshape(9, 9, 9)

    def get_conditions(cube):
        n = cube.shape[-1]
        index = np.array(list(combinations(range(n), 2)))
        out = cube.reshape(-1, n).tolist()
        out.extend((-cube[..., index].reshape(-1, 2)).tolist())
        return out

    boxes = np.swapaxes(bools.reshape(3, 3, 3, 3, 9), 1, 2).reshape(9, 9, 9)
    return (
        get_conditions(bools)  # each cell one digit
        + get_conditions(np.swapaxes(bools, 1, 2))  # each row each digit once
        + get_conditions(np.swapaxes(bools, 0, 2))  # each column each digit once
        + get_conditions(np.swapaxes(boxes, 1, 2))  # each box each digit once
    )


def seed_solve(board, conditions: list[list[int]]) -> tuple[str, tuple]:
    """(status, answers) of one 9x9 board the seed's way, solved twice for uniqueness."""
    grid = np.array(board.grid)
    r, c = np.where(grid != 0)
    givens = [[int(v)] for v in (r * 81 + c * 9 + grid[r, c] - 1 + 1)]
    answers = []
    with Solver(name="minisat22", bootstrap_with=conditions + givens) as sat:
        while len(answers) < 2 and sat.solve():
            model = np.array(sat.get_model()[:729])
            answers.append(tuple(map(tuple, (np.where(model.reshape(9, 9, 9) > 0)[2] + 1)
                                     .reshape(9, 9).tolist())))
            sat.add_clause([-int(v) for v in model if v > 0])
    return ("none", "unique", "multiple")[len(answers)], tuple(answers)


def run_seed(path: Path, limit: int) -> dict:
    text = path.read_text(encoding="utf-8")
    boards = read_all(text)[:limit]
    conditions = seed_conditions()
    statuses: Counter = Counter()
    per_puzzle, wrong = [], []
    start, cpu = time.perf_counter(), time.process_time()
    for i, board in enumerate(boards):
        status, answers = seed_solve(board, conditions)
        statuses[status] += 1
        per_puzzle.append(status)
        if not all(is_solution(board, a) for a in answers):
            wrong.append(f"seed answer {i + 1} of {path.name} breaks the rules")
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "puzzles": len(boards),
        "seconds": seconds,
        "cpu": cpu,
        "statuses": dict(statuses),
        "per_puzzle": per_puzzle,
        "wrong": wrong,
    }


# --------------------------------------------------------------------------- puzzlesat


def run_puzzlesat(path: Path, limit: int | None, engine: str) -> dict:
    """Read and solve the file the way `solve_many` users do; called in a fresh process."""
    from puzzlesat.kinds.sudoku import many

    mode = "auto"
    if engine == "sat":
        mode = "sat"
    elif engine in ("sat-givens", "sat-fresh"):
        many.np = None  # no propagation in numpy: SAT takes every puzzle from its givens
        if engine == "sat-fresh":
            many.RECYCLE = 1  # a new solver, with every rule, for each puzzle
    if limit is not None:  # a file of the first `limit` puzzles, made before the clock
        lines = path.read_text(encoding="utf-8").splitlines()
        kept = [ln for ln in lines if ln.strip() and not ln.startswith("#")][:limit]
        path = Path(tempfile.mkdtemp()) / path.name
        path.write_text("\n".join(kept) + "\n", encoding="utf-8")
    start, cpu = time.perf_counter(), time.process_time()
    text = path.read_text(encoding="utf-8")
    boards = read_all(text)
    read = time.perf_counter() - start
    statuses: Counter = Counter()
    per_puzzle = []
    for _, status, _ in many.solve_many(boards, engine=mode):
        statuses[status.value] += 1
        per_puzzle.append(status.value)
    return {
        "puzzles": len(boards),
        "seconds": time.perf_counter() - start,
        "cpu": time.process_time() - cpu,
        "read": read,
        "statuses": dict(statuses),
        "per_puzzle": per_puzzle,
        "wrong": [],
    }


def in_fresh_process(path: Path, limit: int | None, engine: str) -> dict:
    args = [sys.executable, __file__, "--child", str(path), engine]
    if limit is not None:
        args.append(str(limit))
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"{engine} on {path.name} failed:\n{done.stderr}")
    return json.loads(done.stdout)


# --------------------------------------------------------------------------- table


@dataclass
class Outcome:
    row: Row
    engine: str
    run: dict
    seed: dict | None = None
    wrong: list[str] = field(default_factory=list)
    whole: bool = True  # the whole collection ran (no --limit): the target applies

    @property
    def rate(self) -> float:
        return self.run["puzzles"] / self.run["seconds"]

    @property
    def cpu_rate(self) -> float:
        return self.run["puzzles"] / max(self.run["cpu"], 1e-9)

    @property
    def seed_rate(self) -> float | None:
        return self.seed["puzzles"] / self.seed["seconds"] if self.seed else None


def statuses_text(statuses: dict) -> str:
    return ", ".join(f"{v:,} {k}" for k, v in sorted(statuses.items())) or "—"


def verdict(out: Outcome) -> str:
    if out.row.target is None or out.engine != "auto" or not out.whole:
        return "—"
    return "pass" if out.rate >= out.row.target else "miss"


def render(outcomes: list[Outcome]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(width=max(Console().width, 200))
    table = Table(title="Sudoku collections: puzzles per second, end to end (one process, cold)")
    for col in (
        "row", "engine", "n", "wall s", "puzzles/s", "CPU s", "/s of CPU", "statuses",
        "seed n", "seed /s", "seed statuses", "ratio", "target", "result",
    ):
        table.add_column(col, justify="left" if col in ("row", "engine", "statuses",
                         "seed statuses", "target") else "right")
    for i, out in enumerate(outcomes):
        first = not i or out.row is not outcomes[i - 1].row
        seed = out.seed
        table.add_row(
            out.row.label if first else "",
            out.engine,
            f"{out.run['puzzles']:,}",
            f"{out.run['seconds']:.2f}",
            f"{out.rate:,.0f}",
            f"{out.run['cpu']:.2f}",
            f"{out.cpu_rate:,.0f}",
            statuses_text(out.run["statuses"]),
            f"{seed['puzzles']:,}" if seed else "—",
            f"{out.seed_rate:,.0f}" if seed else "—",
            statuses_text(seed["statuses"]) if seed else "—",
            f"{out.rate / out.seed_rate:,.0f}x" if seed else "—",
            f">= {out.row.target:,.0f}/s" if out.row.target else "—",
            verdict(out),
        )
    console.print(table)
    console.print(
        "wall s: reading the file, parsing and solve_many (answers checked, uniqueness proven), "
        "in a fresh process after its imports. /s of CPU: the same puzzles over the process's "
        "CPU seconds (what an unshared core would give). seed: the seed's one-hot model with a "
        "fresh MiniSat per puzzle, solved twice, on the row's first puzzles only; ratio = "
        "puzzles/s over the seed's puzzles/s.",
        highlight=False,
    )


# --------------------------------------------------------------------------- driver


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--child"]:
        path, engine = Path(argv[1]), argv[2]
        limit = int(argv[3]) if len(argv) > 3 else None
        print(json.dumps(run_puzzlesat(path, limit, engine)))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", metavar="NAME[,NAME]", help="run only these rows")
    parser.add_argument("--limit", type=int, metavar="N", help="only the first N puzzles a row")
    parser.add_argument(
        "--baseline-limit",
        type=int,
        metavar="N",
        default=300,
        help="puzzles a row for the seed's model (default 300; 0: no baseline)",
    )
    parser.add_argument(
        "--engine",
        metavar="NAME[,NAME]",
        default="auto",
        help="puzzlesat engines to run: " + ", ".join(ENGINES) + " (default: auto)",
    )
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="holds sudoku/")
    parser.add_argument("--json", action="store_true", help="print JSON instead of the table")
    args = parser.parse_args(argv)
    engines = tuple(dict.fromkeys(e.strip() for e in args.engine.split(",") if e.strip()))
    bad = sorted(set(engines) - set(ENGINES))
    if bad or not engines:
        parser.error(f"unknown engine(s) {', '.join(bad)}; engines: " + ", ".join(ENGINES))
    rows = list(ROWS)
    if args.only:
        wanted = {n.strip() for n in args.only.split(",") if n.strip()}
        unknown = sorted(wanted - {r.name for r in rows})
        if unknown:
            parser.error(f"unknown row(s) {', '.join(unknown)}; rows: "
                         + ", ".join(r.name for r in rows))
        rows = [r for r in rows if r.name in wanted]

    outcomes = []
    for row in rows:
        path = args.data.resolve() / "sudoku" / row.file
        seed = None
        if args.baseline_limit:
            n = args.baseline_limit if args.limit is None else min(args.limit, args.baseline_limit)
            log(f"{row.name}: the seed's model on the first {n:,} …")
            seed = run_seed(path, n)
            log(f"{row.name}: seed {statuses_text(seed['statuses'])} in {seed['seconds']:.2f} s")
        first = None
        for engine in engines:
            log(f"{row.name}: puzzlesat [{engine}] …")
            run = in_fresh_process(path, args.limit, engine)
            out = Outcome(row, engine, run, seed, list(seed["wrong"]) if seed else [],
                          whole=args.limit is None)
            if first is None:
                first = run["per_puzzle"]
            elif run["per_puzzle"] != first:
                out.wrong.append(f"{row.name} [{engine}]: statuses differ from [{engines[0]}]")
            if seed and run["per_puzzle"][: seed["puzzles"]] != seed["per_puzzle"]:
                out.wrong.append(f"{row.name} [{engine}]: statuses differ from the seed's")
            log(f"{row.name} [{engine}]: {statuses_text(run['statuses'])} in "
                f"{run['seconds']:.2f} s ({out.rate:,.0f}/s, {out.cpu_rate:,.0f}/s of CPU)")
            outcomes.append(out)

    if args.json:
        print(json.dumps([
            {
                "row": o.row.name,
                "engine": o.engine,
                "puzzles": o.run["puzzles"],
                "seconds": o.run["seconds"],
                "cpu": o.run["cpu"],
                "read": o.run["read"],
                "puzzles_per_s": o.rate,
                "puzzles_per_cpu_s": o.cpu_rate,
                "statuses": o.run["statuses"],
                "seed": None if o.seed is None else {
                    k: o.seed[k] for k in ("puzzles", "seconds", "cpu", "statuses")
                },
                "ratio": None if o.seed is None else o.rate / o.seed_rate,
                "target": o.row.target,
                "result": verdict(o),
                "wrong": o.wrong,
            }
            for o in outcomes
        ], indent=2))
    else:
        render(outcomes)
    wrong = [w for o in outcomes for w in o.wrong]
    for w in wrong:
        log(f"WRONG {w}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
