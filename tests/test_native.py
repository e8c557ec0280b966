"""The C twins of line logic and the order encoding (kinds/nonogram/_native.c) against the
Python they replace: the same grid after line logic and the same clauses, clause for clause,
with the same variables; and the Python path still solves where no compiler was found."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.formula import IDPool

from puzzlesat.formats.nin import read_nin
from puzzlesat.formats.taai import read_taai
from puzzlesat.kinds.nonogram import encode
from puzzlesat.kinds.nonogram.board import Nonogram, runs
from puzzlesat.kinds.nonogram.lines import UNKNOWN, propagate
from puzzlesat.solve import solve

DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "nonogram"
native = encode._native


def test_the_extension_is_built():
    """CI installs with a C compiler: a missing extension there is a packaging bug."""
    assert native is not None, "setup.py did not build puzzlesat.kinds.nonogram._native"


def python_encoding(rows, cols):
    """Line logic and the line clauses exactly as the pure-Python path builds them."""
    w, h = len(cols), len(rows)
    forced = propagate(rows, cols)
    known = forced or [[UNKNOWN] * w for _ in range(h)]
    pool = IDPool(start_from=w * h + 1)
    clauses = encode.line_clauses(Nonogram(rows=tuple(rows), cols=tuple(cols)), known, pool)
    return forced, clauses, pool.top


def native_encoding(rows, cols):
    w, h = len(cols), len(rows)
    grid = native.line_logic(rows, cols)
    forced = None
    if grid is not None:
        forced = [[UNKNOWN if v == 2 else v for v in grid[r * w : r * w + w]] for r in range(h)]
    clauses, top = native.order_encoding(rows, cols, grid, w * h + 1)
    return forced, clauses, top


def clues_of(grid):
    rows = tuple(runs(row) for row in grid)
    cols = tuple(runs(col) for col in zip(*grid))
    return rows, cols


pictures = st.integers(1, 8).flatmap(
    lambda w: st.lists(st.lists(st.integers(0, 1), min_size=w, max_size=w), min_size=1, max_size=8)
)


@pytest.mark.skipif(native is None, reason="built without a C compiler")
@settings(max_examples=150, deadline=None)
@given(pictures, st.data())
def test_same_grid_and_clauses_on_random_puzzles(picture, data):
    """Pictures' own clues, and now and then a row clue replaced so that many have no
    answer at all (line logic's contradiction, then every line encoded from scratch)."""
    rows, cols = clues_of(picture)
    if data.draw(st.booleans()):
        width = len(cols)
        r = data.draw(st.integers(0, len(rows) - 1))
        clue = data.draw(st.lists(st.integers(1, width), max_size=3))
        if sum(clue) + len(clue) - 1 <= width:
            rows = (*rows[:r], tuple(clue), *rows[r + 1 :])
    assert native_encoding(rows, cols) == python_encoding(rows, cols)


@pytest.mark.skipif(native is None, reason="built without a C compiler")
def test_same_grid_and_clauses_on_real_puzzles():
    taai = read_taai((DATA / "taai" / "taai2011.question.txt").read_text())[::100]
    survey = [read_nin(p.read_text()) for p in sorted((DATA / "webpbn-survey-nin").glob("*.nin"))]
    for board in [*taai, *survey]:
        assert native_encoding(board.rows, board.cols) == python_encoding(board.rows, board.cols)


@pytest.mark.skipif(native is None, reason="built without a C compiler")
def test_a_block_longer_than_its_line_is_refused():
    with pytest.raises(ValueError, match="block length"):
        native.line_logic(((3,),), ((1,), (1,)))


def test_the_python_path_still_solves(monkeypatch):
    """What an install without a compiler runs: the same verdicts."""
    monkeypatch.setattr(encode, "_native", None)
    chair = Nonogram(rows=((3,), (2,), (1, 1), (2,), (3,), (1, 1)),
                     cols=((1, 1, 2), (1, 2), (6,), (1,)))
    assert solve(chair).status.name == "UNIQUE"
    assert solve(Nonogram(rows=((1,), (1,)), cols=((1,), (1,)))).status.name == "MULTIPLE"
    assert solve(Nonogram(rows=((), (), (2,)), cols=((), (), (2,)))).status.name == "NONE"


@pytest.mark.skipif(native is None, reason="built without a C compiler")
def test_a_clue_longer_than_its_line_is_a_contradiction_as_in_python():
    rows, cols = ((3, 3),), ((1,),) * 4
    assert native.line_logic(rows, cols) is None
    assert native_encoding(rows, cols) == python_encoding(rows, cols)


@pytest.mark.skipif(native is None, reason="built without a C compiler")
def test_a_clue_that_changes_while_it_is_read_is_read_as_it_was():
    clue: list = []

    class Shrinking:
        def __index__(self):
            clue.clear()
            return 1

    clue.extend([Shrinking(), 1, 1])
    assert native.line_logic((clue,), ((1,), (), (1,), (), (1,))) == bytes([1, 0, 1, 0, 1])


@pytest.mark.skipif(native is None, reason="built without a C compiler")
def test_more_variables_than_a_solver_numbers_is_refused():
    with pytest.raises(OverflowError):
        native.order_encoding(((1,),), ((), ()), None, 2**31)
