"""Run a CNF on a SAT solver: find a model, block it, look for a second one.

Solvers were chosen by measurement (benchmarks/README.md has the figures): MiniSat 2.2 is the
fastest on the many small puzzles, Kissat the only one that answers the hardest at all. So a
puzzle still open after HARD_AFTER seconds gets Kissat racing MiniSat on the other core.

A solver inside a C call does not see Python signals, and CaDiCaL cannot be interrupted at
all. So a time limit is held in two steps: MiniSat first runs here, in a thread this process
interrupts at HARD_AFTER (or the deadline); only a puzzle still open by then goes on in forked
children killed at the deadline (MiniSat again, and Kissat racing it). Forking a child for
every puzzle cost more than solving most of them (benchmarks/README.md).

The work names its steps as it moves on ("encoding", "SAT: MiniSat", "checking uniqueness")
through an optional `progress(step)` callback, always called in the calling process: a child
sends its steps up its pipe and the parent hands them on. The callback is the caller's own
(the CLI's spinner) and must not raise; nothing here prints.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing as mp
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from multiprocessing.connection import wait

from pysat.solvers import Solver

SOLVER_NAME = "minisat22"
CARD_SOLVER_NAME = "gluecard4"  # Glucose 4 with native at-most-k constraints
HARD_SOLVER_NAMES = ("kissat404", "cadical195")  # the first answer, then one next to it
HARD_AFTER = 1.0  # seconds; nearly every tournament puzzle is done well before
DISPLAY_NAMES = {
    "minisat22": "MiniSat",
    "gluecard4": "Glucose",
    "kissat404": "Kissat",
    "cadical195": "CaDiCaL",
}

Progress = Callable[[str], None]  # called with a short step name; must not raise


def display_name(solver_name: str) -> str:
    """The name people know a pysat solver by: "minisat22" -> "MiniSat"."""
    return DISPLAY_NAMES.get(solver_name, solver_name)


@dataclass
class Encoding:
    """A puzzle as SAT: clauses, native at-most-k constraints (lits, k), and the variables
    whose assignment is the answer (the second solve blocks exactly these)."""

    clauses: list[list[int]]
    decision_vars: list[int]
    atmosts: list[tuple[list[int], int]] = field(default_factory=list)
    facts: dict = field(default_factory=dict)

    @property
    def solver_name(self) -> str:
        return CARD_SOLVER_NAME if self.atmosts else SOLVER_NAME


@dataclass(frozen=True)
class SatOutcome:
    """Models found (0, 1 or 2) projected on `decision_vars`; None when time ran out."""

    models: tuple[tuple[bool, ...], ...] | None
    solve_time: float
    prove_time: float
    variables: int = 0
    encode_time: float = 0.0
    clauses: int = 0
    facts: dict = field(default_factory=dict)


def _answer(model: list[int], decision_vars: list[int]) -> tuple[bool, ...]:
    """A model projected on the decision variables."""
    return tuple(model[v - 1] > 0 for v in decision_vars)


def _blocking(decision_vars: list[int], answer: tuple[bool, ...]) -> list[int]:
    """The clause that rules out exactly this answer."""
    return [-v if on else v for v, on in zip(decision_vars, answer)]


def _solve(solver: Solver, until: float | None) -> bool | None:
    """solver.solve(), or None when it is still running at `until` (a perf_counter time).

    With `until`, the solve runs in a thread (pysat lets go of the GIL for a solve it may be
    asked to interrupt), so that this thread can interrupt it at `until` and still hear
    Ctrl-C and termination signals, which interrupt the solve on their way out."""
    if until is None:
        return solver.solve()
    if time.perf_counter() >= until:
        return None
    done: dict = {}

    def work() -> None:
        try:
            done["sat"] = solver.solve_limited(expect_interrupt=True)
        except BaseException as exc:  # raised again in the calling thread
            done["error"] = exc

    thread = threading.Thread(target=work, name="puzzlesat-sat", daemon=True)
    thread.start()
    try:
        thread.join(max(until - time.perf_counter(), 0.0))
    finally:
        if thread.is_alive():
            solver.interrupt()
            thread.join()
    if "error" in done:
        raise done["error"]
    return done.get("sat")


def find_two(
    encoding: Encoding, progress: Progress | None = None, until: float | None = None
) -> SatOutcome | None:
    """Solve; then block the first assignment of the decision variables and solve again.
    Steps: "SAT: <solver>", then "checking uniqueness" once there is a first answer.
    With `until` (a perf_counter time), None if both are not done by then."""
    if progress is not None:
        progress(f"SAT: {display_name(encoding.solver_name)}")
    models = []
    decision_vars = encoding.decision_vars
    with Solver(name=encoding.solver_name, bootstrap_with=encoding.clauses) as solver:
        for lits, bound in encoding.atmosts:
            solver.add_atmost(lits, bound)
        start = time.perf_counter()
        sat = _solve(solver, until)
        solve_time = time.perf_counter() - start
        prove_time = 0.0
        if sat is None:
            return None
        if sat:
            model = solver.get_model()
            first = _answer(model, decision_vars)
            models.append(first)
            # Search next to the first answer: a second one, when there is one, is
            # usually a small change of it (benchmarks/README.md: what this saves).
            solver.set_phases(model)
            solver.add_clause(_blocking(decision_vars, first))
            if progress is not None:
                progress("checking uniqueness")
            start = time.perf_counter()
            second = _solve(solver, until)
            if second is None:
                return None
            if second:
                model = solver.get_model()
                models.append(_answer(model, decision_vars))
            prove_time = time.perf_counter() - start
        variables = solver.nof_vars()
    return SatOutcome(tuple(models), solve_time, prove_time, variables)


def find_two_hard(encoding: Encoding, progress: Progress | None = None) -> SatOutcome:
    """`find_two` for puzzles MiniSat finds hard: Kissat for the first answer (pysat's Kissat
    is not incremental), then CaDiCaL with that answer blocked and set as its phases, which
    finds a second answer next to it at once when there is one. Its one step is
    "CaDiCaL: checking uniqueness" (its start is the racer's launch, which `run_within`
    reports)."""
    first_name, second_name = HARD_SOLVER_NAMES
    decision_vars = encoding.decision_vars
    with Solver(name=first_name, bootstrap_with=encoding.clauses) as solver:
        start = time.perf_counter()
        sat = solver.solve()
        solve_time = time.perf_counter() - start
        model = solver.get_model() if sat else None
        variables = solver.nof_vars()
    if model is None:
        return SatOutcome((), solve_time, 0.0, variables)
    first = _answer(model, decision_vars)
    models = [first]
    blocked = _blocking(decision_vars, first)
    if progress is not None:
        progress(f"{display_name(second_name)}: checking uniqueness")
    with Solver(name=second_name, bootstrap_with=[*encoding.clauses, blocked]) as solver:
        solver.set_phases(model)
        start = time.perf_counter()
        if solver.solve():
            model = solver.get_model()
            models.append(_answer(model, decision_vars))
        prove_time = time.perf_counter() - start
    return SatOutcome(tuple(models), solve_time, prove_time, variables)


def encode_and_find_two(
    encode: Callable[[Progress | None], Encoding],
    hard: bool = False,
    progress: Progress | None = None,
) -> SatOutcome | None:
    """Build the encoding (`encode(progress)`) and run `find_two` (or `find_two_hard`) on it;
    the outcome carries the encoding's size and which solvers ran. None when `hard` does not
    apply (native at-most-k constraints, which only Gluecard takes). The hard strategy's
    encoding repeats the first one's, so its steps are not reported."""
    start = time.perf_counter()
    encoding = encode(None if hard else progress)
    encode_time = time.perf_counter() - start
    if hard and encoding.atmosts:
        return None
    search = find_two_hard if hard else find_two
    return _described(search(encoding, progress), encoding, encode_time, hard)


def _described(outcome: SatOutcome, encoding: Encoding, encode_time: float, hard: bool):
    """The outcome with the encoding's size and facts, and which solvers ran."""
    solver = "+".join(HARD_SOLVER_NAMES) if hard else encoding.solver_name
    return replace(
        outcome,
        encode_time=encode_time,
        clauses=len(encoding.clauses) + len(encoding.atmosts),
        facts={**encoding.facts, "solver": solver},
    )


PR_SET_PDEATHSIG = 1  # linux/prctl.h
STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM)}


def _die_with_parent(parent: int) -> None:
    """Tie a solver child's life to its parent: the kernel kills it when the parent dies,
    however the parent dies (SIGKILL included), and Ctrl-C to the process group is the
    parent's to answer, not the child's (no stray traceback from it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent died before the line above took effect
        os._exit(1)


@contextlib.contextmanager
def _signals_held():
    """Hold SIGINT, SIGTERM and SIGHUP while a child is forked, so none lands in the child
    before `_die_with_parent` has set it up; the parent gets them as soon as it is done."""
    try:
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    except (AttributeError, OSError, ValueError):
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _child(conn, encode: Callable, hard: bool, parent: int, report: bool) -> None:
    """Sends ("step", name) for each step when `report`, then one of ("ok", outcome),
    ("error", exc) or ("skip", None)."""
    _die_with_parent(parent)
    # SIGINT stays blocked: pysat installs its own SIGINT handler for every solve call,
    # which would turn a Ctrl-C to the process group into a solver error of ours.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS - {signal.SIGINT})

    def step(name: str) -> None:
        conn.send(("step", name))

    try:
        outcome = encode_and_find_two(encode, hard, step if report else None)
        conn.send(("skip", None) if outcome is None else ("ok", outcome))
    except Exception as exc:  # handed to the parent, which raises it there
        conn.send(("error", exc))
    conn.close()


def run_within(
    encode: Callable[[Progress | None], Encoding],
    timeout: float | None,
    isolate: bool = False,
    race: bool = True,
    progress: Progress | None = None,
) -> SatOutcome:
    """`encode_and_find_two`, giving up after `timeout` seconds (encoding included).
    `encode(progress)` builds the encoding, naming its steps to `progress` when not None.

    Without a timeout or `isolate`, MiniSat runs alone in this process to the end. Otherwise
    it first runs here until HARD_AFTER (or the deadline), in a thread this process
    interrupts, which answers Ctrl-C at once; a puzzle still open then goes on in forked
    children, killed at the deadline (`_in_children`). `race=False` keeps the second child
    out (two encodings at once would not fit in memory).

    `progress`, if given, is called here (never in a child) with each step.
    """
    if timeout is None and not isolate:
        outcome = encode_and_find_two(encode, progress=progress)
        assert outcome is not None
        return outcome
    start = time.perf_counter()
    deadline = None if timeout is None else start + max(timeout, 0.0)
    encoding = encode(progress)
    encode_time = time.perf_counter() - start
    until = start + HARD_AFTER if deadline is None else min(start + HARD_AFTER, deadline)
    outcome = find_two(encoding, progress, until=until)
    if outcome is not None:
        return _described(outcome, encoding, encode_time, hard=False)
    if deadline is not None and time.perf_counter() >= deadline:
        return SatOutcome(None, 0.0, 0.0, encode_time=time.perf_counter() - start)
    outcome = _in_children(lambda _progress: encoding, deadline, race, progress)
    if outcome.models is None:
        return replace(outcome, encode_time=time.perf_counter() - start)
    return replace(outcome, encode_time=encode_time)


def _in_children(
    encode: Callable[[Progress | None], Encoding],
    deadline: float | None,
    race: bool,
    progress: Progress | None,
) -> SatOutcome:
    """MiniSat in a forked child and, when `race`, the hard strategy in a second one, both
    started at once; the first answer wins. The children are killed at `deadline`, and on
    the way out of here whatever ends the wait: an answer, the deadline, Ctrl-C or a
    termination signal. They die with this process too (`_die_with_parent`).

    `progress` hears "racing Kissat" when the second starts, and the second's own steps (a
    step message never holds up the deadline); the first child's steps were heard already,
    when MiniSat ran here."""
    ctx = mp.get_context("fork")
    racers: dict = {}  # our end of each child's pipe -> whether it runs the hard strategy
    everyone = []

    def launch(hard: bool) -> None:
        ours, theirs = ctx.Pipe(duplex=False)
        args = (theirs, encode, hard, os.getpid(), hard and progress is not None)
        proc = ctx.Process(target=_child, args=args, daemon=True)
        with _signals_held():
            proc.start()
        theirs.close()
        racers[ours] = hard
        everyone.append((proc, ours))

    try:
        launch(hard=False)
        if race:
            launch(hard=True)
            if progress is not None:
                progress(f"racing {display_name(HARD_SOLVER_NAMES[0])}")
        while racers:
            now = time.perf_counter()
            if deadline is not None and now >= deadline:
                break
            for conn in wait(list(racers), None if deadline is None else deadline - now):
                try:
                    verdict, value = conn.recv()
                except EOFError:  # the child died without answering (e.g. out of memory)
                    del racers[conn]
                    continue
                if verdict == "step":  # the child goes on, and so does the wait (deadline first)
                    if progress is not None:
                        progress(value)
                    continue
                hard = racers.pop(conn)
                if verdict == "ok":
                    return value
                if verdict == "error" and not hard:
                    raise value
        return SatOutcome(None, 0.0, 0.0)
    finally:
        for proc, conn in everyone:
            if proc.is_alive():
                proc.kill()
            proc.join()
            conn.close()
