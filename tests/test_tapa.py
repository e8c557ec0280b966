"""Tapa of puzzle-tapa.com: the kind and the family game.

The solver agrees with trying every shading on small boards; every real pair of the site
solves to the page's own hash, uniqueness proven under the connectivity rule; a digit run is
one cell's clue list; board JSON round-trips.
"""

from __future__ import annotations

from conftest import FIXTURES
from family_game import (
    board_of,
    fixture_page_solves,
    pairs,
    solves_to_its_hash,
    task_refused,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from shading import every_shading, marks, page_of

from puzzlesat.core import Status
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.tapa import KIND, Tapa, runs
from puzzlesat.solve import solve

is_solution = KIND.is_solution  # the checker as declared: the shape asked first

clues = st.one_of(st.none(), st.none(), st.sampled_from([(1,), (2,), (3,), (1, 1), (1, 2), (0,)]))
boards = st.sampled_from([(3, 3), (3, 4), (2, 5), (4, 3)]).flatmap(
    lambda shape: st.lists(st.lists(clues, min_size=shape[1], max_size=shape[1]),
                           min_size=shape[0], max_size=shape[0]))


@settings(max_examples=40, deadline=None)
@given(boards)
def test_the_solver_agrees_with_trying_every_shading(rows):
    board = Tapa(tuple(map(tuple, rows)))
    every = every_shading(board, is_solution)
    result = solve(board)
    assert result.status is (Status.NONE, Status.UNIQUE, Status.MULTIPLE)[min(len(every), 2)]
    assert all(answer in every for answer in result.solutions)


def test_runs_close_around_the_ring():
    assert runs([1, 0, 0, 0, 0, 0, 1, 1]) == (3,)
    assert runs([1, 0, 1, 0, 1, 1, 0, 0]) == (1, 1, 2)
    assert runs([1] * 8) == (8,)
    assert runs([0] * 8) == ()


def test_the_checker_knows_each_rule():
    board = Tapa((((3,), None), (None, None)))
    assert is_solution(board, ((0, 1), (1, 1)))
    assert not is_solution(board, ((1, 1), (1, 1)))  # the clue shaded (and a 2x2)
    assert not is_solution(Tapa((((1, 1), None, None),) * 1), ((0, 1, 0),))  # one run
    assert not is_solution(Tapa(((None, (0,), None),)), ((1, 0, 1),))  # apart, and not 0
    assert not is_solution(board, ((0, 1),))  # the wrong shape


def test_every_site_pair_solves_to_the_pages_own_hash():
    for pair in pairs("tapa"):
        if pair["width"] <= 20:  # the bench solves the 35x35 too
            solves_to_its_hash("tapa", pair, marks)


def test_a_digit_run_is_one_cells_clue_list():
    board = board_of("tapa", next(p for p in pairs("tapa") if p["ident"] == "tapa.0"))
    assert board.clues[0][:4] == (None, None, (1, 2), (1, 2))  # `b12_12`


def test_board_json_round_trips():
    kind = kind_named("tapa")
    board = board_of("tapa", next(p for p in pairs("tapa") if p["ident"] == "tapa.3"))
    assert kind.from_json(kind.to_json(board), "site pair") == board


def test_a_faulty_page_is_exit_65_in_one_line(tmp_path):
    err = task_refused(page_of("tapa", tmp_path), "b12_12c15b7g5d5g5b4aA", tmp_path)
    assert "the Tapa task holds 'A' at offset 20" in err, err


def test_the_fixture_page_solves_to_its_hash_without_the_shared_data():
    """A page of this project's own puzzle (tools/make_shading_fixtures.py): read, solved
    and checked against its hash from a fresh clone."""
    fixture_page_solves(FIXTURES / "puzzle-tapa.com" / "normal_4x4_3330001.source.html", "tapa")
