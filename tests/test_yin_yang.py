"""Yin-Yang of puzzle-yin-yang.com: the kind and the family game.

The solver agrees with trying every colouring on small boards (the implied rules of the
encoding included: they must lose no answer); the decoded puzzles of the shared data solve
to their known answers and every real pair of the site to the page's own hash, uniqueness
proven under both connectivity rules; the task's faults are exit 65 naming the offset;
board JSON round-trips; the drawings fit 80 columns.
"""

from __future__ import annotations

import json
from itertools import product

import pytest
from conftest import FIXTURES, streams, written
from family_game import (
    agrees_with_brute_force,
    board_of,
    every_answer,
    pairs,
    solves_every_decoded_puzzle,
    solves_to_its_hash,
    task_refused,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.solvers import Minisat22

from puzzlesat.cli import main
from puzzlesat.drawing import Style
from puzzlesat.grid.clauses import Variables, at_most
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.yin_yang import KIND, YinYang
from puzzlesat.render import plain_text
from puzzlesat.solve import solve

is_solution = KIND.is_solution  # the checker as declared: the shape asked first

FIXTURE = FIXTURES / "puzzle-yin-yang.com"
PAGE = FIXTURE / "easy_6x6_6660001.source.html"


def digits(answer) -> str:
    """The site's text: `1` a black cell, `0` a white one, row by row."""
    return "".join("1" if v else "0" for row in answer for v in row)


# --------------------------------------------------------------------------- the rules


boards = st.integers(1, 4).flatmap(
    lambda w: st.lists(st.text(alphabet="......WB", min_size=w, max_size=w),
                       min_size=1, max_size=12 // w)
)


@settings(max_examples=40)
@given(boards)
def test_the_solver_agrees_with_trying_every_colouring(rows):
    board = YinYang(tuple(rows))
    agrees_with_brute_force(board, is_solution)


@pytest.mark.parametrize("rows", [("....",) * 3, ("W...", "....", "...B"), ("...",) * 4])
def test_the_implied_rules_lose_no_answer_on_boards_of_more_than_four_blocks(rows):
    """Where every rule is at work (the neighbour rule from five blocks): every answer
    trying every colouring finds."""
    board = YinYang(rows)
    every = every_answer(board, is_solution)
    result = solve(board, limit=len(every) + 1)
    assert sorted(result.solutions) == sorted(every)


def test_at_most_k_agrees_with_counting():
    for n, k in ((5, 2), (6, 3), (4, 0), (3, 1)):
        variables = Variables()
        lits = [variables.new() for _ in range(n)]
        clauses = at_most(lits, k, variables)
        for bits in product((0, 1), repeat=n):
            with Minisat22(bootstrap_with=clauses) as solver:
                fixed = [lit if bit else -lit for lit, bit in zip(lits, bits)]
                assert solver.solve(assumptions=fixed) is (sum(bits) <= k), (n, k, bits)


def test_the_checker_knows_each_rule():
    board = YinYang(("B.W", "..B", "..."))
    assert is_solution(board, ((1, 0, 0), (1, 0, 1), (1, 1, 1)))
    assert not is_solution(board, ((0, 0, 0), (1, 0, 1), (1, 1, 1)))  # a circle changed
    assert not is_solution(YinYang(("...",) * 2), ((1, 1, 0), (1, 1, 0)))  # a 2x2 of black
    assert not is_solution(YinYang(("...",) * 3), ((1, 0, 1), (1, 0, 1), (1, 0, 1)))  # apart
    assert not is_solution(board, ((1, 0, 0),))


def test_every_decoded_puzzle_solves_to_its_known_answer():
    cells = {"-": ".", "w": "W", "b": "B"}
    solves_every_decoded_puzzle(
        "yin-yang", lambda rows: YinYang(tuple("".join(cells[v] for v in row) for row in rows)),
        lambda rows: tuple(tuple(int(v == "b") for v in row) for row in rows))


def test_every_site_pair_solves_to_the_pages_own_hash():
    for pair in pairs("yin-yang"):
        solves_to_its_hash("yin-yang", pair, digits)


# --------------------------------------------------------------------------- the page


def test_the_fixture_page_solves_to_its_hash():
    (entry,) = json.loads((FIXTURE / "index.json").read_text(encoding="utf-8"))
    env = streams()
    assert main(["solve", str(PAGE), "--json"], env=env) == 0
    out = json.loads(written(env))
    assert out["kind"] == "yin-yang" and out["status"] == "unique"
    assert out["site_check"] == "match" and digits(out["solution"]) == entry["answer"]


@pytest.mark.parametrize("task, says", [
    ("hWbWbWWeBaWaBaBbBdB"[:-1], "ends at offset 18 after 35 cells; a 6x6 board has 36 cells"),
    ("hWbWbWWeBaWaBaBbBdBa", "runs past the last cell at offset 19; a 6x6 board has 36"),
    ("hWbWbWWeBa1aBaBbBdB", "holds '1' at offset 10, which is not part of its grammar"),
    ("hWbWbWWeBaWaBaBbBdX", "holds 'X' at offset 18"),
])
def test_a_task_of_the_wrong_length_or_an_unknown_character_is_exit_65(tmp_path, task, says):
    err = task_refused(PAGE, task, tmp_path)
    assert says in err and "Yin-Yang" in err


def test_board_json_round_trips(tmp_path):
    env = streams()
    assert main(["parse", str(PAGE)], env=env) == 0
    path = tmp_path / "board.json"
    path.write_text(written(env), encoding="utf-8")
    assert json.loads(written(env))["puzzle"]["cells"][1] == "..W..W"
    again = streams()
    assert main(["solve", str(path), "--json"], env=again) == 0
    assert json.loads(written(again))["site_check"] == "match"


# --------------------------------------------------------------------------- the looks


def test_the_drawings_fit_80_columns_and_show_every_cell():
    board = board_of("yin-yang", next(p for p in pairs("yin-yang") if p["width"] == 25))
    result = solve(board)
    for style in (Style(width=80, colour=False), Style(width=80, colour=False, ascii=True),
                  Style(width=80, compact=True, colour=False)):
        lines = plain_text(board, result, style).splitlines()
        assert all(len(line) <= 80 for line in lines)
        assert sum(len(line) >= 25 for line in lines) >= 25


def test_circles_drawn_and_pictured():
    board = YinYang(("B.W", "..B", "..."))
    result = solve(board)
    compact = plain_text(board, result, Style(compact=True, colour=False)).splitlines()
    assert compact[:3] == ["●○○", "●○●", "●●●"]
    ascii_ = plain_text(board, result, Style(ascii=True, colour=False)).splitlines()
    assert ascii_[1] == "| X O O|"
    svg = kind_named("yin-yang").svg(board, result.solutions[0])
    assert svg.count("<circle") == 9
