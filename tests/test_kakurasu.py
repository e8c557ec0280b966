"""Kakurasu of puzzle-kakurasu.com: the kind and the family game.

The solver agrees with trying every shading on small boards; the decoded puzzles of the
shared data solve to their known answers and every real pair of the site to the page's own
hash, uniqueness proven; the task's faults are exit 65 naming the offset; board JSON
round-trips; the drawings (the sums above and left, grid/counts.py's) fit 80 columns, in
ASCII too, and the SVG shows the shading and the sums.
"""

from __future__ import annotations

import json
import re

import pytest
from conftest import FIXTURES, streams, written
from family_game import (
    agrees_with_brute_force,
    board_json_refused,
    board_of,
    fits_80_columns,
    pairs,
    solves_every_decoded_puzzle,
    solves_to_its_hash,
    task_refused,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.cli import main
from puzzlesat.drawing import Style
from puzzlesat.grid import clauses as rules
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.kakurasu import KIND, Kakurasu
from puzzlesat.render import plain_text
from puzzlesat.solve import solve

is_solution = KIND.is_solution  # the checker as declared: the shape asked first

FIXTURE = FIXTURES / "puzzle-kakurasu.com"
PAGE = FIXTURE / "easy_5x5_4540001.source.html"
_ = None


def ones(answer) -> str:
    """The site's text: `1` a shaded cell, `0` the others, row by row."""
    return "".join("1" if v else "0" for row in answer for v in row)


# --------------------------------------------------------------------------- the rules


@st.composite
def boards(draw) -> Kakurasu:
    """Clues of a drawn shading (so that some boards have answers), some left out, some
    changed."""
    h, w = draw(st.integers(1, 4)), draw(st.integers(1, 3))
    shade = draw(st.lists(st.lists(st.booleans(), min_size=w, max_size=w), min_size=h,
                          max_size=h))
    cols = [sum(r + 1 for r in range(h) if shade[r][c]) for c in range(w)]
    rows = [sum(c + 1 for c in range(w) if shade[r][c]) for r in range(h)]
    clue = st.sampled_from(("keep", "keep", "keep", "none", "change"))

    def varied(sums: list[int]) -> tuple:
        kept = {"keep": lambda v: v, "none": lambda v: None, "change": lambda v: v + 1}
        return tuple(kept[draw(clue)](v) for v in sums)

    return Kakurasu(columns=varied(cols), rows=varied(rows))


@settings(max_examples=60)
@given(boards())
def test_the_solver_agrees_with_trying_every_shading(board):
    agrees_with_brute_force(board, is_solution)


def test_the_checker_knows_each_rule():
    board = Kakurasu(rows=(1, 5, 4), columns=(4, 2, 5))
    answer = ((1, 0, 0), (0, 1, 1), (1, 0, 1))
    assert is_solution(board, answer)
    assert not is_solution(board, ((0, 1, 0), (0, 1, 1), (1, 0, 1)))  # row 1 counts 2
    assert not is_solution(Kakurasu(rows=(1, 5, 4), columns=(4, 2, 4)), answer)  # column 3: 5
    assert is_solution(Kakurasu(rows=(_, 5, 4), columns=(4, _, 5)), answer)  # no clue, no rule
    assert not is_solution(board, answer[:2])  # the wrong shape


def test_a_weighted_sum_counts_each_literal_by_its_weight():
    """grid.clauses.weighted_native: 2a + 3b = 3 has one answer (b alone)."""
    ((lits, most), (negated, fail)) = rules.weighted_native([1, 2], [2, 3], 3)
    assert (sorted(lits), most, fail) == ([1, 1, 2, 2, 2], 3, 2) and set(negated) == {-1, -2}


def test_every_decoded_puzzle_solves_to_its_known_answer():
    def board(rows):
        cols, sums = ([None if v == "-" else int(v) for v in row] for row in rows[:2])
        return Kakurasu(rows=tuple(sums), columns=tuple(cols))

    solves_every_decoded_puzzle(
        "kakurasu", board, lambda rows: tuple(tuple(int(v == "x") for v in row) for row in rows),
        height=lambda rows: len(rows[1]))  # the row sums' line: one sum a row


def test_every_site_pair_solves_to_the_pages_own_hash():
    for pair in pairs("kakurasu"):
        solves_to_its_hash("kakurasu", pair, ones)


def test_the_sites_answer_text_is_the_pairs():
    """The one pair that holds the site's text: the same, `1` shaded."""
    pair = next(p for p in pairs("kakurasu") if p.get("answer"))
    board = board_of("kakurasu", pair)
    assert board.columns[:3] == (11, 33, 17) and board.rows[-1] == 38
    assert kind_named("kakurasu").site_answer(board, solve(board).solutions[0]) == pair["answer"]


# --------------------------------------------------------------------------- the page


def test_the_fixture_page_solves_to_its_hash():
    (entry,) = json.loads((FIXTURE / "index.json").read_text(encoding="utf-8"))
    env = streams()
    assert main(["solve", str(PAGE), "--json"], env=env) == 0
    out = json.loads(written(env))
    assert (out["kind"], out["status"], out["site_check"]) == ("kakurasu", "unique", "match")
    assert out["site_answer"] == entry["answer"]


@pytest.mark.parametrize("task, says", [
    ("5/10/12/15/5/7/11/14/10", "ends at offset 23 after 9 of its 10 numbers"),
    ("5/10/12/15/5/7/11/14/10/7/1", "has more than 10 numbers at offset 25"),
    ("5/10/12/x5/5/7/11/14/10/7", "holds 'x5' at offset 8 where a number from 0 belongs"),
    ("5/10/12/-1/5/7/11/14/10/7", "holds '-1' at offset 8"),
])
def test_a_faulty_task_is_exit_65_naming_the_offset(tmp_path, task, says):
    err = task_refused(PAGE, task, tmp_path)
    assert says in err and "the Kakurasu task" in err and "a 5x5 board has 25 cells" in err


def test_a_blank_clue_is_a_line_without_one(tmp_path):
    path = tmp_path / "page.html"
    text = re.sub(r"hashedSolution: '\w+', ", "", PAGE.read_text())  # another task's
    path.write_text(text.replace("'5/10/12/15/5/7/", "'5/10//15/5/7/"))
    env = streams()
    assert main(["solve", str(path), "--json"], env=env) == 0
    out = json.loads(written(env))
    assert out["puzzle"]["columns"] == [5, 10, None, 15, 5]


def test_board_json_round_trips(tmp_path):
    env = streams()
    assert main(["parse", str(PAGE)], env=env) == 0
    assert json.loads(written(env))["puzzle"] == {"columns": [5, 10, 12, 15, 5],
                                                  "rows": [7, 11, 14, 10, 7]}
    path = tmp_path / "board.json"
    path.write_text(written(env), encoding="utf-8")
    again = streams()
    assert main(["solve", str(path), "--json"], env=again) == 0
    assert json.loads(written(again))["site_check"] == "match"


@pytest.mark.parametrize("puzzle, says", [
    ({"columns": [1, "x"], "rows": [1]}, 'holds "x", not the columns\' counts'),
    ({"columns": [1, -2], "rows": [1]}, "holds -2"),
    ({"columns": [], "rows": [1]}, "at least one cell"),
    ({"columns": [1]}, 'needs "rows"'),
])
def test_a_broken_board_json_is_exit_65(tmp_path, puzzle, says):
    assert says in board_json_refused("kakurasu", puzzle, tmp_path)


# --------------------------------------------------------------------------- the looks


def test_the_drawings_fit_80_columns_with_the_sums_around():
    board = board_of("kakurasu", next(p for p in pairs("kakurasu") if p.get("answer")))
    result = fits_80_columns(board, 9, 9)  # nine rows drawn whole, compact too
    ascii_ = plain_text(board, result, Style(width=80, colour=False, ascii=True)).splitlines()
    header = ascii_[: next(i for i, line in enumerate(ascii_) if "+" in line)]
    down = ["".join(line.ljust(80)[x] for line in header).strip() for x in range(80)]
    assert [text for text in down if text] == [str(v) for v in board.columns]  # read down
    rows = ascii_[len(header) + 1 : len(header) + 10]
    assert [line.split()[0] for line in rows] == [str(v) for v in board.rows]


def test_shaded_cells_drawn_and_pictured():
    example = kind_named("kakurasu").examples[0].board
    result = solve(example)
    ascii_ = plain_text(example, result, Style(colour=False, ascii=True)).splitlines()
    assert ascii_[1:4] == ["    4 2 5", "  +------+", "1 |##    |"]
    compact = plain_text(example, result, Style(compact=True, colour=False)).splitlines()
    assert compact[1:3] == ["  425", "1 █"]
    svg = kind_named("kakurasu").svg(example, result.solutions[0])
    assert svg.count('class="shaded"') == 5 and ">5<" in svg
