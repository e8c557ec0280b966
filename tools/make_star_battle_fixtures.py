"""Write fixtures for puzzle-star-battle.com: a page source in the 2025 shape, and a bad page.

No Star Battle page of the site is public whole; its script is built here in the shape of
the family's 2025 pages (the whole script on one line, sites.md 3g) with the plugin
`starbattle`, ident `star-battle.N` and the `stars:` option a public solver reads, its
info line in the size menu's words (`6x6 1★ Normal`). The puzzle is this tool's own: a
random placement of one star a row and column, none touching, whose regions grow from the
stars, kept when this tool's own search (never the package's code) finds it has one
answer. The page's `hashedSolution` is made from that answer by the site's rule: md5 of the
task followed by one `y`/`n` per cell in reading order, `y` a star. Run from anywhere; the
output is the same every time:

    python tools/make_star_battle_fixtures.py

then `python tools/update_golden.py` writes the golden boards and errors beside them.
"""

from __future__ import annotations

import json
import random
from itertools import permutations
from pathlib import Path

from family_page import FamilyGame, hashed, page
from update_golden import board_with_puzzle

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "fixtures" / "puzzle-star-battle.com"
MARK = "CONSTRUCTED by tools/make_star_battle_fixtures.py"
SIZES = (("0", "5x5 1★ Easy"), ("1", "6x6 1★ Normal"), ("2", "6x6 1★ Hard"),
         ("3", "8x8 1★ Normal"), ("4", "8x8 1★ Hard"), ("5", "10x10 2★ Normal"),
         ("6", "10x10 2★ Hard"), ("7", "14x14 3★ Normal"), ("8", "14x14 3★ Hard"),
         ("9", "Special Daily"), ("10", "Special Weekly"), ("11", "Special Monthly"))


GAME = FamilyGame(
    host="puzzle-star-battle.com",
    plugin="starbattle",
    description="Star Battle is a logic puzzle with simple rules and challenging solutions.",
    menu=("shikaku", "nonograms", "sudoku", "light-up", "star-battle", "masyu", "loop"),
    ident="star-battle",
    name="Star Battle",
    sizes=SIZES,
    mark=MARK,
    origin="the family's 2025 page layout (sites.md 3b, 3g) around a puzzle of the tool's own",
    square_size=30,
)


# --------------------------------------------------------------------------- the puzzle


def placements(side: int) -> list[tuple[int, ...]]:
    """Every column of the star in each row, one a column, no two touching."""
    return [p for p in permutations(range(side))
            if all(abs(a - b) > 1 for a, b in zip(p, p[1:]))]


def grow(side: int, stars: tuple[int, ...], rng: random.Random) -> list[list[int]]:
    """Regions 1..side grown at random from the stars, one region a star."""
    region = [[0] * side for _ in range(side)]
    edge = []
    for r, c in enumerate(stars):
        region[r][c] = r + 1
        edge.append((r, c))
    while edge:
        r, c = edge.pop(rng.randrange(len(edge)))
        for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= rr < side and 0 <= cc < side and not region[rr][cc]:
                region[rr][cc] = region[r][c]
                edge.append((rr, cc))
    return region


def answers(region: list[list[int]], every: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """The placements that put one star in each region."""
    side = len(region)
    return [p for p in every if len({region[r][p[r]] for r in range(side)}) == side]


def puzzle(side: int, seed: str) -> tuple[list[list[int]], tuple[int, ...]]:
    """Regions with one answer, and that answer (a star column a row)."""
    rng = random.Random(seed)
    every = placements(side)
    while True:
        region = grow(side, rng.choice(every), rng)
        found = answers(region, every)
        if len(found) == 1:
            return region, found[0]


def hashed_answer(task: str, stars: tuple[int, ...]) -> str:
    """The site's hashedSolution of an answer, `y` a star."""
    side = len(stars)
    return hashed(task, "".join("y" if stars[r] == c else "n" for r in range(side)
                                for c in range(side)))


STARS_1 = " ,stars:1"  # the plugin's option after the size


def main() -> None:
    side, size, puzzle_id = 6, 1, 1_234_567
    region, stars = puzzle(side, "star-battle")
    task = ",".join(str(v) for row in region for v in row)
    answer = [[int(stars[r] == c) for c in range(side)] for r in range(side)]
    rng = random.Random("star-battle page")
    name = f"normal_6x6_{puzzle_id}"
    title = "6x6 1★ Normal Star Battle"
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "bad").mkdir(exist_ok=True)
    digest = hashed_answer(task, stars)
    (OUT / f"{name}.source.html").write_text(
        page(GAME, task, title, puzzle_id, size, side, side, rng, digest, STARS_1),
        encoding="utf-8")
    expected = OUT / f"{name}.board.json"
    expected.write_text(board_with_puzzle(expected, {"regions": region, "stars": 1}),
                        encoding="utf-8")
    short = page(GAME, task[: task.rindex(",")], title, puzzle_id, size, side, side, rng,
                 digest, STARS_1)
    (OUT / "bad" / "task_short.source.html").write_text(short, encoding="utf-8")
    index = [{"name": name, "width": side, "height": side, "puzzle_id": str(puzzle_id),
              "size": size, "title": title, "stars": 1, "task": task, "answer": answer,
              "hashed_solution": digest,
              "origin": "made by this tool: random regions grown from a random placement, "
                        "kept when the tool's own search finds one answer"}]
    (OUT / "index.json").write_text(json.dumps(index) + "\n", encoding="utf-8")
    print(f"wrote {name} and bad/task_short under {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
