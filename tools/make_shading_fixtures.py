"""Write fixtures for the shading games of issues 45 and 47 (puzzle-hitori.com, ...,
puzzle-kakurasu.com, puzzle-norinori.com, puzzle-tents.com): per game a page source in the
family's 2025 shape and a bad page cut short.

No page of these sites is public whole; each script is built in the shape of the family's
2025 pages (sites.md 3g) with the game's plugin and ident. Each puzzle is this tool's own
(never a site task): made from a fixed seed and kept when this tool's own search (never the
package's code) finds exactly one answer. The page's `hashedSolution` is made from that
answer by the site's rule: md5 of the task and the answer's text (genres.md section 2).
Run from anywhere; the output is the same every time:

    python tools/make_shading_fixtures.py [HOST ...]   # e.g. puzzle-hitori.com; default all

then `python tools/update_golden.py` writes the golden boards and errors beside them.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NamedTuple

from family_page import FamilyGame, hashed, page
from update_golden import board_with_puzzle

ROOT = Path(__file__).resolve().parents[1]
MARK = "CONSTRUCTED by tools/make_shading_fixtures.py"
MENU = ("shikaku", "nonograms", "sudoku", "light-up", "hitori", "yin-yang", "nurikabe")
BASE_36 = "0123456789abcdefghijklmnopqrstuvwxyz"
Grid = list[list[int]]
Cell = tuple[int, int]


def game(host: str, slug: str, name: str, about: str, sizes: tuple) -> FamilyGame:
    return FamilyGame(
        host=host, plugin=slug.replace("-", ""), description=f"{name} is {about}.", menu=MENU,
        ident=slug, name=name, sizes=sizes, mark=MARK,
        origin="the 2025 page layout (sites.md 3b, 3g); the puzzle is this tool's own",
    )


class Made(NamedTuple):
    """A puzzle of this tool's: its task, board JSON's puzzle, its one answer's site text."""

    task: str
    puzzle: dict
    answer: str


# --------------------------------------------------------------------------- plain helpers


def around(h: int, w: int, r: int, c: int) -> Iterator[Cell]:
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= r + dr < h and 0 <= c + dc < w:
            yield r + dr, c + dc


def one_part(cells: set[Cell], h: int, w: int) -> bool:
    """Whether `cells` hang together (none: yes)."""
    if not cells:
        return True
    start = next(iter(cells))
    seen, stack = {start}, [start]
    while stack:
        for n in around(h, w, *stack.pop()):
            if n in cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return seen == cells


def search(h: int, w: int, fits: Callable[[Grid, int, int], bool], whole: Callable[[Grid], bool],
           limit: int = 2) -> list[Grid]:
    """Up to `limit` grids of 0/1, tried cell by cell in reading order: `fits(grid, r, c)`
    prunes once (r, c) is set, `whole(grid)` judges a full grid."""
    grid = [[-1] * w for _ in range(h)]
    found: list[Grid] = []

    def step(i: int) -> None:
        if len(found) >= limit:
            return
        if i == h * w:
            if whole(grid):
                found.append([row[:] for row in grid])
            return
        r, c = divmod(i, w)
        for value in (0, 1):
            grid[r][c] = value
            if fits(grid, r, c):
                step(i + 1)
        grid[r][c] = -1

    step(0)
    return found


# --------------------------------------------------------------------------- Hitori


HITORI = game("puzzle-hitori.com", "hitori", "Hitori",
              "a logic puzzle with simple rules and challenging solutions",
              tuple((str(i), f"{s}x{s} {d}") for i, (s, d) in enumerate(
                  (s, d) for s in (5, 10, 15, 20) for d in ("Easy", "Normal", "Hard"))))


def hitori_answers(grid: Grid) -> list[Grid]:
    """Shadings (1 shaded): no number twice unshaded in a line, no two shaded touching,
    the unshaded cells one part."""
    h, w = len(grid), len(grid[0])

    def fits(shade: Grid, r: int, c: int) -> bool:
        if shade[r][c]:
            return not ((r and shade[r - 1][c] == 1) or (c and shade[r][c - 1] == 1))
        row = [grid[r][k] for k in range(c) if shade[r][k] == 0]
        col = [grid[k][c] for k in range(r) if shade[k][c] == 0]
        return grid[r][c] not in row and grid[r][c] not in col

    def whole(shade: Grid) -> bool:
        return one_part({(r, c) for r in range(h) for c in range(w) if not shade[r][c]}, h, w)

    return search(h, w, fits, whole)


def make_hitori(rng: random.Random, side: int) -> Made:
    """A Latin square, some cells (apart, the rest one part) given a number their row or
    column has already: kept when its shading is the only answer."""
    while True:
        symbols = rng.sample(range(1, side + 1), side)
        shift = rng.sample(range(side), side)
        grid = [[symbols[(shift[r] + c) % side] for c in range(side)] for r in range(side)]
        changed: set[Cell] = set()
        for r, c in rng.sample([(r, c) for r in range(side) for c in range(side)], side * 2):
            if not changed.intersection(around(side, side, r, c)):
                others = [k for k in range(side) if k not in (r, c)]
                k = rng.choice(others)
                grid[r][c] = grid[r][k] if rng.random() < 0.5 else grid[k][c]
                changed.add((r, c))
        found = hitori_answers(grid)
        if len(found) == 1:
            task = "".join(BASE_36[v] for row in grid for v in row)
            text = "".join("yn"[not v] for row in found[0] for v in row)
            return Made(task, {"grid": grid}, text)


# --------------------------------------------------------------------------- Yin-Yang


YIN_YANG = game("puzzle-yin-yang.com", "yin-yang", "Yin-Yang",
                "a logic puzzle of black and white circles",
                tuple((str(i), f"{s}x{s} {d}") for i, (s, d) in enumerate(
                    (s, d) for s in (6, 10, 15, 20) for d in ("Easy", "Normal", "Hard"))))


def yin_yang_answers(givens: dict[Cell, int], side: int) -> list[Grid]:
    """Colourings (1 black) keeping the givens: no 2x2 of one colour, each colour one part."""

    def fits(grid: Grid, r: int, c: int) -> bool:
        if givens.get((r, c), grid[r][c]) != grid[r][c]:
            return False
        return not (r and c and grid[r - 1][c - 1] == grid[r - 1][c] == grid[r][c - 1]
                    == grid[r][c])

    def whole(grid: Grid) -> bool:
        return all(one_part({(r, c) for r in range(side) for c in range(side)
                             if grid[r][c] == colour}, side, side) for colour in (0, 1))

    return search(side, side, fits, whole)


def make_yin_yang(rng: random.Random, side: int) -> Made:
    """Circles added one at a time, where two answers differ, until one answer is left."""
    givens: dict[Cell, int] = {}
    while len(found := yin_yang_answers(givens, side)) > 1:
        first, second = found
        cell = rng.choice([(r, c) for r in range(side) for c in range(side)
                           if first[r][c] != second[r][c]])
        givens[cell] = rng.choice(found)[cell[0]][cell[1]]
    rows = ["".join(".WB"[givens[(r, c)] + 1] if (r, c) in givens else "."
                    for c in range(side)) for r in range(side)]
    task = re.sub(r"\.{1,26}", lambda m: chr(96 + len(m.group())), "".join(rows))
    return Made(task, {"cells": rows}, "".join(str(v) for row in found[0] for v in row))


# --------------------------------------------------------------------------- Nurikabe


NURIKABE = game("puzzle-nurikabe.com", "nurikabe", "Nurikabe",
                "a logic puzzle of islands in a sea",
                tuple((str(i), f"{s}x{s} {d}") for i, (s, d) in enumerate(
                    (s, d) for s in (5, 7, 10, 15, 20) for d in ("Easy", "Hard"))))


def shapes(start: Cell, size: int, side: int, banned: set[Cell]) -> set[frozenset]:
    """Every connected set of `size` cells holding `start` and none of `banned`."""
    found: set[frozenset] = set()
    grown = {frozenset([start])}
    for _ in range(size - 1):
        grown = {part | {n} for part in grown for cell in part
                 for n in around(side, side, *cell) if n not in part and n not in banned}
    found.update(part for part in grown if len(part) == size)
    return found


def nurikabe_answers(clues: dict[Cell, int], side: int) -> list[set[Cell]]:
    """Up to two seas: an island a number (its size, no other number), islands apart, the
    sea one part with no 2x2 block of it."""
    order = sorted(clues)
    options = [shapes(cell, clues[cell], side, set(clues) - {cell}) for cell in order]
    every = {(r, c) for r in range(side) for c in range(side)}
    found: list[set[Cell]] = []

    def step(i: int, land: set[Cell], rim: set[Cell]) -> None:
        if len(found) >= 2:
            return
        if i == len(order):
            sea = every - land
            blocks = any({(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= sea
                         for r in range(side - 1) for c in range(side - 1))
            if not blocks and one_part(sea, side, side):
                found.append(sea)
            return
        for part in options[i]:
            if not part & (land | rim):
                near = {n for cell in part for n in around(side, side, *cell)} - part
                step(i + 1, land | part, rim | near)

    step(0, set(), set())
    return found


def make_nurikabe(rng: random.Random, side: int) -> Made:
    """Numbers placed at random until this tool's search finds one answer."""
    cells = [(r, c) for r in range(side) for c in range(side)]
    while True:
        spots = rng.sample(cells, rng.randint(3, 5))
        clues = {cell: rng.randint(1, 5) for cell in spots}
        found = nurikabe_answers(clues, side)
        if len(found) == 1:
            break
    grid = [[clues.get((r, c)) for c in range(side)] for r in range(side)]
    task = "".join(str(v) if v else "." for row in grid for v in row)
    task = re.sub(r"\.{1,26}", lambda m: chr(96 + len(m.group())), task)
    task = re.sub(r"(?<=\d)(?=\d)", "_", task)
    text = "".join("yn"[(r, c) not in found[0]] for r, c in cells)
    return Made(task, {"grid": grid}, text)


# --------------------------------------------------------------------------- Norinori


NORINORI = game("puzzle-norinori.com", "norinori", "Norinori",
                "a logic puzzle of dominoes in regions",
                tuple((str(i), f"{s}x{s} {d}") for i, (s, d) in enumerate(
                    (s, d) for s in (6, 8, 10, 15, 20) for d in ("Normal", "Hard"))))


def norinori_answers(ids: Grid) -> list[Grid]:
    """Shadings (1 shaded): two shaded cells a region, each beside exactly one other."""
    h, w = len(ids), len(ids[0])
    region = {(r, c): ids[r][c] for r in range(h) for c in range(w)}
    size = {k: list(region.values()).count(k) for k in set(region.values())}

    def partners(grid: Grid, r: int, c: int) -> int:
        return sum(grid[a][b] == 1 for a, b in around(h, w, r, c))

    def fits(grid: Grid, r: int, c: int) -> bool:
        k = ids[r][c]
        done = [grid[a][b] for (a, b), v in region.items() if v == k and grid[a][b] >= 0]
        if sum(done) > 2 or sum(done) + size[k] - len(done) < 2:
            return False
        if r and grid[r - 1][c] == 1 and partners(grid, r - 1, c) != 1:
            return False  # every neighbour of the cell above is set now
        return not any(grid[a][b] == 1 and partners(grid, a, b) > 1
                       for a, b in [(r, c), *around(h, w, r, c)])

    def whole(grid: Grid) -> bool:
        return all(partners(grid, r, c) == 1 for r in range(h) for c in range(w) if grid[r][c])

    return search(h, w, fits, whole)


def grown_regions(rng: random.Random, side: int, count: int) -> Grid:
    """`count` regions grown from random seeds, a random free cell beside one at a time."""
    ids = [[0] * side for _ in range(side)]
    every = [(r, c) for r in range(side) for c in range(side)]
    for k, (r, c) in enumerate(rng.sample(every, count), 1):
        ids[r][c] = k
    while free := [cell for cell in every if not ids[cell[0]][cell[1]]]:
        r, c = rng.choice(free)
        near = [ids[a][b] for a, b in around(side, side, r, c) if ids[a][b]]
        if near:
            ids[r][c] = rng.choice(near)
    return ids


def make_norinori(rng: random.Random, side: int) -> Made:
    """Regions grown at random until this tool's search finds one answer."""
    while len(found := norinori_answers(ids := grown_regions(rng, side, side + 2))) != 1:
        pass
    task = ",".join(str(v) for row in ids for v in row)
    return Made(task, {"regions": ids}, "".join("yn"[not v] for row in found[0] for v in row))


# --------------------------------------------------------------------------- Tents


TENTS = game("puzzle-tents.com", "tents", "Tents", "a logic puzzle of trees and tents",
             tuple((str(i), f"{s}x{s} {d}") for i, (s, d) in enumerate(
                 (s, d) for s in (6, 8, 10, 15, 20) for d in ("Easy", "Hard"))))


def tents_answers(trees: set[Cell], columns: list[int], rows: list[int]) -> list[Grid]:
    """Placements (1 a tent) beside trees, none touching, the counts met, and every tree
    given a tent of its own (the matching, by augmenting paths)."""
    h, w = len(rows), len(columns)

    def fits(grid: Grid, r: int, c: int) -> bool:
        if grid[r][c] and ((r, c) in trees or not trees.intersection(around(h, w, r, c))
                           or any(grid[a][b] == 1 for a, b in ((r - 1, c - 1), (r - 1, c),
                                  (r - 1, c + 1), (r, c - 1)) if a >= 0 and 0 <= b < w)):
            return False
        row = sum(grid[r][: c + 1])
        col = sum(grid[k][c] for k in range(r + 1))
        return (row <= rows[r] and col <= columns[c] and (c < w - 1 or row == rows[r])
                and (r < h - 1 or col == columns[c]))

    def whole(grid: Grid) -> bool:
        tents = {(r, c) for r in range(h) for c in range(w) if grid[r][c]}
        owner: dict[Cell, Cell] = {}

        def place(tree: Cell, seen: set[Cell]) -> bool:
            for cell in set(around(h, w, *tree)) & tents - seen:
                seen.add(cell)
                if cell not in owner or place(owner[cell], seen):
                    owner[cell] = tree
                    return True
            return False

        return len(tents) == len(trees) and all(place(tree, set()) for tree in sorted(trees))

    return search(h, w, fits, whole)


def make_tents(rng: random.Random, side: int) -> Made:
    """Tents scattered apart, a tree beside each, kept when this tool's search finds the
    one placement; the task written as tents.c writes its trees (genres.md section 2)."""
    every = [(r, c) for r in range(side) for c in range(side)]
    while True:
        tents: set[Cell] = set()
        for r, c in rng.sample(every, len(every)):
            if len(tents) < side and all(max(abs(r - a), abs(c - b)) > 1 for a, b in tents):
                tents.add((r, c))
        trees: set[Cell] = set()
        for tent in sorted(tents):
            free = [cell for cell in around(side, side, *tent) if cell not in tents | trees]
            if free:
                trees.add(rng.choice(free))
        tents = {t for t in tents if trees.intersection(around(side, side, *t))}
        columns = [sum((r, c) in tents for r in range(side)) for c in range(side)]
        rows = [sum((r, c) in tents for c in range(side)) for r in range(side)]
        if len(tents) == len(trees) and len(found := tents_answers(trees, columns, rows)) == 1:
            break
    runs, run = [], 0
    for cell in [*every, None]:  # the last tree lands one past the board
        if cell is None or cell in trees:
            runs.append("_" if run == 0 else chr(96 + run))
            run = 0
        else:
            run += 1
    task = "".join(runs) + "".join(f",{n}" for n in columns + rows)
    cells = ["".join("T" if (r, c) in trees else "." for c in range(side)) for r in range(side)]
    text = "".join("yn"[not v] for row in found[0] for v in row)
    return Made(task, {"cells": cells, "columns": columns, "rows": rows}, text)


# --------------------------------------------------------------------------- the pages


# --------------------------------------------------------------------------- Kakurasu


KAKURASU = game("puzzle-kakurasu.com", "kakurasu", "Kakurasu",
                "a logic puzzle with simple rules and challenging solutions",
                tuple((str(i), f"{s}x{s} {d}") for i, (s, d) in enumerate(
                    (s, d) for s in range(4, 10) for d in ("Easy", "Hard"))))


def kakurasu_answers(cols: list[int], rows: list[int]) -> list[Grid]:
    """Shadings (1 shaded) whose rows add up their shaded column numbers to `rows` and
    whose columns add up their shaded row numbers to `cols`."""
    h, w = len(rows), len(cols)

    def fits(shade: Grid, r: int, c: int) -> bool:
        row = sum(k + 1 for k in range(c + 1) if shade[r][k])
        col = sum(k + 1 for k in range(r + 1) if shade[k][c])
        return row <= rows[r] and col <= cols[c] and (c < w - 1 or row == rows[r]) and (
            r < h - 1 or col == cols[c])

    return search(h, w, fits, lambda shade: True)


def make_kakurasu(rng: random.Random, side: int) -> Made:
    """A random shading's sums: kept when the shading is the only answer."""
    while True:
        shade = [[int(rng.random() < 0.5) for _ in range(side)] for _ in range(side)]
        cols = [sum(r + 1 for r in range(side) if shade[r][c]) for c in range(side)]
        rows = [sum(c + 1 for c in range(side) if shade[r][c]) for r in range(side)]
        if len(kakurasu_answers(cols, rows)) == 1:
            task = "/".join(map(str, cols + rows))
            text = "".join(str(v) for row in shade for v in row)
            return Made(task, {"columns": cols, "rows": rows}, text)


# --------------------------------------------------------------------------- Tapa


TAPA = game("puzzle-tapa.com", "tapa", "Tapa",
            "a logic puzzle with simple rules and challenging solutions",
            tuple((str(i), f"{s}x{s} {d}") for i, (s, d) in enumerate(
                (s, d) for s in (4, 6, 8, 10) for d in ("Normal", "Hard"))))
RING = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))


def tapa_clue(shade: Grid, r: int, c: int) -> list[int]:
    """The runs of shaded cells around (r, c), clockwise, as a sorted list (none: [0])."""
    h, w = len(shade), len(shade[0])
    ring = [0 <= r + dr < h and 0 <= c + dc < w and shade[r + dr][c + dc] == 1
            for dr, dc in RING]
    if all(ring):
        return [8]
    start = ring.index(False)
    runs, run = [], 0
    for k in range(1, 9):
        if ring[(start + k) % 8]:
            run += 1
        elif run:
            runs, run = runs + [run], 0
    return sorted(runs) or [0]


def tapa_answers(clues: dict[Cell, list[int]], side: int) -> list[Grid]:
    """Shadings: clue cells unshaded, each clue its ring's runs, no 2x2 shaded, the shaded
    cells one part."""
    def fits(shade: Grid, r: int, c: int) -> bool:
        if shade[r][c] and (r, c) in clues:
            return False
        if r and c and shade[r][c] and shade[r - 1][c] and shade[r][c - 1] and shade[r - 1][c - 1]:
            return False
        done = (r - 1, c - 1) if c else None  # every cell around it is set now
        if c == side - 1:
            for b in (c - 1, c):
                if (r - 1, b) in clues and tapa_clue(shade, r - 1, b) != clues[(r - 1, b)]:
                    return False
        if r == side - 1:
            for b in (c - 1, c):
                if (r, b) in clues and c == side - 1 and tapa_clue(shade, r, b) != clues[(r, b)]:
                    return False
        return not (done and done in clues and tapa_clue(shade, *done) != clues[done])

    def whole(shade: Grid) -> bool:
        shaded = {(r, c) for r in range(side) for c in range(side) if shade[r][c]}
        return bool(shaded) and one_part(shaded, side, side) and all(
            tapa_clue(shade, r, c) == clue for (r, c), clue in clues.items())

    return search(side, side, fits, whole)


def make_tapa(rng: random.Random, side: int) -> Made:
    """A random shading (one part, no 2x2), clues of its unshaded cells added until the
    shading is the only answer."""
    while True:
        shade = [[int(rng.random() < 0.55) for _ in range(side)] for _ in range(side)]
        shaded = {(r, c) for r in range(side) for c in range(side) if shade[r][c]}
        blocks = any(all(shade[r + a][c + b] for a in (0, 1) for b in (0, 1))
                     for r in range(side - 1) for c in range(side - 1))
        if blocks or not shaded or not one_part(shaded, side, side):
            continue
        white = [(r, c) for r in range(side) for c in range(side) if not shade[r][c]]
        clues: dict[Cell, list[int]] = {}
        for cell in rng.sample(white, len(white)):
            clues[cell] = tapa_clue(shade, *cell)
            if tapa_answers(clues, side) == [shade]:
                task, skip = "", 0
                for r in range(side):
                    for c in range(side):
                        if (r, c) not in clues:
                            skip += 1
                            continue
                        joined = task and not skip and task[-1].isdigit()
                        task += (chr(96 + skip) if skip else "") + ("_" if joined else "")
                        task += "".join(map(str, clues[(r, c)]))
                        skip = 0
                task += chr(96 + skip) if skip else ""
                grid = [[clues.get((r, c)) for c in range(side)] for r in range(side)]
                text = "".join("y" if v else "n" for row in shade for v in row)
                return Made(task, {"clues": grid}, text)


# --------------------------------------------------------------------------- Heyawake


HEYAWAKE = game("puzzle-heyawake.com", "heyawake", "Heyawake",
                "a logic puzzle with simple rules and challenging solutions",
                tuple((str(i), f"{s}x{s} {d}") for i, (s, d) in enumerate(
                    (s, d) for s in (5, 6, 8, 10) for d in ("Normal", "Hard"))))


def heyawake_answers(rooms: Grid, clues: dict[int, int], side: int) -> list[Grid]:
    """Shadings: a numbered room that many shaded cells, no two shaded touching, the
    unshaded cells one part, no unshaded run across two room borders."""
    def fits(shade: Grid, r: int, c: int) -> bool:
        return not shade[r][c] or not ((r and shade[r - 1][c]) or (c and shade[r][c - 1]))

    def crosses(cells: list[Cell]) -> bool:
        return len({rooms[a][b] for a, b in cells}) > 2 or sum(
            rooms[a][b] != rooms[x][y] for (a, b), (x, y) in zip(cells, cells[1:])) > 1

    def whole(shade: Grid) -> bool:
        white = {(r, c) for r in range(side) for c in range(side) if not shade[r][c]}
        if not one_part(white, side, side):
            return False
        if any(sum(shade[r][c] for r in range(side) for c in range(side) if rooms[r][c] == k)
               != n for k, n in clues.items()):
            return False
        lines = [[(r, c) for c in range(side)] for r in range(side)]
        lines += [[(r, c) for r in range(side)] for c in range(side)]
        for line in lines:
            run: list[Cell] = []
            for cell in line + [None]:
                if cell is not None and cell in white:
                    run.append(cell)
                    continue
                if crosses(run):
                    return False
                run = []
        return True

    return search(side, side, fits, whole)


def make_heyawake(rng: random.Random, side: int) -> Made:
    """Random rectangles (each at the first free cell, as the task places them), a random
    valid shading, numbers given to rooms until the shading is the only answer."""
    while True:
        rooms, placed, free = [[0] * side for _ in range(side)], [], 0
        while free < side * side:
            top, left = divmod(free, side)
            width = 1
            while left + width < side and not rooms[top][left + width] and width < 3 \
                    and rng.random() < 0.6:
                width += 1
            height = rng.randint(1, min(3, side - top))
            if any(rooms[r][c] for r in range(top, top + height)
                   for c in range(left, left + width)):
                height = 1
            placed.append((width, height))
            for r in range(top, top + height):
                for c in range(left, left + width):
                    rooms[r][c] = len(placed)
            while free < side * side and rooms[free // side][free % side]:
                free += 1
        answers = heyawake_answers(rooms, {}, side)
        if not answers:
            continue
        shade = rng.choice(answers + heyawake_answers(rooms, {}, side)[:1])
        clues: dict[int, int] = {}
        for k in rng.sample(range(1, len(placed) + 1), len(placed)):
            clues[k] = sum(shade[r][c] for r in range(side) for c in range(side)
                           if rooms[r][c] == k)
            if heyawake_answers(rooms, clues, side) == [shade]:
                task = ";".join(f"{clues.get(k, 'b')},{w},{h}"
                                for k, (w, h) in enumerate(placed, 1))
                numbers = [[clues.get(rooms[r][c]) if (r, c) == min(
                    (a, b) for a in range(side) for b in range(side)
                    if rooms[a][b] == rooms[r][c]) else None for c in range(side)]
                    for r in range(side)]
                text = "".join("y" if v else "n" for row in shade for v in row)
                return Made(task, {"rooms": rooms, "clues": numbers}, text)


class Fixture(NamedTuple):
    game: FamilyGame
    name: str  # the file's name
    title: str
    puzzle_id: int
    size: int  # the size code
    side: int
    make: Callable[[random.Random, int], Made]


FIXTURES = (
    Fixture(HITORI, "easy_5x5_5550001", "5x5 Easy Hitori", 5_550_001, 0, 5, make_hitori),
    Fixture(YIN_YANG, "easy_6x6_6660001", "6x6 Easy Yin-Yang", 6_660_001, 0, 6,
            make_yin_yang),
    Fixture(NURIKABE, "easy_5x5_7770001", "5x5 Easy Nurikabe", 7_770_001, 0, 5,
            make_nurikabe),
    Fixture(KAKURASU, "easy_5x5_4540001", "5x5 Easy Kakurasu", 4_540_001, 2, 5,
            make_kakurasu),
    Fixture(NORINORI, "normal_6x6_8880001", "6x6 Normal Norinori", 8_880_001, 0, 6,
            make_norinori),
    Fixture(TENTS, "easy_6x6_9990001", "6x6 Easy Tents", 9_990_001, 0, 6, make_tents),
    Fixture(TAPA, "normal_4x4_3330001", "4x4 Normal Tapa", 3_330_001, 0, 4, make_tapa),
    Fixture(HEYAWAKE, "normal_5x5_2220001", "5x5 Normal Heyawake", 2_220_001, 0, 5,
            make_heyawake),
)


def write(fixture: Fixture) -> None:
    out = ROOT / "fixtures" / fixture.game.host
    (out / "bad").mkdir(parents=True, exist_ok=True)
    rng = random.Random(fixture.game.ident)
    made = fixture.make(rng, fixture.side)
    digest = hashed(made.task, made.answer)
    side, args = fixture.side, (fixture.title, fixture.puzzle_id, fixture.size)
    text = page(fixture.game, made.task, *args, side, side, rng, digest)
    (out / f"{fixture.name}.source.html").write_text(text, encoding="utf-8")
    expected = out / f"{fixture.name}.board.json"
    expected.write_text(board_with_puzzle(expected, made.puzzle), encoding="utf-8")
    short = page(fixture.game, made.task[:-3], *args, side, side, rng, digest)
    (out / "bad" / "task_short.source.html").write_text(short, encoding="utf-8")
    index = [{"name": fixture.name, "width": side, "height": side,
              "puzzle_id": str(fixture.puzzle_id), "size": fixture.size, "title": fixture.title,
              "task": made.task, "answer": made.answer, "hashed_solution": digest,
              "origin": "this tool's own puzzle, its one answer found by this tool's search"}]
    (out / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {fixture.name} and bad/task_short under {out.relative_to(ROOT)}")


if __name__ == "__main__":
    wanted = sys.argv[1:]  # hosts, or every game
    for each in FIXTURES:
        if not wanted or each.game.host in wanted:
            write(each)
