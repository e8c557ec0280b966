"""Write fixtures for puzzle-shakashaka.com: a page source in the 2025 shape, and a bad page.

No Shakashaka page of the site is public whole; the page is built here in the shape of the
family's 2025 pages (the whole script on one line, sites.md 3g) with the plugin
`shakashaka` and ident `shakashaka.N`. The puzzle is this tool's own: random black and
numbered cells on a 5x5, kept when this tool's own search (never the package's code) finds
it has one answer. What the site hashes for a triangle is not known (no real task comes with
its answer and hash), so the page carries no `hashedSolution`. Run from anywhere; the output
is the same every time:

    python tools/make_shakashaka_fixtures.py

then `python tools/update_golden.py` writes the golden boards and errors beside them.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from family_page import FamilyGame, page
from update_golden import board_with_puzzle

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "fixtures" / "puzzle-shakashaka.com"
MARK = "CONSTRUCTED by tools/make_shakashaka_fixtures.py"
SIZES = (("0", "5x5"), ("1", "10x10"), ("2", "15x15"), ("3", "20x20"), ("4", "25x25"),
         ("5", "30x30"), ("6", "40x40"), ("7", "50x50"))
# A cell's black sides by its state: "" white, the two legs of a triangle, all four black.
STATES = ("", "NW", "NE", "SE", "SW")
CORNER = {"NW": "nw", "NE": "ne", "SE": "se", "SW": "sw", "": None}


GAME = FamilyGame(
    host="puzzle-shakashaka.com",
    plugin="shakashaka",
    description="Shakashaka is a logic puzzle with simple rules and challenging solutions.",
    menu=("shikaku", "nonograms", "sudoku", "light-up", "star-battle", "shakashaka", "loop"),
    ident="shakashaka",
    name="Shakashaka",
    sizes=SIZES,
    mark=MARK,
    origin="the 2025 page layout (sites.md 3b, 3g) around this tool's own puzzle",
)


# --------------------------------------------------------------------------- the puzzle


def black_sides(rows: list[str], state: dict, r: int, c: int) -> str:
    """The sides of cell (r, c) that are black: all four off the board or on a black cell."""
    if not (0 <= r < len(rows) and 0 <= c < len(rows[0])) or rows[r][c] != ".":
        return "NESW"
    return state.get((r, c), "")


def point_is_fine(rows: list[str], state: dict, i: int, j: int) -> bool:
    """Around lattice point (i, j), every run of white 45-degree sectors is two or four long
    (a right angle or a straight side), or the whole turn is white."""
    steps = ((-1, 0, "W"), (-1, 0, "S"), (0, 0, "N"), (0, 0, "W"),
             (0, -1, "E"), (0, -1, "N"), (-1, -1, "S"), (-1, -1, "E"))
    ring = [side in black_sides(rows, state, i + dr, j + dc) for dr, dc, side in steps]
    if not any(ring):
        return True
    start = ring.index(True)
    runs = re.findall("0+", "".join("01"[b] for b in ring[start:] + ring[:start]))
    return all(len(run) in (2, 4) for run in runs)


def clues_fine(rows: list[str], state: dict, done: int) -> bool:
    """No number has more triangles than it says, or too few cells left to reach it."""
    h, w = len(rows), len(rows[0])
    for r in range(h):
        for c in range(w):
            if rows[r][c] not in "01234":
                continue
            near = [(r + a, c + b) for a, b in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    if 0 <= r + a < h and 0 <= c + b < w and rows[r + a][c + b] == "."]
            on = sum(bool(state.get(cell)) for cell in near)
            open_ = sum((rr * w + cc) >= done for rr, cc in near)
            if on > int(rows[r][c]) or on + open_ < int(rows[r][c]):
                return False
    return True


def answers(rows: list[str], limit: int = 2) -> list[dict]:
    """Up to `limit` answers (cell -> black sides), by trying each white cell's five states
    in reading order, checking each lattice point once its four cells are decided."""
    h, w = len(rows), len(rows[0])
    found: list[dict] = []

    def points_done(r: int, c: int) -> list[tuple[int, int]]:
        out = [(r, c)] + ([(r, c + 1)] if c == w - 1 else [])
        if r == h - 1:
            out += [(r + 1, c)] + ([(r + 1, c + 1)] if c == w - 1 else [])
        return out

    def search(index: int, state: dict) -> None:
        if len(found) >= limit:
            return
        if index == h * w:
            found.append(dict(state))
            return
        r, c = divmod(index, w)
        for sides in STATES if rows[r][c] == "." else ("",):
            state[(r, c)] = sides
            if all(point_is_fine(rows, state, i, j) for i, j in points_done(r, c)) and \
                    clues_fine(rows, state, index + 1):
                search(index + 1, state)
        state.pop((r, c), None)

    search(0, {})
    return found


def puzzle(side: int, seed: str) -> tuple[list[str], dict]:
    """A board with one answer, and that answer."""
    rng = random.Random(seed)
    while True:
        rows = ["".join(rng.choice("." * 12 + "B01234") for _ in range(side))
                for _ in range(side)]
        found = answers(rows)
        if len(found) == 1 and sum(map(bool, found[0].values())) >= side * 2:
            return rows, found[0]


def task_of(rows: list[str]) -> str:
    """The site's task: a letter for each run of 1-26 white cells, every other cell itself."""
    return re.sub(r"\.{1,26}", lambda m: chr(96 + len(m.group())), "".join(rows))


def main() -> None:
    side, size, puzzle_id = 5, 0, 1_234_567
    rows, found = puzzle(side, "shakashaka")
    task = task_of(rows)
    answer = [[CORNER[found.get((r, c), "")] for c in range(side)] for r in range(side)]
    rng = random.Random("shakashaka page")
    name = f"small_5x5_{puzzle_id}"
    title = "5x5 Shakashaka"
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "bad").mkdir(exist_ok=True)
    (OUT / f"{name}.source.html").write_text(
        page(GAME, task, title, puzzle_id, size, side, side, rng), encoding="utf-8")
    expected = OUT / f"{name}.board.json"
    expected.write_text(board_with_puzzle(expected, {"cells": rows}), encoding="utf-8")
    short = page(GAME, task[:-1], title, puzzle_id, size, side, side, rng)
    (OUT / "bad" / "task_short.source.html").write_text(short, encoding="utf-8")
    index = [{"name": name, "width": side, "height": side, "puzzle_id": str(puzzle_id),
              "size": size, "title": title, "task": task, "answer": answer,
              "origin": "made by this tool: random black and numbered cells, kept when the "
                        "tool's own search finds one answer"}]
    (OUT / "index.json").write_text(json.dumps(index) + "\n", encoding="utf-8")
    print(f"wrote {name} and bad/task_short under {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
