"""Write fixtures for puzzle-light-up.com: a page source in the 2025 shape, and a bad page.

The two real pages of 2025 are in ../shared/data/genres/light-up/pages (the tests read them
from there; they are not copied here). The fixture page is built in their shape (the whole
script on one line, `$('#game').lightup({ ident: 'light-up.N' , task: task, hashedSolution:
..., puzzleWidth: W, puzzleHeight: H ,...`, sites.md 3g) around a REAL task: puzzle 309,662
of puzzle-resolution/LightUp `common/index.html` (MIT; ../shared/data/genres/light-up/
site-tasks.jsonl). Its answer is found here by a small backtracking search of this tool's
own (never the package's code), checked unique, and the page's `hashedSolution` is made
from it by the site's rule: md5 of the task followed by one `y`/`n` per cell in reading
order, `y` a bulb. Run from anywhere; the output is the same every time:

    python tools/make_light_up_fixtures.py

then `python tools/update_golden.py` writes the golden boards and errors beside them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from family_page import FamilyGame, hashed, page
from update_golden import board_with_puzzle

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "fixtures" / "puzzle-light-up.com"
MARK = "CONSTRUCTED by tools/make_light_up_fixtures.py"
TASK = "cBa3aBi2c1aBaBaBc1iBa0a1c"  # real task 309,662 (light-up.0, 7x7)
SIZES = (("0", "7x7 Easy"), ("1", "7x7 Normal"), ("2", "7x7 Hard"), ("3", "10x10 Easy"),
         ("4", "10x10 Normal"), ("5", "10x10 Hard"), ("6", "14x14 Easy"), ("7", "14x14 Normal"),
         ("8", "14x14 Hard"), ("9", "25x25 Easy"), ("10", "25x25 Normal"),
         ("11", "25x25 Hard"), ("13", "Daily Light Up"), ("12", "Weekly Light Up"),
         ("14", "Monthly Light Up"))


GAME = FamilyGame(
    host="puzzle-light-up.com",
    plugin="lightup",
    description="Light Up (Akari) is a logic puzzle with simple rules and challenging solutions.",
    menu=("shikaku", "nonograms", "sudoku", "light-up", "star-battle", "masyu", "loop"),
    ident="light-up",
    name="Light Up",
    sizes=SIZES,
    mark=MARK,
    origin="the 2025 page layout (sites.md 3b, 3g); task: real puzzle 309,662 of\n"
    "puzzle-resolution/LightUp common/index.html (MIT)",
)


# --------------------------------------------------------------------------- the puzzle


def decode(task: str, width: int, height: int) -> list[str]:
    """Rows of '.', 'B' and digits: letters skip white cells, every other character is a cell."""
    cells = []
    for ch in task:
        cells.extend("." * (ord(ch) - 96) if ch.islower() else ch)
    assert len(cells) == width * height, len(cells)
    return ["".join(cells[r * width : (r + 1) * width]) for r in range(height)]


def seen(rows: list[str], r: int, c: int) -> list[tuple[int, int]]:
    """The white cells a bulb at (r, c) lights, itself included."""
    out = [(r, c)]
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        rr, cc = r + dr, c + dc
        while 0 <= rr < len(rows) and 0 <= cc < len(rows[0]) and rows[rr][cc] == ".":
            out.append((rr, cc))
            rr, cc = rr + dr, cc + dc
    return out


def answers(rows: list[str], limit: int = 2) -> list[set]:
    """Up to `limit` sets of bulbs, by trying each white cell in reading order."""
    h, w = len(rows), len(rows[0])
    whites = [(r, c) for r in range(h) for c in range(w) if rows[r][c] == "."]
    clues = [(r, c, int(rows[r][c])) for r in range(h) for c in range(w) if rows[r][c].isdigit()]
    found: list[set] = []

    def around(r, c):
        return [(r + a, c + b) for a, b in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= r + a < h and 0 <= c + b < w]

    def fine(bulbs, decided):
        for r, c, k in clues:
            on = sum(n in bulbs for n in around(r, c))
            open_ = sum(n in whites and n not in decided for n in around(r, c))
            if on > k or on + open_ < k:
                return False
        return True

    def search(i, bulbs, lit):
        if len(found) >= limit:
            return
        if i == len(whites):
            if all(cell in lit for cell in whites):
                found.append(set(bulbs))
            return
        cell = whites[i]
        decided = set(whites[: i + 1])
        if cell not in lit:
            light = seen(rows, *cell)
            bulbs.add(cell)
            if fine(bulbs, decided):
                search(i + 1, bulbs, lit | set(light))
            bulbs.discard(cell)
        if fine(bulbs, decided):
            search(i + 1, bulbs, lit)

    search(0, set(), set())
    return found


def hashed_answer(task: str, rows: list[str], bulbs: set) -> str:
    """The site's hashedSolution of an answer, `y` a bulb."""
    return hashed(task, "".join("y" if (r, c) in bulbs else "n" for r in range(len(rows))
                                for c in range(len(rows[0]))))


def main() -> None:
    width = height = 7
    rows = decode(TASK, width, height)
    found = answers(rows)
    assert len(found) == 1, f"{len(found)} answers"
    (bulbs,) = found
    answer = [[int((r, c) in bulbs) for c in range(width)] for r in range(height)]
    rng = random.Random("light-up")
    name = "easy_7x7_309662"
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "bad").mkdir(exist_ok=True)
    digest = hashed_answer(TASK, rows, bulbs)
    text = page(GAME, TASK, "7x7 Easy Light Up", 309662, 0, width, height, rng, digest)
    (OUT / f"{name}.source.html").write_text(text, encoding="utf-8")
    expected = OUT / f"{name}.board.json"
    expected.write_text(board_with_puzzle(expected, {"cells": rows}), encoding="utf-8")
    short = page(GAME, TASK[:-3], "7x7 Easy Light Up", 309662, 0, width, height, rng, digest)
    (OUT / "bad" / "task_short.source.html").write_text(short, encoding="utf-8")
    index = [{"name": name, "width": width, "height": height, "puzzle_id": "309662",
              "size": 0, "title": "7x7 Easy Light Up", "task": TASK, "answer": answer,
              "hashed_solution": digest,
              "origin": "real task 309,662 of puzzle-resolution/LightUp common/index.html; "
                        "answer found and checked unique by this tool; page built around it"}]
    (OUT / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {name} and bad/task_short under {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
