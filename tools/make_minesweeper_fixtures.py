"""Write fixtures for puzzle-minesweeper.com: a Minesweeper page and a Mosaic page (the same
host, told apart by their script's plugin and ident), in the family's 2025 shape, and a bad
page each cut short.

No page of these games is public whole, and the real saves of ../shared/data are not to be
copied: each puzzle is this tool's own. A 5x5 answer is drawn from a fixed seed, every cell
it allows is numbered (Minesweeper: the cells without a mine, counting their eight
neighbours; Mosaic: every cell, counting its 3x3 block), then numbers are taken away, in a
fixed order, while this tool's own search (never the package's code) still finds that one
answer. The page's `hashedSolution` is made by the site's rule: md5 of the task followed by
`y`/`n` a cell (genres.md section 2). Run from anywhere; the output is the same every time:

    python tools/make_minesweeper_fixtures.py

then `python tools/update_golden.py` writes the golden boards and errors beside them.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from family_page import FamilyGame, hashed, page
from make_shading_fixtures import Grid, search
from update_golden import board_with_puzzle

ROOT = Path(__file__).resolve().parents[1]
HOST = "puzzle-minesweeper.com"
MARK = "CONSTRUCTED by tools/make_minesweeper_fixtures.py"
MENU = ("shikaku", "nonograms", "sudoku", "minesweeper", "light-up", "hitori", "tapa")
SIDE = 5
Clues = dict[tuple[int, int], int]


def game(plugin: str, name: str, sizes: tuple[tuple[str, str], ...]) -> FamilyGame:
    return FamilyGame(
        host=HOST, plugin=plugin, description=f"{name} is a logic puzzle of numbers.",
        menu=MENU, ident=plugin, name=name, sizes=sizes, mark=MARK,
        origin="the 2025 page layout (sites.md 3b, 3g); the puzzle is this tool's own",
    )


def block(r: int, c: int) -> list[tuple[int, int]]:
    """The 3x3 block around (r, c) on the board, itself included."""
    return [(rr, cc) for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)
            if 0 <= rr < SIDE and 0 <= cc < SIDE]


def answers(clues: Clues, mosaic: bool) -> list[Grid]:
    """Up to two markings (1 a mine, shaded) whose every number counts its block's marks;
    in Minesweeper no mark on a number."""

    def fits(grid: Grid, r: int, c: int) -> bool:
        if grid[r][c] and not mosaic and (r, c) in clues:
            return False
        for cell, k in clues.items():
            values = [grid[rr][cc] for rr, cc in block(*cell)]
            if values.count(1) > k or values.count(1) + values.count(-1) < k:
                return False
        return True

    return search(SIDE, SIDE, fits, lambda grid: True)


def make(rng: random.Random, mosaic: bool) -> tuple[Clues, Grid]:
    """A random answer and the fewest numbers, in a random order, that leave it alone."""
    while True:
        marks = [[int(rng.random() < 0.4) for _ in range(SIDE)] for _ in range(SIDE)]
        clues = {(r, c): sum(marks[rr][cc] for rr, cc in block(r, c))
                 for r in range(SIDE) for c in range(SIDE) if mosaic or not marks[r][c]}
        if len(answers(clues, mosaic)) == 1:
            break
    for cell in rng.sample(sorted(clues), len(clues)):
        fewer = {k: v for k, v in clues.items() if k != cell}
        if len(answers(fewer, mosaic)) == 1:
            clues = fewer
    return clues, answers(clues, mosaic)[0]


def write(fam: FamilyGame, clues: Clues, answer: Grid, size: int, puzzle_id: int,
          rng: random.Random) -> None:
    out = ROOT / "fixtures" / HOST
    (out / "bad").mkdir(parents=True, exist_ok=True)
    grid = [[clues.get((r, c)) for c in range(SIDE)] for r in range(SIDE)]
    task = "".join(str(v) if v is not None else "." for row in grid for v in row)
    task = re.sub(r"\.{1,26}", lambda m: chr(96 + len(m.group())), task)
    text = "".join("y" if v else "n" for row in answer for v in row)
    digest = hashed(task, text)
    title = f"5x5 Easy {fam.name}"
    stem = f"easy_5x5_{fam.plugin}_{puzzle_id}"
    (out / f"{stem}.source.html").write_text(
        page(fam, task, title, puzzle_id, size, SIDE, SIDE, rng, digest), encoding="utf-8")
    expected = out / f"{stem}.board.json"
    expected.write_text(board_with_puzzle(expected, {"grid": grid}), encoding="utf-8")
    short = page(fam, task[:-2], title, puzzle_id, size, SIDE, SIDE, rng, digest)
    (out / "bad" / f"{fam.plugin}_task_short.source.html").write_text(short, encoding="utf-8")
    index_path = out / "index.json"
    index = json.loads(index_path.read_text()) if index_path.exists() else []
    index = [e for e in index if e["name"] != stem] + [{
        "name": stem, "width": SIDE, "height": SIDE, "puzzle_id": str(puzzle_id), "size": size,
        "title": title, "task": task, "answer": text, "hashed_solution": digest,
        "origin": "this tool's own puzzle, its one answer found by this tool's search"}]
    index_path.write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {stem} under fixtures/{HOST}")


def main() -> None:
    rng = random.Random("minesweeper")
    mines = game("minesweeper", "Minesweeper", (("0", "5x5 Easy"), ("1", "5x5 Hard")))
    write(mines, *make(rng, False), 0, 1234601, rng)
    mosaic = game("mosaic", "Mosaic", (("13", "5x5 Easy"), ("14", "5x5 Hard")))
    write(mosaic, *make(rng, True), 13, 1234602, rng)


if __name__ == "__main__":
    main()
