"""benchmarks/bench_genres.py's helpers against puzzlekit: a shared fixture of LITS and of
Heyawake converts to the text puzzlekit reads (its region grid, its numbers where they stand)
and our answer to the grid its verifier takes; where puzzlekit is importable, its parser
reads that text, its solve in the bench's child process agrees with ours, and a solve past
the limit is killed and said (never waited for). Without puzzlekit those parts are skipped.
"""

from __future__ import annotations

import pytest
from conftest import FIXTURES
from test_site_answer import bench  # the benchmark loaded by its path, once

from puzzlesat.core import Page
from puzzlesat.kinds import kind_of
from puzzlesat.load import read_page
from puzzlesat.solve import solve

LITS = FIXTURES / "puzzle-lits.com" / "normal_6x6_7770001.board.json"
HEYAWAKE = FIXTURES / "puzzle-heyawake.com" / "normal_5x5_2220001.board.json"


def _game(folder: str):
    return next(game for game in bench.GAMES if game.folder == folder)


def _job(folder: str, path) -> tuple[str, str, list]:
    """puzzlekit's name, text and expected grid for a fixture, our proven answer the known one."""
    board = read_page(Page(str(path), path.read_text(encoding="utf-8")))
    answer = kind_of(board).answer_json(solve(board).solutions[0])
    return bench._pk_job(_game(folder), bench.Puzzle(path.name, board, None, True), answer)


def test_lits_converts_to_puzzlekits_region_text_and_letters():
    name, text, expected = _job("lits", LITS)
    assert name == "lits"
    assert text.splitlines()[:3] == ["6 6", "5 5 5 3 3 3", "5 5 5 4 4 3"]
    assert len(text.splitlines()) == 1 + 6  # the regions alone: puzzlekit's grid is all `-`
    assert expected[0] == ["T", "T", "T", "-", "-", "I"]  # region 5 a T, region 3 an I
    assert expected[5] == ["L", "L", "L", "T", "T", "T"]  # region 6 an L, region 1 a T
    assert {v for row in expected for v in row} <= {"L", "I", "T", "S", "-"}


def test_heyawake_converts_to_puzzlekits_numbers_then_rooms():
    name, text, expected = _job("heyawake", HEYAWAKE)
    lines = text.splitlines()
    assert (name, lines[0], len(lines)) == ("heyawake", "5 5", 1 + 2 * 5)
    assert lines[1] == "1 - - 0 1" and lines[3] == "1 - - 1 0"
    assert lines[6] == "1 1 1 2 3" and lines[10] == "9 10 11 6 12"
    assert {v for row in expected for v in row} <= {"x", "-"}


def _puzzlekit():
    api = bench.puzzlekit_api()
    if api is None:
        pytest.skip("puzzlekit is not importable (pip install --target /tmp/pk puzzlekit)")
    return api


@pytest.mark.parametrize(("folder", "path"), [("lits", LITS), ("heyawake", HEYAWAKE)])
def test_puzzlekit_reads_the_text_and_agrees_in_its_child(folder, path):
    api = _puzzlekit()
    name, text, expected = _job(folder, path)
    parsed = api[1](name)(text)
    assert (parsed["num_rows"], parsed["num_cols"]) == (len(expected), len(expected[0]))
    child = bench.PuzzlekitChild(60.0)
    try:
        seconds, wrong = child.solve(name, text, expected)
    finally:
        child.close()
    assert wrong == "" and seconds is not None


def test_a_puzzlekit_solve_past_the_limit_is_killed():
    _puzzlekit()
    child = bench.PuzzlekitChild(0.0)  # no answer can be waiting when the poll looks
    try:
        assert child.solve(*_job("heyawake", HEYAWAKE)) == (None, "")
        assert child.process is None  # killed; the next job starts a fresh child
    finally:
        child.close()
