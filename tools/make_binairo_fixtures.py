"""Write fixtures for puzzle-binairo.com: a Binairo and a Binairo+ page source in the 2025
shape, and a bad page of each.

No Binairo page of 2025 is public whole; the fixture page is built in the family's 2025
shape (the whole script on one line, `$('#game').binairo({ ident: 'binairo.N' , task:
task, ... puzzleWidth: W, puzzleHeight: H ,...`, sites.md 3g) around a REAL task: puzzle
438,243 of puzzle-resolution/Binairo `common/index.html` (MIT; ../shared/data/genres/
binairo/site-tasks.jsonl), a 6x6 of size code 0. That saved page has no `hashedSolution`
(its script says `noCheck: true`), and Binairo's hashed form is not known, so this page has
none either. Its answer is found here by a small search of this tool's own (never the
package's code), checked unique under the site's three rules, and kept in the index. The
size menu's labels are this tool's ([I]: public scrapers name 6, 8, 10 and 14, easy and
hard).

The Binairo+ page (ident `binairo-plus.14`, a 6x6, under Binairo's plugin) holds this
tool's own puzzle: a seeded answer under Binairo+'s rules (as many 0s as 1s a line, never
three alike; rows may repeat), then givens and signs dropped in a seeded order while this
tool's search still finds one answer. Its task is the site's `givens|signs` (genres.md
section 2: a sign digit is r + 3d, 0 none, 1 `=`, 2 `x`) and its hash md5(task + the
digits). Its bad page holds a sign toward the right of a last column. Run from anywhere;
the output is the same every time:

    python tools/make_binairo_fixtures.py

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


# --------------------------------------------------------------------------- Binairo+

PLUS = GAME._replace(ident="binairo-plus", name="Binairo+", links=(("/", "Binairo"),),
                     origin="the 2025 page layout (sites.md 3b, 3g); task: this tool's own "
                     "Binairo+ puzzle")
PLUS_ID, PLUS_SIZE = 1234514, 14
Clue = tuple  # ("cell", r, c, digit) or ("right" | "down", r, c, same)


def plus_answers(clues: set, side: int, limit: int = 2) -> list[tuple[tuple[int, ...], ...]]:
    """Up to `limit` grids of good rows and columns (repeats allowed) keeping `clues`."""
    lines, columns = good_lines(side), set(good_lines(side))
    found: list = []

    def keeps(rows: list, line: tuple[int, ...]) -> bool:
        r = len(rows)
        for clue in clues:
            kind, cr, c, value = clue
            if cr != r - (kind == "down"):
                continue
            if kind == "cell" and line[c] != value:
                return False
            if kind == "right" and (line[c] == line[c + 1]) != value:
                return False
            if kind == "down" and (rows[-1][c] == line[c]) != value:
                return False
        return True

    def search(rows: list) -> None:
        if len(found) >= limit:
            return
        if len(rows) == side:
            if all(col in columns for col in zip(*rows)):
                found.append(tuple(rows))
            return
        for line in lines:
            if keeps(rows, line):
                search([*rows, line])

    search([])
    return found


def plus_puzzle(rng: random.Random, side: int) -> tuple[set, tuple]:
    """(clues, answer): every clue of a seeded answer, then as few as still give it alone."""
    answer = rng.choice(plus_answers(set(), side, limit=400))
    clues = {("cell", r, c, answer[r][c]) for r in range(side) for c in range(side)}
    clues |= {("right", r, c, answer[r][c] == answer[r][c + 1])
              for r in range(side) for c in range(side - 1)}
    clues |= {("down", r, c, answer[r][c] == answer[r + 1][c])
              for r in range(side - 1) for c in range(side)}
    for clue in sorted(clues, key=lambda _: rng.random()):
        if len(plus_answers(clues - {clue}, side)) == 1:
            clues.remove(clue)
    return clues, answer


def runs(codes: list[str]) -> str:
    """One character a cell, a letter for each run of up to 26 empty ("") cells."""
    out, empty = "", 0
    for code in (*codes, "end"):
        if code == "":
            empty += 1
            continue
        while empty:
            out, empty = out + chr(96 + min(empty, 26)), empty - min(empty, 26)
        out += code if code != "end" else ""
    return out


def plus_task(clues: set, side: int) -> str:
    """`givens|signs` in the site's grammar."""
    cells = {(r, c): str(v) for kind, r, c, v in clues if kind == "cell"}
    signs = {(kind, r, c): 1 if same else 2 for kind, r, c, same in clues if kind != "cell"}
    codes = [signs.get(("right", r, c), 0) + 3 * signs.get(("down", r, c), 0)
             for r in range(side) for c in range(side)]
    return (runs([cells.get((r, c), "") for r in range(side) for c in range(side)]) + "|"
            + runs([str(code) if code else "" for code in codes]))


def write_plus() -> dict:
    """The Binairo+ page, its bad page, and its entry of the index."""
    side, rng = 6, random.Random("binairo-plus")
    clues, answer = plus_puzzle(rng, side)
    task = plus_task(clues, side)
    digits = "".join(str(v) for row in answer for v in row)
    name, title = f"plus_6x6_{PLUS_ID}", "6x6 Binairo+"
    text = page(PLUS, task, title, PLUS_ID, PLUS_SIZE, side, side, rng, hashed(task, digits))
    (OUT / f"{name}.source.html").write_text(text, encoding="utf-8")
    off_board = task.split("|")[0] + "|e1zd"  # the 6th cell's sign points past column 6
    bad = page(PLUS, off_board, title, PLUS_ID, PLUS_SIZE, side, side, rng)
    (OUT / "bad" / "plus_sign_off_board.source.html").write_text(bad, encoding="utf-8")
    return {"name": name, "width": side, "height": side, "puzzle_id": str(PLUS_ID),
            "size": PLUS_SIZE, "title": title, "task": task, "hashed_solution": hashed(
                task, digits), "answer": [list(row) for row in answer],
            "origin": "this tool's own puzzle, checked unique by its search"}


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
                        "answer found and checked unique by this tool; page built around it"},
             write_plus()]
    (OUT / "index.json").write_text(json.dumps(index) + "\n", encoding="utf-8")
    print(f"wrote {name}, {index[1]['name']} and their bad pages under {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
