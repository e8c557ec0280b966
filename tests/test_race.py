"""The solver race: MiniSat alone first, Kissat + CaDiCaL joining when a puzzle stays open."""

from __future__ import annotations

import time

import pytest
from conftest import stalled_search

from puzzlesat import sat
from puzzlesat.core import Status
from puzzlesat.kinds.nonogram import KIND as nonogram
from puzzlesat.kinds.nonogram.board import Nonogram
from puzzlesat.solve import solve

TWO_ANSWERS = Nonogram(rows=((1,), (1,)), cols=((1,), (1,)))
NO_ANSWER = Nonogram(rows=((2,), (2,), (1,), (1, 1)), cols=((2,), (1, 1), (1, 1), (1,)))
UNIQUE = Nonogram(rows=((1, 1), (1,), (1, 1)), cols=((1, 1), (1,), (1, 1)))  # an X


@pytest.mark.parametrize(
    ("board", "count"), [(TWO_ANSWERS, 2), (UNIQUE, 1), (NO_ANSWER, 0)], ids=str
)
def test_the_hard_strategy_finds_what_minisat_finds(board, count):
    encoding = nonogram.encode(board)
    hard, plain = sat.find_two_hard(encoding), sat.find_two(encoding)
    assert len(hard.models) == len(plain.models) == count
    assert set(hard.models) == set(plain.models) or count == 2
    grids = [nonogram.decode(board, m) for m in hard.models]
    assert all(nonogram.is_solution(board, g) for g in grids)


def test_a_puzzle_still_open_after_hard_after_is_won_by_the_hard_racer(monkeypatch):
    """MiniSat is made to stall; the second child, started at HARD_AFTER, answers."""

    def stalled(encoding, progress=None, hold=None):
        return stalled_search(encoding, progress, hold)

    monkeypatch.setattr(sat, "find_two", stalled)  # the forked children inherit it
    monkeypatch.setattr(sat, "HARD_AFTER", 0.2)
    start = time.perf_counter()
    result = solve(TWO_ANSWERS, timeout=10)
    assert time.perf_counter() - start < 5
    assert result.status is Status.MULTIPLE
    assert result.facts["solver"] == "kissat404+cadical195"


def test_a_quick_puzzle_is_answered_by_minisat_alone():
    result = solve(UNIQUE, timeout=10)
    assert result.status is Status.UNIQUE
    assert result.facts["solver"] == "minisat22"


def test_the_timeout_still_holds_with_both_racing(monkeypatch):
    def stalled(encoding, progress=None, hold=None):
        return stalled_search(encoding, progress, hold)

    monkeypatch.setattr(sat, "find_two", stalled)
    monkeypatch.setattr(sat, "find_two_hard", stalled)
    monkeypatch.setattr(sat, "HARD_AFTER", 0.1)
    start = time.perf_counter()
    assert solve(UNIQUE, timeout=0.5).status is Status.UNKNOWN
    assert time.perf_counter() - start < 3  # the timeout held, with slack for a slow machine


def test_an_answer_too_big_for_the_pipe_after_the_deadline_neither_waits_nor_prints(
    monkeypatch, capsys
):
    """MiniSat answers a large board just after the deadline, when nobody reads its pipe
    any more: the deadline still holds, and its thread ends quietly."""

    def late(encoding, progress=None, hold=None):
        time.sleep(0.3)
        return sat.SatOutcome(((True,) * 300_000,) * 2, 0.1, 0.1, 1)

    monkeypatch.setattr(sat, "find_two", late)
    start = time.perf_counter()
    outcome = sat.run_within(lambda _progress: sat.Encoding([[1]], [1]), 0.25, race=False)
    assert outcome.models is None
    assert time.perf_counter() - start < 2
    time.sleep(0.3)
    assert "Traceback" not in capsys.readouterr().err
