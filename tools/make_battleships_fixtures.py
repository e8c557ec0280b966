"""Write fixtures for puzzle-battleships.com: a page source in the family's 2025 shape, and a
bad page cut short.

No Battleships page of the site is public whole; its script is built in the shape of the
family's 2025 pages (sites.md 3g) with the plugin `battleships` and ident `battleships.N`.
The puzzle is this tool's own (never a site task): the 6x6 fleet (one ship of three cells,
two of two, three of one) placed at random from a fixed seed, the counts of its rows and
columns, and hints added where two answers differ until this tool's own search (never the
package's code) finds one answer. The page's `hashedSolution` is made from that answer by
the site's rule: md5 of the task and `y`/`n` a cell, `y` a ship cell (genres.md section 2).
Run from anywhere; the output is the same every time:

    python tools/make_battleships_fixtures.py

then `python tools/update_golden.py` writes the golden boards and errors beside them.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from family_page import FamilyGame, hashed, page
from update_golden import board_with_puzzle

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "fixtures" / "puzzle-battleships.com"
MARK = "CONSTRUCTED by tools/make_battleships_fixtures.py"
SIDE, FLEET = 6, (3, 2, 2, 1, 1, 1)
Cell = tuple[int, int]
Ship = tuple[Cell, ...]

GAME = FamilyGame(
    host="puzzle-battleships.com", plugin="battleships",
    description="Battleships is a logic puzzle of a fleet hidden at sea.",
    menu=("shikaku", "nonograms", "sudoku", "light-up", "battleships", "tents", "hitori"),
    ident="battleships", name="Battleships",
    sizes=tuple((str(i), label) for i, label in enumerate(
        f"{s}x{s} {d}" for s in (6, 8, 10, 15) for d in ("Easy", "Hard"))),
    mark=MARK, origin="the 2025 page layout (sites.md 3b, 3g); the puzzle is this tool's own",
)


def places(length: int) -> list[Ship]:
    """Every place a ship of `length` fits, across and down (one cell once)."""
    ways = ((0, 1),) if length == 1 else ((0, 1), (1, 0))
    return [tuple((r + dr * i, c + dc * i) for i in range(length))
            for r in range(SIDE) for c in range(SIDE) for dr, dc in ways
            if r + dr * (length - 1) < SIDE and c + dc * (length - 1) < SIDE]


def near(ship: Ship) -> set[Cell]:
    """The ship's cells and every cell around them, corners too: where no other ship goes."""
    return {(r + dr, c + dc) for r, c in ship for dr in (-1, 0, 1) for dc in (-1, 0, 1)}


def role(ship: Ship, cell: Cell) -> str:
    """The hint a cell of `ship` shows: `o` alone, `m` a middle, else its end's side."""
    if len(ship) == 1:
        return "o"
    if cell not in (ship[0], ship[-1]):
        return "m"
    across = ship[0][0] == ship[1][0]
    return ("w" if cell == ship[0] else "e") if across else ("n" if cell == ship[0] else "s")


def fleets(rows: list[int], cols: list[int], hints: dict[Cell, str],
           limit: int = 2) -> list[frozenset[Cell]]:
    """Up to `limit` answers (their ship cells): the fleet apart, the counts, the hints."""
    found: list[frozenset[Cell]] = []

    def fits(ship: Ship, banned: set[Cell], used: list[int], across: list[int]) -> bool:
        if any(cell in banned for cell in ship):
            return False
        if any(hints.get(cell, "") == "x" for cell in ship):
            return False
        return all(used[r] + sum(1 for rr, _ in ship if rr == r) <= rows[r] for r, _ in ship) \
            and all(across[c] + sum(1 for _, cc in ship if cc == c) <= cols[c] for _, c in ship)

    def step(i: int, after: int, placed: list[Ship], banned: set[Cell], used: list[int],
             across: list[int]) -> None:
        if len(found) >= limit:
            return
        if i == len(FLEET):
            ship_of = {cell: ship for ship in placed for cell in ship}
            if used == rows and across == cols and all(
                    (hint == "x") == (cell not in ship_of)
                    and (hint == "x" or role(ship_of[cell], cell) == hint)
                    for cell, hint in hints.items()):
                found.append(frozenset(ship_of))
            return
        options = places(FLEET[i])
        start = after if i and FLEET[i] == FLEET[i - 1] else 0
        for k in range(start, len(options)):
            ship = options[k]
            if fits(ship, banned, used, across):
                for r, c in ship:
                    used[r] += 1
                    across[c] += 1
                step(i + 1, k + 1, [*placed, ship], banned | near(ship), used, across)
                for r, c in ship:
                    used[r] -= 1
                    across[c] -= 1

    step(0, 0, [], set(), [0] * SIDE, [0] * SIDE)
    return found


def placed_at_random(rng: random.Random) -> list[Ship]:
    """The fleet at random places, apart, corners too."""
    while True:
        banned: set[Cell] = set()
        fleet = []
        for length in FLEET:
            free = [ship for ship in places(length) if not banned.intersection(ship)]
            if not free:
                break
            ship = rng.choice(free)
            fleet.append(ship)
            banned |= near(ship)
        else:
            return fleet


def make(rng: random.Random) -> tuple[str, dict, str]:
    """(task, board JSON's puzzle, the answer's site text) of a puzzle with one answer."""
    fleet = placed_at_random(rng)
    ship_of = {cell: ship for ship in fleet for cell in ship}
    rows = [sum((r, c) in ship_of for c in range(SIDE)) for r in range(SIDE)]
    cols = [sum((r, c) in ship_of for r in range(SIDE)) for c in range(SIDE)]
    hints: dict[Cell, str] = {}
    while len(found := fleets(rows, cols, hints)) > 1:
        cell = rng.choice(sorted(found[0] ^ found[1]))
        hints[cell] = role(ship_of[cell], cell) if cell in ship_of else "x"
    cells = ["".join(hints.get((r, c), ".") for c in range(SIDE)) for r in range(SIDE)]
    digits = "".join(str("xomnesw".index(ch)) if ch != "." else "." for ch in "".join(cells))
    task = ",".join(map(str, cols + rows)) + ";" + re.sub(
        r"\.{1,26}", lambda m: chr(96 + len(m.group())), digits)
    text = "".join("y" if (r, c) in ship_of else "n" for r in range(SIDE) for c in range(SIDE))
    return task, {"cells": cells, "columns": cols, "rows": rows, "fleet": None}, text


def main() -> None:
    name, title, puzzle_id, size = "easy_6x6_4440001", "6x6 Easy Battleships", 4_440_001, 0
    rng = random.Random("battleships")
    task, puzzle, text = make(rng)
    digest = hashed(task, text)
    (OUT / "bad").mkdir(parents=True, exist_ok=True)
    args = (title, puzzle_id, size, SIDE, SIDE, rng, digest)
    (OUT / f"{name}.source.html").write_text(page(GAME, task, *args), encoding="utf-8")
    expected = OUT / f"{name}.board.json"
    expected.write_text(board_with_puzzle(expected, puzzle), encoding="utf-8")
    (OUT / "bad" / "task_short.source.html").write_text(page(GAME, task[:-1], *args),
                                                         encoding="utf-8")
    index = [{"name": name, "width": SIDE, "height": SIDE, "puzzle_id": str(puzzle_id),
              "size": size, "title": title, "task": task, "answer": text,
              "hashed_solution": digest,
              "origin": "this tool's own puzzle, its one answer found by this tool's search"}]
    (OUT / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {name} and bad/task_short under {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
