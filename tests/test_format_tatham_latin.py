"""Tatham's Towers, Unequal and Singles IDs: Skyscrapers, Futoshiki (Renzoku in Unequal's
Adjacent mode) and Hitori boards.

The IDs marked "Tatham-made" are the games' own: the icons' saves (icons/*.sav, printed by
the generators) and the Guardian puzzles unequal.c's header comment lists. puzzle-
skyscrapers.com, puzzle-futoshiki.com and puzzle-hitori.com write their tasks in these same
descriptions, so every shared site pair is also an ID once the params go in front.
"""

from __future__ import annotations

import json

import family_game as family
import pytest
from conftest import SHARED_DATA, streams
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_format_tatham import TATHAM_MADE

from puzzlesat.cli import main
from puzzlesat.core import ParseError, Status, UnsupportedPuzzle
from puzzlesat.formats.tatham import game_of, read_game_id, write
from puzzlesat.kinds.futoshiki import Futoshiki
from puzzlesat.kinds.hitori import Hitori
from puzzlesat.kinds.renzoku import Renzoku
from puzzlesat.kinds.skyscrapers import Skyscrapers
from puzzlesat.solve import solve

needs_data = pytest.mark.skipif(not SHARED_DATA.exists(), reason="../shared/data is not there")
_ = None

TATHAM_MADE_LATIN = {
    "4de:2/2/1/3/2/2/3/1/3/1/2/2/2/3/2/1": "skyscrapers",  # icons/towers.sav
    "4de:0D,0,0L,0,0,0,0,0,0D,0U,0R,0,0,0,0,4,": "futoshiki",  # icons/unequal.sav
    "6x6dk:361566412253452144234115163346553461": "hitori",  # icons/singles.sav
    # unequal.c's Guardian puzzles #1, #5, #6
    "5:0,0L,0L,0,0,0R,0,0L,0D,0L,0R,0,2,0D,0,0,0,0,0,0,0U,0,0,0,0U,": "futoshiki",
    "5:0,0,0,0,0,0,2,0U,3U,0U,0,0,3,0,0,0,3,0D,4,0,0,0L,0R,0,0,": "futoshiki",
    "5:0D,0L,0,0R,0,0,0D,0,3,0D,0,0R,0,0R,0D,0U,0L,0,1,2,0,0,0U,0,0L,": "futoshiki",
}


def params_and_desc(game_id: str) -> tuple[str, str]:
    params, _, desc = game_id.partition(":")
    return params, desc


@pytest.mark.parametrize("game_id", TATHAM_MADE_LATIN)
def test_tatham_made_ids_solve_uniquely_and_write_back(game_id):
    board = read_game_id(game_id)
    assert board.kind == TATHAM_MADE_LATIN[game_id]
    assert solve(board).status is Status.UNIQUE
    params, desc = params_and_desc(game_id)
    size = params.rstrip("dek")  # the generator's difficulty is not written
    again = write(board)
    assert again == f"{size}:{desc}\n"
    assert read_game_id(again) == board


def test_towers_clues_run_top_bottom_left_right():
    board = read_game_id("4de:2/2/1/3/2/2/3/1/3/1/2/2/2/3/2/1")
    assert (board.top, board.bottom, board.left, board.right) == (
        (2, 2, 1, 3), (2, 2, 3, 1), (3, 1, 2, 2), (2, 3, 2, 1))
    assert board.grid == ((_,) * 4,) * 4


def test_unequal_flags_point_at_the_smaller_neighbour_in_urdl_order():
    board = read_game_id("5:0,0,0,4L,0L,0,2LU,0L,0U,0,0,0U,0,0,0,0,0D,0,3LRUD,0,0R,3,0L,0,0,")
    assert board.marks[1][1] == "UL" and board.marks[3][3] == "URDL"  # Guardian #2, as typed
    assert board.grid[0][3] == 4 and board.grid[3][3] == 3
    assert ",2UL," in write(board) and ",3URDL," in write(board)


def test_givens_side_by_side_are_written_with_an_underscore():
    grid = ((1, 2, _), (_, _, _), (_, _, 3))
    board = Skyscrapers(grid, (_,) * 3, (_,) * 3, (_,) * 3, (_,) * 3)
    assert write(board) == "3:///////////,1_2f3\n"
    assert read_game_id(write(board)) == board
    assert write(Skyscrapers(((_,) * 3,) * 3, (3, _, _), *(((_,) * 3,) * 3))) == "3:3///////////\n"


def test_adjacent_mode_is_renzoku_with_each_dot_on_both_cells():
    marks = (("RD", "RD", ""), ("RD", "", "D"), ("", "R", ""))  # the kind's example: one side
    board = Renzoku(((1, _, _), (_, _, _), (_, _, _)), marks)
    game_id = write(board)
    assert game_id.startswith("3a:1RD,0RDL,0L,0URD,0UL,0D,0U,0R,0UL,\n")
    again = read_game_id(game_id)
    assert again.kind == "renzoku" and again.dots() == board.dots()
    assert solve(again).solutions == solve(board).solutions


def test_singles_over_9_use_letters_and_over_36_capitals():
    grid = tuple(tuple((r + c) % 40 + 1 for c in range(40)) for r in range(40))
    game_id = write(Hitori(grid))
    assert game_id.startswith("40x40:123456789abcdefghijklmnopqrstuvwxyzABCDE2")
    assert game_of(*params_and_desc(game_id.strip())) == "singles"
    assert read_game_id(game_id).grid == grid


# --------------------------------------------------------------------------- which game


@pytest.mark.parametrize("game_id, game", [
    ("4:2/2/1/3/2/2/3/1/3/1/2/2/2/3/2/1", "towers"),
    ("4dx:2/2/1/3/2/2/3/1/3/1/2/2/2/3/2/1", "towers"),
    ("3:///////////,1_2f3", "towers"),
    ("4:2/2/1/3/2/2/3/1", "pattern"),  # 2N lines: Pattern's N x N
    ("4x4:2/2/1/3/2/2/3/1/3/1/2/2/2/3/2/1", "pattern"),  # two numbers: never Towers
    ("4:0D,0,0L,0,0,0,0,0,0D,0U,0R,0,0,0,0,4,", "unequal"),
    ("4a:0R,0L,0,0,0,0,0,0,0,0,0,0,0,0,0,4", "unequal"),
    ("4:c0,0,0,0,0,0,0,0,0,0,0,0,4,", "unequal"),  # a letter skips empty cells
    ("6x6:361566412253452144234115163346553461", "singles"),
    ("6:361566412253452144234115163346553461", "singles"),
    ("2x2:1221", "singles"),
    ("2:0000", "lightup"),  # a Singles cell is never 0
    ("2x2:1c", "rectangles"),
    ("10x10:" + "a" * 100, "rectangles"),  # covers 100 cells as Rectangles reads it
    ("6x6de:_c_ndg_a,2,0,2,1,0,2,1,2,1,0,1,2", "tents"),
])
def test_which_game_an_id_is(game_id, game):
    assert game_of(*params_and_desc(game_id)) == game


def test_a_number_past_the_longer_side_is_no_singles():
    """Net's descriptions are one hex digit a tile too: the bound keeps them apart."""
    with pytest.raises(ParseError, match="Tatham game ID: not enough data"):
        game_of("6x6", "361566412253452144234115163346553467")  # a 7: Rectangles' one cell


@pytest.mark.parametrize("game_id", TATHAM_MADE)
def test_the_other_games_ids_are_not_read_as_these(game_id):
    assert game_of(*params_and_desc(game_id)) not in ("towers", "unequal", "singles")


# --------------------------------------------------------------------------- the sites' tasks


def site_board(game: str, pair: dict):
    return family.board_of(game, pair)


@needs_data
@pytest.mark.parametrize("game, params", [
    ("skyscrapers", "{w}"), ("futoshiki", "{w}"), ("renzoku", "{w}a"), ("hitori", "{w}x{h}"),
])
def test_every_site_task_is_an_id_of_the_same_board(game, params):
    genre = "futoshiki" if game == "renzoku" else game
    for pair in family.pairs(game):
        if game == "renzoku":
            pair = {**pair, "ident": "renzoku." + pair["ident"].rpartition(".")[2]}
        site = family.board_of(genre, pair)
        game_id = params.format(w=pair["width"], h=pair["height"]) + ":" + pair["task"]
        board = read_game_id(game_id)
        assert kind_puzzle(board) == kind_puzzle(site), pair["ident"]
        assert read_game_id(write(board)) == board, pair["ident"]


def kind_puzzle(board) -> tuple:
    from puzzlesat.kinds import kind_of

    return board.kind, json.dumps(kind_of(board).to_json(board))


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize("game_id, says", [
    ("4:2/2/1/3/2/2/3/1/3/1/2/2/2/3/2", "Too few clues for grid size"),
    ("4d:2/2/1/3/2/2/3/1/3/1/2/2/2/3/2/1/", "Too many clues for grid size"),
    ("4:2/2/1/3/2/2/3/1/3/1/2/2/2/3/2/5", r"Clue number out of range \(clue 16 is 5"),
    ("4:2/2/1/3/2/2/3/1/3/1/2/2/2/3/2/0", "Clue number out of range"),
    ("4d:2/2/1/3/2/2/3/1/3/1/2/2/2/3/2", "Too few clues"),
    ("2:2/2/1/3/2/2/3", "Grid size must be between 3 and 9"),
    ("4:2/2/1/3/2/2/3/1/3/1/2/2/2/3/2/1,o", "not enough data to fill grid"),
    ("4:2/2/1/3/2/2/3/1/3/1/2/2/2/3/2/1,p1", "too much data to fit in grid"),
    ("4:2/2/1/3/2/2/3/1/3/1/2/2/2/3/2/1,o5", "Out-of-range number in grid description"),
    ("4:2/2/1/3/2/2/3/1/3/1/2/2/2/3/2/1,oA", "invalid character 'A' at position 2"),
    ("4:0D,0,0L,0,0,0,0,0,0D,0U,0R,0,0,0,0", "Not enough data to fill grid"),
    ("4:0D,0,0L,0,0,0,0,0,0D,0U,0R,0,0,0,0,4,0", "Too much data to fit in grid"),
    ("4:0D,0,0L,0,0,0,0,0,0D,0U,0R,0,0,0,0,5,", "Number out of range .*at position 36"),
    ("4:0U,0,0L,0,0,0,0,0,0D,0U,0R,0,0,0,0,4,", r"Flags go off grid \(the U of row 1, column 1"),
    ("4:0R,0L,0,0,0,0,0,0,0,0,0,0,0,0,0,4,", "Flags contradicting each other"),
    ("4a:0R,0,0,0,0,0,0,0,0,0,0,0,0,0,0,4,", "Flags contradicting each other"),
    ("2:0,0,0,0", "Order must be between 3 and 32"),
    ("1x4:1111", "Width and height must be at least two"),
])
def test_bad_ids_say_what_the_c_source_says(game_id, says):
    with pytest.raises(ParseError, match=says) as refused:
        read_game_id(game_id)
    assert "\n" not in str(refused.value) and refused.value.hint


def test_a_bad_id_on_the_command_line_is_exit_65_naming_the_fault():
    env = streams()
    assert main(["solve", "4:2/2/1/3/2/2/3/1/3/1/2/2/2/3/2/5"], env=env) == 65
    assert "Clue number out of range" in env.stderr.getvalue()


@pytest.mark.parametrize("board, says", [
    (Skyscrapers(((_,) * 10,) * 10, *(((_,) * 10,) * 4)), "3 to 9 a side"),
    (Futoshiki(((_, _, _),) * 3, (("R", "L", ""),) + (("", "", ""),) * 2), "point at each other"),
    (Futoshiki(((_, _),) * 2, (("", ""),) * 2), "3 to 32 a side"),
    (Hitori(((1, 2, 5), (2, 1, 3))), "1 to the longer side"),
    (Hitori(((1,),)), "2 to 62 a side"),
])
def test_boards_these_games_cannot_hold_are_refused(board, says):
    with pytest.raises(UnsupportedPuzzle, match=says):
        write(board)


# --------------------------------------------------------------------------- any board

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STEP_LETTERS = {(-1, 0): "U", (0, 1): "R", (1, 0): "D", (0, -1): "L"}  # URDL: as written


def givens(draw, n: int) -> tuple:
    value = st.one_of(st.none(), st.integers(1, n))
    return tuple(tuple(draw(value) for _ in range(n)) for _ in range(n))


def marks_of(n: int, arrows: list[tuple[tuple[int, int], tuple[int, int]]]) -> tuple:
    """Rows of letter strings, in URDL order, for (cell, neighbour it points at) pairs."""
    letters: dict = {}
    for (r, c), (r2, c2) in arrows:
        letters.setdefault((r, c), set()).add(STEP_LETTERS[r2 - r, c2 - c])
    return tuple(tuple("".join(ch for ch in "URDL" if ch in letters.get((r, c), ()))
                       for c in range(n)) for r in range(n))


@st.composite
def latin_boards(draw):
    """A Futoshiki (each neighbour pair unmarked or a sign either way), a Renzoku (a dot on
    both cells) or a Skyscrapers, 3 to 9 a side."""
    n = draw(st.integers(3, 9))
    grid = givens(draw, n)
    pairs = [((r, c), (r + dr, c + dc)) for r in range(n) for c in range(n)
             for dr, dc in ((0, 1), (1, 0)) if r + dr < n and c + dc < n]
    game = draw(st.sampled_from(["futoshiki", "renzoku", "skyscrapers"]))
    if game == "skyscrapers":
        clue = st.one_of(st.none(), st.integers(1, n))
        return Skyscrapers(grid, *(tuple(draw(clue) for _ in range(n)) for _ in range(4)))
    marked = [pair for pair in pairs if draw(st.booleans())]
    if game == "renzoku":
        return Renzoku(grid, marks_of(n, [*marked, *((b, a) for a, b in marked)]))
    return Futoshiki(grid, marks_of(n, [(a, b) if draw(st.booleans()) else (b, a)
                                        for a, b in marked]))


@SETTINGS
@given(latin_boards())
def test_any_latin_board_round_trips(board):
    game_id = write(board)
    assert game_of(*params_and_desc(game_id.strip())) in ("towers", "unequal")
    assert read_game_id(game_id) == board


@SETTINGS
@given(st.integers(2, 14), st.integers(2, 14), st.data())
def test_any_hitori_grid_round_trips(width, height, data):
    top = max(width, height)
    cell = st.integers(1, top)
    board = Hitori(tuple(tuple(data.draw(cell) for _ in range(width)) for _ in range(height)))
    game_id = write(board)
    assert game_of(*params_and_desc(game_id.strip())) == "singles", game_id
    assert read_game_id(game_id) == board
