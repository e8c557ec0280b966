"""The command a person types, timed as whole processes: start-up, one puzzle, a file of many.

Each figure is a median of `--runs` whole-process wall times after a warm-up, run in turn
with its baseline (A B A B ...) so that a busy machine slows both alike, and reported as a
ratio to that baseline. Python's compiled files are written first (`compileall`), and the
children may write them, as an installed puzzlesat's would be.

    floor       python -c "import pysat.solvers, rich.console": what any Python tool that
                solves with python-sat and draws with rich pays before its first clause
    small       puzzlesat solve -q on a 2x2 board JSON                      <= 1.3x the floor
    family      puzzlesat solve -q on a saved family page (the Light Up, Masyu and Dominosa
                fixtures), the whole process, solve included                 <= 1.3x the floor
    taai        20 TAAI 2011 puzzles (every 50th), a process each: the whole process minus
                that puzzle's in-process solve() time                        <= 1.3x the floor
    sudoku      the first 2,000 puzzles of puzzles2_17_clue.txt through `solve FILE -q` and
                through `solve FILE --json > /dev/null`: puzzles a second after the small
                puzzle's start-up                                            >= 15,000 /s

    python benchmarks/bench_cli.py [--data ../shared/data] [--runs 7]
                                   [--only small,family,taai,sudoku] [--json]

Not run by CI.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import puzzlesat
from puzzlesat.formats.taai import read_taai
from puzzlesat.kinds import board_record
from puzzlesat.solve import solve

DEFAULT_DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data"
FLOOR = [sys.executable, "-c", "import pysat.solvers, rich.console"]
TAAI_EVERY = 50
SUDOKU_LINES = 2000
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
FAMILY_PAGES = (
    "puzzle-light-up.com/easy_7x7_309662.source.html",
    "puzzle-masyu.com/easy_6x6_1044580.source.html",
    "puzzle-dominosa.com/double_6_4815162.source.html",
)


def puzzlesat_command() -> list[str]:
    """The installed script, as a user runs it (else `python -m puzzlesat`)."""
    script = Path(sys.executable).with_name("puzzlesat")
    found = str(script) if script.exists() else shutil.which("puzzlesat")
    return [found] if found else [sys.executable, "-m", "puzzlesat"]


def child_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["NO_COLOR"] = "1"
    return env


def wall(argv: list[str], stdout=subprocess.DEVNULL) -> float:
    start = time.perf_counter()
    subprocess.run(argv, stdout=stdout, stderr=subprocess.DEVNULL, env=child_env(), check=False)
    return time.perf_counter() - start


def paired(a: list[str], b: list[str], runs: int) -> tuple[float, float]:
    """Medians of A and B, run in turn after one warm-up of each."""
    wall(a), wall(b)
    times_a, times_b = [], []
    for _ in range(runs):
        times_a.append(wall(a))
        times_b.append(wall(b))
    return statistics.median(times_a), statistics.median(times_b)


def small_board(folder: Path) -> Path:
    path = folder / "small.json"
    board = {"kind": "nonogram", "width": 2, "height": 2,
             "puzzle": {"rows": [[1], [1]], "cols": [[1], [1]]}}
    path.write_text(json.dumps(board))
    return path


def taai_boards(data: Path, folder: Path) -> list[tuple[Path, float]]:
    """Every 50th TAAI 2011 puzzle as board JSON, with its in-process solve() time (the
    median of five, as the whole process's is a median; the first solve of the run done
    before, so no import is counted). Not the best: where the race's winner varies from run
    to run (MiniSat in 150 ms, or the probing search in 45), the best is the lucky one."""
    text = (data / "nonogram" / "taai" / "taai2011.question.txt").read_text("utf-8")
    puzzles = read_taai(text)[::TAAI_EVERY]
    solve(puzzles[0], isolate=True)
    out = []
    for i, board in enumerate(puzzles):
        path = folder / f"taai-{i * TAAI_EVERY:04d}.json"
        path.write_text(json.dumps(board_record(board)))
        times = []
        for _ in range(5):
            start = time.perf_counter()
            solve(board, isolate=True)
            times.append(time.perf_counter() - start)
        out.append((path, statistics.median(times)))
    return out


def family_row(command: list[str], page: str, runs: int) -> dict:
    """One saved family page solved as a user would, against the floor: the whole of it
    (recognition, the game's import, the solve and the site's check) is the cost."""
    whole, floor = paired([*command, "solve", "-q", str(FIXTURES / page)], FLOOR, runs)
    return {"page": page.split("/")[0], "whole": whole, "floor": floor, "ratio": whole / floor}


def run(args: argparse.Namespace) -> dict:
    compileall.compile_dir(Path(puzzlesat.__file__).parent, quiet=1)
    command = puzzlesat_command()
    only = set(args.only.split(","))
    report: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        small = [*command, "solve", "-q", str(small_board(folder))]
        small_s, floor_s = paired(small, FLOOR, args.runs)
        report["small"] = {"seconds": small_s, "floor": floor_s, "ratio": small_s / floor_s}
        if "family" in only:
            report["family"] = [family_row(command, page, args.runs) for page in FAMILY_PAGES]
        if "taai" in only:
            rows = []
            for path, inside in taai_boards(Path(args.data), folder):
                whole, floor = paired([*command, "solve", "-q", str(path)], FLOOR, args.runs)
                rows.append({"puzzle": path.stem, "whole": whole, "solve": inside,
                             "floor": floor, "ratio": (whole - inside) / floor})
            report["taai"] = rows
        if "sudoku" in only:
            lines = (Path(args.data) / "sudoku" / "puzzles2_17_clue.txt").read_text().splitlines()
            puzzles = [line for line in lines if line[:1].isdigit() or line[:1] == "."]
            path = folder / "sudoku.txt"
            path.write_text("\n".join(puzzles[:SUDOKU_LINES]) + "\n")
            for name, extra in (("sudoku -q", ["-q"]), ("sudoku --json", ["--json"])):
                whole, start_up = paired([*command, "solve", str(path), *extra], small, args.runs)
                rate = SUDOKU_LINES / max(whole - start_up, 1e-9)
                report[name] = {"seconds": whole, "start_up": start_up, "per_second": rate}
    return report


def show(report: dict) -> None:
    small = report["small"]
    print(f"floor  {small['floor']:.3f} s   small  {small['seconds']:.3f} s   "
          f"ratio {small['ratio']:.2f} (target <= 1.3)")
    for row in report.get("family", []):
        print(f"family {row['page']:24s} whole {row['whole']:.3f}  floor {row['floor']:.3f}  "
              f"ratio {row['ratio']:.2f} (target <= 1.3)")
    for row in report.get("taai", []):
        print(f"  {row['puzzle']}  whole {row['whole']:.3f}  solve {row['solve'] * 1000:6.1f} ms"
              f"  floor {row['floor']:.3f}  (whole - solve) / floor {row['ratio']:.2f}")
    if report.get("taai"):
        ratios = [row["ratio"] for row in report["taai"]]
        print(f"taai   (whole - solve) / floor: median {statistics.median(ratios):.2f}, "
              f"worst {max(ratios):.2f} (target <= 1.3 each)")
    for name in ("sudoku -q", "sudoku --json"):
        if name in report:
            row = report[name]
            print(f"{name:14s} {row['seconds']:.3f} s, start-up {row['start_up']:.3f} s: "
                  f"{row['per_second']:,.0f} puzzles/s (target >= 15,000)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=str(DEFAULT_DATA))
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--only", default="small,family,taai,sudoku")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = run(args)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        show(report)


if __name__ == "__main__":
    main()
