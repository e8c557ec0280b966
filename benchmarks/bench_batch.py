"""A folder of puzzles as a batch: --jobs 1 against --jobs N and a Dask LocalCluster.

The TAAI 2011 set (1000 puzzles) is split into one file each with `puzzlesat convert`, then
solved whole through the command line in this process (main(argv), wall clock), runs
interleaved so that a busy machine slows every variant alike. Ratios are against --jobs 1
of the same round.

    python benchmarks/bench_batch.py [--data ../shared/data] [--rounds 3] [--only 200]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

from puzzlesat.cli import main


def split(question: Path, folder: Path, only: int | None) -> None:
    """One file per puzzle, as a user would make it."""
    with contextlib.redirect_stderr(io.StringIO()):
        code = main(["convert", str(question), "--to", "taai", "-o", f"{folder}/"])
    assert code == 0, "convert failed"
    if only:
        for path in sorted(folder.iterdir())[only:]:
            path.unlink()


def timed(argv: list[str]) -> float:
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()) as out:
        code = main(argv)
    seconds = time.perf_counter() - start
    assert code == 0, out.getvalue()[-500:]
    return seconds


def run(args) -> None:
    question = Path(args.data) / "nonogram" / "taai" / "taai2011.question.txt"
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "taai2011"
        split(question, folder, args.only)
        count = len(list(folder.iterdir()))
        variants = {f"--jobs {n}": ["--jobs", str(n)] for n in (1, args.jobs)}
        cluster = None
        if args.dask:
            from distributed import LocalCluster

            cluster = LocalCluster(
                n_workers=args.jobs, threads_per_worker=1, dashboard_address=None
            )
            variants[f"dask LocalCluster ({args.jobs} workers)"] = [
                "--dask-scheduler",
                cluster.scheduler_address,
            ]
        times: dict[str, list[float]] = {name: [] for name in variants}
        try:
            for round_ in range(args.rounds):
                for name, extra in variants.items():
                    seconds = timed(["solve", "-q", *extra, str(folder)])
                    times[name].append(seconds)
                    print(f"round {round_ + 1}: {name}: {seconds:.2f} s", file=sys.stderr)
        finally:
            if cluster is not None:
                cluster.close()
    base = times["--jobs 1"]
    print(f"{count} TAAI 2011 puzzles, one file each; {args.rounds} interleaved rounds")
    print(f"{'variant':40} {'min s':>8} {'median s':>9} {'speed-up (median of rounds)':>28}")
    for name, runs in times.items():
        ratios = [b / t for b, t in zip(base, runs)]
        print(
            f"{name:40} {min(runs):8.2f} {statistics.median(runs):9.2f} "
            f"{statistics.median(ratios):27.2f}x"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default="../shared/data")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", type=int, help="the first N puzzles only")
    parser.add_argument("--no-dask", dest="dask", action="store_false")
    run(parser.parse_args())
