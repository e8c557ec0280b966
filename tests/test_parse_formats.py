"""Nonogram interchange files (.nin, .non, TAAI): reading, recognition, errors, the CLI."""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES, fixture_text
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat import load
from puzzlesat.cli import main
from puzzlesat.core import Page, ParseError, Status, UnsupportedPuzzle, as_grid
from puzzlesat.formats.nin import read_nin, write_nin
from puzzlesat.formats.non import read_non, write_non
from puzzlesat.formats.taai import read_taai, read_taai_solutions, write_taai
from puzzlesat.kinds.nonogram.board import Nonogram, runs
from puzzlesat.solve import solve

FORMATS = FIXTURES / "formats"


def text(name: str) -> str:
    return fixture_text("formats", name)


def clues_of(grid) -> tuple[tuple, tuple]:
    return tuple(runs(r) for r in grid), tuple(runs(c) for c in zip(*grid))


# --------------------------------------------------------------------------- .nin


def test_nin_edge_dimensions_and_clues():
    board = read_nin(text("webpbn-00023-edge.nin"), "edge.nin")
    assert (board.width, board.height) == (10, 11)
    assert board.rows[:3] == ((1,), (3,), (1,))
    assert board.rows[-1] == (4,)
    assert board.cols[3] == (2, 2) and board.cols[-1] == (1,)
    assert board.picture is None and board.source == "edge.nin"
    result = solve(board)
    assert result.status is Status.UNIQUE


def test_nin_zero_and_empty_line_are_empty_clues():
    board = read_nin("3 2\n0\n3\n1\n\n1\n")
    assert board.rows == ((), (3,))
    assert board.cols == ((1,), (), (1,))
    assert read_nin("2 1\n2\n1\n1").cols == ((1,), (1,))


def test_nin_empty_last_clue_line_is_kept():
    assert read_nin("2 1\n1\n1\n\n").cols == ((1,), ())


@pytest.mark.parametrize(
    "bad, message",
    [
        ("5 10\n1\n2\n", "needs 15 clue lines after line 1 (10 rows, then 5 columns), found 2"),
        ("2 1\n1\n1 x\n1\n", ".nin line 3: 'x' is not a block length"),
        ("2\n1\n1\n1\n", ".nin line 1: expected `width height`"),
        ("\n\n2 1\n1\nx\n1\n", ".nin line 5: 'x' is not a block length"),
        ("0 1\n\n", ".nin line 1"),
        ("   \n", "empty"),
    ],
)
def test_nin_errors_name_the_line(bad, message):
    with pytest.raises(ParseError) as err:
        read_nin(bad)
    assert message in str(err.value)


# --------------------------------------------------------------------------- .non


def test_non_dancer_keeps_title_and_goal_as_picture():
    board = read_non(text("webpbn-00001-dancer.non"))
    assert (board.width, board.height) == (5, 10) and board.title == "Dancer"
    assert board.rows[1] == (2, 1) and board.cols[1] == (2, 1, 3) and board.cols[2] == (7,)
    assert board.picture[0] == (0, 1, 1, 0, 0) and board.picture[-1] == (1, 1, 0, 0, 0)
    assert clues_of(board.picture) == (board.rows, board.cols)
    assert board.note is None


@pytest.mark.parametrize("name", ["webpbn-00001-dancer.non", "jwilk-038-bike.non", "3-dom.non"])
def test_non_goal_is_the_unique_answer(name):
    board = read_non(text(name))
    assert board.picture is not None
    result = solve(board)
    assert result.status is Status.UNIQUE and result.solutions[0] == board.picture


def test_non_bike_blank_lines_between_sections_and_entities():
    board = read_non(text("jwilk-038-bike.non"))
    assert (board.width, board.height) == (20, 20) and board.title == "Bike"
    assert board.rows[:2] == ((7,), (3, 1, 3, 2)) and board.cols[0] == (9,)


def test_non_dom3_is_not_line_solvable():
    board = read_non(text("3-dom.non"))
    assert board.rows == ((3,), (1,), (3, 1), (1,), (3, 1), (1,), (1,))
    assert solve(board).facts.get("line_solvable") is False


NON_LINES_GOAL = """\
title "L &amp; dot"
copyright "nobody"
width 3
height 2
rows
2
1
columns
2

1
0
goal
110
100
saved
1?0
"""


def test_non_goal_on_following_lines_surplus_blank_line_and_html_entities():
    board = read_non(NON_LINES_GOAL)
    assert board.title == "L & dot"
    # 4 lines in a block of 3: the blank one is ignored, as the original spec says
    assert board.rows == ((2,), (1,)) and board.cols == ((2,), (1,), ())
    assert board.picture == ((1, 1, 0), (1, 0, 0)) and board.note is None


def test_non_blank_line_inside_a_block_is_an_empty_clue():
    board = read_non("width 3\nheight 3\nrows\n1\n\n1\ncolumns\n1\n\n1\n")
    assert board.rows == ((1,), (), (1,)) and board.cols == ((1,), (), (1,))


def test_non_original_spec_keywords_and_spaces():
    board = read_non("columns 2\nrows 1\nrows\n1 , 0\n\ncolumns\n1\n0\nmaxrule 1\n")
    assert board.rows == ((1,),) and board.cols == ((1,), ())


def test_non_goal_that_breaks_the_clues_is_dropped_with_a_note():
    board = read_non('width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal "01"\n')
    assert board.picture is None
    assert "goal ignored: its column 1 does not match" in board.note
    short = read_non('width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal "1"\n')
    assert short.picture is None and "1 cells, not 2x1" in short.note


def test_non_bundle_takes_the_first_puzzle():
    first = "width 1\nheight 1\nrows\n1\ncolumns\n1\n"
    board = read_non(first + "====\n" + first.replace("1\ncolumns\n1", "0\ncolumns\n0"))
    assert board.rows == ((1,),) and "first of 2 puzzles" in board.note


@pytest.mark.parametrize(
    "bad, error, message",
    [
        ("height 1\nrows\n1\ncolumns\n1\n", ParseError, "no `width` line"),
        ("width 1\nrows\n1\ncolumns\n1\n", ParseError, "no `height` line"),
        ("width 1\nheight 1\nrows\n1\n", ParseError, "no `columns` block"),
        (
            "width 1\nheight 2\nrows\n1\ncolumns\n1\n",
            ParseError,
            ".non line 3: `rows` is followed by 1 clue lines, but the height is 2",
        ),
        (
            "width 1\nheight 1\nrows\n1\ncolumns\nx1\n",
            ParseError,
            ".non line 5: `columns` is followed by 0 clue lines, but the width is 1",
        ),
        ("width 1\nheight 1\nrows\n1\ncolumns\n1;\n", ParseError, ".non line 6: '1;'"),
        ("width x\nheight 1\n", ParseError, ".non line 1: width 'x' is not a positive number"),
        ("width 2\nheight 1\n1\n", ParseError, ".non line 3: clue '1' outside"),
        ("width 1\nheight 1\nrows\n1a\ncolumns\n1a\n", UnsupportedPuzzle, "colour nonograms"),
    ],
)
def test_non_errors(bad, error, message):
    with pytest.raises(error) as err:
        read_non(bad)
    assert message in str(err.value)


# --------------------------------------------------------------------------- TAAI


def test_taai_excerpt_two_puzzles_with_solutions():
    puzzles = read_taai(text("taai2011-excerpt.question.txt"), "t.txt")
    assert [p.title for p in puzzles] == ["$1", "$2"]
    first = puzzles[0]
    assert (first.width, first.height) == (25, 25) and first.source == "t.txt"
    assert first.cols[0] == (2, 1, 1, 1, 1, 2, 3)  # columns come first in the file
    assert first.rows[0] == (4, 4, 1, 1, 1, 2, 5)
    assert puzzles[1].cols[0] == (1, 3, 2, 1, 1, 2) and puzzles[1].cols[-1] == (1, 1, 4, 6, 1, 1)
    solutions = read_taai_solutions(text("taai2011-excerpt.solution.txt"))
    assert sorted(solutions) == [1, 2]
    for puzzle in puzzles:
        answer = solutions[int(puzzle.title[1:])]
        assert clues_of(answer) == (puzzle.rows, puzzle.cols)
        # tournament puzzles need not be unique (any answer scores); both of these have
        # several answers, so the file's answer is one of them, not necessarily ours
        result = solve(puzzle)
        assert result.status is Status.MULTIPLE
        assert all(clues_of(s) == (puzzle.rows, puzzle.cols) for s in result.solutions)


def test_taai_site_reads_the_first_puzzle_and_says_so():
    board = load.read_page(Page("t.txt", text("taai2011-excerpt.question.txt")))
    assert board.title == "$1" and board.rows[0] == (4, 4, 1, 1, 1, 2, 5)
    assert board.note == "the first of 2 puzzles in the file"


def test_taai_other_square_sizes_and_errors():
    small = read_taai("$7\n1\n1\n1\n1\n")
    assert small[0].title == "$7" and small[0].rows == ((1,), (1,))
    with pytest.raises(ParseError, match=r"TAAI line 1: puzzle \$1 has 3 clue lines"):
        read_taai("$1\n1\n1\n1\n")
    with pytest.raises(ParseError, match="TAAI line 1: expected a `\\$N` puzzle header"):
        read_taai("1\t2\n$1\n1\n1\n")
    with pytest.raises(ParseError, match="TAAI line 3: 'a' is not a block length"):
        read_taai("$1\n1\na\n1\n1\n")
    with pytest.raises(ParseError, match="TAAI solution line 3: expected 0/1 cells"):
        read_taai_solutions("$1\n0\t1\n2\t0\n")


# --------------------------------------------------------------------------- round trip


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 7).flatmap(
        lambda w: st.lists(
            st.lists(st.integers(0, 1), min_size=w, max_size=w), min_size=1, max_size=7
        )
    )
)
def test_written_files_read_back(cells):
    grid = as_grid(cells)
    rows, cols = clues_of(grid)
    w, h = len(cols), len(rows)
    board = Nonogram(rows=rows, cols=cols, picture=grid)
    nin, non, taai = write_nin(board), write_non(board), None
    if w == h:
        taai = write_taai(board)
    for text_, site in ((nin, "nin"), (non, "non")):
        assert load.recognise(text_).name == site
        board = load.read_page(Page("x", text_))
        assert (board.rows, board.cols) == (rows, cols)
    assert read_non(non).picture == grid
    if taai is not None:
        assert load.recognise(taai).name == "taai"
        assert (read_taai(taai)[0].rows, read_taai(taai)[0].cols) == (rows, cols)


# --------------------------------------------------------------------------- recognition


@pytest.mark.parametrize(
    "name, site",
    [
        ("webpbn-00023-edge.nin", "nin"),
        ("webpbn-00001-dancer.non", "non"),
        ("jwilk-038-bike.non", "non"),
        ("3-dom.non", "non"),
        ("taai2011-excerpt.question.txt", "taai"),
    ],
)
def test_fixtures_are_recognised_by_content(name, site):
    assert load.recognise(text(name)).name == site


@pytest.mark.parametrize(
    "grid_text",
    [
        fixture_text("puzzle-shikaku.com", "easy_5x5_9366068.txt"),
        "5 5\n" + fixture_text("puzzle-shikaku.com", "easy_5x5_9366068.txt"),  # puzzlekit R C
        "2 0\n0 2\n",
        "2 2\n0 0\n2 0\n0 2\n",  # 2 wide: header-like first row, wrong line count
        "2 1\n1 0\n0 1\n0 3\n",  # 2 wide, 3 body lines = W+H: a 0 in a clue gives it away
        "1 1\n1 1\n1 1\n",  # 2 wide, all clues: "1 1" does not fit a width of 1
        "4 . .\n. . 2\n",
        "0 0 4\n2 0 0\n0 0 3\n",
    ],
)
def test_shikaku_grids_are_not_taken_for_nin(grid_text):
    assert load.recognise(grid_text).name == "shikaku-grid"


def test_board_json_is_not_taken_for_a_nonogram_file():
    board_json = fixture_text("nonograms.org", "4353.board.json")
    assert load.recognise(board_json).name == "board-json"
    assert load.recognise('{"width": 2, "height": 1, "grid": [[2, 0]]}').name == "board-json"


def test_nin_and_non_recognisers_do_not_claim_each_other():
    nin, non = text("webpbn-00023-edge.nin"), text("webpbn-00001-dancer.non")
    site = {s.name: s for s in load.READERS}
    assert not site["non"].recognises(nin) and not site["taai"].recognises(nin)
    assert not site["nin"].recognises(non) and not site["taai"].recognises(non)
    assert not site["shikaku-grid"].recognises(non)


def test_kind_choices_include_the_new_formats():
    names = [s.name for s in load.READERS]
    assert {"nin", "non", "taai"} <= set(names)
    assert names.index("nin") < names.index("shikaku-grid")


# --------------------------------------------------------------------------- CLI


def test_cli_solves_a_non_file_end_to_end(capsys):
    code = main(["solve", str(FORMATS / "webpbn-00001-dancer.non"), "--json"])
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert code == 0 and err == ""
    assert data["kind"] == "nonogram" and data["status"] == "unique"
    assert data["title"] == "Dancer"
    assert data["solution"][0] == [0, 1, 1, 0, 0]
    assert data["puzzle"]["rows"][1] == [2, 1]


def test_cli_solves_a_nin_file_with_kind(capsys):
    code = main(["solve", str(FORMATS / "webpbn-00023-edge.nin"), "--kind", "nin", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["status"] == "unique" and len(data["solution"]) == 11


def test_cli_bad_nin_is_one_line_exit_65(capsys, tmp_path):
    path = tmp_path / "bad.nin"
    path.write_text("2 1\n1\n1 x\n1\n")
    code = main(["solve", str(path), "--kind", "nin"])
    _, err = capsys.readouterr()
    assert code == 65 and err.startswith("puzzlesat: .nin line 3: 'x' is not a block length")
    assert err.count("\n") == 1
