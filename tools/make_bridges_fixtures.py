"""Write fixtures for puzzle-bridges.com: a page source in the family's 2025 shape, and a bad
page cut short.

No Bridges page is public whole, and the real tasks we read carry no licence: the page is
built in the family's 2025 shape (sites.md 3b) around this tool's own puzzle. From a fixed
seed it scatters islands on a 6x6 board, builds random bridges between islands in line
(never crossing, all islands joined), writes each island's count, and keeps the board when
its own search of every way to build bridges (never the package's code) finds that one
alone. The page's `hashedSolution` is the md5 of the task and each island's `right,down`
counts joined by `;` (genres.md section 2). Run from anywhere; the output is the same
every time:

    python tools/make_bridges_fixtures.py

then `python tools/update_golden.py` writes the golden boards and errors beside them.
"""

from __future__ import annotations

import json
import random
from itertools import product
from pathlib import Path

from family_page import FamilyGame, hashed, page
from update_golden import board_with_puzzle

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "fixtures" / "puzzle-bridges.com"
MARK = "CONSTRUCTED by tools/make_bridges_fixtures.py"
SIDE = 6
PUZZLE_ID = 6060606
SIZES = (("0", "7x7 Easy"), ("1", "7x7 Normal"), ("2", "7x7 Hard"), ("3", "10x10 Easy"))

GAME = FamilyGame(
    host="puzzle-bridges.com",
    plugin="hashi",
    description="Bridges is a logic puzzle with simple rules and challenging solutions.",
    menu=("shikaku", "nonograms", "masyu", "loop", "bridges"),
    ident="hashi",
    name="Bridges",
    sizes=SIZES,
    mark=MARK,
    origin="the 2025 page layout of the family (sites.md 3b); task: this tool's own\n"
    "puzzle, unique by its own search",
    size_inputs=False,
)


def spans(islands: set) -> list[tuple]:
    """(a, b, across, cells between) of every two islands in line with water between."""
    out = []
    for r, c in sorted(islands):
        for dr, dc in ((0, 1), (1, 0)):
            a, b, water = r + dr, c + dc, []
            while a < SIDE and b < SIDE and (a, b) not in islands:
                water.append((a, b))
                a, b = a + dr, b + dc
            if a < SIDE and b < SIDE:
                out.append(((r, c), (a, b), dr == 0, water))
    return out


def holds(islands: set, pairs: list, counts: tuple) -> dict | None:
    """Each island's bridge count when `counts` (0-2 a pair) never cross and join every
    island; None where they do not."""
    used = [cell for (_, _, _, water), n in zip(pairs, counts) if n for cell in water]
    if len(used) != len(set(used)):
        return None
    total = dict.fromkeys(islands, 0)
    joined = {next(iter(sorted(islands)))}
    for _ in islands:
        for (a, b, _, _), n in zip(pairs, counts):
            if n and (a in joined) != (b in joined):
                joined |= {a, b}
    if joined != islands:
        return None
    for (a, b, _, _), n in zip(pairs, counts):
        total[a] += n
        total[b] += n
    return total


def puzzle(rng: random.Random) -> tuple[dict, list, tuple]:
    """Islands with their counts, the pairs, and the only way to build their bridges."""
    while True:
        islands = set(rng.sample([(r, c) for r in range(SIDE) for c in range(SIDE)], 8))
        pairs = spans(islands)
        if len(pairs) > 11:
            continue
        built = tuple(rng.choice((0, 1, 1, 2)) for _ in pairs)
        total = holds(islands, pairs, built)
        if total is None or 0 in total.values():
            continue
        ways = [c for c in product((0, 1, 2), repeat=len(pairs))
                if holds(islands, pairs, c) == total]
        if ways == [built]:
            return total, pairs, built


def main() -> None:
    rng = random.Random("bridges")
    total, pairs, built = puzzle(rng)
    grid = [[total.get((r, c)) for c in range(SIDE)] for r in range(SIDE)]
    task, empty = "", 0
    for value in (v for row in grid for v in row):
        if value is None:
            empty += 1
            continue
        task += (chr(96 + empty) if empty else "") + str(value)
        empty = 0
    task += chr(96 + empty) if empty else ""
    counts = {island: [0, 0] for island in total}
    for (a, _, across, _), n in zip(pairs, built):
        counts[a][0 if across else 1] = n
    answer = ";".join(f"{counts[i][0]},{counts[i][1]}" for i in sorted(counts))
    name, title = f"easy_{SIDE}x{SIDE}_{PUZZLE_ID}", f"{SIDE}x{SIDE} Easy Bridges"
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "bad").mkdir(exist_ok=True)
    digest = hashed(task, answer)
    text = page(GAME, task, title, PUZZLE_ID, 0, SIDE, SIDE, rng, digest)
    (OUT / f"{name}.source.html").write_text(text, encoding="utf-8")
    expected = OUT / f"{name}.board.json"
    expected.write_text(board_with_puzzle(expected, {"grid": grid}), encoding="utf-8")
    short = page(GAME, task[:-3], title, PUZZLE_ID, 0, SIDE, SIDE, rng, digest)
    (OUT / "bad" / "task_short.source.html").write_text(short, encoding="utf-8")
    index = [{"name": name, "width": SIDE, "height": SIDE, "puzzle_id": str(PUZZLE_ID),
              "size": 0, "title": title, "task": task, "answer": answer,
              "origin": "this tool's own puzzle, unique by its own search of every way"}]
    (OUT / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {name} and bad/task_short under {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
