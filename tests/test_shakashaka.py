"""Shakashaka of puzzle-shakashaka.com: the kind, its local rule, the family game.

The encoding's rule about lattice points is derived here from the rule it stands for (every
white arc around a point a right angle or a straight side) over all 256 patterns; the
solver's every answer is compared with brute force on small boards, judged by the
geometric checker (white areas that fill their bounding box, upright or at 45 degrees);
the two real tasks and every decoded puzzle of the shared data solve to their answer; the
task's faults are exit 65 naming the offset and the cells the board has.
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
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.shakashaka import VERTEX_RULE, Shakashaka, is_solution
from puzzlesat.render import plain_text
from puzzlesat.solve import solve
from puzzlesat.sources import site_for_url
from puzzlesat.sources.puzzle_family import BY_NAME, SHAKASHAKA, Task, expand_shorthand
from puzzlesat.sources.puzzle_family.shakashaka import decode
from puzzlesat.sources.puzzle_family.urls import puzzle_requests

GENRE = SHARED_DATA / "genres" / "shakashaka"
FIXTURE = FIXTURES / "puzzle-shakashaka.com"
CORNERS = (None, "nw", "ne", "se", "sw")


def task_board(task: str, width: int, height: int) -> Shakashaka:
    return decode(Task(BY_NAME["shakashaka"], task, width, height, "data"))


# --------------------------------------------------------------------------- the local rule


def arcs_fine(black: tuple[int, ...]) -> bool:
    """Every maximal run of white sectors around the circle is two or four long, or all
    eight are white: the white corners there are right angles or straight sides."""
    if not any(black):
        return True
    start = black.index(1)
    ring = "".join(map(str, black[start:] + black[:start]))
    return all(len(run) in (2, 4) for run in re.findall("0+", ring))


def test_the_vertex_table_forbids_exactly_the_bad_angles():
    def forbidden(black):
        return any(all(m == "." or int(m) == b for m, b in zip(pattern, black))
                   for pattern in VERTEX_RULE)

    for black in product((0, 1), repeat=8):
        assert forbidden(black) is not arcs_fine(black), black


def test_the_checker_takes_rectangles_and_refuses_other_shapes():
    diamond = ((None, "nw", "ne"), ("nw", None, "se"), ("sw", "se", None))
    assert is_solution(Shakashaka(("...", "...", "...")), diamond)  # and two squares
    assert not is_solution(Shakashaka(("...", "...", "...")), (("nw",) + diamond[0][1:],
                                                               *diamond[1:]))
    assert is_solution(Shakashaka(("..", "..")), (("nw", "ne"), ("sw", "se")))  # a diamond
    assert is_solution(Shakashaka(("..", "..")), ((None,) * 2,) * 2)  # the whole board
    assert not is_solution(Shakashaka(("..", "..")), (("nw", None), (None, None)))  # pentagon
    assert not is_solution(Shakashaka(("..", "B.")), ((None,) * 2,) * 2)  # an L
    slanted = (("nw", "ne", None), ("sw", None, "ne"), (None, "sw", "se"))  # 45 degrees, 1x2
    assert is_solution(Shakashaka(("..B", "...", "B..")), slanted)
    assert solve(Shakashaka(("..B", "...", "B.."))).solutions == (slanted,)
    assert not is_solution(Shakashaka(("1.",)), ((None, None),))  # the number wants one
    assert not is_solution(Shakashaka(("B.",)), (("nw", None),))  # no triangle on black


def brute_force(board: Shakashaka) -> set:
    """Every answer, by trying each of the five states on every white cell."""
    whites = [(r, c) for r in range(board.height) for c in range(board.width)
              if board.is_white(r, c)]
    found = set()
    for states in product(CORNERS, repeat=len(whites)):
        chosen = dict(zip(whites, states))
        answer = tuple(tuple(chosen.get((r, c)) for c in range(board.width))
                       for r in range(board.height))
        if is_solution(board, answer):
            found.add(answer)
    return found


boards = st.integers(1, 3).flatmap(
    lambda w: st.lists(st.text(alphabet="....B0123", min_size=w, max_size=w),
                       min_size=1, max_size=3)
).filter(lambda rows: sum(row.count(".") for row in rows) <= 5)


@settings(max_examples=25, deadline=None)  # the profile's explore run draws more
@given(boards)
def test_every_answer_of_the_solver_is_one_of_brute_force_and_none_is_missed(rows):
    board = Shakashaka(tuple(rows))
    every = brute_force(board)
    result = solve(board, limit=len(every) + 1)
    assert set(result.solutions) == every


@pytest.mark.parametrize("rows", [("...", "..B"), ("B..", "...")])
def test_open_boards_agree_with_brute_force(rows):
    board = Shakashaka(rows)
    every = brute_force(board)
    assert set(solve(board, limit=len(every) + 1).solutions) == every


# --------------------------------------------------------------------------- shared data


def site_tasks() -> list[dict]:
    lines = (GENRE / "site-tasks.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


def test_the_real_tasks_parse_and_solve_to_one_answer():
    for entry in site_tasks():
        board = task_board(entry["task"], entry["width"], entry["height"])
        for place, value in entry["expected"].items():
            r, c = map(int, place.strip("()").split(","))
            assert board.cells[r][c] == {"B": "B"}.get(value, value), entry["id"]
        result = solve(board)
        assert result.status is Status.UNIQUE, entry["id"]


def janko_task(puzzle: str) -> tuple[str, int, int]:
    """A decoded puzzle (`H W`, then rows: `-` white, `x` or `5` black, a digit a number)
    as the site's task, written here: runs of white cells as letters."""
    head, *rows = puzzle.strip().splitlines()
    height, width = map(int, head.split()[:2])
    cells = "".join(
        "." if v == "-" else "B" if v in ("x", "5") else v for row in rows for v in row.split()
    )
    return re.sub(r"\.{1,26}", lambda m: chr(96 + len(m.group())), cells), width, height


def test_every_decoded_puzzle_solves_to_its_known_answer():
    """All of the shared data (under a second in all)."""
    for line in (GENRE / "decoded.jsonl").read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        result = solve(task_board(*janko_task(entry["puzzle"])))
        _, *rows = entry["solution"].strip().splitlines()
        known = tuple(tuple(None if v == "-" else v for v in row.split()) for row in rows)
        assert result.status is Status.UNIQUE and result.solutions[0] == known, entry["id"]


# --------------------------------------------------------------------------- the task


def page_with(task: str, width: int = 5, height: int = 5) -> str:
    text = (FIXTURE / "small_5x5_1234567.source.html").read_text(encoding="utf-8")
    text = re.sub(r"var task = '[^']*'", f"var task = '{task}'", text)
    return text.replace("puzzleWidth: 5, puzzleHeight: 5", f"puzzleWidth: {width}, "
                        f"puzzleHeight: {height}")


@pytest.mark.parametrize(
    "task, says",
    [
        ("a1a0a1bBf1h", "ends at offset 11 after 24 cells; a 5x5 board has 25 cells"),
        ("a1a0a1bBf1h1B", "runs past the last cell at offset 12; a 5x5 board has 25"),
        ("a1a0a5bBf1h1", "holds '5' at offset 5, which is not part of its grammar"),
        ("a1a0a1bWf1h1", "holds 'W' at offset 7"),
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
    assert task_board("12B", 3, 1).cells == ("12B",)


def test_the_fixture_page_solves_to_its_answer_and_the_site_check_is_unknown():
    (entry,) = json.loads((FIXTURE / "index.json").read_text(encoding="utf-8"))
    page = FIXTURE / f"{entry['name']}.source.html"
    text = page.read_text(encoding="utf-8")
    board = load.read_page(Page(str(page), text))
    assert (board.kind, board.puzzle_id, board.title) == ("shakashaka", "1234567",
                                                          "5x5 Shakashaka")
    result = solve(board)
    assert result.status is Status.UNIQUE and result.site_check == "unknown"
    assert [list(row) for row in result.solutions[0]] == entry["answer"]
    hashed = text.replace("task: task,", "task: task, hashedSolution: '" + "0" * 32 + "',")
    board = load.read_page(Page(str(page), hashed))
    assert board.hashed_solution == "0" * 32 and solve(board).site_check == "unknown"


# --------------------------------------------------------------------------- URLs


def test_every_url_form_of_the_site():
    assert site_for_url("https://fr.puzzle-shakashaka.com/?size=3") is SHAKASHAKA
    assert site_for_url("https://www.puzzle-shakashaka.com/daily-shakashaka/") is SHAKASHAKA
    (random_,) = puzzle_requests("https://www.puzzle-shakashaka.com/?size=3")
    assert not random_.cacheable
    (path,) = puzzle_requests("https://www.puzzle-shakashaka.com/daily-shakashaka/")
    assert not path.cacheable
    url = expand_shorthand("shakashaka:1,234,567@2")
    assert url == "https://www.puzzle-shakashaka.com/?specific=1&size=2&specid=1234567"
    (post,) = puzzle_requests(url)
    assert post.method == "POST" and ("specid", "1234567") in post.data
    share = "https://www.puzzle-shakashaka.com/?e=MDoxLDIzNCw1Njc="  # "0:1,234,567"
    (shared,) = puzzle_requests(share)
    assert shared.cacheable and shared.url == share


def test_a_board_copy_asks_for_the_page_source():
    copy = '<div class="board-back"><div class="cell" style="top: 3px; left: 3px;">1</div></div>'
    url = "https://www.puzzle-shakashaka.com/?size=0"
    with pytest.raises(ParseError) as refused:
        SHAKASHAKA.read(Page(url, copy, url=url))
    assert "Shakashaka" in str(refused.value) and "Ctrl-U" in refused.value.hint


# --------------------------------------------------------------------------- output


def test_solve_json_has_the_design_shapes():
    env = streams()
    assert main(["solve", str(FIXTURE / "small_5x5_1234567.source.html"), "--json"],
                env=env) == 0
    out = json.loads(written(env))
    assert out["kind"] == "shakashaka" and out["status"] == "unique"
    assert out["puzzle"]["cells"][0] == ".1.0." and out["site_check"] == "unknown"
    assert out["solution"][1] == [None, "nw", "ne", None, None]


def test_parse_then_solve_the_board_json(tmp_path):
    env = streams()
    assert main(["parse", str(FIXTURE / "small_5x5_1234567.source.html")], env=env) == 0
    path = tmp_path / "board.json"
    path.write_text(written(env), encoding="utf-8")
    again = streams()
    assert main(["solve", str(path), "-q"], env=again) == 0
    assert "unique" in written(again)


def test_the_drawings_show_triangles_black_cells_and_numbers():
    board = Shakashaka(("2..", "...", "..B"))
    result = solve(board)
    full = plain_text(board, result, Style(colour=False)).splitlines()
    assert full[:5] == ["┌──────┐", "│ 2◤  ◥│", "│◤  · ◢│", "│◣  ◢██│", "└──────┘"]
    compact = plain_text(board, result, Style(compact=True, colour=False)).splitlines()
    assert compact[:3] == ["2◤◥", "◤·◢", "◣◢█"]
    ascii_ = plain_text(board, result, Style(ascii=True, colour=False)).splitlines()
    assert ascii_[:5] == ["+------+", "| 2#/\\#|", "|#/ ./#|", "|#\\/###|", "+------+"]
    svg = kind_named("shakashaka").svg(board, result.solutions[0])
    assert svg.count('class="triangle"') == 6 and svg.count('class="black"') == 2


def test_a_second_answer_is_drawn_hollow_where_it_differs():
    board = Shakashaka(("..", ".."))
    first, second = ((None, None), (None, None)), (("nw", "ne"), ("sw", "se"))
    draw = kind_named("shakashaka").draw
    drawing = draw(board, second, first, Style(compact=True, colour=False))
    assert drawing.picture.plain.splitlines() == ["◸◹", "◺◿"] and "hollow" in drawing.legend[0]
    drawing = draw(board, first, second, Style(ascii=True, colour=False))
    assert "| o o|" in drawing.picture.plain
