"""Write fixtures for the region and clue shading games of issue 47 (puzzle-lits.com, ...):
per game a page source in the family's 2025 shape and a bad page cut short.

No page of these sites is public whole; each script is built in the shape of the family's
2025 pages (sites.md 3g) with the game's plugin and ident. Each puzzle is this tool's own
(never a site task): made from a fixed seed and kept when this tool's own search (never the
package's code) finds exactly one answer. The page's `hashedSolution` is made from that
answer by the site's rule: md5 of the task and a `y`/`n` a cell, `y` shaded (genres.md
section 2). Run from anywhere; the output is the same every time:

    python tools/make_region_fixtures.py

then `python tools/update_golden.py` writes the golden boards and errors beside them.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from family_page import FamilyGame, hashed, page
from update_golden import board_with_puzzle

ROOT = Path(__file__).resolve().parents[1]
MARK = "CONSTRUCTED by tools/make_region_fixtures.py"
MENU = ("shikaku", "nonograms", "sudoku", "light-up", "lits", "tapa", "heyawake")
Cell = tuple[int, int]
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


class Made(NamedTuple):
    """A puzzle of this tool's: its task, board JSON's puzzle, its one answer (shaded cells)."""

    task: str
    puzzle: dict
    shaded: frozenset


def game(host: str, slug: str, name: str, about: str) -> FamilyGame:
    return FamilyGame(
        host=host, plugin=slug, description=f"{name} is {about}.", menu=MENU, ident=slug,
        name=name, sizes=(("0", "6x6 Normal"), ("1", "6x6 Hard")), mark=MARK,
        origin="the 2025 page layout (sites.md 3b, 3g); the puzzle is this tool's own",
    )


def joined(cells: set) -> bool:
    """Whether `cells` are one orthogonally connected part."""
    if not cells:
        return True
    start = next(iter(cells))
    seen, stack = {start}, [start]
    while stack:
        r, c = stack.pop()
        for dr, dc in STEPS:
            if (r + dr, c + dc) in cells and (r + dr, c + dc) not in seen:
                seen.add((r + dr, c + dc))
                stack.append((r + dr, c + dc))
    return len(seen) == len(cells)


def full_square(cells: set) -> bool:
    return any({(r, c + 1), (r + 1, c), (r + 1, c + 1)} <= cells for r, c in cells)


def grown_regions(rng: random.Random, side: int, count: int) -> list[list[int]]:
    """Regions grown from `count` random seeds, each region one part."""
    ids = [[0] * side for _ in range(side)]
    for i, (r, c) in enumerate(rng.sample([(r, c) for r in range(side) for c in range(side)],
                                          count)):
        ids[r][c] = i + 1
    while any(0 in row for row in ids):
        r, c = rng.randrange(side), rng.randrange(side)
        near = [ids[r + dr][c + dc] for dr, dc in STEPS
                if 0 <= r + dr < side and 0 <= c + dc < side and ids[r + dr][c + dc]]
        if not ids[r][c] and near:
            ids[r][c] = rng.choice(near)
    return ids


# --------------------------------------------------------------------------- LITS
def shape_name(cells: frozenset) -> str:
    """L, I, T or S of four connected cells (O for the square), by its turns and mirrors."""
    forms = []
    now = list(cells)
    for _ in range(4):
        now = [(c, -r) for r, c in now]
        for form in (now, [(r, -c) for r, c in now]):
            top, left = min(r for r, _ in form), min(c for _, c in form)
            forms.append(tuple(sorted((r - top, c - left) for r, c in form)))
    key = min(forms)
    names = {((0, 0), (0, 1), (0, 2), (0, 3)): "I", ((0, 0), (0, 1), (1, 0), (1, 1)): "O",
             ((0, 0), (0, 1), (0, 2), (1, 1)): "T", ((0, 0), (0, 1), (1, 1), (1, 2)): "S"}
    return names.get(key, "L")


def fours(area: list[Cell]) -> list[frozenset]:
    """Every four connected cells of `area` but the square."""
    out: set = set()
    grow = [frozenset([cell]) for cell in area]
    inside = set(area)
    for _ in range(3):
        grow = list({part | {(r + dr, c + dc)} for part in grow for r, c in part
                     for dr, dc in STEPS if (r + dr, c + dc) in inside - part})
    out = {part for part in grow if shape_name(part) != "O"}
    return sorted(out, key=sorted)


def lits_answers(ids: list[list[int]], limit: int = 2) -> list[frozenset]:
    side = len(ids)
    areas: dict[int, list[Cell]] = {}
    for r in range(side):
        for c in range(side):
            areas.setdefault(ids[r][c], []).append((r, c))
    options = [fours(area) for area in areas.values()]
    found: list[frozenset] = []

    def fits(shaded: set, part: frozenset) -> bool:
        name = shape_name(part)
        for r, c in part:
            for dr, dc in STEPS:
                other = (r + dr, c + dc)
                if (other in shaded and ids[other[0]][other[1]] != ids[r][c]
                        and shape_name(owner[other]) == name):
                    return False
        return not full_square(shaded | part)

    owner: dict[Cell, frozenset] = {}

    def search(i: int, shaded: set) -> None:
        if len(found) >= limit:
            return
        if i == len(options):
            if joined(shaded):
                found.append(frozenset(shaded))
            return
        for part in options[i]:
            if fits(shaded, part):
                owner.update(dict.fromkeys(part, part))
                search(i + 1, shaded | part)
                for cell in part:
                    del owner[cell]

    search(0, set())
    return found


def make_lits(rng: random.Random) -> Made:
    while True:
        ids = grown_regions(rng, 6, 6)
        if min(sum(row.count(i) for row in ids) for i in range(1, 7)) < 4:
            continue
        found = lits_answers(ids)
        if len(found) == 1:
            task = ",".join(str(v) for row in ids for v in row)
            return Made(task, {"regions": ids}, found[0])


LITS = game("puzzle-lits.com", "lits", "LITS", "a logic puzzle of tetrominoes in regions")


# --------------------------------------------------------------------------- the pages
GAMES: tuple[tuple[FamilyGame, Callable[[random.Random], Made], int], ...] = (
    (LITS, make_lits, 7770001),
)


def write(game_: FamilyGame, made: Made, puzzle_id: int) -> None:
    out = ROOT / "fixtures" / game_.host
    (out / "bad").mkdir(parents=True, exist_ok=True)
    side = 6
    marks = "".join("y" if (r, c) in made.shaded else "n" for r in range(side)
                    for c in range(side))
    digest = hashed(made.task, marks)
    title = f"6x6 Normal {game_.name}"
    name = f"normal_6x6_{puzzle_id}"
    rng = random.Random(game_.ident)
    text = page(game_, made.task, title, puzzle_id, 0, side, side, rng, digest)
    (out / f"{name}.source.html").write_text(text, encoding="utf-8")
    expected = out / f"{name}.board.json"
    expected.write_text(board_with_puzzle(expected, made.puzzle), encoding="utf-8")
    short = page(game_, made.task[:-3].rstrip(","), title, puzzle_id, 0, side, side, rng, digest)
    (out / "bad" / "task_short.source.html").write_text(short, encoding="utf-8")
    index = [{"name": name, "width": side, "height": side, "puzzle_id": str(puzzle_id),
              "size": 0, "title": title, "task": made.task, "answer": marks,
              "hashed_solution": digest,
              "origin": "this tool's own puzzle, its one answer found by this tool's search"}]
    (out / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {name} and bad/task_short under {out.relative_to(ROOT)}")


def main() -> None:
    for game_, make, puzzle_id in GAMES:
        write(game_, make(random.Random(game_.ident)), puzzle_id)


if __name__ == "__main__":
    main()
