"""Mosaic of puzzle-minesweeper.com (/mosaic-5x5-easy/): Minesweeper's kind with the
number's own cell counted, read by Minesweeper's game and told apart by the page's ident,
plugin or address.

The solver agrees with trying every shading on small boards; the decoded puzzles of the
shared data solve to their known answers and every real pair of the site to the page's own
hash, uniqueness proven; the task's faults are exit 65 naming the offset; board JSON
round-trips; the drawings fit 80 columns.
"""

from __future__ import annotations

import hashlib
import json

import pytest
from conftest import FIXTURES, streams, written
from family_game import agrees_with_brute_force, pairs, solves_every_decoded_puzzle, task_refused
from hypothesis import given, settings
from hypothesis import strategies as st
from shading import marks

from puzzlesat.cli import main
from puzzlesat.core import Status
from puzzlesat.drawing import Style
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.mosaic import KIND, Mosaic
from puzzlesat.render import plain_text
from puzzlesat.solve import solve
from puzzlesat.sources.puzzle_family import BY_NAME, Task

is_solution = KIND.is_solution  # the checker as declared: the shape asked first

FIXTURE = FIXTURES / "puzzle-minesweeper.com"
PAGE = FIXTURE / "easy_5x5_mosaic_1234602.source.html"


def board_of(pair: dict, script: str = "mosaic", source: str = "site pair"):
    """The pair's board as the host's game reads it, its page's script naming `script`."""
    genre = BY_NAME["minesweeper"]
    return genre.decode(Task(genre, pair["task"], pair["width"], pair["height"], source,
                             hashed_solution=pair["hashedSolution"], script_names=(script,)))


# --------------------------------------------------------------------------- the rules


boards = st.integers(1, 4).flatmap(
    lambda w: st.lists(st.lists(st.one_of(st.none(), st.integers(0, 5)), min_size=w,
                                max_size=w), min_size=1, max_size=12 // w)
)


@settings(max_examples=40)
@given(boards)
def test_the_solver_agrees_with_trying_every_shading(rows):
    agrees_with_brute_force(Mosaic(tuple(map(tuple, rows))), is_solution)


def test_the_checker_knows_each_rule():
    board = Mosaic(((None, None, None), (None, 3, None), (None, 0, None)))
    assert is_solution(board, ((1, 1, 1), (0, 0, 0), (0, 0, 0)))
    assert not is_solution(board, ((1, 1, 0), (0, 0, 0), (0, 0, 0)))  # the 3 sees two
    assert not is_solution(board, ((1, 1, 0), (0, 1, 0), (0, 0, 0)))  # the 0 sees the 3
    assert is_solution(Mosaic(((1, None),)), ((1, 0),))  # a number counts its own cell
    assert not is_solution(board, ((1, 1, 1),))  # the wrong shape


def test_a_number_counts_its_block_itself_included():
    board = Mosaic(((None, None, None), (None, 9, None), (None, None, None)))
    assert solve(board).solutions == (((1, 1, 1), (1, 1, 1), (1, 1, 1)),)


def test_every_decoded_puzzle_solves_to_its_known_answer():
    solves_every_decoded_puzzle(
        "mosaic", lambda rows: Mosaic(tuple(tuple(None if v == "-" else int(v) for v in row)
                                            for row in rows)),
        lambda rows: tuple(tuple(int(v == "x") for v in row) for row in rows), every=5)


def test_every_site_pair_solves_to_the_pages_own_hash():
    for pair in pairs("mosaic"):
        result = solve(board_of(pair))
        assert result.status is Status.UNIQUE and result.site_check == "match", pair["ident"]
        text = pair["task"] + marks(result.solutions[0])  # the test's own text, not the kind's
        assert hashlib.md5(text.encode()).hexdigest() == pair["hashedSolution"], pair["ident"]


@pytest.mark.parametrize("script, source", [
    ("mosaic", "saved"),  # the page's plugin or ident
    ("minesweeper", "https://fr.puzzle-minesweeper.com/mosaic-20x20-hard/"),  # its address
])
def test_a_mosaic_is_told_apart_on_its_hosts_game(script, source):
    pair = next(p for p in pairs("mosaic") if p["width"] == 5)
    assert board_of(pair, script, source).kind == "mosaic"
    assert board_of(pair, "minesweeper").kind == "minesweeper"


# --------------------------------------------------------------------------- the page


@pytest.mark.parametrize("plugin", ["mosaic", "minesweeper"])
def test_the_fixture_page_solves_to_its_hash_whichever_script_it_runs(tmp_path, plugin):
    """Whether the page runs Mosaic's script or Minesweeper's, its ident says `mosaic`."""
    entry = next(e for e in json.loads((FIXTURE / "index.json").read_text(encoding="utf-8"))
                 if PAGE.name.startswith(e["name"]))
    path = tmp_path / "page.html"
    path.write_text(PAGE.read_text(encoding="utf-8").replace(
        "$('#game').mosaic(", f"$('#game').{plugin}("), encoding="utf-8")
    env = streams()
    assert main(["solve", str(path), "--json"], env=env) == 0
    out = json.loads(written(env))
    assert (out["kind"], out["status"], out["site_check"]) == ("mosaic", "unique", "match")
    assert marks(out["solution"]) == entry["answer"]


@pytest.mark.parametrize("task, says", [
    ("343a1d2a74a2c3b11", "ends at offset 17 after 23 cells; a 5x5 board has 25 cells"),
    ("343a1d2a74a2c3b11b9", "runs past the last cell at offset 18; a 5x5 board has 25 cells"),
    ("343a1d2a7X4a2c3b11b", "holds 'X' at offset 9, which is not part of its grammar"),
])
def test_a_task_of_the_wrong_length_or_an_unknown_character_is_exit_65(tmp_path, task, says):
    err = task_refused(PAGE, task, tmp_path)
    assert says in err and "Mosaic" in err


def test_board_json_round_trips(tmp_path):
    env = streams()
    assert main(["parse", str(PAGE)], env=env) == 0
    path = tmp_path / "board.json"
    path.write_text(written(env), encoding="utf-8")
    record = json.loads(written(env))
    assert record["kind"] == "mosaic" and record["puzzle"]["grid"][2][1] == 7
    again = streams()
    assert main(["solve", str(path), "--json"], env=again) == 0
    assert json.loads(written(again))["site_check"] == "match"


# --------------------------------------------------------------------------- the looks


def test_the_drawings_fit_80_columns_and_show_every_cell():
    board = board_of(next(p for p in pairs("mosaic") if p["ident"] == "mosaic.21"))
    result = solve(board)
    for style in (Style(width=80, colour=False), Style(width=80, colour=False, ascii=True),
                  Style(width=80, compact=True, colour=False)):
        text = plain_text(board, result, style)
        assert all(len(line) <= 80 for line in text.splitlines())
        assert len(text.splitlines()) >= 20
        assert style.ascii is False or text.isascii()


def test_shaded_cells_and_numbers_drawn_and_pictured():
    board = kind_named("mosaic").examples[0].board
    result = solve(board)
    compact = plain_text(board, result, Style(compact=True, colour=False)).splitlines()
    assert compact[1:4] == ["███", " 3", " 0"]
    svg = kind_named("mosaic").svg(board, result.solutions[0])
    assert svg.count('class="shaded"') == 3 and ">3<" in svg
