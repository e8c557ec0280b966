"""Write fixtures for puzzle-binairo.com: a page source in the 2025 shape, and a bad page.

No Binairo page of 2025 is public whole; the fixture page is built in the family's 2025
shape (the whole script on one line, `$('#game').binairo({ ident: 'binairo.N' , task:
task, ... puzzleWidth: W, puzzleHeight: H ,...`, sites.md 3g) around a REAL task: puzzle
438,243 of puzzle-resolution/Binairo `common/index.html` (MIT; ../shared/data/genres/
binairo/site-tasks.jsonl), a 6x6 of size code 0. That saved page has no `hashedSolution`
(its script says `noCheck: true`), and Binairo's hashed form is not known, so this page has
none either. Its answer is found here by a small search of this tool's own (never the
package's code), checked unique under the site's three rules, and kept in the index. The
size menu's labels are this tool's ([I]: public scrapers name 6, 8, 10 and 14, easy and
hard). Run from anywhere; the output is the same every time:

    python tools/make_binairo_fixtures.py

then `python tools/update_golden.py` writes the golden boards and errors beside them.
"""

from __future__ import annotations

import json
import random
from itertools import product
from pathlib import Path

from family_page import FamilyGame, page
from update_golden import board_with_puzzle

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "fixtures" / "puzzle-binairo.com"
MARK = "CONSTRUCTED by tools/make_binairo_fixtures.py"
TASK = "h0a0a11i1a0e00c"  # real task 438,243 (binairo.0, 6x6)
SIZES = (("0", "6x6 Easy"), ("1", "6x6 Hard"), ("2", "8x8 Easy"), ("3", "8x8 Hard"),
         ("4", "10x10 Easy"), ("5", "10x10 Hard"), ("6", "14x14 Easy"), ("7", "14x14 Hard"))


GAME = FamilyGame(
    host="puzzle-binairo.com",
    plugin="binairo",
    description="Binairo is a logic puzzle with simple rules and challenging solutions.",
    menu=("shikaku", "nonograms", "sudoku", "light-up", "star-battle", "binairo", "masyu"),
    ident="binairo",
    name="Binairo",
    sizes=SIZES,
    mark=MARK,
    origin="the 2025 page layout (sites.md 3b, 3g); task: real puzzle 438,243 of\n"
    "puzzle-resolution/Binairo common/index.html (MIT)",
    square_size=30,
    links=(("/binairo-plus-6x6-easy/", "Binairo+"),),
)


# --------------------------------------------------------------------------- the puzzle


def decode(task: str, width: int, height: int) -> list[list[int | None]]:
    """Rows of None, 0 and 1: letters skip empty cells, a digit is a cell."""
    cells: list[int | None] = []
    for ch in task:
        cells.extend([None] * (ord(ch) - 96) if ch.islower() else [int(ch)])
    assert len(cells) == width * height, len(cells)
    return [cells[r * width : (r + 1) * width] for r in range(height)]


def good_lines(length: int) -> list[tuple[int, ...]]:
    """Every line of as many 0s as 1s with no three alike in a row."""
    return [line for line in product((0, 1), repeat=length) if 2 * sum(line) == length
            and not any(line[i] == line[i + 1] == line[i + 2] for i in range(length - 2))]


def answers(grid: list[list[int | None]], limit: int = 2) -> list[list[tuple[int, ...]]]:
    """Up to `limit` answers: a good line a row, fitting the givens, rows all different,
    then the columns checked (good and all different)."""
    width = len(grid[0])
    lines = good_lines(width)
    columns = set(good_lines(len(grid)))
    fits = [[line for line in lines if all(v is None or v == x for v, x in zip(row, line))]
            for row in grid]
    found: list[list[tuple[int, ...]]] = []

    def search(rows: list[tuple[int, ...]]) -> None:
        if len(found) >= limit:
            return
        if len(rows) == len(grid):
            cols = list(zip(*rows))
            if all(col in columns for col in cols) and len(set(cols)) == len(cols):
                found.append(list(rows))
            return
        for line in fits[len(rows)]:
            if line not in rows:
                search([*rows, line])

    search([])
    return found


# --------------------------------------------------------------------------- the fixtures


def main() -> None:
    width = height = 6
    grid = decode(TASK, width, height)
    found = answers(grid)
    assert len(found) == 1, f"{len(found)} answers"
    answer = [list(row) for row in found[0]]
    rng = random.Random("binairo")
    name = "easy_6x6_438243"
    title = "6x6 Easy Binairo"
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "bad").mkdir(exist_ok=True)
    text = page(GAME, TASK, title, 438243, 0, width, height, rng)
    (OUT / f"{name}.source.html").write_text(text, encoding="utf-8")
    expected = OUT / f"{name}.board.json"
    expected.write_text(board_with_puzzle(expected, {"grid": grid}), encoding="utf-8")
    short = page(GAME, TASK[:-1], title, 438243, 0, width, height, rng)
    (OUT / "bad" / "task_short.source.html").write_text(short, encoding="utf-8")
    index = [{"name": name, "width": width, "height": height, "puzzle_id": "438243",
              "size": 0, "title": title, "task": TASK, "answer": answer,
              "origin": "real task 438,243 of puzzle-resolution/Binairo common/index.html; "
                        "answer found and checked unique by this tool; page built around it"}]
    (OUT / "index.json").write_text(json.dumps(index) + "\n", encoding="utf-8")
    print(f"wrote {name} and bad/task_short under {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
