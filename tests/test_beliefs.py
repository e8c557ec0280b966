"""Belief propagation for the hard racer's phases (`_native.phases`) against a reference
that enumerates every arrangement of every line; and what it is for: CaDiCaL from those
phases decides puzzles that took Kissat minutes."""

from __future__ import annotations

from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.core import Status
from puzzlesat.formats.nin import read_nin
from puzzlesat.kinds.nonogram import encode
from puzzlesat.kinds.nonogram.board import Nonogram, runs
from puzzlesat.solve import solve

native = encode._native
pytestmark = pytest.mark.skipif(native is None, reason="built without a C compiler")
SURVEY = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "nonogram"
SURVEY = SURVEY / "webpbn-survey-nin"
FLOOR, TIE = 1e-6, 1e-9


def clamp(value: float, floor: float) -> float:
    return min(max(value, floor), 1 - floor)


def arrangements(clue, cells):
    """Every filling of the line that has the clue's runs and agrees with its known cells
    (0, 1; 2 open), with where each block starts."""
    out = []
    for filling in product((0, 1), repeat=len(cells)):
        if runs(filling) != tuple(clue) or any(k != 2 and k != v for k, v in zip(cells, filling)):
            continue
        starts = [i for i, v in enumerate(filling) if v and (i == 0 or not filling[i - 1])]
        out.append((filling, starts))
    return out


def weighed(clue, cells, weights):
    """Per cell its chance to be filled, and per block and cell its chance to start there,
    each arrangement weighed by its cells' weights; None when no arrangement fits."""
    fits = arrangements(clue, cells)
    chances = []
    for filling, _ in fits:
        chance = 1.0
        for v, w in zip(filling, weights):
            chance *= w if v else 1 - w
        chances.append(chance)
    total = sum(chances)
    if not fits or total <= 0:
        return None
    filled = [sum(c for (f, _), c in zip(fits, chances) if f[i]) / total for i in range(len(cells))]
    starts = [[0.0] * len(cells) for _ in clue]
    for (_, at), c in zip(fits, chances):
        for j, i in enumerate(at):
            starts[j][i] += c / total
    return filled, starts


def lines_of(rows, cols):
    """Each line as (clue, its cells' indices, row-major), rows first."""
    w, h = len(cols), len(rows)
    lines = [(clue, [r * w + c for c in range(w)]) for r, clue in enumerate(rows)]
    return lines + [(clue, [r * w + c for r in range(h)]) for c, clue in enumerate(cols)]


def reference(rows, cols, known, first_var, rounds):
    """Belief propagation as documented in _native.c, by enumeration: the phases (as a
    dict variable -> (value, its chance)) and the cells' beliefs."""
    h = len(rows)
    cells = len(rows) * len(cols)
    by = [[0.5] * cells, [0.5] * cells]  # by row, by column
    lines = lines_of(rows, cols)
    for _ in range(rounds):
        for index, (clue, at) in enumerate(lines):
            told, heard = (by[0], by[1]) if index < h else (by[1], by[0])
            weights = [heard[i] for i in at]
            result = weighed(clue, [known[i] for i in at], weights)
            if result is None:
                continue
            for i, after, before in zip(at, result[0], weights):
                after = clamp(after, TIE)
                yes, no = after * (1 - before), (1 - after) * before
                told[i] = 0.5 * told[i] + 0.5 * clamp(yes / (yes + no), FLOOR)
    beliefs = []
    for i in range(cells):
        yes, no = by[0][i] * by[1][i], (1 - by[0][i]) * (1 - by[1][i])
        beliefs.append(float(known[i]) if known[i] != 2 else yes / (yes + no))
    phases = {i + 1: (b >= 0.5, b) for i, b in enumerate(beliefs)}
    var = first_var
    for index, (clue, at) in enumerate(lines):
        line_known = [known[i] for i in at]
        if 2 not in line_known:
            continue
        fits = arrangements(clue, line_known)
        if not fits:
            continue
        cross = by[1] if index < h else by[0]
        result = weighed(clue, line_known, [cross[i] for i in at])
        for j in range(len(clue)):
            lo = min(s[j] for _, s in fits)
            hi = max(s[j] for _, s in fits)
            for q in range(lo + 1, hi + 1):
                later = sum(result[1][j][q:]) if result else 0.5
                if result is not None:
                    phases[var] = (later >= 0.5, later)
                var += 1
    return phases, beliefs, var - 1


pictures = st.integers(1, 6).flatmap(
    lambda w: st.lists(st.lists(st.integers(0, 1), min_size=w, max_size=w), min_size=1, max_size=6)
)


@settings(max_examples=150, deadline=None)
@given(pictures, st.sampled_from([0, 1, 2, 5, 20]), st.booleans())
def test_the_phases_are_those_of_belief_propagation(picture, rounds, after_line_logic):
    rows = tuple(runs(row) for row in picture)
    cols = tuple(runs(col) for col in zip(*picture))
    w, h = len(cols), len(rows)
    grid = native.line_logic(rows, cols) if after_line_logic else None
    known = list(grid) if grid is not None else [2] * (w * h)
    phases, beliefs = native.phases(rows, cols, grid, w * h + 1, rounds)
    expected, expected_beliefs, last_var = reference(rows, cols, known, w * h + 1, rounds)
    assert beliefs == pytest.approx(expected_beliefs, abs=1e-9)
    # the same variables as the encoding numbers, each once
    _, top = native.order_encoding(rows, cols, grid, w * h + 1)
    assert top == last_var
    assert sorted(abs(lit) for lit in phases) == sorted(expected)
    for lit in phases:
        value, chance = expected[abs(lit)]
        if abs(chance - 0.5) > 1e-9:  # a tie may round either way
            assert (lit > 0) == value, (abs(lit), chance)


def test_a_line_with_no_arrangement_says_nothing():
    """A row no filling fits: it tells its cells nothing, and its starts get no phase; the
    columns still weigh theirs."""
    rows, cols = ((1, 1), (1,)), ((1,), (2,))  # (1, 1) needs three cells of two
    phases, beliefs = native.phases(rows, cols, None, 5, 3)
    expected, expected_beliefs, _ = reference(rows, cols, [2] * 4, 5, 3)
    assert beliefs == pytest.approx(expected_beliefs, abs=1e-9)
    assert {abs(lit) for lit in phases} == set(expected)


def test_the_phases_of_a_unique_picture_are_its_answer():
    """On a small unique picture ten rounds are enough: the phases are its answer, cells
    and block starts alike (they satisfy every clause)."""
    picture = [[1, 0, 1], [1, 1, 0], [0, 1, 1]]
    rows = tuple(runs(row) for row in picture)
    cols = tuple(runs(col) for col in zip(*picture))
    phases, _ = native.phases(rows, cols, None, 10, 10)
    assert [lit > 0 for lit in phases[:9]] == [bool(v) for row in picture for v in row]
    model = set(phases)
    clauses, _ = native.order_encoding(rows, cols, None, 10)
    assert all(any(lit in model for lit in clause) for clause in clauses)


@pytest.mark.skipif(not SURVEY.exists(), reason="../shared/data is not there")
@pytest.mark.parametrize("name", ["knotty"])
def test_the_hardest_survey_puzzle_is_decided_in_a_time_limit_it_used_to_miss(name):
    """Knotty took Kissat one to two minutes; CaDiCaL from the beliefs decides it in
    about a second (benchmarks/README.md). 30 s leaves room for a slow machine."""
    board = read_nin((SURVEY / f"{name}.nin").read_text())
    result = solve(board, timeout=30)
    assert result.status is Status.MULTIPLE
    assert result.facts["solver"] == "cadical195"



def test_no_phases_where_the_tables_would_be_too_big(monkeypatch):
    """Belief propagation's tables grow with blocks x cells of the longest line: past the
    bound the hard racer goes without (Kissat), and within it gets them."""
    board = Nonogram(rows=((1,), (1,)), cols=((1,), (1,)))  # two answers, nothing forced
    assert encode.encode(board).hard_phases is not None
    monkeypatch.setattr(encode, "BELIEF_MAX_TABLE", 7)  # (1 + 1) x (2 + 2) = 8 entries
    assert encode.encode(board).hard_phases is None


def test_long_lines_still_weigh_their_arrangements():
    """Lines of 1500 cells, where products of that many weights can underflow even a long
    double once the messages near certainty (a line would then say nothing and its starts
    get no phase): every start variable gets its phase, every belief is a probability."""
    picture = [[1, 0, 0, 1, 0] * 300, [0, 1, 0, 1, 1] * 300]
    rows = tuple(runs(row) for row in picture)
    cols = tuple(runs(col) for col in zip(*picture))
    width = len(picture[0])
    phases, beliefs = native.phases(rows, cols, None, 2 * width + 1, 5)
    _, top = native.order_encoding(rows, cols, None, 2 * width + 1)
    assert sorted(abs(lit) for lit in phases) == list(range(1, top + 1))
    assert all(0 <= b <= 1 for b in beliefs)
