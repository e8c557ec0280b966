"""Where the hint's answers come from once MiniSat's budget runs out: the kind's own search
races CaDiCaL, which runs in a forked child (hints._answers, _raced). The first to decide
answers, the other is stopped, a racer that dies leaves the other to answer, and a run
whose time is up stops both."""

from __future__ import annotations

import errno
import multiprocessing
import os
import time

import pytest

from puzzlesat import hints
from puzzlesat.kinds import kind_of
from puzzlesat.kinds.nonogram.board import Nonogram
from puzzlesat.sat import SatOutcome

# two answers: the diagonal and the other diagonal
BOARD = Nonogram(rows=((1,), (1,)), cols=((1,), (1,)))
SEARCHED = ((True, False, False, True), (False, True, True, False))
CHILD = ((False, True, True, False),)  # what the stand-in CaDiCaL "finds": unique


@pytest.fixture
def past_minisat(monkeypatch):
    """MiniSat's budget runs out at once, on any board."""
    monkeypatch.setattr("puzzlesat.sat.find_two", lambda *args, **kwargs: None)


def search_answering(after: float):
    def search(stop: bytearray) -> SatOutcome | None:
        end = time.perf_counter() + after
        while time.perf_counter() < end:
            if stop[0]:
                return None
            time.sleep(0.005)
        stop[1] = 1  # decided, as _search.c says it before its answers are sent
        return SatOutcome(SEARCHED, after, 0.0)

    return search


def child_answering(after: float, dies: bool = False):
    def past_budget(encoding, hold, stopped):
        time.sleep(after)
        if dies:
            os._exit(9)
        return CHILD

    return past_budget


def answers(search, stopped=lambda: False, hold=lambda solver: None) -> tuple[tuple, float]:
    encoding = kind_of(BOARD).encode(BOARD)
    start = time.perf_counter()
    found = hints._answers(search, encoding, hold, stopped)
    return found, time.perf_counter() - start


def no_child_left() -> bool:
    return not multiprocessing.active_children()


def test_the_search_answers_first_and_the_child_is_stopped(past_minisat, monkeypatch):
    monkeypatch.setattr(hints, "_past_budget", child_answering(60))
    found, took = answers(search_answering(0.05))
    assert found == SEARCHED and took < 10
    assert no_child_left()


def test_cadical_in_the_child_answers_where_the_search_takes_long(past_minisat, monkeypatch):
    monkeypatch.setattr(hints, "_past_budget", child_answering(0.05))
    found, took = answers(search_answering(60))
    assert found == CHILD and took < 10
    assert no_child_left()


def test_a_child_that_dies_leaves_the_search_to_answer(past_minisat, monkeypatch):
    monkeypatch.setattr(hints, "_past_budget", child_answering(0.0, dies=True))
    found, _ = answers(search_answering(0.5))
    assert found == SEARCHED


def test_a_search_that_fails_leaves_cadical_to_answer(past_minisat, monkeypatch):
    """The search out of memory, as solve's race takes it: one racer fewer, not an error."""

    def search(stop: bytearray) -> SatOutcome | None:
        raise MemoryError

    monkeypatch.setattr(hints, "_past_budget", child_answering(0.05))
    found, _ = answers(search)
    assert found == CHILD
    assert no_child_left()


def test_where_no_child_can_be_forked_cadical_answers_in_this_thread(past_minisat, monkeypatch):
    """A process limit (fork fails with EAGAIN): the answers come as they do without a
    search, CaDiCaL's in this thread, its solvers handed to `hold` (the deadline's)."""

    def no_fork():
        raise BlockingIOError(errno.EAGAIN, "Resource temporarily unavailable")

    given = []

    def past_budget(encoding, hold, stopped):
        given.append(hold)
        return CHILD

    def hold(solver):
        pass

    monkeypatch.setattr(os, "fork", no_fork)
    monkeypatch.setattr(hints, "_past_budget", past_budget)
    found, took = answers(search_answering(60), hold=hold)
    assert found == CHILD and given == [hold] and took < 10
    assert no_child_left()


def test_time_up_stops_both(past_minisat, monkeypatch):
    monkeypatch.setattr(hints, "_past_budget", child_answering(60))
    start = time.perf_counter()
    with pytest.raises(hints.Interrupted):
        answers(search_answering(60), stopped=lambda: time.perf_counter() > start + 0.2)
    assert time.perf_counter() - start < 10
    assert no_child_left()


def test_the_real_racers_agree_with_the_search_alone(past_minisat):
    """No stand-ins past MiniSat: the search and CaDiCaL in a child, on a board of two
    answers; whichever answers gives both."""
    search = kind_of(BOARD).search_for(BOARD)
    if search is None:
        pytest.skip("the nonogram search was built without a C compiler")
    found, _ = answers(search)
    assert sorted(found) == sorted(SEARCHED)


def test_a_kind_without_a_search_takes_cadicals_answers(past_minisat):
    found, _ = answers(None)
    assert sorted(found) == sorted(SEARCHED)


def test_minisat_gives_its_budget_up_once_the_search_has_decided(monkeypatch):
    """MiniSat's budgeted solve is interrupted when the search decides (a thread watches
    it), and the search's answers are taken without forking CaDiCaL."""
    import threading

    interrupted = threading.Event()

    class Solver:
        def interrupt(self) -> None:
            interrupted.set()

        def conf_budget(self, budget: int) -> None:
            pass

    def long_budget(encoding, hold=None, **kwargs):
        hold(Solver())
        interrupted.wait(60)  # as a solve that runs until interrupted
        hold(None)
        return None

    monkeypatch.setattr("puzzlesat.sat.find_two", long_budget)
    monkeypatch.setattr(hints, "_past_budget", child_answering(60))
    found, took = answers(search_answering(0.05))
    assert interrupted.is_set() and found == SEARCHED and took < 10
    assert no_child_left()
