"""Galaxies of puzzle-galaxies.com: the kind, the family game, the walls drawn.

The solver agrees with trying every split on small boards; every real pair of the site
solves, unique under the connectivity rule, to the page's own hash; every decoded puzzle
of the shared data solves to its known split; the half-grid task is read as the site
writes it (a task may stop at its last centre; one that runs past the board is exit 65
naming the offset); board JSON round-trips; the drawings fit 80 columns.
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
from puzzlesat.kinds.galaxies import Galaxies, is_solution, reachable
from puzzlesat.render import plain_text
from puzzlesat.solve import solve
from puzzlesat.sources.puzzle_family import BY_NAME, Task

FIXTURE = FIXTURES / "puzzle-galaxies.com"
PAGE = FIXTURE / "easy_5x5_5151515.source.html"


def walls_text(answer) -> str:
    """The site's text: `y`/`n` per inner wall, the rows between rows first."""
    h, w = len(answer), len(answer[0])
    across = ["y" if answer[r][c] != answer[r + 1][c] else "n"
              for r in range(h - 1) for c in range(w)]
    down = ["y" if answer[r][c] != answer[r][c + 1] else "n"
            for r in range(h) for c in range(w - 1)]
    return "".join(across + down)


def every_split(board: Galaxies) -> list:
    """Every answer the checker takes: each cell tried in every galaxy."""
    galaxies = range(1, len(board.centres()) + 1)
    found = []
    for split in product(galaxies, repeat=board.height * board.width):
        answer = tuple(tuple(split[r * board.width : (r + 1) * board.width])
                       for r in range(board.height))
        if is_solution(board, answer):
            found.append(answer)
    return found


# --------------------------------------------------------------------------- the rules

boards = st.sampled_from(((2, 2), (2, 3), (3, 2), (1, 4))).flatmap(
    lambda shape: st.lists(st.text("o...", min_size=2 * shape[1] - 1, max_size=2 * shape[1] - 1),
                           min_size=2 * shape[0] - 1, max_size=2 * shape[0] - 1))


@settings(max_examples=40, deadline=None)
@given(boards)
def test_the_solver_agrees_with_trying_every_split(rows):
    board = Galaxies(tuple(rows))
    if not 1 <= len(board.centres()) <= 4:
        return
    every = every_split(board)
    result = solve(board)
    assert result.status is (Status.NONE, Status.UNIQUE, Status.MULTIPLE)[min(len(every), 2)]
    assert all(answer in every for answer in result.solutions)


def test_the_checker_knows_each_rule():
    rows = Galaxies((".o.", "...", ".o."))  # two centres, each on the edge in a row
    assert is_solution(rows, ((1, 1), (2, 2)))
    assert not is_solution(rows, ((1, 2), (1, 2)))  # a centre's cells in another galaxy
    corner = Galaxies(("...", ".o.", "..."))
    assert is_solution(corner, ((1, 1), (1, 1)))
    lopsided = Galaxies(("o....", ".....", "....."))  # a cell-centred galaxy at (0, 0)
    assert not is_solution(lopsided, ((1, 1, 1), (1, 1, 1), (1, 1, 1)))  # no half turn
    apart = Galaxies(("..o..",))  # the middle of a 1x3 row
    assert is_solution(apart, ((1, 1, 1),))
    assert not is_solution(apart, ((1, 0, 1),))


def test_what_a_galaxy_may_hold_is_cut_to_its_reach():
    board = Galaxies(("o.......o", ".........", "........."))  # two corners' cells, 5 wide
    near, far = reachable(board)
    assert (0, 0) in near and (0, 4) not in near  # taken by the other centre
    assert near == {(0, 0)} and far == {(0, 4)}  # a cell-centred galaxy of one cell here


# --------------------------------------------------------------------------- the site's own


def test_every_site_pair_solves_to_the_pages_own_hash():
    for pair in pairs("galaxies"):
        solves_to_its_hash("galaxies", pair, walls_text)


def test_every_decoded_puzzle_solves_to_its_known_split():
    """janko's dots are on cells, `0` a cell's centre, 1-3 (to the right, below, both) an
    edge or a corner: the same half grid."""
    lines = (SHARED_DATA / "genres" / "galaxies" / "decoded.jsonl").read_text().splitlines()
    for entry in map(json.loads, lines):
        rows = [line.split() for line in entry["puzzle"].strip().splitlines()[1:]]
        known = [line.split() for line in entry["solution"].strip().splitlines()[1:]]
        h, w = len(rows), len(rows[0])
        dots = [["."] * (2 * w - 1) for _ in range(2 * h - 1)]
        for r, row in enumerate(rows):
            for c, code in enumerate(row):
                if code != "-":
                    dots[2 * r + (code in "23")][2 * c + (code in "13")] = "o"
        result = solve(Galaxies(tuple("".join(row) for row in dots)))
        assert result.status is Status.UNIQUE, entry["id"]
        assert walls_text(result.solutions[0]) == walls_text(known), entry["id"]


def test_the_half_grid_task_stops_at_its_last_centre():
    genre = BY_NAME["galaxies"]
    board = genre.decode(Task(genre, "bpdziccl", 5, 5, "t"))
    assert len(board.dots) == 9 and board.centres()[0] == (0, 1)
    assert len(board.centres()) == 7 and board.dots[-1] == ".o......."  # the rest left out
    with pytest.raises(ParseError, match="offset 1"):
        genre.decode(Task(genre, "b9", 5, 5, "t"))


def test_the_page_solves_to_its_hash_from_the_file():
    env = streams()
    assert main(["solve", str(PAGE), "--json"], env=env) == 0
    record = json.loads(written(env))
    assert record["status"] == "unique" and record["site_check"] == "match"
    assert record["site_answer"] == json.loads((FIXTURE / "index.json").read_text())[0]["answer"]


@pytest.mark.parametrize("task, offset", [("zzzzb", 3), ("bA", 1)])
def test_a_faulty_task_is_refused_naming_its_offset(task, offset, tmp_path):
    err = task_refused(PAGE, task, tmp_path)
    assert f"offset {offset}" in err and "Galaxies" in err


# --------------------------------------------------------------------------- JSON and looks


def test_board_json_round_trips_and_refuses_what_is_no_half_grid():
    kind = kind_named("galaxies")
    board = kind.examples[1].board
    assert kind.from_json(kind.to_json(board), "").dots == board.dots
    with pytest.raises(ParseError, match="'x', not one of 'o.'"):
        kind.from_json({"dots": ["o.x"]}, "")
    with pytest.raises(ParseError, match="dots"):
        kind.from_json({"cells": ["o.o"]}, "")


@pytest.mark.parametrize("style", [Style(colour=False), Style(ascii=True, colour=False)])
def test_the_largest_pair_fits_80_columns(style):
    pair = max(pairs("galaxies"), key=lambda p: p["width"] * p["height"])
    genre = BY_NAME["galaxies"]
    board = genre.decode(Task(genre, pair["task"], pair["width"], pair["height"], "t"))
    text = plain_text(board, solve(board), style)
    assert max(map(len, text.splitlines())) <= 80
    assert text.count("o" if style.ascii else "●") >= len(board.centres())


def test_the_picture_rings_every_centre():
    board = Galaxies((".o.", "...", ".o."))
    picture = kind_named("galaxies").svg(board, solve(board).solutions[0])
    assert picture.count('class="centre"') == 2 and picture.count('class="wall"') == 2
