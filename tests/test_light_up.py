"""Light Up (Akari) of puzzle-light-up.com: the kind, the family game, Tatham's IDs.

The two real pages of 2025 (../shared/data/genres/light-up/pages, read from there) solve to
the answer their own hashedSolution names; every decoded puzzle of the shared data, written
as the site's task, solves to its known answer; the solver agrees with brute force on small
boards; the task's faults are exit 65 naming the offset and the cells the board has.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
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
from puzzlesat.kinds.light_up import KIND, LightUp
from puzzlesat.render import plain_text
from puzzlesat.solve import solve
from puzzlesat.sources import site_for_url
from puzzlesat.sources.puzzle_family import BY_NAME, LIGHT_UP, Task, expand_shorthand
from puzzlesat.sources.puzzle_family.games.light_up import decode
from puzzlesat.sources.puzzle_family.urls import puzzle_requests

is_solution = KIND.is_solution  # the checker as declared: the shape asked first

GENRE = SHARED_DATA / "genres" / "light-up"
PAGES = GENRE / "pages"
REAL = {
    "puzzle-light-up.com-9511001-page-source.html": ("9511001", 25, "25x25 Difficile Light Up"),
    "puzzle-light-up.com-daily20251208-page-source.html": (None, 30, "Spécial du jour Light Up"),
}
FIXTURE = FIXTURES / "puzzle-light-up.com"


def site_hash(task: str, answer) -> str:
    """The site's rule (sites.md 3g), written here apart from the package."""
    marks = "".join("yn"[not v] for row in answer for v in row)
    return hashlib.md5((task + marks).encode()).hexdigest()


def script_field(text: str, name: str) -> str:
    return re.search(rf"{name}\s*[:=]\s*'([^']*)'", text).group(1)


# --------------------------------------------------------------------------- real pages


@pytest.mark.parametrize("name", sorted(REAL))
def test_a_real_page_solves_to_the_answer_its_own_hash_names(name):
    text = (PAGES / name).read_text(encoding="utf-8")
    board = load.read_page(Page(str(PAGES / name), text))
    puzzle_id, side, title = REAL[name]
    assert (board.kind, board.width, board.height) == ("light-up", side, side)
    assert (board.puzzle_id, board.title) == (puzzle_id, title)
    assert board.hashed_solution == script_field(text, "hashedSolution")
    result = solve(board)
    assert result.status is Status.UNIQUE and result.site_check == "match"  # the product's
    assert site_hash(script_field(text, "var task"), result.solutions[0]) == board.hashed_solution


def test_the_fixture_page_is_read_with_its_hash_and_solves_to_its_answer():
    (entry,) = json.loads((FIXTURE / "index.json").read_text(encoding="utf-8"))
    page = FIXTURE / f"{entry['name']}.source.html"
    board = load.read_page(Page(str(page), page.read_text(encoding="utf-8")))
    assert board.hashed_solution == entry["hashed_solution"]
    result = solve(board)
    assert result.status is Status.UNIQUE and result.site_check == "match"
    assert [list(row) for row in result.solutions[0]] == entry["answer"]
    assert site_hash(entry["task"], entry["answer"]) == entry["hashed_solution"]


# --------------------------------------------------------------------------- decoded puzzles


def janko_task(puzzle: str) -> tuple[str, int, int]:
    """A decoded puzzle (`H W`, then rows: `-` white, `x` a wall, a digit) as the site's
    task, written here: runs of white cells as letters, every other cell one character."""
    head, *rows = puzzle.strip().splitlines()
    height, width = map(int, head.split()[:2])
    cells = "".join(
        "." if v == "-" else "B" if v == "x" else v for row in rows for v in row.split()
    )
    task = re.sub(r"\.{1,26}", lambda m: chr(96 + len(m.group())), cells)
    return task, width, height


def decoded_puzzles() -> list[dict]:
    lines = (GENRE / "decoded.jsonl").read_text(encoding="utf-8").splitlines()
    entries = [json.loads(line) for line in lines]
    return entries


def test_every_decoded_puzzle_solves_to_its_known_answer():
    """Every one of the shared data (a fraction of a second in all)."""
    for entry in decoded_puzzles():
        task, width, height = janko_task(entry["puzzle"])
        board = decode(Task(BY_NAME["light-up"], task, width, height, "decoded"))
        started = time.process_time()  # CPU: a loaded machine stretches the wall clock
        result = solve(board)
        assert time.process_time() - started < 2, entry["id"]  # a budget, not a benchmark
        _, *rows = entry["solution"].strip().splitlines()
        known = tuple(tuple(int(v == "o") for v in row.split()) for row in rows)
        assert result.status is Status.UNIQUE and result.solutions[0] == known, entry["id"]


# --------------------------------------------------------------------------- brute force


def brute_force(board: LightUp) -> list:
    """Every answer, by trying every set of bulbs on the white cells."""
    whites = [
        (r, c) for r in range(board.height) for c in range(board.width) if board.is_white(r, c)
    ]
    found = []
    for bits in product((0, 1), repeat=len(whites)):
        on = {cell for cell, bit in zip(whites, bits) if bit}
        answer = tuple(
            tuple(int((r, c) in on) for c in range(board.width)) for r in range(board.height)
        )
        if is_solution(board, answer):
            found.append(answer)
    return found


boards = st.integers(1, 4).flatmap(
    lambda w: st.lists(
        st.text(alphabet="......B01234", min_size=w, max_size=w), min_size=1, max_size=4
    )
).filter(lambda rows: sum(row.count(".") for row in rows) <= 10)


@settings(max_examples=40)  # the profile's explore run draws more
@given(boards)
def test_the_solver_agrees_with_brute_force(rows):
    board = LightUp(tuple(rows))
    every = brute_force(board)
    result = solve(board)
    assert result.status is (Status.NONE, Status.UNIQUE, Status.MULTIPLE)[min(len(every), 2)]
    assert all(answer in every for answer in result.solutions)


# --------------------------------------------------------------------------- the task


def page_with(task: str, width: int = 7, height: int = 7) -> str:
    text = (FIXTURE / "easy_7x7_309662.source.html").read_text(encoding="utf-8")
    text = re.sub(r"var task = '[^']*'", f"var task = '{task}'", text)
    size = f"puzzleWidth: {width}, puzzleHeight: {height}"
    return text.replace("puzzleWidth: 7, puzzleHeight: 7", size)


@pytest.mark.parametrize(
    "task, says",
    [
        ("cBa3aBi2c1aBaBaBc1iBa0a1", "ends at offset 24 after 46 cells; a 7x7 board has 49 cells"),
        ("cBa3aBi2c1aBaBaBc1iBa0a1cB", "runs past the last cell at offset 25; a 7x7 board has 49"),
        ("cBa3aBi2c1aBa5aBc1iBa0a1c", "holds '5' at offset 13, which is not part of its grammar"),
        ("cBa3aBi2c1aBa_aBc1iBa0a1c", "holds '_' at offset 13"),
    ],
)
def test_a_task_of_the_wrong_length_or_an_unknown_character_is_exit_65(tmp_path, task, says):
    path = tmp_path / "page.html"
    path.write_text(page_with(task), encoding="utf-8")
    env = streams()
    assert main(["solve", str(path)], env=env) == 65
    err = env.stderr.getvalue()
    assert says in err and "49 cells" in err and err.count("\n") == 1


def test_a_board_of_walls_alone_is_solved_by_no_bulb():
    """The empty formula has one answer, the empty one (the solver once took it for none)."""
    assert solve(LightUp(("0B", "B0"))).solutions == (((0, 0), (0, 0)),)
    assert solve(LightUp(("1B",))).status is Status.NONE


def test_twelve_is_two_cells():
    board = decode(Task(BY_NAME["light-up"], "12B", 3, 1, "-"))
    assert board.cells == ("12B",)


# --------------------------------------------------------------------------- URLs


def test_every_url_form_of_the_site():
    assert site_for_url("https://fr.puzzle-light-up.com/?size=13") is LIGHT_UP
    assert site_for_url("https://www.puzzle-light-up.com/daily-light-up/") is LIGHT_UP
    (random_,) = puzzle_requests("https://www.puzzle-light-up.com/?size=3")
    assert not random_.cacheable
    (path,) = puzzle_requests("https://www.puzzle-light-up.com/daily-light-up/")
    assert not path.cacheable
    url = expand_shorthand("light-up:9,511,001@11")
    assert url == "https://www.puzzle-light-up.com/?specific=1&size=11&specid=9511001"
    (post,) = puzzle_requests(url)
    assert post.method == "POST" and ("specid", "9511001") in post.data
    (daily,) = puzzle_requests(expand_shorthand("akari:2923@13"))
    assert daily.expires == "daily"
    share = "https://www.puzzle-light-up.com/?e=MTE6OSw1MTEsMDAx"  # "11:9,511,001"
    (shared,) = puzzle_requests(share)
    assert shared.cacheable and shared.url == share


def test_a_board_copy_asks_for_the_page_source(tmp_path):
    copy = '<div class="board-back"><div class="cell" style="top: 3px; left: 3px;">1</div></div>'
    page = Page("https://www.puzzle-light-up.com/?size=0", copy,
                url="https://www.puzzle-light-up.com/?size=0")
    with pytest.raises(ParseError) as refused:
        LIGHT_UP.read(page)
    assert "Light Up" in str(refused.value) and "Ctrl-U" in refused.value.hint


# --------------------------------------------------------------------------- output


def test_solve_json_has_the_design_shapes():
    env = streams()
    source = str(FIXTURE / "easy_7x7_309662.source.html")
    assert main(["solve", source, "--json"], env=env) == 0
    out = json.loads(written(env))
    assert out["kind"] == "light-up" and out["status"] == "unique"
    assert out["puzzle"]["cells"][0] == "...B.3."
    assert all(set(row) <= {0, 1} for row in out["solution"]) and len(out["solution"]) == 7


def test_parse_then_solve_the_board_json(tmp_path):
    env = streams()
    assert main(["parse", str(FIXTURE / "easy_7x7_309662.source.html")], env=env) == 0
    path = tmp_path / "board.json"
    path.write_text(written(env), encoding="utf-8")
    again = streams()
    assert main(["solve", str(path), "-q"], env=again) == 0
    assert "unique" in written(again)


def test_the_drawings_show_bulbs_walls_and_numbers():
    board = LightUp((".1.", "2..", "..B"))
    result = solve(board)
    full = plain_text(board, result, Style(ascii=True, colour=False)).splitlines()
    assert full[:5] == ["+------+", "| O 1 .|", "| 2 . O|", "| O .##|", "+------+"]
    compact = plain_text(board, result, Style(compact=True, colour=False)).splitlines()
    assert compact[:3] == ["●1·", "2·●", "●·█"]
    svg = kind_named("light-up").svg(board, result.solutions[0])
    assert svg.count('class="bulb"') == 3 and svg.count('class="wall"') == 3


# --------------------------------------------------------------------------- Tatham


def test_a_tatham_light_up_id_reads_and_writes_back():
    board = read_game_id("7x7:cBa3aBi2c1aBaBaBc1iBa0a1c")
    assert board.kind == "light-up" and board.cells[0] == "...B.3."
    assert write(board) == "7x7b24:cBa3aBi2c1aBaBaBc1iBa0a1c\n"
    assert read_game_id(write(board)).cells == board.cells
    assert read_game_id("7x7b20s4d0:cBa3aBi2c1aBaBaBc1iBa0a1c").cells == board.cells


def test_which_game_an_id_is():
    assert game_of("7x7b20s4d0", "a1f") == "lightup"  # Light Up's own params
    assert game_of("2x2", "a0b") == "lightup"  # a 0 only Light Up has, four cells
    assert game_of("2x2", "1c") == "rectangles"  # both read it: Rectangles, as before
    assert game_of("3x3", "a7a6" + "i" * 8 + "e") == "solo"


@pytest.mark.parametrize(
    "text, says",
    [("3x3:aBc", "shorter than expected"), ("2x2:B1aBB", "longer than expected"),
     ("3x3:Ba5f", "unexpected character '5'")],
)
def test_a_broken_tatham_light_up_id_is_exit_65(text, says):
    env = streams()
    assert main(["solve", text], env=env) == 65
    assert says in env.stderr.getvalue()


