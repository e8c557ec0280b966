"""A player's marks read from a devtools copy (issue 48): the family's `cell-on` / `cell-x` /
`cell-off` classes (sites.md 3f) on the games whose answer is a mark a cell, checked by
`hint --check`; copies of other games that show marks are refused by the game's name."""

from __future__ import annotations

import json
import re
import tracemalloc

import pytest
from conftest import FIXTURES, streams, written

from puzzlesat.cli import main
from puzzlesat.core import Page
from puzzlesat.kinds import kind_of
from puzzlesat.load import LoadOptions, load, read_page
from puzzlesat.sat import find_two
from puzzlesat.sources.puzzle_family.marks import marks_cells

CLASSES = {1: "cell-on", 0: "cell-x", None: "cell-off"}


def _first_source(site: str):
    return next(path for path in sorted((FIXTURES / site).glob("*.source.html")))


MARKED_GAMES = [path for path in map(_first_source, sorted(
    p.name for p in FIXTURES.glob("puzzle-*") if any(p.glob("*.source.html"))))
    if marks_cells(load(str(path), LoadOptions()).board)]


def _answer(path) -> list[list[int]]:
    board = load(str(path), LoadOptions()).board
    kind = kind_of(board)
    return kind.answer_json(kind.decode(board, find_two(kind.encode(board)).models[0]))


def _live_copy(source: str, marks: list[list[int | None]], positioned: bool = True) -> str:
    """The page as the developer tools copy it after the player marked `marks`: its source,
    and the board the page's script drew (cells placed by position, or in div.rows)."""
    if positioned:
        cells = "".join(
            f'<div tabindex="1" class="cell selectable {CLASSES[mark]}" '
            f'style="top: {2 + 30 * r}px; left: {2 + 30 * c}px;"></div>'
            for r, row in enumerate(marks) for c, mark in enumerate(row))
    else:
        cells = "".join('<div class="row">' + "".join(
            f'<div class="cell selectable {CLASSES[mark]}"></div>' for mark in row) + "</div>"
            for row in marks)
    return re.sub("</body>", f'<div class="board-back">{cells}</div></body>', source, count=1)


def _hint_json(path, *args) -> tuple[int, dict]:
    env = streams()
    code = main(["hint", str(path), "--json", *args], env=env)
    return code, (json.loads(written(env)) if code == 0 else {"stderr": env.stderr.getvalue()})


def test_every_marked_cell_game_with_a_fixture_is_tried():
    assert {"light-up", "star-battle", "hitori", "nurikabe"} <= {
        load(str(path), LoadOptions()).board.kind for path in MARKED_GAMES}


@pytest.mark.parametrize("source", MARKED_GAMES, ids=lambda path: path.parent.name)
@pytest.mark.parametrize("positioned", [True, False], ids=["placed", "rows"])
def test_a_live_copys_marks_are_checked_against_the_answer(tmp_path, source, positioned):
    answer = _answer(source)
    marks = [[None] * len(row) for row in answer]
    right = [(r, c) for r, row in enumerate(answer) for c, _ in enumerate(row)][::3]
    for r, c in right:
        marks[r][c] = answer[r][c]
    wrong_r, wrong_c = right[-1]
    marks[wrong_r][wrong_c] = 1 - answer[wrong_r][wrong_c]
    copy = tmp_path / "copy.html"
    copy.write_text(_live_copy(source.read_text(encoding="utf-8"), marks, positioned))
    code, record = _hint_json(copy, "--check")
    assert code == 0, record
    assert record["wrong_marks"] == [{"row": wrong_r, "col": wrong_c,
                                      "value": marks[wrong_r][wrong_c],
                                      "should_be": answer[wrong_r][wrong_c]}]
    env = streams()
    assert main(["parse", str(copy)], env=env) == 0  # the marks travel in board JSON
    assert json.loads(written(env))["state"] == marks


def test_a_real_board_copys_crosses_are_read():
    """puzzle-nonograms.com's board, `.row` > `.cell.selectable`, crosses on some cells: a
    cross where the answer fills is a wrong mark, one where it leaves empty a right one."""
    copy = FIXTURES / "puzzle-nonograms.com" / "real_5x5.board.html"
    answer = _answer(FIXTURES / "puzzle-nonograms.com" / "real_5x5.source.html")
    crossed = [(r, c) for r, row in enumerate(re.findall(r'<div class="row">(.*?)</div>\s*\n',
                                                           copy.read_text()))
               for c, cell in enumerate(re.findall(r'class="cell selectable ([\w-]+)"', row))
               if cell == "cell-x"]
    code, record = _hint_json(copy, "--check")
    assert code == 0
    assert [(m["row"], m["col"]) for m in record["wrong_marks"]] == [
        (r, c) for r, c in crossed if answer[r][c] == 1]
    assert all(m["value"] == 0 and m["should_be"] == 1 for m in record["wrong_marks"])


def test_a_page_source_has_no_marks():
    code, record = _hint_json(_first_source("puzzle-light-up.com"))
    assert code == 0 and record["wrong_marks"] == []
    env = streams()
    assert main(["hint", str(_first_source("puzzle-light-up.com")), "--check"], env=env) == 65


@pytest.mark.parametrize("site", ["puzzle-light-up.com", "puzzle-sudoku.com"])
def test_a_page_whose_script_or_style_names_the_mark_classes_has_no_marks(tmp_path, site):
    """Only a drawn cell's class is a mark: a script's template or a style sheet naming
    `cell-on` is not, and the page source starts from the empty board."""
    source = _first_source(site).read_text(encoding="utf-8")
    named = ("<script>var cell = '<div class=\"cell cell-on\"></div>';</script>"
             "<style>div[class='cell cell-x'] { color: red }</style></body>")
    page = tmp_path / "page.html"
    page.write_text(source.replace("</body>", named, 1), encoding="utf-8")
    code, record = _hint_json(page)
    assert code == 0, record
    assert record["wrong_marks"] == [] and record["steps"]


@pytest.mark.parametrize("copy, game", [
    (FIXTURES / "puzzle-shikaku.com" / "easy_5x5_9366068.board.html", "Shikaku"),
    (FIXTURES / "nonograms.org" / "66825.table.html", "nonograms.org"),
])
def test_marks_in_classes_not_documented_are_refused_by_the_games_name(tmp_path, copy, game):
    env = streams()
    assert main(["hint", str(copy)], env=env) == 65
    assert f"marks of a {game} board copy" in env.stderr.getvalue()
    assert "--state" in env.stderr.getvalue()
    env = streams()
    assert main(["solve", str(copy)], env=env) == 0  # a solve never reads them
    assert main(["parse", str(copy)], env=(env := streams())) == 0
    assert "state" not in json.loads(written(env))
    state = tmp_path / "marks.json"  # the player's marks given another way
    state.write_text("null")
    assert main(["hint", str(copy), "--state", str(state)], env=streams()) == 0


def test_a_blank_clue_table_copy_starts_from_the_empty_board():
    code, record = _hint_json(FIXTURES / "nonograms.org" / "4353.table.html")
    assert code == 0 and record["steps"]


def test_a_copy_whose_board_is_not_the_puzzles_shape_is_exit_65(tmp_path):
    source = _first_source("puzzle-light-up.com")
    answer = _answer(source)
    marks = [[1] * (len(answer[0]) - 1) for _ in answer]
    copy = tmp_path / "copy.html"
    copy.write_text(_live_copy(source.read_text(encoding="utf-8"), marks))
    env = streams()
    assert main(["hint", str(copy)], env=env) == 65
    assert "marked cells, but the puzzle is" in env.stderr.getvalue()


# --------------------------------------------------------------------------- items
@pytest.mark.parametrize("site", ["puzzle-dominosa.com", "puzzle-shikaku.com"])
def test_items_are_matched_as_items_in_any_order_however_written(tmp_path, site):
    """A domino's two cells either way round, rectangles in any order and with their
    fields in any order: right marks; an item the answer lacks: a wrong one."""
    source = _first_source(site)
    answer = _answer(source)
    marks = [list(reversed(item)) if isinstance(item, list) else dict(reversed(item.items()))
             for item in answer[::2]][::-1]
    stray = answer[0]
    stray = ([stray[0], [stray[0][0], stray[0][1] + 5]] if isinstance(stray, list)
             else {**stray, "width": stray["width"] + 7})
    state = tmp_path / "marks.json"
    state.write_text(json.dumps([*marks, None, stray]))
    code, record = _hint_json(source, "--check", "--state", str(state))
    assert code == 0, record
    assert record["wrong_marks"] == [{"item": stray, "value": stray, "should_be": None}]
    env = streams()
    assert main(["hint", str(source), "--check", "--state", str(state)], env=env) == 0
    text = written(env)
    assert f"1 wrong mark, {len(marks)} right marks" in text
    decided = [item for step in record["steps"] for item in step["decides"]]
    assert decided and all(item in answer and item not in answer[::2] for item in decided)


def _read_with_peak(text: str):
    """The board a page reads as, and the most memory the reading held at once."""
    tracemalloc.start()
    try:
        board = read_page(Page("-", text))
        return board, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


GRID = '<table><tr><td class="nmtc"><table><tr><td id="nmf0_0"></td></tr></table></td></tr></table>'


@pytest.mark.parametrize("source, drawn", [
    (_first_source("puzzle-light-up.com"), ""),
    # the live page of nonograms.org copied whole: its `var d` and the grid it drew
    (FIXTURES / "nonograms.org" / "4353.source.html", GRID),
], ids=["cell-on", "nonograms.org grid"])
def test_a_page_padded_with_tags_of_a_mark_class_builds_no_tree_of_them(source, drawn):
    """Marks are read from the cells and rows of a copy alone (nonograms.org: its drawn
    grid): a page source padded with other tags that carry `cell-on` is read in memory
    bounded by its cells (the whole tree took some 50 times the page), and has no marks."""
    text = source.read_text(encoding="utf-8").replace(
        "</body>", drawn + '<span class="cell-on">x</span>' * 16_000 + "</body>")
    board, peak = _read_with_peak(text)
    assert board.state is None
    assert peak < 12 * len(text), f"{peak >> 20} MB for {len(text) >> 10} KB"


@pytest.mark.parametrize("site", ["puzzle-light-up.com", "puzzle-sudoku.com"])
def test_a_copy_of_more_cells_than_a_board_has_builds_no_tree_of_them(tmp_path, site):
    """A page padded with marked div.cells past what a board can hold (MAX_SIDE squared)
    is read without a tree of them: its solve never pays for marks, and hint refuses them
    in one line."""
    source = _first_source(site).read_text(encoding="utf-8")
    text = source.replace("</body>", '<div class="cell cell-on"></div>' * 48_000 + "</body>")
    board, peak = _read_with_peak(text)
    assert "more than 40,000 cells" in board.state.why
    assert peak < 4 * len(text), f"{peak >> 20} MB for {len(text) >> 10} KB"
    copy = tmp_path / "copy.html"
    copy.write_text(text, encoding="utf-8")
    env = streams()
    assert main(["hint", str(copy)], env=env) == 65
    assert env.stderr.getvalue().count("\n") == 1


def test_a_cell_both_filled_and_crossed_out_is_not_read_as_either(tmp_path):
    """`cell-on` and `cell-x` on one cell contradict each other: hint refuses the copy,
    naming the cell, rather than guess; a solve reads the puzzle all the same."""
    source = _first_source("puzzle-light-up.com")
    marks = [[None] * len(row) for row in _answer(source)]
    marks[1][2] = 1
    copy = tmp_path / "copy.html"
    copy.write_text(_live_copy(source.read_text(encoding="utf-8"), marks).replace(
        "cell-on", "cell-on cell-x"))
    env = streams()
    assert main(["hint", str(copy)], env=env) == 65
    assert "row 2, column 3" in env.stderr.getvalue()
    assert env.stderr.getvalue().count("\n") == 1
    assert main(["solve", str(copy)], env=streams()) == 0


def test_a_copy_whose_marks_cannot_be_read_still_solves(tmp_path):
    source = _first_source("puzzle-light-up.com")
    marks = [[1] * 3 for _ in range(2)]
    copy = tmp_path / "copy.html"
    copy.write_text(_live_copy(source.read_text(encoding="utf-8"), marks))
    assert main(["solve", str(copy)], env=streams()) == 0


def test_a_wrong_mark_says_what_the_cell_should_be():
    env = streams()
    copy = FIXTURES / "puzzle-nonograms.com" / "real_5x5.board.html"
    assert main(["hint", str(copy), "--check"], env=env) == 0
    words = written(env).split("· not decided yet\n")[1]  # after the board and its legend
    assert words.splitlines()[0] == "wrong mark: row 1, column 1 should be filled, not empty"


def test_true_is_not_the_one_of_a_marked_cell(tmp_path):
    source = _first_source("puzzle-light-up.com")
    answer = _answer(source)
    r, c = next((r, c) for r, row in enumerate(answer) for c, v in enumerate(row) if v == 1)
    marks = [[None] * len(row) for row in answer]
    marks[r][c] = True
    state = tmp_path / "marks.json"
    state.write_text(json.dumps(marks))
    code, record = _hint_json(source, "--check", "--state", str(state))
    assert code == 0 and record["wrong_marks"] == [
        {"row": r, "col": c, "value": True, "should_be": 1}]
