"""Write fixtures for puzzle-shingoki.com: a page source in the family's 2025 shape, and a bad
page cut short.

No Shingoki page is public whole, and the real tasks we read carry no licence: the page is
built in the family's 2025 shape (sites.md 3b) around this tool's own puzzle, a 4x4 board
(5x5 lattice points). The tool lists every single loop of the lattice, picks one from a
fixed seed and puts the circles it implies (black on a turn, white on a straight, each
with the sum of its two straight legs) on its points one by one until no other loop keeps
them all: its own search, never the package's code. The page's `hashedSolution` is the
md5 of the task and the loop's `y`/`n` per lattice edge (genres.md section 2). Run from
anywhere; the output is the same every time:

    python tools/make_shingoki_fixtures.py

then `python tools/update_golden.py` writes the golden boards and errors beside them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from family_page import FamilyGame, hashed, page
from update_golden import board_with_puzzle

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "fixtures" / "puzzle-shingoki.com"
MARK = "CONSTRUCTED by tools/make_shingoki_fixtures.py"
CELLS = 4  # a 4x4 board: 5x5 points, 9,349 loops to search
PUZZLE_ID = 4040404
SIZES = (("0", "5x5 Easy"), ("1", "5x5 Normal"), ("2", "5x5 Hard"), ("3", "7x7 Easy"))

GAME = FamilyGame(
    host="puzzle-shingoki.com",
    plugin="shingoki",
    description="Shingoki is a logic puzzle with simple rules and challenging solutions.",
    menu=("shikaku", "nonograms", "masyu", "loop", "shingoki"),
    ident="shingoki",
    name="Shingoki",
    sizes=SIZES,
    mark=MARK,
    origin="the 2025 page layout of the family (sites.md 3b); task: this tool's own\n"
    "puzzle, unique by its own search",
    size_inputs=False,
)
Point = tuple[int, int]
Edge = frozenset


def loops(side: int) -> list[frozenset]:
    """Every simple cycle of the side x side lattice, as its set of edges: each found once,
    from its smallest point, its second point smaller than its last."""
    def near(p: Point) -> list[Point]:
        r, c = p
        return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= r + dr < side and 0 <= c + dc < side]

    found: list[frozenset] = []
    for start in ((r, c) for r in range(side) for c in range(side)):
        stack = [(start, [start])]
        while stack:
            here, path = stack.pop()
            for nxt in near(here):
                if nxt == start and len(path) > 3 and path[1] < path[-1]:
                    found.append(frozenset(Edge(pair) for pair in zip(path, path[1:] + [start])))
                elif nxt > start and nxt not in path:
                    stack.append((nxt, path + [nxt]))
    return found


def circle(loop: frozenset, point: Point) -> str | None:
    """The circle the loop implies at `point`: `B` on a turn, `W` on a straight, with the
    sum of its two straight legs; None off the loop."""
    ends = [q for edge in loop if point in edge for q in edge if q != point]
    if not ends:
        return None
    legs = 0
    for end in ends:
        step, here = (end[0] - point[0], end[1] - point[1]), point
        while Edge((here, (here[0] + step[0], here[1] + step[1]))) in loop:
            here, legs = (here[0] + step[0], here[1] + step[1]), legs + 1
    straight = ends[0][0] == ends[1][0] or ends[0][1] == ends[1][1]
    return f"{'W' if straight else 'B'}{legs}"


def puzzle(rng: random.Random) -> tuple[dict, frozenset]:
    """Circles of a random loop, added until that loop is the only one keeping them."""
    every = loops(CELLS + 1)
    answer = rng.choice([loop for loop in every if len(loop) >= 12])
    on = sorted({p for edge in answer for p in edge})
    rng.shuffle(on)
    circles: dict[Point, str] = {}
    rivals = [loop for loop in every if loop != answer]
    for point in on:
        if not rivals:
            break
        circles[point] = circle(answer, point)
        rivals = [loop for loop in rivals if circle(loop, point) == circles[point]]
    assert not rivals
    return circles, answer


def task_of(circles: dict) -> str:
    """D2 over the points: a letter a run of empty points, a circle its text."""
    out, empty = [], 0
    for point in ((r, c) for r in range(CELLS + 1) for c in range(CELLS + 1)):
        if point not in circles:
            empty += 1
            continue
        out += [chr(96 + empty)] if empty else []
        out.append(circles[point])
        empty = 0
    return "".join(out) + (chr(96 + empty) if empty else "")


def edge_text(answer: frozenset) -> str:
    """`y`/`n` per lattice edge: the H+1 rows of W across, then the H rows of W+1 down."""
    side = CELLS + 1
    across = [Edge(((r, c), (r, c + 1))) for r in range(side) for c in range(side - 1)]
    down = [Edge(((r, c), (r + 1, c))) for r in range(side - 1) for c in range(side)]
    return "".join("y" if edge in answer else "n" for edge in across + down)


def main() -> None:
    rng = random.Random("shingoki")
    circles, answer = puzzle(rng)
    task = task_of(circles)
    name, title = f"easy_{CELLS}x{CELLS}_{PUZZLE_ID}", f"{CELLS}x{CELLS} Easy Shingoki"
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "bad").mkdir(exist_ok=True)
    digest = hashed(task, edge_text(answer))
    text = page(GAME, task, title, PUZZLE_ID, 0, CELLS, CELLS, rng, digest)
    (OUT / f"{name}.source.html").write_text(text, encoding="utf-8")
    expected = OUT / f"{name}.board.json"
    rows = [[circles.get((r, c)) for c in range(CELLS + 1)] for r in range(CELLS + 1)]
    expected.write_text(board_with_puzzle(expected, {"circles": rows}), encoding="utf-8")
    short = page(GAME, task[:-3], title, PUZZLE_ID, 0, CELLS, CELLS, rng, digest)
    (OUT / "bad" / "task_short.source.html").write_text(short, encoding="utf-8")
    index = [{"name": name, "width": CELLS, "height": CELLS, "puzzle_id": str(PUZZLE_ID),
              "size": 0, "title": title, "task": task, "answer": edge_text(answer),
              "origin": "this tool's own puzzle, unique by its own search of every loop"}]
    (OUT / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {name} and bad/task_short under {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
