"""What the tests of a family game share. Its real pairs (../shared/data/genres/<game>/
site-pairs.jsonl: a page's task and its own `hashedSolution`), each read by the game's
reader and solved: the answer must be the only one and hash, by the text the test gives
(written apart from the package), to the page's hash. The data has no licence: read from
../shared, never copied here. A page whose task is faulty: exit 65, one line. And the
brute force of the games that mark cells: every grid of 0/1 tried, against the solver."""

from __future__ import annotations

import hashlib
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from itertools import product
from pathlib import Path
from typing import Any

from conftest import SHARED_DATA, streams, written

from puzzlesat.cli import main
from puzzlesat.core import Status
from puzzlesat.solve import solve
from puzzlesat.sources.puzzle_family import BY_NAME, Task


def pairs(game: str) -> list[dict]:
    path = SHARED_DATA / "genres" / game / "site-pairs.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def board_of(game: str, pair: dict) -> Any:
    """The pair's board as its page reads: its ident's size code and slug (`pipes.11`)."""
    genre = BY_NAME[game]
    slug, _, code = pair["ident"].rpartition(".")
    return genre.decode(Task(genre, pair["task"], pair["width"], pair["height"], "site pair",
                             size=int(code) if code.isdigit() else None,
                             hashed_solution=pair["hashedSolution"], script_names=(slug,)))


def solves_to_its_hash(game: str, pair: dict, text: Callable[[Any], str]) -> None:
    """The pair's one answer is the page's: the product's site check and the test's own."""
    result = solve(board_of(game, pair))
    assert result.status is Status.UNIQUE, pair["ident"]
    assert result.site_check == "match", pair["ident"]
    digest = hashlib.md5((pair["task"] + text(result.solutions[0])).encode()).hexdigest()
    assert digest == pair["hashedSolution"], pair["ident"]


def task_refused(page: Path, task: str, folder: Path) -> str:
    """The error of `page` with its task made `task` (saved in `folder`), which must be
    exit 65 in one line."""
    path = folder / "page.html"
    path.write_text(re.sub(r"var task = '[^']*'", f"var task = '{task}'", page.read_text()),
                    encoding="utf-8")
    env = streams()
    assert main(["solve", str(path)], env=env) == 65
    err = env.stderr.getvalue()
    assert err.count("\n") == 1, err
    return err


def every_answer(board: Any, is_solution: Callable[[Any, Any], bool]) -> list:
    """Every grid of 0/1 the size of `board` that `is_solution` takes."""
    h, w = board.height, board.width
    grids = (tuple(tuple(bits[r * w : (r + 1) * w]) for r in range(h))
             for bits in product((0, 1), repeat=h * w))
    return [answer for answer in grids if is_solution(board, answer)]


def agrees_with_brute_force(board: Any, is_solution: Callable[[Any, Any], bool]) -> None:
    """The solver's status is the brute force's, and its answers are among its answers."""
    every = every_answer(board, is_solution)
    result = solve(board)
    assert result.status is (Status.NONE, Status.UNIQUE, Status.MULTIPLE)[min(len(every), 2)]
    assert all(answer in every for answer in result.solutions)


def solves_every_decoded_puzzle(game: str, board: Callable[[list[list[str]]], Any],
                                answer: Callable[[list[list[str]]], Any], every: int = 3,
                                height: Callable[[list[list[str]]], int] = len) -> None:
    """A sample of the game's decoded puzzles (../shared/data/genres/<game>/decoded.jsonl:
    `H W` then rows of tokens, puzzle and solution alike) solve to their known answers;
    `board` and `answer` read the rows of tokens. `height`: the rows of an answer, from the
    puzzle's rows (as many, but for a puzzle of clue lines: Kakurasu's). The bench runs
    them all."""
    lines = (SHARED_DATA / "genres" / game / "decoded.jsonl").read_text().splitlines()
    for entry in map(json.loads, lines[::every]):
        rows, known = ([line.split() for line in entry[key].strip().splitlines()[1:]]
                       for key in ("puzzle", "solution"))
        known = known[: height(rows)]  # some solutions run on with a record of moves
        result = solve(board(rows))
        assert result.status is Status.UNIQUE, entry["id"]
        assert result.solutions[0] == answer(known), entry["id"]


def round_trip(page: Path, folder: Path) -> dict:
    """Board JSON's "puzzle" of `page` (`parse`), after that board JSON, saved in `folder`,
    solved again to the page's hash."""
    env = streams()
    assert main(["parse", str(page)], env=env) == 0
    path = folder / "board.json"
    path.write_text(written(env), encoding="utf-8")
    again = streams()
    assert main(["solve", str(path), "--json"], env=again) == 0
    assert json.loads(written(again))["site_check"] == "match"
    return json.loads(written(env))["puzzle"]


def board_json_refused(kind: str, puzzle: dict, folder: Path) -> str:
    """The error of board JSON of `kind` holding `puzzle`, which must be exit 65."""
    path = folder / "board.json"
    path.write_text(json.dumps({"kind": kind, "puzzle": puzzle}), encoding="utf-8")
    env = streams()
    assert main(["solve", str(path)], env=env) == 65
    return env.stderr.getvalue()


def fits_80_columns(board: Any, long_lines: int, longest: int) -> Any:
    """`board` solved and drawn full, in ASCII and compact at 80 columns: no line over 80
    (never cropped either: at least `long_lines` lines of `longest` columns or more).
    The result, for more checks."""
    from puzzlesat.drawing import Style
    from puzzlesat.render import plain_text

    result = solve(board)
    for style in (Style(width=80, colour=False), Style(width=80, colour=False, ascii=True),
                  Style(width=80, compact=True, colour=False)):
        lines = plain_text(board, result, style).splitlines()
        assert all(len(line) <= 80 for line in lines)
        assert sum(len(line) >= longest for line in lines) >= long_lines
    return result


def fixture_page_solves(page: Path, kind: str) -> None:
    """The fixture `page` solves to one answer, the one its folder's index.json holds, and
    to its hash."""
    (entry,) = json.loads((page.parent / "index.json").read_text(encoding="utf-8"))
    env = streams()
    assert main(["solve", str(page), "--json"], env=env) == 0
    out = json.loads(written(env))
    assert out["kind"] == kind and out["status"] == "unique"
    assert out["site_check"] == "match" and out["site_answer"] == entry["answer"]


def pictured(svg: str, css: str) -> tuple[list[ET.Element], Callable[[float, float], tuple]]:
    """The elements of an SVG picture classed `css`, and the cell (row, column) a point of
    the picture is in (the grid's ground is the rect classed "grid"; a cell 24 px)."""
    root = ET.fromstring(svg)
    found = [e for e in root.iter() if e.get("class") == css]
    ground = next(e for e in root.iter() if e.get("class") == "grid")
    x0, y0 = float(ground.get("x")), float(ground.get("y"))
    return found, lambda x, y: (int((y - y0) // 24), int((x - x0) // 24))
