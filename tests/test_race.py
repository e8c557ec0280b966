"""The solver race: MiniSat alone first, Kissat + CaDiCaL joining when a puzzle stays open."""

from __future__ import annotations

import threading
import time
from functools import partial
from multiprocessing.connection import wait

import pytest
from conftest import blind_to_what_lands_after_the_first_timeout, stalled_search

from puzzlesat import sat
from puzzlesat.core import Status
from puzzlesat.kinds.nonogram import KIND as nonogram
from puzzlesat.kinds.nonogram.board import Nonogram
from puzzlesat.sat import Racers, Timings
from puzzlesat.sat import models as sat_models
from puzzlesat.sat.race import _partner
from puzzlesat.solve import solve

# These tests are about the solvers' race; the nonogram's own search, which would win most of
# it from the start, has its tests in test_search.py.
pytestmark = pytest.mark.usefixtures("no_probing_search")


TWO_ANSWERS = Nonogram(rows=((1,), (1,)), cols=((1,), (1,)))
NO_ANSWER = Nonogram(rows=((2,), (2,), (1,), (1, 1)), cols=((2,), (1, 1), (1, 1), (1,)))
UNIQUE = Nonogram(rows=((1, 1), (1,), (1, 1)), cols=((1, 1), (1,), (1, 1)))  # an X
GUIDED = "cadical195"  # the hard racer of a black-and-white nonogram: CaDiCaL from its beliefs


def _both_answers_from(
    solver: str, timeout: float, within: float | None = None, racers: Racers | None = None
):
    """solve(TWO_ANSWERS) under `timeout` with `racers`: both answers, from `solver`, in under
    `within` seconds when given; the Result, for what else a test asserts."""
    start = time.perf_counter()
    result = solve(TWO_ANSWERS, timeout=timeout, racers=racers)
    assert within is None or time.perf_counter() - start < within
    assert result.status is Status.MULTIPLE
    assert result.facts["solver"] == solver
    return result


# Boards that line logic leaves open, as the guided CaDiCaL needs (it starts from the phases
# belief propagation gives where line logic stops)
OPEN_UNIQUE = Nonogram(rows=((2,), (3,), (1, 1)), cols=((1,), (2,), (2,), (2,)))
OPEN = [(TWO_ANSWERS, 2), (OPEN_UNIQUE, 1), (NO_ANSWER, 0)]
DECIDED = [(UNIQUE, 1)]  # line logic decides it: no hard phases


@pytest.mark.parametrize(
    ("board", "count", "guided"),
    [(b, n, True) for b, n in OPEN] + [(b, n, False) for b, n in OPEN + DECIDED],
    ids=lambda v: {True: "guided CaDiCaL", False: "Kissat"}.get(v) if isinstance(v, bool) else None,
)
def test_the_hard_strategy_finds_what_minisat_finds(board, count, guided):
    encoding = nonogram.encode(board)
    assert (encoding.hard_phases is None) is (board is UNIQUE)
    if not guided:
        encoding = encoding._replace(hard_phases=None)
    hard, plain = sat.find_two_hard(encoding), sat.find_two(encoding)
    assert len(hard.models) == len(plain.models) == count
    assert set(hard.models) == set(plain.models) or count == 2
    grids = [nonogram.decode(board, m) for m in hard.models]
    assert all(nonogram.is_solution(board, g) for g in grids)


def _stalled(**timings) -> Racers:
    """Racers whose MiniSats stall (the hard racer is the real one), with these timings."""
    return Racers(minisat=stalled_search, timings=Timings(**timings))


def test_a_puzzle_still_open_after_hard_after_is_won_by_the_hard_racer():
    """MiniSat is made to stall; the second child, started at HARD_AFTER, answers."""
    _both_answers_from(GUIDED, timeout=10, within=5, racers=_stalled(hard_after=0.2))


def test_the_guided_racer_joins_at_guided_after_and_kissat_at_hard_after():
    """MiniSat stalls. An encoding with hard phases gets its racer at GUIDED_AFTER; one
    without (here the same clauses, its phases taken away) waits for HARD_AFTER."""
    racers = _stalled(hard_after=30.0, guided_after=0.1)
    guided = nonogram.encode(TWO_ANSWERS)
    outcome = sat.run_within(lambda progress: guided, 10, racers=racers)
    assert len(outcome.models) == 2 and outcome.facts["solver"] == GUIDED
    unguided = guided._replace(hard_phases=None)
    assert sat.run_within(lambda progress: unguided, 1.0, racers=racers).models is None


def test_without_a_spare_core_the_guided_racer_waits_for_hard_after():
    """A batch with a worker per core: its puzzles fork no racer at GUIDED_AFTER, which
    would take another worker's core, only at HARD_AFTER as before."""
    racers = _stalled(hard_after=60.0, guided_after=0.05)
    result = solve(TWO_ANSWERS, timeout=0.5, spare_core=False, racers=racers)
    assert result.status is Status.UNKNOWN
    _both_answers_from(GUIDED, timeout=10, within=5, racers=racers)


def test_when_a_core_comes_free_the_race_is_planned_again():
    """A batch's last puzzle: no core was spare at its start, one comes free while it is
    open, and the guided racer joins then instead of at HARD_AFTER."""
    racers = _stalled(hard_after=60.0, guided_after=0.05)
    freed_at = time.perf_counter() + 0.3
    outcome = sat.run_within(
        partial(nonogram.encode, TWO_ANSWERS),
        10,
        partner=False,
        racers=racers,
        spare=lambda: time.perf_counter() >= freed_at,
    )
    assert len(outcome.models) == 2 and outcome.facts["solver"] == GUIDED
    assert time.perf_counter() >= freed_at


def test_a_quick_puzzle_is_answered_by_minisat_alone():
    result = solve(UNIQUE, timeout=10)
    assert result.status is Status.UNIQUE
    assert result.facts["solver"] == "minisat22"


def test_the_timeout_still_holds_with_both_racing():
    racers = Racers(minisat=stalled_search, hard=stalled_search, timings=Timings(hard_after=0.1))
    start = time.perf_counter()
    assert solve(UNIQUE, timeout=0.5, racers=racers).status is Status.UNKNOWN
    assert time.perf_counter() - start < 3  # the timeout held, with slack for a slow machine


def test_an_answer_too_big_for_the_pipe_after_the_deadline_neither_waits_nor_prints(capsys):
    """MiniSat answers a large board just after the deadline, when nobody reads its pipe
    any more: the deadline still holds, and its thread ends quietly."""

    def late(encoding, progress=None, hold=None, **_):
        time.sleep(0.3)
        return sat.SatOutcome(((True,) * 300_000,) * 2, 0.1, 0.1, 1)

    start = time.perf_counter()
    encoding = sat.Encoding([[1]], [1])
    outcome = sat.run_within(lambda _: encoding, 0.25, race=False, racers=Racers(minisat=late))
    assert outcome.models is None
    assert time.perf_counter() - start < 2
    time.sleep(0.3)
    assert "Traceback" not in capsys.readouterr().err


def _only_the_partner_answers(**timings) -> tuple[Racers, list]:
    """Racers whose MiniSat is find_two as it is for the racing MiniSat (an encoding with
    phases of its own), and stalled for the first, with these timings (no hard racer unless
    they say); and the names of the threads that searched, as they come."""
    searched = []

    def search(encoding, progress=None, hold=None, **_):
        searched.append(threading.current_thread().name)
        if encoding.phases:
            return sat.find_two(encoding, progress, hold)
        return stalled_search(encoding, progress, hold)

    timings = {"hard_after": 60.0, "guided_after": 60.0, **timings}
    return Racers(minisat=search, timings=Timings(**timings)), searched


def _minisat_threads_left(within: float = 2.0) -> list:
    """The MiniSat threads still alive after `within` seconds: stopped once the race is
    decided, they are not waited for, and end on their own."""
    end = time.monotonic() + within
    while True:
        left = [t for t in threading.enumerate() if t.name == "puzzlesat-sat"]
        if not left or time.monotonic() > end:
            return left
        time.sleep(0.01)


def test_a_puzzle_open_after_partner_after_gets_a_second_minisat_that_can_win():
    racers, searched = _only_the_partner_answers(partner_after=0.05)
    result = _both_answers_from("minisat22 (second start)", 30, within=10, racers=racers)
    assert result.timings["solve"] >= 0.05  # its wait counts: timings add up to the wall
    assert len(searched) == 2
    assert not _minisat_threads_left()


def test_no_partner_where_two_encodings_would_not_fit():
    racers, searched = _only_the_partner_answers(partner_after=0.0)
    encode = partial(nonogram.encode, TWO_ANSWERS)
    outcome = sat.run_within(encode, 0.5, race=False, racers=racers)
    assert outcome.models is None
    assert len(searched) == 1


def test_the_partner_makes_way_for_the_hard_racer():
    """Both MiniSats stall; at HARD_AFTER the partner is stopped (its thread ended) before
    the hard racer's child starts (its launch is reported just after the fork), and the
    child answers."""
    threads_at_launch = []

    def progress(step: str) -> None:
        if step.startswith("racing"):
            threads_at_launch.append([t.name for t in threading.enumerate()])

    racers = _stalled(partner_after=0.0, hard_after=0.3)
    encode = partial(nonogram.encode, TWO_ANSWERS)
    outcome = sat.run_within(encode, 10, progress=progress, racers=racers)
    assert len(outcome.models) == 2 and outcome.facts["solver"] == GUIDED
    assert threads_at_launch and threads_at_launch[0].count("puzzlesat-sat") == 1


def test_an_answer_the_partner_sent_just_before_hard_after_is_not_thrown_away():
    """The partner answers while this thread is between the wait that ended at HARD_AFTER
    and the racer's launch, which stops the partner: its answer in the pipe still wins."""
    racers, searched = _only_the_partner_answers(partner_after=0.0, hard_after=0.5)
    first_stalls = racers.minisat
    timed_out = threading.Event()  # the wait that ends at HARD_AFTER has seen nothing

    def answer_once_the_wait_timed_out(encoding, progress=None, hold=None, **_):
        if encoding.phases:  # the partner
            timed_out.wait(10)
        return first_stalls(encoding, progress, hold)

    racers = racers._replace(
        minisat=answer_once_the_wait_timed_out,
        hard=stalled_search,
        wait=blind_to_what_lands_after_the_first_timeout(wait, timed_out),
    )
    _both_answers_from("minisat22 (second start)", timeout=5, racers=racers)
    assert len(searched) == 2


def test_the_partner_starts_each_block_as_late_as_it_can():
    """The partner's phases are the block-start variables, true: a different search."""
    encoding = nonogram.encode(TWO_ANSWERS)
    cells = set(encoding.decision_vars)
    variables = {abs(lit) for clause in encoding.clauses for lit in clause}
    assert set(encoding.partner_phases) == variables - cells
    assert all(lit > 0 for lit in encoding.partner_phases)
    partner = _partner(encoding)
    assert partner.phases == encoding.partner_phases and partner.partner_phases is None
    assert set(sat.find_two(partner).models) == set(sat.find_two(encoding).models)


def test_no_partner_when_no_core_is_spare():
    """A batch with a worker per core says so: its puzzles get no second MiniSat."""
    racers, searched = _only_the_partner_answers(partner_after=0.0)
    result = solve(TWO_ANSWERS, timeout=0.5, spare_core=False, racers=racers)
    assert result.status is Status.UNKNOWN
    assert len(searched) == 1


def test_a_puzzle_line_logic_solves_gets_no_partner():
    """No block left open: a second MiniSat would search exactly as the first."""
    assert nonogram.encode(UNIQUE).partner_phases is None


def test_an_encoding_slower_than_hard_after_goes_to_the_racer_and_no_partner():
    """HARD_AFTER counts from the start of the encoding: when that alone took longer, the
    racer starts at once, and no second MiniSat joins later (three solvers, three copies)."""

    def slow_encode(progress):
        time.sleep(0.3)
        return nonogram.encode(TWO_ANSWERS)

    def slow_hard(encoding, progress=None):  # in the child: time for a partner to start
        time.sleep(0.3)
        return sat.find_two_hard(encoding, progress)

    racers, searched = _only_the_partner_answers(partner_after=0.05, hard_after=0.1)
    outcome = sat.run_within(slow_encode, 10, racers=racers._replace(hard=slow_hard))
    assert len(outcome.models) == 2 and outcome.facts["solver"] == GUIDED
    assert searched == ["puzzlesat-sat"]


def test_no_partner_for_an_encoding_too_big_to_build_in_a_moment():
    """Building cannot be interrupted: a big encoding gets no second MiniSat, whose build
    would hold up the deadline."""
    racers, searched = _only_the_partner_answers(partner_after=0.0, partner_max_clauses=3)
    assert solve(TWO_ANSWERS, timeout=0.5, racers=racers).status is Status.UNKNOWN
    assert len(searched) == 1


def test_a_solver_still_being_built_does_not_hold_up_the_deadline():
    """Building cannot be interrupted: at the deadline the thread is left to finish its
    build, which it stops at once, and ends on its own."""

    def slow_build(encoding, progress=None, hold=None, **_):
        time.sleep(1.5)  # as a build of millions of clauses would, not hearing interrupts
        return stalled_search(encoding, progress, hold)

    start = time.perf_counter()
    encode = partial(nonogram.encode, TWO_ANSWERS)
    outcome = sat.run_within(encode, 0.3, race=False, racers=Racers(minisat=slow_build))
    assert outcome.models is None
    assert time.perf_counter() - start < 1.0
    deadline = time.monotonic() + 10  # its build ends 1.5 s in; a loaded machine runs it late
    while time.monotonic() < deadline and _sat_threads():
        time.sleep(0.05)
    assert not _sat_threads()


def _sat_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "puzzlesat-sat"]


def test_a_build_called_off_between_chunks_returns_none():
    """A solver's build cannot be interrupted, so a MiniSat thread loads its clauses in
    chunks and looks at its stop flag between them: a build another racer has made useless
    ends early instead of holding the GIL from the next puzzle."""
    encoding = nonogram.encode(UNIQUE)
    load = partial(sat_models.load_clauses, chunk=1)
    looks = []

    def stopped_at_the_third_look() -> bool:
        looks.append(None)
        return len(looks) == 3

    assert sat.find_two(encoding, stopped=stopped_at_the_third_look, load=load) is None
    assert len(looks) == 3 < len(encoding.clauses)
    full = sat.find_two(encoding, stopped=lambda: False)
    assert full.models == sat.find_two(encoding).models and len(full.models) == 1
