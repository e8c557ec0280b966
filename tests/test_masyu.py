"""Masyu of puzzle-masyu.com: the kind, the family game, the loop drawn through cell centres.

A fixed sample of the site's real tasks (../shared/data/genres/masyu, read from there: two of
each size and difficulty, and the largest) solves, unique under the one-loop rule, to the
site's own answer; every decoded puzzle of the shared data solves to its known answer; the
solver agrees with brute force on small boards; the task's faults are exit 65 naming the
offset and the cells the board has. benchmarks/bench_genres.py runs all 899 tasks.
"""

from __future__ import annotations

import functools
import json
import re
from itertools import product

import pytest
from conftest import FIXTURES, SHARED_DATA, streams, written
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat import load
from puzzlesat.cli import main
from puzzlesat.core import Page, ParseError, Result, Status
from puzzlesat.drawing import Style
from puzzlesat.grid.cell_path import EdgeGrid
from puzzlesat.grid.geometry import cell_edges
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.masyu import Answer, Masyu, is_solution
from puzzlesat.render import plain_text
from puzzlesat.site_check import hashed, yes_no
from puzzlesat.solve import solve
from puzzlesat.sources import site_for_url
from puzzlesat.sources.puzzle_family import BY_NAME, MASYU, Task, expand_shorthand
from puzzlesat.sources.puzzle_family.masyu import decode
from puzzlesat.sources.puzzle_family.urls import puzzle_requests

GENRE = SHARED_DATA / "genres" / "masyu"
FIXTURE = FIXTURES / "puzzle-masyu.com"
PAGE = FIXTURE / "easy_6x6_1044580.source.html"


def edges_of(text: str, width: int, height: int) -> Answer:
    """The site's answer (y/n per edge: the H rows of W-1 horizontal edges, then the H-1
    rows of W vertical ones), read here apart from the package."""
    bits = [int(ch == "y") for ch in text]
    cut = height * (width - 1)
    return Answer(
        tuple(tuple(bits[r * (width - 1) : (r + 1) * (width - 1)]) for r in range(height)),
        tuple(tuple(bits[cut + r * width : cut + (r + 1) * width]) for r in range(height - 1)),
    )


# --------------------------------------------------------------------------- the site's tasks


def sample(entries: list[dict]) -> list[dict]:
    """Two of each size and difficulty (the first two in the file), and the largest."""
    seen: dict[tuple, int] = {}
    out = []
    for entry in entries:
        group = (entry["width"], entry["height"], entry["difficulty"])
        seen[group] = seen.get(group, 0) + 1
        if seen[group] <= 2:
            out.append(entry)
    largest = max(entries, key=lambda e: e["width"] * e["height"])
    return out if largest in out else [*out, largest]


def test_a_sample_of_the_sites_tasks_solves_to_the_sites_answers():
    lines = (GENRE / "site-tasks.jsonl").read_text(encoding="utf-8").splitlines()
    entries = sample([json.loads(line) for line in lines])
    assert len(entries) >= 30 and max(e["width"] for e in entries) == 40
    for entry in entries:
        task = Task(BY_NAME["masyu"], entry["task"], entry["width"], entry["height"], "site")
        result = solve(decode(task))
        known = edges_of(entry["answer"], entry["width"], entry["height"])
        assert result.status is Status.UNIQUE, entry["id"]
        assert result.solutions[0] == known, entry["id"]


def test_the_fixture_page_solves_to_the_sites_answer_and_its_check_is_unknown():
    (entry,) = json.loads((FIXTURE / "index.json").read_text(encoding="utf-8"))
    board = load.read_page(Page(str(PAGE), PAGE.read_text(encoding="utf-8")))
    assert (board.kind, board.puzzle_id, board.title) == ("masyu", "1044580", "6x6 Easy Masyu")
    result = solve(board)
    assert result.status is Status.UNIQUE and result.site_check == "unknown"
    assert kind_named("masyu").answer_json(result.solutions[0]) == entry["answer"]


def test_a_page_with_a_hashed_solution_is_checked_by_its_edges(tmp_path):
    """A loop's text is `y`/`n` per edge between cell centres, the rows across first
    (genres.md section 2): the fixture's known answer hashed so is the site's."""
    (entry,) = json.loads((FIXTURE / "index.json").read_text(encoding="utf-8"))
    text = yes_no(entry["answer"]["horizontal"], entry["answer"]["vertical"])
    page = PAGE.read_text(encoding="utf-8").replace(
        "task: task, ", f"task: task, hashedSolution: '{hashed(entry['task'], text)}', ")
    path = tmp_path / "page.html"
    path.write_text(page, encoding="utf-8")
    env = streams()
    assert main(["solve", str(path), "--json"], env=env) == 0
    out = json.loads(written(env))
    assert (out["site_check"], out["site_answer"], env.stderr.getvalue()) == ("match", text, "")


# --------------------------------------------------------------------------- decoded puzzles


CIRCLE = {"-": ".", "w": "W", "b": "B", "1": "W", "2": "B"}  # some write circles as 1/2


def test_every_decoded_puzzle_solves_to_its_known_answer():
    for line in (GENRE / "decoded.jsonl").read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        _, *rows = entry["puzzle"].strip().splitlines()
        board = Masyu(tuple("".join(CIRCLE[v] for v in row.split()) for row in rows))
        _, *ways = entry["solution"].strip().splitlines()
        ways = [row.split() for row in ways]
        known = Answer(
            tuple(tuple(int("e" in cell) for cell in row[:-1]) for row in ways),
            tuple(tuple(int("s" in cell) for cell in row) for row in ways[:-1]),
        )
        result = solve(board)
        assert result.status is Status.UNIQUE and result.solutions[0] == known, entry["id"]


# --------------------------------------------------------------------------- the rules


@functools.cache
def loops(height: int, width: int) -> list[Answer]:
    """Every single loop of a board's size, by trying every set of edges (those whose cells
    have two edges or none go on to the checker)."""
    edges = EdgeGrid(height, width)
    arms = [[e for e in edges.arms(r, c) if e is not None]
            for r in range(height) for c in range(width)]
    empty = Masyu(tuple("." * width for _ in range(height)))
    found = []
    for bits in product((0, 1), repeat=edges.count):
        if all(sum(bits[e] for e in around) in (0, 2) for around in arms):
            answer = Answer(*edges.rows(bits))
            if is_solution(empty, answer):
                found.append(answer)
    return found


def brute_force(board: Masyu) -> list[Answer]:
    """Every answer: the loops of its size that keep its circles' rules."""
    return [answer for answer in loops(board.height, board.width) if is_solution(board, answer)]


boards = st.tuples(st.integers(2, 3), st.integers(2, 3)).flatmap(
    lambda size: st.lists(
        st.text(alphabet="....WB", min_size=size[1], max_size=size[1]),
        min_size=size[0], max_size=size[0],
    )
)


@settings(max_examples=25)  # the profile's explore run draws more
@given(boards)
def test_the_solver_agrees_with_brute_force(rows):
    board = Masyu(tuple(rows))
    every = brute_force(board)
    result = solve(board)
    assert result.status is (Status.NONE, Status.UNIQUE, Status.MULTIPLE)[min(len(every), 2)]
    assert all(answer in every for answer in result.solutions)


def test_two_loops_are_no_answer_though_each_keeps_the_circles_rules():
    """Two 2x2 loops side by side: degrees and circles hold, the one-loop rule does not."""
    board = Masyu(("W..W", "...."))
    two = Answer(((1, 0, 1), (1, 0, 1)), ((1, 1, 1, 1),))
    one = Answer(((1, 1, 1), (1, 1, 1)), ((1, 0, 0, 1),))
    assert not is_solution(board, two)
    assert is_solution(Masyu(("....", "....")), one)
    assert solve(board).status is Status.NONE  # a white corner cannot go straight


@pytest.mark.parametrize("cells, answer", [
    (("..W", "..."), Answer(((1, 1), (1, 1)), ((1, 0, 1),))),  # white, no turn beside it
    (("B..", "...", "..."), Answer(((1, 0), (0, 0), (1, 0)), ((1, 1, 0), (1, 1, 0)))),  # leg of 1
])
def test_the_checker_refuses_a_circle_rule_broken(cells, answer):
    assert not is_solution(Masyu(cells), answer)


def test_the_edges_are_numbered_in_the_answers_order():
    edges = EdgeGrid(3, 4)
    horizontal, vertical = cell_edges(3, 4)
    for number, ((r, c), (rr, _)) in enumerate(horizontal + vertical):
        assert (edges.right(r, c) if rr == r else edges.down(r, c)) == number
    assert edges.count == len(horizontal) + len(vertical)


# --------------------------------------------------------------------------- the task


def page_with(task: str) -> str:
    return re.sub(r"var task = '[^']*'", f"var task = '{task}'", PAGE.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "task, says",
    [
        ("aWbWBaBcWaWbWBfWBbWeW", "ends at offset 21 after 35 cells; a 6x6 board has 36 cells"),
        ("aWbWBaBcWaWbWBfWBbWeWaB", "runs past the last cell at offset 22; a 6x6 board has 36"),
        ("aWbWBaBcWaWbWBfWBbW2Wa", "holds '2' at offset 19, which is not part of its grammar"),
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
    assert site_for_url("https://ja.puzzle-masyu.com/?size=3") is MASYU
    assert site_for_url("https://www.puzzle-masyu.com/daily-masyu/") is MASYU
    (random_,) = puzzle_requests("https://www.puzzle-masyu.com/?size=12")
    assert not random_.cacheable
    (path,) = puzzle_requests("https://www.puzzle-masyu.com/monthly-masyu/")
    assert not path.cacheable
    url = expand_shorthand("masyu:1,044,580@0")
    assert url == "https://www.puzzle-masyu.com/?specific=1&size=0&specid=1044580"
    (post,) = puzzle_requests(url)
    assert post.method == "POST" and ("specid", "1044580") in post.data and not post.expires
    (daily,) = puzzle_requests(expand_shorthand("puzzle-masyu:2923@13"))
    assert daily.expires == "daily"
    (monthly,) = puzzle_requests(expand_shorthand("masyu:2923@15"))
    assert monthly.expires == "monthly"
    share = "https://www.puzzle-masyu.com/?e=MDoxLDA0NCw1ODA="  # "0:1,044,580"
    (shared,) = puzzle_requests(share)
    assert shared.cacheable and shared.url == share


def test_a_board_copy_asks_for_the_page_source():
    copy = '<div class="board-back"><div class="cell" style="top: 3px; left: 3px;"></div></div>'
    page = Page("https://www.puzzle-masyu.com/?size=0", copy,
                url="https://www.puzzle-masyu.com/?size=0")
    with pytest.raises(ParseError) as refused:
        MASYU.read(page)
    assert "Masyu" in str(refused.value) and "Ctrl-U" in refused.value.hint


# --------------------------------------------------------------------------- output


def test_solve_json_has_the_design_shapes():
    env = streams()
    assert main(["solve", str(PAGE), "--json"], env=env) == 0
    out = json.loads(written(env))
    assert out["kind"] == "masyu" and out["status"] == "unique"
    assert out["puzzle"]["cells"][0] == ".W..WB" and out["site_check"] == "unknown"
    horizontal, vertical = out["solution"]["horizontal"], out["solution"]["vertical"]
    assert len(horizontal) == 6 and all(len(row) == 5 for row in horizontal)
    assert len(vertical) == 5 and all(len(row) == 6 for row in vertical)
    assert {v for row in horizontal + vertical for v in row} == {0, 1}


def test_parse_then_solve_the_board_json(tmp_path):
    env = streams()
    assert main(["parse", str(PAGE)], env=env) == 0
    path = tmp_path / "board.json"
    path.write_text(written(env), encoding="utf-8")
    again = streams()
    assert main(["solve", str(path), "-q"], env=again) == 0
    assert "unique" in written(again)


def test_the_drawings_show_the_loop_through_the_circles():
    board = Masyu(("..B.", "W...", "...."))
    result = solve(board)
    full = plain_text(board, result, Style(ascii=True, colour=False)).splitlines()
    assert full[:7] == ["+---------+", "| +---* . |", "| |   |   |", "| o . | . |",
                        "| |   |   |", "| +---+ . |", "+---------+"]
    unicode = plain_text(board, result, Style(colour=False)).splitlines()
    assert unicode[1:6] == ["│ ┌───● · │", "│ │   │   │", "│ ○ · │ · │", "│ │   │   │",
                            "│ └───┘ · │"]
    compact = plain_text(board, result, Style(compact=True, colour=False)).splitlines()
    assert compact[:3] == ["┌─●·", "○·│·", "└─┘·"]
    svg = kind_named("masyu").svg(board, result.solutions[0])
    assert svg.count('class="path"') == 8 and svg.count('class="white"') == 1
    assert svg.count('class="black"') == 1


def test_a_second_answer_is_drawn_heavy_where_it_differs():
    board = Masyu(("...", "...", "..."))
    result = solve(board)
    assert result.status is Status.MULTIPLE
    text = plain_text(board, result, Style(ascii=True, colour=False))
    assert "where this answer's loop differs from solution 1" in text
    assert set("=!#") & set(text.split("solution 2")[1])


def test_a_40x40_full_drawing_gives_way_to_the_compact_one_in_80_columns():
    """The full drawing is 83 columns wide: in 80 the compact one is drawn, never cropped."""
    board = Masyu(tuple("." * 40 for _ in range(40)))
    ring = Answer(tuple(tuple(int(r in (0, 39)) for _ in range(39)) for r in range(40)),
                  tuple(tuple(int(c in (0, 39)) for c in range(40)) for _ in range(39)))
    assert is_solution(board, ring)
    result = Result(Status.UNIQUE, (ring,))
    lines = plain_text(board, result, Style(width=80, colour=False)).splitlines()
    assert lines[0] == "┌" + "─" * 38 + "┐" and len(lines[1]) == 40
    wide = plain_text(board, result, Style(width=None, colour=False)).splitlines()
    assert len(wide[0]) == 83 and wide[0].startswith("┌─")
