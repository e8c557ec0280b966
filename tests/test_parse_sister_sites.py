"""puzzle-shikaku.com's sister sites: puzzle-nonograms.com, puzzle-sudoku.com and
puzzle-jigsaw-sudoku.com, read by the family's genre table (page sources, devtools copies,
URLs), and every real puzzle-sudoku task of ../shared/data decoded (and solved)."""

from __future__ import annotations

import base64
import json
import random
import re
from pathlib import Path

import pytest
import responses
from conftest import FIXTURES, SHARED_DATA, fixture_text
from test_linear_parse import assert_linear

from puzzlesat import load, sources
from puzzlesat.cli import main
from puzzlesat.core import Page, ParseError, Request, Status, UnsupportedPuzzle
from puzzlesat.kinds import BY_NAME as KINDS
from puzzlesat.kinds.nonogram import board as nonogram_board
from puzzlesat.kinds.nonogram.board import Nonogram
from puzzlesat.kinds.sudoku import board as sudoku_board
from puzzlesat.kinds.sudoku.board import Sudoku
from puzzlesat.sources import puzzle_family
from puzzlesat.sources.puzzle_family import (
    BY_NAME,
    JIGSAW_SUDOKU,
    NONOGRAMS,
    SHIKAKU,
    SUDOKU,
    Task,
    expand_shorthand,
)
from puzzlesat.sources.puzzle_family.games.nonograms import decode as decode_nonograms
from puzzlesat.sources.puzzle_family.games.sudoku import decode as decode_sudoku

SITES = {"puzzle-sudoku.com": SUDOKU, "puzzle-jigsaw-sudoku.com": JIGSAW_SUDOKU,
         "puzzle-nonograms.com": NONOGRAMS}
INDEX = {
    host: json.loads((FIXTURES / host / "index.json").read_text(encoding="utf-8"))
    for host in SITES
}
CASES = [(host, entry["name"]) for host, entries in INDEX.items() for entry in entries]
TASK_DIR = SHARED_DATA / "puzzle-sudoku-tasks"
TASK_FILES = sorted(TASK_DIR.glob("*.txt")) if TASK_DIR.is_dir() else []
needs_data = pytest.mark.skipif(not TASK_FILES, reason="../shared/data is not beside this checkout")

BASIC = "basic_9x9_1238537"  # real: 3x3_basic.txt, ID 1,238,537, size 0
JIGSAW7 = "advanced_7x7_3704568"  # real: jigsaw_7x7_advanced.txt
FISH = "daily_fish_15x10"  # drawn: 15 wide, 10 high, an empty first/last row and last column


def page(text: str, source: str = "-", url: str | None = None) -> Page:
    return Page(source=source, text=text, url=url)


def entry_of(host: str, name: str) -> dict:
    return next(e for e in INDEX[host] if e["name"] == name)


def expected(host: str, name: str) -> dict:
    return json.loads(fixture_text(host, f"{name}.board.json"))["puzzle"]


def to_json(board) -> dict:
    return (sudoku_board if isinstance(board, Sudoku) else nonogram_board).to_json(board)


def source_of(host: str, name: str) -> str:
    return fixture_text(host, f"{name}.source.html")


def rows_of(grid) -> list[list[int]]:
    return [list(row) for row in grid]


# --------------------------------------------------------------------------- fixtures


@pytest.mark.parametrize("host, name", CASES)
def test_a_page_source_is_its_sites_and_keeps_its_name(host, name):
    """(The board it gives is tests/test_fixtures.py's.)"""
    text = source_of(host, name)
    assert load.recognise(text) is SITES[host]
    board = load.read_page(page(text, source=name))
    entry = entry_of(host, name)
    assert (board.width, board.height) == (entry["width"], entry["height"])
    assert board.title == entry["title"] and board.source == name
    assert board.note is None  # not from a random URL
    assert to_json(SITES[host].read(page(text))) == to_json(board)


@pytest.mark.parametrize("host, name", CASES)
def test_a_board_copy_is_read_alike_with_or_without_its_sites_url(host, name):
    """(The board it gives is tests/test_fixtures.py's.)"""
    text = fixture_text(host, f"{name}.board.html")
    # without a URL a copy tells its game by its markup: clue areas, or givens in div.number
    # (a jigsaw copy too: its regions are drawn; it is read as a Sudoku with regions)
    assert load.recognise(text) is (NONOGRAMS if host == "puzzle-nonograms.com" else SUDOKU)
    board = load.read_page(page(text, source=name))
    assert board.source == name
    url = f"https://www.{host}/?size=0"
    assert to_json(load.read_page(page(text, source=url, url=url))) == to_json(board)


def test_the_fixtures_hold_real_tasks_verbatim():
    for host in ("puzzle-sudoku.com", "puzzle-jigsaw-sudoku.com"):
        for entry in INDEX[host]:
            assert f"var task = '{entry['task']}'" in source_of(host, entry["name"])
            assert "real task" in entry["origin"] and entry["answer"]
    if TASK_FILES:
        lines = {json.loads(line)["Task"] for f in TASK_FILES for line in f.open()}
        assert all(e["task"] in lines for h in ("puzzle-sudoku.com", "puzzle-jigsaw-sudoku.com")
                   for e in INDEX[h])
    sizes = {(e["width"], e["height"]) for e in INDEX["puzzle-sudoku.com"]}
    assert {(9, 9), (12, 12), (16, 16)} <= sizes
    jigsaws = INDEX["puzzle-jigsaw-sudoku.com"]
    assert {(7, 7), (9, 9)} <= {(e["width"], e["height"]) for e in jigsaws}


@pytest.mark.parametrize("host, name", [c for c in CASES if "answer" in entry_of(*c)])
def test_each_sudoku_fixtures_answer_fits_its_givens_and_units(host, name):
    board = load.read_page(page(source_of(host, name)))
    assert_valid_answer(board, entry_of(host, name)["answer"])


def test_a_12x12_has_boxes_of_3_rows_by_4_columns_and_shows_10_to_12_as_letters():
    board = SUDOKU.read(page(source_of("puzzle-sudoku.com", "advanced_12x12_1122127")))
    assert board.box == (3, 4) and board.size == 12
    assert max(v for row in board.grid for v in row) >= 10
    copy = fixture_text("puzzle-sudoku.com", "advanced_12x12_1122127.board.html")
    assert re.search(r'class="number">[A-C]<', copy)  # what the site shows for 10-12


def test_a_16x16_has_4x4_boxes_and_reads_letters_up_to_g():
    board = SUDOKU.read(page(source_of("puzzle-sudoku.com", "advanced_16x16_8720163")))
    assert board.box == (4, 4) and board.size == 16
    copy = fixture_text("puzzle-sudoku.com", "advanced_16x16_8720163.board.html")
    assert re.search(r'class="number">G<', copy)
    assert rows_of(SUDOKU.read(page(copy)).grid) == rows_of(board.grid)


# --------------------------------------------------------------------------- real tasks


def sudoku_task(task: str, side: int, name: str) -> Sudoku:
    genre = BY_NAME["jigsaw-sudoku" if name.startswith("jigsaw") else "sudoku"]
    return decode_sudoku(Task(genre=genre, task=task, width=side, height=side, source=name))


def side_of(name: str) -> int:
    """The files' shapes: 3x3 boxes are 9x9, 3x4 12x12, 4x4 16x16, jigsaw_NxN N x N."""
    jigsaw = re.fullmatch(r"jigsaw_(\d+)x\1_\w+", name)
    if jigsaw:
        return int(jigsaw.group(1))
    rows, cols = map(int, re.match(r"(\d)x(\d)_", name).groups())
    return rows * cols


def units(board: Sudoku) -> list[list[tuple[int, int]]]:
    """Rows, columns and boxes (3 rows x 4 columns for 12x12) or regions, computed here."""
    n = board.size
    out = [[(r, c) for c in range(n)] for r in range(n)]
    out += [[(r, c) for r in range(n)] for c in range(n)]
    if board.regions is not None:
        groups: dict[int, list] = {}
        for r in range(n):
            for c in range(n):
                groups.setdefault(board.regions[r][c], []).append((r, c))
        out += list(groups.values())
    else:
        rows, cols = {9: (3, 3), 12: (3, 4), 16: (4, 4)}[n]
        assert board.box == (rows, cols)
        out += [[(r0 + r, c0 + c) for r in range(rows) for c in range(cols)]
                for r0 in range(0, n, rows) for c0 in range(0, n, cols)]
    return out


def assert_valid_answer(board: Sudoku, answer: list[list[int]]) -> None:
    n = board.size
    assert len(answer) == n and all(len(row) == n for row in answer)
    for r in range(n):
        for c in range(n):
            assert board.grid[r][c] in (0, answer[r][c]), (r, c)
    for unit in units(board):
        assert len(unit) == n and sorted(answer[r][c] for r, c in unit) == list(range(1, n + 1))


def task_lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


@needs_data
@pytest.mark.parametrize("path", TASK_FILES, ids=[f.stem for f in TASK_FILES])
def test_every_real_task_decodes_and_its_answer_fits(path):
    side = side_of(path.stem)
    lines = task_lines(path)
    assert lines
    for line in lines:
        board = sudoku_task(line["Task"], side, path.stem)
        assert board.size == side, line["ID"]
        givens = [v for row in board.grid for v in row]
        assert 0 < sum(v > 0 for v in givens) < side * side and max(givens) <= side
        if not line["Answer"]:  # some 12x12/16x16 lines: the givens at least do not clash
            for unit in units(board):
                values = [board.grid[r][c] for r, c in unit if board.grid[r][c]]
                assert len(values) == len(set(values)), line["ID"]
            continue
        flat = [int(v) for v in line["Answer"].split(",")]
        assert_valid_answer(board, [flat[i : i + side] for i in range(0, side * side, side)])


SOLVED_FILES = [f for f in TASK_FILES if f.stem.startswith(("3x3_", "jigsaw_"))]


@needs_data
@pytest.mark.skipif("sudoku" not in KINDS, reason="the sudoku kind is not registered yet")
@pytest.mark.parametrize("path", SOLVED_FILES, ids=[f.stem for f in SOLVED_FILES])
def test_every_9x9_and_jigsaw_task_solves_to_its_answer_alone(path):
    from puzzlesat.solve import solve

    side = side_of(path.stem)
    for line in task_lines(path):
        result = solve(sudoku_task(line["Task"], side, path.stem))
        assert result.status is Status.UNIQUE, line["ID"]
        flat = [v for row in result.solutions[0] for v in row]
        assert flat == [int(v) for v in line["Answer"].split(",")], line["ID"]


# --------------------------------------------------------------------------- sudoku details


def sudoku_source(**swaps: str) -> str:
    text = source_of("puzzle-sudoku.com", BASIC)
    for old, new in swaps.values():
        assert old in text, old
        text = text.replace(old, new)
    return text


def test_the_daily_sandwich_is_sudokus_to_refuse():
    """(Its refusal: fixtures/puzzle-sudoku.com/bad/daily_sandwich.source.error.json.)"""
    text = fixture_text("puzzle-sudoku.com", "bad", "daily_sandwich.source.html")
    assert load.recognise(text) is SUDOKU


def test_a_special_size_whose_task_puzzlesat_cannot_read_is_unsupported():
    text = sudoku_source(size=("ident: 'sudoku.0'", "ident: 'sudoku.9'"),
                         task=("var task = 'f2_7", "var task = 'f2_7#"))
    with pytest.raises(UnsupportedPuzzle, match="daily puzzle .size 9."):
        SUDOKU.read(page(text))
    text = sudoku_source(size=("ident: 'sudoku.0'", "ident: 'sudoku.10'"),
                         w=("puzzleWidth: 9", "puzzleWidth: 8"),
                         h=("puzzleHeight: 9", "puzzleHeight: 8"))
    with pytest.raises(UnsupportedPuzzle, match="8x8 .size 10, the weekly puzzle"):
        SUDOKU.read(page(text))


def test_a_daily_of_a_known_shape_is_read():
    text = sudoku_source(size=("ident: 'sudoku.0'", "ident: 'sudoku.9'"),
                         title=("9x9 Basic Sudoku", "Daily Sudoku"))
    board = SUDOKU.read(page(text))
    assert board.box == (3, 3) and board.title == "Daily Sudoku"


def test_a_non_square_or_unusual_sudoku_is_refused():
    text = sudoku_source(w=("puzzleWidth: 9", "puzzleWidth: 27"),
                         h=("puzzleHeight: 9", "puzzleHeight: 3"))
    with pytest.raises(UnsupportedPuzzle, match="27x3; a Sudoku is square"):
        SUDOKU.read(page(text))
    with pytest.raises(UnsupportedPuzzle, match="6x6, whose boxes"):
        decode_sudoku(Task(BY_NAME["sudoku"], "a1d2j3e", 6, 6, "-"))


def test_a_digit_beyond_the_size_and_a_short_task_are_named():
    with pytest.raises(ParseError, match="puts 10 at row 1, column 2"):
        decode_sudoku(Task(BY_NAME["sudoku"], "a10" + "z" * 3 + "a", 9, 9, "-"))
    with pytest.raises(ParseError, match="describes 80 cells but the board is 9x9"):
        decode_sudoku(Task(BY_NAME["sudoku"], "zzzb", 9, 9, "-"))


def test_a_jigsaw_task_without_regions_is_the_jigsaws_to_refuse():
    """(Its error is fixtures/puzzle-jigsaw-sudoku.com/bad/no_regions.source.error.json.)"""
    text = fixture_text("puzzle-jigsaw-sudoku.com", "bad", "no_regions.source.html")
    assert load.recognise(text) is JIGSAW_SUDOKU


@pytest.mark.parametrize("regions, says", [
    ("1,1,2,2", "regions for 4 cells but the board is 3x3"),
    ("1,1,1,2,2,2,3,3,x", "row 3, column 3 the region 'x'"),
    ("1,1,1,2,2,2,3,3,4", "region '4'"),
    ("1,1,1,1,2,2,3,3,3", "region 1 has 4 cells"),
])
def test_bad_regions_are_named(regions, says):
    with pytest.raises(ParseError, match=re.escape(says)):
        decode_sudoku(Task(BY_NAME["jigsaw-sudoku"], f"i;{regions}", 3, 3, "-"))


def test_a_jigsaw_page_running_the_sudoku_script_is_still_jigsaw():
    text = source_of("puzzle-jigsaw-sudoku.com", JIGSAW7)
    text = text.replace(".jigsawsudoku(", ".sudoku(").replace("'jigsawsudoku.", "'sudoku.")
    url = "https://www.puzzle-jigsaw-sudoku.com/?size=5"
    board = load.read_page(page(text, source=url, url=url))
    assert to_json(board) == expected("puzzle-jigsaw-sudoku.com", JIGSAW7)
    assert "jigsaw-sudoku:3704568@5" in board.note
    # without its URL the task's regions still make it a jigsaw
    assert load.read_page(page(text)).regions is not None


# --------------------------------------------------------------------------- sudoku copies


def cell_divs(text: str) -> list[str]:
    return re.findall(r"<div tabindex[^>]*>.*?</div></div>", text)


@pytest.mark.parametrize("seed", range(3))
def test_a_sudoku_copy_is_read_by_position(seed):
    divs = cell_divs(fixture_text("puzzle-sudoku.com", f"{BASIC}.board.html"))
    assert len(divs) == 81
    random.Random(seed).shuffle(divs)
    board = load.read_page(page('<div class="board-back">' + "\n".join(divs) + "</div>"))
    assert to_json(board) == expected("puzzle-sudoku.com", BASIC)


def test_a_jigsaw_copy_draws_its_regions_by_border_classes():
    text = fixture_text("puzzle-jigsaw-sudoku.com", f"{JIGSAW7}.board.html")
    assert " br" in text and " bb" in text
    board = load.read_page(page(text))
    assert rows_of(board.regions) == expected("puzzle-jigsaw-sudoku.com", JIGSAW7)["regions"]
    # borders on one side of each edge only (the right and bottom ones) say as much
    one_sided = re.sub(r" b[lt]\b", "", text)
    assert rows_of(load.read_page(page(one_sided)).regions) == rows_of(board.regions)


def test_a_jigsaw_copy_without_borders_is_refused_with_the_way_out():
    text = re.sub(r" b[tblr]\b", "", fixture_text("puzzle-jigsaw-sudoku.com",
                                                  f"{JIGSAW7}.board.html"))
    url = "https://www.puzzle-jigsaw-sudoku.com/?size=5"
    with pytest.raises(ParseError, match="draws no regions") as info:
        load.read_page(page(text, source=url, url=url))
    assert "page source" in info.value.hint


def test_borders_that_do_not_cut_even_regions_are_refused():
    text = fixture_text("puzzle-jigsaw-sudoku.com", f"{JIGSAW7}.board.html")
    text = text.replace('class="cell selectable" style="top: 2px; left: 2px;',
                        'class="cell selectable br bb" style="top: 2px; left: 2px;', 1)
    with pytest.raises(ParseError, match="regions of"):
        load.read_page(page(text))


def test_a_classic_copy_without_borders_takes_its_sizes_boxes():
    text = re.sub(r" b[tblr]\b", "", fixture_text("puzzle-sudoku.com", f"{BASIC}.board.html"))
    assert load.read_page(page(text)).box == (3, 3)


@pytest.mark.parametrize("shown, says", [("x!", "'x!'"), ("Z", "holds 'Z'; a 9x9 Sudoku"),
                                         ("0", "holds '0'")])
def test_a_copy_cell_that_is_no_digit_is_named(shown, says):
    text = fixture_text("puzzle-sudoku.com", f"{BASIC}.board.html")
    text = text.replace('<div class="number">2</div>', f'<div class="number">{shown}</div>', 1)
    with pytest.raises(ParseError, match=re.escape(says)):
        load.read_page(page(text))


def test_a_shikaku_copy_is_still_shikaku():
    text = fixture_text("puzzle-shikaku.com", "easy_5x5_9366068.board.html")
    assert load.recognise(text) is SHIKAKU
    assert load.read_page(page(text)).kind == "shikaku"


# --------------------------------------------------------------------------- nonograms


def nonogram_task(task: str, width: int, height: int) -> Nonogram:
    return decode_nonograms(Task(BY_NAME["nonograms"], task, width, height, "-"))


def test_the_real_5x5_task_splits_columns_first():
    board = nonogram_task("1.1/1/1.1/2.2/4/1.3/2/1/2/4", 5, 5)
    assert board.cols == ((1, 1), (1,), (1, 1), (2, 2), (4,))
    assert board.rows == ((1, 3), (2,), (1,), (2,), (4,))


def test_a_zero_is_an_empty_line():
    board = nonogram_task("0/2/1.1/0/2", 3, 2)
    assert board.cols == ((), (2,), (1, 1)) and board.rows == ((), (2,))
    assert nonogram_task("/2/1.1//2", 3, 2) == board  # an empty group reads alike


def test_the_empty_lines_of_the_daily_fixture():
    text = source_of("puzzle-nonograms.com", FISH)
    task = entry_of("puzzle-nonograms.com", FISH)["task"]
    assert task.endswith("/0") and "/0/" in task
    board = NONOGRAMS.read(page(text))
    assert board.rows[0] == board.rows[-1] == board.cols[-1] == ()


def test_non_square_boards_take_width_and_height_from_the_script():
    fish = NONOGRAMS.read(page(source_of("puzzle-nonograms.com", FISH)))
    assert (fish.width, fish.height) == (15, 10)
    rocket = NONOGRAMS.read(page(source_of("puzzle-nonograms.com", "weekly_rocket_8x12")))
    assert (rocket.width, rocket.height) == (8, 12)
    board = nonogram_task("1/2/3/1/2", 3, 2)
    assert (board.width, board.height) == (3, 2)
    board = nonogram_task("1/2/3/1/2", 2, 3)
    assert board.cols == ((1,), (2,)) and board.rows == ((3,), (1,), (2,))


@pytest.mark.parametrize("task, says", [
    ("1/2/3", "has 3 clue lines but the board is 2x2"),
    ("1/2/1.0/1", "row 1 of the clues has a 0 beside"),
    ("1/1..2/1/1", "column 2 of the clues holds an empty number"),
    ("1/x/1/1", "column 2 of the clues holds 'x'"),
    ("1/ 1/1/1", "holds ' 1'"),
])
def test_bad_nonogram_tasks_are_named(task, says):
    with pytest.raises(ParseError, match=re.escape(says)):
        nonogram_task(task, 2, 2)


def test_a_nonogram_copy_reads_zero_and_empty_groups_as_empty_lines():
    text = fixture_text("puzzle-nonograms.com", f"{FISH}.board.html")
    assert '<div class="task-cell selectable">0</div>' in text
    want = expected("puzzle-nonograms.com", FISH)
    assert to_json(load.read_page(page(text))) == want
    emptied = text.replace('<div class="task-cell selectable">0</div>', "")
    assert to_json(load.read_page(page(emptied))) == want


def test_a_nonogram_copy_without_its_row_clues_says_so():
    text = fixture_text("puzzle-nonograms.com", "house_10x10.board.html")
    with pytest.raises(ParseError, match="#taskLeft"):
        NONOGRAMS.read(page(text.replace('id="taskLeft"', 'id="taskSide"')))


def test_a_nonogram_copy_with_a_non_number_is_named():
    text = fixture_text("puzzle-nonograms.com", "house_10x10.board.html")
    text = text.replace('<div class="task-cell selectable">7</div>',
                        '<div class="task-cell selectable">7?</div>', 1)
    with pytest.raises(ParseError, match=r"column 2 of the clues holds '7\?'"):
        load.read_page(page(text))


def test_nonograms_solve_end_to_end(capsys):
    for name in ("real_5x5", FISH, "weekly_rocket_8x12", "house_10x10"):
        path = FIXTURES / "puzzle-nonograms.com" / f"{name}.source.html"
        assert main(["solve", str(path), "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["kind"] == "nonogram" and data["status"] == "unique", name


# --------------------------------------------------------------------------- URLs


HOSTS = {"sudoku": SUDOKU, "jigsaw-sudoku": JIGSAW_SUDOKU, "nonograms": NONOGRAMS}


@pytest.mark.parametrize("game", list(HOSTS))
@pytest.mark.parametrize("sub", ["www.", "", "fr.", "de.", "ja.", "ko."])
def test_each_site_serves_its_host_on_every_language(game, sub):
    url = f"https://{sub}puzzle-{game}.com/?size=1"
    assert sources.site_for_url(url) is HOSTS[game]
    assert all(not site.serves(url) for site in sources.SITES if site is not HOSTS[game])


def test_sudoku_does_not_serve_the_jigsaw_host():
    assert not SUDOKU.serves("https://www.puzzle-jigsaw-sudoku.com/")
    assert not JIGSAW_SUDOKU.serves("https://www.puzzle-sudoku.com/")
    assert not NONOGRAMS.serves("https://www.nonograms.org/")


@pytest.mark.parametrize("game", list(HOSTS))
def test_requests_of_each_site(game):
    site, host = HOSTS[game], f"puzzle-{game}.com"
    random_url = f"https://de.{host}/?size=2"
    assert site.requests(random_url) == (Request(random_url, cacheable=False),)
    share = f"https://www.{host}/?e=" + base64.b64encode(b"2:1,234,567").decode()
    assert site.requests(share) == (Request(share, cacheable=True),)
    (post,) = site.requests(f"https://fr.{host}/?specific=1&size=3&specid=1,234,567")
    assert post.method == "POST" and post.url == f"https://fr.{host}/"
    assert dict(post.data) == {"specific": "1", "specid": "1234567", "size": "3"}


@pytest.mark.parametrize("shorthand, url", [
    ("sudoku:1238537@0", "https://www.puzzle-sudoku.com/?specific=1&size=0&specid=1238537"),
    ("puzzle-sudoku:7,147,018@6",
     "https://www.puzzle-sudoku.com/?specific=1&size=6&specid=7147018"),
    ("jigsaw-sudoku:3704568@5",
     "https://www.puzzle-jigsaw-sudoku.com/?specific=1&size=5&specid=3704568"),
    ("puzzle-jigsaw-sudoku:3704568",
     "https://www.puzzle-jigsaw-sudoku.com/?specific=1&size=0&specid=3704568"),
    (" Nonograms:1234@6 ", "https://www.puzzle-nonograms.com/?specific=1&size=6&specid=1234"),
    ("puzzle-nonograms:1234", "https://www.puzzle-nonograms.com/?specific=1&size=0&specid=1234"),
])
def test_shorthands(shorthand, url):
    assert expand_shorthand(shorthand) == url
    assert sources.expand_shorthand(shorthand) == url


def test_the_daily_specials_of_sudoku_and_nonograms_expire():
    (post,) = SUDOKU.requests("https://www.puzzle-sudoku.com/?specific=1&size=9&specid=1")
    assert post.expires == "daily"
    (post,) = NONOGRAMS.requests("https://www.puzzle-nonograms.com/?specific=1&size=7&specid=1")
    assert post.expires == "monthly"


def loaded(source: str):
    return load.load(source, load.LoadOptions()).board


@responses.activate
def test_a_random_sudoku_url_is_fetched_each_time_and_names_its_id():
    url = "https://www.puzzle-sudoku.com/?size=0"
    responses.get(url, body=source_of("puzzle-sudoku.com", BASIC))
    board = loaded(url)
    assert to_json(board) == expected("puzzle-sudoku.com", BASIC)
    assert "ID 1,238,537" in board.note and "puzzlesat solve sudoku:1238537@0" in board.note
    loaded(url)
    assert len(responses.calls) == 2  # random pages are never cached


@responses.activate
def test_a_nonograms_share_link_is_fetched_as_is_and_cached():
    url = "https://www.puzzle-nonograms.com/?e=" + base64.b64encode(b"1:5,550,123").decode()
    responses.get(url, body=source_of("puzzle-nonograms.com", "house_10x10"))
    for _ in range(2):
        board = loaded(url)
        assert to_json(board) == expected("puzzle-nonograms.com", "house_10x10")
        assert board.note is None
    assert len(responses.calls) == 1


@responses.activate
def test_a_jigsaw_shorthand_posts_the_sites_form():
    responses.post("https://www.puzzle-jigsaw-sudoku.com/",
                   body=source_of("puzzle-jigsaw-sudoku.com", JIGSAW7))
    board = loaded("jigsaw-sudoku:3,704,568@5")
    assert to_json(board) == expected("puzzle-jigsaw-sudoku.com", JIGSAW7)
    assert responses.calls[0].request.body == "specific=1&specid=3704568&size=5"


@responses.activate
def test_a_language_subdomain_is_asked_itself():
    url = "https://ja.puzzle-nonograms.com/?specific=1&size=6&specid=0"
    responses.post("https://ja.puzzle-nonograms.com/", body=source_of("puzzle-nonograms.com", FISH))
    board = loaded(url)
    assert (board.width, board.height) == (15, 10)
    assert responses.calls[0].request.url == "https://ja.puzzle-nonograms.com/"


@responses.activate
def test_a_random_nonograms_daily_without_id_says_it_changes():
    url = "https://fr.puzzle-nonograms.com/?size=6"
    responses.get(url, body=source_of("puzzle-nonograms.com", FISH))
    note = loaded(url).note
    assert "another puzzle later" in note and "2024-06-03" in note


# --------------------------------------------------------------------------- the family


def test_a_sister_sites_error_page_is_its_own_and_says_so():
    text = (
        '<html lang="en"><head><title>Error 404</title>'
        '<link rel="canonical" href="https://www.puzzle-sudoku.com/nowhere"></head>'
        "<body><h1>Error 404</h1></body></html>"
    )
    assert load.recognise(text) is SUDOKU
    assert not SHIKAKU.recognises_page(text) and not NONOGRAMS.recognises_page(text)
    with pytest.raises(ParseError, match="no such page on www.puzzle-sudoku.com") as info:
        load.read_page(page(text))
    assert "sudoku:ID@SIZE" in info.value.hint


def test_a_shikaku_or_slant_page_is_not_claimed_by_the_sisters():
    for text in (fixture_text("puzzle-shikaku.com", "easy_5x5_9366068.source.html"),
                 fixture_text("puzzle-shikaku.com", "bad", "slant_5x5.source.html")):
        assert load.recognise(text) is SHIKAKU
        assert not any(site.recognises(text) for site in puzzle_family.SISTER_SITES)


def test_a_sister_page_read_through_shikakus_site_is_still_read_by_its_game():
    board = SHIKAKU.read(page(source_of("puzzle-nonograms.com", "real_5x5")))
    assert isinstance(board, Nonogram)


def test_the_sister_sites_examples_are_theirs():
    for site in puzzle_family.SISTER_SITES:
        assert site in sources.SITES
        assert all(sources.site_for_url(url) is site for url in site.examples)


# --------------------------------------------------------------------------- linear parsing


def board_or_error(outcome) -> None:
    assert isinstance(outcome, (Nonogram, Sudoku, ParseError, UnsupportedPuzzle)), outcome


def read_any(text: str):
    try:
        return load.read_page(Page(source="-", text=text))
    except UnsupportedPuzzle as refusal:
        return refusal


def family_page(game: str, task: str, width: int = 200, height: int = 200) -> str:
    return (f"<script>var task = '{task}'; $('#game').{game}({{ident: '{game}.0', "
            f"puzzleWidth: {width}, puzzleHeight: {height}}});</script>")


LINEAR = {
    "nonograms: slashes": lambda n: family_page("nonograms", "/" * n),
    "nonograms: dots": lambda n: family_page("nonograms", "1." * (n // 2) + "1/" * 399),
    "nonograms: zeros": lambda n: family_page("nonograms", "0/" * (n // 2)),
    "jigsaw: commas": lambda n: family_page("jigsawsudoku", "i;" + "," * n, 3, 3),
    "jigsaw: region ids": lambda n: family_page("jigsawsudoku", "i;" + "1," * (n // 2), 3, 3),
    "clue copy: nested groups": lambda n: (
        '<div id="taskTop"></div><div id="taskLeft"></div>'
        + '<div class="task-group">' * (n // 24)
    ),
    "clue copy: nested cells": lambda n: (
        '<div id="taskTop"><div class="task-group">'
        + '<div class="task-cell">1' * (n // 23)
        + '</div></div><div id="taskLeft"></div>'
    ),
    "sudoku copy: numbers": lambda n: "".join(
        f'<div class="cell" style="top:{30 * i}px;left:1px"><div class="number">1</div></div>'
        for i in range(n // 80)
    ),
    "class= number without quotes": lambda n: '<div class="cell" style="top:1px;left:1px">'
    + "class=" * (n // 6),
}


@pytest.mark.parametrize("name", list(LINEAR))
def test_parsing_the_sister_sites_is_linear(name):
    assert_linear(read_any, LINEAR[name], 10_000, board_or_error)


@pytest.mark.parametrize("name", list(LINEAR))
def test_recognising_the_sister_sites_is_linear(name):
    """Every site's recognition on one input, timed together: one super-linear among them
    would dominate the sum at eight times the size (and one timing a size, not one a site,
    keeps the suite's time as the family grows)."""
    sites = (*puzzle_family.SISTER_SITES, SHIKAKU)

    def recognise_all(text):
        return [site.recognises(text) for site in sites]

    def check(outcome):
        assert all(isinstance(answer, bool) for answer in outcome)

    assert_linear(recognise_all, LINEAR[name], 10_000, check)
