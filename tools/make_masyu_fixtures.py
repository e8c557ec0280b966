"""Write fixtures for puzzle-masyu.com: a page source in the family's 2025 shape, and a bad page.

No real Masyu page is saved anywhere we read, so the page is built in the shape of the real
Light Up pages of 2025 (the whole script on one line, `$('#game').masyu({ ident: 'masyu.N' ,
task: task, ... puzzleWidth: W, puzzleHeight: H ,...`, sites.md 3b) around a REAL task:
puzzle 1,044,580, a 6x6 easy of joshprzybyszewski/masyu `puzzles/6x6_easy.txt` (MIT;
../shared/data/genres/masyu/site-tasks.jsonl). Its answer is the site's own, as that file
records it (`y`/`n` per edge between cell centres); this tool checks it by the rules with
its own small checker (never the package's code). The page carries no `hashedSolution`:
the form a loop's answer is hashed in is not known (genres README), so none can be made
from the answer. Run from anywhere; the output is the same every time:

    python tools/make_masyu_fixtures.py

then `python tools/update_golden.py` writes the golden boards and errors beside them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from family_page import FamilyGame, page
from update_golden import board_with_puzzle

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "fixtures" / "puzzle-masyu.com"
DATA = ROOT / ".." / "shared" / "data" / "genres" / "masyu" / "site-tasks.jsonl"
MARK = "CONSTRUCTED by tools/make_masyu_fixtures.py"
PUZZLE_ID = 1044580
TASK = "aWbWBaBcWaWbWBfWBbWeWa"  # real task 1,044,580 (masyu.0, 6x6 easy)
SIZES = (("0", "6x6 Easy"), ("1", "8x8 Easy"), ("2", "8x8 Medium"), ("3", "8x8 Hard"),
         ("4", "10x10 Easy"), ("5", "10x10 Medium"), ("6", "10x10 Hard"),
         ("7", "15x15 Easy"), ("8", "15x15 Medium"), ("9", "15x15 Hard"),
         ("10", "20x20 Easy"), ("11", "20x20 Medium"), ("12", "20x20 Hard"),
         ("13", "Daily Masyu"), ("14", "Weekly Masyu"), ("15", "Monthly Masyu"))


GAME = FamilyGame(
    host="puzzle-masyu.com",
    plugin="masyu",
    description="Masyu is a logic puzzle with simple rules and challenging solutions.",
    menu=("shikaku", "nonograms", "sudoku", "light-up", "star-battle", "masyu", "loop"),
    ident="masyu",
    name="Masyu",
    sizes=SIZES,
    mark=MARK,
    origin="the 2025 page layout of the family (sites.md 3b); task: real puzzle\n"
    "1,044,580 of joshprzybyszewski/masyu puzzles/6x6_easy.txt (MIT)",
    size_inputs=False,
)


# --------------------------------------------------------------------------- the puzzle


def decode(task: str, width: int, height: int) -> list[str]:
    """Rows of '.', 'W' and 'B': letters skip empty cells, every other character is a cell."""
    cells = []
    for ch in task:
        cells.extend("." * (ord(ch) - 96) if ch.islower() else ch)
    assert len(cells) == width * height, len(cells)
    return ["".join(cells[r * width : (r + 1) * width]) for r in range(height)]


def site_answer(puzzle_id: int) -> str:
    """The site's answer to the puzzle, as the shared data records it."""
    for line in DATA.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if int(entry["id"].replace(",", "")) == puzzle_id:
            return entry["answer"]
    raise SystemExit(f"puzzle {puzzle_id} is not in {DATA}")


def rows_of(answer: str, width: int, height: int) -> tuple[list, list]:
    """(horizontal, vertical) rows of 0/1 from the y/n text."""
    bits = [int(ch == "y") for ch in answer]
    cut = height * (width - 1)
    horizontal = [bits[r * (width - 1) : (r + 1) * (width - 1)] for r in range(height)]
    vertical = [bits[cut + r * width : cut + (r + 1) * width] for r in range(height - 1)]
    return horizontal, vertical


def holds(rows: list[str], horizontal: list, vertical: list) -> bool:
    """One loop through every circle, each circle's rule kept: this tool's own check."""
    h, w = len(rows), len(rows[0])
    links = {(r, c): set() for r in range(h) for c in range(w)}
    for r in range(h):
        for c in range(w):
            if c + 1 < w and horizontal[r][c]:
                links[r, c].add((r, c + 1))
                links[r, c + 1].add((r, c))
            if r + 1 < h and vertical[r][c]:
                links[r, c].add((r + 1, c))
                links[r + 1, c].add((r, c))
    on = [cell for cell, n in links.items() if n]
    if any(len(n) not in (0, 2) for n in links.values()) or not on:
        return False
    seen, todo = {on[0]}, [on[0]]
    while todo:
        for nxt in links[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    if len(seen) != len(on):
        return False

    def straight(cell):
        a, b = links[cell]
        return a[0] == b[0] or a[1] == b[1]

    for r in range(h):
        for c in range(w):
            cell, ch = (r, c), rows[r][c]
            if ch == ".":
                continue
            if len(links[cell]) != 2:
                return False
            if ch == "W" and (not straight(cell) or all(straight(n) for n in links[cell])):
                return False
            if ch == "B" and (straight(cell) or any(
                    (2 * n[0] - r, 2 * n[1] - c) not in links[n] for n in links[cell])):
                return False
    return True


# --------------------------------------------------------------------------- the fixtures


def main() -> None:
    width = height = 6
    rows = decode(TASK, width, height)
    horizontal, vertical = rows_of(site_answer(PUZZLE_ID), width, height)
    assert holds(rows, horizontal, vertical), "the recorded answer breaks the rules"
    rng = random.Random("masyu")
    name = f"easy_6x6_{PUZZLE_ID}"
    title = "6x6 Easy Masyu"
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "bad").mkdir(exist_ok=True)
    text = page(GAME, TASK, title, PUZZLE_ID, 0, width, height, rng)
    (OUT / f"{name}.source.html").write_text(text, encoding="utf-8")
    expected = OUT / f"{name}.board.json"
    expected.write_text(board_with_puzzle(expected, {"cells": rows}), encoding="utf-8")
    short = page(GAME, TASK[:-2], title, PUZZLE_ID, 0, width, height, rng)
    (OUT / "bad" / "task_short.source.html").write_text(short, encoding="utf-8")
    index = [{"name": name, "width": width, "height": height, "puzzle_id": str(PUZZLE_ID),
              "size": 0, "title": title, "task": TASK,
              "answer": {"horizontal": horizontal, "vertical": vertical},
              "origin": "real task 1,044,580 of joshprzybyszewski/masyu puzzles/6x6_easy.txt "
                        "with the site's answer it records, checked by this tool's rules; "
                        "page built around it"}]
    (OUT / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {name} and bad/task_short under {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
