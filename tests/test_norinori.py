"""Norinori of puzzle-norinori.com: the kind and the family game.

The solver agrees with trying every shading on small boards; the decoded puzzles of the
shared data solve to their known answers and every real pair of the site to the page's own
hash, uniqueness proven; the task's faults are exit 65 naming the offset; board JSON
round-trips; the drawings fit 80 columns.
"""

from __future__ import annotations

import family_game as family
import pytest
from conftest import FIXTURES
from hypothesis import given, settings
from hypothesis import strategies as st
from shading import marks

from puzzlesat.drawing import Style
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.norinori import KIND, Norinori
from puzzlesat.render import plain_text
from puzzlesat.solve import solve

is_solution = KIND.is_solution  # the checker as declared: the shape asked first

FIXTURE = FIXTURES / "puzzle-norinori.com"
PAGE = FIXTURE / "normal_6x6_8880001.source.html"


def rows(text: str) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(v) for v in row) for row in text.split())


# --------------------------------------------------------------------------- the rules


boards = st.integers(1, 4).flatmap(
    lambda w: st.lists(st.lists(st.integers(1, 3), min_size=w, max_size=w),
                       min_size=1, max_size=12 // w)
)


@settings(max_examples=40, deadline=None)
@given(boards)
def test_the_solver_agrees_with_trying_every_shading(ids):
    family.agrees_with_brute_force(Norinori(tuple(map(tuple, ids))), is_solution)


def test_the_checker_knows_each_rule():
    board = Norinori(rows("2222 3332 3311 4444"))
    good = solve(board).solutions[0]
    assert is_solution(board, good)
    assert not is_solution(Norinori(rows("11 22")), rows("11 11"))  # a shaded 2x2 block
    assert not is_solution(Norinori(rows("112 112")), rows("101 000"))  # no partner
    assert not is_solution(Norinori(rows("1111")), rows("1110"))  # three in a region
    assert not is_solution(board, good[:2])  # the wrong shape


def test_every_decoded_puzzle_solves_to_its_known_answer():
    family.solves_every_decoded_puzzle(  # `-` rows (no givens), then as many rows of region ids
        "norinori", lambda lines: Norinori(tuple(tuple(int(v) for v in row)
                                                for row in lines[len(lines) // 2:])),
        lambda lines: tuple(tuple(int(v == "x") for v in row) for row in lines))


def test_every_site_pair_solves_to_the_pages_own_hash():
    for pair in family.pairs("norinori"):
        if pair["width"] <= 20:  # the bench solves the 30x30 and 40x40 too
            family.solves_to_its_hash("norinori", pair, marks)


# --------------------------------------------------------------------------- the page


def test_the_fixture_page_solves_to_its_hash():
    family.fixture_page_solves(PAGE, "norinori")


FAULTS = {  # a 6x6 page's task with a fault, and what the refusal says of it
    "short": ([2] * 35, "ends at offset 69 after 35 of its 36 numbers"),
    "long": ([2] * 37, "has more than 36 numbers at offset 71"),
    "letter": ([2] * 9 + ["y"] + [2] * 26, "holds 'y' at offset 18"),
    "zero": ([2] * 5 + [0] + [2] * 30, "holds '0' at offset 10"),
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_faulty_task_is_exit_65_naming_the_offset(tmp_path, fault):
    ids, says = FAULTS[fault]
    err = family.task_refused(PAGE, ",".join(map(str, ids)), tmp_path)
    assert says in err and "Norinori" in err


def test_board_json_round_trips_and_refuses_other_things(tmp_path):
    assert family.round_trip(PAGE, tmp_path)["regions"][0] == [6, 7, 7, 7, 3, 3]
    said = family.board_json_refused("norinori", {"regions": [[1, "x"]]}, tmp_path)
    assert "Norinori row 1 holds" in said


# --------------------------------------------------------------------------- the looks


def test_the_drawings_fit_80_columns_and_show_every_cell():
    pair = next(p for p in family.pairs("norinori") if p["ident"] == "norinori.9")
    family.fits_80_columns(family.board_of("norinori", pair), 20, 20)


def test_shaded_cells_drawn_and_pictured():
    board = Norinori(rows("2222 3332 3311 4444"))
    result = solve(board)
    svg = kind_named("norinori").svg(board, result.solutions[0])
    assert svg.count('class="shaded"') == 8
    assert plain_text(board, result, Style(ascii=True, colour=False)).count("##") == 8
