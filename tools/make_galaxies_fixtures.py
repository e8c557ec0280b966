"""Write fixtures for puzzle-galaxies.com: a page source in the family's 2025 shape, and a bad
page cut short.

No Galaxies page is public whole, and the real tasks we read carry no licence: the page is
built in the family's 2025 shape (sites.md 3b) around this tool's own puzzle. From a fixed
seed it grows symmetric galaxies over a 5x5 board (each from a centre on a cell, an edge
or a corner, a cell and its twin at a time) and keeps the board when its own search (each
cell given a galaxy with its twin, every galaxy then checked connected; never the
package's code) finds that split alone. The page's `hashedSolution` is the md5 of the task
and the walls between galaxies, `y`/`n`, the H-1 rows across first (genres.md section 2).
Run from anywhere; the output is the same every time:

    python tools/make_galaxies_fixtures.py

then `python tools/update_golden.py` writes the golden boards and errors beside them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from family_page import FamilyGame, hashed, page
from update_golden import board_with_puzzle

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "fixtures" / "puzzle-galaxies.com"
MARK = "CONSTRUCTED by tools/make_galaxies_fixtures.py"
SIDE = 5
PUZZLE_ID = 5151515
SIZES = (("0", "5x5 Easy"), ("1", "5x5 Normal"), ("2", "7x7 Easy"), ("3", "7x7 Normal"))
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))

GAME = FamilyGame(
    host="puzzle-galaxies.com",
    plugin="galaxies",
    description="Galaxies is a logic puzzle with simple rules and challenging solutions.",
    menu=("shikaku", "nonograms", "masyu", "loop", "galaxies"),
    ident="galaxies",
    name="Galaxies",
    sizes=SIZES,
    mark=MARK,
    origin="the 2025 page layout of the family (sites.md 3b); task: this tool's own\n"
    "puzzle, unique by its own search",
    size_inputs=False,
)


def twin(cell: tuple, centre: tuple) -> tuple | None:
    r, c = centre[0] - cell[0], centre[1] - cell[1]
    return (r, c) if 0 <= r < SIDE and 0 <= c < SIDE else None


def touched(centre: tuple) -> list:
    i, j = centre
    return [(r, c) for r in {i // 2, (i + 1) // 2} for c in {j // 2, (j + 1) // 2}]


def connected(cells: set) -> bool:
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for dr, dc in STEPS:
            if (r + dr, c + dc) in cells and (r + dr, c + dc) not in seen:
                seen.add((r + dr, c + dc))
                todo.append((r + dr, c + dc))
    return seen == cells


def grown(rng: random.Random) -> tuple[list, dict] | None:
    """Centres and each cell's galaxy, grown at random; None where a cell is left over."""
    owner: dict = {}
    centres: list = []
    for cell in rng.sample([(r, c) for r in range(SIDE) for c in range(SIDE)], SIDE * SIDE):
        if cell in owner:
            continue
        options = [(2 * cell[0] + di, 2 * cell[1] + dj) for di in (0, 1) for dj in (0, 1)]
        options = [o for o in options if o[0] < 2 * SIDE - 1 and o[1] < 2 * SIDE - 1
                   and not any(t in owner for t in touched(o))]
        centre = rng.choice(options)
        g = len(centres)
        centres.append(centre)
        owner.update(dict.fromkeys(touched(centre), g))
        for _ in range(rng.randrange(4)):
            rim = [(r + dr, c + dc) for (r, c), o in owner.items() if o == g for dr, dc in STEPS]
            rim = [x for x in rim if 0 <= x[0] < SIDE and 0 <= x[1] < SIDE and x not in owner
                   and twin(x, centre) is not None and twin(x, centre) not in owner]
            if rim:
                x = rng.choice(rim)
                owner[x] = owner[twin(x, centre)] = g
    return centres, owner


def splits(centres: list, limit: int = 2) -> list:
    """Up to `limit` ways to give every cell a galaxy with its twin, each connected."""
    found: list = []
    owner: dict = {}
    for g, centre in enumerate(centres):
        for cell in touched(centre):
            if owner.setdefault(cell, g) != g:
                return []
    order = [(r, c) for r in range(SIDE) for c in range(SIDE)]

    def place(at: int) -> None:
        if len(found) >= limit:
            return
        while at < len(order) and order[at] in owner:
            at += 1
        if at == len(order):
            if all(connected({x for x, o in owner.items() if o == g}) for g in range(len(centres))):
                found.append(dict(owner))
            return
        cell = order[at]
        for g, centre in enumerate(centres):
            other = twin(cell, centre)
            if other is not None and owner.get(other, g) == g:
                owner[cell] = owner[other] = g
                place(at + 1)
                del owner[cell]
                owner.pop(other, None)

    place(0)
    return found


def main() -> None:
    rng = random.Random("galaxies")
    while True:
        centres, owner = grown(rng)
        whole = len(owner) == SIDE * SIDE and all(
            connected({x for x, o in owner.items() if o == g}) for g in range(len(centres)))
        if whole and splits(centres) == [owner]:
            break
    positions = {(i, j) for i, j in centres}
    task, skipped = "", 0
    for i in range(2 * SIDE - 1):
        for j in range(2 * SIDE - 1):
            if (i, j) in positions:
                task += chr(ord("a") + skipped)
                skipped = 0
            else:
                skipped += 1
                if skipped == 25:
                    task, skipped = task + "z", 0
    across = ["y" if owner[(r, c)] != owner[(r + 1, c)] else "n"
              for r in range(SIDE - 1) for c in range(SIDE)]
    down = ["y" if owner[(r, c)] != owner[(r, c + 1)] else "n"
            for r in range(SIDE) for c in range(SIDE - 1)]
    answer = "".join(across + down)
    dots = ["".join("o" if (i, j) in positions else "." for j in range(2 * SIDE - 1))
            for i in range(2 * SIDE - 1)]
    name, title = f"easy_{SIDE}x{SIDE}_{PUZZLE_ID}", f"{SIDE}x{SIDE} Easy Galaxies"
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "bad").mkdir(exist_ok=True)
    digest = hashed(task, answer)
    text = page(GAME, task, title, PUZZLE_ID, 0, SIDE, SIDE, rng, digest)
    (OUT / f"{name}.source.html").write_text(text, encoding="utf-8")
    expected = OUT / f"{name}.board.json"
    expected.write_text(board_with_puzzle(expected, {"dots": dots}), encoding="utf-8")
    cut = page(GAME, task + "zzzzz", title, PUZZLE_ID, 0, SIDE, SIDE, rng, digest)
    (OUT / "bad" / "task_long.source.html").write_text(cut, encoding="utf-8")
    index = [{"name": name, "width": SIDE, "height": SIDE, "puzzle_id": str(PUZZLE_ID),
              "size": 0, "title": title, "task": task, "answer": answer,
              "origin": "this tool's own puzzle, unique by its own search of every split"}]
    (OUT / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {name} and bad/task_long under {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
