"""Tents of puzzle-tents.com, and Tatham's Tents IDs: the kind and the family game.

The solver agrees with trying every placement on small boards; the decoded puzzles of the
shared data solve to their known answers and every real pair of the site to the page's own
hash, uniqueness proven over the tents; the task's faults are exit 65 naming the offset;
Tatham's IDs (tents.c's grammar, which is the site's) read, solve and write back; board
JSON round-trips; the drawings fit 80 columns with the counts beside them.
"""

from __future__ import annotations

import family_game as family
import pytest
from conftest import FIXTURES
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.core import ParseError, Status, UnsupportedPuzzle
from puzzlesat.drawing import Style
from puzzlesat.formats.tatham import game_of, read_game_id, write
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.tents import KIND, Tents
from puzzlesat.render import plain_text
from puzzlesat.solve import solve

is_solution = KIND.is_solution  # the checker as declared: the shape asked first, the counts

FIXTURE = FIXTURES / "puzzle-tents.com"
PAGE = FIXTURE / "easy_6x6_9990001.source.html"
SITE_6X6 = "_c_ndg_a,2,0,2,1,0,2,1,2,1,0,1,2"  # the task of a real 6x6 pair (tents.0)


def tents(text) -> str:
    """The site's text: `y` a tent, row by row."""
    return "".join("y" if v else "n" for row in text for v in row)


# --------------------------------------------------------------------------- the rules


def _board(cells: list[str], columns: list[int], rows: list[int]) -> Tents:
    return Tents(tuple(columns), tuple(rows), tuple(cells))


boards = st.sampled_from([(2, 2), (2, 3), (3, 3), (3, 4), (2, 5)]).flatmap(
    lambda shape: st.tuples(
        st.lists(st.text("..T", min_size=shape[1], max_size=shape[1]),
                 min_size=shape[0], max_size=shape[0]),
        st.lists(st.integers(0, 2), min_size=shape[1], max_size=shape[1]),
        st.lists(st.integers(0, 2), min_size=shape[0], max_size=shape[0])))


@settings(max_examples=40, deadline=None)
@given(boards)
def test_the_solver_agrees_with_trying_every_placement(drawn):
    family.agrees_with_brute_force(_board(*drawn), is_solution)


def test_the_checker_knows_each_rule():
    board = Tents((1, 0, 1), (0, 0, 2), ("...", "T..", ".T."))
    assert is_solution(board, ((0, 0, 0), (0, 0, 0), (1, 0, 1)))
    assert not is_solution(board, ((1, 0, 0), (0, 0, 0), (0, 0, 1)))  # the row counts
    assert not is_solution(Tents((1, 1), (1, 1), ("T.", ".T")), ((0, 1), (1, 0)))  # touch
    pair = Tents((0, 1, 0), (0, 1), ("T.T", "..."))
    assert not is_solution(pair, ((0, 0, 0), (0, 1, 0)))  # two trees, one tent
    lone = Tents((0, 0, 0, 1), (1,), ("T...",))
    assert not is_solution(lone, ((0, 0, 0, 1),))  # the tent far from its tree
    assert not is_solution(board, ((0, 0, 0),))  # the wrong shape


def test_two_pairings_of_one_placement_are_one_answer():
    # tents.c's puzzle of its design notes: the four tents pair off with the four trees in
    # two ways; the tents are the answer, so it is unique
    board = Tents((2, 0, 2), (2, 0, 2), (".T.", "T.T", ".T."))
    result = solve(board)
    assert result.status is Status.UNIQUE
    assert result.solutions[0] == ((1, 0, 1), (0, 0, 0), (1, 0, 1))


def test_every_decoded_puzzle_solves_to_its_known_answer():
    family.solves_every_decoded_puzzle(  # the counts, columns' then rows', then `x` a tree
        "tents", lambda lines: Tents(
            tuple(map(int, lines[0])), tuple(map(int, lines[1])),
            tuple("".join("T" if v == "x" else "." for v in row) for row in lines[2:])),
        lambda lines: tuple(tuple(int(v == "o") for v in row) for row in lines))


def test_every_site_pair_solves_to_the_pages_own_hash():
    for pair in family.pairs("tents"):
        family.solves_to_its_hash("tents", pair, tents)


# --------------------------------------------------------------------------- the page


def test_the_fixture_page_solves_to_its_hash():
    family.fixture_page_solves(PAGE, "tents")


FAULTS = {  # a 6x6 page's task with a fault, and what the refusal says of it
    "no counts": ("_c_ndg_a", "has 1 part(s) where its grammar has 2"),
    "few counts": (SITE_6X6[:-2], "ends at offset 30 after 11 of its 12 numbers"),
    "short trees": ("_c_ndg," + SITE_6X6[9:], "trees end at offset 6 after 34 cells"),
    "long trees": ("_c_ndgbb," + SITE_6X6[9:], "trees run past the last cell at offset"),
    "a digit": ("_c_n2dg_a," + SITE_6X6[9:], "holds '2' at offset 4"),
    "a tent mark": ("_c_n!dg_a," + SITE_6X6[9:], "holds '!' at offset 4"),
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_faulty_task_is_exit_65_naming_the_offset(tmp_path, fault):
    task, says = FAULTS[fault]
    err = family.task_refused(PAGE, task, tmp_path)
    assert says in err and "Tents" in err


def test_board_json_round_trips_and_refuses_other_things(tmp_path):
    puzzle = family.round_trip(PAGE, tmp_path)
    assert puzzle["cells"][0] == "TT...." and puzzle["columns"] == [1, 0, 2, 1, 1, 1]
    said = family.board_json_refused("tents", {"cells": ["T."], "columns": [1, 0], "rows": [-1]},
                              tmp_path)
    assert "rows' counts" in said
    narrow = {"cells": ["T."], "columns": [1], "rows": [1]}
    said = family.board_json_refused("tents", narrow, tmp_path)
    assert "this Tents' cells are 2x1, its counts 1x1" in said


# --------------------------------------------------------------------------- Tatham's IDs


@pytest.mark.parametrize("params", ["6x6", "6x6de", "6x6dt"])
def test_tatham_ids_read_as_the_site_writes_its_task(params):
    board = read_game_id(f"{params}:{SITE_6X6}")
    assert board.kind == "tents" and game_of(params, SITE_6X6) == "tents"
    real = next(p for p in family.pairs("tents") if p["ident"] == "tents.0")
    site = family.board_of("tents", real)
    assert (board.cells, board.columns, board.rows) == (site.cells, site.columns, site.rows)
    assert solve(board).status is Status.UNIQUE
    assert write(board) == f"6x6:{SITE_6X6}\n"


def test_long_runs_are_z_then_the_rest_and_read_back():
    board = Tents((0,) * 30, (0,) * 4, ("T" + "." * 29, "." * 29 + "T", "." * 30, "." * 30))
    game_id = write(board)
    assert game_id.startswith("30x4:_zzhzzj,") and read_game_id(game_id) == board


def test_tatham_givens_mark_the_cell_before():
    board = read_game_id("5x5:z!_,0,0,0,0,1,0,0,0,0,1")  # 25 empty cells, the 25th a tent
    assert board.cells[4] == "....A" and board.cells[0] == "....."


@pytest.mark.parametrize("game_id, says", [
    ("6x6:_c_ndg_a,2,0,2,1,0,2,1,2,1,0,1", "Not enough numbers"),
    ("6x6:_c_ndg_a,2,0,2,1,0,2,1,2,1,0,1,2,3", "Unexpected additional data"),
    ("6x6:_c_ndg_b,2,0,2,1,0,2,1,2,1,0,1,2", "Too much data to fill grid"),
    ("6x6:_c_ndg,2,0,2,1,0,2,1,2,1,0,1,2", "Not enough data to fill grid"),
])
def test_bad_tatham_ids_say_what_tents_c_says(game_id, says):
    with pytest.raises(ParseError, match=says):
        read_game_id(game_id)


def test_a_board_with_givens_or_too_small_is_not_written():
    with pytest.raises(UnsupportedPuzzle, match="at least 4"):
        write(Tents((1, 0), (1,), ("T.",)))
    with pytest.raises(UnsupportedPuzzle, match="only trees"):
        write(Tents((0,) * 4, (0,) * 4, ("TA..",) * 4))


# --------------------------------------------------------------------------- the looks


def test_the_drawings_fit_80_columns_and_show_every_cell():
    pair = max(family.pairs("tents"), key=lambda p: p["width"])
    family.fits_80_columns(family.board_of("tents", pair), 20, 20)


def test_trees_tents_and_counts_drawn_and_pictured():
    board = Tents((1, 0, 1), (0, 0, 2), ("...", "T..", ".T."))
    result = solve(board)
    lines = plain_text(board, result, Style(ascii=True, colour=False)).splitlines()
    assert lines[:5] == ["    1 0 1", "  +------+", "0 | . . .|", "0 | T . .|", "2 | A T A|"]
    svg = kind_named("tents").svg(board, result.solutions[0])
    assert svg.count(">▲<") == 2 and svg.count(">♣<") == 2 and ">2<" in svg
