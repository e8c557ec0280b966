"""Write the fixture of puzzle-killer-sudoku.com: a page source in the family's 2025 shape
around a 6x6 Killer Sudoku of this tool's own, and a bad page whose task is cut short.

No Killer Sudoku page of 2025 is public whole, and the real saves of ../shared/data are not
to be copied. A seeded 6x6 Sudoku (boxes of 2 rows of 3) is cut into cages of one to four
cells grown at random; each cage's sum is written on its first cell in reading order, and
givens are added, in a fixed order, until a backtracking search of this tool's own (never
the package's code) finds that one answer. The task is the site's `givens;cage ids;sums`
(genres.md section 2); the page's `hashedSolution` is md5 of the task followed by the
digits joined by `,`, row-major. Run from anywhere; the output is the same every time:

    python tools/make_killer_fixtures.py

then `python tools/update_golden.py` writes the golden board and errors beside it.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from family_page import FamilyGame, page

ROOT = Path(__file__).resolve().parents[1]
MARK = "CONSTRUCTED by tools/make_killer_fixtures.py"
N, BOX_ROWS, BOX_COLS = 6, 2, 3
PUZZLE_ID, SIZE = 1234504, 3
GAME = FamilyGame(
    host="puzzle-killer-sudoku.com", plugin="killersudoku",
    description="Killer Sudoku is a logic puzzle.",
    menu=("shikaku", "nonograms", "sudoku", "killer-sudoku", "skyscrapers", "binairo"),
    ident="killer-sudoku", name="Killer Sudoku",
    sizes=(("1", "4x4 Easy"), ("3", "6x6 Easy"), ("7", "9x9 Easy")), mark=MARK,
    origin="the 2025 page layout (sites.md 3b, 3g); task: this tool's own puzzle",
    square_size=40,
)
Cell = tuple[int, int]


def peers(cell: Cell) -> set[Cell]:
    r, c = cell
    box = {(r - r % BOX_ROWS + i, c - c % BOX_COLS + j)
           for i in range(BOX_ROWS) for j in range(BOX_COLS)}
    return ({(r, k) for k in range(N)} | {(k, c) for k in range(N)} | box) - {cell}


def count(grid: dict[Cell, int], cages: list[list[Cell]], sums: list[int], limit: int = 2,
          found: list | None = None) -> int:
    """How many answers (up to `limit`) fill `grid`: every unit and cage without a repeat,
    a full cage summing to its number, a part of one staying below it."""
    found = [] if found is None else found
    cage_of = {cell: k for k, cage in enumerate(cages) for cell in cage}
    empty = [(r, c) for r in range(N) for c in range(N) if (r, c) not in grid]
    if not empty:
        found.append(dict(grid))
        return 1
    cell = empty[0]
    k = cage_of[cell]
    total = 0
    for v in range(1, N + 1):
        if any(grid.get(p) == v for p in peers(cell)):
            continue
        inside = [grid[x] for x in cages[k] if x in grid]
        if v in inside or sum(inside) + v > sums[k]:
            continue
        if len(inside) + 1 == len(cages[k]) and sum(inside) + v != sums[k]:
            continue
        grid[cell] = v
        total += count(grid, cages, sums, limit - total, found)
        del grid[cell]
        if total >= limit:
            break
    return total


def solution(rng: random.Random) -> dict[Cell, int]:
    """A seeded full 6x6 Sudoku: a fixed one with its digits, bands and stacks shuffled."""
    base = [[(BOX_COLS * (r % BOX_ROWS) + r // BOX_ROWS + c) % N + 1 for c in range(N)]
            for r in range(N)]
    digits = list(range(1, N + 1))
    rng.shuffle(digits)
    rows = [b * BOX_ROWS + i for b in rng.sample(range(N // BOX_ROWS), N // BOX_ROWS)
            for i in rng.sample(range(BOX_ROWS), BOX_ROWS)]
    return {(r, c): digits[base[rows[r]][c] - 1] for r in range(N) for c in range(N)}


def cut(rng: random.Random, answer: dict[Cell, int]) -> list[list[Cell]]:
    """Cages of one to four cells, grown from the first free cell, never repeating a digit;
    listed (and numbered) in the reading order of their first cells."""
    free = {(r, c) for r in range(N) for c in range(N)}
    cages = []
    while free:
        cage = [min(free)]
        free.discard(cage[0])
        for _ in range(rng.choice((1, 2, 2, 3, 3))):
            options = sorted((r + dr, c + dc) for r, c in cage
                             for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                             if (r + dr, c + dc) in free
                             and answer[(r + dr, c + dc)] not in {answer[x] for x in cage})
            if not options:
                break
            cage.append(rng.choice(options))
            free.discard(cage[-1])
        cages.append(sorted(cage))
    return sorted(cages)


def runs(values: list[int | None]) -> str:
    """D1: a letter for 1-26 empty cells, a number for a filled one, `_` between two numbers."""
    out, empty = "", 0
    for v in values:
        if v is None:
            empty += 1
            continue
        while empty:
            out += chr(96 + min(empty, 26))
            empty -= min(empty, 26)
        out += ("_" if out[-1:].isdigit() else "") + str(v)
    while empty:
        out += chr(96 + min(empty, 26))
        empty -= min(empty, 26)
    return out


def main() -> None:
    rng = random.Random("killer")
    answer = solution(rng)
    cages = cut(rng, answer)
    sums = [sum(answer[x] for x in cage) for cage in cages]
    givens: dict[Cell, int] = {}
    order = sorted(answer, key=lambda _: rng.random())
    while count(dict(givens), cages, sums) > 1:
        cell = order.pop()
        givens[cell] = answer[cell]
    cells = [(r, c) for r in range(N) for c in range(N)]
    ids = {cell: k + 1 for k, cage in enumerate(cages) for cell in cage}
    first = {cage[0]: total for cage, total in zip(cages, sums)}
    task = (f"{runs([givens.get(x) for x in cells])};{','.join(str(ids[x]) for x in cells)};"
            f"{runs([first.get(x) for x in cells])}")
    digits = ",".join(str(answer[x]) for x in cells)
    hashed = hashlib.md5((task + digits).encode()).hexdigest()
    out = ROOT / "fixtures" / GAME.host
    (out / "bad").mkdir(parents=True, exist_ok=True)
    title, stem = "6x6 Easy Killer Sudoku", f"easy_6x6_{PUZZLE_ID}"
    (out / f"{stem}.source.html").write_text(
        page(GAME, task, title, PUZZLE_ID, SIZE, N, N, rng, hashed), encoding="utf-8")
    (out / "bad" / "task_short.source.html").write_text(
        page(GAME, task[:-2], title, PUZZLE_ID, SIZE, N, N, rng), encoding="utf-8")
    index = [{"name": stem, "width": N, "height": N, "puzzle_id": str(PUZZLE_ID), "size": SIZE,
              "title": title, "task": task, "hashed_solution": hashed, "answer": digits,
              "origin": "this tool's own puzzle, checked unique by its backtracking search"}]
    (out / "index.json").write_text(json.dumps(index) + "\n", encoding="utf-8")
    print(f"wrote {stem} under fixtures/{GAME.host}: {len(cages)} cages, {len(givens)} givens")


if __name__ == "__main__":
    main()
