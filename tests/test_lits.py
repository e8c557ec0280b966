"""LITS of puzzle-lits.com: the kind and the family game.

The solver agrees with trying every shading on small boards; the decoded puzzles of the
shared data solve to their known answers and every real pair of the site to the page's own
hash, uniqueness proven under the connectivity rule; the task's faults are exit 65 naming
the offset; board JSON round-trips; the drawings fit 80 columns.
"""

from __future__ import annotations

import json
from itertools import combinations, product

import pytest
from conftest import FIXTURES, SHARED_DATA, streams, written
from family_game import board_of, pairs, solves_to_its_hash, task_refused
from hypothesis import given, settings
from hypothesis import strategies as st
from shading import marks

from puzzlesat.cli import main
from puzzlesat.core import Status
from puzzlesat.drawing import Style
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.lits import KIND, Lits, letter_of, tetrominoes
from puzzlesat.render import plain_text
from puzzlesat.solve import solve

is_solution = KIND.is_solution  # the checker as declared: the shape asked first

FIXTURE = FIXTURES / "puzzle-lits.com"
PAGE = FIXTURE / "normal_6x6_7770001.source.html"


def rows(text: str) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(v) for v in row) for row in text.split())


# --------------------------------------------------------------------------- the rules


def brute_force(board: Lits) -> list:
    """Every shading of four cells a region that the checker takes."""
    h, w = board.height, board.width
    count = 4 * len({v for row in board.regions for v in row})
    every = (tuple(tuple(int((r, c) in on) for c in range(w)) for r in range(h))
             for on in map(set, combinations(product(range(h), range(w)), count)))
    return [answer for answer in every if is_solution(board, answer)]


boards = st.sampled_from([(3, 4), (4, 3), (4, 4), (2, 6), (3, 5)]).flatmap(
    lambda shape: st.lists(st.lists(st.integers(1, 3), min_size=shape[1], max_size=shape[1]),
                           min_size=shape[0], max_size=shape[0]))


@settings(max_examples=30, deadline=None)
@given(boards)
def test_the_solver_agrees_with_trying_every_shading(ids):
    board = Lits(tuple(map(tuple, ids)))
    every = brute_force(board)
    result = solve(board)
    assert result.status is (Status.NONE, Status.UNIQUE, Status.MULTIPLE)[min(len(every), 2)]
    assert all(answer in every for answer in result.solutions)


def test_the_letters_are_the_same_turned_or_mirrored():
    assert letter_of(frozenset({(0, 0), (1, 0), (2, 0), (2, 1)})) == "L"
    assert letter_of(frozenset({(0, 1), (1, 1), (2, 1), (2, 0)})) == "L"  # mirrored
    assert letter_of(frozenset({(0, 0), (0, 1), (1, 1), (1, 2)})) == "S"  # the Z
    assert letter_of(frozenset({(0, 0), (0, 1), (0, 2), (0, 3)})) == "I"
    assert letter_of(frozenset({(0, 0), (0, 2), (1, 1), (0, 1)})) == "T"
    assert letter_of(frozenset({(0, 0), (1, 1), (2, 2), (3, 3)})) is None
    square = [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert tetrominoes(square) == []  # the O never fits
    assert len(tetrominoes([(r, c) for r in range(2) for c in range(3)])) == 8  # 4 L, 2 S, 2 T


def test_the_checker_knows_each_rule():
    board = Lits(rows("2333 2213 2113 1111"))
    good = rows("1011 1101 1001 1111")
    assert is_solution(board, good)
    assert not is_solution(board, rows("1011 1101 1001 1110"))  # region 1 holds three
    two_i = Lits(rows("1111 2222"))
    assert not is_solution(two_i, rows("1111 1111"))  # two I side by side (and a 2x2)
    apart = Lits(rows("11112 33332"))
    assert not is_solution(apart, rows("11110 00000"))  # a region without its tetromino
    assert not is_solution(board, good[:2])  # the wrong shape


def test_every_decoded_puzzle_solves_to_its_known_answer():
    lines = (SHARED_DATA / "genres" / "lits" / "decoded.jsonl").read_text().splitlines()
    for entry in map(json.loads, lines[::4]):  # a sample: the bench runs them all
        _, *ids = entry["puzzle"].strip().splitlines()
        _, *shaded = entry["solution"].strip().splitlines()
        board = Lits(tuple(tuple(int(v) for v in row.split()) for row in ids))
        known = tuple(tuple(int(v not in "-0") for v in row.split()) for row in shaded)
        result = solve(board)
        assert result.status is Status.UNIQUE and result.solutions[0] == known, entry["id"]


def test_every_site_pair_solves_to_the_pages_own_hash():
    for pair in pairs("lits"):
        if pair["width"] <= 20:  # the bench solves the 30x30 too
            solves_to_its_hash("lits", pair, marks)


# --------------------------------------------------------------------------- the page


def test_the_fixture_page_solves_to_its_hash():
    (entry,) = json.loads((FIXTURE / "index.json").read_text(encoding="utf-8"))
    env = streams()
    assert main(["solve", str(PAGE), "--json"], env=env) == 0
    out = json.loads(written(env))
    assert out["kind"] == "lits" and out["status"] == "unique"
    assert out["site_check"] == "match"
    assert marks(out["solution"]) == entry["answer"]


@pytest.mark.parametrize("task, says", [
    (",".join("1" * 35), "ends at offset 69 after 35 of its 36 numbers"),
    (",".join("1" * 37), "has more than 36 numbers at offset 71"),
    (",".join("1" * 7) + ",x," + ",".join("1" * 28), "holds 'x' at offset 14"),
    (",".join("1" * 7) + ",0," + ",".join("1" * 28), "holds '0' at offset 14"),
])
def test_a_faulty_task_is_exit_65_naming_the_offset(tmp_path, task, says):
    err = task_refused(PAGE, task, tmp_path)
    assert says in err and "LITS" in err


def test_board_json_round_trips(tmp_path):
    env = streams()
    assert main(["parse", str(PAGE)], env=env) == 0
    path = tmp_path / "board.json"
    path.write_text(written(env), encoding="utf-8")
    again = streams()
    assert main(["solve", str(path), "--json"], env=again) == 0
    assert json.loads(written(again))["site_check"] == "match"


def test_board_json_refuses_a_row_of_other_things(tmp_path):
    path = tmp_path / "board.json"
    path.write_text(json.dumps({"kind": "lits", "puzzle": {"regions": [[1, "x"]]}}))
    env = streams()
    assert main(["solve", str(path)], env=env) == 65
    assert "LITS row 1 holds" in env.stderr.getvalue()


# --------------------------------------------------------------------------- the looks


def test_the_drawings_fit_80_columns_and_show_every_cell():
    board = board_of("lits", next(p for p in pairs("lits") if p["ident"] == "lits.9"))
    result = solve(board)
    for style in (Style(width=80, colour=False), Style(width=80, colour=False, ascii=True),
                  Style(width=80, compact=True, colour=False)):
        lines = plain_text(board, result, style).splitlines()
        assert all(len(line) <= 80 for line in lines)
        assert sum(len(line) >= 20 for line in lines) >= 20


def test_shaded_cells_drawn_and_pictured():
    board = Lits(rows("2333 2213 2113 1111"))
    result = solve(board)
    svg = kind_named("lits").svg(board, result.solutions[0])
    assert svg.count('class="shaded"') == 12
