"""Pipes of puzzle-pipes.com: the kind, the family game, the network drawn.

The solver agrees with trying every turn of every tile on small boards, wrapping or not;
every real pair of the site solves, unique under the tree rule, to the page's own hash
(the wrapping sizes read from the size code or the page's `wrap`), and the site's real
tasks solve uniquely; the task's faults are exit 65 naming the offset; board JSON
round-trips; the drawings fit 80 columns.
"""

from __future__ import annotations

import json
from itertools import product

import pytest
from conftest import FIXTURES, SHARED_DATA, streams, written
from family_game import pairs, solves_to_its_hash, task_refused
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.cli import main
from puzzlesat.core import ParseError, Status
from puzzlesat.drawing import Style
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.pipes import Pipes, distinct_turns, is_solution, turned
from puzzlesat.render import plain_text
from puzzlesat.solve import solve
from puzzlesat.sources.puzzle_family import BY_NAME, Task
from puzzlesat.sources.puzzle_family.games.pipes import wraps

FIXTURE = FIXTURES / "puzzle-pipes.com"
PAGE = FIXTURE / "easy_5x5_5050505.source.html"


def turns_text(answer) -> str:
    """The site's text: each tile's quarter turns, a digit a cell."""
    return "".join(str(k) for row in answer for k in row)


def every_answer(board: Pipes) -> list:
    """Every turn of every tile that the checker takes, a tile's looks counted once."""
    cells = [t for row in board.grid for t in row]
    found = []
    for turns in product(*(distinct_turns(t) for t in cells)):
        answer = tuple(tuple(turns[r * board.width : (r + 1) * board.width])
                       for r in range(board.height))
        if is_solution(board, answer):
            found.append(answer)
    return found


# --------------------------------------------------------------------------- the rules


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(((2, 2), (2, 3), (3, 2), (1, 4))).flatmap(
    lambda shape: st.tuples(
        st.lists(st.lists(st.integers(1, 14), min_size=shape[1], max_size=shape[1]),
                 min_size=shape[0], max_size=shape[0]),
        st.booleans())))
def test_the_solver_agrees_with_trying_every_turn(drawn):
    rows, wrap = drawn
    board = Pipes(tuple(map(tuple, rows)), wrap)
    every = every_answer(board)
    result = solve(board)
    assert result.status is (Status.NONE, Status.UNIQUE, Status.MULTIPLE)[min(len(every), 2)]
    assert all(answer in every for answer in result.solutions)


def test_a_turn_is_counter_clockwise_and_the_checker_knows_each_rule():
    assert turned(1, 1) == 2 and turned(8, 1) == 1 and turned(5, 1) == 10
    assert distinct_turns(5) == [0, 1] and distinct_turns(15) == [0]
    board = Pipes(((8, 1), (3, 12)))
    assert is_solution(board, ((0, 3), (0, 3)))
    assert not is_solution(board, ((0, 3), (0, 2)))  # an arm off the board
    ring = Pipes(((9, 12), (3, 6)))
    assert not is_solution(ring, ((0, 0), (0, 0)))  # a cycle, no tree
    assert not is_solution(Pipes(((1, 4), (1, 4))), ((0, 0), (0, 0)))  # two parts
    assert is_solution(Pipes(((4, 1),), True), ((0, 0),))  # across the wrapped edge


# --------------------------------------------------------------------------- the site's own


def test_every_site_pair_solves_to_the_pages_own_hash():
    for pair in pairs("pipes"):
        solves_to_its_hash("pipes", pair, turns_text)


def test_the_sizes_that_wrap_and_the_pages_that_say_so():
    genre = BY_NAME["pipes"]
    task = Task(genre, "0" * 25, 5, 5, "t", size=11)
    assert wraps(task) and not wraps(Task(genre, "0" * 25, 5, 5, "t", size=3))
    assert wraps(Task(genre, "0" * 25, 5, 5, "t", options={"wrap": 1}))
    assert not wraps(Task(genre, "0" * 25, 5, 5, "t", size=11, options={"wrap": 0}))


def test_the_sites_tasks_solve_uniquely():
    genre = BY_NAME["pipes"]
    lines = (SHARED_DATA / "genres" / "pipes" / "site-tasks.jsonl").read_text().splitlines()
    for entry in map(json.loads, lines):
        task = Task(genre, entry["task"], entry["width"], entry["height"], "t",
                    options={"wrap": int(bool(entry.get("wrap")))})
        assert solve(genre.decode(task)).status is Status.UNIQUE, entry["task"][:20]


def test_the_page_solves_to_its_hash_from_the_file():
    env = streams()
    assert main(["solve", str(PAGE), "--json"], env=env) == 0
    record = json.loads(written(env))
    assert record["status"] == "unique" and record["site_check"] == "match"
    assert record["site_answer"] == json.loads((FIXTURE / "index.json").read_text())[0]["answer"]
    assert record["puzzle"]["wrap"] is False


@pytest.mark.parametrize("task, offset", [("49553a5618bd752aabfa42c54g", 25),
                                          ("49553a5618bd752aabfa42c5", 24), ("495x", 3)])
def test_a_faulty_task_is_refused_naming_its_offset(task, offset, tmp_path):
    err = task_refused(PAGE, task, tmp_path)
    assert f"offset {offset}" in err and "Pipes" in err


# --------------------------------------------------------------------------- JSON and looks


def test_board_json_round_trips_and_refuses_what_is_no_tile():
    kind = kind_named("pipes")
    board = kind.examples[1].board
    again = kind.from_json(kind.to_json(board), "")
    assert (again.grid, again.wrap) == (board.grid, True)
    for bad in (16, -1, "5"):
        with pytest.raises(ParseError, match="tile"):
            kind.from_json({"grid": [[1, bad]]}, "")
    with pytest.raises(ParseError, match="wrap"):
        kind.from_json({"grid": [[1, 4]], "wrap": 1}, "")


@pytest.mark.parametrize("style", [Style(colour=False), Style(ascii=True, colour=False)])
def test_the_largest_pair_fits_80_columns(style):
    pair = max(pairs("pipes"), key=lambda p: p["width"] * p["height"])
    genre = BY_NAME["pipes"]
    board = genre.decode(Task(genre, pair["task"], pair["width"], pair["height"], "t"))
    text = plain_text(board, solve(board), style)
    assert max(map(len, text.splitlines())) <= 80
    assert text.isascii() or not style.ascii


def test_the_picture_draws_every_arm():
    board = Pipes(((8, 1), (3, 12)))
    picture = kind_named("pipes").svg(board, solve(board).solutions[0])
    assert picture.count('class="pipe"') == 6 and picture.count('class="end"') == 2
