"""Binairo of puzzle-binairo.com: the kind, the family game, Tatham's Unruly IDs.

The site's four real tasks of the shared data (../shared/data/genres/binairo, read from
there) solve to one answer; every decoded puzzle solves to its known answer; the solver
agrees with brute force on small boards; the task's faults are exit 65 naming the offset
and the cells the board has. Binairo+ pages, on the same host, are read as Binairo+
(tests/test_binairo_plus.py).
"""

from __future__ import annotations

import json
import re
from itertools import product

import pytest
from conftest import FIXTURES, SHARED_DATA, streams, written
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat import load
from puzzlesat.cli import main
from puzzlesat.core import Page, ParseError, Status
from puzzlesat.drawing import Style
from puzzlesat.formats.tatham import game_of, read_game_id, write
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.binairo import KIND, Binairo
from puzzlesat.render import plain_text
from puzzlesat.site_check import hashed
from puzzlesat.solve import solve
from puzzlesat.sources import site_for_url
from puzzlesat.sources.puzzle_family import BINAIRO, BY_NAME, Task, expand_shorthand
from puzzlesat.sources.puzzle_family.games.binairo import decode
from puzzlesat.sources.puzzle_family.urls import puzzle_requests

is_solution = KIND.is_solution  # the checker as declared: the shape asked first

GENRE = SHARED_DATA / "genres" / "binairo"
FIXTURE = FIXTURES / "puzzle-binairo.com"
PAGE = FIXTURE / "easy_6x6_438243.source.html"
_ = None


def lines_of(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


# --------------------------------------------------------------------------- real tasks


def test_the_sites_real_tasks_solve_to_one_answer():
    """The four real tasks (puzzle-resolution/Binairo's saved page and tests): no answer
    is known, so one answer, proven the only one and checked, is what they must give."""
    for entry in lines_of(GENRE / "site-tasks.jsonl"):
        task = Task(BY_NAME["binairo"], entry["task"], entry["width"], entry["height"], "-")
        board = decode(task)
        assert sum(v is not None for row in board.grid for v in row) == len(
            re.sub("[a-z]", "", entry["task"]))
        result = solve(board)
        assert result.status is Status.UNIQUE, entry["task"]
        assert is_solution(board, result.solutions[0])


def test_the_fixture_page_is_read_and_solves_to_its_answer():
    """The fixture page has no hash: the site's check says unknown. Given the hash of its
    known answer's digits (genres.md section 2), it is the site's; given another, not."""
    entry = next(entry for entry in json.loads((FIXTURE / "index.json").read_text(
        encoding="utf-8")) if entry["name"] == PAGE.name.split(".")[0])
    text = PAGE.read_text(encoding="utf-8")
    board = load.read_page(Page(str(PAGE), text))
    assert (board.kind, board.puzzle_id, board.title) == ("binairo", "438243", entry["title"])
    result = solve(board)
    assert result.status is Status.UNIQUE and result.site_check == "unknown"
    assert [list(row) for row in result.solutions[0]] == entry["answer"]
    digits = "".join(str(digit) for row in entry["answer"] for digit in row)
    for said, check in ((hashed(entry["task"], digits), "match"), ("ab" * 16, "mismatch")):
        page = text.replace("task: task,", f"task: task, hashedSolution: '{said}',")
        board = load.read_page(Page(str(PAGE), page))
        assert board.hashed_solution == said and solve(board).site_check == check


# --------------------------------------------------------------------------- decoded puzzles


def decoded(text: str) -> tuple:
    """A decoded grid (`H W`, then rows of `1`/`2` and `-`) as rows of 0/1/None: puzzlekit
    reads `1` as 0 and `2` as 1 (the rules treat both alike)."""
    _, *rows = text.strip().splitlines()
    return tuple(tuple(None if v == "-" else int(v) - 1 for v in row.split()) for row in rows)


def test_every_decoded_puzzle_solves_to_its_known_answer():
    """The decoded puzzles are janko.at's, which lack the rule that no two rows or columns
    are equal: only some of them keep it (6 of the 25 here). Those solve to their answer
    under the site's three rules; the rest under the two rules they were made for (a
    Binairo without distinct lines, as Tatham's Unruly without `u`). All in a fraction of
    a second."""
    kept = 0
    for entry in lines_of(GENRE / "decoded.jsonl"):
        grid, known = decoded(entry["puzzle"]), decoded(entry["solution"])
        three_rules = is_solution(Binairo(grid), known)
        kept += three_rules
        result = solve(Binairo(grid, distinct_lines=three_rules))
        assert result.status is Status.UNIQUE and result.solutions[0] == known, entry["id"]
    assert kept >= 1


# --------------------------------------------------------------------------- brute force


def brute_force(board: Binairo) -> list:
    """Every answer, by trying every line of even count a row."""
    lines = [line for line in product((0, 1), repeat=board.width) if 2 * sum(line) == board.width]
    return [rows for rows in product(lines, repeat=board.height) if is_solution(board, rows)]


boards = st.tuples(st.sampled_from((2, 4)), st.sampled_from((2, 4)), st.booleans()).flatmap(
    lambda shape: st.tuples(
        st.lists(st.lists(st.sampled_from((_, _, _, 0, 1)), min_size=shape[0],
                          max_size=shape[0]), min_size=shape[1], max_size=shape[1]),
        st.just(shape[2]),
    )
)


@settings(max_examples=25)  # the profile's explore run draws more
@given(boards)
def test_the_solver_agrees_with_brute_force(drawn):
    rows, distinct = drawn
    board = Binairo(tuple(map(tuple, rows)), distinct_lines=distinct)
    every = brute_force(board)
    result = solve(board)
    assert result.status is (Status.NONE, Status.UNIQUE, Status.MULTIPLE)[min(len(every), 2)]
    assert all(answer in every for answer in result.solutions)


# --------------------------------------------------------------------------- the task


def page_with(task: str, width: int = 6, height: int = 6) -> str:
    text = PAGE.read_text(encoding="utf-8")
    text = re.sub(r"var task = '[^']*'", f"var task = '{task}'", text)
    return text.replace("puzzleWidth: 6, puzzleHeight: 6", f"puzzleWidth: {width}, "
                        f"puzzleHeight: {height}")


@pytest.mark.parametrize(
    "task, says",
    [
        ("h0a0a11i1a0e00b", "ends at offset 15 after 35 cells; a 6x6 board has 36 cells"),
        ("h0a0a11i1a0e00c1", "runs past the last cell at offset 15; a 6x6 board has 36"),
        ("h0a0a12i1a0e00c", "holds '2' at offset 6, which is not part of its grammar"),
        ("h0a0a11i1a0e00_", "holds '_' at offset 14"),
    ],
)
def test_a_task_of_the_wrong_length_or_an_unknown_character_is_exit_65(tmp_path, task, says):
    path = tmp_path / "page.html"
    path.write_text(page_with(task), encoding="utf-8")
    env = streams()
    assert main(["solve", str(path)], env=env) == 65
    err = env.stderr.getvalue()
    assert says in err and "36 cells" in err and err.count("\n") == 1


# --------------------------------------------------------------------------- URLs


def test_every_url_form_of_the_site():
    assert site_for_url("https://fr.puzzle-binairo.com/?size=3") is BINAIRO
    for path in ("daily-binairo", "weekly-binairo", "monthly-binairo", "binairo-20x20-hard/"):
        url = f"https://www.puzzle-binairo.com/{path}"
        assert site_for_url(url) is BINAIRO
        (request,) = puzzle_requests(url)
        assert not request.cacheable
    (random_,) = puzzle_requests("https://www.puzzle-binairo.com/?size=2")
    assert not random_.cacheable
    url = expand_shorthand("binairo:438,243@0")
    assert url == "https://www.puzzle-binairo.com/?specific=1&size=0&specid=438243"
    (post,) = puzzle_requests(url)
    assert post.method == "POST" and ("specid", "438243") in post.data
    assert expand_shorthand("takuzu:12@3").endswith("size=3&specid=12")
    share = "https://www.puzzle-binairo.com/?e=MDo0MzgsMjQz"  # "0:438,243"
    (shared,) = puzzle_requests(share)
    assert shared.cacheable and shared.url == share


def test_a_board_copy_asks_for_the_page_source():
    copy = '<div class="board-back"><div class="cell" style="top: 3px; left: 3px;">1</div></div>'
    page = Page("https://www.puzzle-binairo.com/?size=0", copy,
                url="https://www.puzzle-binairo.com/?size=0")
    with pytest.raises(ParseError) as refused:
        BINAIRO.read(page)
    assert "Binairo" in str(refused.value) and "Ctrl-U" in refused.value.hint


# --------------------------------------------------------------------------- output


def test_solve_json_has_the_design_shapes():
    env = streams()
    assert main(["solve", str(PAGE), "--json"], env=env) == 0
    out = json.loads(written(env))
    assert out["kind"] == "binairo" and out["status"] == "unique"
    assert out["puzzle"] == {"grid": [[None] * 6, [None, None, 0, None, 0, None],
                                      [1, 1, None, None, None, None],
                                      [None] * 5 + [1], [None, 0] + [None] * 4,
                                      [None, 0, 0, None, None, None]]}
    assert all(set(row) <= {0, 1} and len(row) == 6 for row in out["solution"])
    assert out["site_check"] == "unknown"


def test_parse_then_solve_the_board_json(tmp_path):
    env = streams()
    assert main(["parse", str(PAGE)], env=env) == 0
    path = tmp_path / "board.json"
    path.write_text(written(env), encoding="utf-8")
    again = streams()
    assert main(["solve", str(path), "-q"], env=again) == 0
    assert "unique" in written(again)


@pytest.mark.parametrize("puzzle, says", [
    ({"grid": [[0, 2]]}, "row 1 holds 2, not 0, 1 or null"),
    ({"grid": [[0, True]]}, "row 1 holds true"),
    ({"grid": [[0, 1], [1]]}, "rows of one length"),
    ({"grid": [[0, 1]], "distinct_lines": "no"}, '"distinct_lines" is true or false'),
    ({"cells": ["01"]}, 'needs "grid"'),
])
def test_a_broken_board_json_is_exit_65(tmp_path, puzzle, says):
    path = tmp_path / "board.json"
    path.write_text(json.dumps({"kind": "binairo", "puzzle": puzzle}))
    env = streams()
    assert main(["solve", str(path)], env=env) == 65
    assert says in env.stderr.getvalue()


def test_an_odd_side_has_no_answer(tmp_path):
    path = tmp_path / "board.json"
    path.write_text(json.dumps({"kind": "binairo", "puzzle": {"grid": [[0, None, 1]] * 2}}))
    env = streams()
    assert main(["solve", str(path)], env=env) == 1
    assert "sides are even, not 3x2" in env.stderr.getvalue()


def test_the_drawings_tell_0_from_1_and_givens_from_the_rest():
    board = Binairo(((0, 0, _, _), (0, _, _, _), (_, _, 1, _), (_, _, _, _)))
    result = solve(board)
    full = plain_text(board, result, Style(ascii=True, colour=False)).splitlines()
    assert full[:6] == ["+--------+", "| 0 0 1 1|", "| 0 1 0 1|", "| 1 0 1 0|",
                        "| 1 1 0 0|", "+--------+"]
    compact = plain_text(board, result, Style(compact=True, colour=False)).splitlines()
    assert compact[:4] == ["○○●●", "○●○●", "●○●○", "●●○○"]
    drawing = kind_named("binairo").draw(board, result.solutions[0], None, Style(compact=True))
    spans = {drawing.picture.plain[s.start:s.end] + str(s.style) for s in drawing.picture.spans}
    assert {"○bold", "○dim", "●bold", "●dim"} <= spans
    svg = kind_named("binairo").svg(board, result.solutions[0])
    assert svg.count('class="one given"') == 1 and svg.count('class="zero found"') == 5


# --------------------------------------------------------------------------- Tatham


def test_a_tatham_unruly_id_reads_and_writes_back():
    """`u` is the rule that no two rows or columns are equal: an ID without it is a
    Binairo without that rule, said in its board JSON and written back so."""
    empty = "6x6:zl"  # 36 empty cells and the end mark
    board = read_game_id(empty)
    assert board.kind == "binairo" and not board.distinct_lines
    assert kind_named("binairo").to_json(board)["distinct_lines"] is False
    assert write(board) == "6x6:zl\n" and solve(board).status is Status.MULTIPLE
    site = decode(Task(BY_NAME["binairo"], "h0a0a11i1a0e00c", 6, 6, "-"))
    text = write(site)  # written by hand from unruly.c's new_game_desc
    assert text == "6x6u:ibBAJbfad\n" and read_game_id(text).grid == site.grid
    assert read_game_id(text).distinct_lines and read_game_id(text.replace("u:", "udn:")).grid
    assert "Z" not in text and read_game_id("6x6:" + "a" * 36 + "a").grid[0] == (0,) * 6


def test_unruly_ids_are_told_from_the_other_games():
    assert game_of("6x6u", "zl") == "unruly"
    assert game_of("8x8dt", "aDbBaAbCcAcBBBeBaCfAaAbCaj") == "unruly"  # a 1, 65 places
    assert game_of("8x8dt", "aDbBaAbCcAcBBBeBaCfAaAbCa") == "galaxies"  # 55: its black dots
    assert game_of("6x6", "zl") == "unruly"  # Light Up reads zl as 38 cells
    assert game_of("7x7", "cBa3aBi2c1aBaBaBc1iBa0a1c") == "lightup"
    assert game_of("2x2", "1c") == "rectangles"


@pytest.mark.parametrize(
    "text, says",
    [("6x6u:zk", "Description too short"), ("6x6u:zm", "Description too long"),
     ("6x6u:zk1", "invalid characters"), ("5x6u:zk", "must both be even"),
     ("4x4u:p", "at least 6")],
)
def test_a_broken_tatham_unruly_id_is_exit_65(text, says):
    env = streams()
    assert main(["solve", text], env=env) == 65
    assert says in env.stderr.getvalue()
