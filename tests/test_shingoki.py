"""Shingoki of puzzle-shingoki.com: the kind, the family game, the loop on the lattice.

The solver agrees with trying every set of edges on small boards; every real pair of the
site solves, unique under the one-loop rule, to the page's own hash, and a sample of the
site's real tasks without answers solves uniquely; every decoded puzzle of the shared data
solves to its known answer; the task's faults are exit 65 naming the offset; board JSON
round-trips; the drawings fit 80 columns, in ASCII too; the picture shows every circle.
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
from puzzlesat.core import Status
from puzzlesat.drawing import Style
from puzzlesat.grid.loop import Loop
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.shingoki import Shingoki, is_solution
from puzzlesat.render import plain_text
from puzzlesat.solve import solve
from puzzlesat.sources.puzzle_family import BY_NAME, Task

FIXTURE = FIXTURES / "puzzle-shingoki.com"
PAGE = FIXTURE / "easy_4x4_4040404.source.html"


def edge_text(answer: Loop) -> str:
    """The site's text: `y`/`n` per lattice edge, the rows across, then the rows down."""
    return "".join("y" if v else "n" for rows in answer for row in rows for v in row)


def every_loop(board: Shingoki) -> list[Loop]:
    """Every set of lattice edges the checker takes."""
    h, w = board.height, board.width
    across, down = (h + 1) * w, h * (w + 1)
    found = []
    for bits in product((0, 1), repeat=across + down):
        answer = Loop(tuple(bits[r * w : (r + 1) * w] for r in range(h + 1)),
                      tuple(bits[across + r * (w + 1) : across + (r + 1) * (w + 1)]
                            for r in range(h)))
        if is_solution(board, answer):
            found.append(answer)
    return found


# --------------------------------------------------------------------------- the rules

circles = st.one_of(st.none(), st.sampled_from(("W", "B")).flatmap(
    lambda colour: st.sampled_from(("", "1", "2", "3", "4")).map(lambda n: colour + n)))


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(((2, 2), (1, 3), (3, 1), (1, 2))).flatmap(
    lambda shape: st.lists(st.lists(circles, min_size=shape[1] + 1, max_size=shape[1] + 1),
                           min_size=shape[0] + 1, max_size=shape[0] + 1)))
def test_the_solver_agrees_with_trying_every_set_of_edges(rows):
    board = Shingoki(tuple(map(tuple, rows)))
    every = every_loop(board)
    result = solve(board)
    assert result.status is (Status.NONE, Status.UNIQUE, Status.MULTIPLE)[min(len(every), 2)]
    assert all(answer in every for answer in result.solutions)


def test_the_checker_knows_each_rule():
    square = Loop(((1, 0), (1, 0), (0, 0)), ((1, 1, 0), (0, 0, 0)))  # the top-left cell
    empty = ((None,) * 3,) * 3
    assert is_solution(Shingoki((("B2", None, None), *empty[1:])), square)
    assert not is_solution(Shingoki((("B3", None, None), *empty[1:])), square)  # legs 1+1
    assert not is_solution(Shingoki((("W2", None, None), *empty[1:])), square)  # a turn
    assert not is_solution(Shingoki(((None, None, "B"), *empty[1:])), square)  # not passed
    two = Loop(((1, 1), (1, 1), (0, 0)), ((1, 1, 1), (0, 0, 0)))  # two loops side by side
    assert not is_solution(Shingoki(empty), two)
    assert is_solution(Shingoki(((None, "W2", None), *empty[1:])),
                       Loop(((1, 1), (1, 1), (0, 0)), ((1, 0, 1), (0, 0, 0))))


# --------------------------------------------------------------------------- the site's own


def test_every_site_pair_solves_to_the_pages_own_hash():
    for pair in pairs("shingoki"):
        solves_to_its_hash("shingoki", pair, edge_text)


def test_the_sites_tasks_without_answers_solve_uniquely():
    """Every fifth real task (the bench solves all 100), the 25x25 hard ones among them."""
    lines = (SHARED_DATA / "genres" / "shingoki" / "site-tasks.jsonl").read_text().splitlines()
    genre = BY_NAME["shingoki"]
    for entry in map(json.loads, lines[::5]):
        board = genre.decode(Task(genre, entry["task"], entry["width"], entry["height"], "t"))
        assert solve(board).status is Status.UNIQUE, entry["id"]


def test_every_decoded_puzzle_solves_to_its_known_answer():
    """janko's Shingokis put the circles on cells with the loop through their centres: the
    same thing as the site's lattice, one point a cell."""
    lines = (SHARED_DATA / "genres" / "shingoki" / "decoded.jsonl").read_text().splitlines()
    for entry in map(json.loads, lines[::2]):
        rows = [line.split() for line in entry["puzzle"].strip().splitlines()[1:]]
        known = [line.split() for line in entry["solution"].strip().splitlines()[1:]]
        board = Shingoki(tuple(tuple(None if t == "-" else t.upper() for t in row)
                               for row in rows))
        result = solve(board)
        assert result.status is Status.UNIQUE, entry["id"]
        across, down = result.solutions[0]
        for r, row in enumerate(known[: len(rows)]):
            for c, arms in enumerate(row):
                assert ("e" in arms) == bool(c < len(row) - 1 and across[r][c]), entry["id"]
                assert ("s" in arms) == bool(r < len(rows) - 1 and down[r][c]), entry["id"]


def test_the_page_solves_to_its_hash_from_the_file():
    env = streams()
    assert main(["solve", str(PAGE), "--json"], env=env) == 0
    record = json.loads(written(env))
    assert record["status"] == "unique" and record["site_check"] == "match"
    index = json.loads((FIXTURE / "index.json").read_text())[0]
    assert record["site_answer"] == index["answer"]
    assert record["puzzle"]["circles"][0][1] == "W3"


@pytest.mark.parametrize("task, offset", [
    ("aW3W3B5aW2dB3bB3bB2gB4x", 22), ("aW3W3Q5", 5), ("aW3W3B0", 6), ("aW3", 3)])
def test_a_faulty_task_is_refused_naming_its_offset(task, offset, tmp_path):
    err = task_refused(PAGE, task, tmp_path)
    assert f"offset {offset}" in err and "Shingoki" in err


# --------------------------------------------------------------------------- JSON and looks


def test_board_json_round_trips_and_refuses_what_is_no_circle():
    kind = kind_named("shingoki")
    board = kind.examples[0].board
    assert kind.from_json(kind.to_json(board), "").circles == board.circles
    for bad in ("X2", "W0", "W-1", 3, "W2.5"):
        with pytest.raises(Exception, match="circle"):
            kind.from_json({"circles": [[None, bad], [None, None]]}, "")


@pytest.mark.parametrize("style", [Style(colour=False), Style(ascii=True, colour=False),
                                   Style(compact=True, colour=False)])
def test_the_drawing_fits_80_columns_and_shows_every_circle(style):
    pair = max(pairs("shingoki"), key=lambda p: p["width"] if p["width"] <= 15 else 0)
    genre = BY_NAME["shingoki"]
    board = genre.decode(Task(genre, pair["task"], pair["width"], pair["height"], "t"))
    result = solve(board)
    text = plain_text(board, result, style)
    assert max(map(len, text.splitlines())) <= 80
    assert text.count("●" if not style.ascii else "*") == sum(
        colour == "B" for _, _, colour, _ in board.circle_list())
    if style.ascii:
        assert text.isascii()


def test_the_picture_shows_every_circle_and_its_number():
    board = Shingoki((("B2", None, "W"), (None, None, None), (None, "W12", None)))
    picture = kind_named("shingoki").svg(board, None)
    assert picture.count('class="black"') == 1 and picture.count('class="white"') == 2
    assert ">12<" in picture and ">2<" in picture
