"""Write fixtures for puzzle-pipes.com: a page source in the family's 2025 shape, and a bad
page cut short.

No Pipes page is public whole, and the real tasks we read carry no licence: the page is
built in the family's 2025 shape (sites.md 3b) around this tool's own puzzle. From a fixed
seed it grows a random spanning tree over a 5x5 board, makes each cell's tile from its
tree arms, deals the tiles turned at random, and keeps the board when its own search
(cell by cell, each turn that meets the tiles placed before it; never the package's code)
finds the tree alone. The page's `hashedSolution` is the md5 of the task and each tile's
quarter turns back to the tree (genres.md section 2). Run from anywhere; the output is
the same every time:

    python tools/make_pipes_fixtures.py

then `python tools/update_golden.py` writes the golden boards and errors beside them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from family_page import FamilyGame, hashed, page
from update_golden import board_with_puzzle

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "fixtures" / "puzzle-pipes.com"
MARK = "CONSTRUCTED by tools/make_pipes_fixtures.py"
SIDE = 5
PUZZLE_ID = 5050505
SIZES = (("0", "5x5 Easy"), ("1", "5x5 Normal"), ("2", "7x7 Easy"), ("3", "10x10 Easy"))
ARMS = {1: (0, 1), 2: (-1, 0), 4: (0, -1), 8: (1, 0)}  # right, up, left, down

GAME = FamilyGame(
    host="puzzle-pipes.com",
    plugin="pipes",
    description="Pipes is a logic puzzle with simple rules and challenging solutions.",
    menu=("shikaku", "nonograms", "masyu", "loop", "pipes"),
    ident="pipes",
    name="Pipes",
    sizes=SIZES,
    mark=MARK,
    origin="the 2025 page layout of the family (sites.md 3b); task: this tool's own\n"
    "puzzle, unique by its own search",
    size_inputs=False,
)


def turn(tile: int, times: int) -> int:
    for _ in range(times % 4):
        tile = ((tile << 1) & 15) | (tile >> 3)
    return tile


def spanning_tree(rng: random.Random) -> list[list[int]]:
    """Each cell's arms in a random spanning tree of the board (grown from a corner)."""
    tiles = [[0] * SIDE for _ in range(SIDE)]
    seen, edge = {(0, 0)}, [((0, 0), arm) for arm in ARMS]
    while len(seen) < SIDE * SIDE:
        (r, c), arm = edge.pop(rng.randrange(len(edge)))
        a, b = r + ARMS[arm][0], c + ARMS[arm][1]
        if 0 <= a < SIDE and 0 <= b < SIDE and (a, b) not in seen:
            seen.add((a, b))
            tiles[r][c] |= arm
            tiles[a][b] |= turn(arm, 2)
            edge += [((a, b), more) for more in ARMS]
    return tiles


def is_tree(tiles: list[list[int]]) -> bool:
    seen, todo = {(0, 0)}, [(0, 0)]
    while todo:
        r, c = todo.pop()
        for arm, (dr, dc) in ARMS.items():
            if tiles[r][c] & arm and (r + dr, c + dc) not in seen:
                seen.add((r + dr, c + dc))
                todo.append((r + dr, c + dc))
    links = sum(bin(t).count("1") for row in tiles for t in row) // 2
    return len(seen) == SIDE * SIDE and links == SIDE * SIDE - 1


def answers(dealt: list[list[int]], limit: int = 2) -> list:
    """Up to `limit` ways to turn the dealt tiles into a tree, cell by cell."""
    found, placed = [], [[0] * SIDE for _ in range(SIDE)]

    def fits(r: int, c: int, tile: int) -> bool:
        up = (r > 0 and placed[r - 1][c] & 8 > 0)
        left = (c > 0 and placed[r][c - 1] & 1 > 0)
        return (bool(tile & 2) == up and bool(tile & 4) == left
                and not (tile & 1 and c == SIDE - 1) and not (tile & 8 and r == SIDE - 1))

    def place(at: int) -> None:
        if len(found) >= limit:
            return
        if at == SIDE * SIDE:
            if is_tree(placed):
                found.append([row[:] for row in placed])
            return
        r, c = divmod(at, SIDE)
        for tile in {turn(dealt[r][c], k) for k in range(4)}:
            if fits(r, c, tile):
                placed[r][c] = tile
                place(at + 1)
        placed[r][c] = 0

    place(0)
    return found


def main() -> None:
    rng = random.Random("pipes")
    while True:
        tree = spanning_tree(rng)
        dealt = [[turn(t, rng.randrange(4)) for t in row] for row in tree]
        if answers(dealt) == [tree]:
            break
    task = "".join(f"{t:x}" for row in dealt for t in row)
    turns = "".join(str(min(k for k in range(4) if turn(d, k) == t))
                    for drow, trow in zip(dealt, tree) for d, t in zip(drow, trow))
    name, title = f"easy_{SIDE}x{SIDE}_{PUZZLE_ID}", f"{SIDE}x{SIDE} Easy Pipes"
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "bad").mkdir(exist_ok=True)
    digest = hashed(task, turns)
    text = page(GAME, task, title, PUZZLE_ID, 0, SIDE, SIDE, rng, digest)
    (OUT / f"{name}.source.html").write_text(text, encoding="utf-8")
    expected = OUT / f"{name}.board.json"
    expected.write_text(board_with_puzzle(expected, {"grid": dealt, "wrap": False}),
                        encoding="utf-8")
    short = page(GAME, task[:-3], title, PUZZLE_ID, 0, SIDE, SIDE, rng, digest)
    (OUT / "bad" / "task_short.source.html").write_text(short, encoding="utf-8")
    index = [{"name": name, "width": SIDE, "height": SIDE, "puzzle_id": str(PUZZLE_ID),
              "size": 0, "title": title, "task": task, "answer": turns,
              "origin": "this tool's own puzzle, unique by its own search of every turn"}]
    (OUT / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {name} and bad/task_short under {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
