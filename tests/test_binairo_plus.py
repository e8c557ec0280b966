"""Binairo+ of puzzle-binairo.com: the kind (Binairo's two line rules and the `=`/`x`
signs) and its pages, read by Binairo's game and told apart by ident, plugin or address.

The solver agrees with trying every grid on small boards; every real pair of the shared
data (../shared/data/genres/binairo-plus, read from there) solves to the page's own hash,
uniqueness proven; the task's faults are exit 65 naming the offset; board JSON round-trips;
the drawings fit 80 columns, in ASCII too, and the SVG pictures the digits.
"""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES, streams, written
from family_game import (
    agrees_with_brute_force,
    board_json_refused,
    pairs,
    pictured,
    task_refused,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat import load
from puzzlesat.cli import main
from puzzlesat.core import Page, Status
from puzzlesat.drawing import Style
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.binairo_plus import BinairoPlus, is_solution
from puzzlesat.render import plain_text
from puzzlesat.site_check import hashed
from puzzlesat.solve import solve

FIXTURE = FIXTURES / "puzzle-binairo.com"
PAGE = FIXTURE / "plus_6x6_1234514.source.html"
GAME = "binairo"  # Binairo+'s pages are read by Binairo's game
# The monthly special was saved without its size: 1200 cells, and only 30x40 and 40x30
# leave no sign pointing off the board; 40x30 has no answer.
UNSIZED = {"binairo-plus.25": (30, 40)}
_ = None


def digits(answer) -> str:
    """The site's text: a `0` or `1` a cell, row by row."""
    return "".join(str(v) for row in answer for v in row)


def sized(pair: dict) -> dict:
    if pair["width"] is not None:
        return pair
    width, height = UNSIZED[pair["ident"]]
    return {**pair, "width": width, "height": height}


def plus_board(pair: dict) -> BinairoPlus:
    """The pair as its page reads: Binairo's game, told by the ident that it is Binairo+."""
    from puzzlesat.sources.puzzle_family import BY_NAME, Task

    pair = sized(pair)
    return BY_NAME[GAME].decode(Task(
        BY_NAME[GAME], pair["task"], pair["width"], pair["height"], "site pair",
        hashed_solution=pair["hashedSolution"], script_names=("binairo-plus",)))


# --------------------------------------------------------------------------- the rules


shapes = st.sampled_from(((2, 2), (2, 4), (4, 2), (2, 6), (6, 2)))
sign = st.sampled_from((_, _, _, "=", "x"))


@st.composite
def boards(draw) -> BinairoPlus:
    h, w = draw(shapes)
    rows = st.lists(st.sampled_from((_, _, _, 0, 1)), min_size=w, max_size=w)
    grid = draw(st.lists(rows, min_size=h, max_size=h))
    across = draw(st.lists(st.lists(sign, min_size=w - 1, max_size=w - 1), min_size=h,
                           max_size=h))
    down = draw(st.lists(st.lists(sign, min_size=w, max_size=w), min_size=h - 1,
                         max_size=h - 1))
    return BinairoPlus(*(tuple(map(tuple, rows)) for rows in (grid, across, down)))


@settings(max_examples=40)
@given(boards())
def test_the_solver_agrees_with_trying_every_grid(board):
    agrees_with_brute_force(board, is_solution)


def test_the_checker_knows_each_rule():
    answer = ((0, 1, 1, 0), (1, 0, 0, 1), (0, 1, 1, 0), (1, 0, 0, 1))  # rows repeat: allowed
    none = ((_,) * 4,) * 4
    board = BinairoPlus(none, ((_, "=", _),) + ((_,) * 3,) * 3, (("x", _, _, _),) + ((_,) * 4,) * 2)
    assert is_solution(board, answer)
    assert not is_solution(BinairoPlus(none, (("=", _, _),) + ((_,) * 3,) * 3, ((_,) * 4,) * 3),
                           answer)  # an = broken
    assert not is_solution(BinairoPlus(none, ((_,) * 3,) * 4, (("=", _, _, _),) + ((_,) * 4,) * 2),
                           answer)  # an = below broken
    assert not is_solution(BinairoPlus(none, ((_, "x", _),) + ((_,) * 3,) * 3, ((_,) * 4,) * 3),
                           answer)  # an x broken
    assert not is_solution(BinairoPlus(((1, _, _, _),) + none[1:], board.across, board.down),
                           answer)  # a given broken
    assert not is_solution(BinairoPlus(((0, 0, 0, 1, 1, 1),) * 2, ((_,) * 5,) * 2,
                                       ((_,) * 6,)), ((0, 0, 0, 1, 1, 1),) * 2)  # three 0s
    assert not is_solution(board, answer[:2])  # the wrong shape


# --------------------------------------------------------------------------- real pairs


def test_every_site_pair_solves_to_the_pages_own_hash():
    for pair in pairs("binairo-plus"):
        board = plus_board(pair)
        assert board.kind == "binairo-plus"
        result = solve(board)
        assert (result.status, result.site_check) == (Status.UNIQUE, "match"), pair["ident"]
        assert hashed(pair["task"], digits(result.solutions[0])) == pair["hashedSolution"]


def test_the_site_lets_two_rows_be_equal():
    """Binairo's third rule is not Binairo+'s: real answers repeat a row."""
    pair = next(p for p in pairs("binairo-plus") if p["ident"] == "binairo-plus.17")
    (answer,) = solve(plus_board(pair)).solutions
    assert len(set(answer)) < len(answer)


def test_the_monthly_special_is_not_square():
    pair = next(p for p in pairs("binairo-plus") if p["ident"] == "binairo-plus.25")
    board = plus_board(pair)
    assert (board.width, board.height) == (30, 40)
    assert solve(plus_board({**pair, "width": 40, "height": 30})).status is Status.NONE


# --------------------------------------------------------------------------- the page


@pytest.mark.parametrize("how", ["ident", "plugin", "address"])
def test_a_binairo_plus_page_is_told_by_its_ident_plugin_or_address(how):
    """The fixture runs Binairo's plugin with ident `binairo-plus.14`; any one of the three
    names is enough."""
    (entry,) = (e for e in json.loads((FIXTURE / "index.json").read_text(encoding="utf-8"))
                if e["name"] == "plus_6x6_1234514")
    text, url = PAGE.read_text(encoding="utf-8"), None
    if how != "ident":
        text = text.replace("ident: 'binairo-plus.14'", "ident: 'binairo.14'")
    if how == "plugin":
        text = text.replace("$('#game').binairo(", "$('#game').binairoplus(")
    elif how == "address":
        url = "https://www.puzzle-binairo.com/binairo-plus-6x6-easy/"
    board = load.read_page(Page(url or "page.html", text, url=url))
    assert (board.kind, board.puzzle_id) == ("binairo-plus", "1234514")
    result = solve(board)
    assert (result.status, result.site_check) == (Status.UNIQUE, "match")
    assert [list(row) for row in result.solutions[0]] == entry["answer"]


def test_a_plain_binairo_page_stays_binairo():
    page = FIXTURE / "easy_6x6_438243.source.html"
    assert load.read_page(Page(str(page), page.read_text(encoding="utf-8"))).kind == "binairo"


@pytest.mark.parametrize("task, says", [
    ("h1e0g1a1e1c0a", "has 1 part(s) where its grammar has 2, separated by '|': it ends at "
                      "offset 13"),
    ("h1e0g1a1e1c0a|e1zd", "row 1, column 6 a sign toward a neighbour past the board's edge "
                           "('1' at offset 15)"),
    ("h1e0g1a1e1c0a|zi3", "row 6, column 6 a sign toward a neighbour past the board's edge "
                          "('3' at offset 16)"),
    ("h1e0g1a1e1c0a|zc9", "holds '9' at offset 16, which is not part of its grammar"),
    ("h1e0g1a1e1c0|zj", "ends at offset 12 after 35 cells"),
    ("h1e0g1a1e1c0a|zk", "runs past the last cell at offset 15"),
])
def test_a_faulty_task_is_exit_65_naming_the_offset(tmp_path, task, says):
    err = task_refused(PAGE, task, tmp_path)
    assert says in err and "the Binairo+ task" in err
    assert "a 6x6 board has 36 cells" in err or "'|'" in says


def test_board_json_round_trips(tmp_path):
    env = streams()
    assert main(["parse", str(PAGE)], env=env) == 0
    record = json.loads(written(env))
    assert record["kind"] == "binairo-plus" and record["puzzle"]["across"][1][0] == "x"
    path = tmp_path / "board.json"
    path.write_text(written(env), encoding="utf-8")
    again = streams()
    assert main(["solve", str(path), "--json"], env=again) == 0
    out = json.loads(written(again))
    assert (out["status"], out["site_check"]) == ("unique", "match")


@pytest.mark.parametrize("puzzle, says", [
    ({"grid": [[0, 1], [1, 0]], "across": [["="], [None]], "down": [["y", None]]},
     'Binairo+ row 1 holds "y", not "=", "x" or null'),
    ({"grid": [[0, 1], [1, 0]], "across": [[None], [None]]}, 'needs "down"'),
])
def test_a_broken_board_json_is_exit_65(tmp_path, puzzle, says):
    assert says in board_json_refused("binairo-plus", puzzle, tmp_path)


def test_signs_of_the_wrong_shape_are_exit_1(tmp_path):
    """Signs that do not fit the grid: the puzzle cannot hold (validate), not a bad file."""
    path = tmp_path / "board.json"
    path.write_text(json.dumps({"kind": "binairo-plus", "puzzle": {
        "grid": [[0, 1], [1, 0]], "across": [[None]], "down": [[None, None]]}}))
    env = streams()
    assert main(["solve", str(path)], env=env) == 1
    assert "a 2x2 Binairo+ has 2 rows of 1 signs across" in env.stderr.getvalue()


# --------------------------------------------------------------------------- the looks


def test_the_drawings_fit_80_columns_and_show_the_signs():
    board = plus_board(next(p for p in pairs("binairo-plus") if p["ident"] == "binairo-plus.25"))
    result = solve(board)
    for style in (Style(width=80, colour=False), Style(width=80, colour=False, ascii=True)):
        lines = plain_text(board, result, style).splitlines()
        assert all(len(line) <= 80 for line in lines)
        assert sum(line[:1] in ("0", "1") for line in lines) == 40  # every row drawn
        assert all(line.isascii() for line in lines) or not style.ascii
    picked = plain_text(board, result, Style(width=80, colour=False)).splitlines()
    assert max(map(len, picked)) == 2 * 30 - 1  # too wide in full: compact, a column a gap


def test_signs_between_digits_drawn_and_pictured():
    example = kind_named("binairo-plus").examples[0].board
    result = solve(example)
    full = plain_text(example, result, Style(colour=False)).splitlines()
    assert full[1:4] == ["1   0   1 × 0", "", "0 = 0   1   1"]
    ascii_ = plain_text(example, result, Style(colour=False, ascii=True)).splitlines()
    assert ascii_[1] == "1   0   1 x 0" and ascii_[6] == "x"
    svg = kind_named("binairo-plus").svg(example, result.solutions[0])
    assert svg.count('class="one given"') == 2 and svg.count('class="zero found"') == 8


def test_the_picture_draws_every_sign_between_its_cells():
    board = kind_named("binairo-plus").stress(6, 6)
    board = BinairoPlus(board.grid, (("=", None, "x", None, "="),) * 6,
                        ((None, "x", None, "=", None, "x"),) * 5)
    marks, cell_at = pictured(kind_named("binairo-plus").svg(board, None), "mark")
    drawn = {(cell_at(float(m.get("x")) - 1, float(m.get("y")) - 5), m.text) for m in marks}
    assert len(marks) == len(board.signs()) == 33
    assert sorted(m.text for m in marks) == sorted(
        {"=": "=", "x": "×"}[sign] for _, _, sign in board.signs())
    assert ((0, 0), "=") in drawn and ((0, 2), "×") in drawn
