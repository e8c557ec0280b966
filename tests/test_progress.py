"""The steps the solve reports through `progress`, in process and from forked children."""

from __future__ import annotations

import multiprocessing as mp
import os
import time

import pytest
from conftest import stalled_search

from puzzlesat import sat
from puzzlesat.core import Status
from puzzlesat.kinds import BY_NAME
from puzzlesat.sat import Racers, Timings
from puzzlesat.solve import solve

# the SAT path's steps: the probing search, which answers first on most puzzles, stays out
pytestmark = pytest.mark.usefixtures("no_probing_search")

NONOGRAMS = {e.name: e for e in BY_NAME["nonogram"].examples}
SHIKAKUS = {e.name: e for e in BY_NAME["shikaku"].examples}
CHAIR = NONOGRAMS["chair"].board  # unique
TWO_WAYS = NONOGRAMS["two ways"].board  # two answers, every cell open to line logic

NONOGRAM_STEPS = ["line logic", "encoding", "SAT: MiniSat", "checking uniqueness"]
CHECKED = ["checking the answer"]


def shikaku_steps(solver: str) -> list[str]:
    """A Shikaku's steps up to the answer check, on the solver its encoding asks for."""
    return ["encoding", f"SAT: {solver}", "checking uniqueness"]


class Steps(list):
    """The progress callback: the steps heard, and the processes they were heard in."""

    def __init__(self):
        super().__init__()
        self.pids = set()

    def __call__(self, step: str) -> None:
        assert isinstance(step, str) and step
        self.pids.add(os.getpid())
        self.append(step)


NO_KISSAT = Racers(timings=Timings(hard_after=60.0))  # the order is the first solver's


@pytest.fixture(params=[False, True], ids=["in process", "isolated"])
def isolate(request):
    return request.param


@pytest.mark.parametrize(
    ("board", "status", "expected"),
    [
        (CHAIR, Status.UNIQUE, NONOGRAM_STEPS + CHECKED),
        (TWO_WAYS, Status.MULTIPLE, NONOGRAM_STEPS + CHECKED),
        (NONOGRAMS["none"].board, Status.NONE, ["line logic", "encoding", "SAT: MiniSat"]),
        # no clue with two candidates: no at-most-one constraint, so plain MiniSat
        (SHIKAKUS["3x2"].board, Status.UNIQUE, shikaku_steps("MiniSat") + CHECKED),
        (SHIKAKUS["2x2 halves"].board, Status.MULTIPLE, shikaku_steps("Glucose") + CHECKED),
        (SHIKAKUS["none"].board, Status.NONE, ["encoding", "SAT: Glucose"]),
    ],
    ids=[
        "nonogram unique",
        "nonogram two",
        "nonogram none",
        "shikaku unique",
        "shikaku two",
        "shikaku none",
    ],
)
def test_the_steps_in_order(board, status, expected, isolate, capfd):
    steps = Steps()
    assert solve(board, isolate=isolate, progress=steps, racers=NO_KISSAT).status is status
    assert steps == expected
    assert steps.pids == {os.getpid()}  # heard here, never in a child
    assert capfd.readouterr() == ("", "")  # the solve itself prints nothing, children neither


def test_with_a_timeout_the_steps_come_from_the_child():
    steps = Steps()
    assert solve(CHAIR, timeout=30, progress=steps, racers=NO_KISSAT).status is Status.UNIQUE
    assert steps == NONOGRAM_STEPS + CHECKED
    assert steps.pids == {os.getpid()}


def _stalled(encoding, progress=None, hold=None, **_):
    if progress is not None:
        progress(f"SAT: {sat.display_name(encoding.solver_name)}")
    return stalled_search(encoding, progress, hold)


def test_the_hard_racer_is_reported_when_its_child_starts():
    """MiniSat is made to stall; the racer started at HARD_AFTER answers and says so."""
    racers = Racers(minisat=_stalled, timings=Timings(hard_after=0.3))
    children_at_race = []

    class Watching(Steps):
        def __call__(self, step):
            if step == "racing CaDiCaL":
                children_at_race.append(len(mp.active_children()))
            super().__call__(step)

    steps = Watching()
    result = solve(TWO_WAYS, timeout=10, isolate=True, progress=steps, racers=racers)
    assert result.status is Status.MULTIPLE
    assert result.facts["solver"] == "cadical195"  # from the beliefs of the cells
    assert children_at_race == [1]  # the racer just started; MiniSat runs in this process
    # MiniSat's steps in their order, the race's after it, the check last
    assert [s for s in steps if s in NONOGRAM_STEPS] == ["line logic", "encoding", "SAT: MiniSat"]
    race = [s for s in steps if s not in NONOGRAM_STEPS]
    assert race == ["racing CaDiCaL", "CaDiCaL: checking uniqueness", "checking the answer"]
    assert steps.pids == {os.getpid()}


def test_the_timeout_holds_with_progress_and_both_racing():
    racers = Racers(minisat=_stalled, hard=_stalled, timings=Timings(hard_after=0.1))
    steps = Steps()
    start = time.perf_counter()
    assert solve(CHAIR, timeout=0.6, progress=steps, racers=racers).status is Status.UNKNOWN
    assert time.perf_counter() - start < 3  # the timeout held, with slack for a slow machine
    assert "racing Kissat" in steps
    assert "checking the answer" not in steps


def test_a_chatty_child_does_not_delay_the_deadline():
    """A racer that does nothing but report: the parent still gives up at the deadline,
    having handed every step on."""

    def chatty(encoding, progress=None):
        while True:
            progress("CaDiCaL: checking uniqueness")

    heard = {}

    def count(step):
        heard[step] = heard.get(step, 0) + 1

    racers = Racers(minisat=_stalled, hard=chatty, timings=Timings(hard_after=0.1))
    start = time.perf_counter()
    assert solve(CHAIR, timeout=0.6, progress=count, racers=racers).status is Status.UNKNOWN
    assert time.perf_counter() - start < 3
    assert heard["racing Kissat"] == 1 and heard["CaDiCaL: checking uniqueness"] > 100


@pytest.mark.parametrize("isolated", [False, True], ids=["in process", "isolated"])
def test_without_progress_nothing_is_reported(isolated):
    """progress=None: the search is given no callback, and the answers are those found with
    progress."""
    with_progress = {
        example.name: solve(example.board, isolate=isolated, progress=Steps())
        for example in (*NONOGRAMS.values(), *SHIKAKUS.values())
    }

    def plain(encoding, progress, hold=None, **_):
        assert progress is None
        return sat.find_two(encoding, progress, hold)

    for example in (*NONOGRAMS.values(), *SHIKAKUS.values()):
        result = solve(example.board, isolate=isolated, racers=Racers(minisat=plain))
        assert result.status is example.status
        assert result.solutions == with_progress[example.name].solutions


def test_solver_display_names():
    assert [sat.display_name(n) for n in ("minisat22", "gluecard4", "kissat404", "cadical195")] == [
        "MiniSat",
        "Glucose",
        "Kissat",
        "CaDiCaL",
    ]
    assert sat.display_name("lingeling") == "lingeling"


def _clauses_and_more(encoding):
    """An encoding with its functions named rather than compared (each call makes its own)."""
    named = {"hard_phases": bool(encoding.hard_phases), "refine": bool(encoding.refine)}
    return {**encoding._asdict(), **named}


@pytest.mark.parametrize("kind", BY_NAME.values(), ids=list(BY_NAME))
def test_every_kind_encodes_with_progress_or_without(kind):
    """The Kind contract: encode(board, progress=None), naming "encoding" among its steps."""
    for example in kind.examples:
        steps = Steps()
        with_steps, without = kind.encode(example.board, steps), kind.encode(example.board)
        assert _clauses_and_more(with_steps) == _clauses_and_more(without)
        assert "encoding" in steps and len(steps) <= 3
