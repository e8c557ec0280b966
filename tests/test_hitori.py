"""Hitori of puzzle-hitori.com: the kind and the family game.

The solver agrees with trying every shading on small boards; the decoded puzzles of the
shared data solve to their known answers and every real pair of the site to the page's own
hash, uniqueness proven under the connectivity rule; the task's faults are exit 65 naming
the offset; board JSON round-trips; the drawings fit 80 columns.
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
from puzzlesat.kinds.hitori import KIND, Hitori
from puzzlesat.render import plain_text
from puzzlesat.solve import solve

is_solution = KIND.is_solution  # the checker as declared: the shape asked first

FIXTURE = FIXTURES / "puzzle-hitori.com"
PAGE = FIXTURE / "easy_5x5_5550001.source.html"


def marks(answer) -> str:
    """The site's text: `y` a shaded cell, row by row."""
    return "".join("y" if v else "n" for row in answer for v in row)


# --------------------------------------------------------------------------- the rules


boards = st.integers(1, 4).flatmap(
    lambda w: st.lists(st.lists(st.integers(1, 3), min_size=w, max_size=w),
                       min_size=1, max_size=12 // w)
)


@settings(max_examples=40)
@given(boards)
def test_the_solver_agrees_with_trying_every_shading(rows):
    board = Hitori(tuple(map(tuple, rows)))
    agrees_with_brute_force(board, is_solution)


def test_the_checker_knows_each_rule():
    board = Hitori(((12, 2, 3), (1, 12, 3), (12, 2, 1)))
    assert is_solution(board, ((1, 0, 1), (0, 0, 0), (0, 1, 0)))
    assert not is_solution(board, ((0, 0, 1), (0, 0, 0), (0, 1, 0)))  # two 12s in column 1
    assert not is_solution(board, ((1, 0, 1), (1, 0, 0), (0, 1, 0)))  # shaded cells touch
    assert not is_solution(Hitori(((1, 2), (2, 1))), ((0, 1), (1, 0)))  # kept cells apart
    assert not is_solution(board, ((1, 0, 1),))  # the wrong shape


def test_every_decoded_puzzle_solves_to_its_known_answer():
    solves_every_decoded_puzzle(
        "hitori", lambda rows: Hitori(tuple(tuple(int(v) for v in row) for row in rows)),
        lambda rows: tuple(tuple(int(v == "x") for v in row) for row in rows))


def test_every_site_pair_solves_to_the_pages_own_hash():
    for pair in pairs("hitori"):
        solves_to_its_hash("hitori", pair, marks)


def test_the_site_writes_numbers_from_ten_as_letters():
    pair = next(p for p in pairs("hitori") if p["ident"] == "hitori.11")
    board = board_of("hitori", pair)
    assert board.grid[0][:4] == (9, 18, 20, 3)  # `9ik3`


# --------------------------------------------------------------------------- the page


def test_the_fixture_page_solves_to_its_hash():
    (entry,) = json.loads((FIXTURE / "index.json").read_text(encoding="utf-8"))
    env = streams()
    assert main(["solve", str(PAGE), "--json"], env=env) == 0
    out = json.loads(written(env))
    assert out["kind"] == "hitori" and out["status"] == "unique"
    assert out["site_check"] == "match"
    board = Hitori(tuple(map(tuple, out["puzzle"]["grid"])))
    assert kind_named("hitori").site_answer(board, out["solution"]) == entry["answer"]


@pytest.mark.parametrize("task, says", [
    ("1" * 24, "ends at offset 24 after 24 cells; a 5x5 board has 25 cells"),
    ("1" * 26, "runs past the last cell at offset 25; a 5x5 board has 25 cells"),
    ("1" * 7 + "_" + "1" * 17, "holds '_' at offset 7, which is not part of its grammar"),
    ("1" * 3 + "A" + "1" * 21, "holds 'A' at offset 3"),
])
def test_a_task_of_the_wrong_length_or_an_unknown_character_is_exit_65(tmp_path, task, says):
    err = task_refused(PAGE, task, tmp_path)
    assert says in err and "Hitori" in err


def test_board_json_round_trips(tmp_path):
    env = streams()
    assert main(["parse", str(PAGE)], env=env) == 0
    path = tmp_path / "board.json"
    path.write_text(written(env), encoding="utf-8")
    assert json.loads(written(env))["puzzle"]["grid"][0] == [1, 5, 4, 3, 2]
    again = streams()
    assert main(["solve", str(path), "--json"], env=again) == 0
    assert json.loads(written(again))["site_check"] == "match"


def test_board_json_refuses_a_row_of_other_things(tmp_path):
    path = tmp_path / "board.json"
    path.write_text(json.dumps({"kind": "hitori", "puzzle": {"grid": [[1, "x"]]}}))
    env = streams()
    assert main(["solve", str(path)], env=env) == 65
    assert "Hitori row 1 holds" in env.stderr.getvalue()


# --------------------------------------------------------------------------- the looks


def test_the_drawings_fit_80_columns_and_show_every_cell():
    board = board_of("hitori", next(p for p in pairs("hitori") if p["ident"] == "hitori.11"))
    result = solve(board)
    for style in (Style(width=80, colour=False), Style(width=80, colour=False, ascii=True),
                  Style(width=80, compact=True, colour=False)):
        lines = plain_text(board, result, style).splitlines()
        assert all(len(line) <= 80 for line in lines)
        assert sum(len(line) >= 20 for line in lines) >= 20


def test_shaded_cells_and_numbers_drawn_and_pictured():
    board = Hitori(((12, 2, 3), (1, 12, 3), (12, 2, 1)))
    result = solve(board)
    compact = plain_text(board, result, Style(compact=True, colour=False)).splitlines()
    assert compact[:3] == ["█2█", "1c3", "c█1"]
    ascii_ = plain_text(board, result, Style(ascii=True, colour=False)).splitlines()
    assert ascii_[1] == "|## 2##|"
    svg = kind_named("hitori").svg(board, result.solutions[0])
    assert svg.count('class="shaded"') == 3 and ">12<" in svg
