"""Skyscrapers of puzzle-skyscrapers.com: the kind on grid/latin.py, the family game.

Every real pair of the shared data (../shared/data/genres/skyscrapers, read from there)
solves, uniquely, to the answer its page's own hashedSolution names; the rules agree with
brute force on small boards; a task's fault is exit 65 naming its offset.
"""

from __future__ import annotations

import hashlib
import json
import random
from itertools import permutations, product

import pytest
from conftest import SHARED_DATA, streams, written
from family_game import pictured

from puzzlesat.cli import main
from puzzlesat.core import Status
from puzzlesat.drawing import Style
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.skyscrapers import Skyscrapers, is_solution, seen_from
from puzzlesat.solve import solve
from puzzlesat.sources.puzzle_family import BY_NAME, Task

PAIRS = SHARED_DATA / "genres" / "skyscrapers" / "site-pairs.jsonl"
KIND = kind_named("skyscrapers")


def pairs() -> list[dict]:
    return [json.loads(line) for line in PAIRS.read_text(encoding="utf-8").splitlines()]


def page(task: str, n: int, hashed: str = "") -> str:
    """A family page of puzzle-skyscrapers.com around `task` (its script on one line)."""
    check = f"hashedSolution: '{hashed}', " if hashed else ""
    return (
        '<html><head><link rel="canonical" href="https://www.puzzle-skyscrapers.com/">'
        f"</head><body><div id=\"game\"></div><script>var task = '{task}'; "
        "$(document).ready(function(){ Game = $('#game').skyscrapers({ ident: 'skyscrapers.4'"
        f" , task: task, {check}puzzleWidth: {n}, puzzleHeight: {n} }}).initGame(); }});"
        "</script></body></html>"
    )


def test_every_real_pair_solves_to_its_pages_hash():
    for pair in pairs():
        task = Task(genre=BY_NAME["skyscrapers"], task=pair["task"], width=pair["width"],
                    height=pair["height"], source="saved",
                    hashed_solution=pair["hashedSolution"])
        result = solve(BY_NAME["skyscrapers"].decode(task))
        assert (result.status, result.site_check) == (Status.UNIQUE, "match")
        digits = "".join(str(v) for row in result.solutions[0] for v in row)
        assert hashlib.md5((pair["task"] + digits).encode()).hexdigest() == pair["hashedSolution"]
        assert pair["answer"] in (None, digits)


def test_a_page_solves_through_the_cli(tmp_path):
    pair = min(pairs(), key=lambda p: p["width"])
    path = tmp_path / "page.html"
    path.write_text(page(pair["task"], pair["width"], pair["hashedSolution"]))
    env = streams()
    assert main(["solve", "--json", str(path)], env=env) == 0
    out = json.loads(written(env))
    assert (out["kind"], out["status"], out["site_check"]) == ("skyscrapers", "unique", "match")


def test_seen_from_counts_what_tops_the_tallest_before():
    lines = ([1, 2, 3], [3, 2, 1], [2, 1, 3], [2, 3, 1])
    assert [seen_from(line) for line in lines] == [3, 1, 2, 2]


@pytest.mark.parametrize("seed", range(16))
def test_the_rules_agree_with_brute_force(seed):
    rng = random.Random(seed)
    n = 3 if seed % 4 else 4
    grid = tuple(tuple(rng.choice([None] * 8 + list(range(1, n + 1))) for _ in range(n))
                 for _ in range(n))
    sides = [tuple(rng.choice([None, None, None, *range(1, n + 1)]) for _ in range(n))
             for _ in range(4)]
    board = Skyscrapers(grid, *sides)
    rows = list(permutations(range(1, n + 1)))
    expected = [s for s in product(rows, repeat=n) if is_solution(board, s)]
    result = solve(board)
    assert {Status.NONE: 0, Status.UNIQUE: 1}.get(result.status, 2) == min(len(expected), 2)
    assert all(tuple(map(tuple, s)) in expected for s in result.solutions)


@pytest.mark.parametrize(
    "task, says",
    [
        ("/3//3/3/2/////2//3/4/////2/2w1a", "has 1 part(s) where its grammar has 2"),
        ("/3//3/3/2/////2//3/4/////2,w1a", "ends at offset 26 after 19 of its 20 numbers"),
        ("/3//x/3/2/////2//3/4/////2/2,w1a", "holds 'x' at offset 4 where a number"),
        ("/3//3/3/2/////2//3/4/////2/2,w1", "ends at offset 31 after 24 cells"),
        ("/3//3/3/2/////2//3/4/////2/2,w1-", "holds '-' at offset 31"),
    ],
)
def test_a_bad_task_is_exit_65_naming_its_offset(tmp_path, task, says):
    path = tmp_path / "page.html"
    path.write_text(page(task, 5))
    env = streams()
    assert main(["solve", str(path)], env=env) == 65
    assert says in env.stderr.getvalue()


def test_board_json_round_trips_and_draws_within_80_columns(tmp_path):
    board = KIND.examples[0].board
    path = tmp_path / "board.json"
    path.write_text(json.dumps({"kind": "skyscrapers", "puzzle": KIND.to_json(board)}))
    env = streams()
    assert main(["solve", "--json", str(path)], env=env) == 0
    assert json.loads(written(env))["status"] == "unique"
    assert KIND.from_json(KIND.to_json(board), "").top == board.top
    big = KIND.stress(9, 9)
    answer = tuple(tuple((r + c) % 9 + 1 for c in range(9)) for r in range(9))
    for ascii_ in (False, True):
        text = KIND.draw(big, answer, None, Style(ascii=ascii_)).picture.plain
        assert max(len(line) for line in text.splitlines()) <= 80
    drawn = KIND.draw(board, solve(board).solutions[0], None, Style(compact=True)).picture.plain
    assert drawn.splitlines()[0].split() == ["3", "2"]  # the top clues above the square
    assert KIND.svg(board, solve(board).solutions[0]).startswith("<svg")


def test_a_broken_board_json_is_exit_65(tmp_path):
    path = tmp_path / "board.json"
    puzzle = KIND.to_json(KIND.examples[0].board) | {"left": [1, "x", None]}
    path.write_text(json.dumps({"kind": "skyscrapers", "puzzle": puzzle}))
    env = streams()
    assert main(["solve", str(path)], env=env) == 65


def test_the_picture_shows_every_clue_around_the_square():
    pair = next(p for p in pairs() if p["answer"])
    task = Task(genre=BY_NAME["skyscrapers"], task=pair["task"], width=pair["width"],
                height=pair["height"], source="saved")
    board = BY_NAME["skyscrapers"].decode(task)
    clues, cell_at = pictured(KIND.svg(board, solve(board).solutions[0]), "clue")
    n, drawn = board.height, {}
    for clue in clues:
        r, c = cell_at(float(clue.get("x")), float(clue.get("y")) - 5)
        side = "top" if r < 0 else "bottom" if r >= n else "left" if c < 0 else "right"
        drawn[side, c if side in ("top", "bottom") else r] = int(clue.text)
    said = {(side, i): clue for side in ("top", "bottom", "left", "right")
            for i, clue in enumerate(getattr(board, side)) if clue is not None}
    assert drawn == said and len(clues) == len(said) > 0
