"""Minesweeper of puzzle-minesweeper.com: the kind and the family game.

The solver agrees with trying every placement of mines on small boards; the decoded puzzles
of the shared data solve to their known answers and every real pair of the site (the 50x50
monthly too) to the page's own hash, uniqueness proven; the task's faults are exit 65
naming the offset; board JSON round-trips; the drawings fit 80 columns.
"""

from __future__ import annotations

import json
import time

import pytest
from conftest import FIXTURES, streams, written
from family_game import (
    agrees_with_brute_force,
    board_of,
    pairs,
    solves_every_decoded_puzzle,
    solves_to_its_hash,
    task_refused,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from shading import marks as mines

from puzzlesat.cli import main
from puzzlesat.core import Status
from puzzlesat.drawing import Style
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.minesweeper import KIND, Minesweeper
from puzzlesat.render import plain_text
from puzzlesat.solve import solve

is_solution = KIND.is_solution  # the checker as declared: the shape asked first

FIXTURE = FIXTURES / "puzzle-minesweeper.com"
PAGE = FIXTURE / "easy_5x5_minesweeper_1234601.source.html"


def grid(rows) -> tuple:
    """A board's grid from rows of tokens: `-` no number, else a digit."""
    return tuple(tuple(None if v == "-" else int(v) for v in row) for row in rows)


# --------------------------------------------------------------------------- the rules


boards = st.integers(1, 4).flatmap(
    lambda w: st.lists(st.lists(st.one_of(st.none(), st.integers(0, 4)), min_size=w,
                                max_size=w), min_size=1, max_size=12 // w)
)


@settings(max_examples=40)
@given(boards)
def test_the_solver_agrees_with_trying_every_placement(rows):
    agrees_with_brute_force(Minesweeper(tuple(map(tuple, rows))), is_solution)


def test_the_checker_knows_each_rule():
    board = Minesweeper(((None, 2, None), (None, None, None), (None, 0, None)))
    assert is_solution(board, ((1, 0, 1), (0, 0, 0), (0, 0, 0)))
    assert not is_solution(board, ((1, 0, 0), (0, 0, 0), (0, 0, 0)))  # the 2 sees one mine
    assert not is_solution(board, ((1, 0, 1), (0, 0, 0), (1, 0, 0)))  # the 0 sees one
    assert not is_solution(Minesweeper(((0, None),)), ((1, 0),))  # a mine on a number
    assert not is_solution(board, ((1, 0, 1),))  # the wrong shape


def test_a_number_counts_its_eight_neighbours_not_itself():
    board = Minesweeper(((None, None, None), (None, 8, None), (None, None, None)))
    assert solve(board).solutions == (((1, 1, 1), (1, 0, 1), (1, 1, 1)),)


def test_every_decoded_puzzle_solves_to_its_known_answer():
    solves_every_decoded_puzzle(
        "minesweeper", lambda rows: Minesweeper(grid(rows)),
        lambda rows: tuple(tuple(int(v == "x") for v in row) for row in rows))


def test_every_site_pair_solves_to_the_pages_own_hash():
    for pair in pairs("minesweeper"):
        solves_to_its_hash("minesweeper", pair, mines)


def test_the_50x50_monthly_solves_well_under_a_second():
    pair = next(p for p in pairs("minesweeper") if p["width"] == 50)
    board = board_of("minesweeper", pair)
    start = time.process_time()
    assert solve(board).status is Status.UNIQUE
    assert time.process_time() - start < 1


# --------------------------------------------------------------------------- the page


def test_the_fixture_page_solves_to_its_hash():
    entry = next(e for e in json.loads((FIXTURE / "index.json").read_text(encoding="utf-8"))
                 if PAGE.name.startswith(e["name"]))
    env = streams()
    assert main(["solve", str(PAGE), "--json"], env=env) == 0
    out = json.loads(written(env))
    assert out["kind"] == "minesweeper" and out["status"] == "unique"
    assert out["site_check"] == "match"
    assert mines(out["solution"]) == entry["answer"]


@pytest.mark.parametrize("task, says", [
    ("a32c3a4e22a3b2a2a", "ends at offset 17 after 24 cells; a 5x5 board has 25 cells"),
    ("a32c3a4e22a3b2a2a12", "runs past the last cell at offset 18; a 5x5 board has 25 cells"),
    ("a32c3a4e22a3b2a2a9", "holds '9' at offset 17, which is not part of its grammar"),
    ("a32_c3a4e22a3b2a2a1", "holds '_' at offset 3"),
])
def test_a_task_of_the_wrong_length_or_an_unknown_character_is_exit_65(tmp_path, task, says):
    err = task_refused(PAGE, task, tmp_path)
    assert says in err and "Minesweeper" in err


def test_board_json_round_trips(tmp_path):
    env = streams()
    assert main(["parse", str(PAGE)], env=env) == 0
    path = tmp_path / "board.json"
    path.write_text(written(env), encoding="utf-8")
    assert json.loads(written(env))["puzzle"]["grid"][0] == [None, 3, 2, None, None]
    again = streams()
    assert main(["solve", str(path), "--json"], env=again) == 0
    assert json.loads(written(again))["site_check"] == "match"


def test_board_json_refuses_a_number_past_eight(tmp_path):
    path = tmp_path / "board.json"
    path.write_text(json.dumps({"kind": "minesweeper", "puzzle": {"grid": [[1, 9]]}}))
    env = streams()
    assert main(["solve", str(path)], env=env) == 65
    assert "Minesweeper row 1 holds 9" in env.stderr.getvalue()


# --------------------------------------------------------------------------- the looks


def test_the_drawings_fit_80_columns_and_show_every_cell():
    board = board_of("minesweeper", next(p for p in pairs("minesweeper") if p["width"] == 50))
    result = solve(board)
    for style in (Style(width=80, colour=False), Style(width=80, colour=False, ascii=True),
                  Style(width=80, compact=True, colour=False)):
        text = plain_text(board, result, style)
        assert all(len(line) <= 80 for line in text.splitlines())
        assert style.ascii is False or text.isascii()


def test_mines_and_numbers_drawn_and_pictured():
    board = kind_named("minesweeper").examples[0].board
    result = solve(board)
    ascii_ = plain_text(board, result, Style(ascii=True, colour=False)).splitlines()
    assert ascii_[1:5] == ["+------+", "| * 2 *|", "| . . .|", "| . 0 .|"]
    svg = kind_named("minesweeper").svg(board, result.solutions[0])
    assert svg.startswith("<svg") and ">2<" in svg and ">0<" in svg
    assert svg.count('class="mine"') == 4  # two mines: each its fill and its disc
