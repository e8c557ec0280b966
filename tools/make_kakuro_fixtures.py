"""Write fixtures for puzzle-kakuro.com: a page source in the family's 2025 shape, and a bad
page.

No Kakuro page of 2025 is public whole, and the real saves of ../shared/data are not to be
copied: the puzzle here is this tool's own. On a fixed 8x8 pattern of black and white cells
(the site's size 0 is 8x8), digits are drawn from a seeded generator, no run repeating one;
the sums of that filling are the clues, and a filling is kept once a backtracking search of
this tool's own (never the package's code) finds it the only answer to them. The task is
written as the site writes it (genres.md section 2): D1, a letter a run of white cells, `B`
a black cell without a sum, a black cell's sums as across*100 + down, `_` before a number
that follows a number or a `B`; the page's `hashedSolution` by the site's rule, md5 of the
task followed by a character a cell, `n` black, else the digit. Run from anywhere; the
output is the same every time:

    python tools/make_kakuro_fixtures.py

then `python tools/update_golden.py` writes the golden boards and errors beside them.
"""

from __future__ import annotations

import json
import random
from itertools import combinations
from pathlib import Path

from family_page import FamilyGame, hashed, page

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "fixtures" / "puzzle-kakuro.com"
MARK = "CONSTRUCTED by tools/make_kakuro_fixtures.py"
PATTERN = (  # `#` black, `.` white: every white cell in a run of two or more both ways
    "########",
    "####..##",
    "##.....#",
    "##...#..",
    "#..###..",
    "#..#...#",
    "##.....#",
    "###..###",
)
GAME = FamilyGame(
    host="puzzle-kakuro.com", plugin="kakuro", description="Kakuro is a logic puzzle.",
    menu=("shikaku", "nonograms", "sudoku", "kakuro", "killer-sudoku", "futoshiki", "masyu"),
    ident="kakuro", name="Kakuro", sizes=(("0", "8x8"), ("3", "12x12")), mark=MARK,
    origin="the 2025 page layout (sites.md 3b, 3g); task: this tool's own puzzle",
    square_size=30,
)
Cell = tuple[int, int]


def runs() -> list[tuple[Cell, int, list[Cell]]]:
    """(black cell before it, 0 down / 1 across, cells) of every run of white cells."""
    out = []
    for r, row in enumerate(PATTERN):
        for c, ch in enumerate(row):
            if ch != "#":
                continue
            for way, (dr, dc) in enumerate(((1, 0), (0, 1))):
                cells, y, x = [], r + dr, c + dc
                while y < len(PATTERN) and x < len(row) and PATTERN[y][x] == ".":
                    cells.append((y, x))
                    y, x = y + dr, x + dc
                if cells:
                    out.append(((r, c), way, cells))
    return out


RUNS = runs()
WHITES = [(r, c) for r, row in enumerate(PATTERN) for c, ch in enumerate(row) if ch == "."]
RUNS_OF = {cell: [i for i, (_, _, cells) in enumerate(RUNS) if cell in cells] for cell in WHITES}


def search(totals: list[int] | None, rng: random.Random | None, limit: int) -> list[dict]:
    """Up to `limit` fillings, cell by cell in reading order: no run repeats a digit and,
    given `totals`, every run makes its sum (digits in a random order with `rng`)."""
    found: list[dict] = []
    digits: dict[Cell, int] = {}
    allowed = [set(range(1, 10)) if totals is None else
               {d for group in combinations(range(1, 10), len(cells)) if sum(group) == total
                for d in group} for (_, _, cells), total in zip(RUNS, totals or [0] * len(RUNS))]

    def fits(cell: Cell, d: int) -> bool:
        for i in RUNS_OF[cell]:
            held = [digits[x] for x in RUNS[i][2] if x in digits]
            if d in held or d not in allowed[i]:
                return False
            if totals is not None:
                left = len(RUNS[i][2]) - len(held) - 1
                rest = totals[i] - sum(held) - d
                if rest < left * (left + 1) // 2 or rest > left * (19 - left) // 2:
                    return False
        return True

    def step(k: int) -> None:
        if len(found) >= limit:
            return
        if k == len(WHITES):
            found.append(dict(digits))
            return
        order = list(range(1, 10))
        if rng is not None:
            rng.shuffle(order)
        for d in order:
            if fits(WHITES[k], d):
                digits[WHITES[k]] = d
                step(k + 1)
                del digits[WHITES[k]]

    step(0)
    return found


def task_of(totals: list[int]) -> str:
    """The site's task: D1, letters for runs of white cells, `B`, across*100 + down."""
    sums: dict[Cell, int] = {}
    for (at, way, _), total in zip(RUNS, totals):
        sums[at] = sums.get(at, 0) + total * (100 if way else 1)
    out, whites = [], 0
    for r, row in enumerate(PATTERN):
        for c, ch in enumerate(row):
            if ch == ".":
                whites += 1
                continue
            if whites:
                out.append(chr(96 + whites))
                whites = 0
            number = sums.get((r, c))
            if out and out[-1][-1] in "0123456789B" and number:
                out.append("_")
            out.append(str(number) if number else "B")
    if whites:
        out.append(chr(96 + whites))
    return "".join(out)


def main() -> None:
    rng = random.Random("kakuro")
    while True:  # a few fillings: most leave two answers
        (filled,) = search(None, rng, 1)
        totals = [sum(filled[x] for x in cells) for _, _, cells in RUNS]
        if len(search(totals, None, 2)) == 1:
            break
    task = task_of(totals)
    answer = "".join(str(filled[(r, c)]) if ch == "." else "n"
                     for r, row in enumerate(PATTERN) for c, ch in enumerate(row))
    puzzle_id, title, stem = 1234504, "8x8 Kakuro", "kakuro_8x8_1234504"
    (OUT / "bad").mkdir(parents=True, exist_ok=True)
    text = page(GAME, task, title, puzzle_id, 0, 8, 8, rng, hashed(task, answer))
    (OUT / f"{stem}.source.html").write_text(text, encoding="utf-8")
    short = page(GAME, task[:-2], title, puzzle_id, 0, 8, 8, rng)
    (OUT / "bad" / "kakuro_task_short.source.html").write_text(short, encoding="utf-8")
    index = [{"name": stem, "width": 8, "height": 8, "puzzle_id": str(puzzle_id), "size": 0,
              "title": title, "task": task, "hashed_solution": hashed(task, answer),
              "answer": answer,
              "origin": "this tool's own puzzle, checked unique by its backtracking search"}]
    (OUT / "index.json").write_text(json.dumps(index) + "\n", encoding="utf-8")
    print(f"wrote {stem} under fixtures/puzzle-kakuro.com: {task}")


if __name__ == "__main__":
    main()
