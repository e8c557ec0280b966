"""Tatham game IDs of the connectivity games (formats/tatham/bridges.py, net.py,
galaxies.py): Bridges, Net (Pipes) and Galaxies, read, written and told apart from the
other games' IDs.

The IDs marked "Tatham's" come from the C source of sgt-puzzles: the test cases in the
comments of net.c and galaxies.c and the icons' saved games (icons/*.sav); the others were
written by hand from the format.
"""

from __future__ import annotations

import pytest
from conftest import streams
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat import load
from puzzlesat.cli import main
from puzzlesat.core import ParseError, Status, UnsupportedPuzzle
from puzzlesat.formats.tatham import FORMAT, game_of, read_game_id, write
from puzzlesat.formats.tatham.net import write_net
from puzzlesat.kinds import board_record
from puzzlesat.kinds.bridges import Bridges
from puzzlesat.kinds.galaxies import Galaxies
from puzzlesat.kinds.pipes import Pipes
from puzzlesat.solve import solve

TATHAMS = {
    # Bridges: icons/bridges.sav, with its full params
    "10x10i30e10m2d2:a1a4a4b4k4b6b2a4b2b2b1e2e1a4b4c3j25d2a1f2c3a4d4c3": "bridges",
    # Net: icons/net.sav, and net.c's test cases (wrapping)
    "5x5:1115337157375775157135131": "pipes",
    "13x11w:5eaade1bd222664436d5e2965c12656b1129dd825219e3274d558d5eb2dab5da18898e571d5a2"
    "987be79746bd95726c597447d6da96188c513add829da7681da954db113d3cd244": "pipes",
    # Galaxies: galaxies.c's notable IDs (uppercase: black dots) and icons/galaxies.sav
    "5x5:eBbbMlaBbOEnf": "galaxies",
    "7x7:chpgdqqqoezdddki": "galaxies",
    "6x6:EDbaMucCohbrecEi": "galaxies",
    "10x10:beFbufEEzowDlxldibMHezBQzCdcFzjlci": "galaxies",
    "13x13:dCemIHFFkJajjgDfdbdBzdzEgjccoPOcztHjBczLDjczqktJjmpreivvNcggFi": "galaxies",
    "11x11:eloMBLzFeEzLNMWifhaWYdDbixCymBbBMLoDdewGg": "galaxies",
    "7x7dh:ikrqfedzljjsp": "galaxies",
}
# written back as Tatham's generators write them (short params, lowercase dots)
VERBATIM = [
    "7x7m2:2b4b4a2b2b2e3a2a2j3b2d2b5a3",
    "5x5:1115337157375775157135131",
    "7x7:chpgdqqqoezdddki",
]


def same(a, b) -> bool:
    return board_record(a) == board_record(b)


@pytest.mark.parametrize("game_id", list(TATHAMS), ids=lambda s: s[:16])
def test_tathams_ids_are_read_as_their_game_and_solve(game_id):
    board = read_game_id(game_id)
    assert board.kind == TATHAMS[game_id]
    assert load.recognise(game_id) is FORMAT
    assert same(read_game_id(write(board)), board)
    # net.c's 13x11w cases are non-unique ("two ambiguous areas"); the rest are unique
    expected = Status.MULTIPLE if game_id.startswith("13x11w") else Status.UNIQUE
    assert solve(board).status is expected


@pytest.mark.parametrize("game_id", VERBATIM)
def test_generator_ids_write_back_verbatim(game_id):
    assert write(read_game_id(game_id)) == game_id + "\n"


def test_bridges_cells_and_islands():
    board = read_game_id("3x3m2:2a3e1")
    assert board == Bridges(((2, None, 3), (None, None, None), (None, None, 1)))
    assert write(board) == "3x3m2:2a3e1\n"


def test_net_tiles_are_the_sites_bits_and_w_wraps():
    # net.c: bit 0 right, 1 up, 2 left, 3 down, as the site and Pipes' board JSON
    board = read_game_id("3x3w:311375531")
    assert board == Pipes(((3, 1, 1), (3, 7, 5), (5, 3, 1)), True)
    assert read_game_id("3x3w:AbCdef123").grid[0] == (10, 11, 12)  # either case


def test_a_net_is_told_by_the_arms_of_a_tree():
    # 25 tiles over 5x5 with 2 * 24 arms (icons/net.sav): Net; the same digits with one
    # arm more are no Net's (a Singles' numbers, say) and no other game reads them either
    assert game_of("5x5", "1115337157375775157135131") == "net"
    with pytest.raises(ParseError):
        game_of("5x5", "1115337157375775157135133")
    unsolvable = Pipes(((10, 5), (4, 6)))  # 7 arms: written wrapping, its border closed
    assert write(unsolvable) == "2x2w:a5v4h6vh\n"
    assert same(read_game_id(write(unsolvable)), unsolvable)


def test_a_wrapping_net_with_its_border_closed_does_not_wrap():
    closed = "3x3w:311v375v5h3h1vh"  # `v` right of the last column, `h` below the last row
    assert game_of("3x3w", "311v375v5h3h1vh") == "net"
    assert read_game_id(closed).wrap is False


def test_a_net_that_rectangles_would_read_is_written_with_its_border_closed():
    board = Pipes(((8, 1), (3, 12)))
    assert game_of("2x2", "813c") == "rectangles"  # 8, 13 and 3 empty cells: 4 cells
    text = write(board)
    assert text == "2x2w:81v3hcvh\n"
    assert same(read_game_id(text), board)


def test_galaxies_dots_are_the_half_grid():
    board = read_game_id("3x3:m")  # one dot after 12 empty places: the centre cell
    assert board.dots == (".....", ".....", "..o..", ".....", ".....")
    assert write(board) == "3x3:m\n"
    long_run = Galaxies(tuple("." * 9 for _ in range(8)) + ("........o",))
    assert write(long_run) == "5x5:zzzf\n"  # 80 empty places: z, z, z, then f's dot
    assert same(read_game_id("5x5:zzzf"), long_run)


@pytest.mark.parametrize(
    ("game_id", "game"),
    [
        # the other games' IDs stay theirs
        ("7x7:b2_2f3a2i6a6b5_7b3a3c2_8j", "rectangles"),
        ("3x3:a7a6a8a4a3_8b7a1a5c3_5k3_4b2_9a3_8b9_3k6_9c5a7a8b2_9a1a2a7a6a", "solo"),
        ("5x5:1/1/2.2/4/3/2/3/2/3/3", "pattern"),
        ("6x6de:_c_ndg_a,2,0,2,1,0,2,1,2,1,0,1,2", "tents"),
        ("3:0123112023303221", "dominosa"),
        ("2x2:1c", "rectangles"),
        ("3x3:i", "rectangles"),
        ("7x7m2:2a2b2g2a3c3a1a2a1a3i2b2b4d3", "bridges"),
        ("7x7m2L:2a2b2g2a3c3a1a2a1a3i2b2b4d3", "bridges"),
        ("5x5w:991abc9295bee73645541a443", "net"),
        ("5x5:bpdziccl", "galaxies"),
        ("3x3:aBc", "lightup"),  # a Light Up too short: its wall B is Light Up's
    ],
)
def test_detection_keeps_every_game_its_own(game_id, game):
    params, _, desc = game_id.partition(":")
    assert game_of(params, desc) == game


@pytest.mark.parametrize(
    ("game_id", "message"),
    [
        ("3x3m2:2a3e", "Tatham Bridges ID: Game description shorter than expected"),
        ("3x3m2:2a3e12", "Tatham Bridges ID: Game description longer than expected"),
        ("3x3m2:23g", "Tatham Bridges ID: Game description contains joined islands"),
        ("3x3m2:2h", "Tatham Bridges ID: Game description has too few islands"),
        ("3x3m3:2a3e1", r"at most 3 bridges between two islands \(m3\)"),
        ("3x3m2L:2a3e1", r"loops are banned \(L\)"),
        ("3x3m2:2a9e1", "an island of 9"),
        ("2x2m2:1b1", "Width and height must be at least 3"),
        ("3x3w:31137553", "Tatham Net ID: Game description shorter than expected"),
        ("3x3w:3113755311", "Tatham Net ID: Game description longer than expected"),
        ("3x3w:31v1375531", r"a barrier \('v' at position 3"),
        ("3x3w:311v375531", "barriers on part of the border"),
        ("1x1w:3", "not both 1"),
        ("3x3:zzb", "Tatham Galaxies ID: Too much data to fit in grid"),
    ],
)
def test_bad_ids_give_one_line_parse_errors(game_id, message):
    with pytest.raises(ParseError, match=message) as caught:
        read_game_id(game_id)
    assert "\n" not in str(caught.value)


def test_a_bad_id_exits_65_naming_what_is_wrong():
    env = streams()
    assert main(["solve", "3x3m2:23g"], env=env) == 65
    err = env.stderr.getvalue()
    assert "joined islands" in err and err.count("\n") == 1, err


@pytest.mark.parametrize(
    ("board", "message"),
    [
        (Bridges(((2, 2, None), (None, None, None), (None, None, None))), "side by side"),
        (Bridges(((2, None), (None, 2))), "at least 3"),
    ],
)
def test_boards_tatham_cannot_hold_are_refused(board, message):
    with pytest.raises(UnsupportedPuzzle, match=message):
        write(board)


SETTINGS = settings(max_examples=60, deadline=None)


@SETTINGS
@given(st.integers(2, 7), st.integers(2, 7), st.booleans(), st.data())
def test_any_pipes_board_round_trips(width, height, wrap, data):
    grid = tuple(tuple(data.draw(st.lists(st.integers(0, 15), min_size=width,
                                          max_size=width)) for _ in range(height)))
    board = Pipes(grid, wrap)
    assert same(read_game_id(write(board)), board)
    assert write_net(board).startswith(f"{width}x{height}")


@SETTINGS
@given(st.integers(3, 8), st.integers(3, 8), st.data())
def test_any_galaxies_board_round_trips_or_is_refused(width, height, data):
    rows = tuple("".join(data.draw(st.lists(st.sampled_from(".o"), min_size=2 * width - 1,
                                            max_size=2 * width - 1)))
                 for _ in range(2 * height - 1))
    board = Galaxies(rows)
    try:
        text = write(board)
    except UnsupportedPuzzle as why:
        assert "would read as" in str(why)
        return
    assert same(read_game_id(text), board)


@SETTINGS
@given(st.integers(3, 8), st.integers(3, 8), st.data())
def test_any_bridges_board_round_trips(width, height, data):
    cells = data.draw(st.lists(st.one_of(st.none(), st.integers(1, 8)),
                               min_size=width * height, max_size=width * height))
    for i in range(len(cells)):  # no two islands side by side, as Tatham's grids
        if cells[i] and ((i % width and cells[i - 1]) or (i >= width and cells[i - width])):
            cells[i] = None
    board = Bridges(tuple(tuple(cells[r * width : (r + 1) * width]) for r in range(height)))
    if len(board.islands()) < 2:
        return
    assert same(read_game_id(write(board)), board)
