"""Write fixtures for puzzle-futoshiki.com (a Futoshiki page and a Renzoku page) and
puzzle-skyscrapers.com: page sources in the family's 2025 shape, and a bad page each.

No page of these games of 2025 is public whole, and the real saves of ../shared/data are
not to be copied: the puzzles here are this tool's own. A 5x5 Latin square is drawn from a
seeded generator; every sign (Futoshiki), dot (Renzoku) or view (Skyscrapers) of it is
written, then clues are taken away, in a fixed order, while a brute force of this tool's
own (never the package's code) still finds that one answer. The page's `hashedSolution` is
made by the site's rule: md5 of the task followed by the answer's digits, no separator
(genres.md section 2). Run from anywhere; the output is the same every time:

    python tools/make_latin_fixtures.py

then `python tools/update_golden.py` writes the golden boards and errors beside them.
"""

from __future__ import annotations

import hashlib
import json
import random
from itertools import permutations
from pathlib import Path

from family_page import FamilyGame, page

ROOT = Path(__file__).resolve().parents[1]
MARK = "CONSTRUCTED by tools/make_latin_fixtures.py"
N = 5
STEP = {"D": (1, 0), "U": (-1, 0), "R": (0, 1), "L": (0, -1)}
MENU = ("shikaku", "nonograms", "sudoku", "futoshiki", "skyscrapers", "binairo", "masyu")


def game(host: str, plugin: str, name: str) -> FamilyGame:
    return FamilyGame(
        host=host, plugin=plugin, description=f"{name} is a logic puzzle.", menu=MENU,
        ident=plugin, name=name, sizes=(("0", "4x4 Easy"), ("1", "5x5 Easy")), mark=MARK,
        origin="the 2025 page layout (sites.md 3b, 3g); task: this tool's own puzzle",
        square_size=30,
    )


def squares(n: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every n x n Latin square, rows drawn from the permutations."""
    rows = list(permutations(range(1, n + 1)))
    found: list[tuple[tuple[int, ...], ...]] = []

    def search(done: list[tuple[int, ...]]) -> None:
        if len(done) == n:
            found.append(tuple(done))
            return
        for row in rows:
            if all(row[c] != other[c] for other in done for c in range(n)):
                search([*done, row])

    search([])
    return found


def seen(line) -> int:
    tallest = count = 0
    for h in line:
        if h > tallest:
            tallest, count = h, count + 1
    return count


def views(square) -> list[int]:
    cols = list(zip(*square))
    return ([seen(c) for c in cols] + [seen(c[::-1]) for c in cols]
            + [seen(r) for r in square] + [seen(r[::-1]) for r in square])


def letters_fit(square, marks: set, renzoku: bool) -> bool:
    """Whether every (cell, letter) holds in `square`, and (Renzoku) every pair without a dot is
    not consecutive."""
    for (r, c), letter in marks:
        dr, dc = STEP[letter]
        a, b = square[r][c], square[r + dr][c + dc]
        if (abs(a - b) != 1) if renzoku else not a > b:
            return False
    if renzoku:
        dotted = {frozenset(((r, c), (r + STEP[x][0], c + STEP[x][1]))) for (r, c), x in marks}
        for r in range(N):
            for c in range(N):
                for dr, dc in ((0, 1), (1, 0)):
                    if r + dr < N and c + dc < N and frozenset(((r, c), (r + dr, c + dc))) \
                            not in dotted and abs(square[r][c] - square[r + dr][c + dc]) == 1:
                        return False
    return True


def marked_task(marks: set, givens: dict) -> str:
    cells = []
    for r in range(N):
        for c in range(N):
            letters = "".join(x for x in "DURL" if ((r, c), x) in marks)
            cells.append(f"{givens.get((r, c), 0)}{letters},")
    return "".join(cells)


def marked_puzzle(every, answer, renzoku: bool, rng: random.Random) -> set:
    """The marks of `answer`, fewest kept (Futoshiki) that leave one answer; Renzoku keeps
    them all (no dot says as much as a dot)."""
    marks = set()
    for r in range(N):
        for c in range(N):
            for x, (dr, dc) in STEP.items():
                if 0 <= r + dr < N and 0 <= c + dc < N:
                    a, b = answer[r][c], answer[r + dr][c + dc]
                    if (abs(a - b) == 1 and x in "DR") if renzoku else a > b:
                        marks.add(((r, c), x))
    if renzoku:
        return marks
    order = sorted(marks)
    rng.shuffle(order)
    for mark in order:
        fewer = marks - {mark}
        if sum(letters_fit(s, fewer, False) for s in every) == 1:
            marks = fewer
    return marks


def sky_puzzle(every, answer, rng: random.Random) -> list[int | None]:
    clues: list[int | None] = list(views(answer))
    order = list(range(len(clues)))
    rng.shuffle(order)
    for i in order:
        fewer = clues[:i] + [None] + clues[i + 1 :]
        fits = [s for s in every if all(k is None or k == v for k, v in zip(fewer, views(s)))]
        if len(fits) == 1:
            clues = fewer
    return clues


def write(folder: str, plugin: str, name: str, task: str, answer, puzzle_id: int,
          rng: random.Random) -> None:
    out = ROOT / "fixtures" / folder
    (out / "bad").mkdir(parents=True, exist_ok=True)
    digits = "".join(str(v) for row in answer for v in row)
    hashed = hashlib.md5((task + digits).encode()).hexdigest()
    fam = game(folder, plugin, name)
    title = f"5x5 Easy {name}"
    stem = f"easy_5x5_{plugin}_{puzzle_id}"
    text = page(fam, task, title, puzzle_id, 1, N, N, rng, hashed)
    (out / f"{stem}.source.html").write_text(text, encoding="utf-8")
    short = page(fam, task[:-2], title, puzzle_id, 1, N, N, rng)
    (out / "bad" / f"{plugin}_task_short.source.html").write_text(short, encoding="utf-8")
    index_path = out / "index.json"
    index = json.loads(index_path.read_text()) if index_path.exists() else []
    index = [e for e in index if e["name"] != stem] + [{
        "name": stem, "width": N, "height": N, "puzzle_id": str(puzzle_id), "size": 1,
        "title": title, "task": task, "hashed_solution": hashed,
        "answer": [list(row) for row in answer],
        "origin": "this tool's own puzzle, checked unique by its brute force"}]
    index_path.write_text(json.dumps(index) + "\n", encoding="utf-8")
    print(f"wrote {stem} under fixtures/{folder}")


def main() -> None:
    rng = random.Random("latin")
    every = squares(N)
    answer = rng.choice(every)
    marks = marked_puzzle(every, answer, False, rng)
    write("puzzle-futoshiki.com", "futoshiki", "Futoshiki", marked_task(marks, {}), answer,
          1234501, rng)
    answer = rng.choice(every)
    dots = marked_puzzle(every, answer, True, rng)
    fits = [s for s in every if letters_fit(s, dots, True)]
    givens: dict = {}
    for r, c in sorted(((r, c) for r in range(N) for c in range(N)), key=lambda _: rng.random()):
        if len(fits) == 1:
            break
        givens[(r, c)] = answer[r][c]
        fits = [s for s in fits if s[r][c] == answer[r][c]]
    write("puzzle-futoshiki.com", "renzoku", "Renzoku", marked_task(dots, givens), answer,
          1234502, rng)
    answer = rng.choice(every)
    clues = sky_puzzle(every, answer, rng)
    task = "/".join("" if k is None else str(k) for k in clues) + f",{chr(96 + N * N)}"
    write("puzzle-skyscrapers.com", "skyscrapers", "Skyscrapers", task, answer, 1234503, rng)


if __name__ == "__main__":
    main()
