"""Does a hard racer help an encoding with `refine` (Masyu, Slitherlink)? MiniSat alone against
MiniSat racing CaDiCaL that takes the cuts between its solves, through the real race.

Puzzles, from `../shared/data/genres/{masyu,loop}/site-tasks.jsonl`:

- **real**: the --real hardest tasks of each game, by MiniSat's CPU time (`find_two`, one
  untimed pass over every task);
- **thinned**: the largest tasks with a share of their clues taken out (seeded): they have
  several answers, and MiniSat draws some long searches on them (the loop cut again and
  again), the heavy tail a racer is for.

Each puzzle runs through `sat.run_within(encode, None, isolate=True)` (MiniSat in a thread,
the racers as a lone puzzle gets them) in each mode, the modes taking turns:

- `alone`: the plan keeps MiniSat alone (`Timings(refined_hard_after=None)`);
- `racing`: CaDiCaL with the cuts joins after HARD_AFTER, in a forked child, as for the
  other encodings (`refined_hard_after=HARD_AFTER`);
- `early` (--early): the same, joining after GUIDED_AFTER.

CPU is this process's and its reaped children's (the racer), wall is the clock; each figure
is the median of --repeat runs. Not run by CI.

    PYTHONPATH=src python benchmarks/bench_refine_race.py [--real 10] [--repeat 3] [--early]
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import resource
import statistics
import sys
import time
from pathlib import Path

from bench_genres import DEFAULT_DATA, GAMES, _site_puzzles

from puzzlesat.kinds import kind_of
from puzzlesat.sat import GUIDED_AFTER, HARD_AFTER, Racers, Timings, find_two, run_within

THINNED = {"masyu": ((0.3, 0.5, 0.7), 2, 4), "loop": ((0.6,), 4, 2)}  # shares, tasks, seeds


def cpu() -> float:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def thinned(game: str, board, share: float, seed: int):
    """The board with `share` of its clues (circles, numbers) taken out."""
    rng = random.Random(seed)
    if game == "masyu":
        rows = [list(row) for row in board.cells]
        spots = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."]
        for r, c in rng.sample(spots, int(share * len(spots))):
            rows[r][c] = "."
        return dataclasses.replace(board, cells=tuple("".join(row) for row in rows))
    rows = [list(row) for row in board.grid]
    spots = [(r, c) for r, row in enumerate(rows) for c, k in enumerate(row) if k is not None]
    for r, c in rng.sample(spots, int(share * len(spots))):
        rows[r][c] = None
    return dataclasses.replace(board, grid=tuple(tuple(row) for row in rows))


def minisat_cpu(board) -> float:
    encoding = kind_of(board).encode(board)
    start = time.process_time()
    find_two(encoding)
    return time.process_time() - start


def puzzles(data: Path, real: int) -> list[tuple[str, str, object]]:
    """(set, name, board) of the real hardest and the thinned largest of each game."""
    out = []
    for game in GAMES:
        if game.folder not in THINNED:
            continue
        tasks = [p for p in _site_puzzles(game, data / "genres" / game.folder)]
        print(f"{game.folder}: {len(tasks)} tasks, MiniSat on each", file=sys.stderr)
        by_time = sorted(tasks, key=lambda p: -minisat_cpu(p.board))
        out += [("real", f"{game.folder} {p.name}", p.board) for p in by_time[:real]]
        shares, largest, seeds = THINNED[game.folder]
        biggest = sorted(tasks, key=lambda p: -p.board.width * p.board.height)[:largest]
        out += [("thinned", f"{game.folder} {p.name} -{share:.0%} #{seed}",
                 thinned(game.folder, p.board, share, seed))
                for p in biggest for share in shares for seed in range(seeds)]
    return out


def run(board, racers: Racers) -> tuple[float, float, str]:
    """(CPU, wall, who answered) of one solve through the race."""
    encode = lambda progress: kind_of(board).encode(board, progress)  # noqa: E731
    cpu0, wall0 = cpu(), time.perf_counter()
    outcome = run_within(encode, None, isolate=True, racers=racers)
    return cpu() - cpu0, time.perf_counter() - wall0, outcome.facts["solver"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--real", type=int, default=10, help="hardest real tasks per game")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--early", action="store_true", help="also a racer at GUIDED_AFTER")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    args = parser.parse_args()
    modes = {"alone": None, "racing": HARD_AFTER, **({"early": GUIDED_AFTER} if args.early else {})}
    figures: dict[tuple[str, str], dict[str, list]] = {}
    for group, name, board in puzzles(args.data, args.real):
        row = {mode: [] for mode in modes}
        for _ in range(args.repeat):
            for mode, after in modes.items():
                row[mode].append(run(board, Racers(timings=Timings(refined_hard_after=after))))
        figures[group, name] = row
        print(name, *(f"{mode} cpu {statistics.median(r[0] for r in runs) * 1000:.0f} ms wall "
                      f"{statistics.median(r[1] for r in runs) * 1000:.0f} ms "
                      f"({'/'.join(sorted({r[2] for r in runs}))})"
                      for mode, runs in row.items()), file=sys.stderr)
    print("set | mode | n | CPU median / worst | wall median / worst | racer answered")
    for group in ("real", "thinned"):
        rows = [row for (g, _), row in figures.items() if g == group]
        for mode in modes:
            cpus = [statistics.median(r[0] for r in row[mode]) for row in rows]
            walls = [statistics.median(r[1] for r in row[mode]) for row in rows]
            won = sum(r[2] != "minisat22" for row in rows for r in row[mode])
            print(f"{group} | {mode} | {len(rows)} | {statistics.median(cpus) * 1000:.1f} / "
                  f"{max(cpus) * 1000:.1f} ms | {statistics.median(walls) * 1000:.1f} / "
                  f"{max(walls) * 1000:.1f} ms | {won} of {len(rows) * args.repeat}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
