"""Write fixtures for the games of filled cells with row and column counts (issue 45:
puzzle-thermometers.com, puzzle-aquarium.com): per game a page source in the family's 2025
shape and a bad page cut short, as tools/make_shading_fixtures.py writes them.

Each puzzle is this tool's own (never a site task): made from a fixed seed and kept when this
tool's own search (never the package's code) finds exactly one answer; the page's
`hashedSolution` is md5 of the task and the answer's `y`/`n` a cell (genres.md section 2).
Run from anywhere; the output is the same every time:

    python tools/make_counts_fixtures.py [HOST ...]   # default all

then `python tools/update_golden.py` writes the golden boards and errors beside them.
"""

from __future__ import annotations

import random
import sys

from make_shading_fixtures import Fixture, Made, game, write

Cell = tuple[int, int]


def counts(filled: set[Cell], side: int) -> tuple[list[int], list[int]]:
    """(columns, rows): the filled cells of each column, then of each row."""
    return ([sum((r, c) in filled for r in range(side)) for c in range(side)],
            [sum((r, c) in filled for c in range(side)) for r in range(side)])


def unique_fill(choices: list[list[set[Cell]]], side: int, wanted: tuple) -> set[Cell] | None:
    """The one pick of a fill from each unit's choices whose counts are `wanted`, or None
    where there are none or several: a search unit by unit, pruned where a line holds more
    than its count."""
    columns, rows = [0] * side, [0] * side
    found: list[set[Cell]] = []

    def step(i: int, filled: set[Cell]) -> None:
        if len(found) > 1:
            return
        if i == len(choices):
            if columns == list(wanted[0]) and rows == list(wanted[1]):
                found.append(set(filled))
            return
        for fill in choices[i]:
            for r, c in fill:
                columns[c] += 1
                rows[r] += 1
            if all(columns[c] <= wanted[0][c] and rows[r] <= wanted[1][r] for r, c in fill):
                step(i + 1, filled | fill)
            for r, c in fill:
                columns[c] -= 1
                rows[r] -= 1

    step(0, set())
    return found[0] if len(found) == 1 else None


def as_text(filled: set[Cell], side: int) -> str:
    return "".join("y" if (r, c) in filled else "n" for r in range(side) for c in range(side))


def counts_text(columns: list[int], rows: list[int]) -> str:
    return "_".join(map(str, columns + rows))


# --------------------------------------------------------------------------- Thermometers


THERMOMETERS = game("puzzle-thermometers.com", "thermometers", "Thermometers",
                    "a logic puzzle of thermometers filled from their bulbs",
                    tuple((str(i), f"{s}x{s} {d}") for i, (s, d) in enumerate(
                        (s, d) for s in (4, 6, 10, 15) for d in ("Easy", "Hard"))))


def thermometer_paths(rng: random.Random, side: int) -> list[list[Cell]]:
    """Thermometers covering the board, each grown from the first free cell by a random
    walk over free cells (1-4 cells), its bulb at a random end."""
    free = {(r, c) for r in range(side) for c in range(side)}
    paths = []
    while free:
        path = [min(free)]
        free.discard(path[0])
        for _ in range(rng.randint(0, 3)):
            r, c = path[-1]
            steps = [n for n in ((r + 1, c), (r, c + 1), (r, c - 1)) if n in free]
            if not steps:
                break
            path.append(rng.choice(steps))
            free.discard(path[-1])
        paths.append(path if rng.random() < 0.5 else path[::-1])
    return paths


def thermometer_text(path: list[Cell], side: int) -> str:
    """`k,L` for a straight one read from its first cell in reading order, else `5,...`."""
    first, last = min(path), max(path)
    rows, cols = {r for r, _ in path}, {c for _, c in path}
    if len(path) > 1 and (len(rows) == 1 or len(cols) == 1):
        across = len(rows) == 1
        k = (1 if path[0] == first else 2) if across else (3 if path[0] == first else 4)
        if last == (first[0], first[1] + len(path) - 1) or last == (first[0] + len(path) - 1,
                                                                    first[1]):
            return f"{k},{len(path)}"
    return "5," + ",".join(str(r * side + c) for r, c in path)


def make_thermometers(rng: random.Random, side: int) -> Made:
    """Random thermometers, each filled to a random level: kept when the counts allow only
    that fill."""
    while True:
        paths = thermometer_paths(rng, side)
        filled = {cell for path in paths for cell in path[: rng.randint(0, len(path))]}
        choices = [[set(path[:k]) for k in range(len(path) + 1)] for path in paths]
        wanted = counts(filled, side)
        if unique_fill(choices, side, wanted) is not None:
            task = ";".join([counts_text(*wanted),
                             *(thermometer_text(path, side) for path in paths)])
            puzzle = {"columns": wanted[0], "rows": wanted[1],
                      "thermometers": [[list(cell) for cell in path] for path in paths]}
            return Made(task, puzzle, as_text(filled, side))


# --------------------------------------------------------------------------- Aquarium


AQUARIUM = game("puzzle-aquarium.com", "aquarium", "Aquarium",
                "a logic puzzle of tanks filled with water",
                tuple((str(i), f"{s}x{s} {d}") for i, (s, d) in enumerate(
                    (s, d) for s in (6, 10, 15) for d in ("Normal", "Hard"))))


def tanks(rng: random.Random, side: int, count: int) -> list[list[int]]:
    """Tank ids 1..count grown from random seeds, a free cell next to a tank at a time."""
    ids = [[0] * side for _ in range(side)]
    for tank, (r, c) in enumerate(rng.sample([(r, c) for r in range(side)
                                              for c in range(side)], count), 1):
        ids[r][c] = tank
    while any(0 in row for row in ids):
        r, c = rng.choice([(r, c) for r in range(side) for c in range(side) if not ids[r][c]])
        near = [ids[rr][cc] for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
                if 0 <= rr < side and 0 <= cc < side and ids[rr][cc]]
        if near:
            ids[r][c] = rng.choice(near)
    return ids


def make_aquarium(rng: random.Random, side: int) -> Made:
    """Random tanks, each filled to a random level: kept when the counts allow only that
    water."""
    while True:
        ids = tanks(rng, side, side + 2)
        cells: dict[int, list[Cell]] = {}
        for r in range(side):
            for c in range(side):
                cells.setdefault(ids[r][c], []).append((r, c))
        choices = [[{(r, c) for r, c in tank if r >= level}
                    for level in range(tank[0][0], tank[-1][0] + 2)] for tank in cells.values()]
        filled = set().union(*(rng.choice(options) for options in choices))
        wanted = counts(filled, side)
        if unique_fill(choices, side, wanted) is not None:
            task = counts_text(*wanted) + ";" + ",".join(str(v) for row in ids for v in row)
            puzzle = {"columns": wanted[0], "rows": wanted[1], "regions": ids}
            return Made(task, puzzle, as_text(filled, side))


FIXTURES = (
    Fixture(THERMOMETERS, "easy_6x6_8880001", "6x6 Easy Thermometers", 8_880_001, 2, 6,
            make_thermometers),
    Fixture(AQUARIUM, "normal_6x6_9990001", "6x6 Normal Aquarium", 9_990_001, 0, 6,
            make_aquarium),
)


if __name__ == "__main__":
    wanted = sys.argv[1:]  # hosts, or every game
    for each in FIXTURES:
        if not wanted or each.game.host in wanted:
            write(each)
