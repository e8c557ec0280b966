"""Aquarium of puzzle-aquarium.com: the kind and the family game.

The solver agrees with trying every fill on small boards; every real pair of the site
solves to the page's own hash, uniqueness proven; the task's faults are exit 65 naming the
offset; board JSON round-trips; the drawings fit 80 columns with the counts around the
grid.
"""

from __future__ import annotations

import random

import pytest
from conftest import FIXTURES
from family_game import (
    agrees_with_brute_force,
    board_json_refused,
    board_of,
    fits_80_columns,
    fixture_page_solves,
    pairs,
    round_trip,
    solves_to_its_hash,
    task_refused,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.core import InvalidPuzzle
from puzzlesat.drawing import Style
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.aquarium import KIND, Aquarium
from puzzlesat.render import plain_text
from puzzlesat.solve import solve

is_solution = KIND.is_solution  # the checker as declared: the shape asked first, the counts
validate = KIND.validate  # with the counts its lines can hold

FIXTURE = FIXTURES / "puzzle-aquarium.com"
PAGE = FIXTURE / "normal_6x6_9990001.source.html"
TINY = Aquarium((2, 2, 1), (0, 2, 3), ((1, 2, 2), (1, 1, 3), (4, 4, 3)))


def marks(answer) -> str:
    """The site's text: `y` water, row by row."""
    return "".join("y" if v else "n" for row in answer for v in row)


# --------------------------------------------------------------------------- the rules


def random_board(seed: int) -> Aquarium:
    """Up to 12 cells, each a random tank of a few ids (a tank need not hang together for
    the rules), random counts (some none)."""
    rng = random.Random(seed)
    h, w = rng.randint(1, 4), rng.randint(1, 3)
    tanks = rng.randint(1, 4)

    def count(n: int) -> int | None:
        return None if rng.random() < 0.2 else rng.randint(0, n)

    return Aquarium(tuple(count(h) for _ in range(w)), tuple(count(w) for _ in range(h)),
                    tuple(tuple(rng.randint(1, tanks) for _ in range(w)) for _ in range(h)))


@settings(max_examples=40)
@given(st.integers(0, 10**9))
def test_the_solver_agrees_with_trying_every_fill(seed):
    agrees_with_brute_force(random_board(seed), is_solution)


def test_the_checker_knows_each_rule():
    assert is_solution(TINY, ((0, 0, 0), (1, 1, 0), (1, 1, 1)))
    assert not is_solution(TINY, ((0, 0, 0), (1, 0, 1), (1, 1, 1)))  # tank 1 not level
    assert not is_solution(TINY, ((1, 0, 0), (0, 0, 1), (1, 1, 1)))  # tank 1 above air
    assert not is_solution(TINY, ((0, 0, 0), (1, 1, 0), (1, 1, 0)))  # counts
    assert not is_solution(TINY, ((0, 0, 0),))  # the wrong shape


def test_water_is_level_across_a_tank_split_in_a_row():
    u = Aquarium((1, 0, 1), (0, 2), ((1, 1, 1), (1, 2, 1)))  # tank 1 holds the row's ends
    assert solve(u).solutions == (((0, 0, 0), (1, 0, 1)),)
    assert not is_solution(u, ((0, 0, 0), (1, 0, 0)))


def test_tanks_and_counts_of_other_sizes_are_refused():
    with pytest.raises(InvalidPuzzle, match="tanks are 2x1, its counts 2x2"):
        validate(Aquarium((1, 1), (1, 1), ((1, 2),)))
    with pytest.raises(InvalidPuzzle, match="row 1 of this Aquarium counts 3 cells"):
        validate(Aquarium((1, 1), (3, 1), ((1, 2), (1, 2))))


def test_every_site_pair_solves_to_the_pages_own_hash():
    for pair in pairs("aquarium"):
        solves_to_its_hash("aquarium", pair, marks)


def test_the_counts_come_first_columns_then_rows():
    pair = next(p for p in pairs("aquarium") if p["ident"] == "aquarium.0")
    board = board_of("aquarium", pair)  # 3_5_4_4_4_4_1_3_5_5_5_5;1,1,1,1,2,3,...
    assert board.columns == (3, 5, 4, 4, 4, 4) and board.rows == (1, 3, 5, 5, 5, 5)
    assert board.regions[0] == (1, 1, 1, 1, 2, 3)


# --------------------------------------------------------------------------- the page


def test_the_fixture_page_solves_to_its_hash():
    fixture_page_solves(PAGE, "aquarium")


@pytest.mark.parametrize("task, says", [
    ("3_4_5_3_4_4_2_6_1_2_6;1", "ends at offset 21 after 11 of its 12 numbers"),
    ("3_4_5_3_4_4_2_6_1_2_6_6", "has 1 part(s) where its grammar has 2"),
    ("3_4_5_3_4_4_2_6_1_2_6_6;" + "1," * 35 + "0", "holds '0' at offset 94 where a number "
     "from 1 belongs"),
    ("3_4_5_3_4_4_2_6_1_2_6_6;" + "1," * 36 + "1", "more than 36 numbers at offset 95"),
])
def test_a_faulty_task_is_exit_65_naming_the_offset(tmp_path, task, says):
    err = task_refused(PAGE, task, tmp_path)
    assert says in err and "Aquarium" in err


def test_board_json_round_trips(tmp_path):
    puzzle = round_trip(PAGE, tmp_path)
    assert puzzle["columns"] == [3, 4, 5, 3, 4, 4] and puzzle["rows"] == [2, 6, 1, 2, 6, 6]
    assert puzzle["regions"][0] == [3, 3, 3, 7, 6, 6]


@pytest.mark.parametrize("puzzle, says", [
    ({"columns": [1], "rows": [1], "regions": [[0]]}, "Aquarium row 1 holds 0"),
    ({"columns": [1], "rows": [1]}, 'needs "regions"'),
    ({"columns": [-1], "rows": [1], "regions": [[1]]}, "holds -1"),
])
def test_board_json_refuses_what_is_no_aquarium(tmp_path, puzzle, says):
    assert says in board_json_refused("aquarium", puzzle, tmp_path)


# --------------------------------------------------------------------------- the looks


def test_the_drawings_fit_80_columns_with_the_counts_around():
    board = board_of("aquarium", next(p for p in pairs("aquarium")
                                      if p["ident"] == "aquarium.8"))
    result = fits_80_columns(board, 15, 30)
    compact = plain_text(board, result, Style(compact=True, colour=False)).splitlines()
    assert compact[0].split() == ["3", "6", "5", "8", "6", "7", "4", "3", "5", "4", "7", "6",
                                  "8", "9", "8"]  # every count fits a cell: one line
    assert compact[2].startswith(" 1 │")


def test_water_and_counts_drawn_and_pictured():
    result = solve(TINY)
    ascii_ = plain_text(TINY, result, Style(ascii=True, colour=False)).splitlines()
    assert ascii_[0] == "    2  2  1"
    assert ascii_[4] == "2 |~~ ~~| .|"
    assert all(ord(ch) < 128 for line in ascii_ for ch in line)
    svg = kind_named("aquarium").svg(TINY, result.solutions[0])
    assert svg.count('class="water"') == 5 and svg.count(">2<") == 3
