"""Tatham game IDs (formats/tatham/): Pattern, Rectangles, Solo and Light Up, read and written.

The IDs below marked "Tatham-made" were printed by the games' own generators (`new_desc` of
sgt-puzzles' pattern.c, rect.c and solo.c, random seeds); every one is unique, and our writer
gives each back character for character.
"""

from __future__ import annotations

import json
import re

import pytest
from conftest import SHARED_DATA
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_linear_parse import assert_linear

from puzzlesat import load
from puzzlesat.core import Page, ParseError, Status, UnsupportedPuzzle
from puzzlesat.formats import FORMATS, grid_text, non, sudoku_lines, taai, tatham
from puzzlesat.formats.tatham import (
    FORMAT,
    game_of,
    looks_like_game_id,
    read_game_id,
    recognises,
    write,
)
from puzzlesat.kinds import board_record
from puzzlesat.kinds.nonogram.board import Nonogram, from_picture
from puzzlesat.kinds.shikaku.board import Shikaku
from puzzlesat.kinds.sudoku.board import Sudoku
from puzzlesat.letter_runs import encode_cells as write_cells
from puzzlesat.solve import solve
from puzzlesat.sources.puzzle_family import BY_NAME, Task
from puzzlesat.sources.puzzle_family.games.sudoku import decode as decode_sudoku

FORMATS_MD_EXAMPLE = "4x4:2/1/2/1/1.1/2/1/1"  # formats.md 4.2: unique, not line-solvable

TATHAM_MADE = {
    # Pattern
    "5x5:1/1/2.2/4/3/2/3/2/3/3": "nonogram",
    "5x5:1.1.1/4/1/3/1.1/2.2/1.1/4/1/1.1": "nonogram",
    "10x6:2/4/4/3/2/1.1/1.1.1/2.3/1/1.3/3.3/7/3.1/3.2.1/2.1.1/3": "nonogram",
    "3x2:/2/1/2/1": "nonogram",  # an empty column: an empty clue line
    "15x15:1.2.4.2/1.1.2.1/1.6/1.8/11/11/3.7/4.8/6.4/5.2/5.1.2/3.1/2.1/2/2.3/1.2/2.3/9.1/"
    "13.1/2.3/2.4.1/1.6/7/1.6.1/1.6/8.1/9.2/4.2.2/1.4/2.5": "nonogram",
    # Rectangles
    "7x7:b2_2f3a2i6a6b5_7b3a3c2_8j": "shikaku",
    "7x7:o6a4a4_4a6b4f6d6_3c3c3b": "shikaku",
    "9x9:h2c8f12b3g2a3c12c9g3d10h2d2a6f5_2c": "shikaku",
    "12x10:2_9i2l2b15b2k2b16e16_2m7u6b2b6d9e2a8b3c7d2": "shikaku",
    "40x3:a2d20h7c2h16i10r8k7f3b3a4a2a2c4a2_2g9d4c13j": "shikaku",
    "30x30:a3a2y3_4_2f44w9f40x8b2z2a5_4c9h8g3f29x2_2p8f2e2k6n4a6s30g2k32a4a4_2j4_2s6_3e4a2a7_"
    "11_5zo128zb12zu2zzr90zv6a3j2_2b2_2a2a2a9g3c14h6e14a3d27p6_2a2_3g3c13i30f2g3o6_6j4a3e3b2a3"
    "e8e2d3a2j2c12h5b4i6_2_2a2f13i4b2q20h2a2j5b2g14i12b4a2a3b3g8d7i": "shikaku",  # z runs
    # Solo
    "2x2:4d2_1b4_3d1": "sudoku",
    "3x3:a7a6a8a4a3_8b7a1a5c3_5k3_4b2_9a3_8b9_3k6_9c5a7a8b2_9a1a2a7a6a": "sudoku",
    "2x3:b6a5b4_1e4a1b2a5e4_2b1a3b": "sudoku",
    "3x2:2b1_5c4d4a2a1_1a5a4d3c6_1b5": "sudoku",
    "3x4:a10_9b8c2b5a4d10_9a11_6_6a8f1a7e12a8a7a3c7_2a1b9_10b12d5_3_11a8_2_2_5a9_1_4d6b8_1b11a"
    "6_4c4a7a8a10e3a2f4a11_7_1a4_9d10a8b5c8b12_3a": "sudoku",
    "4x4:g6_4a16_10_5a7a16a12_2b7a9_3_14b13b7b11_4b13_6c12_1c4c2_14b7_5a6b16_10_1_5a8_12_13_2_14d"
    "9d2c11_4c3_13e13_9a6a10_12a1a16_11a7c4_15_16e9_3b10_3b15_14e8_12_9c8a9_6a13a1_16a10a2_3e13_"
    "5c1_9c7d11d8_3_13_4_7a16_10_15_2b5a7_6b1_13c9c15_10c9_7b11_1b14b8b4_10_14a15b11_5a3a9a16_12_"
    "1a11_8g": "sudoku",
    "5j:a5f5_2b2b1_3f1a,a_a__a_a___bbfca_ca": "sudoku",
    "5j:a4d2a3_1e1_3a5d1a,bbe___cb_ba___b_bb": "sudoku",
    "7j:a6_4f1_3c5b7_4b1e2b5_6b3c4_7f1_3a,a_d_____b__aabbd_dbcc___d_babbab_a_bb": "sudoku",
    "9j:a1_8b7_2c4b5c7a3d6_8a9a2b3e5c1e4b7a6a7_4d9a6c3b4c6_8b4_2a,cba_b_b_bbbaaaa_c_aa_c___acaaae"
    "ccaba__a__cacb_a_adc__a__aa___gc": "sudoku",
    "9j:4c3a7_6_8_7f9_3a3c1c9_6w3_7c4c2a5_4f1_8_9_2a5c6,cbb___c_bb___adbd___cb__ca____bfeca___bac"
    "_abbd_aa_baabbaabbb_": "sudoku",
    "12j:b11a4d7e2_3_7c11f8_1b10_12c7_8b4b3a5d5a3d7_8_11_5a12c7b3b11b12c1a9_5_10_12d7a4d4a7b11b10"
    "_1c10_11b8_4f5c12_10_2e3d6a8b,de__bb__a_aba_cabaa_ac_bcaaa_bcdb_ad__aaf__abbaeaeacdcbb_eacab"
    "__babb___ca__aaa_a__d___a__c_bcabba_abd_aadad": "sudoku",
}
X_SOLO = "3x3x:1a5a9f6c1a5d5a8_6b2c6_9f2f8_7c2b3_1a8d8a9c3f3a4a9"  # Tatham-made
KILLER_SOLO = (  # Tatham-made
    "3x3k:zzzc,_aaa__aa___a___________a____a_a__a______a__________aa__ac_ab___aaa_b__a_a___a_a_"
    "b_a_aa_a__aba_acab_,13_7a9a9a12_17a8a7a5_11b14a17_14_8b12a15_8c5b5c11a11_9b9_7_12a17a16_9_"
    "14b9b13d18_7_7b27f13d"
)


def page(text: str) -> Page:
    return Page(source="-", text=text)


def same(a, b) -> bool:
    return board_record(a) == board_record(b)


# --------------------------------------------------------------------------- real IDs


def test_the_formats_md_example_solves_uniquely():
    board = read_game_id(FORMATS_MD_EXAMPLE)
    assert isinstance(board, Nonogram)
    assert board.cols == ((2,), (1,), (2,), (1,))
    assert board.rows == ((1, 1), (2,), (1,), (1,))
    result = solve(board)
    assert result.status is Status.UNIQUE
    assert write(board) == FORMATS_MD_EXAMPLE + "\n"


@pytest.mark.parametrize("game_id", list(TATHAM_MADE), ids=lambda s: s[:12])
def test_tatham_made_ids_solve_uniquely_and_write_back_verbatim(game_id):
    board = read_game_id(game_id)
    assert board.kind == TATHAM_MADE[game_id]
    assert solve(board).status is Status.UNIQUE
    assert write(board) == game_id + "\n"
    assert load.recognise(game_id) is FORMAT
    assert load.read_page(page(game_id + "\n")).kind == board.kind


def test_solo_boxes_are_c_rows_high_and_r_columns_wide():
    """solo.c: whichblock = (y/c)*c + x/r. `2x3` has boxes of 2 rows x 3 columns: read the
    other way round, Tatham's own unique puzzle would have no answer."""
    board = read_game_id("2x3:b6a5b4_1e4a1b2a5e4_2b1a3b")
    assert board.size == 6 and board.box == (2, 3)
    assert read_game_id("3x2:2b1_5c4d4a2a1_1a5a4d3c6_1b5").box == (3, 2)
    assert read_game_id(next(i for i in TATHAM_MADE if i.startswith("3x4:"))).box == (3, 4)
    swapped = Sudoku(grid=board.grid, box=(3, 2))
    assert solve(swapped).status is Status.NONE


def test_a_jigsaw_reads_its_blocks_in_reading_order():
    board = read_game_id("5j:a5f5_2b2b1_3f1a,a_a__a_a___bbfca_ca")
    assert board.regions is not None and board.box is None
    cells = sum(board.regions, ())
    assert [cells.count(k) for k in range(1, 6)] == [5] * 5
    assert list(dict.fromkeys(cells)) == [1, 2, 3, 4, 5]


def test_x_and_killer_solo_are_refused():
    with pytest.raises(UnsupportedPuzzle, match="X Sudoku"):
        read_game_id(X_SOLO)
    with pytest.raises(UnsupportedPuzzle, match="Killer"):
        read_game_id(KILLER_SOLO)
    with pytest.raises(UnsupportedPuzzle, match="X Sudoku"):  # a jigsaw X: `9jx`
        read_game_id("9jx:" + "zzzc" + ",_")


def test_a_random_seed_is_refused_with_its_own_hint():
    assert looks_like_game_id("15x15#473263285927462")
    with pytest.raises(ParseError, match="random seed") as refused:
        FORMAT.read(page("15x15#473263285927462"))
    assert "Game > Specific" in refused.value.hint


# --------------------------------------------------------------------------- params


@pytest.mark.parametrize(
    "game_id, kind",
    [
        ("7x7e2a:b2_2f3a2i6a6b5_7b3a3c2_8j", "shikaku"),  # generator options: ignored
        ("7x7e2.0:b2_2f3a2i6a6b5_7b3a3c2_8j", "shikaku"),
        ("7x7a:b2_2f3a2i6a6b5_7b3a3c2_8j", "shikaku"),
        ("3x3a:a7a6a8a4a3_8b7a1a5c3_5k3_4b2_9a3_8b9_3k6_9c5a7a8b2_9a1a2a7a6a", "sudoku"),
        ("3x3dbr4:a3a2a8a1a5b9a6b8b8c2b1_4b2b3_5c6a1c2_9b5b6_1b9c6b3b4a2b9a6a5a9a8a", "sudoku"),
        ("3x3md4du:a3a2a8a1a5b9a6b8b8c2b1_4b2b3_5c6a1c2_9b5b6_1b9c6b3b4a2b9a6a5a9a8a", "sudoku"),
        ("3:a3a2a8a1a5b9a6b8b8c2b1_4b2b3_5c6a1c2_9b5b6_1b9c6b3b4a2b9a6a5a9a8a", "sudoku"),
        ("3:a2a2b2b", "shikaku"),  # `3` is 3x3 for all three games
        ("5:1/1/2.2/4/3/2/3/2/3/3", "nonogram"),
    ],
)
def test_params_suffixes_are_accepted(game_id, kind):
    assert read_game_id(game_id).kind == kind


def test_a_jigsaw_of_c_by_r_is_one_of_side_c_times_r():
    jigsaw = next(i for i in TATHAM_MADE if i.startswith("9j:"))
    assert same(read_game_id("3x3j" + jigsaw[2:]), read_game_id(jigsaw))


def test_3x3_ids_are_told_apart_by_their_cell_count():
    assert game_of("3x3", "i") == "rectangles"  # 9 cells
    assert game_of("3x3", "zzzc") == "solo"  # 81 cells
    assert game_of("3x3", "2/1/1/1/1/2") == "pattern"
    assert game_of("3x3", "zzzc,_") == "solo"
    assert game_of("3x3", "e") == "galaxies"  # a dot on the half grid
    assert game_of("9j", "zzzc") == "solo"
    with pytest.raises(
        ParseError,
        match="not enough data to fill grid: the description covers 6 cells; a 3x3 Rectangles "
        "grid has 9 cells, a 3x3 Solo grid 81",
    ):
        game_of("3x3", "1e")


def test_a_solo_r_of_one_is_a_jigsaw_as_solo_c_reads_it():
    jigsaw = "5j:a5f5_2b2b1_3f1a,a_a__a_a___bbfca_ca"
    assert same(read_game_id(jigsaw), read_game_id("5x1" + jigsaw[2:]))


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "game_id, message",
    [
        ("5x5:1/1/2.2/4/3/2/3/2/3", "too few row/column specifications"),
        ("5x5:1/1/2.2/4/3/2/3/2/3/3/1", "too many row/column specifications"),
        ("5x5:1/1/2.2/4/3/2/3/2/3/3a", "unrecognised character 'a' in the clue of row 5"),
        ("5x5:1/1/2..2/4/3/2/3/2/3/3", "an empty number"),
        ("5x5:1/1/2.0/4/3/2/3/2/3/3", "all clues must be positive"),
        ("5x5:1/1/3.2/4/3/2/3/2/3/3", "at least one column contains more numbers than will fit"),
        ("5x5:1/1/2/4/3/2/3/2/3/6", "at least one row contains more numbers than will fit"),
        ("5x5:1/1/2/4/3/2/3/2/3/" + "9" * 101, "101-digit number"),
        ("0x5:1/1/1/1/1", "greater than zero"),
        ("4x4:2/1/2/1/1.1/2/1/1,", "too little data in clue-squares"),
        ("4x4:2/1/2/1/1.1/2/1/1,zz", "too much data in clue-squares"),
        ("4x4:2/1/2/1/1.1/2/1/1,a1", "unrecognised character '1' in clue-squares"),
        ("7x7:b2_2f3a2i6a6b5_7b3a3c2_8i", "not enough data to fill grid"),
        ("7x7:b2_2f3a2i6a6b5_7b3a3c2_8k", "too much data to fit in grid"),
        ("7x7:b2_2f3a2i6a6b5_7b3a3c2_8j2", "too much data to fit in grid"),
        ("7x7e2:b2_2f3a2i6a6b5_7b3a3c2_8jA", "invalid character 'A' at position 26"),
        ("7x7e2:b2_2f3a2i6a6b5_07b3a3c2_8j", "invalid character '0'"),
        ("2x2:4d2_1b4_3d5", "out-of-range number 5 at row 4, column 4"),
        ("2x2:4d2_1b4_3d1,a", "unexpected data at end of game description"),
        ("3x3e:" + "9" * 120, "100 digits|-digit number"),
        ("5j:a5f5_2b2b1_3f1a", "expected jigsaw block structure"),
        ("5j:a5f5_2b2b1_3f1a,a_a__a_a___bbfca_ca,", "unexpected data at end"),
        ("5j:a5f5_2b2b1_3f1a,a_a__a_a___bbfca_c", "not enough data in block structure"),
        ("5j:a5f5_2b2b1_3f1a,a_a__a_a___bbfca_ca_", "too much data in block structure"),
        ("5j:a5f5_2b2b1_3f1a,zzzzzz", "too much data in block structure"),
        ("5j:a5f5_2b2b1_3f1a,a_a__a_a___bbfca_c1", "invalid character '1' at position 19 of the"),
        ("5j:a5f5_2b2b1_3f1a," + "_" * 41, "makes 25 blocks of 1, 1, 1"),
        (
            "5j:a5f5_2b2b1_3f1a,zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzo",
            "too much data",
        ),
        ("1j:a,a", "both dimensions must be at least 2"),
        ("6x6j:a,a", "at most 31 distinct symbols"),
        ("5x5:1/1/2.2/4/3/2/3/2/3/3 ", None),  # trailing white space is stripped
        ("5x 5:1", "one line without spaces"),
        ("5x5", "no ':'"),
        ("5X5:1/1/2.2/4/3/2/3/2/3/3", "are not `WxH`"),
        ("5x:1/1", "no number after 'x'"),
        ("", "empty"),
    ],
)
def test_bad_ids_give_one_line_parse_errors(game_id, message):
    if message is None:
        assert read_game_id(game_id).kind == "nonogram"
        return
    with pytest.raises(ParseError) as refused:
        FORMAT.read(page(game_id))
    assert re.search(message, str(refused.value)), str(refused.value)
    assert "\n" not in str(refused.value)
    assert refused.value.hint


def test_the_format_hint_is_its_own():
    with pytest.raises(ParseError) as refused:
        FORMAT.read(page("7x7:b2_2f3a2i6a6b5_7b3a3c2_8i"))
    assert refused.value.hint == tatham.HINT


def test_pre_filled_squares_are_checked_and_ignored_with_a_note():
    board = read_game_id(FORMATS_MD_EXAMPLE + ",bAm")  # 16 cells: fixes cells 2, 3 (A: black), 16
    assert same(board, read_game_id(FORMATS_MD_EXAMPLE))
    assert board.note == "the ID's 3 pre-filled squares ignored"
    assert read_game_id(FORMATS_MD_EXAMPLE + ",q").note is None  # skips all 16, fixes none
    assert read_game_id(FORMATS_MD_EXAMPLE + ",p").note == "the ID's 1 pre-filled square ignored"


def test_a_lone_zero_is_an_empty_line():
    board = read_game_id("3x2:0/2/1/2/1")
    assert same(board, read_game_id("3x2:/2/1/2/1"))
    assert board.cols[0] == ()


# --------------------------------------------------------------------------- recognition


@pytest.mark.parametrize(
    "text, expected",
    [
        (FORMATS_MD_EXAMPLE, True),
        ("  " + FORMATS_MD_EXAMPLE + "\n", True),
        ("\ufeff" + FORMATS_MD_EXAMPLE, True),
        ("7x7e2a:b2_2f3a2i6a6b5_7b3a3c2_8j", True),
        ("9j:a1,cb", True),
        ("3x3#12345", True),
        ("5x5:2/1.1 /1", False),
        ("5x5:2/1\n5x5:2/1", False),
        ("5x5 2/1", False),
        ("width 5\nheight 5", False),
        ("4 4\n2\n1\n", False),
        ("." * 81, False),
        ("pattern:5x5:2/1", False),  # no game name comes in front (midend.c)
        ("https://example.com/x:1", False),
        ("x5:1", False),
        ("5x5:2/1;", False),
        ("", False),
    ],
)
def test_looks_like_game_id(text, expected):
    assert looks_like_game_id(text) is expected
    assert recognises(text) is expected


def test_the_format_is_listed_before_nin_and_claims_only_ids():
    names = [f.name for f in FORMATS]
    assert names.index("tatham") == names.index("nin") - 1
    assert set(FORMAT.kinds) == {
        "nonogram", "shikaku", "sudoku", "light-up", "binairo", "slitherlink", "dominosa", "tents",
        "skyscrapers", "futoshiki", "renzoku", "hitori",
        "bridges", "pipes", "galaxies",
    }
    assert load.recognise("5 5\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n") is not FORMAT


@pytest.mark.parametrize(
    "make",
    [lambda n: "1" * n, lambda n: "1" * n + "A:1", lambda n: "1x" + "1" * n + "Q:"],
    ids=["digits", "digits then a letter", "a size then digits"],
)
def test_recognising_long_digit_runs_is_linear(make):
    def check(outcome):
        assert outcome is False

    assert_linear(recognises, make, 50_000, check)


# --------------------------------------------------------------------------- writing


def test_a_colour_nonogram_is_refused():
    colour = from_picture(((1, 2), (2, 1)), colors=("ff0000", "00ff00"))
    with pytest.raises(UnsupportedPuzzle, match="black-and-white"):
        write(colour)


@pytest.mark.parametrize(
    "board, message",
    [
        (Nonogram(rows=((1,),), cols=((1,),)), "at least two squares"),
        (Shikaku(grid=((1,),)), "at least two squares"),
        (Shikaku(grid=((2, -1),)), "areas of 1 or more"),
        (Sudoku(grid=((0,),), box=(1, 1)), "side 2 to 31"),
        (Sudoku(grid=((0,) * 36,) * 36, box=(6, 6)), "side 2 to 31"),
        (Sudoku(grid=((5, 0, 0, 0),) + ((0,) * 4,) * 3, box=(2, 2)), "digits 1 to 4"),
        (
            Sudoku(
                grid=((0,) * 4,) * 4,
                regions=((1, 2, 1, 2), (1, 2, 1, 2), (3, 3, 4, 4), (3, 3, 4, 4)),
            ),
            "several pieces",
        ),
        (Sudoku(grid=((0,) * 4,) * 4, regions=((1,) * 4,) * 4), "1 regions"),
    ],
)
def test_boards_tatham_cannot_open_are_refused(board, message):
    with pytest.raises(UnsupportedPuzzle, match=message):
        write(board)


def test_boxes_with_a_side_of_one_are_written_as_a_jigsaw():
    grid = ((1, 0, 0, 0), (0, 0, 0, 0), (0, 0, 3, 0), (0, 0, 0, 0))
    board = Sudoku(grid=grid, box=(1, 4))  # each row is a box
    text = write(board)
    assert text.startswith("4j:")
    again = read_game_id(text)
    assert again.regions == ((1, 1, 1, 1), (2, 2, 2, 2), (3, 3, 3, 3), (4, 4, 4, 4))
    assert again.grid == grid


def test_long_empty_runs_are_chained_letters_and_underscores_part_numbers_only():
    assert write_cells([0] * 26) == "z"
    assert write_cells([0] * 27) == "za"
    assert write_cells([0] * 53 + [3]) == "zza3"
    assert write_cells([12, 3, 0, 4]) == "12_3a4"
    assert write_cells([]) == ""
    assert write(Shikaku(grid=((0,) * 30, (0,) * 29 + (60,)))) == "30x2:zzg60\n"


def test_a_written_jigsaw_border_run_over_25_is_z_then_the_rest():
    """One region per row: every vertical border joins (N*(N-1) in a row), every horizontal
    one parts; 12j gives 132 joins first: z z z z z b then a border (`z` joins 26, as
    solo.c's reader takes it; its writer's 25 would make IDs it refuses itself)."""
    side = 12
    board = Sudoku(grid=((0,) * side,) * side, regions=tuple((r + 1,) * side for r in range(side)))
    text = write(board)
    blocks = text.strip().split(",")[1]
    assert blocks.startswith("zzzzzb_")
    assert same(read_game_id(text), board)


# --------------------------------------------------------------------------- round trips


def round_trip(board) -> None:
    """Written, read back, the same board JSON but for the title, which IDs do not hold."""
    text = write(board)
    assert recognises(text)
    expected = board_record(board)
    expected.pop("title", None)
    assert board_record(read_game_id(text, board.source)) == expected, text[:80]


def relabelled(board: Sudoku) -> Sudoku:
    """The board with its regions numbered in reading order of their first cell."""
    labels: dict[int, int] = {}
    regions = tuple(
        tuple(labels.setdefault(v, len(labels) + 1) for v in row) for row in board.regions
    )
    return Sudoku(grid=board.grid, regions=regions, source=board.source)


needs_data = pytest.mark.skipif(
    not SHARED_DATA.is_dir(), reason="../shared/data is not beside this checkout"
)
NON_FILES = sorted(
    p
    for folder in ("jwilk", "qnonograms", "webpbn-survey-non", "large")
    for p in (SHARED_DATA / "nonogram" / folder).glob("*.non")
)


@needs_data
@pytest.mark.parametrize("path", NON_FILES, ids=lambda p: p.stem)
def test_non_files_round_trip(path):
    round_trip(non.FORMAT.read(Page(str(path), path.read_text(encoding="utf-8"))))


@needs_data
@pytest.mark.parametrize("name", ["taai2011.question.txt", "icga2017.question.txt"])
def test_taai_puzzles_round_trip(name):
    boards = taai.read_taai((SHARED_DATA / "nonogram" / "taai" / name).read_text())
    for board in boards[::10]:
        round_trip(board)


@needs_data
@pytest.mark.parametrize("name", ["shikaku01.txt", "shikaku02.txt"])
def test_shikaku_files_round_trip(name):
    path = SHARED_DATA / "seed-book" / name
    round_trip(grid_text.FORMAT.read(Page(str(path), path.read_text(encoding="utf-8"))))


@needs_data
@pytest.mark.parametrize("path", sorted((SHARED_DATA / "sudoku").glob("*.txt")), ids=str)
def test_sudoku_lines_round_trip(path):
    lines = path.read_text(encoding="utf-8").splitlines()[:300]
    for board in sudoku_lines.read_all("\n".join(lines), path.name):
        round_trip(board)


TASK_FILES = sorted((SHARED_DATA / "puzzle-sudoku-tasks").glob("*.txt"))


def task_boards(path):
    """(task, board) of every line of a puzzle-sudoku-tasks file."""
    jigsaw = path.name.startswith("jigsaw")
    side = (
        int(path.name.split("_")[1][0])
        if jigsaw
        else {"3x3": 9, "3x4": 12, "4x4": 16}[path.name[:3]]
    )
    genre = BY_NAME["jigsaw-sudoku" if jigsaw else "sudoku"]
    for line in path.read_text(encoding="utf-8").splitlines():
        task = json.loads(line)["Task"]
        yield task, decode_sudoku(Task(genre, task, side, side, path.name))


@needs_data
@pytest.mark.parametrize("path", TASK_FILES, ids=lambda p: p.stem)
def test_puzzle_sudoku_tasks_round_trip(path):
    for task, board in task_boards(path):
        if board.regions is not None:
            text = write(board)
            assert text.startswith(f"{board.size}j:{task.partition(';')[0]},")
            assert same(read_game_id(text, board.source), relabelled(board))
        else:
            round_trip(board)
            rows, cols = board.box
            assert write(board) == f"{rows}x{cols}:{task}\n"  # the site writes Tatham's grammar


@needs_data
def test_a_written_jigsaw_solves_to_the_sites_answer():
    path = SHARED_DATA / "puzzle-sudoku-tasks" / "jigsaw_7x7_advanced.txt"
    line = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    _, board = next(task_boards(path))
    result = solve(read_game_id(write(board)))
    assert result.status is Status.UNIQUE
    answer = [int(v) for v in line["Answer"].split(",")]
    assert [v for row in result.solutions[0] for v in row] == answer


# --------------------------------------------------------------------------- hostile


SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ID_ALPHABET = "0123456789xjkaedrm.:/_,#bcyzAZ "


@SETTINGS
@given(st.text(alphabet=ID_ALPHABET, max_size=120))
def test_any_id_like_text_gives_a_board_or_a_parse_error(text):
    try:
        board = FORMAT.read(page(text))
    except ParseError as error:
        assert str(error).strip() and "\n" not in str(error)
        return
    assert board.kind in FORMAT.kinds


@SETTINGS
@given(
    st.sampled_from(list(TATHAM_MADE)),
    st.integers(0, 400),
    st.integers(0, 400),
    st.sampled_from(["", "0", "9" * 30, "/", ".", "_", ",", "z", "A", ":", "#", "é", "-1"]),
)
def test_mutated_tatham_ids_give_a_board_or_a_parse_error(game_id, at, length, insert):
    at = min(at, len(game_id))
    text = game_id[:at] + insert + game_id[at + length :]
    try:
        FORMAT.read(page(text))
    except ParseError as error:
        assert str(error).strip()


@SETTINGS
@given(
    st.integers(1, 12).flatmap(
        lambda w: st.lists(
            st.lists(st.sampled_from([0, 0, 0, 1, 2, 9, 10, 99, 1000]), min_size=w, max_size=w),
            min_size=1,
            max_size=12,
        )
    )
)
def test_any_shikaku_grid_round_trips(rows):
    board = Shikaku(grid=tuple(map(tuple, rows)))
    if board.width * board.height < 2:
        return
    round_trip(board)


@SETTINGS
@given(
    st.integers(1, 10).flatmap(
        lambda w: st.lists(
            st.lists(st.integers(0, 1), min_size=w, max_size=w), min_size=1, max_size=10
        )
    )
)
def test_any_nonogram_picture_round_trips(rows):
    board = from_picture(tuple(map(tuple, rows)))
    if board.width * board.height < 2:
        return
    round_trip(board)


@SETTINGS
@given(st.sampled_from([(2, 2), (2, 3), (3, 2), (3, 3), (2, 5), (3, 4), (4, 4)]), st.data())
def test_any_box_sudoku_round_trips(box, data):
    side = box[0] * box[1]
    cells = data.draw(st.lists(st.integers(0, side), min_size=side * side, max_size=side * side))
    grid = tuple(tuple(cells[r * side : (r + 1) * side]) for r in range(side))
    round_trip(Sudoku(grid=grid, box=box))
