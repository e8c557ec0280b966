"""Shikaku: puzzlesat against a reimplementation of the seed's ShikakuSolver, in one run.

Both do the same job from the same grid text: parse, encode, solve, then solve again with the
first answer blocked (uniqueness). Times are the best of --repeat runs; the ratio is
seed / puzzlesat. Not run in CI.

    python benchmarks/bench_shikaku.py [--repeat 3] [--size 100] [--seeds 3]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from itertools import combinations, product
from pathlib import Path

from pysat.solvers import Solver

from puzzlesat.core import Page
from puzzlesat.kinds.shikaku.board import Rect, Shikaku
from puzzlesat.kinds.shikaku.check import is_solution
from puzzlesat.kinds.shikaku.encode import candidates
from puzzlesat.kinds.shikaku.generate import generate
from puzzlesat.load import read_page
from puzzlesat.solve import solve

ROOT = Path(__file__).resolve().parents[1]
REAL_40X50 = ROOT / "fixtures" / "puzzle-shikaku.com" / "monthly_40x50.source.html"


# --------------------------------------------------------------------------- the seed's model


class SeedShikaku:
    """The seed's model, rewritten: a variable per rectangle of each clue (other clues are not
    excluded up front), a variable per (cell, clue) pair, pairwise exactly-one on both, and
    rectangle -> its cells' (cell, clue) variables. Solved with MiniSat 2.2 as pysat's default."""

    def __init__(self, grid: list[list[int]]):
        self.height, self.width = len(grid), len(grid[0])
        self.next_var = 0
        self.clauses: list[list[int]] = []
        self.rects: dict[tuple[int, int], dict[int, Rect]] = {}
        for r, c in product(range(self.height), range(self.width)):
            if grid[r][c]:
                self.rects[r, c] = {
                    self._new(): rect for rect in self._rectangles(r, c, grid[r][c])
                }
        owners: dict[tuple[int, int], set[tuple[int, int]]] = defaultdict(set)
        for clue, rects in self.rects.items():
            for rect in rects.values():
                for cell in rect.cells():
                    owners[cell].add(clue)
        self.cell_vars = {
            cell: {clue: self._new() for clue in clues} for cell, clues in owners.items()
        }
        for rects in self.rects.values():
            self._exactly_one(list(rects))
        for by_clue in self.cell_vars.values():
            self._exactly_one(list(by_clue.values()))
        for clue, rects in self.rects.items():
            for var, rect in rects.items():
                self.clauses.extend([-var, self.cell_vars[cell][clue]] for cell in rect.cells())

    def _new(self) -> int:
        self.next_var += 1
        return self.next_var

    def _rectangles(self, r: int, c: int, area: int):
        for h in range(1, area + 1):
            if area % h:
                continue
            w = area // h
            for dr, dc in product(range(h), range(w)):
                top, left = r - dr, c - dc
                if top >= 0 and left >= 0 and top + h <= self.height and left + w <= self.width:
                    yield Rect(top, left, h, w)

    def _exactly_one(self, lits: list[int]) -> None:
        self.clauses.append(lits)
        self.clauses.extend([-a, -b] for a, b in combinations(lits, 2))

    def solve_twice(self) -> tuple[str, tuple[Rect, ...] | None, float, float]:
        rect_vars = [v for rects in self.rects.values() for v in rects]
        with Solver(name="minisat22", bootstrap_with=self.clauses) as solver:
            start = time.perf_counter()
            if not solver.solve():
                return "none", None, time.perf_counter() - start, 0.0
            model = set(v for v in solver.get_model() if v > 0)
            solve_time = time.perf_counter() - start
            chosen = tuple(
                rect for rects in self.rects.values() for v, rect in rects.items() if v in model
            )
            solver.add_clause([-v if v in model else v for v in rect_vars])
            start = time.perf_counter()
            status = "multiple" if solver.solve() else "unique"
            return status, chosen, solve_time, time.perf_counter() - start


# --------------------------------------------------------------------------- timing


def grid_text(grid: list[list[int]]) -> str:
    return "\n".join(" ".join(map(str, row)) for row in grid) + "\n"


def time_puzzlesat(page: Page) -> dict:
    candidates.cache_clear()  # every run starts cold, as a fresh process would
    start = time.perf_counter()
    board = read_page(page)
    parsed = time.perf_counter()
    result = solve(board)
    total = time.perf_counter() - start
    return {
        "total": total,
        "parse": parsed - start,
        **result.timings,
        "status": result.status.value,
        "answer": result.solutions[0],
        "board": board,
        "clauses": result.clauses,
    }


def time_seed(board: Shikaku) -> dict:
    start = time.perf_counter()
    model = SeedShikaku([list(row) for row in board.grid])
    encoded = time.perf_counter()
    status, chosen, solve_time, prove_time = model.solve_twice()
    return {
        "total": time.perf_counter() - start,
        "encode": encoded - start,
        "solve": solve_time,
        "prove": prove_time,
        "status": status,
        "answer": chosen,
        "clauses": len(model.clauses),
    }


def best_of(runs: list[dict]) -> dict:
    return min(runs, key=lambda run: run["total"])


def bench(name: str, page: Page, repeat: int) -> dict:
    ours = best_of([time_puzzlesat(page) for _ in range(repeat)])
    seed = best_of([time_seed(ours["board"]) for _ in range(repeat)])
    board = ours["board"]
    ok = is_solution(board, ours["answer"])
    if seed["answer"] is not None:
        by_clue = sorted(seed["answer"], key=lambda rect: (rect.top, rect.left))
        ok = ok and len(by_clue) == len(board.clues())
    if seed["status"] != ours["status"]:
        ok = False
    return {
        "puzzle": name,
        "size": f"{board.width}x{board.height}",
        "status": ours["status"],
        "ours_ms": ours["total"] * 1000,
        "seed_ms": seed["total"] * 1000,
        "ratio": seed["total"] / ours["total"],
        "ours_clauses": ours["clauses"],
        "seed_clauses": seed["clauses"],
        "agree": ok,
        "ours_breakdown_ms": {
            k: round(ours[k] * 1000, 2) for k in ("parse", "encode", "solve", "prove")
        },
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--size", type=int, default=100, help="side of the generated boards")
    parser.add_argument("--seeds", type=int, default=3, help="how many generated boards")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [
        bench(
            "real 40x50 (page source)",
            Page(str(REAL_40X50), REAL_40X50.read_text(encoding="utf-8")),
            args.repeat,
        )
    ]
    for seed in range(1, args.seeds + 1):
        text = grid_text(generate(args.size, args.size, seed))
        rows.append(
            bench(f"generated {args.size}x{args.size} #{seed}", Page("-", text), args.repeat)
        )
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    print(
        f"{'puzzle':28} {'status':9} {'puzzlesat':>10} {'seed':>10} {'ratio':>7} "
        f"{'clauses ours/seed':>20}  breakdown (ms)"
    )
    for row in rows:
        print(
            f"{row['puzzle']:28} {row['status']:9} {row['ours_ms']:8.1f}ms {row['seed_ms']:8.1f}ms"
            f" {row['ratio']:6.1f}x {row['ours_clauses']:>9}/{row['seed_clauses']:<10} "
            f"{row['ours_breakdown_ms']}{'' if row['agree'] else '  MISMATCH'}"
        )
    return 0 if all(row["agree"] for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
