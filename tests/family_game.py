"""What the tests of a family game share. Its real pairs (../shared/data/genres/<game>/
site-pairs.jsonl: a page's task and its own `hashedSolution`), each read by the game's
reader and solved: the answer must be the only one and hash, by the text the test gives
(written apart from the package), to the page's hash. The data has no licence: read from
../shared, never copied here. And a page whose task is faulty: exit 65, one line."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from conftest import SHARED_DATA, streams

from puzzlesat.cli import main
from puzzlesat.core import Status
from puzzlesat.solve import solve
from puzzlesat.sources.puzzle_family import BY_NAME, Task


def pairs(game: str) -> list[dict]:
    path = SHARED_DATA / "genres" / game / "site-pairs.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def board_of(game: str, pair: dict) -> Any:
    genre = BY_NAME[game]
    return genre.decode(Task(genre, pair["task"], pair["width"], pair["height"], "site pair",
                             hashed_solution=pair["hashedSolution"]))


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
