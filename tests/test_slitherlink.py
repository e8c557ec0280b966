"""Slitherlink of puzzle-loop.com: the kind, the family game, Tatham's Loopy IDs.

A fixed sample of the real puzzle-loop.com tasks of the shared data (two of each size and
difficulty, and the largest; all 358 run in benchmarks/bench_genres.py) solves to the
site's own answer; every decoded puzzle solves to its known answer; the solver agrees with
brute force on small boards; the task's faults are exit 65 naming the offset.
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
from puzzlesat.core import Page, ParseError, Status, UnsupportedPuzzle
from puzzlesat.drawing import Style
from puzzlesat.formats.tatham import game_of, read_game_id, write
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.slitherlink import Slitherlink, encode, is_solution
from puzzlesat.kinds.slitherlink import decode as decode_answer
from puzzlesat.render import plain_text
from puzzlesat.sat.models import find_two
from puzzlesat.solve import solve
from puzzlesat.sources import site_for_url
from puzzlesat.sources.puzzle_family import BY_NAME, Task, expand_shorthand
from puzzlesat.sources.puzzle_family.loop import decode
from puzzlesat.sources.puzzle_family.urls import puzzle_requests

GENRE = SHARED_DATA / "genres" / "loop"
FIXTURE = FIXTURES / "puzzle-loop.com"
PAGE = FIXTURE / "hard_5x5_1012753.source.html"


def site_edges(answer: str, width: int, height: int):
    """The site's y/n edges (H+1 rows of W across, then H rows of W+1 down), read here."""
    bits = [int(ch == "y") for ch in answer]
    split = (height + 1) * width
    across = tuple(tuple(bits[a * width : (a + 1) * width]) for a in range(height + 1))
    down = tuple(tuple(bits[split + r * (width + 1) : split + (r + 1) * (width + 1)])
                 for r in range(height))
    return across, down


def sample() -> list[dict]:
    """Two tasks of each size and difficulty, in the file's order, and the largest."""
    rows = [json.loads(line) for line in
            (GENRE / "site-tasks.jsonl").read_text(encoding="utf-8").splitlines()]
    picked: dict[tuple, list[dict]] = {}
    for row in rows:
        group = picked.setdefault((row["width"], row["height"], row["difficulty"]), [])
        if len(group) < 2:
            group.append(row)
    largest = max(rows, key=lambda row: (row["width"] * row["height"], len(row["task"])))
    return [row for group in picked.values() for row in group] + [largest]


# --------------------------------------------------------------------------- real tasks


def test_a_sample_of_the_real_tasks_solves_to_the_sites_answers():
    for row in sample():
        task = Task(BY_NAME["loop"], row["task"], row["width"], row["height"], row["id"])
        board = decode(task)
        result = solve(board)
        assert result.status is Status.UNIQUE, row["id"]
        assert result.solutions[0] == site_edges(row["answer"], row["width"], row["height"])


def test_the_fixture_page_is_read_and_solves_to_its_answer_with_the_check_unknown():
    (entry,) = json.loads((FIXTURE / "index.json").read_text(encoding="utf-8"))
    board = load.read_page(Page(str(PAGE), PAGE.read_text(encoding="utf-8")))
    assert (board.kind, board.puzzle_id, board.title) == ("slitherlink", "1012753",
                                                          "5x5 Hard Loop")
    result = solve(board)
    assert result.status is Status.UNIQUE and result.site_check == "unknown"
    answer = entry["answer"]
    assert result.solutions[0] == (tuple(map(tuple, answer["horizontal"])),
                                   tuple(map(tuple, answer["vertical"])))


def inside_to_edges(solution: str):
    """A decoded solution (`H W`, rows of `x` inside, `-` outside) as the loop's edges:
    an edge is on where the cells on its two sides differ (outside the board is out)."""
    _, *rows = solution.strip().splitlines()
    inside = [[v == "x" for v in row.split()] for row in rows]
    height, width = len(inside), len(inside[0])

    def at(r: int, c: int) -> bool:
        return 0 <= r < height and 0 <= c < width and inside[r][c]

    across = tuple(tuple(int(at(a - 1, c) != at(a, c)) for c in range(width))
                   for a in range(height + 1))
    down = tuple(tuple(int(at(r, b - 1) != at(r, b)) for b in range(width + 1))
                 for r in range(height))
    return across, down


def test_every_decoded_puzzle_solves_to_its_known_answer():
    for line in (GENRE / "decoded.jsonl").read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        _, *rows = entry["puzzle"].strip().splitlines()
        grid = tuple(tuple(None if v == "-" else int(v) for v in row.split()) for row in rows)
        result = solve(Slitherlink(grid))
        assert result.status is Status.UNIQUE, entry["id"]
        assert result.solutions[0] == inside_to_edges(entry["solution"]), entry["id"]


# --------------------------------------------------------------------------- brute force


def brute_force(board: Slitherlink) -> list:
    """Every answer, by trying every set of edges."""
    h, w = board.height, board.width
    count = (h + 1) * w + h * (w + 1)
    found = []
    for bits in product((0, 1), repeat=count):
        split = (h + 1) * w
        answer = (tuple(tuple(bits[a * w : (a + 1) * w]) for a in range(h + 1)),
                  tuple(tuple(bits[split + r * (w + 1) : split + (r + 1) * (w + 1)])
                        for r in range(h)))
        if is_solution(board, answer):
            found.append(answer)
    return found


shapes = st.sampled_from([(1, 1), (1, 2), (2, 1), (1, 3), (3, 1)])  # up to ten edges
boards = shapes.flatmap(lambda hw: st.lists(
    st.lists(st.sampled_from([None, None, 0, 1, 2, 3]), min_size=hw[1], max_size=hw[1]),
    min_size=hw[0], max_size=hw[0]))


@settings(max_examples=20)  # the profile's explore run draws more
@given(boards)
def test_the_solver_agrees_with_brute_force(rows):
    """The encoding and its refine on the solvers' own loop (solve() adds only its race)."""
    board = Slitherlink(tuple(map(tuple, rows)))
    every = brute_force(board)
    found = find_two(encode(board))
    assert len(found.models) == min(len(every), 2)
    assert all(decode_answer(board, model) in every for model in found.models)


def test_the_checker_wants_one_loop_every_point_twice_and_every_clue():
    board = Slitherlink(((None, None, None),))
    two = (((1, 0, 1), (1, 0, 1)), ((1, 1, 1, 1),))  # the two end squares
    assert not is_solution(board, two)
    one = (((1, 1, 1), (1, 1, 1)), ((1, 0, 0, 1),))
    assert is_solution(board, one)
    assert not is_solution(Slitherlink(((None, 1, None),)), one)  # the middle has 2
    spur = (((1, 1, 1), (1, 1, 1)), ((1, 1, 0, 1),))  # a point of degree three
    assert not is_solution(board, spur)
    assert not is_solution(board, (((0, 0, 0), (0, 0, 0)), ((0, 0, 0, 0),)))  # no loop


# --------------------------------------------------------------------------- the task


def page_with(task: str) -> str:
    return re.sub(r"var task = '[^']*'", f"var task = '{task}'",
                  PAGE.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "task, says",
    [
        ("3a3c2a22b2a12b33b2", "ends at offset 18 after 23 cells; a 5x5 board has 25 cells"),
        ("3a3c2a22b2a12b33b2b1", "runs past the last cell at offset 19; a 5x5 board has 25"),
        ("3a3c2a24b2a12b33b2b", "holds '4' at offset 7, which is not part of its grammar"),
        ("3a3c2a2Bb2a12b33b2b", "holds 'B' at offset 7"),
    ],
)
def test_a_task_of_the_wrong_length_or_an_unknown_character_is_exit_65(tmp_path, task, says):
    path = tmp_path / "page.html"
    path.write_text(page_with(task), encoding="utf-8")
    env = streams()
    assert main(["solve", str(path)], env=env) == 65
    err = env.stderr.getvalue()
    assert says in err and "25 cells" in err and err.count("\n") == 1


def test_twelve_is_two_cells():
    board = decode(Task(BY_NAME["loop"], "12a", 3, 1, "-"))
    assert board.grid == ((1, 2, None),)


# --------------------------------------------------------------------------- URLs


def test_every_url_form_of_the_site():
    loop = site_for_url("https://www.puzzle-loop.com/?size=4")
    assert loop is not None and loop.name == "puzzle-loop.com"
    assert site_for_url("https://fr.puzzle-loop.com/?size=8") is loop
    assert site_for_url("https://www.puzzle-loop.com/daily-loop/") is loop
    (random_,) = puzzle_requests("https://www.puzzle-loop.com/?size=3")
    assert not random_.cacheable
    (path,) = puzzle_requests("https://www.puzzle-loop.com/weekly-loop/")
    assert not path.cacheable
    url = expand_shorthand("loop:1,012,753@4")
    assert url == "https://www.puzzle-loop.com/?specific=1&size=4&specid=1012753"
    assert expand_shorthand("slitherlink:1012753@4") == url
    (post,) = puzzle_requests(url)
    assert post.method == "POST" and ("specid", "1012753") in post.data
    share = "https://www.puzzle-loop.com/?e=NDoxLDAxMiw3NTM="  # "4:1,012,753"
    (shared,) = puzzle_requests(share)
    assert shared.cacheable and shared.url == share


def test_a_board_copy_is_read_by_position_and_claimed_by_no_other_game():
    """sites.md 3f's div.loop-task-cell copy, piped in without a URL: Slitherlink's, never
    Shikaku's (whose copies are the class `cell`), and the page's board."""
    copy = (FIXTURE / "hard_5x5_1012753.board.html").read_text(encoding="utf-8")
    shuffled = "\n".join(sorted(copy.splitlines(), reverse=True))  # positions, not order
    env = streams(shuffled.encode())
    assert main(["parse", "-"], env=env) == 0
    board = json.loads(written(env))
    assert board["kind"] == "slitherlink"
    assert board["puzzle"]["grid"][0] == [3, None, 3, None, None]
    bad = copy.replace(">3</div>", ">7</div>", 1)
    env = streams(bad.encode())
    assert main(["parse", "-"], env=env) == 65
    assert "row 1, column 1 holds '7', not a clue 0-3" in env.stderr.getvalue()


# --------------------------------------------------------------------------- output


def test_solve_json_has_the_design_shapes():
    env = streams()
    assert main(["solve", str(PAGE), "--json"], env=env) == 0
    out = json.loads(written(env))
    assert out["kind"] == "slitherlink" and out["status"] == "unique"
    assert out["puzzle"]["grid"][0] == [3, None, 3, None, None]
    assert out["site_check"] == "unknown"
    solution = out["solution"]
    assert [len(row) for row in solution["horizontal"]] == [5] * 6
    assert [len(row) for row in solution["vertical"]] == [6] * 5


def test_parse_then_solve_the_board_json(tmp_path):
    env = streams()
    assert main(["parse", str(PAGE)], env=env) == 0
    path = tmp_path / "board.json"
    path.write_text(written(env), encoding="utf-8")
    again = streams()
    assert main(["solve", str(path), "-q"], env=again) == 0
    assert "unique" in written(again)


def test_the_drawings_show_the_loop_on_the_lattice():
    board = Slitherlink(((None, None), (3, 3)))
    result = solve(board)
    full = plain_text(board, result, Style(ascii=True, colour=False)).splitlines()
    assert full[:5] == [".   .   .", "", "+-------+", "| 3   3 |", "+-------+"]
    compact = plain_text(board, result, Style(compact=True, colour=False)).splitlines()
    assert compact[:5] == ["· · ·", "", "┌───┐", "│3 3│", "└───┘"]
    svg = kind_named("slitherlink").svg(board, result.solutions[0])
    assert svg.count('class="dot"') == 9 and svg.count("<line") == 6


def test_a_second_answer_is_drawn_where_it_differs_and_a_wide_board_is_never_cropped():
    board = Slitherlink(((None, None),))
    result = solve(board)
    assert result.status is Status.MULTIPLE
    text = plain_text(board, result, Style(colour=False))
    assert ("━" in text or "┄" in text) and "differs from solution 1" in text
    wide = Slitherlink(((3,) + (2,) * 28 + (3,),))
    result = solve(wide)
    full = plain_text(wide, result, Style(colour=False, compact=False, width=80)).splitlines()
    assert full[0] == "┌" + "─" * (30 * 4 - 1) + "┐" and len(full[1]) == 30 * 4 + 1
    narrow = plain_text(wide, result, Style(colour=False, width=80)).splitlines()
    assert narrow[0] == "┌" + "─" * (30 * 2 - 1) + "┐"  # compact where full is too wide


# --------------------------------------------------------------------------- Tatham


def test_a_tatham_loopy_id_reads_and_writes_back():
    board = read_game_id("5x5t0:3a3c2a22b2a12b33b2b")
    assert board.kind == "slitherlink" and board.grid[0] == (3, None, 3, None, None)
    assert write(board) == "5x5t0:3a3c2a22b2a12b33b2b\n"
    assert read_game_id("5x5t0dh:3a3c2a22b2a12b33b2b").grid == board.grid
    assert game_of("7x7t0", "a3f") == "loopy" and game_of("9jdt", "a") == "solo"


@pytest.mark.parametrize(
    "text, says, code",
    [("3x3t0:a2", "Description too short for board size (9 faces)", 65),
     ("3x3t0:a2aaaaaaaaaaa", "Description too long", 65),
     ("3x3t0:a5g", "the clue '5' at position 2 is past 4", 65),
     ("3x3t0:a_g", "Unknown character in description: '_'", 65),
     ("5x5t1:abc", "the Triangular grid (t1) is not a square grid", None)],
)
def test_a_broken_or_unsquare_loopy_id_is_refused(text, says, code):
    env = streams()
    status = main(["solve", text], env=env)
    assert says in env.stderr.getvalue()
    if code is not None:
        assert status == code
    with pytest.raises((ParseError, UnsupportedPuzzle)):
        read_game_id(text)
