"""Every puzzle of ../shared/data, written in every format that can hold it, reads back to the
same board, and is recognised as that format by its content alone. A format that cannot
hold a board says so (UnsupportedPuzzle, exit 65), never writes something else.

The 49,158 17-clue Sudokus alone would take minutes in every format: CI takes every 25th of
them (and recognises a sample of each format's texts); PUZZLESAT_EVERY_PUZZLE=1 takes all."""

from __future__ import annotations

import json
import os
from collections import Counter
from functools import cache

import pytest
from conftest import SHARED_DATA
from test_format_tatham import TASK_FILES, task_boards

from puzzlesat import load
from puzzlesat.core import Page, UnsupportedPuzzle
from puzzlesat.formats import FORMATS
from puzzlesat.kinds import kind_of
from puzzlesat.kinds.dominosa import Dominosa
from puzzlesat.kinds.nonogram.board import from_json as nonogram_from_json
from puzzlesat.sources import puzzle_family

needs_data = pytest.mark.skipif(not SHARED_DATA.exists(), reason="../shared/data is not there")
READ_WRITE = [fmt for fmt in FORMATS if fmt.read is not None]
FILES = [
    *sorted((SHARED_DATA / "nonogram").glob("*/*.non")),
    *sorted((SHARED_DATA / "nonogram").glob("*/*.nin")),
    *sorted((SHARED_DATA / "nonogram" / "taai").glob("*.question.txt")),
    *sorted((SHARED_DATA / "seed-book").glob("*")),
    *sorted((SHARED_DATA / "sudoku").glob("*.txt")),
]


EVERY_PUZZLE = os.environ.get("PUZZLESAT_EVERY_PUZZLE") == "1"
SEVENTEEN = "puzzles2_17_clue.txt"
# every puzzle of these is read (and checked against its count); a sample round-trips, unless
# PUZZLESAT_EVERY_PUZZLE=1: their thousands of puzzles share one shape and one notation
SAMPLED = {SEVENTEEN: 25, "taai2011.question.txt": 10, "icga2017.question.txt": 10}


@cache
def corpus() -> tuple:
    """(name, board) of every puzzle of the shared data, read as a user's files are."""
    out = []
    for path in FILES:
        loaded = load.load(str(path), load.LoadOptions())
        boards = enumerate((loaded.board, *loaded.more), 1)
        step = 1 if EVERY_PUZZLE else SAMPLED.get(path.name, 1)
        out += [(f"{path.name}#{n}", board) for n, board in boards if n % step == 0]
    for line in (SHARED_DATA / "nonogram" / "colour" / "colour-set.jsonl").open():
        entry = json.loads(line)
        out.append((entry["name"], nonogram_from_json(entry, "")))
    for path in TASK_FILES:
        out += [(f"{path.name}:{n}", b) for n, (_, b) in enumerate(task_boards(path), 1)]
    for path in sorted((SHARED_DATA / "genres" / "light-up" / "pages").glob("*.html")):
        out.append((path.name, load.load(str(path), load.LoadOptions()).board))
    out += site_boards("binairo", "site-tasks")
    out += site_boards("tents", "site-pairs")  # Tatham holds Tents: the site's real tasks
    out += loop_tasks()
    out += site_boards("bridges", "site-tasks")  # Tatham holds these: the site's real tasks
    out += site_boards("pipes", "site-pairs") + site_boards("galaxies", "site-pairs")
    for line in (SHARED_DATA / "genres" / "dominosa" / "decoded.jsonl").open():
        entry = json.loads(line)  # Tatham holds Dominosa: the decoded boards of the data
        _, *rows = entry["puzzle"].strip().splitlines()
        grid = tuple(tuple(int(v) for v in row.split()) for row in rows)
        out.append((f"dominosa {entry['id']}", Dominosa(grid, source=entry["source"])))
    for game in ("skyscrapers", "futoshiki", "hitori"):  # Tatham's Towers, Unequal, Singles
        out += site_boards(game, "site-pairs")
    return tuple(out + renzoku_tasks())


def site_boards(game: str, saved: str) -> list:
    """(name, board) of every real task of a family game the shared data saved."""
    genre = puzzle_family.BY_NAME[game]
    out = []
    for n, line in enumerate((SHARED_DATA / "genres" / game / f"{saved}.jsonl").open(), 1):
        entry = json.loads(line)
        task = puzzle_family.Task(genre, entry["task"], entry["width"], entry["height"], "",
                                  options={"wrap": entry["wrap"]} if "wrap" in entry else {})
        out.append((f"{game} task {n}", genre.decode(task)))
    return out


def loop_tasks() -> list:
    """The first real puzzle-loop.com task of each size code (Slitherlink, for Loopy IDs)."""
    from puzzlesat.sources.puzzle_family import BY_NAME, Task

    seen, out = set(), []
    for line in (SHARED_DATA / "genres" / "loop" / "site-tasks.jsonl").open():
        entry = json.loads(line)
        if entry["iterator"] not in seen:
            seen.add(entry["iterator"])
            task = Task(BY_NAME["loop"], entry["task"], entry["width"], entry["height"], "-")
            out.append((f"loop:{entry['id']}", BY_NAME["loop"].decode(task)))
    return out


def renzoku_tasks() -> list:
    """(name, board) of every real Renzoku task (Tatham's Unequal in its Adjacent mode):
    pages of Futoshiki's host whose script names Renzoku."""
    genre, out = puzzle_family.BY_NAME["futoshiki"], []
    for n, line in enumerate((SHARED_DATA / "genres" / "renzoku" / "site-pairs.jsonl").open(), 1):
        entry = json.loads(line)
        task = puzzle_family.Task(genre, entry["task"], entry["width"], entry["height"], "",
                                  script_names=("renzoku",))
        out.append((f"renzoku task {n}", genre.decode(task)))
    return out


def same(board) -> dict:
    """What a round trip must keep: the kind and the kind's own puzzle."""
    return {"kind": board.kind, "puzzle": kind_of(board).to_json(board)}


@needs_data
@pytest.mark.parametrize("fmt", READ_WRITE, ids=lambda fmt: fmt.name)
def test_every_puzzle_round_trips_through_every_format_that_holds_it(fmt):
    held: Counter = Counter()
    refused: Counter = Counter()
    for at, (name, board) in enumerate(corpus()):
        if fmt.kinds and board.kind not in fmt.kinds:
            continue
        try:
            text = fmt.write(board)
        except UnsupportedPuzzle as why:
            refused[board.kind] += 1
            assert str(why), name
            continue
        page = Page(source=name, text=text)
        if EVERY_PUZZLE or board.kind != "sudoku" or at % 50 == 0:
            assert load.recognise(text) is fmt, name
        again = fmt.read(page)
        assert same(again) == same(board), f"{fmt.name}: {name}"
        held[board.kind] += 1
    assert held, f"{fmt.name} held no puzzle of the shared data"
    # what each format must hold: the kinds it names, black and white at the least
    for kind in fmt.kinds or ("nonogram", "shikaku", "sudoku"):
        assert held[kind] > 0, f"{fmt.name} held no {kind}"


@needs_data
def test_the_corpus_is_the_whole_shared_data():
    kinds = Counter(board.kind for _, board in corpus())
    tournaments = 2_000 if EVERY_PUZZLE else 200  # TAAI and ICGA, every tenth
    assert kinds["nonogram"] >= tournaments + 14 + 4  # the survey, the colour set
    assert kinds["shikaku"] == 2 and kinds["sudoku"] > (50_000 if EVERY_PUZZLE else 4_000)
