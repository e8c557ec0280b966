"""The probing search (kinds/nonogram/_search.c) that races MiniSat: its verdicts and answers
against brute force and against MiniSat, its stop flag, where it applies, and its place in
the race (from the start, until the second MiniSat takes its core)."""

from __future__ import annotations

import functools
import threading
import time
from functools import partial
from pathlib import Path

import pytest
from conftest import (
    fitting_grids,
    stalled_search,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat import sat
from puzzlesat.core import InvalidPuzzle, Status, TooLarge
from puzzlesat.formats.nin import read_nin
from puzzlesat.formats.taai import read_taai
from puzzlesat.kinds.nonogram import KIND as nonogram
from puzzlesat.kinds.nonogram import search
from puzzlesat.kinds.nonogram.board import Nonogram, runs
from puzzlesat.sat import Racers, Timings
from puzzlesat.sat.models import load_clauses
from puzzlesat.sat.racers import InThread
from puzzlesat.solve import solve

DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "nonogram"
built = pytest.mark.skipif(search._search is None, reason="built without a C compiler")


def test_the_extension_is_built():
    """CI installs with a C compiler: a missing extension there is a packaging bug."""
    assert search._search is not None, "setup.py did not build puzzlesat.kinds.nonogram._search"


def clues_of(grid) -> Nonogram:
    return Nonogram(rows=tuple(runs(r) for r in grid), cols=tuple(runs(c) for c in zip(*grid)))


def brute_force(board: Nonogram) -> list[tuple[tuple[int, ...], ...]]:
    """Every answer, by asking the checker of every grid whose rows or columns fit."""
    grids = fitting_grids(board.rows, board.cols)
    return sorted(grid for grid in grids if nonogram.is_solution(board, grid))


def searched(board: Nonogram, stop: bytearray | None = None):
    """The search's outcome as grids: None when stopped, else its answers."""
    outcome = search.search_for(board)(stop if stop is not None else bytearray(1))
    if outcome is None:
        return None
    return [nonogram.decode(board, model) for model in outcome.models]


small_pictures = st.integers(1, 5).flatmap(
    lambda w: st.lists(st.lists(st.integers(0, 1), min_size=w, max_size=w), min_size=1, max_size=4)
)


@st.composite
def small_boards(draw) -> Nonogram:
    """A small picture's own clues, and now and then a row clue replaced (many then have no
    answer, some several)."""
    board = clues_of(draw(small_pictures))
    if draw(st.booleans()):
        r = draw(st.integers(0, board.height - 1))
        clue = tuple(draw(st.lists(st.integers(1, board.width), max_size=3)))
        board = Nonogram(rows=(*board.rows[:r], clue, *board.rows[r + 1 :]), cols=board.cols)
    return board


def assert_brute_force_verdict(board: Nonogram, answers) -> None:
    """As many answers as trying every grid finds (up to two), distinct and real."""
    every = brute_force(board)
    assert len(answers) == min(len(every), 2)
    assert len(set(answers)) == len(answers)
    assert all(answer in every for answer in answers)


@built
@settings(max_examples=150, deadline=None)
@given(small_boards())
def test_the_same_verdict_as_brute_force(board):
    """The search decides as trying every grid does, and its answers are real."""
    answers = searched(board)
    assert answers is not None
    assert_brute_force_verdict(board, answers)


def _sample(name: str) -> list[Nonogram]:
    """Every 200th TAAI 2011 or ICGA 2017 puzzle (each has several answers), or every other
    one of the survey's puzzles that the search takes (each unique) but webpbn 6574, which
    keeps it busy for seconds: the survey row of bench_sets.py solves it, in the race, every
    run."""
    if name != "survey":
        return read_taai((DATA / "taai" / f"{name}.question.txt").read_text())[::200]
    survey = sorted(p for p in (DATA / "webpbn-survey-nin").iterdir() if p.suffix == ".nin")
    names = (p for p in survey if p.name.startswith("webpbn-") and "6574" not in p.name)
    boards = (read_nin(p.read_text()) for p in names)
    return [b for b in boards if search.search_for(b)][::2]


@built
@pytest.mark.parametrize("name, verdict", [("taai2011", 2), ("icga2017", 2), ("survey", 1)])
def test_the_same_verdict_as_minisat_on_tournament_puzzles(name, verdict):
    """The verdict MiniSat gives, with answers that satisfy the clues."""
    boards = _sample(name)
    assert len(boards) >= 5
    for board in boards:
        answers = searched(board)
        models = sat.find_two(nonogram.encode(board)).models
        assert len(answers) == len(models) == verdict, board.title
        assert all(nonogram.is_solution(board, answer) for answer in answers)
        if len(models) == 1:
            assert answers == [nonogram.decode(board, models[0])]


pictures_line_logic_may_solve = st.integers(1, 9).flatmap(
    lambda w: st.lists(st.lists(st.integers(0, 1), min_size=w, max_size=w), min_size=1, max_size=9)
)


@built
@settings(max_examples=150, deadline=None)
@given(st.one_of(small_boards(), pictures_line_logic_may_solve.map(clues_of)))
def test_it_says_whether_line_logic_alone_decides_as_the_encoding_does(board):
    """An answer found before the encoding was built carries the encoding's fact."""
    outcome = search.search_for(board)(bytearray(1))
    assert outcome.facts == {"line_solvable": nonogram.encode(board).facts["line_solvable"]}


@built
def test_a_set_flag_stops_it():
    """Knotty is open after line logic and takes the search long: the flag set from another
    thread ends it at once, with no verdict."""
    board = read_nin((DATA / "webpbn-survey-nin" / "knotty.nin").read_text())
    stop = bytearray(2)
    out = []
    thread = threading.Thread(target=lambda: out.append(searched(board, stop)))
    thread.start()
    time.sleep(0.2)
    stop[0] = 1
    thread.join(2)
    assert not thread.is_alive()
    assert out == [None]
    assert stop[1] == 0  # it had not decided


@built
def test_it_says_it_has_decided_in_the_flags_second_byte():
    """Set before the search takes the GIL back to return: the thread building MiniSat
    looks at it between chunks of clauses."""
    flags = bytearray(2)
    assert searched(_taai(1), flags) is not None
    assert flags[1] == 1


def test_a_minisat_whose_build_is_needless_calls_it_off():
    """Once the search has decided, a MiniSat thread still loading its clauses stops
    between two chunks, without a solver to interrupt, and says it has no answer."""
    holds = []

    def find_two(encoding, progress=None, hold=None, **kwargs):
        return sat.find_two(encoding, progress, lambda solver: holds.append(solver), **kwargs)

    encoding = nonogram.encode(_taai(1))
    here = InThread(encoding, False, needless=lambda: True, find=find_two)
    try:
        assert here.conn.poll(10)
        assert here.conn.recv() == ("skip", None)
    finally:
        here.stop()
    assert holds == []


@built
@pytest.mark.parametrize("first", ["minisat's", "the search's"])
def test_a_search_that_fails_after_it_said_it_had_decided_leaves_the_puzzle_to_minisat(
    monkeypatch, first
):
    """It says it has decided while MiniSat loads its clauses (the build is called off),
    then sends an error instead of an answer: whichever of the two is read first, MiniSat
    is built again, and answers."""
    loading, called_off = threading.Event(), threading.Event()

    def load(solver, clauses, stopped):
        if loading.is_set():
            return load_clauses(solver, clauses, stopped)
        loading.set()
        end = time.monotonic() + 10
        while not stopped() and time.monotonic() < end:
            time.sleep(0.005)
        called_off.set()
        if first == "the search's":
            time.sleep(0.1)
        return False

    def deciding_then_failing(flags: bytearray):
        assert loading.wait(10)
        flags[1] = 1
        assert called_off.wait(10)
        if first == "minisat's":
            time.sleep(0.1)
        raise RuntimeError("a search that fails once it has decided")

    kind = nonogram._replace(search_for=lambda board: deciding_then_failing)
    monkeypatch.setattr("puzzlesat.solve.kind_of", lambda board: kind)
    racers = Racers(
        minisat=partial(sat.find_two, load=load),
        timings=Timings(partner_after=100.0, guided_after=100.0),
    )
    result = solve(_taai(1), timeout=10, racers=racers)
    assert result.facts["solver"] == "minisat22"
    assert result.status is Status.MULTIPLE


@built
def test_a_minisat_build_is_called_off_once_the_search_has_decided(monkeypatch):
    """The search decides while MiniSat loads its clauses, and sends its answer only once
    the build was called off: the build stopped on the search's word alone."""
    board = _taai(1)
    answer = search.search_for(board)(bytearray(2))
    loading, called_off = threading.Event(), []

    def load(solver, clauses, stopped):
        loading.set()
        end = time.monotonic() + 10
        while not stopped() and time.monotonic() < end:
            time.sleep(0.005)
        called_off.append(stopped())
        return False

    def deciding_while_minisat_loads(flags: bytearray):
        assert loading.wait(10)
        flags[1] = 1
        end = time.monotonic() + 10
        while not called_off and time.monotonic() < end:
            time.sleep(0.005)
        return answer

    kind = nonogram._replace(search_for=lambda board: deciding_while_minisat_loads)
    monkeypatch.setattr("puzzlesat.solve.kind_of", lambda board: kind)
    result = solve(board, timeout=10, racers=Racers(minisat=partial(sat.find_two, load=load)))
    assert called_off == [True]
    assert result.facts["solver"] == "probing search"
    assert result.status is Status.MULTIPLE


def test_where_it_does_not_apply():
    wide = Nonogram(rows=((64,),), cols=((1,),) * 64)
    colour = nonogram.examples[3].board
    assert search.search_for(wide) is None
    assert search.search_for(colour) is None


@built
def test_a_line_of_63_cells_is_searched():
    board = Nonogram(rows=((31, 31), (63,)), cols=((2,),) * 31 + ((1,),) + ((2,),) * 31)
    assert board.width == 63 and len(searched(board)) == 1


@functools.cache
def _taai(number: int) -> Nonogram:
    return read_taai((DATA / "taai" / "taai2011.question.txt").read_text())[number - 1]


@built
def test_it_answers_while_minisat_stalls():
    """MiniSat never answers: the search, started with the encoding, does."""
    result = solve(_taai(1), timeout=10, racers=Racers(minisat=stalled_search))
    assert result.status is Status.MULTIPLE
    assert result.facts["solver"] == "probing search"
    assert all(nonogram.is_solution(_taai(1), answer) for answer in result.solutions)


def _stalled_search(monkeypatch, **changes) -> list:
    """The nonogram's search made to wait for its stop flag (and the kind's other `changes`
    made); the list notes its start and its stop."""
    calls = []

    def stalled(stop: bytearray):
        calls.append("started")
        while not stop[0]:
            time.sleep(0.005)
        calls.append("stopped")

    kind = nonogram._replace(search_for=lambda board: stalled, **changes)
    monkeypatch.setattr("puzzlesat.solve.kind_of", lambda board: kind)
    return calls


@built
def test_it_makes_way_for_the_second_minisat(monkeypatch):
    """At PARTNER_AFTER the search is stopped and the second MiniSat takes its core, from
    the partner phases."""
    calls = _stalled_search(monkeypatch)

    def only_the_partner(encoding, progress=None, hold=None, **_):
        if encoding.partner_phases is not None:  # the first MiniSat's
            return stalled_search(encoding, progress, hold)
        assert calls == ["started", "stopped"]  # the search gave up its core first
        return sat.find_two(encoding, progress, hold)

    # no guided CaDiCaL in its place
    timings = Timings(partner_after=0.1, guided_after=60.0)
    result = solve(_taai(1), timeout=10, racers=Racers(minisat=only_the_partner, timings=timings))
    assert result.facts["solver"] == "minisat22 (second start)"
    assert result.status is Status.MULTIPLE
    assert calls == ["started", "stopped"]


def _until_the_search_has_ended() -> None:
    end = time.monotonic() + 10  # until the search's thread has sent its answer and ended
    while time.monotonic() < end and any(
        thread.name == "puzzlesat-search" for thread in threading.enumerate()
    ):
        time.sleep(0.01)


@built
def test_the_encoding_stops_at_its_next_step_once_the_search_has_answered(monkeypatch):
    """Nothing is left for it to do: the answer is the search's, with its own facts."""
    steps = []

    def slow_encode(board, progress=None):
        _until_the_search_has_ended()
        steps.append("line logic")
        progress("line logic")
        steps.append("encoding")
        return nonogram.encode(board, progress)

    monkeypatch.setattr(
        "puzzlesat.solve.kind_of", lambda board: nonogram._replace(encode=slow_encode)
    )
    result = solve(_taai(1), timeout=10)
    assert steps == ["line logic"]
    assert result.facts == {"line_solvable": False, "solver": "probing search"}
    assert result.clauses == 0
    assert result.status is Status.MULTIPLE


@built
def test_a_search_that_fails_leaves_the_puzzle_to_minisat(monkeypatch):
    """Its error, there before the encoding's first step, takes it out of the race; the
    encoding goes on (once: its steps are heard once each) and MiniSat answers."""
    steps, encodings = [], []

    def failing(stop: bytearray):
        raise RuntimeError("a search that fails")

    def encode_once_it_failed(board, progress=None):
        _until_the_search_has_ended()
        encodings.append(board)
        return nonogram.encode(board, progress)

    kind = nonogram._replace(search_for=lambda board: failing, encode=encode_once_it_failed)
    monkeypatch.setattr("puzzlesat.solve.kind_of", lambda board: kind)
    result = solve(_taai(1), timeout=10, progress=steps.append)
    assert result.facts["solver"] == "minisat22"
    assert result.status is Status.MULTIPLE
    assert result.clauses > 0
    assert len(encodings) == 1
    assert steps[:2] == ["line logic", "encoding"]


@pytest.mark.parametrize("failing", ["cost", "validate"])
def test_the_search_starts_before_the_cost_bound_and_stops_when_the_puzzle_is_refused(
    monkeypatch, failing
):
    seen = []

    def refuse(board):
        end = time.monotonic() + 10
        while calls != ["started"] and time.monotonic() < end:
            time.sleep(0.005)
        seen.append(list(calls))
        raise TooLarge("too large") if failing == "cost" else InvalidPuzzle("no such clue")

    calls = _stalled_search(monkeypatch, **{failing: refuse})
    with pytest.raises((TooLarge, InvalidPuzzle)):
        solve(_taai(1), timeout=10)
    assert seen == [["started"]]
    assert calls == ["started", "stopped"]


def test_no_search_without_a_timeout(monkeypatch):
    """run_within races nothing then: starting the search would only cost a thread."""
    calls = _stalled_search(monkeypatch)
    assert solve(_taai(1)).status is Status.MULTIPLE
    assert calls == []


def test_the_search_is_stopped_where_it_may_not_race(monkeypatch):
    """No race where two encodings would not fit in memory: the search, started before
    that was known, is stopped before the encoding, and MiniSat answers alone."""
    calls_at_encoding = []

    def encode(board, progress=None):
        calls_at_encoding.append(list(calls))
        return nonogram.encode(board, progress)

    calls = _stalled_search(monkeypatch, encode=encode)
    monkeypatch.setattr("puzzlesat.solve.memory_allows_race", lambda size: False)
    result = solve(_taai(1), timeout=10)
    assert result.facts["solver"] == "minisat22"
    assert calls_at_encoding == [["started", "stopped"]]


@built
def test_no_minisat_is_built_when_the_search_answered_during_the_encoding(monkeypatch):
    """After the encoding's last step: it is built, but MiniSat is not."""

    def slow_encode(board, progress=None):
        _until_the_search_has_ended()
        return nonogram.encode(board)  # no step: the answer is found after the encoding

    started = []

    def counted(*args, **kwargs):
        started.append(args)
        return sat.find_two(*args, **kwargs)

    kind = nonogram._replace(encode=slow_encode)
    monkeypatch.setattr("puzzlesat.solve.kind_of", lambda board: kind)
    result = solve(_taai(1), timeout=10, racers=Racers(minisat=counted))
    assert result.facts["solver"] == "probing search"
    assert result.status is Status.MULTIPLE
    assert started == []


def test_no_search_when_no_core_is_spare(monkeypatch):
    calls = _stalled_search(monkeypatch)
    assert solve(_taai(1), timeout=10, spare_core=False).status is Status.MULTIPLE
    assert calls == []


def test_the_deadline_stops_it(monkeypatch):
    calls = _stalled_search(monkeypatch)
    timings = Timings(partner_after=100.0, guided_after=100.0)
    racers = Racers(minisat=stalled_search, timings=timings)
    start = time.perf_counter()
    assert solve(_taai(1), timeout=0.3, racers=racers).status is Status.UNKNOWN
    assert time.perf_counter() - start < 3
    end = time.monotonic() + 2  # not waited for at the deadline: it ends on its own
    while calls != ["started", "stopped"] and time.monotonic() < end:
        time.sleep(0.01)
    assert calls == ["started", "stopped"]


