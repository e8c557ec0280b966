"""Battleships of puzzle-battleships.com: the kind and the family game.

The solver agrees with trying every grid on small boards; the decoded puzzles of the
shared data (janko's, each with its own fleet) solve to their known answers and every real
pair of the site to the page's own hash, uniqueness of the ship cells proven, with the
fleet of its size; the verdict says the fleet; the task's faults are exit 65 naming the
offset; board JSON round-trips; the drawings fit 80 columns.
"""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES, SHARED_DATA, streams, written
from family_game import (
    agrees_with_brute_force,
    board_json_refused,
    board_of,
    pairs,
    round_trip,
    solves_to_its_hash,
    task_refused,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.cli import main
from puzzlesat.core import Status
from puzzlesat.drawing import Style
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.battleships import KIND, Battleships, fleet_of, look, staircase
from puzzlesat.render import plain_text
from puzzlesat.solve import solve

is_solution = KIND.is_solution  # the checker as declared: the shape asked first

FIXTURE = FIXTURES / "puzzle-battleships.com"
PAGE = FIXTURE / "easy_6x6_4440001.source.html"
HINT = st.sampled_from("........xomnesw")


def marks(answer) -> str:
    """The site's text: `y` a ship cell, row by row."""
    return "".join("y" if v else "n" for row in answer for v in row)


# --------------------------------------------------------------------------- the rules


@st.composite
def boards(draw):
    w = draw(st.integers(1, 4))
    h = draw(st.integers(1, 12 // w))
    cells = tuple("".join(draw(st.lists(HINT, min_size=w, max_size=w))) for _ in range(h))
    columns = tuple(draw(st.lists(st.integers(0, h), min_size=w, max_size=w)))
    rows = tuple(draw(st.lists(st.integers(0, w), min_size=h, max_size=h)))
    fleet = tuple(draw(st.lists(st.integers(1, 3), min_size=1, max_size=3)))
    return Battleships(cells, columns, rows, fleet)


@settings(max_examples=60, deadline=None)
@given(boards())
def test_the_solver_agrees_with_trying_every_grid(board):
    agrees_with_brute_force(board, is_solution)


def test_the_solver_finds_fleets_the_brute_force_does():
    """Boards with answers (the hypothesis boards mostly have none): the fleet placed
    across, down and alone, hints of every kind."""
    for board in (
        Battleships(("....", "....", "...."), (1, 0, 2, 1), (2, 0, 2), (2, 1, 1)),
        Battleships(("n...", "....", "...."), (2, 0, 1, 0), (1, 1, 1), (2, 1)),
        Battleships(("....", ".m..", "...."), (1, 1, 1, 0), (0, 3, 0), (3,)),
        Battleships(("....", "....", "..x."), (1, 0, 1, 1), (0, 2, 1), (1, 2)),
    ):
        agrees_with_brute_force(board, is_solution)


def test_the_checker_knows_each_rule():
    board = Battleships(("....", "...x", "w...", "...."), (2, 1, 0, 1), (1, 0, 3, 0), (2, 1, 1))
    good = ((1, 0, 0, 0), (0, 0, 0, 0), (1, 1, 0, 1), (0, 0, 0, 0))
    assert is_solution(board, good)
    assert not is_solution(board, ((0, 0, 0, 0), (1, 0, 0, 0), (1, 1, 0, 1), (0, 0, 0, 0)))
    touching = Battleships(("....",) * 4, (1, 1, 0, 0), (1, 1, 0, 0), (1, 1))
    assert not is_solution(touching, ((1, 0, 0, 0), (0, 1, 0, 0), (0,) * 4, (0,) * 4))
    bent = Battleships(("....",) * 4, (2, 1, 0, 0), (2, 1, 0, 0), (3,))
    assert not is_solution(bent, ((1, 1, 0, 0), (1, 0, 0, 0), (0,) * 4, (0,) * 4))
    other_fleet = board.__class__(board.cells, board.columns, board.rows, (3, 1))
    assert not is_solution(other_fleet, good)  # a ship of two where the fleet has three
    end = Battleships(("e...", "....", "....", "...."), board.columns, board.rows, (2, 1, 1))
    assert not is_solution(end, good)  # the corner is a lone ship, not a right end
    assert not is_solution(board, good[:3])  # the wrong shape


def test_the_fleet_follows_the_size_else_the_usual_shape_filling_the_counts():
    eight = Battleships(("." * 8,) * 8, (0,) * 8, (4, 4, 4, 4, 3, 0, 0, 0))
    assert fleet_of(eight) == ((4, 3, 3, 2, 2, 2, 1, 1, 1), "size")
    seven = Battleships(("." * 7,) * 7, (0,) * 7, (5, 5, 5, 5, 0, 0, 0))
    assert fleet_of(seven) == (staircase(4), "count")
    stated = Battleships(("." * 7,) * 7, (0,) * 7, (0,) * 7, (1, 3))
    assert fleet_of(stated) == ((3, 1), "stated")
    assert staircase(3) == (3, 2, 2, 1, 1, 1)


def test_every_decoded_puzzle_solves_to_its_known_answer():
    """janko's puzzles with their own fleets (header `H W` then ships of 1, 2, ...)."""
    lines = (SHARED_DATA / "genres" / "battleships" / "decoded.jsonl").read_text().splitlines()
    for entry in map(json.loads, lines[::3]):
        header, *rows = [line.split() for line in entry["puzzle"].strip().splitlines()]
        known = [line.split() for line in entry["solution"].strip().splitlines()[1:]]
        fleet = tuple(n for n, many in enumerate(map(int, header[2:]), 1) for _ in range(many))
        board = Battleships(tuple("".join("." if v == "-" else v for v in row) for row in rows[2:]),
                            tuple(map(int, rows[0])), tuple(map(int, rows[1])), fleet)
        result = solve(board)
        assert result.status is Status.UNIQUE, entry["id"]
        assert result.solutions[0] == tuple(tuple(int(v != "-") for v in row) for row in known)


def test_every_site_pair_solves_to_the_pages_own_hash():
    for pair in pairs("battleships"):
        solves_to_its_hash("battleships", pair, marks)


def test_the_verdict_says_the_fleet_of_the_size():
    pair = next(p for p in pairs("battleships") if p["ident"] == "battleships.2")
    result = solve(board_of("battleships", pair))
    assert result.facts["fleet"] == [4, 3, 3, 2, 2, 2, 1, 1, 1]
    assert kind_named("battleships").remarks(result) == ["9 ships 4..1"]


def test_the_site_writes_hints_as_digits():
    pair = next(p for p in pairs("battleships") if p["ident"] == "battleships.7")
    board = board_of("battleships", pair)
    assert board.cells[2] == "..w...........x"  # `r6k0`: a left end, then water
    assert board.cells[12][0] == "n" and board.cells[14][0] == "s"
    assert board.columns[:3] == (3, 2, 4) and board.rows[-1] == 1


# --------------------------------------------------------------------------- the page


def test_the_fixture_page_solves_to_its_hash():
    (entry,) = json.loads((FIXTURE / "index.json").read_text(encoding="utf-8"))
    env = streams()
    assert main(["solve", str(PAGE), "--json"], env=env) == 0
    out = json.loads(written(env))
    assert out["kind"] == "battleships" and out["status"] == "unique"
    assert out["site_check"] == "match" and out["stats"]["fleet_from"] == "size"
    assert marks(out["solution"]) == entry["answer"]


@pytest.mark.parametrize("task, says", [
    ("1,1,2,3,2,1,3,0,3,0,3;b6u0a6b0f", "ends at offset 21 after 11 of its 12 numbers"),
    ("1,1,2,3,2,1,3,0,3,0,3,1,b6u0a6b0f", "has 1 part(s) where its grammar has 2"),
    ("1,1,2,3,2,1,3,0,3,0,3,1;b7u0a6b0f", "holds '7' at offset 25"),
    ("1,1,2,3,2,1,3,0,3,0,3,1;b6u0a6b0fa", "runs past the last cell"),
    ("1,1,2,3,2,1,3,0,3,0,3,1;b6u0a6b0e", "ends at offset 33 after 35 cells"),
    ("1,1,2,3,2,1,3,x,3,0,3,1;b6u0a6b0f", "holds 'x' at offset 14"),
])
def test_a_faulty_task_is_exit_65_naming_the_offset(tmp_path, task, says):
    err = task_refused(PAGE, task, tmp_path)
    assert says in err and "Battleships" in err


def test_board_json_round_trips(tmp_path):
    puzzle = round_trip(PAGE, tmp_path)
    assert puzzle["cells"][0] == "..w..." and puzzle["fleet"] is None


@pytest.mark.parametrize("puzzle, says", [
    ({"cells": ["..q"], "columns": [0, 0, 0], "rows": [0]}, "Battleships row 1 holds 'q'"),
    ({"cells": ["..."], "columns": [0, 0], "rows": [0]}, '"columns" is a list of 3'),
    ({"cells": ["..."], "columns": [0, 0, 0], "rows": [0], "fleet": [0]}, '"fleet" is'),
])
def test_board_json_refuses_what_is_not_a_battleships(tmp_path, puzzle, says):
    assert says in board_json_refused("battleships", puzzle, tmp_path)


# --------------------------------------------------------------------------- the looks


def test_the_drawings_fit_80_columns_and_show_every_cell():
    board = board_of("battleships", max(pairs("battleships"), key=lambda p: p["width"]))
    result = solve(board)
    for style in (Style(width=80, colour=False), Style(width=80, colour=False, ascii=True),
                  Style(width=80, compact=True, colour=False)):
        text = plain_text(board, result, style)
        lines = text.splitlines()
        assert all(len(line) <= 80 for line in lines)
        assert sum(len(line) >= 30 for line in lines) >= 30
        assert not style.ascii or text.isascii()


def test_ships_water_hints_and_counts_drawn_and_pictured():
    board = kind_named("battleships").examples[0].board
    result = solve(board)
    compact = plain_text(board, result, Style(compact=True, colour=False)).splitlines()
    assert compact[1:6] == ["2101", "■~~~ 1", "~~~~ 0", "■■~■ 3", "~~~~ 0"]
    assert [look(board, None, 2, c) for c in range(2)] == [("hint", "w"), "open"]
    svg = kind_named("battleships").svg(board, result.solutions[0])
    assert svg.count('class="ship"') == 4


def test_a_hint_gives_its_own_cell_alone():
    """What the page shows is given (the hint's own cell, a one-cell ship's too); what an
    end or a middle says of its neighbours is a step of the hint's rule, not a given."""
    from puzzlesat.hints import _givens, _places, explain
    from puzzlesat.kinds import kind_of
    from puzzlesat.sat import find_two

    board = Battleships(("w....", ".....", "....o", ".....", "....."), (2, 1, 0, 0, 1),
                        (2, 0, 1, 0, 1), (2, 1, 1))
    kind = kind_of(board)
    encoding = kind.encode(board)
    places = _places(kind, board, encoding, find_two(encoding).models)
    assert _givens(board, encoding, places) == {(0, 0): 1, (2, 4): 1}
    said = explain(board, every=True)
    first = {(key, value): step.because for step in said.steps for key, value in step.decided}
    assert [reason.rule for reason in first[((0, 1), 1)]] == ["a ship's left end"]


def test_a_fleet_rule_names_its_ships_by_their_length():
    """A rule of the ships of one length says that length ('ships of length 1'), not an
    index read one more ('ship 2' for the one-cell ships)."""
    from puzzlesat.grid.clauses import scope_text
    from puzzlesat.kinds import kind_of

    board = Battleships(("w....", ".....", "....o", ".....", "....."), (2, 1, 0, 0, 1),
                        (2, 0, 1, 0, 1), (2, 1, 1))
    encoding = kind_of(board).encode(board)
    said = {scope_text(scope) for rule, scope, _, _ in encoding.rules
            if rule == "a placement is a line of exactly its length"}
    assert said == {"ships of length 1", "ships of length 2"}
