"""Heyawake of puzzle-heyawake.com: the kind and the family game.

The solver agrees with trying every shading on small boards; the decoded puzzles of the
shared data solve to their known answers and every real pair of the site to the page's own
hash, uniqueness proven under the connectivity rule; rooms go at the first free cell, and a
task whose rooms do not fit is exit 65 naming the offset; board JSON round-trips.
"""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES, SHARED_DATA
from family_game import (
    board_of,
    fixture_page_solves,
    pairs,
    solves_to_its_hash,
    task_refused,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from shading import every_shading, marks, page_of

from puzzlesat.core import ParseError, Status
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.heyawake import KIND, Heyawake
from puzzlesat.solve import solve
from puzzlesat.sources.puzzle_family import BY_NAME, Task

is_solution = KIND.is_solution  # the checker as declared: the shape asked first


def rooms_of(ids: list[list[int]], numbers: list[int | None]) -> Heyawake:
    """A board whose room i has number numbers[i - 1], put on the room's first cell."""
    first: dict[int, tuple[int, int]] = {}
    for r, row in enumerate(ids):
        for c, v in enumerate(row):
            first.setdefault(v, (r, c))
    clues = [[None] * len(ids[0]) for _ in ids]
    for v, (r, c) in first.items():
        clues[r][c] = numbers[(v - 1) % len(numbers)]
    return Heyawake(tuple(map(tuple, ids)), tuple(map(tuple, clues)))


boards = st.sampled_from([(3, 3), (3, 4), (4, 3), (2, 5)]).flatmap(
    lambda shape: st.tuples(
        st.lists(st.lists(st.integers(1, 4), min_size=shape[1], max_size=shape[1]),
                 min_size=shape[0], max_size=shape[0]),
        st.lists(st.one_of(st.none(), st.integers(0, 3)), min_size=4, max_size=4)))


@settings(max_examples=40, deadline=None)
@given(boards)
def test_the_solver_agrees_with_trying_every_shading(drawn):
    board = rooms_of(*drawn)
    every = every_shading(board, is_solution)
    result = solve(board)
    assert result.status is (Status.NONE, Status.UNIQUE, Status.MULTIPLE)[min(len(every), 2)]
    assert all(answer in every for answer in result.solutions)


def test_the_checker_knows_each_rule():
    board = Heyawake(((1, 2, 2), (1, 2, 2), (1, 3, 3)),
                     ((None, 2, None), (None, None, None), (None, 0, None)))
    (good,) = solve(board).solutions
    assert is_solution(board, good)
    assert not is_solution(board, ((0, 1, 0), (1, 0, 1), (0, 0, 0)))  # white cut off
    assert not is_solution(board, ((0, 1, 1), (0, 0, 0), (0, 0, 0)))  # shaded touch
    runs = Heyawake(((1, 2, 3),), ((None, None, None),))
    assert not is_solution(runs, ((0, 0, 0),))  # a white run across two borders
    assert is_solution(runs, ((0, 1, 0),)) is False  # and the white cells apart
    assert not is_solution(board, good[:2])  # the wrong shape


def test_every_decoded_puzzle_solves_to_its_known_answer():
    lines = (SHARED_DATA / "genres" / "heyawake" / "decoded.jsonl").read_text().splitlines()
    for entry in map(json.loads, lines[::4]):  # a sample: the bench runs them all
        (h, w, *_), *rows = [line.split() for line in entry["puzzle"].strip().splitlines()]
        _, *shaded = entry["solution"].strip().splitlines()
        h = int(h)
        clues = tuple(tuple(None if v == "-" else int(v) for v in row) for row in rows[:h])
        names: dict[str, int] = {}
        ids = tuple(tuple(names.setdefault(v, len(names) + 1) for v in row) for row in rows[h:])
        known = tuple(tuple(int(v == "x") for v in row.split()) for row in shaded)
        result = solve(Heyawake(ids, clues))
        assert result.status is Status.UNIQUE and result.solutions[0] == known, entry["id"]


def test_every_site_pair_solves_to_the_pages_own_hash():
    for pair in pairs("heyawake"):
        solves_to_its_hash("heyawake", pair, marks)


def test_rooms_go_at_the_first_free_cell():
    pair = next(p for p in pairs("heyawake") if p["ident"] == "heyawake.0")
    board = board_of("heyawake", pair)  # `b,2,2;0,1,1;1,3,2;0,1,1;...`
    assert board.rooms[0] == (1, 1, 2, 3, 3, 3) and board.rooms[1][:3] == (1, 1, 4)
    assert board.clues[0][:4] == (None, None, 0, 1)


@pytest.mark.parametrize("task, says", [
    ("b,2,2;1,1,2", "ends at offset 11 with 3 cells in no room"),
    ("b,2,2;1,2,2", "room at offset 6 does not fit at row 1, column 3"),
    ("b,2,2;x,1,1", "holds 'x' at offset 6"),
    ("b,3,2;0,3,1;0,1,1", "runs past the last cell at offset 12"),
])
def test_a_faulty_task_names_its_offset(task, says):
    genre = BY_NAME["heyawake"]
    with pytest.raises(ParseError, match="Heyawake") as caught:
        genre.decode(Task(genre, task, 3, 3, "test"))
    assert says in str(caught.value)


def test_board_json_round_trips():
    kind = kind_named("heyawake")
    board = board_of("heyawake", pairs("heyawake")[0])
    assert kind.from_json(kind.to_json(board), "site pair") == board


def test_a_faulty_page_is_exit_65_in_one_line(tmp_path):
    err = task_refused(page_of("heyawake", tmp_path), "b,2,2;1,2,2;0,1", tmp_path)
    assert "the Heyawake task ends at offset 15 after 2 of its 3 numbers" in err, err


def test_the_fixture_page_solves_to_its_hash_without_the_shared_data():
    """A page of this project's own puzzle (tools/make_shading_fixtures.py): read, solved
    and checked against its hash from a fresh clone."""
    page = FIXTURES / "puzzle-heyawake.com" / "normal_5x5_2220001.source.html"
    fixture_page_solves(page, "heyawake")
