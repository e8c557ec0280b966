"""Thermometers of puzzle-thermometers.com: the kind and the family game.

The solver agrees with trying every fill on small boards; the decoded puzzles of the shared
data solve to their known answers and every real pair of the site to the page's own hash,
uniqueness proven; the task's faults are exit 65 naming the offset; board JSON round-trips;
the drawings fit 80 columns with the counts around the grid.
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
    solves_every_decoded_puzzle,
    solves_to_its_hash,
    task_refused,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.core import InvalidPuzzle
from puzzlesat.drawing import Style
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.thermometers import KIND, Thermometers
from puzzlesat.render import plain_text
from puzzlesat.solve import solve

is_solution = KIND.is_solution  # the checker as declared: the shape asked first, the counts
validate = KIND.validate  # with the counts its lines can hold

FIXTURE = FIXTURES / "puzzle-thermometers.com"
PAGE = FIXTURE / "easy_6x6_8880001.source.html"
TINY = Thermometers((2, 2, 2), (2, 2, 2), (((0, 0), (1, 0), (2, 0)), ((0, 1), (0, 2)),
                                           ((1, 2), (1, 1)), ((2, 2), (2, 1))))


def marks(answer) -> str:
    """The site's text: `y` a filled cell, row by row."""
    return "".join("y" if v else "n" for row in answer for v in row)


# --------------------------------------------------------------------------- the rules


def random_board(seed: int) -> Thermometers:
    """Up to 12 cells cut into thermometers by random walks, random counts (some none)."""
    rng = random.Random(seed)
    h, w = rng.randint(1, 4), rng.randint(1, 3)
    free = {(r, c) for r in range(h) for c in range(w)}
    paths = []
    while free:
        path = [rng.choice(sorted(free))]
        free.discard(path[0])
        while rng.random() < 0.7:
            r, c = path[-1]
            steps = [n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in free]
            if not steps:
                break
            path.append(rng.choice(steps))
            free.discard(path[-1])
        paths.append(tuple(path))
    def count(n: int) -> int | None:
        return None if rng.random() < 0.2 else rng.randint(0, n)
    return Thermometers(tuple(count(h) for _ in range(w)), tuple(count(w) for _ in range(h)),
                        tuple(paths))


@settings(max_examples=40)
@given(st.integers(0, 10**9))
def test_the_solver_agrees_with_trying_every_fill(seed):
    agrees_with_brute_force(random_board(seed), is_solution)


def test_the_checker_knows_each_rule():
    assert is_solution(TINY, ((1, 1, 0), (1, 0, 1), (0, 1, 1)))
    assert not is_solution(TINY, ((0, 1, 1), (1, 0, 1), (1, 1, 0)))  # gaps below the bulbs
    assert not is_solution(TINY, ((1, 1, 0), (1, 0, 1), (0, 1, 0)))  # counts
    assert not is_solution(TINY, ((1, 1, 0),))  # the wrong shape
    off = Thermometers((1,), (0, 1), (((0, 0),),))  # (1, 0) is on no thermometer
    assert not is_solution(off, ((0,), (1,)))


@pytest.mark.parametrize("paths, says", [
    ((((0, 0), (1, 1)),), "jumps"),
    ((((0, 0),), ((0, 0),)), "on another"),
    ((((0, 5),),), "off the 2x2 board"),
])
def test_thermometers_off_the_board_or_broken_are_refused(paths, says):
    with pytest.raises(InvalidPuzzle, match=says):
        validate(Thermometers((1, 1), (1, 1), paths))


def test_every_decoded_puzzle_solves_to_its_known_answer():
    def board(rows):
        paths: dict[str, list] = {}
        for r, row in enumerate(rows[2:]):
            for c, token in enumerate(row):
                thermometer, place = token.split(".")
                paths.setdefault(thermometer, []).append((int(place), (r, c)))
        return Thermometers(tuple(map(int, rows[0])), tuple(map(int, rows[1])),
                            tuple(tuple(cell for _, cell in sorted(p)) for p in paths.values()))

    solves_every_decoded_puzzle(
        "thermometers", board, lambda rows: tuple(tuple(int(v == "x") for v in row)
                                                  for row in rows))


def test_every_site_pair_solves_to_the_pages_own_hash():
    for pair in pairs("thermometers"):
        solves_to_its_hash("thermometers", pair, marks)


def test_straight_thermometers_start_at_the_first_free_cell():
    pair = next(p for p in pairs("thermometers") if p["ident"] == "thermometers.0")
    board = board_of("thermometers", pair)  # 2_1_2_2_2_3_1_1;2,3;3,2;2,3;1,3;4,2;2,3
    assert board.columns == (2, 1, 2, 2) and board.rows == (2, 3, 1, 1)
    assert board.thermometers[:3] == (((0, 2), (0, 1), (0, 0)), ((0, 3), (1, 3)),
                                      ((1, 2), (1, 1), (1, 0)))
    assert board.thermometers[4] == ((3, 3), (2, 3))  # 4,2: its bulb at the bottom


# --------------------------------------------------------------------------- the page


def test_the_fixture_page_solves_to_its_hash():
    fixture_page_solves(PAGE, "thermometers")


@pytest.mark.parametrize("task, says", [
    ("5_3_5_3_3_6_4_3_5_5_3;1,4", "ends at offset 21 after 11 of its 12 numbers"),
    ("5_3_5_3_3_6_4_3_5_5_3_5;1,4", "ends at offset 27 with 4 cells on its thermometers"),
    ("5_3_5_3_3_6_4_3_5_5_3_5;7,4", "gives the thermometer at offset 24 as '7,4'"),
    ("5_3_5_3_3_6_4_3_5_5_3_5;5,0,36", "off the board or over another"),
    ("5_3_5_3_3_6_4_3_5_5_3_5;3,6;3,6;3,6;3,6;3,6;3,6;1,1", "runs on past its last cell"),
])
def test_a_faulty_task_is_exit_65_naming_the_offset(tmp_path, task, says):
    err = task_refused(PAGE, task, tmp_path)
    assert says in err and "Thermometers" in err


def test_board_json_round_trips(tmp_path):
    puzzle = round_trip(PAGE, tmp_path)
    assert puzzle["columns"] == [5, 3, 5, 3, 3, 6]
    assert puzzle["thermometers"][0] == [[0, 0], [0, 1], [0, 2], [0, 3]]


@pytest.mark.parametrize("puzzle, says", [
    ({"columns": [1], "rows": [1], "thermometers": [[[0, "a"]]]}, "not a cell [row, column]"),
    ({"columns": [1], "rows": [1], "thermometers": [[]]}, 'needs "thermometers"'),
    ({"columns": [1], "rows": "x", "thermometers": [[[0, 0]]]}, '"rows"'),
])
def test_board_json_refuses_what_is_no_thermometer(tmp_path, puzzle, says):
    assert says in board_json_refused("thermometers", puzzle, tmp_path)


# --------------------------------------------------------------------------- the looks


def test_the_drawings_fit_80_columns_with_the_counts_around():
    board = board_of("thermometers", next(p for p in pairs("thermometers")
                                          if p["ident"] == "thermometers.7"))
    result = fits_80_columns(board, 15, 30)
    compact = plain_text(board, result, Style(compact=True, colour=False)).splitlines()
    assert compact[0].split() == ["1", "1", "1", "1"]  # 12, 12, 11, 10 written downwards
    assert compact[1].split()[:3] == ["2", "9", "9"]
    assert compact[3].startswith(" 8 │")


def test_bulbs_fill_and_counts_drawn_and_pictured():
    result = solve(TINY)
    ascii_ = plain_text(TINY, result, Style(ascii=True, colour=False)).splitlines()
    assert ascii_[0] == "    2  2 2" and ascii_[2] == "2 | @| @ .|"
    assert all(ord(ch) < 128 for line in ascii_ for ch in line)
    svg = kind_named("thermometers").svg(TINY, result.solutions[0])
    assert svg.count('class="filled"') == 2 and svg.count("<circle") == 4
    assert svg.count(">2<") == 6
