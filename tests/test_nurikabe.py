"""Nurikabe of puzzle-nurikabe.com: the kind and the family game.

The solver agrees with trying every sea on small boards; the decoded puzzles of the shared
data solve to their known answers and every real pair of the site to the page's own hash,
uniqueness proven under the islands' and the sea's connectivity; the task's faults are exit
65 naming the offset; board JSON round-trips; the drawings fit 80 columns.
"""

from __future__ import annotations

import json

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

from puzzlesat.cli import main
from puzzlesat.drawing import Style
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.nurikabe import KIND, Nurikabe
from puzzlesat.render import plain_text
from puzzlesat.solve import solve

is_solution = KIND.is_solution  # the checker as declared: the shape asked first

FIXTURE = FIXTURES / "puzzle-nurikabe.com"
PAGE = FIXTURE / "easy_5x5_7770001.source.html"


def marks(answer) -> str:
    """The site's text: `y` a sea cell, row by row."""
    return "".join("y" if v else "n" for row in answer for v in row)


# --------------------------------------------------------------------------- the rules


boards = st.integers(1, 4).flatmap(
    lambda w: st.lists(st.lists(st.one_of(st.none(), st.none(), st.integers(1, 4)),
                                min_size=w, max_size=w), min_size=1, max_size=12 // w)
)


@settings(max_examples=40)
@given(boards)
def test_the_solver_agrees_with_trying_every_sea(rows):
    agrees_with_brute_force(Nurikabe(tuple(map(tuple, rows))), is_solution)


def test_the_checker_knows_each_rule():
    board = Nurikabe(((1, None, None), (None, None, None), (None, 5, None)))
    assert is_solution(board, ((0, 1, 0), (1, 1, 0), (0, 0, 0)))
    assert not is_solution(board, ((0, 1, 1), (1, 1, 0), (0, 0, 0)))  # an island of 4
    assert not is_solution(Nurikabe(((1, None, None), (None, None, None))),
                           ((0, 1, 1), (1, 1, 1)))  # a 2x2 block of sea
    assert not is_solution(Nurikabe(((1,),)), ((1,),))  # a number in the sea
    assert not is_solution(Nurikabe(((None, 1, None),)), ((1, 0, 1),))  # the sea apart
    assert not is_solution(Nurikabe(((None, None, 1),)), ((0, 1, 0),))  # no number
    assert not is_solution(board, ((0, 1, 0),))


def test_every_decoded_puzzle_solves_to_its_known_answer():
    solves_every_decoded_puzzle(
        "nurikabe",
        lambda rows: Nurikabe(tuple(tuple(None if v == "-" else int(v) for v in row)
                                    for row in rows)),
        lambda rows: tuple(tuple(int(v == "x") for v in row) for row in rows))


def test_every_site_pair_solves_to_the_pages_own_hash():
    for pair in pairs("nurikabe"):
        solves_to_its_hash("nurikabe", pair, marks)


def test_numbers_side_by_side_are_split_by_an_underscore():
    board = board_of("nurikabe", {"task": "12_3a", "width": 3, "height": 1,
                                  "hashedSolution": "0" * 32, "ident": "-"})
    assert board.grid == ((12, 3, None),)


# --------------------------------------------------------------------------- the page


def test_the_fixture_page_solves_to_its_hash():
    (entry,) = json.loads((FIXTURE / "index.json").read_text(encoding="utf-8"))
    env = streams()
    assert main(["solve", str(PAGE), "--json"], env=env) == 0
    out = json.loads(written(env))
    assert out["kind"] == "nurikabe" and out["status"] == "unique"
    assert out["site_check"] == "match" and marks(out["solution"]) == entry["answer"]


@pytest.mark.parametrize("task, says", [
    ("h2b2e4f", "ends at offset 7 after 24 cells; a 5x5 board has 25 cells"),
    ("h2b2e4f1a", "runs past the last cell at offset 8; a 5x5 board has 25 cells"),
    ("h2b2e0f1", "holds '0' at offset 5"),
    ("h2b2e4f_1", "holds '_' at offset 7"),
    ("h2b2e4fX", "holds 'X' at offset 7"),
])
def test_a_task_of_the_wrong_length_or_an_unknown_character_is_exit_65(tmp_path, task, says):
    err = task_refused(PAGE, task, tmp_path)
    assert says in err and "Nurikabe" in err


def test_board_json_round_trips(tmp_path):
    env = streams()
    assert main(["parse", str(PAGE)], env=env) == 0
    path = tmp_path / "board.json"
    path.write_text(written(env), encoding="utf-8")
    assert json.loads(written(env))["puzzle"]["grid"][1] == [None, None, None, 2, None]
    again = streams()
    assert main(["solve", str(path), "--json"], env=again) == 0
    assert json.loads(written(again))["site_check"] == "match"


# --------------------------------------------------------------------------- the looks


def test_the_drawings_fit_80_columns_and_show_every_cell():
    board = board_of("nurikabe", next(p for p in pairs("nurikabe") if p["width"] == 20))
    result = solve(board)
    for style in (Style(width=80, colour=False), Style(width=80, colour=False, ascii=True),
                  Style(width=80, compact=True, colour=False)):
        lines = plain_text(board, result, style).splitlines()
        assert all(len(line) <= 80 for line in lines)
        assert sum(len(line) >= 20 for line in lines) >= 20


def test_sea_islands_and_numbers_drawn_and_pictured():
    board = Nurikabe(((1, None, None), (None, None, None), (None, 12, None)))
    result = solve(Nurikabe(((1, None, None), (None, None, None), (None, 5, None))))
    compact = plain_text(board, result, Style(compact=True, colour=False)).splitlines()
    assert compact[:3] == ["1█·", "██·", "·c·"]
    ascii_ = plain_text(board, result, Style(ascii=True, colour=False)).splitlines()
    assert ascii_[1] == "| 1## .|"
    svg = kind_named("nurikabe").svg(board, result.solutions[0])
    assert svg.count('class="sea"') == 3
