"""Bridges (Hashi) of puzzle-bridges.com: the kind, the family game, the bridges drawn.

The solver agrees with trying every way to build bridges on small boards; every real pair
of the site solves, unique, to the page's own hash (a save that kept no size is tried at
each shape its cells allow: one alone gives an answer, and it hashes); the site's real
tasks decode to the islands a reader of them recorded, and solve uniquely; every decoded
puzzle of the shared data solves to its known answer; the task's faults are exit 65
naming the offset; board JSON round-trips; the drawings show single and double bridges
and fit 80 columns.
"""

from __future__ import annotations

import hashlib
import json
from itertools import product

import pytest
from conftest import FIXTURES, SHARED_DATA, streams, written
from family_game import pairs, task_refused
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.cli import main
from puzzlesat.core import ParseError, Status
from puzzlesat.drawing import Style
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.bridges import Bridges, is_solution
from puzzlesat.render import plain_text
from puzzlesat.solve import solve
from puzzlesat.sources.puzzle_family import BY_NAME, Task

FIXTURE = FIXTURES / "puzzle-bridges.com"
PAGE = FIXTURE / "easy_6x6_6060606.source.html"
GENRE = SHARED_DATA / "genres" / "bridges"


def counts_text(answer) -> str:
    """The site's text: each island's `right,down` in reading order, joined by `;`."""
    return ";".join(f"{v[0]},{v[1]}" for row in answer for v in row if v is not None)


def every_answer(board: Bridges) -> list:
    """Every answer the checker takes: each island's (right, down) counts tried 0-2."""
    islands = board.islands()
    found = []
    for counts in product(range(3), repeat=2 * len(islands)):
        given = dict(zip(islands, zip(counts[::2], counts[1::2])))
        answer = tuple(tuple(given.get((r, c)) for c in range(board.width))
                       for r in range(board.height))
        if is_solution(board, answer):
            found.append(answer)
    return found


def boards_of(pair: dict) -> list[Bridges]:
    """The pair's board; where the save kept no size, one a shape its cells allow (D2: a
    letter that many cells, anything else one)."""
    genre = BY_NAME["bridges"]
    shapes = [(pair["width"], pair["height"])]
    if pair["width"] is None:
        cells = sum(ord(ch) - 96 if ch.islower() else 1 for ch in pair["task"])
        shapes = [(w, cells // w) for w in range(5, cells) if cells % w == 0]
    out = []
    for width, height in shapes:
        try:
            out.append(genre.decode(Task(genre, pair["task"], width, height, "pair",
                                         hashed_solution=pair["hashedSolution"])))
        except ParseError:
            continue
    return out


# --------------------------------------------------------------------------- the rules

islands = st.one_of(st.none(), st.none(), st.integers(1, 4))


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(((3, 3), (2, 3), (1, 4), (4, 2))).flatmap(
    lambda shape: st.lists(st.lists(islands, min_size=shape[1], max_size=shape[1]),
                           min_size=shape[0], max_size=shape[0])))
def test_the_solver_agrees_with_trying_every_way_to_build(rows):
    board = Bridges(tuple(map(tuple, rows)))
    if not board.islands() or len(board.islands()) > 5:
        return
    every = every_answer(board)
    result = solve(board)
    assert result.status is (Status.NONE, Status.UNIQUE, Status.MULTIPLE)[min(len(every), 2)]
    assert all(answer in every for answer in result.solutions)


def test_the_checker_knows_each_rule():
    board = Bridges(((2, None, 2), (None, None, None), (2, None, 2)))
    ring = (((1, 1), None, (0, 1)), (None,) * 3, ((1, 0), None, (0, 0)))
    assert is_solution(board, ring)
    pairs_ = (((2, 0), None, (0, 0)), (None,) * 3, ((2, 0), None, (0, 0)))
    assert not is_solution(board, pairs_)  # two parts
    cross = Bridges(((None, 1, None), (1, None, 1), (None, 1, None)))
    assert not is_solution(cross, ((None, (0, 1), None), ((1, 0), None, (0, 0)),
                                   (None, (0, 0), None)))  # the bridges cross
    assert not is_solution(board, (((1, 1), None, (0, 1)), (None,) * 3,
                                   ((2, 0), None, (0, 0))))  # a count not met
    assert not is_solution(Bridges(((1, 1),)), (((0, 1), (0, 0)),))  # off the board


# --------------------------------------------------------------------------- the site's own


def test_every_site_pair_solves_to_the_pages_own_hash():
    for pair in pairs("bridges"):
        solved = [(board, solve(board)) for board in boards_of(pair)]
        unique = [(board, result) for board, result in solved if result.status is Status.UNIQUE]
        assert len(unique) == 1, pair["ident"]
        board, result = unique[0]
        assert result.site_check == "match", pair["ident"]
        digest = hashlib.md5((pair["task"] + counts_text(result.solutions[0])).encode())
        assert digest.hexdigest() == pair["hashedSolution"], pair["ident"]


def test_the_sites_tasks_decode_to_their_islands_and_solve():
    genre = BY_NAME["bridges"]
    for entry in map(json.loads, (GENRE / "site-tasks.jsonl").read_text().splitlines()):
        board = genre.decode(Task(genre, entry["task"], entry["width"], entry["height"], "t"))
        if "expected_islands" in entry:
            assert [[r, c, board.grid[r][c]] for r, c in board.islands()] == \
                entry["expected_islands"]
        assert solve(board).status is Status.UNIQUE, entry["task"]


def test_every_decoded_puzzle_solves_to_its_known_answer():
    """janko's answers mark each cell a bridge passes: 1/2 across, a/b down."""
    for entry in map(json.loads, (GENRE / "decoded.jsonl").read_text().splitlines()[::2]):
        rows = [line.split() for line in entry["puzzle"].strip().splitlines()[1:]]
        known = [line.split() for line in entry["solution"].strip().splitlines()[1:]]
        board = Bridges(tuple(tuple(None if t == "-" else int(t) for t in row) for row in rows))
        result = solve(board)
        assert result.status is Status.UNIQUE, entry["id"]
        answer = result.solutions[0]
        for r, c in board.islands():
            right, down = answer[r][c]
            if c + 1 < board.width and not board.grid[r][c + 1]:
                assert {"-": 0, "1": 1, "2": 2}.get(known[r][c + 1], 0) == right, entry["id"]
            if r + 1 < board.height and not board.grid[r + 1][c]:
                assert {"-": 0, "a": 1, "b": 2}.get(known[r + 1][c], 0) == down, entry["id"]


def test_the_page_solves_to_its_hash_from_the_file():
    env = streams()
    assert main(["solve", str(PAGE), "--json"], env=env) == 0
    record = json.loads(written(env))
    assert record["status"] == "unique" and record["site_check"] == "match"
    assert record["site_answer"] == json.loads((FIXTURE / "index.json").read_text())[0]["answer"]


@pytest.mark.parametrize("task, offset", [("b1e442j2c14a2gz", 14), ("b1e9", 3), ("b1e4", 4)])
def test_a_faulty_task_is_refused_naming_its_offset(task, offset, tmp_path):
    err = task_refused(PAGE, task, tmp_path)
    assert f"offset {offset}" in err and "Bridges" in err


# --------------------------------------------------------------------------- JSON and looks


def test_board_json_round_trips_and_refuses_what_is_no_island():
    kind = kind_named("bridges")
    board = kind.examples[0].board
    assert kind.from_json(kind.to_json(board), "").grid == board.grid
    for bad in (0, 9, "2", 2.5):
        with pytest.raises(ParseError, match="island"):
            kind.from_json({"grid": [[None, bad], [None, 1]]}, "")


def test_the_drawing_shows_single_and_double_bridges_between_touching_islands():
    board = Bridges(((2, 3, None, None), (None, 1, None, None)))
    result = solve(board)
    text = plain_text(board, result, Style(colour=False))
    assert text.splitlines()[:3] == ["2═3 · ·", "  │", "· 1 · ·"]  # one to the 1 below
    ascii_ = plain_text(board, result, Style(ascii=True, colour=False))
    assert "2=3" in ascii_ and ascii_.isascii()


@pytest.mark.parametrize("style", [Style(colour=False), Style(ascii=True, colour=False)])
def test_the_largest_pair_fits_80_columns(style):
    pair = max(pairs("bridges"), key=lambda p: (p["width"] or 0) * (p["height"] or 0))
    board = boards_of(pair)[0]
    text = plain_text(board, solve(board), style)
    assert max(map(len, text.splitlines())) <= 80


def test_the_picture_draws_double_bridges_as_two_lines():
    board = Bridges(((2, None, 2),))
    picture = kind_named("bridges").svg(board, solve(board).solutions[0])
    assert picture.count('class="bridge"') == 2 and picture.count('class="island"') == 2
