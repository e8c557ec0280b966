"""Dominosa of puzzle-dominosa.com: the kind, the family game, Tatham's IDs.

Every decoded puzzle of the shared data (../shared/data/genres/dominosa, read from there),
written as the site's task, solves to its known answer; the solver agrees with brute force
on small boards; the task's faults are exit 65 naming the offset and the cells the board
has; the fixture page (tools/make_dominosa_fixtures.py) solves to its own answer, and no
site check is claimed (the page was made here and carries no hash).
"""

from __future__ import annotations

import json
import re
import time

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
from puzzlesat.kinds.dominosa import Dominosa, is_solution
from puzzlesat.render import plain_text
from puzzlesat.solve import solve
from puzzlesat.sources import site_for_url
from puzzlesat.sources.puzzle_family import BY_NAME, DOMINOSA, Task, expand_shorthand
from puzzlesat.sources.puzzle_family.dominosa import decode
from puzzlesat.sources.puzzle_family.urls import puzzle_requests

GENRE = SHARED_DATA / "genres" / "dominosa"
FIXTURE = FIXTURES / "puzzle-dominosa.com"
PAGE = FIXTURE / "double_6_4815162.source.html"
TINY = ((2, 1, 2, 1), (1, 2, 2, 0), (1, 0, 0, 0))  # a double-2 with one answer


def task_of(grid) -> str:
    """The site's task, written here: a digit a cell, `[NN]` from 10."""
    return "".join(str(v) if v < 10 else f"[{v}]" for row in grid for v in row)


def dominoes(rows) -> list:
    """A decoded answer (a domino id a cell) as the kind's answer: pairs in reading order."""
    cells: dict[str, list] = {}
    for r, row in enumerate(rows):
        for c, name in enumerate(row):
            cells.setdefault(name, []).append((r, c))
    return sorted(tuple(pair) for pair in cells.values())


# --------------------------------------------------------------------------- the fixture page


def test_the_fixture_page_solves_to_its_answer_and_claims_no_site_check():
    (entry,) = json.loads((FIXTURE / "index.json").read_text(encoding="utf-8"))
    board = load.read_page(Page(str(PAGE), PAGE.read_text(encoding="utf-8")))
    assert (board.kind, board.width, board.height) == ("dominosa", 8, 7)
    assert (board.puzzle_id, board.title, board.hashed_solution) == ("4815162", "Dominosa 6", None)
    assert task_of(board.grid) == entry["task"]
    result = solve(board)
    assert result.status is Status.UNIQUE and result.site_check == "unknown"
    assert [[list(a), list(b)] for a, b in result.solutions[0]] == entry["answer"]


# --------------------------------------------------------------------------- decoded puzzles


def test_every_decoded_puzzle_solves_to_its_known_answer():
    """Every one of the shared data, written as the site's task (W = n+2, H = n+1 in all of
    them, as on the site and in Tatham's)."""
    for line in (GENRE / "decoded.jsonl").read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        _, *rows = entry["puzzle"].strip().splitlines()
        grid = [[int(v) for v in row.split()] for row in rows]
        board = decode(Task(BY_NAME["dominosa"], task_of(grid), entry["width"],
                            entry["height"], "decoded"))
        started = time.perf_counter()
        result = solve(board)
        assert time.perf_counter() - started < 2, entry["id"]  # a budget, not a benchmark
        _, *answer = entry["solution"].strip().splitlines()
        known = dominoes([row.split() for row in answer])
        assert result.status is Status.UNIQUE, entry["id"]
        assert list(result.solutions[0]) == known, entry["id"]


# --------------------------------------------------------------------------- brute force


def brute_force(board: Dominosa) -> list:
    """Every answer, by joining the first open cell to its right or lower neighbour."""
    h, w = board.height, board.width
    found: list = []

    def search(chosen: list, covered: set) -> None:
        open_ = next(((r, c) for r in range(h) for c in range(w) if (r, c) not in covered), None)
        if open_ is None:
            answer = tuple(sorted(chosen))
            if is_solution(board, answer):
                found.append(answer)
            return
        r, c = open_
        for other in ((r, c + 1), (r + 1, c)):
            if other[0] < h and other[1] < w and other not in covered:
                search([*chosen, (open_, other)], covered | {open_, other})

    search([], set())
    return found


def shuffled_set(n: int):
    """Boards of the double-n set's numbers in any order (each n+2 times)."""
    numbers = [v for v in range(n + 1) for _ in range(n + 2)]
    return st.permutations(numbers).map(
        lambda p: Dominosa(tuple(tuple(p[r * (n + 2) : (r + 1) * (n + 2)]) for r in range(n + 1))))


@settings(max_examples=30)  # the profile's explore run draws more
@given(st.one_of(shuffled_set(1), shuffled_set(2)))
def test_the_solver_agrees_with_brute_force(board):
    every = brute_force(board)
    result = solve(board)
    assert result.status is (Status.NONE, Status.UNIQUE, Status.MULTIPLE)[min(len(every), 2)]
    assert all(answer in every for answer in result.solutions)


def test_the_checker_refuses_what_is_not_a_tiling_by_the_whole_set():
    answer = solve(Dominosa(TINY)).solutions[0]
    assert is_solution(Dominosa(TINY), answer)
    assert not is_solution(Dominosa(TINY), answer[:-1])  # a cell left open
    assert not is_solution(Dominosa(TINY), (((0, 0), (1, 1)), *answer[1:]))  # not neighbours
    same = Dominosa(((2, 1, 2, 1), (1, 2, 2, 0), (1, 0, 1, 0)))  # 0-0 twice would be needed
    assert not is_solution(same, answer)


# --------------------------------------------------------------------------- the task


def page_with(task: str, width: int = 8, height: int = 7) -> str:
    text = PAGE.read_text(encoding="utf-8")
    text = re.sub(r"var task = '[^']*'", f"var task = '{task}'", text)
    return text.replace("puzzleWidth: 8, puzzleHeight: 7", f"puzzleWidth: {width}, "
                        f"puzzleHeight: {height}")


GOOD = json.loads((FIXTURE / "index.json").read_text(encoding="utf-8"))[0]["task"]


@pytest.mark.parametrize(
    "task, size, says",
    [
        (GOOD[:-3], (8, 7), "ends at offset 53 after 53 cells; the 8x7 board has 56 cells"),
        (GOOD + "12", (8, 7), "runs past the last cell at offset 56; the 8x7 board has 56"),
        (GOOD[:5] + "x" + GOOD[6:], (8, 7), "holds 'x' at offset 5, which is not part of its"),
        (GOOD[:5] + "[1" + GOOD[6:], (8, 7), "opens '[' at offset 5 and does not close it"),
        (GOOD[:5] + "7" + GOOD[6:], (8, 7), "holds 7 at offset 5, above 6: the 8x7 board has "
                                            "56 cells, a double-6 set"),
        (GOOD[:5] + "[12]" + GOOD[6:], (8, 7), "holds 12 at offset 5, above 6"),
        (GOOD[:49], (7, 7), "7x7, which is no double-n set's size (a double-5 set is 7x6, 42"),
        (GOOD, (7, 8), "7x8, which is no double-n set's size"),
    ],
)
def test_a_task_that_is_no_double_n_board_is_exit_65(tmp_path, task, size, says):
    path = tmp_path / "page.html"
    path.write_text(page_with(task, *size), encoding="utf-8")
    env = streams()
    assert main(["solve", str(path)], env=env) == 65
    err = env.stderr.getvalue()
    assert says in err and err.count("\n") == 1, err
    if "offset" in says:
        assert "56 cells" in err


def test_numbers_from_ten_are_bracketed():
    grid = [[10] * 12] * 11  # the task's grammar alone: the board need not be a tiling
    board = decode(Task(BY_NAME["dominosa"], task_of(grid), 12, 11, "-"))
    assert board.grid[0][:2] == (10, 10) and board.top == 10


def test_numbers_that_no_double_n_set_shows_so_often_have_no_answer(tmp_path):
    path = tmp_path / "board.json"
    record = {"kind": "dominosa", "puzzle": {"grid": [[0, 1, 0], [1, 0, 0]]}}
    path.write_text(json.dumps(record), encoding="utf-8")
    env = streams()
    assert main(["solve", str(path)], env=env) == 1
    assert "0 appears 4 times; in a double-1 set every number appears 3" in env.stderr.getvalue()


@pytest.mark.parametrize("grid, says", [
    ([[0, 1, 2], [1, 0, 0]], "row 1, column 3 holds 2; the 3x2 board is a double-1 set"),
    ([[0, 1], [1, 0]], "2x2 is no double-n set's size"),
    ([[0, -1, 0], [1, 0, 0]], "row 1 holds -1, not a number 0..n"),
])
def test_board_json_that_is_no_double_n_board_is_exit_65(tmp_path, grid, says):
    path = tmp_path / "board.json"
    path.write_text(json.dumps({"kind": "dominosa", "puzzle": {"grid": grid}}), encoding="utf-8")
    env = streams()
    assert main(["solve", str(path)], env=env) == 65
    assert says in env.stderr.getvalue()


# --------------------------------------------------------------------------- URLs


def test_every_url_form_of_the_site():
    assert site_for_url("https://fr.puzzle-dominosa.com/?size=1") is DOMINOSA
    assert site_for_url("https://www.puzzle-dominosa.com/daily-dominosa/") is DOMINOSA
    (random_,) = puzzle_requests("https://www.puzzle-dominosa.com/?size=3")
    assert not random_.cacheable
    (path,) = puzzle_requests("https://www.puzzle-dominosa.com/monthly-dominosa/")
    assert not path.cacheable
    url = expand_shorthand("dominosa:4,815,162@1")
    assert url == "https://www.puzzle-dominosa.com/?specific=1&size=1&specid=4815162"
    (post,) = puzzle_requests(url)
    assert post.method == "POST" and ("specid", "4815162") in post.data
    for code, period in (("10", "daily"), ("5", "weekly"), ("11", "monthly")):
        (special,) = puzzle_requests(expand_shorthand(f"puzzle-dominosa:2923@{code}"))
        assert special.expires == period
    share = "https://www.puzzle-dominosa.com/?e=MTo0LDgxNSwxNjI="  # "1:4,815,162"
    (shared,) = puzzle_requests(share)
    assert shared.cacheable and shared.url == share


def test_a_board_copy_asks_for_the_page_source():
    copy = '<div class="board-back"><div class="cell" style="top: 3px; left: 3px;">1</div></div>'
    url = "https://www.puzzle-dominosa.com/?size=0"
    with pytest.raises(ParseError) as refused:
        DOMINOSA.read(Page(url, copy, url=url))
    assert "Dominosa" in str(refused.value) and "Ctrl-U" in refused.value.hint


# --------------------------------------------------------------------------- output


def test_solve_json_has_the_design_shapes():
    env = streams()
    assert main(["solve", str(PAGE), "--json"], env=env) == 0
    out = json.loads(written(env))
    assert out["kind"] == "dominosa" and out["status"] == "unique"
    assert out["site_check"] == "unknown"
    assert out["puzzle"]["grid"][0] == [1, 2, 1, 4, 1, 0, 4, 3]
    assert len(out["solution"]) == 28 and out["solution"][0] == [[0, 0], [1, 0]]


def test_parse_then_solve_the_board_json(tmp_path):
    env = streams()
    assert main(["parse", str(PAGE)], env=env) == 0
    path = tmp_path / "board.json"
    path.write_text(written(env), encoding="utf-8")
    again = streams()
    assert main(["solve", str(path), "-q"], env=again) == 0
    assert "unique" in written(again)


def test_the_drawings_wall_each_domino():
    board = Dominosa(TINY)
    result = solve(board)
    full = plain_text(board, result, Style(ascii=True, colour=False)).splitlines()
    assert full[:7] == ["+-----+--+--+", "| 2  1| 2| 1|", "+--+--+  |  |", "| 1| 2| 2| 0|",
                        "|  |  +--+--+", "| 1| 0| 0  0|", "+--+--+-----+"]
    compact = plain_text(board, result, Style(compact=True, colour=False)).splitlines()
    assert compact[:3] == ["┌───┬─┬─┐", "│2 1│2│1│", "├─┬─┤ │ │"]
    svg = kind_named("dominosa").svg(board, result.solutions[0])
    assert svg.count('class="domino"') == 6 and svg.count(">0</text>") == 4


def test_a_second_answer_marks_its_own_dominoes():
    board = Dominosa(((0, 1, 1), (0, 0, 1)))
    result = solve(board)
    assert result.status is Status.MULTIPLE
    text = plain_text(board, result, Style(ascii=True, colour=False))
    assert "|*1|*1|" in text and "* marks the cells of the dominoes that differ" in text


# --------------------------------------------------------------------------- Tatham


def test_a_tatham_dominosa_id_reads_and_writes_back():
    board = read_game_id("2:212112201000")
    assert board.kind == "dominosa" and board.grid == TINY
    assert write(board) == "2:212112201000\n"
    assert read_game_id("2dt:[2]12112201000").grid == TINY
    big = Dominosa(tuple(tuple((r + c) % 11 for c in range(12)) for r in range(11)))
    assert "[10]" in write(big) and read_game_id(write(big)).grid == big.grid


def test_which_game_an_id_is():
    assert game_of("2", "212112201000") == "dominosa"
    assert game_of("10", "[10]") == "dominosa"  # a bracket only Dominosa has
    assert game_of("2", "0000") == "lightup"  # 2x2 cells of Light Up: not Dominosa's 12


@pytest.mark.parametrize(
    "text, says",
    [("2:21211220100", "Game description is too short"),
     ("2:2121122010000", "Game description is too long"),
     ("2:212112201003", "Number out of range in game description: 3 at position 12"),
     ("2:2121122010[0", "Missing ']' in game description"),
     ("2:212112201001", "Incorrect number balance in game description")],
)
def test_a_broken_tatham_dominosa_id_is_exit_65(text, says):
    env = streams()
    assert main(["solve", text], env=env) == 65
    assert says in env.stderr.getvalue()
