"""`puzzlesat hint` on real puzzles: how long the next step takes, and how many rules it names.

- **First step on the largest shared pair of every game** (`site-pairs.jsonl`, the pair of
  most cells whose size the save kept; a game without pairs, Shakashaka, its largest
  shared puzzle, `decoded.jsonl` and its site tasks), from the empty board and from a
  half-filled state (half the answer's decided keys marked, chosen with a fixed seed): the
  time in process, the status, and how many families of rules the step names.
- **The shared Light Up pages** (`genres/light-up/pages`): the first step, empty and half;
  and an 11x11 Light Up without walls, the worst case found (every decision left open by
  some answer, each a pigeonhole problem to MiniSat: 47 s before the engine first ruled
  out, with CaDiCaL, what some answer breaks).
- **`--all` on the shared 15x15 Masyu**: the whole solve as steps, its time and its steps.
- **Rules a step names, against a baseline**: over every step of the `--all` runs (Masyu
  15x15, and every game's smallest pair), the mean number of rule families a step names,
  against the mean number a step would name if explained by every family that touches one
  of its decided variables (the baseline the issue sets), in the same run. Nonograms and
  Sudokus are left out of the means: their steps come from their own reasoning, a line or
  a unit each, and their encodings name no families to compare with.

Each time is the best of --repeat runs in this process, after the imports. Not run by CI.

    python benchmarks/bench_hints.py [--only GAME[,GAME]] [--repeat N] [--data DIR] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_genres import DEFAULT_DATA, GAMES, pair_board, puzzles_of, site_pairs  # noqa: E402

from puzzlesat import hints  # noqa: E402
from puzzlesat.core import Page, UnsupportedPuzzle  # noqa: E402
from puzzlesat.kinds import kind_of  # noqa: E402
from puzzlesat.kinds.light_up import stress  # noqa: E402
from puzzlesat.load import read_page  # noqa: E402
from puzzlesat.sources import puzzle_family  # noqa: E402

SEED = 48


def timed(repeat: int, call: Any) -> tuple[float, Any]:
    """The best wall time of `repeat` calls, and the last call's value."""
    best, value = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        value = call()
        best = min(best, time.perf_counter() - start)
    return best, value


def placed(board: Any) -> tuple[Any, list, Any]:
    """The board's encoding, the Place of each decision variable, and the answer's JSON."""
    from puzzlesat.sat import find_two

    kind = kind_of(board)
    encoding = kind.encode(board)
    found = find_two(encoding).models
    places = hints._places(kind, board, encoding, found)
    return encoding, places, kind.answer_json(kind.decode(board, found[0]))


def half_state(board: Any) -> Any:
    """The answer's JSON with half of its keys marked (a fixed seed), None elsewhere: a
    player's board half done, every mark right."""
    _, places, answer = placed(board)
    keys = sorted({p.key for p in places if p is not None}, key=repr)
    decided = [(key, hints.at(answer, key)) for key in keys]
    decided = [(key, value) for key, value in decided if value is not None]
    return hints.partial(answer, random.Random(SEED).sample(decided, len(decided) // 2))


def first_step(board: Any, repeat: int) -> dict:
    """The first step from the empty board and from half the answer marked."""
    try:
        empty_s, empty = timed(repeat, lambda: hints.explain(board))
    except UnsupportedPuzzle as exc:
        return {"status": f"refused: {exc}"}
    state = half_state(board)
    half_s, half = timed(repeat, lambda: hints.explain(board, state=state))
    return {"status": empty.status, "empty_s": empty_s, "rules": _rules(empty),
            "half_status": half.status, "half_s": half_s, "half_rules": _rules(half)}


def _rules(said: hints.Hints) -> int | None:
    return len(said.steps[0].because) if said.steps else None


def pairs_by_size(data: Path, wanted: set[str] | None, pick: Any = max) -> list[tuple[str, Any]]:
    """(game, board) of the largest (`pick=min`: the smallest) pair with a size of every
    game read, else of its shared puzzles."""
    out = []
    for genre in puzzle_family.GENRES:
        if not genre.supported or wanted and genre.name not in wanted:
            continue
        pairs = [p for p in site_pairs(genre, data) if p["width"] is not None]
        if pairs:
            pair = pick(pairs, key=lambda p: p["width"] * p["height"])
            out.append((genre.name, pair_board(genre, pair)))
        elif (board := shared_puzzle(genre.name, data, pick)) is not None:
            out.append((genre.name, board))
    return out


def shared_puzzle(name: str, data: Path, pick: Any) -> Any:
    """The largest (smallest) board of a game's shared puzzles (bench_genres reads them:
    decoded puzzles, site tasks), for a game no page has shown a pair of; None if none."""
    game = next((g for g in GAMES if g.folder == name), None)
    puzzles = puzzles_of(game, name, data) if game is not None else []
    return pick(puzzles, key=lambda p: p.board.width * p.board.height).board if puzzles else None


def light_up_pages(data: Path) -> list[tuple[str, Any]]:
    folder = data / "genres" / "light-up" / "pages"
    return [(path.name, read_page(Page(str(path), path.read_text(encoding="utf-8"))))
            for path in sorted(folder.glob("*.html"))]


def rules_against_baseline(board: Any) -> tuple[list[int], list[int], str, float]:
    """For every step of the whole solve: the families it names, and the families that
    touch one of its decided variables (the baseline); the status and the time."""
    start = time.perf_counter()
    said = hints.explain(board, every=True)
    seconds = time.perf_counter() - start
    encoding, places, _ = placed(board)
    touching = _families_of_variables(encoding)
    var_of: dict[tuple, set[int]] = {}
    for var, place in zip(encoding.decision_vars, places):
        if place is not None:
            var_of.setdefault(place.key, set()).add(var)
    ours, baseline = [], []
    for step in said.steps:
        variables = {v for key, _ in step.decided for v in var_of.get(_plain(key), ())}
        ours.append(len(step.because))
        baseline.append(len(set().union(*(touching.get(v, set()) for v in variables))))
    return ours, baseline, said.status, seconds


def _plain(key: tuple) -> tuple:
    """The key a decision is at: a value ruled out's, or the values left's (OneOf)."""
    return key[0] if len(key) == 2 and isinstance(key[1], (hints.Not, hints.OneOf)) else key


def _families_of_variables(encoding: Any) -> dict[int, set]:
    out: dict[int, set] = {}
    for rule, scope, start, end in encoding.rules:
        for clause in encoding.clauses[start:end]:
            for lit in clause:
                out.setdefault(abs(lit), set()).add((rule, scope))
    for i, count in enumerate(encoding.atmosts):
        named = getattr(count, "named", None) or ("a count", ("constraint", i))
        for lit in count[0]:
            out.setdefault(abs(lit), set()).add(named)
    return out


def masyu_15(data: Path) -> Any:
    genre = next(g for g in puzzle_family.GENRES if g.name == "masyu")
    pair = next(p for p in site_pairs(genre, data) if p["width"] == 15)
    return pair_board(genre, pair)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="games to run, comma-separated")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    wanted = set(args.only.split(",")) if args.only else None
    report: dict[str, Any] = {"largest": {}, "light_up_pages": {}}
    for name, board in pairs_by_size(args.data, wanted):
        print(f"{name} {board.width}x{board.height} ...", file=sys.stderr)
        report["largest"][name] = {"size": f"{board.width}x{board.height}",
                                   **first_step(board, args.repeat)}
    if not wanted or "light-up" in wanted:
        for name, board in light_up_pages(args.data):
            report["light_up_pages"][name] = first_step(board, args.repeat)
        report["light_up_pages"]["11x11 without walls"] = first_step(stress(11, 11),
                                                                     args.repeat)
    ours, baseline = [], []
    runs = [("masyu 15x15", masyu_15(args.data))] if not wanted or "masyu" in wanted else []
    runs += [(f"{name} {b.width}x{b.height}", b)
             for name, b in pairs_by_size(args.data, wanted, min)]
    report["all"] = {}
    for name, board in runs:
        print(f"--all {name} ...", file=sys.stderr)
        try:
            mine, base, status, seconds = rules_against_baseline(board)
        except UnsupportedPuzzle:
            continue
        report["all"][name] = {"steps": len(mine), "status": status, "seconds": seconds,
                               "mean_rules": _mean(mine), "mean_baseline": _mean(base)}
        if any(base):  # a kind of its own reasoning names no families to compare with
            ours += mine
            baseline += base
    report["rules_per_step"] = {"steps": len(ours), "ours": _mean(ours),
                                "baseline": _mean(baseline)}
    print(json.dumps(report, indent=1) if args.json else _table(report))
    return 0


def _mean(values: list[int]) -> float | None:
    return round(statistics.mean(values), 2) if values else None


def _table(report: dict) -> str:
    lines = ["game | size | empty: status, s, rules | half: status, s, rules"]
    for name, r in {**report["largest"], **report["light_up_pages"]}.items():
        if "empty_s" not in r:
            lines.append(f"{name} | {r.get('size', '')} | {r['status']}")
            continue
        lines.append(f"{name} | {r.get('size', 'page')} | {r['status']}, {r['empty_s']:.3f}, "
                     f"{r['rules']} | {r['half_status']}, {r['half_s']:.3f}, {r['half_rules']}")
    times = [r[k] for r in {**report["largest"], **report["light_up_pages"]}.values()
             for k in ("empty_s", "half_s") if k in r]
    if times:
        lines.append(f"first steps: median {statistics.median(times):.3f} s, "
                     f"worst {max(times):.3f} s over {len(times)}")
    lines.append("--all | steps | status | s | mean rules | mean baseline")
    for name, r in report["all"].items():
        lines.append(f"{name} | {r['steps']} | {r['status']} | {r['seconds']:.2f} | "
                     f"{r['mean_rules']} | {r['mean_baseline']}")
    per = report["rules_per_step"]
    lines.append(f"rules a step names: {per['ours']} on average over {per['steps']} steps, "
                 f"against {per['baseline']} for every family touching its variables")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
