"""The kinds' own hint steps (issue 48): the first step of `easy_step`, timed.

Rows:

    taai2011  the 1000 TAAI 2011 puzzles (25x25, ../shared/data/nonogram/taai): nonogram
              line logic on one line, else the smallest probe, else None
    sudoku16  the 16x16 puzzle-sudoku.com tasks (../shared/data/puzzle-sudoku-tasks/
              4x4_advanced.txt): singles, else locked candidates / naked pairs to a single
    sudoku9x  the 9x9 "extreme" tasks (3x3_extreme.txt): where singles stall and the
              eliminations are needed

Each puzzle is asked from the empty board (the givens alone for a Sudoku), from a half-
filled state (half of the answer's open cells known, chosen by random.Random(--seed) per
puzzle), and where the cheap reasoning stalls before the end, from that point ("stuck":
every cell line steps, or singles, decide from the empty board; the costly case for probing,
a player who has done everything easy). A figure is the wall time of one `easy_step` call
(perf_counter, in this process; the nonogram's line solvers and their caches, which the
engine's walk keeps from one step to the next, are cleared before each call, as a fresh
`puzzlesat hint` would find them). The step's source is counted (line / probe / none for
nonograms; singles / eliminations / none for Sudoku), and every step's cells are checked
against the answer (TAAI's solution file; Sudoku: puzzlesat's own unique answer, solved
before timing). Target: worst under 1 s. Exit code 1 if a step disagrees with the answer.

The walk (--walks, the first 50 puzzles of a row): easy_step from the empty board until it
finds nothing, every step applied, as the engine's `hint --all` loop does before its SAT
steps; its time in all, the steps, the share of open cells decided, the puzzles finished.

With --whole, a figure is the whole `puzzlesat hint` in process instead (hints.explain:
the encoding, the two answers, the marks read against them, the next step), and the
sources are its statuses; the walks are not run.

    python benchmarks/bench_hints_own.py [--only taai2011,sudoku16,sudoku9x] [--limit N]
                                         [--seed 48] [--walks 50] [--data ../shared/data]
                                         [--whole] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

from puzzlesat.formats.taai import read_taai, read_taai_solutions
from puzzlesat.hints import explain
from puzzlesat.kinds.nonogram import hints as nonogram_hints
from puzzlesat.kinds.sudoku import hints as sudoku_hints
from puzzlesat.solve import solve
from puzzlesat.sources.puzzle_family import BY_NAME, Task
from puzzlesat.sources.puzzle_family.games.sudoku import decode as decode_sudoku

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
Case = tuple[str, object, tuple, list]  # name, board, answer rows, open cells


def taai_cases(data: Path) -> Iterator[Case]:
    folder = data / "nonogram" / "taai"
    puzzles = read_taai((folder / "taai2011.question.txt").read_text("utf-8"))
    answers = read_taai_solutions((folder / "taai2011.solution.txt").read_text("utf-8"))
    for board in puzzles:
        answer = answers[int(board.title[1:])]
        cells = [(r, c) for r in range(board.height) for c in range(board.width)]
        yield board.title, board, answer, cells


def sudoku_cases(name: str, side: int) -> Callable[[Path], Iterator[Case]]:
    def cases(data: Path) -> Iterator[Case]:
        path = data / "puzzle-sudoku-tasks" / name
        for line in path.read_text("utf-8").splitlines():
            record = json.loads(line)
            board = decode_sudoku(Task(BY_NAME["sudoku"], record["Task"], side, side, name))
            answer = solve(board).solutions[0]
            cells = [(r, c) for r in range(side) for c in range(side) if not board.grid[r][c]]
            yield record["ID"], board, answer, cells

    return cases


def line_fixpoint(board, answer) -> dict:
    """The cells line steps decide from the empty board."""
    return {(r, c): v for step in nonogram_hints.every_line_step(board) for r, c, v in step.cells}


def singles_fixpoint(board, answer) -> dict:
    """The cells singles alone decide from the givens (eliminations not used)."""
    known: dict = {}
    while (found := sudoku_hints.easy_step(board, known)) and ", after" not in found.rule:
        known.update({(r, c): v for r, c, v in found.cells})
    return known


def nonogram_source(found) -> str:
    if found is None:
        return "none"
    return "probe" if found.rule == "contradiction" else "line"


def sudoku_source(found) -> str:
    if found is None:
        return "none"
    return "eliminations" if ", after" in found.rule else "singles"


ROWS: dict[str, tuple[Callable, Callable, Callable, Callable]] = {
    "taai2011": (taai_cases, nonogram_hints.easy_step, nonogram_source, line_fixpoint),
    "sudoku16": (sudoku_cases("4x4_advanced.txt", 16), sudoku_hints.easy_step, sudoku_source,
                 singles_fixpoint),
    "sudoku9x": (sudoku_cases("3x3_extreme.txt", 9), sudoku_hints.easy_step, sudoku_source,
                 singles_fixpoint),
}
STATES = ("empty", "half", "stuck")


def walk(easy_step, board, answer, title: str, wrong: list) -> tuple[float, int, int]:
    """(seconds, steps, cells decided) of easy_step from the empty board until None, the
    engine's loop for `hint --all` without its SAT steps; wrong steps noted."""
    nonogram_hints._lines.cache_clear()
    known: dict = {}
    steps = 0
    start = time.perf_counter()
    while (found := easy_step(board, known)) is not None:
        steps += 1
        for r, c, v in found.cells:
            if answer[r][c] != v:
                wrong.append((title, "walk", found.text))
            known[r, c] = v
    return time.perf_counter() - start, steps, len(known)


def whole_hint(board, known: dict):
    """`puzzlesat hint` in process from the marks `known`: the encoding, the answers, the
    player's marks read and the next step (hints.explain), as the command runs them."""
    state = [[known.get((r, c)) for c in range(board.width)] for r in range(board.height)]
    return explain(board, state=state if known else None)


def run_row(name: str, data: Path, limit: int | None, seed: int, walks: int,
            whole: bool = False) -> dict:
    cases, easy_step, source, fixpoint = ROWS[name]
    out: dict = {"row": name, "puzzles": 0, "wrong": [], "walks": []}
    for state in STATES:
        out[state] = {"times": [], "sources": Counter()}
    for n, (title, board, answer, cells) in enumerate(cases(data)):
        if limit is not None and n >= limit:
            break
        out["puzzles"] += 1
        rng = random.Random(f"{seed}:{title}")
        half = {cell: answer[cell[0]][cell[1]] for cell in rng.sample(cells, len(cells) // 2)}
        stuck = fixpoint(board, answer)
        states = [("empty", {}), ("half", half)]
        if len(stuck) < len(cells):
            states.append(("stuck", stuck))
        for state, known in states:
            nonogram_hints._lines.cache_clear()  # each call as a fresh `hint` would make it
            start = time.perf_counter()
            found = whole_hint(board, known) if whole else easy_step(board, known)
            elapsed = time.perf_counter() - start
            out[state]["times"].append((elapsed, title))
            out[state]["sources"][found.status if whole else source(found)] += 1
            if not whole and found is not None and any(
                    answer[r][c] != v for r, c, v in found.cells):
                out["wrong"].append((title, state, found.text))
        if n < walks and not whole:
            out["walks"].append((*walk(easy_step, board, answer, title, out["wrong"]),
                                 len(cells), title))
    return out


def summary(out: dict) -> dict:
    rows = {}
    for state in STATES:
        times = sorted(out[state]["times"])
        if not times:
            continue
        rows[state] = {
            "puzzles": len(times),
            "median_ms": round(1000 * statistics.median(t for t, _ in times), 2),
            "worst_ms": round(1000 * times[-1][0], 1),
            "worst": times[-1][1],
            "sources": dict(out[state]["sources"]),
        }
    walks = sorted(out["walks"])
    if walks:
        rows["walk"] = {
            "puzzles": len(walks),
            "median_s": round(statistics.median(w[0] for w in walks), 3),
            "worst_s": round(walks[-1][0], 3),
            "worst": walks[-1][-1],
            "mean_steps": round(statistics.mean(w[1] for w in walks), 1),
            "cells_decided": round(sum(w[2] for w in walks) / sum(w[3] for w in walks), 3),
            "finished": sum(1 for w in walks if w[2] == w[3]),
        }
    return {"row": out["row"], "puzzles": out["puzzles"], "wrong": len(out["wrong"]), **rows}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default=",".join(ROWS))
    parser.add_argument("--limit", type=int)
    parser.add_argument("--seed", type=int, default=48)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--walks", type=int, default=50,
                        help="walk easy_step from the empty board to its end on this many "
                             "puzzles of each row")
    parser.add_argument("--whole", action="store_true",
                        help="time the whole hint (encoding, answers, marks, step), not the "
                             "kind's own step alone")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    results = []
    for name in args.only.split(","):
        out = run_row(name, args.data, args.limit, args.seed, args.walks, args.whole)
        for wrong in out["wrong"]:
            print("WRONG", *wrong, file=sys.stderr)
        results.append(summary(out))
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(f"{'row':9} {'n':>5} {'state':6} {'median ms':>10} {'worst ms':>9}  worst  sources")
        for row in results:
            for state in STATES:
                if state not in row:
                    continue
                s = row[state]
                sources = ", ".join(f"{k} {v}" for k, v in sorted(s["sources"].items()))
                print(f"{row['row']:9} {s['puzzles']:5} {state:6} {s['median_ms']:10} "
                      f"{s['worst_ms']:9}  {s['worst']}  {sources}")
            w = row.get("walk")
            if w:
                print(f"{row['row']:9} {w['puzzles']:5} walk   median {w['median_s']} s, worst "
                      f"{w['worst_s']} s ({w['worst']}), {w['mean_steps']} steps, "
                      f"{w['cells_decided']:.0%} of the cells, {w['finished']} finished")
    return 1 if any(row["wrong"] for row in results) else 0


if __name__ == "__main__":
    raise SystemExit(main())
