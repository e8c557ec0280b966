"""Write fixtures for puzzle-stitches.com: a page source in the family's 2025 shape around a
puzzle of this tool's own, and a bad page.

The real pairs of ../shared/data/genres/stitches carry no licence (the tests read them from
there). The fixture's regions are drawn here; its counts are those of the one placement of
one stitch a pair of neighbouring regions (size code 0, k = 1) that no other placement
shares, found by trying every placement with this tool's own search (never the package's
code). The page's `hashedSolution` is made by the site's rule: md5 of the task followed by
`y`/`n` a cell for a stitch to the right, then `y`/`n` a cell for a stitch down. Run from
anywhere; the output is the same every time:

    python tools/make_stitches_fixtures.py

then `python tools/update_golden.py` writes the golden boards and errors beside them.
"""

from __future__ import annotations

import json
import random
from collections import Counter, defaultdict
from pathlib import Path

from family_page import FamilyGame, hashed, page
from update_golden import board_with_puzzle

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "fixtures" / "puzzle-stitches.com"
MARK = "CONSTRUCTED by tools/make_stitches_fixtures.py"
REGIONS = (  # this tool's own 5x5 (grown from five seeds at random once)
    (2, 5, 5, 5, 5),
    (2, 3, 3, 5, 5),
    (2, 3, 3, 3, 5),
    (1, 1, 3, 4, 4),
    (1, 1, 3, 4, 4),
)
SIZES = (("0", "5x5 1÷ Easy"), ("2", "7x7 1÷ Normal"), ("4", "7x7 2÷ Normal"),
         ("6", "10x10 1÷ Normal"), ("12", "15x15 1÷ Normal"), ("15", "15x15 3÷ Hard"))

GAME = FamilyGame(
    host="puzzle-stitches.com",
    plugin="stitches",
    description="Stitches is a logic puzzle: join the neighbouring regions by stitches.",
    menu=("shikaku", "nonograms", "sudoku", "stitches", "star-battle", "masyu", "loop"),
    ident="stitches",
    name="Stitches",
    sizes=SIZES,
    mark=MARK,
    origin="the 2025 page layout (sites.md 3b, 3g); puzzle: this tool's own",
)
Edge = tuple[tuple[int, int], tuple[int, int]]


def seams() -> list[list[Edge]]:
    """The edges between every two neighbouring regions, a list a pair."""
    h, w = len(REGIONS), len(REGIONS[0])
    out: dict[tuple[int, int], list[Edge]] = defaultdict(list)
    for r in range(h):
        for c in range(w):
            for rr, cc in ((r, c + 1), (r + 1, c)):
                if rr < h and cc < w and REGIONS[r][c] != REGIONS[rr][cc]:
                    a, b = sorted((REGIONS[r][c], REGIONS[rr][cc]))
                    out[a, b].append(((r, c), (rr, cc)))
    return [out[key] for key in sorted(out)]


def placements() -> list[tuple[Edge, ...]]:
    """Every choice of one edge a seam with no hole used twice."""
    found: list[tuple[Edge, ...]] = []
    all_seams = seams()

    def search(i: int, chosen: list[Edge], used: set) -> None:
        if i == len(all_seams):
            found.append(tuple(chosen))
            return
        for a, b in all_seams[i]:
            if a not in used and b not in used:
                search(i + 1, [*chosen, (a, b)], used | {a, b})

    search(0, [], set())
    return found


def counts(stitches: tuple[Edge, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    holes = [cell for edge in stitches for cell in edge]
    h, w = len(REGIONS), len(REGIONS[0])
    return (tuple(sum(c == col for _, c in holes) for col in range(w)),
            tuple(sum(r == row for r, _ in holes) for row in range(h)))


def main() -> None:
    every = placements()
    seen = Counter(counts(p) for p in every)
    alone = [p for p in every if seen[counts(p)] == 1]
    assert alone, "no placement has counts of its own"
    rng = random.Random("stitches")
    stitches = rng.choice(alone)
    columns, rows = counts(stitches)
    h, w = len(REGIONS), len(REGIONS[0])
    task = ("_".join(map(str, columns + rows)) + ";"
            + ",".join(str(v) for row in REGIONS for v in row))
    right = {a for a, b in stitches if a[0] == b[0]}
    down = {a for a, b in stitches if a[1] == b[1]}
    marks = "".join("y" if (r, c) in group else "n" for group in (right, down)
                    for r in range(h) for c in range(w))
    digest = hashed(task, marks)
    name = "easy_5x5_1234701"
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "bad").mkdir(exist_ok=True)
    text = page(GAME, task, "5x5 1÷ Easy Stitches", 1234701, 0, w, h, rng, digest)
    (OUT / f"{name}.source.html").write_text(text, encoding="utf-8")
    expected = OUT / f"{name}.board.json"
    puzzle = {"regions": [list(row) for row in REGIONS], "columns": list(columns),
              "rows": list(rows), "stitches": 1}
    expected.write_text(board_with_puzzle(expected, puzzle), encoding="utf-8")
    short = page(GAME, task[:-4], "5x5 1÷ Easy Stitches", 1234701, 0, w, h, rng, digest)
    (OUT / "bad" / "task_short.source.html").write_text(short, encoding="utf-8")
    index = [{"name": name, "width": w, "height": h, "puzzle_id": "1234701", "size": 0,
              "title": "5x5 1÷ Easy Stitches", "task": task, "answer": marks,
              "hashed_solution": digest,
              "origin": "this tool's own regions; counts of the one placement no other "
                        "shares, found by trying every placement; page built around it"}]
    (OUT / "index.json").write_text(json.dumps(index, indent=1, ensure_ascii=False) + "\n",
                                    encoding="utf-8")
    print(f"wrote {name} and bad/task_short under {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
