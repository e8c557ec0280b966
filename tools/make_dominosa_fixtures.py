"""Write fixtures for puzzle-dominosa.com: a page source in the 2025 shape, and a bad page.

No Dominosa page of the site is public whole; its script is built here in the shape of the
family's 2025 pages (the whole script on one line, sites.md 3g) with the plugin `dominosa`
and ident `dominosa.N`, its info line in the size menu's words. The puzzle is this tool's
own: a random tiling of the 8x7 board (a double-6 set) by dominoes, the set's dominoes laid
on it in random order and turn, kept when this tool's own search (never the package's code)
finds it has one answer. The page carries no `hashedSolution`: what the site hashes for a
Dominosa answer is not known, and a made-up one would claim to be. Run from anywhere; the
output is the same every time:

    python tools/make_dominosa_fixtures.py

then `python tools/update_golden.py` writes the golden boards and errors beside them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from family_page import FamilyGame, page
from update_golden import board_with_puzzle

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "fixtures" / "puzzle-dominosa.com"
MARK = "CONSTRUCTED by tools/make_dominosa_fixtures.py"
# the size menu (two public fetchers' size codes: the double-n set of each)
SIZES = (("0", "Dominosa 3"), ("6", "Dominosa 4"), ("7", "Dominosa 5"), ("1", "Dominosa 6"),
         ("8", "Dominosa 7"), ("9", "Dominosa 8"), ("2", "Dominosa 9"), ("3", "Dominosa 15"),
         ("4", "Dominosa 20"), ("10", "Daily Dominosa"), ("5", "Weekly Dominosa"),
         ("11", "Monthly Dominosa"))
N, SIZE_CODE, PUZZLE_ID = 6, 1, 4_815_162

Cell = tuple[int, int]


GAME = FamilyGame(
    host="puzzle-dominosa.com",
    plugin="dominosa",
    description="Dominosa is a logic puzzle with simple rules and challenging solutions.",
    menu=("shikaku", "nonograms", "sudoku", "light-up", "star-battle", "dominosa", "loop"),
    ident="dominosa",
    name="Dominosa",
    sizes=SIZES,
    mark=MARK,
    origin="the 2025 page layout (sites.md 3b, 3g) around this tool's own puzzle",
)


# --------------------------------------------------------------------------- the puzzle


def tiling(width: int, height: int, rng: random.Random) -> list[tuple[Cell, Cell]] | None:
    """Dominoes covering the board, each free cell in reading order joined to its right or
    lower neighbour at random; None where a cell is left with neither."""
    free = [[True] * width for _ in range(height)]
    out = []
    for r in range(height):
        for c in range(width):
            if not free[r][c]:
                continue
            options = [(r, c + 1)] * (c + 1 < width and free[r][c + 1])
            options += [(r + 1, c)] * (r + 1 < height)
            if not options:
                return None
            other = rng.choice(options)
            free[r][c] = free[other[0]][other[1]] = False
            out.append(((r, c), other))
    return out


def laid(n: int, rng: random.Random) -> list[list[int]]:
    """The numbers of the double-n set laid on a random tiling of its board."""
    while (dominoes := tiling(n + 2, n + 1, rng)) is None:
        pass
    stones = [(a, b) for a in range(n + 1) for b in range(a, n + 1)]
    rng.shuffle(stones)
    grid = [[0] * (n + 2) for _ in range(n + 1)]
    for ((r1, c1), (r2, c2)), (a, b) in zip(dominoes, stones):
        if rng.random() < 0.5:
            a, b = b, a
        grid[r1][c1], grid[r2][c2] = a, b
    return grid


def answers(grid: list[list[int]], limit: int = 2) -> list[list[tuple[Cell, Cell]]]:
    """Up to `limit` tilings by the whole set, each domino once: the first open cell in
    reading order is joined to its right or lower neighbour, both tried."""
    height, width = len(grid), len(grid[0])
    used: set[tuple[int, int]] = set()
    covered = [[False] * width for _ in range(height)]
    found: list[list[tuple[Cell, Cell]]] = []
    chosen: list[tuple[Cell, Cell]] = []

    def search(index: int) -> None:
        while index < width * height and covered[index // width][index % width]:
            index += 1
        if len(found) >= limit:
            return
        if index == width * height:
            found.append(list(chosen))
            return
        r, c = divmod(index, width)
        for rr, cc in ((r, c + 1), (r + 1, c)):
            if rr < height and cc < width and not covered[rr][cc]:
                stone = tuple(sorted((grid[r][c], grid[rr][cc])))
                if stone in used:
                    continue
                used.add(stone)
                covered[r][c] = covered[rr][cc] = True
                chosen.append(((r, c), (rr, cc)))
                search(index + 1)
                chosen.pop()
                covered[r][c] = covered[rr][cc] = False
                used.discard(stone)

    search(0)
    return found


def task_of(grid: list[list[int]]) -> str:
    """The site's task: a digit a cell, `[NN]` from 10."""
    return "".join(str(v) if v < 10 else f"[{v}]" for row in grid for v in row)


# --------------------------------------------------------------------------- the fixtures


def main() -> None:
    rng = random.Random("dominosa")
    while len(found := answers(grid := laid(N, rng))) != 1:
        pass
    (answer,) = found
    width, height = N + 2, N + 1
    task = task_of(grid)
    title = f"Dominosa {N}"
    name = f"double_{N}_{PUZZLE_ID}"
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "bad").mkdir(exist_ok=True)
    text = page(GAME, task, title, PUZZLE_ID, SIZE_CODE, width, height, rng)
    (OUT / f"{name}.source.html").write_text(text, encoding="utf-8")
    expected = OUT / f"{name}.board.json"
    expected.write_text(board_with_puzzle(expected, {"grid": grid}), encoding="utf-8")
    short = page(GAME, task[:-3], title, PUZZLE_ID, SIZE_CODE, width, height, rng)
    (OUT / "bad" / "task_short.source.html").write_text(short, encoding="utf-8")
    index = [{"name": name, "width": width, "height": height, "puzzle_id": str(PUZZLE_ID),
              "size": SIZE_CODE, "title": title, "task": task,
              "answer": sorted([list(a), list(b)] for a, b in answer),
              "origin": "this tool's own double-6 puzzle, checked unique by its own search"}]
    (OUT / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {name} and bad/task_short under {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
