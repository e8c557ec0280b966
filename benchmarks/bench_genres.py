"""The grid games of the shared data against puzzlekit, puzzle by puzzle, in one process.

Per game, every puzzle of `../shared/data/genres/<game>/`: the decoded puzzles with their
verified answers (`decoded.jsonl`), and, where puzzlesat reads the game's site, its real
tasks (`site-tasks.jsonl`), real pairs of a task and the page's own hash
(`site-pairs.jsonl`) and saved pages (`pages/*.html`). Each is solved by

- **puzzlesat**: `solve(board)` in this process (no racing, no child process): the encoding,
  the first answer, the proof that it is the only one, and the independent checker; the
  answer is then compared with the known one (a saved page: its `site_check` must be
  `match`; a task without an answer: puzzlesat's proven answer is the reference);
- **puzzlekit** (`pip install puzzlekit`; OR-Tools CP-SAT): its default API,
  `puzzlekit.solve(parsed, type)`, then its own verifier against the same answer. It finds
  one answer and does not prove it unique. It runs in a child process (forked once, kept
  from puzzle to puzzle, its time taken inside it around the solve): a solve past
  --puzzlekit-timeout is killed and counts at the limit (its ratio at least limit/ours),
  so that no puzzle of its hangs the run.

Both start from the board in memory (read and converted before the clock starts) and stop
at a checked answer. Each side solves its game's first puzzle once untimed (the warm-up:
imports and caches), then the two take turns puzzle by puzzle, so that a loaded machine
slows them alike; each figure is the best of --repeat runs. ratio = puzzlekit / puzzlesat
(above 1: puzzlesat is faster). Before each timed run the cyclic collector is run
(untimed): a full collection scans every object of this process (both solvers' data, every
puzzle read), and would otherwise land, tens of milliseconds, on whichever run happens to
set it off. The kind module's own caches of a board are emptied too (`cold`): a repeat
times a whole solve.

A game is one entry of GAMES: its folder, the kind names puzzlesat may register it under,
puzzlekit's name for it, and how a decoded puzzle becomes board JSON (design.md's shapes)
and a board becomes puzzlekit's text. A game whose kind puzzlesat lacks is skipped, and
said so. puzzlekit is no dependency of puzzlesat: without it, puzzlesat's side runs alone.

    python benchmarks/bench_genres.py [--only GAME[,GAME]] [--repeat N] [--data DIR] [--json]
                                      [--puzzlekit-timeout SECONDS] [--skip NAME[,NAME]]
    python benchmarks/bench_genres.py --site-pairs [--only GAME[,GAME]] [--repeat N] [--json]

`--site-pairs`: every real (task, hashedSolution) pair the sites saved for the games
puzzlesat reads (`site-pairs.jsonl`, games taken from the family's registry), each task
decoded by its game's own `decode`, solved in this process and checked against its page's
hash through the kind's `site_answer`: per game how many match, and the median and worst
time (best of --repeat per pair). puzzlekit takes no part.

    pip install --target /tmp/pk puzzlekit
    PYTHONPATH=src:/tmp/pk python benchmarks/bench_genres.py

Progress goes to stderr. Not run by CI. Exit code 1 if any answer is wrong.
"""

from __future__ import annotations

import argparse
import gc
import json
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

from puzzlesat.core import Page, ParseError, Status
from puzzlesat.formats import board_json
from puzzlesat.kinds import BY_NAME as KINDS
from puzzlesat.kinds import board_record, kind_of
from puzzlesat.load import read_page
from puzzlesat.site_check import MATCH, answer_text
from puzzlesat.solve import solve
from puzzlesat.sources import puzzle_family

DEFAULT_DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data"
INSTALL = "pip install --target /tmp/pk puzzlekit, then run with PYTHONPATH=src:/tmp/pk"
Rows = list[list[str]]
OUTSIDE = ("@", "#")  # the decoded text's cells outside the board


# --------------------------------------------------------------------------- the games


def _grid(rows: Rows) -> list[list[int]]:
    return [[int(v) for v in row] for row in rows]


def _marks(rows: Rows, mark: str) -> list[list[int]]:
    return [[int(v == mark) for v in row] for row in rows]


def _symbols(answer: list[list[int]], mark: str) -> Rows:
    return [[mark if v else "-" for v in row] for row in answer]


def _text(header: str, *blocks: Rows) -> str:
    return "\n".join([header, *(" ".join(row) for block in blocks for row in block)])


def _clue_grid(header: list[str], rows: Rows) -> dict:
    """Board JSON's grid of a game of numbers on some cells (`-` none): Nurikabe, Minesweeper."""
    return {"grid": [[None if v == "-" else int(v) for v in row] for row in rows]}


def _clue_text(puzzle: dict, width: int, height: int) -> str:
    return _text(f"{height} {width}", [["-" if v is None else str(v) for v in row]
                                       for row in puzzle["grid"]])


LIGHT_UP_CELL = {"-": ".", "x": "B"}  # decoded -> board JSON; digits stay
LIGHT_UP_TEXT = {".": "-", "B": "x"}  # board JSON -> puzzlekit
SHAKASHAKA_CELL = {"-": ".", "x": "B", "5": "B"}  # janko writes a plain black cell x or 5


@dataclass(frozen=True)
class Game:
    """One game: where its puzzles are, what puzzlesat and puzzlekit call it, and the
    conversions between the decoded text, board JSON and puzzlekit's text."""

    folder: str  # under ../shared/data/genres, as the site names the game
    kinds: tuple[str, ...]  # the names its kind may be registered under
    puzzlekit: str  # "" where puzzlekit has no solver for the game (then puzzlesat alone)
    # decoded puzzle (header tokens, rows after the header) -> board JSON's "puzzle"
    puzzle: Callable[[list[str], Rows], dict]
    answer: Callable[[Rows], list]  # decoded solution rows -> the kind's answer JSON
    pk_text: Callable[[dict, int, int], str] | None  # board JSON's "puzzle", W, H -> its text
    pk_answer: Callable[[list], Rows] | None  # answer JSON -> puzzlekit's solution grid
    # whether a decoded puzzle's answer (answer JSON) keeps the site's rules: janko's
    # Binairos lack one (no two rows or columns equal) and are left out where they break it
    keeps: Callable[[list], bool] = lambda answer: True
    # where puzzlekit's rules are weaker than the site's: why its answer may differ (a note,
    # not a fault; its time is still shown)
    pk_weaker: str = ""
    # a site task's y/n answer, W, H -> answer JSON (default: a y/n a cell, rows of 0/1)
    site_answer: Callable[[str, int, int], Any] = lambda answer, width, height: [
        [int(ch == "y") for ch in answer[r * width : (r + 1) * width]] for r in range(height)
    ]
    # whether puzzlekit's text needs the count of marks after `H W` (its Minesweeper wants the
    # total of mines, which no site task gives): the answer's, so that it solves the same puzzle
    pk_total: bool = False
    # whether puzzlekit's solver states this puzzle's rules (board JSON's "puzzle"); where
    # not, it is left out of the comparison, as a Star Battle whose page does not say k
    pk_takes: Callable[[dict], bool] = lambda puzzle: True
    # where the answer JSON alone cannot say puzzlekit's grid (Pipes' turns need the tiles):
    # answer JSON and board JSON's "puzzle" -> its grid, in place of pk_answer
    pk_answer_of: Callable[[list, dict], Rows] | None = None
    # whether puzzlesat's kind states a decoded puzzle's rules (header tokens, rows): janko's
    # Skyscrapers with parks (fewer heights than cells) or Latin diagonals are left out
    reads: Callable[[list[str], Rows], bool] = lambda header, rows: True


def _jigsaw_puzzle(header: list[str], rows: Rows) -> dict:
    height = int(header[0])
    givens = [[0 if v == "-" else int(v) for v in row] for row in rows[:height]]
    return {"grid": givens, "regions": _grid(rows[height:])}


def _jigsaw_text(puzzle: dict, width: int, height: int) -> str:
    givens = [[str(v) if v else "-" for v in row] for row in puzzle["grid"]]
    return _text(f"{height} {width}", givens, [[str(v) for v in r] for r in puzzle["regions"]])


def _light_up_text(puzzle: dict, width: int, height: int) -> str:
    rows = [[LIGHT_UP_TEXT.get(ch, ch) for ch in row] for row in puzzle["cells"]]
    return _text(f"{height} {width}", rows)


def _binairo_text(puzzle: dict, width: int, height: int) -> str:
    rows = [["-" if v is None else str(v + 1) for v in row] for row in puzzle["grid"]]
    return _text(f"{height} {width}", rows)


def _distinct_lines(answer: list) -> bool:
    rows = [tuple(row) for row in answer]
    cols = list(zip(*rows))
    return len(set(rows)) == len(rows) and len(set(cols)) == len(cols)


def _star_battle_text(puzzle: dict, width: int, height: int) -> str:
    regions = [[str(v) for v in row] for row in puzzle["regions"]]
    return _text(f"{height} {width} {puzzle['stars']}", regions)


def _loop_puzzle(header: list[str], rows: Rows) -> dict:
    return {"grid": [[None if v == "-" else int(v) for v in row] for row in rows]}


def _loop_edges(rows: Rows) -> dict:
    """A decoded Slitherlink solution (`x` inside the loop) as its edges: on where the
    cells on the two sides differ (outside the board is out)."""
    inside = [[v == "x" for v in row] for row in rows]
    height, width = len(inside), len(inside[0])

    def at(r: int, c: int) -> bool:
        return 0 <= r < height and 0 <= c < width and inside[r][c]

    return {"horizontal": [[int(at(a - 1, c) != at(a, c)) for c in range(width)]
                           for a in range(height + 1)],
            "vertical": [[int(at(r, b - 1) != at(r, b)) for b in range(width + 1)]
                         for r in range(height)]}


def _loop_inside(answer: dict) -> Rows:
    """The loop's edges as puzzlekit's reference grid: `x` inside (an odd number of
    vertical edges to a cell's left), `-` outside."""
    return [["x" if sum(row[: c + 1]) % 2 else "-" for c in range(len(row) - 1)]
            for row in answer["vertical"]]


def _loop_text(puzzle: dict, width: int, height: int) -> str:
    rows = [["-" if v is None else str(v) for v in row] for row in puzzle["grid"]]
    return _text(f"{height} {width}", rows)


def _loop_site_answer(answer: str, width: int, height: int) -> dict:
    """The site's y/n edges: H+1 rows of W across, then H rows of W+1 down."""
    bits = [int(ch == "y") for ch in answer]
    split = (height + 1) * width
    return {"horizontal": [bits[a * width : (a + 1) * width] for a in range(height + 1)],
            "vertical": [bits[split + r * (width + 1) : split + (r + 1) * (width + 1)]
                         for r in range(height)]}


def _dominoes(rows: Rows) -> list:
    """A decoded answer (a domino id a cell) as answer JSON: the dominoes in reading order."""
    cells: dict[str, list] = {}
    for r, row in enumerate(rows):
        for c, name in enumerate(row):
            cells.setdefault(name, []).append([r, c])
    return sorted(cells.values())


def _domino_ids(answer: list) -> Rows:
    """Answer JSON's dominoes as puzzlekit's grid of a domino id a cell."""
    height = 1 + max(r for domino in answer for r, _ in domino)
    width = 1 + max(c for domino in answer for _, c in domino)
    rows = [["-"] * width for _ in range(height)]
    for i, domino in enumerate(answer):
        for r, c in domino:
            rows[r][c] = str(i)
    return rows


YIN_YANG_CELL = {"-": ".", "w": "W", "b": "B"}
YIN_YANG_TEXT = {".": "-", "W": "w", "B": "b"}
MASYU_CELL = {"-": ".", "w": "W", "b": "B", "1": "W", "2": "B"}  # some write circles as 1/2
MASYU_TEXT = {".": "-", "W": "w", "B": "b"}


def _masyu_edges(rows: Rows) -> dict:
    """A decoded Masyu solution (the directions the loop leaves each cell by: `ns`, `se`,
    ..., `-`) as its edges between cell centres."""
    return {"horizontal": [[int("e" in cell) for cell in row[:-1]] for row in rows],
            "vertical": [[int("s" in cell) for cell in row] for row in rows[:-1]]}


def _masyu_ways(answer: dict) -> Rows:
    """The loop's edges as puzzlekit's reference grid: each cell's directions, or `-`."""
    across, down = answer["horizontal"], answer["vertical"]
    height, width = len(across), len(down[0]) if down else len(across[0]) + 1

    def ways(r: int, c: int) -> str:
        arms = ((r > 0 and down[r - 1][c], "n"), (r + 1 < height and down[r][c], "s"),
                (c + 1 < width and across[r][c], "e"), (c > 0 and across[r][c - 1], "w"))
        return "".join(sorted(mark for on, mark in arms if on)) or "-"

    return [[ways(r, c) for c in range(width)] for r in range(height)]


def _masyu_text(puzzle: dict, width: int, height: int) -> str:
    return _text(f"{height} {width}", [[MASYU_TEXT[ch] for ch in row] for row in puzzle["cells"]])


def _masyu_site_answer(answer: str, width: int, height: int) -> dict:
    """The site's y/n edges: H rows of W-1 across, then H-1 rows of W down."""
    bits = [int(ch == "y") for ch in answer]
    split = height * (width - 1)
    return {"horizontal": [bits[r * (width - 1) : (r + 1) * (width - 1)] for r in range(height)],
            "vertical": [bits[split + r * width : split + (r + 1) * width]
                         for r in range(height - 1)]}


def _kakurasu_puzzle(header: list[str], rows: Rows) -> dict:
    cols, sums = ([None if v == "-" else int(v) for v in row] for row in rows[:2])
    return {"columns": cols, "rows": sums}


def _heyawake_puzzle(header: list[str], rows: Rows) -> dict:
    height, names = int(header[0]), {}
    return {"clues": [[None if v == "-" else int(v) for v in row] for row in rows[:height]],
            "rooms": [[names.setdefault(v, len(names) + 1) for v in row]
                      for row in rows[height:]]}


def _thermometers_puzzle(header: list[str], rows: Rows) -> dict:
    """janko's `thermometer.place` a cell (1 the bulb) -> each thermometer from its bulb."""
    paths: dict[str, list] = {}
    for r, row in enumerate(rows[2:]):
        for c, token in enumerate(row):
            name, place = token.split(".")
            paths.setdefault(name, []).append((int(place), [r, c]))
    return {"columns": _grid(rows[:1])[0], "rows": _grid(rows[1:2])[0],
            "thermometers": [[cell for _, cell in sorted(path)] for path in paths.values()]}


def _thermometers_text(puzzle: dict, width: int, height: int) -> str:
    names = {(r, c): f"{i}.{k}" for i, path in enumerate(puzzle["thermometers"], 1)
             for k, (r, c) in enumerate(path, 1)}
    counts = [["-" if v is None else str(v) for v in puzzle[key]] for key in ("columns", "rows")]
    return _text(f"{height} {width}", counts, [[names.get((r, c), "-") for c in range(width)]
                                               for r in range(height)])


def _killer_puzzle(header: list[str], rows: Rows) -> dict:
    """janko's text: the sums on one cell of their cage (`-` none), then the cage ids."""
    height, width = int(header[0]), int(header[1])
    return {"grid": [[None] * width for _ in range(height)],
            "sums": [[None if v == "-" else int(v) for v in row] for row in rows[:height]],
            "cages": _grid(rows[height:])}


def _killer_text(puzzle: dict, width: int, height: int) -> str:
    """puzzlekit's text holds no givens (the site's tasks and janko's have none)."""
    if any(v is not None for row in puzzle["grid"] for v in row):
        raise ValueError("puzzlekit's Killer Sudoku text holds no givens")
    sums = [["-" if v is None else str(v) for v in row] for row in puzzle["sums"]]
    return _text(f"{height} {width}", sums, [[str(v) for v in row] for row in puzzle["cages"]])
def _battleships_puzzle(header: list[str], rows: Rows) -> dict:
    """janko's fleet (`H W` then how many ships of 1, 2, ... cells), the column and row
    counts, then the hints (`-` none)."""
    return {"cells": ["".join("." if v == "-" else v for v in row) for row in rows[2:]],
            "columns": [int(v) for v in rows[0]], "rows": [int(v) for v in rows[1]],
            "fleet": [length for length, n in enumerate(map(int, header[2:]), 1)
                      for _ in range(n)]}


def _battleships_text(puzzle: dict, width: int, height: int) -> str:
    """puzzlekit's text: the fleet as ships of each length from 1, the counts, the hints;
    a site's board (no fleet) takes the one puzzlesat placed."""
    from puzzlesat.kinds.battleships import Battleships, fleet_of

    fleet = puzzle["fleet"] or fleet_of(Battleships(
        tuple(puzzle["cells"]), tuple(puzzle["columns"]), tuple(puzzle["rows"])))[0]
    counts = [str(list(fleet).count(length)) for length in range(1, max(fleet) + 1)]
    hints = [["-" if ch == "." else ch for ch in row] for row in puzzle["cells"]]
    return _text(" ".join([str(height), str(width), *counts]), [list(map(str, puzzle["columns"]))],
                 [list(map(str, puzzle["rows"]))], hints)


def _battleships_roles(answer: list) -> Rows:
    """An answer's ship cells as puzzlekit's grid: `o` alone, `m` a middle, `n`/`s`/`w`/`e`
    an end, `-` water."""
    height, width = len(answer), len(answer[0])

    def on(r: int, c: int) -> bool:
        return 0 <= r < height and 0 <= c < width and bool(answer[r][c])

    def role(r: int, c: int) -> str:
        up, down, left, right = on(r - 1, c), on(r + 1, c), on(r, c - 1), on(r, c + 1)
        if not answer[r][c]:
            return "-"
        if (up and down) or (left and right):
            return "m"
        return "n" if down else "s" if up else "w" if right else "e" if left else "o"

    return [[role(r, c) for c in range(width)] for r in range(height)]
def _stitches_a_pair(puzzle: dict) -> int | None:
    """k of a Stitches' board JSON: puzzlekit's solver joins two regions by one stitch."""
    from puzzlesat.kinds.stitches import from_json, stitches_of

    return stitches_of(from_json(puzzle, ""))


def _stitches_puzzle(header: list[str], rows: Rows) -> dict:
    """janko's counts, `-` none; one stitch a pair (janko's rule), not left to the counts."""
    return {"columns": [None if v == "-" else int(v) for v in rows[0]],
            "rows": [None if v == "-" else int(v) for v in rows[1]],
            "regions": _grid(rows[2:]), "stitches": 1}


def _kakuro_cell(token: str) -> list[int] | None:
    """A decoded Kakuro cell as board JSON's: `0` white (null), `-` black, `down,across`."""
    if token == "0":
        return None
    down, _, across = token.replace("-", ",").partition(",")
    return [int(down or 0), int(across or 0)]


def _kakuro_text(puzzle: dict, width: int, height: int) -> str:
    def token(cell: list[int] | None) -> str:
        if cell is None:
            return "0"
        return "-" if cell == [0, 0] else ",".join(str(v) if v else "" for v in cell)

    return _text(f"{height} {width}", [[token(cell) for cell in row] for row in puzzle["grid"]])


def _skyscrapers_puzzle(header: list[str], rows: Rows) -> dict:
    """janko's text (puzzlekit's too): the clues top, bottom, left, right (`-` none), then
    the givens."""
    def clues(row: list[str]) -> list[int | None]:
        return [None if v == "-" else int(v) for v in row]

    return {"top": clues(rows[0]), "bottom": clues(rows[1]), "left": clues(rows[2]),
            "right": clues(rows[3]), "grid": [clues(row) for row in rows[4:]]}


def _skyscrapers_text(puzzle: dict, width: int, height: int) -> str:
    """puzzlekit's text: `H W N` (N the tallest height), the four sides' clues, the givens."""
    def tokens(values: list[int | None]) -> list[str]:
        return ["-" if v is None else str(v) for v in values]

    return _text(f"{height} {width} {width}",
                 [tokens(puzzle[side]) for side in ("top", "bottom", "left", "right")],
                 [tokens(row) for row in puzzle["grid"]])


def _tents_text(puzzle: dict, width: int, height: int) -> str:
    cells = [["x" if ch == "T" else "-" for ch in row] for row in puzzle["cells"]]
    return _text(f"{height} {width}", [[str(n) for n in puzzle["columns"]]],
                 [[str(n) for n in puzzle["rows"]]], cells)


def _tents_grid(answer: list) -> Rows:
    """A placement as puzzlekit's grid: `o` a tent (its trees are left out: `-`)."""
    return _symbols(answer, "o")


def _regions_text(puzzle: dict, width: int, height: int) -> str:
    """puzzlekit's text of a game of regions alone (LITS): `H W`, then a region id a cell."""
    return _text(f"{height} {width}", [[str(v) for v in row] for row in puzzle["regions"]])


def _lits_letters(answer: list, puzzle: dict) -> Rows:
    """A LITS answer as puzzlekit's grid: each shaded cell the letter of its region's
    tetromino (L, I, T, S; turned and mirrored alike), `-` unshaded."""
    from puzzlesat.kinds.lits import letter_of

    shaded: dict[int, set] = {}
    for r, row in enumerate(puzzle["regions"]):
        for c, region in enumerate(row):
            if answer[r][c]:
                shaded.setdefault(region, set()).add((r, c))
    letters = {region: letter_of(frozenset(cells)) or "?" for region, cells in shaded.items()}
    return [[letters[region] if answer[r][c] else "-" for c, region in enumerate(row)]
            for r, row in enumerate(puzzle["regions"])]


def _heyawake_text(puzzle: dict, width: int, height: int) -> str:
    """puzzlekit's Heyawake text: `H W`, the rooms' numbers on the cells that hold them (`-`
    none; its solver takes a room's number from any of its cells), then the room ids."""
    clues = [["-" if v is None else str(v) for v in row] for row in puzzle["clues"]]
    return _text(f"{height} {width}", clues, [[str(v) for v in row] for row in puzzle["rooms"]])


PIPE_SHAPES = {1: "1", 3: "3", 5: "5", 7: "7", 15: "15"}  # puzzlekit's tile types, by arms


def _pipe_shape(tile: int) -> str:
    """A tile's shape as puzzlekit names it: the type its arms make, turned any way."""
    turns = [tile]
    for _ in range(3):
        turns.append(((turns[-1] << 1) & 15) | (turns[-1] >> 3))
    return next(PIPE_SHAPES[t] for t in turns if t in PIPE_SHAPES)


def _pipes_text(puzzle: dict, width: int, height: int) -> str:
    return _text(f"{height} {width}", [[_pipe_shape(t) for t in row] for row in puzzle["grid"]])


def _pipes_ways(answer: list, puzzle: dict) -> Rows:
    """Each turned tile's arms as puzzlekit writes them: n, s, w, e in that order."""
    def ways(tile: int, turns: int) -> str:
        for _ in range(turns):
            tile = ((tile << 1) & 15) | (tile >> 3)
        return "".join(mark for bit, mark in ((2, "n"), (8, "s"), (4, "w"), (1, "e"))
                       if tile & bit)

    return [[ways(t, k) for t, k in zip(row, turns)]
            for row, turns in zip(puzzle["grid"], answer)]


GAMES = (
    Game(
        "killer-sudoku", ("killer-sudoku",), "killer_sudoku", _killer_puzzle, _grid,
        _killer_text, lambda answer: [[str(v) for v in row] for row in answer],
        pk_weaker="puzzlekit's Killer Sudoku leaves out that a cage never repeats a digit, "
        "and its boxes are square (a 6x6's are four 2x2 in one corner), so where a puzzle "
        "needs those rules its one answer may be another",
    ),
    Game(
        "jigsaw-sudoku", ("sudoku",), "jigsaw_sudoku", _jigsaw_puzzle, _grid, _jigsaw_text,
        lambda answer: [[str(v) for v in row] for row in answer],
    ),
    Game(
        "light-up", ("light-up", "light_up"), "akari",
        lambda header, rows: {"cells": ["".join(LIGHT_UP_CELL.get(v, v) for v in r) for r in rows]},
        lambda rows: _marks(rows, "o"), _light_up_text, lambda answer: _symbols(answer, "o"),
    ),
    Game(
        "star-battle", ("star-battle", "star_battle"), "starbattle",
        lambda header, rows: {"regions": _grid(rows), "stars": int(header[2])},
        lambda rows: _marks(rows, "x"), _star_battle_text, lambda answer: _symbols(answer, "x"),
    ),
    Game(  # puzzlekit 0.3.4 has no Shakashaka solver
        "shakashaka", ("shakashaka",), "",
        lambda header, rows: {
            "cells": ["".join(SHAKASHAKA_CELL.get(v, v) for v in r) for r in rows]},
        lambda rows: [[None if v == "-" else v for v in row] for row in rows], None, None,
    ),
    Game(  # puzzlekit's `1` is a 0 here, its `2` a 1
        "binairo", ("binairo",), "binairo",
        lambda header, rows: {"grid": [[None if v == "-" else int(v) - 1 for v in r]
                                       for r in rows]},
        lambda rows: [[int(v) - 1 for v in row] for row in rows], _binairo_text,
        lambda answer: [[str(v + 1) for v in row] for row in answer], _distinct_lines,
        "puzzlekit's Binairo leaves out the rule that no two rows or columns are equal "
        "(its solver says janko's have none), so where a site task needs it, its one answer "
        "is another",
    ),
    Game(
        "loop", ("slitherlink",), "slitherlink", _loop_puzzle, _loop_edges, _loop_text,
        _loop_inside, site_answer=_loop_site_answer,
    ),
    Game(
        "dominosa", ("dominosa",), "dominos", lambda header, rows: {"grid": _grid(rows)},
        _dominoes, lambda puzzle, width, height: _text(
            f"{height} {width}", [[str(v) for v in row] for row in puzzle["grid"]]),
        _domino_ids,
    ),
    Game(
        "hitori", ("hitori",), "hitori", lambda header, rows: {"grid": _grid(rows)},
        lambda rows: _marks(rows, "x"), lambda puzzle, width, height: _text(
            f"{height} {width}", [[str(v) for v in row] for row in puzzle["grid"]]),
        lambda answer: _symbols(answer, "x"),
    ),
    Game(
        "yin-yang", ("yin-yang",), "yin_yang",
        lambda header, rows: {"cells": ["".join(YIN_YANG_CELL[v] for v in r) for r in rows]},
        lambda rows: _marks(rows, "b"), lambda puzzle, width, height: _text(
            f"{height} {width}", [[YIN_YANG_TEXT[ch] for ch in row] for row in puzzle["cells"]]),
        lambda answer: [["b" if v else "w" for v in row] for row in answer],
        site_answer=lambda answer, width, height: [
            [int(ch) for ch in answer[r * width : (r + 1) * width]] for r in range(height)],
    ),
    Game(
        "nurikabe", ("nurikabe",), "nurikabe", _clue_grid, lambda rows: _marks(rows, "x"),
        _clue_text, lambda answer: _symbols(answer, "x"),
    ),
    Game(
        "minesweeper", ("minesweeper",), "minesweeper", _clue_grid,
        lambda rows: _marks(rows, "x"), _clue_text, lambda answer: _symbols(answer, "x"),
        pk_total=True,
    ),
    Game(
        "mosaic", ("mosaic",), "mosaic", _clue_grid, lambda rows: _marks(rows, "x"),
        _clue_text, lambda answer: _symbols(answer, "x"),
    ),
    Game(
        "masyu", ("masyu",), "masyu",
        lambda header, rows: {"cells": ["".join(MASYU_CELL[v] for v in r) for r in rows]},
        _masyu_edges, _masyu_text, _masyu_ways, site_answer=_masyu_site_answer,
    ),
    Game(  # janko's circles on cells, the loop through their centres: the site's lattice
        "shingoki", ("shingoki",), "shingoki",
        lambda header, rows: {"circles": [[None if v == "-" else v.upper() for v in r]
                                          for r in rows]},
        _masyu_edges, lambda puzzle, width, height: _text(  # its size counts points
            f"{height + 1} {width + 1}", [[v.lower() if v else "-" for v in row]
                                          for row in puzzle["circles"]]),
        _masyu_ways,
    ),
    Game(  # puzzlekit's text is the regions alone; its answer names each shaded cell's letter
        "lits", ("lits",), "lits", lambda header, rows: {"regions": _grid(rows)},
        lambda rows: [[int(v != "-") for v in row] for row in rows], _regions_text, None,
        pk_answer_of=_lits_letters,
    ),
    Game(  # decoded: H rows of `-` (no givens), then H rows of region ids
        "norinori", ("norinori",), "norinori",
        lambda header, rows: {"regions": _grid(rows[int(header[0]):])},
        lambda rows: _marks(rows, "x"), lambda puzzle, width, height: _text(
            f"{height} {width}", [["-"] * width] * height,
            [[str(v) for v in row] for row in puzzle["regions"]]),
        lambda answer: _symbols(answer, "x"),
    ),
    Game(  # decoded: the column counts, the row counts, then rows, `x` a tree, `o` a tent
        "tents", ("tents",), "tent",
        lambda header, rows: {"cells": ["".join("T" if v == "x" else "." for v in r)
                                        for r in rows[2:]],
                              "columns": _grid(rows[:1])[0], "rows": _grid(rows[1:2])[0]},
        lambda rows: _marks(rows, "o"), _tents_text, _tents_grid,
    ),
    Game(  # puzzlekit's text: the numbers where they stand (`-` none), then the room ids
        "heyawake", ("heyawake",), "heyawake", _heyawake_puzzle, lambda rows: _marks(rows, "x"),
        _heyawake_text, lambda answer: _symbols(answer, "x"),
    ),
    Game(
        "thermometers", ("thermometers",), "thermometer", _thermometers_puzzle,
        lambda rows: _marks(rows, "x"), _thermometers_text, lambda answer: _symbols(answer, "x"),
    ),
    Game(
        "stitches", ("stitches",), "stitches", _stitches_puzzle,
        lambda rows: ["".join("." if v == "-" else v for v in row) for row in rows],
        lambda puzzle, width, height: _text(
            f"{height} {width}", [["-" if v is None else str(v) for v in puzzle[key]]
                                 for key in ("columns", "rows")],
            [[str(v) for v in row] for row in puzzle["regions"]]),
        lambda answer: [["-" if ch == "." else ch for ch in row] for row in answer],
        pk_takes=lambda puzzle: _stitches_a_pair(puzzle) == 1,
    ),
    Game(
        "kakuro", ("kakuro",), "kakuro",
        lambda header, rows: {"grid": [[_kakuro_cell(v) for v in row] for row in rows]},
        lambda rows: [[0 if v == "-" else int(v) for v in row] for row in rows], _kakuro_text,
        lambda answer: [[str(v) if v else "-" for v in row] for row in answer],
        site_answer=lambda answer, width, height: [
            [0 if ch == "n" else int(ch) for ch in answer[r * width : (r + 1) * width]]
            for r in range(height)],
    ),
    Game(  # janko's `H W N [D]`: N below the side (parks) or D (Latin diagonals) left out
        "skyscrapers", ("skyscrapers",), "skyscraper", _skyscrapers_puzzle, _grid,
        _skyscrapers_text, lambda answer: [[str(v) for v in row] for row in answer],
        reads=lambda header, rows: header[2] == header[0] == header[1] and len(header) == 3,
    ),
    Game(  # the site's tasks and pairs alone; puzzlekit's Pipes does not wrap
        "pipes", ("pipes",), "pipes", lambda header, rows: {}, lambda rows: [], _pipes_text,
        None, pk_takes=lambda puzzle: not puzzle["wrap"], pk_answer_of=_pipes_ways,
        pk_weaker="puzzlekit's Pipes answers half the site's boards with another network than "
        "the site's own (which hashes): its model is not the site's rules; its time is shown",
        site_answer=lambda answer, width, height: [
            [int(ch) for ch in answer[r * width : (r + 1) * width]] for r in range(height)],
    ),
    Game(  # site pairs only: no decoded Tapa or Aquarium in the data; puzzlekit 0.3.4 has
        # no Tapa solver (its formats name the genre, its solvers do not), so puzzlesat alone
        "tapa", ("tapa",), "", lambda header, rows: {}, lambda rows: [], None, None,
    ),
    Game("aquarium", ("aquarium",), "", lambda header, rows: {}, lambda rows: [], None, None),
    Game(
        "battleships", ("battleships",), "battleship", _battleships_puzzle,
        lambda rows: [[int(v != "-") for v in row] for row in rows], _battleships_text,
        _battleships_roles,
    ),
    Game(  # the column sums' line, then the row sums'; `-` no clue
        "kakurasu", ("kakurasu",), "kakurasu", _kakurasu_puzzle,
        lambda rows: _marks(rows, "x"), lambda puzzle, width, height: _text(
            f"{height} {width}", *([["-" if v is None else str(v) for v in puzzle[key]]]
                                   for key in ("columns", "rows"))),
        lambda answer: _symbols(answer, "x"),
        site_answer=lambda answer, width, height: [
            [int(ch) for ch in answer[r * width : (r + 1) * width]] for r in range(height)],
    ),
)


# --------------------------------------------------------------------------- the puzzles


@dataclass
class Puzzle:
    name: str
    board: Any
    answer: list | None  # the known answer as answer JSON; None: puzzlesat's proven one
    site: bool  # a real task or page of the site (the 100 ms promise)


def _kind_name(game: Game) -> str | None:
    return next((name for name in game.kinds if name in KINDS), None)


def _decoded(text: str) -> tuple[list[str], Rows]:
    lines = text.strip().splitlines()
    return lines[0].split(), [line.split() for line in lines[1:]]


def _board(kind: str, puzzle: dict, source: str) -> Any:
    record = {"kind": kind, "source": source, "puzzle": puzzle}
    return board_json.read(Page(source, json.dumps(record)))


def _decoded_puzzles(game: Game, kind: str, folder: Path) -> Iterator[Puzzle]:
    """The decoded puzzles, but those with cells outside the board (`@`, `#`: janko's
    shapes, which no site of the family has and the kinds' board JSON cannot hold) and
    those the data marks malformed (Nurikabe 1134: 10 of its 23 rows, janko's moves for
    its answer)."""
    decoded = folder / "decoded.jsonl"  # Tapa has none: its site pairs alone
    for line in decoded.read_text(encoding="utf-8").splitlines() if decoded.exists() else ():
        entry = json.loads(line)
        header, rows = _decoded(entry["puzzle"])
        if str(entry.get("verified", "")).startswith("FAIL: malformed"):
            print(f"{game.folder} {entry['id']}: skipped: the data marks it malformed "
                  f"({entry['verified']})", file=sys.stderr)
            continue
        if any(cell in OUTSIDE for row in rows for cell in row):
            print(f"{game.folder} {entry['id']}: skipped: cells outside the board",
                  file=sys.stderr)
            continue
        if not game.reads(header, rows):
            print(f"{game.folder} {entry['id']}: skipped: rules puzzlesat's kind does not state",
                  file=sys.stderr)
            continue
        answer = game.answer(_decoded(entry["solution"])[1])
        if not game.keeps(answer):
            print(f"{game.folder} {entry['id']}: skipped: its answer breaks a rule of the site's",
                  file=sys.stderr)
            continue
        board = _board(kind, game.puzzle(header, rows), entry["source"])
        yield Puzzle(entry["id"], board, answer, False)


def _site_puzzles(game: Game, folder: Path) -> Iterator[Puzzle]:
    """The site's real tasks and pages, read by puzzlesat's own reader of the site."""
    genre = puzzle_family.BY_NAME.get(game.folder)
    if genre is None or not genre.supported:
        return
    tasks = folder / "site-tasks.jsonl"
    for line in tasks.read_text(encoding="utf-8").splitlines() if tasks.exists() else ():
        entry = json.loads(line)
        task = puzzle_family.Task(  # a page's `wrap: 1` (Pipes) kept with its task
            genre, entry["task"], entry["width"], entry["height"], entry["source"],
            options={"wrap": int(entry["wrap"])} if "wrap" in entry else {})
        answer = entry.get("answer")
        known = game.site_answer(answer, task.width, task.height) if answer else None
        yield Puzzle(f"task {entry.get('id') or entry['width']}", genre.decode(task), known, True)
    pairs = folder / "site-pairs.jsonl"
    for line in pairs.read_text(encoding="utf-8").splitlines() if pairs.exists() else ():
        entry = json.loads(line)  # a page's task and its own hash: site_check must match
        board = pair_board(genre, entry)  # the board keeps its page's hash (Task.page)
        if kind_of(board).site_answer is None:  # nothing to hash the answer by: the tasks
            print(f"{game.folder}: its pairs left out: puzzlesat does not write the answer "
                  "the site hashes", file=sys.stderr)
            break
        yield Puzzle(f"pair {entry['ident']}", board, None, True)
    for path in sorted((folder / "pages").glob("*.html")):
        board = read_page(Page(str(path), path.read_text(encoding="utf-8")))
        yield Puzzle(path.name.split("-page")[0], board, None, True)


def puzzles_of(game: Game, kind: str, data: Path) -> list[Puzzle]:
    folder = data / "genres" / game.folder
    return [*_decoded_puzzles(game, kind, folder), *_site_puzzles(game, folder)]


# --------------------------------------------------------------------------- the solvers


def run_puzzlesat(puzzle: Puzzle) -> tuple[float, Status, list | None, str]:
    """(seconds, status, the answer as answer JSON, what is wrong or "") of one solve and
    check. A puzzle of the data with several answers is no fault of the solver's, provided
    the known answer is one of them (its row says `multiple`)."""
    cold(puzzle.board)
    gc.collect()  # untimed: no side pays for collecting what the other left (module doc)
    start = time.perf_counter()
    result = solve(puzzle.board)
    seconds = time.perf_counter() - start
    answers = [kind_of(puzzle.board).answer_json(answer) for answer in result.solutions]
    wrong = ""
    if result.status not in (Status.UNIQUE, Status.MULTIPLE):
        wrong = f"status {result.status.value}"
    elif result.status is Status.UNIQUE and puzzle.answer not in (None, answers[0]):
        wrong = "a different answer"
    elif getattr(puzzle.board, "hashed_solution", None) and result.site_check != "match":
        wrong = f"site_check {result.site_check}"
    return seconds, result.status, answers[0] if answers else None, wrong


def cold(board: Any) -> None:
    """The caches of the board's kind module emptied (a Kakuro's runs and digits, a Killer
    Sudoku's cages, kept for one board between encode, decode and the checker), so that a
    repeat times a whole solve, not one that finds its board's work done. Tables shared by
    every board (digit sets) stay warm, as after the warm-up."""
    module = type(board).__module__
    for value in vars(sys.modules[module]).values():
        if getattr(value, "__module__", None) == module and hasattr(value, "cache_clear"):
            value.cache_clear()


def puzzlekit_api() -> Any:
    """puzzlekit's solve, parser registry and verifier, or None where it is not installed."""
    try:
        import puzzlekit
        from puzzlekit.core.grid import Grid
        from puzzlekit.parsers.registry import get_parser
        from puzzlekit.verifiers import grid_verifier
    except ImportError:
        return None
    return puzzlekit.solve, get_parser, grid_verifier, Grid


def run_puzzlekit(api: Any, name: str, text: str, expected: Rows) -> tuple[float, str]:
    """(seconds, what is wrong or "") of puzzlekit's default solve of its `text` and its
    verifier against `expected`; its parse is before the clock starts."""
    solve_pk, get_parser, verify, grid = api
    parsed = get_parser(name)(text)
    gc.collect()  # as run_puzzlesat
    start = time.perf_counter()
    result = solve_pk(dict(parsed), name)
    ok = result.is_solved and verify(name, result.sol_grid, grid(expected))
    return time.perf_counter() - start, "" if ok else f"puzzlekit: {result.solution_data['status']}"


def _serve_puzzlekit(conn: Connection) -> None:
    """The child's loop: a job (puzzlekit's name, text, expected grid) in, run_puzzlekit's
    (seconds, what is wrong) out, until None. Its imports are done before the first job."""
    api = puzzlekit_api()
    conn.send(api is not None)
    while (job := conn.recv()) is not None:
        try:
            conn.send(run_puzzlekit(api, *job))
        except Exception as error:  # puzzlekit's own fault on one text: said, not fatal
            conn.send((0.0, f"puzzlekit raised {type(error).__name__}: {error}"))


class PuzzlekitChild:
    """puzzlekit's solves in a child process, each given `limit` seconds: one that runs
    past it is killed with its child (CP-SAT cannot be stopped from outside otherwise) and
    counted as past the limit, and the next job starts a fresh child. Its time is taken in
    the child, around the solve alone, as in this process."""

    def __init__(self, limit: float) -> None:
        self.limit = limit
        self.process: BaseProcess | None = None
        self.conn: Connection | None = None
        self.warm_job: tuple[str, str, Rows] | None = None  # the game's first, run untimed
        self.warm = False  # whether this child has run it

    def warm_up(self, job: tuple[str, str, Rows]) -> None:
        """Run the game's first job once untimed in each new child (the solver's module,
        CP-SAT's first call): after a kill too, so no timed solve pays for it."""
        if self.warm_job is None:
            self.warm_job = job
        if not self.warm:
            self.warm = True
            self.solve(*self.warm_job)

    def _start(self) -> Connection:
        context = multiprocessing.get_context("fork")  # the child has the imports already
        ours, theirs = context.Pipe()
        self.process = context.Process(target=_serve_puzzlekit, args=(theirs,), daemon=True)
        self.process.start()
        if not ours.recv():
            raise RuntimeError(f"puzzlekit is not importable in the child ({INSTALL})")
        self.conn = ours
        return ours

    def solve(self, name: str, text: str, expected: Rows) -> tuple[float | None, str]:
        """(seconds or None past the limit, what is wrong or "")."""
        conn = self.conn or self._start()
        conn.send((name, text, expected))
        if conn.poll(self.limit):
            return conn.recv()
        self.close(kill=True)
        return None, ""

    def close(self, kill: bool = False) -> None:
        if self.process is None or self.conn is None:
            return
        if kill:
            self.process.kill()
        else:
            self.conn.send(None)
        self.process.join()
        self.conn.close()
        self.process, self.conn, self.warm = None, None, False


# --------------------------------------------------------------------------- the table


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"


def _pk_job(game: Game, puzzle: Puzzle, answer: list) -> tuple[str, str, Rows] | None:
    """puzzlekit's name, text and expected grid for one puzzle, or None where it takes no
    part (said on stderr): a puzzle with several answers, a Star Battle page without its
    k, rules not puzzlekit's, no solver."""
    record = board_record(puzzle.board)
    if not game.puzzlekit:
        return None
    if record["puzzle"].get("stars", 0) is None:  # a page that does not say k
        print(f"{game.folder} {puzzle.name}: puzzlekit needs the star count, which the "
              "page does not say", file=sys.stderr)
        return None
    if not game.pk_takes(record["puzzle"]):
        print(f"{game.folder} {puzzle.name}: puzzlekit's rules are not this puzzle's: "
              "left out", file=sys.stderr)
        return None
    text = game.pk_text(record["puzzle"], record["width"], record["height"])
    if game.pk_total:
        head, _, rest = text.partition("\n")
        text = f"{head} {sum(map(sum, answer))}\n{rest}"
    known = puzzle.answer or answer
    expected = (game.pk_answer_of(known, record["puzzle"]) if game.pk_answer_of
                else game.pk_answer(known))
    return game.puzzlekit, text, expected


def bench_game(game: Game, data: Path, repeat: int, child: PuzzlekitChild | None,
               skip: frozenset[str] = frozenset()) -> dict | None:
    """Each puzzle of the game solved by puzzlesat, then by puzzlekit (in `child`, within
    its limit), in turns `repeat` times: a loaded machine slows the two alike. A puzzlekit
    solve past the limit is not run again and counts at the limit (`pk_over`)."""
    kind = _kind_name(game)
    if kind is None:
        print(f"{game.folder}: skipped: puzzlesat has no kind for it yet", file=sys.stderr)
        return None
    puzzles = []
    for puzzle in puzzles_of(game, kind, data):
        if puzzle.name in skip:
            print(f"{game.folder} {puzzle.name}: left out (--skip)", file=sys.stderr)
        else:
            puzzles.append(puzzle)
    if child is not None and not game.puzzlekit:
        print(f"{game.folder}: puzzlekit has no solver for it: puzzlesat alone", file=sys.stderr)
    rows, wrong = [], []
    if child is not None:
        child.warm_job, child.warm = None, False
    run_puzzlesat(puzzles[0])  # the warm-up
    for puzzle in puzzles:
        record = board_record(puzzle.board)
        seconds, status, answer, bad = run_puzzlesat(puzzle)
        times, pk, job = [seconds], [], None
        if status is Status.MULTIPLE:  # puzzlekit's one answer cannot be checked against one
            print(f"{game.folder} {puzzle.name}: the data's puzzle has several answers",
                  file=sys.stderr)
        elif child is not None and answer is not None:
            job = _pk_job(game, puzzle, answer)
        if job is not None:
            child.warm_up(job)
        for turn in range(repeat):
            if turn:
                times.append(run_puzzlesat(puzzle)[0])
            if job is not None and not (pk and pk[-1][0] is None):
                pk.append(child.solve(*job))
        if bad:
            wrong.append(f"{puzzle.name}: {bad}")
        row = {"name": puzzle.name, "size": f"{record['width']}x{record['height']}",
               "site": puzzle.site, "status": status.value, "puzzlesat": min(times)}
        if pk:
            row.update(_pk_row(game, puzzle, pk, child.limit if child else 0.0, wrong))
        rows.append(row)
        theirs = ("" if "puzzlekit" not in row else
                  f", puzzlekit {'> ' if row['pk_over'] else ''}{_ms(row['puzzlekit'])} ms")
        print(f"{game.folder} {puzzle.name}: {_ms(row['puzzlesat'])} ms{theirs}", file=sys.stderr)
    return {"game": game.folder, "kind": kind, "rows": rows, "wrong": wrong}


def _pk_row(game: Game, puzzle: Puzzle, pk: list[tuple[float | None, str]], limit: float,
            wrong: list[str]) -> dict:
    """puzzlekit's figures of one puzzle: its best time (the limit where it ran past it),
    and its first answer judged: a weaker rule of its (the game's note) or a fault."""
    done = [seconds for seconds, _ in pk if seconds is not None]
    over = not done
    bad = next((bad for _, bad in pk if bad), "")
    if bad and game.pk_weaker:
        print(f"{game.folder} {puzzle.name}: puzzlekit's answer is another: {game.pk_weaker}",
              file=sys.stderr)
    elif bad:
        wrong.append(f"{puzzle.name}: {bad}")
    if over:
        print(f"{game.folder} {puzzle.name}: puzzlekit ran past {limit:g} s: killed",
              file=sys.stderr)
    return {"puzzlekit": limit if over else min(done), "pk_over": over, "pk_other": bool(bad)}


def summary(result: dict) -> dict:
    rows = result["rows"]
    ours = [row["puzzlesat"] for row in rows]
    out = {"game": result["game"], "puzzles": len(rows),
           "multiple": sum(row["status"] == "multiple" for row in rows),
           "puzzlesat_median": statistics.median(ours), "puzzlesat_worst": max(ours),
           "site_worst": max((r["puzzlesat"] for r in rows if r["site"]), default=None)}
    compared = [row for row in rows if "puzzlekit" in row]
    if compared:  # a solve past the limit counts at it: its ratio, and a median, at least
        theirs = [row["puzzlekit"] for row in compared]
        ratios = [row["puzzlekit"] / row["puzzlesat"] for row in compared]
        least = min(range(len(compared)), key=ratios.__getitem__)
        out.update(puzzlekit_median=statistics.median(theirs), puzzlekit_worst=max(theirs),
                   ratio_median=statistics.median(ratios), ratio_least=ratios[least],
                   faster=sum(ratio > 1 for ratio in ratios), compared=len(compared),
                   pk_over=sum(row.get("pk_over", False) for row in compared),
                   least_over=compared[least].get("pk_over", False),
                   pk_other=sum(row.get("pk_other", False) for row in compared))
    return out


def print_table(results: list[dict]) -> None:
    head = ("game", "n", "ours med", "ours worst", "site worst", "pk med", "pk worst",
            "ratio med", "ratio least", "faster", "pk > limit", "pk other")
    print(" | ".join(head))
    for result in results:
        s = summary(result)
        cells = [s["game"], str(s["puzzles"]), _ms(s["puzzlesat_median"]),
                 _ms(s["puzzlesat_worst"]),
                 _ms(s["site_worst"]) if s["site_worst"] is not None else "-"]
        if "puzzlekit_median" in s:
            at_least = ">=" if s["pk_over"] else ""
            cells += [at_least + _ms(s["puzzlekit_median"]), at_least + _ms(s["puzzlekit_worst"]),
                      f"{at_least}{s['ratio_median']:.1f}",
                      f"{'>=' if s['least_over'] else ''}{s['ratio_least']:.2f}",
                      f"{s['faster']}/{s['compared']}", str(s["pk_over"]), str(s["pk_other"])]
        else:
            cells += ["-"] * 7
        print(" | ".join(cells))
    print("milliseconds, best of the repeats; ratio = puzzlekit / puzzlesat, per puzzle (not on"
          " a puzzle of the data with several answers); a puzzlekit solve past --puzzlekit-timeout"
          " counts at the limit (>=); pk other: its answer not the known one")


# --------------------------------------------------------------------------- the site pairs


# Games whose pages are on another game's host, read by that game's module (which tells them
# apart by the page's ident): their pairs are run with it.
ON_HOST_OF = {"futoshiki": ("renzoku",), "minesweeper": ("mosaic",),
              "binairo": ("binairo-plus",)}


def site_pairs(genre: puzzle_family.Genre, data: Path) -> list[dict]:
    """The real pairs the site saved for `genre` (and the games on its host), as their
    `site-pairs.jsonl` hold them; none where the data has no such file (Shakashaka: no
    page has shown its text)."""
    out = []
    for folder in (genre.name, *ON_HOST_OF.get(genre.name, ())):
        path = data / "genres" / folder / "site-pairs.jsonl"
        if path.exists():
            out += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return out


def pair_board(genre: puzzle_family.Genre, pair: dict) -> Any:
    """The board of a pair as a page of it reads: its task decoded by the game's own
    `decode`, which keeps its page's hash and task (what is checked after solving). A save
    that kept no size (a dated special's) is read at every shape to 60x60 its task fills:
    the one whose answer hashes to the page's is the shape the page gave."""
    if pair["width"] is not None:
        return _pair_at(genre, pair, pair["width"], pair["height"])
    for width, height in ((w, h) for w in range(1, 61) for h in range(1, 61)):
        try:
            board = _pair_at(genre, pair, width, height)
        except ParseError:
            continue
        if solve(board).site_check == MATCH:
            return board
    raise ValueError(f"no shape of {pair['ident']}'s task hashes to its page's")


def _pair_at(genre: puzzle_family.Genre, pair: dict, width: int, height: int) -> Any:
    slug, _, code = pair["ident"].rpartition(".")  # `star-battle.special` has no number
    task = puzzle_family.Task(
        genre, pair["task"], width, height, f"{pair.get('origin', '')} {pair['ident']}",
        puzzle_id=(pair.get("puzzle_id") or "").replace(",", "") or None,
        size=int(code) if code.isdigit() else None, hashed_solution=pair["hashedSolution"],
        script_names=(slug,),
    )
    return genre.decode(task)


def solve_pair(genre: puzzle_family.Genre, pair: dict, repeat: int) -> tuple[float, float, str]:
    """(the best of `repeat` in-process solves in wall time, and in CPU time, what is wrong
    or ""): a pair is right when its answer is unique and hashes to its page's
    `hashedSolution`; where the pair knows the site's text, a wrong one names where the
    text first differs. `solve(board)` alone races nothing, so its CPU time is this
    process's: the steadier figure on a loaded machine."""
    board = pair_board(genre, pair)
    walls, cpus = [], []
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        result = solve(board)
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
    if result.status is not Status.UNIQUE:
        return min(walls), min(cpus), f"status {result.status.value}"
    if result.site_check == MATCH:
        return min(walls), min(cpus), ""
    text = answer_text(board, result.solutions, kind_of(board).site_answer)
    if text is None:
        return min(walls), min(cpus), "site_check unknown: the text this board hashes is not known"
    known = pair.get("answer") or ""
    at = len(os.path.commonprefix([text, known]))
    return min(walls), min(cpus), (
        f"site_check {result.site_check}; the text differs from the pair's at offset {at} "
        f"({len(text)} against {len(known)} characters)")


def bench_site_pairs(genre: puzzle_family.Genre, data: Path, repeat: int) -> dict:
    pairs = site_pairs(genre, data)
    if pairs:
        solve(pair_board(genre, pairs[0]))  # the warm-up: imports and caches
    times, cpus, wrong = [], [], []
    for pair in pairs:
        seconds, cpu, bad = solve_pair(genre, pair, repeat)
        times.append(seconds)
        cpus.append(cpu)
        name = f"{pair['ident']} {pair['width']}x{pair['height']} #{pair.get('puzzle_id') or '-'}"
        if bad:
            wrong.append(f"{genre.name} {name}: {bad}")
        print(f"{genre.name} {name}: {_ms(seconds)} ms{' ' + bad if bad else ''}",
              file=sys.stderr)
    largest = max(pairs, key=lambda pair: (pair["width"] or 0) * (pair["height"] or 0),
                  default=None)
    return {"game": genre.name, "pairs": len(pairs), "matched": len(pairs) - len(wrong),
            "median": statistics.median(times) if times else None,
            "worst": max(times, default=None),
            "cpu_median": statistics.median(cpus) if cpus else None,
            "cpu_worst": max(cpus, default=None), "wrong": wrong,
            "largest": f"{largest['width']}x{largest['height']}" if largest else "-"}


def print_pairs_table(results: list[dict]) -> None:
    print("game | pairs | matched | median ms | worst ms | CPU median | CPU worst | largest")
    for r in results:
        times = [_ms(r[key]) if r[key] is not None else "-"
                 for key in ("median", "worst", "cpu_median", "cpu_worst")]
        print(" | ".join([r["game"], str(r["pairs"]), str(r["matched"]), *times, r["largest"]]))
    print("matched: unique and md5(task + the kind's site_answer) is the page's hashedSolution;"
          " milliseconds in process, best of the repeats (wall, then CPU)")


def run_site_pairs(args: argparse.Namespace, wanted: set[str] | None) -> list[dict]:
    games = [g for g in puzzle_family.GENRES if g.supported and (not wanted or g.name in wanted)]
    results = [bench_site_pairs(genre, args.data, args.repeat) for genre in games]
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        print_pairs_table(results)
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="games to run, comma-separated (folder names)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per puzzle and side (best)")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--json", action="store_true", help="every puzzle's figures as JSON")
    parser.add_argument("--site-pairs", action="store_true",
                        help="every real site pair of the games read, checked against its hash")
    parser.add_argument("--puzzlekit-timeout", type=float, default=20.0, metavar="SECONDS",
                        help="puzzlekit's limit a solve (its child killed past it; default 20)")
    parser.add_argument("--skip", default="", metavar="NAMES",
                        help="puzzles left out by the name the table gives them, comma-"
                        "separated (a hard one timed apart: puzzlesat's side has no limit)")
    args = parser.parse_args()
    wanted = set(args.only.split(",")) if args.only else None
    skip = frozenset(filter(None, args.skip.split(",")))
    if args.site_pairs:
        return _verdict(run_site_pairs(args, wanted))
    child = PuzzlekitChild(args.puzzlekit_timeout) if puzzlekit_api() is not None else None
    if child is None:
        print(f"puzzlekit is not installed: puzzlesat alone ({INSTALL})", file=sys.stderr)
    try:
        results = [
            result
            for game in GAMES
            if wanted is None or game.folder in wanted
            if (result := bench_game(game, args.data, args.repeat, child, skip)) is not None
        ]
    finally:
        if child is not None:
            child.close()
    if args.json:
        print(json.dumps([{**r, "summary": summary(r)} for r in results], indent=1))
    else:
        print_table(results)
    return _verdict(results)


def _verdict(results: list[dict]) -> int:
    """1 if any answer was wrong, each named on stderr; else 0."""
    wrong = [line for result in results for line in result["wrong"]]
    for line in wrong:
        print(f"WRONG {line}", file=sys.stderr)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
