"""Run a CNF on a SAT solver: find a model, block it, look for a second one.

Solvers were chosen by measurement (benchmarks/README.md has the figures): MiniSat 2.2 is the
fastest on the many small puzzles; on the hardest, CaDiCaL from phases the kind estimates
(`Encoding.hard_phases`) or else Kissat. The
time MiniSat takes to a first answer is heavy-tailed, so an encoding may name other first
phases for a second MiniSat (`Encoding.partner_phases`), which races the first on the other
core once a puzzle is still open after PARTNER_AFTER. A kind may also have a search of its
own that needs no CNF (a nonogram's probing search, in C): it takes the other core from the
start, while this one encodes and runs MiniSat, and makes way for the second MiniSat at
PARTNER_AFTER. A puzzle still open after HARD_AFTER seconds (GUIDED_AFTER where the encoding
has hard phases and a core is spare: then before any second MiniSat) gets the hard strategy
(`find_two_hard`) in place of the second MiniSat (or the search). An error of the second
MiniSat or of the search is not raised: the first's is.

A solver inside a C call does not see Python signals, and CaDiCaL cannot be interrupted at
all. So under a time limit MiniSat runs in a thread of this process, which the calling thread
interrupts at the deadline or on a signal, and the hard strategy runs in a forked child,
killed at the deadline. (A forked child for MiniSat too cost more than solving most puzzles:
benchmarks/README.md.)

The work names its steps as it moves on ("encoding", "SAT: MiniSat", "checking uniqueness")
through an optional `progress(step)` callback, always called in the calling thread: the
MiniSat thread and the racing child send their steps up a pipe, and the caller hands them
on. The callback is the caller's own (the CLI's spinner) and must not raise; nothing here
prints.
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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from multiprocessing.connection import wait

from pysat.solvers import Solver

SOLVER_NAME = "minisat22"
CARD_SOLVER_NAME = "gluecard4"  # Glucose 4 with native at-most-k constraints
HARD_SOLVER_NAMES = ("kissat404", "cadical195")  # the first answer, then one next to it
GUIDED_SOLVER_NAME = "cadical195"  # both answers, from an encoding's hard phases
HARD_AFTER = 1.0  # seconds; nearly every tournament puzzle is done well before
# The hard racer starts this soon where the encoding has hard phases and a core is spare, in
# the place of the search (no second MiniSat then): CaDiCaL from those phases finds first
# answers faster than MiniSat on the puzzles the search has not decided by then
# (benchmarks/README.md).
GUIDED_AFTER = 0.05
MINISAT, PARTNER, HARD, SEARCH = "minisat", "partner", "hard", "search"
PARTNER_AFTER = 0.05  # seconds; a puzzle open this long gets a second MiniSat (Encoding)
# Building a solver cannot be interrupted: past this many clauses (about 0.1 s of building)
# a second MiniSat would hold up a deadline and have little time before HARD_AFTER anyway.
PARTNER_MAX_CLAUSES = 100_000
DISPLAY_NAMES = {
    "minisat22": "MiniSat",
    "gluecard4": "Glucose",
    "kissat404": "Kissat",
    "cadical195": "CaDiCaL",
}
SEARCH_NAME = "probing search"

Progress = Callable[[str], None]  # called with a short step name; must not raise


def display_name(solver_name: str) -> str:
    """The name people know a pysat solver by: "minisat22" -> "MiniSat"."""
    return DISPLAY_NAMES.get(solver_name, solver_name)


@dataclass
class Encoding:
    """A puzzle as SAT: clauses, native at-most-k constraints (lits, k), and the variables
    whose assignment is the answer (the second solve blocks exactly these).

    `phases` are literals the solver tries first. `partner_phases`, when given, start a
    second MiniSat that races the first on the other core from a different place: the
    time to a first answer is heavy-tailed, and two different starts rarely both draw a
    long one (benchmarks/README.md has the figures). `hard_phases()`, when given, are
    phases worth their cost on the hardest puzzles only: it is called once the hard
    strategy starts, which then runs CaDiCaL from them instead of Kissat."""

    clauses: list[list[int]]
    decision_vars: list[int]
    atmosts: list[tuple[list[int], int]] = field(default_factory=list)
    facts: dict = field(default_factory=dict)
    phases: Sequence[int] = ()
    partner_phases: Sequence[int] | None = None
    hard_phases: Callable[[], Sequence[int]] | None = field(
        default=None, compare=False, repr=False
    )

    @property
    def solver_name(self) -> str:
        return CARD_SOLVER_NAME if self.atmosts else SOLVER_NAME

    @property
    def hard_solver_names(self) -> tuple[str, ...]:
        """Who answers when the hard strategy does (`find_two_hard`)."""
        return (GUIDED_SOLVER_NAME,) if self.hard_phases is not None else HARD_SOLVER_NAMES


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


# A kind's own search: search(stop) -> the answers found (0, 1 or 2) once it has decided, or
# None when stopped first; it must return soon after stop[0] is set (it runs in a thread).
# stop has two bytes: one that has decided may set stop[1] at once, before it takes the GIL
# back to return (sat.Searching.decided); one that sets it must then send its answer promptly.
Search = Callable[[bytearray], "SatOutcome | None"]


def _answer(model: list[int], decision_vars: list[int]) -> tuple[bool, ...]:
    """A model projected on the decision variables."""
    return tuple(model[v - 1] > 0 for v in decision_vars)


def _blocking(decision_vars: list[int], answer: tuple[bool, ...]) -> list[int]:
    """The clause that rules out exactly this answer."""
    return [-v if on else v for v, on in zip(decision_vars, answer)]


Interruptible = Callable[["Solver | None"], None]


def find_two(
    encoding: Encoding,
    progress: Progress | None = None,
    hold: Interruptible | None = None,
    stopped: Callable[[], bool] | None = None,
) -> SatOutcome | None:
    """Solve; then block the first assignment of the decision variables and solve again.
    Steps: "SAT: <solver>", then "checking uniqueness" once there is a first answer.

    With `hold`, the search may be interrupted from another thread: `hold(solver)` is called
    when the solver exists and `hold(None)` before it is deleted, and an interrupted search
    returns None. With `stopped`, the build itself is called off (None) once `stopped()` is true."""
    if progress is not None:
        progress(f"SAT: {display_name(encoding.solver_name)}")
    models = []
    decision_vars = encoding.decision_vars
    with Solver(name=encoding.solver_name) as solver:
        if not _load(solver, encoding.clauses, stopped):
            return None
        for lits, bound in encoding.atmosts:
            solver.add_atmost(lits, bound)
        if encoding.phases:
            solver.set_phases(encoding.phases)
        if hold is not None:
            hold(solver)
        try:
            start = time.perf_counter()
            sat = _solve(solver, hold is not None)
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
                second = _solve(solver, hold is not None)
                if second is None:
                    return None
                if second:
                    model = solver.get_model()
                    models.append(_answer(model, decision_vars))
                prove_time = time.perf_counter() - start
            variables = solver.nof_vars()
        finally:
            if hold is not None:
                hold(None)
    return SatOutcome(tuple(models), solve_time, prove_time, variables)


LOAD_CHUNK = 1024  # clauses loaded between looks at `stopped`
# Both release the GIL; sched_yield leaves time.sleep to those who mean to wait (and patch it).
_let_go_of_the_gil = getattr(os, "sched_yield", partial(time.sleep, 0))


def _load(solver: Solver, clauses: list[list[int]], stopped: Callable[[], bool] | None) -> bool:
    """Add the clauses, in chunks when the build may be called off: building cannot be
    interrupted, and a build another racer has made useless would go on taking the GIL
    from the next puzzle. pysat adds them in a Python loop, which keeps the GIL for the
    whole switch interval, so between chunks the GIL is handed over (benchmarks/README.md:
    what the two save). False when called off."""
    if stopped is None:
        solver.append_formula(clauses)
        return True
    for at in range(0, len(clauses), LOAD_CHUNK):
        if stopped():
            return False
        solver.append_formula(clauses[at : at + LOAD_CHUNK])
        _let_go_of_the_gil()  # a thread waiting for it runs now, not at the switch interval
    return True


def _solve(solver: Solver, interruptible: bool) -> bool | None:
    """solver.solve(); None if interrupted (pysat lets go of the GIL for a solve that may
    be interrupted, so the thread that waits for it still runs)."""
    if interruptible:
        return solver.solve_limited(expect_interrupt=True)
    return solver.solve()


def find_two_hard(encoding: Encoding, progress: Progress | None = None) -> SatOutcome:
    """`find_two` for puzzles MiniSat finds hard: CaDiCaL from the encoding's hard phases
    where it has them (`_guided`), else Kissat for the first answer (pysat's Kissat is not
    incremental), then CaDiCaL with that answer blocked and set as its phases, which finds a
    second answer next to it at once when there is one. Its one step is "CaDiCaL: checking
    uniqueness" (its start is the racer's launch, which `run_within` reports)."""
    if encoding.hard_phases is not None:
        try:
            phases = encoding.hard_phases()
        except MemoryError:  # Kissat needs none
            phases = None
        if phases is not None:
            return _guided(encoding, phases, progress)
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


def _guided(
    encoding: Encoding, phases: Sequence[int], progress: Progress | None = None
) -> SatOutcome:
    """Both answers from one CaDiCaL started at `phases`: on the hardest puzzles where a
    solver starts decides whether it answers in a second or in minutes, and good phases
    beat Kissat's strength (benchmarks/README.md). The second answer is looked for next to
    the first, as in `find_two`."""
    decision_vars = encoding.decision_vars
    with Solver(name=GUIDED_SOLVER_NAME, bootstrap_with=encoding.clauses) as solver:
        solver.set_phases(phases)
        start = time.perf_counter()
        sat = solver.solve()
        solve_time = time.perf_counter() - start
        models, prove_time = [], 0.0
        if sat:
            model = solver.get_model()
            models.append(_answer(model, decision_vars))
            solver.set_phases(model)
            solver.add_clause(_blocking(decision_vars, models[0]))
            if progress is not None:
                progress(f"{display_name(GUIDED_SOLVER_NAME)}: checking uniqueness")
            start = time.perf_counter()
            if solver.solve():
                models.append(_answer(solver.get_model(), decision_vars))
            prove_time = time.perf_counter() - start
        return SatOutcome(tuple(models), solve_time, prove_time, solver.nof_vars())


def encode_and_find_two(
    encode: Callable[[Progress | None], Encoding], progress: Progress | None = None
) -> SatOutcome:
    """Build the encoding (`encode(progress)`) and run `find_two` on it; the outcome carries
    the encoding's size and which solver ran."""
    start = time.perf_counter()
    encoding = encode(progress)
    encode_time = time.perf_counter() - start
    return _described(find_two(encoding, progress), encoding, encode_time)


def _described(
    outcome: SatOutcome, encoding: Encoding | None, encode_time: float, who: str = MINISAT
) -> SatOutcome:
    """The outcome with the encoding's size and facts, and which solvers answered: the
    encoding's, the second MiniSat ("minisat22 (second start)"), the kind's search
    ("probing search") or the hard strategy's. Only the search answers without an encoding
    (it answered before one was built): the size (variables, clauses) is then 0 and the
    facts are its own, which are the encoding's but for what only the encoding counts."""
    if encoding is None:
        facts = {**outcome.facts, "solver": SEARCH_NAME}
        return replace(outcome, encode_time=encode_time, facts=facts)
    solver = {
        HARD: "+".join(encoding.hard_solver_names),
        PARTNER: f"{encoding.solver_name} (second start)",
        SEARCH: SEARCH_NAME,
    }.get(who, encoding.solver_name)
    return replace(
        outcome,
        encode_time=encode_time,
        clauses=len(encoding.clauses) + len(encoding.atmosts),
        facts={**encoding.facts, **outcome.facts, "solver": solver},
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


def _answer_through(
    conn, search: Callable[[Progress | None], SatOutcome | None], report: bool
) -> None:
    """Run `search(progress)`, sending ("step", name) up `conn` for each step when `report`,
    then one of ("ok", outcome), ("skip", None) when there is none, or ("error", exc). A
    message nobody reads any more (the other end was closed) is dropped."""

    def send(message: tuple) -> None:
        with contextlib.suppress(OSError):
            conn.send(message)

    def step(name: str) -> None:
        send(("step", name))

    try:
        outcome = search(step if report else None)
        send(("skip", None) if outcome is None else ("ok", outcome))
    except Exception as exc:  # handed to the waiting thread, which raises it there
        send(("error", exc))
    finally:
        conn.close()


def _child(conn, search: Callable, parent: int, report: bool) -> None:
    """The racer: `search` in a forked child, answering through `conn`."""
    _die_with_parent(parent)
    # SIGINT stays blocked: pysat installs its own SIGINT handler for every solve call,
    # which would turn a Ctrl-C to the process group into a solver error of ours.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS - {signal.SIGINT})
    _answer_through(conn, search, report)


STOP_WAIT = 5.0  # seconds an interrupted MiniSat gets to return before it is left behind
AFTER_POLL = 0.05  # seconds between looks at `stop()` while a thread waits for another


class _Here:
    """`find_two` in a thread of this process. Its steps and its outcome come through a pipe,
    as a child's do, so that one wait serves both; `stop()` interrupts its solver.

    `built` is set once its solver exists (or it has ended without one). A thread given
    `after` (another's `built`) waits for it before building its own solver: building holds
    the GIL, and the other is then solving without it. A thread given `needless` calls its
    build off once `needless()` is true (the search has decided: its solver is not needed)."""

    def __init__(
        self,
        encoding: Encoding,
        report: bool,
        after: threading.Event | None = None,
        needless: Callable[[], bool] | None = None,
    ):
        self.conn, theirs = mp.Pipe(duplex=False)
        self.built = threading.Event()
        self._after = after
        self._lock = threading.Lock()
        self._solver: Solver | None = None
        self._stopped = False
        self._needless = needless
        self._thread = threading.Thread(
            target=self._run, args=(encoding, theirs, report), name="puzzlesat-sat", daemon=True
        )
        with _signals_held():  # the thread starts with them blocked: they are ours to answer
            self._thread.start()

    def _is_stopped(self) -> bool:
        return self._stopped or (self._needless is not None and self._needless())

    def _hold(self, solver: Solver | None) -> None:
        with self._lock:
            self._solver = solver
            if solver is not None and self._stopped:
                solver.interrupt()
        self.built.set()

    def _run(self, encoding: Encoding, conn, report: bool) -> None:
        def search(progress: Progress | None) -> SatOutcome | None:
            while self._after is not None and not self._after.wait(AFTER_POLL):
                if self._stopped:
                    return None
            if self._stopped:
                return None
            return find_two(encoding, progress, self._hold, stopped=self._is_stopped)

        try:
            _answer_through(conn, search, report)
        finally:
            self.built.set()

    def stop(self, join: bool = True) -> None:
        """Interrupt the solver and close our end (a send blocked on a full pipe fails and
        the thread ends); with `join`, wait for it a little (a fork must not find it
        running), then leave it. A solver still being built cannot be interrupted, and is
        not waited for: once built it is interrupted at once (`_hold`), and the thread ends
        on its own without holding up a deadline."""
        with self._lock:
            self._stopped = True
            if self._solver is not None:
                self._solver.interrupt()
        self.conn.close()
        if join and self.built.is_set():
            self._thread.join(STOP_WAIT)


class Searching:
    """A kind's own search in a thread of this process, answering through a pipe as the
    MiniSat threads do. It starts before anything else (it needs neither the cost bound nor
    the encoding, and runs in C without the GIL); `stop()` sets the flag it looks at and
    waits for it a little. Stopping it again does nothing more.

    `decided()` is true as soon as the search has decided, before its answer is in the pipe:
    to send it, its thread needs the GIL, which the thread encoding or building MiniSat may
    hold for milliseconds (benchmarks/README.md)."""

    def __init__(self, search: Search):
        self.conn, theirs = mp.Pipe(duplex=False)
        self._flag = bytearray(2)  # [0]: stop; [1]: set by the search once it has decided
        self._thread = threading.Thread(
            target=_answer_through,
            args=(theirs, lambda progress: search(self._flag), False),
            name="puzzlesat-search",
            daemon=True,
        )
        with _signals_held():
            self._thread.start()

    def decided(self) -> bool:
        return bool(self._flag[1])

    def stop(self, join: bool = True) -> None:
        if self._flag[0]:
            return
        self._flag[0] = 1
        self.conn.close()
        if join:
            self._thread.join(STOP_WAIT)


def start_search(search: Search | None) -> Searching | None:
    """The kind's search running, for `run_within`'s `search`; None where there is none."""
    return None if search is None else Searching(search)


class _Answered(Exception):
    """Raised at a step of the encoding once the search has answered: nothing is left for
    the encoding to do."""

    def __init__(self, answer: SatOutcome):
        super().__init__()
        self.answer = answer


def _encoded_unless_answered(
    encode: Callable[[Progress | None], Encoding],
    progress: Progress | None,
    answer: Callable[[], SatOutcome | None],
) -> Encoding | SatOutcome:
    """`encode(progress)`, or the search's answer when `answer()` has one at a step of the
    encoding: on a quarter of the puzzles the search wins, it has answered before the
    encoding is done, and the rest of the encoding (and freeing it) only holds up the
    answer (benchmarks/README.md)."""

    def step(name: str) -> None:
        found = answer()
        if found is not None:
            raise _Answered(found)
        if progress is not None:
            progress(name)

    try:
        return encode(step)
    except _Answered as answered:
        return answered.answer


def _hard_after(encoding: Encoding) -> float:
    """Seconds from the start before the hard racer joins."""
    return min(HARD_AFTER, GUIDED_AFTER) if encoding.hard_phases is not None else HARD_AFTER


def _partner(encoding: Encoding) -> Encoding:
    """The encoding as the racing MiniSat sees it: the same clauses, its own phases."""
    return replace(encoding, phases=encoding.partner_phases or (), partner_phases=None)


def run_within(
    encode: Callable[[Progress | None], Encoding],
    timeout: float | None,
    isolate: bool = False,
    race: bool = True,
    progress: Progress | None = None,
    partner: bool = True,
    search: Searching | None = None,
) -> SatOutcome:
    """`encode_and_find_two`, giving up after `timeout` seconds (encoding included).
    `encode(progress)` builds the encoding, naming its steps to `progress` when not None.

    Without a timeout or `isolate`, MiniSat runs alone in this process to the end.
    Otherwise it runs in a thread of this process, which this thread interrupts at the
    deadline, or at once on Ctrl-C or a termination signal. If it has not answered after
    PARTNER_AFTER seconds and the encoding names `partner_phases`, a second MiniSat races
    it in another thread; after HARD_AFTER seconds that one makes way for a forked child
    with `find_two_hard` (after GUIDED_AFTER, before any second MiniSat, where the encoding
    has hard phases and `partner` allows). The first answer wins. `search`, when given, is
    a kind's own search the caller has started already (`start_search`, before the cost
    bound: it needs none). It races until PARTNER_AFTER (or GUIDED_AFTER), when the second
    MiniSat (or the guided racer) takes its core (where there is none, until HARD_AFTER);
    once it has answered, the encoding stops at its next step, and no MiniSat is built at
    all. It is stopped here whatever ends the wait, and at once where it may not race.
    `race=False` starts none of them (two encodings at once would not fit in memory);
    `partner=False` races neither the search nor the second MiniSat (no core is spare: a
    batch already runs a worker on each).
    The child dies with this process (`_die_with_parent`) and is killed on the way out of
    here, whatever ends the wait.

    `progress`, if given, is called here with each step: MiniSat's, "racing CaDiCaL" (or
    Kissat) when the child starts, and the child's own after its first answer. A step
    message never holds up the deadline or the racer's launch.
    """
    if search is not None and not (race and partner and (timeout is not None or isolate)):
        search.stop()
        search = None
    if timeout is None and not isolate:
        return encode_and_find_two(encode, progress)
    start = time.perf_counter()
    deadline = None if timeout is None else start + max(timeout, 0.0)
    ctx = mp.get_context("fork")
    racers = {}  # our end of each pipe -> who answers through it
    partners: list[_Here | Searching] = []  # those on the other core, stopped for the next
    children = []
    here = None
    if search is not None:
        partners.append(search)
        racers[search.conn] = SEARCH

    def search_answer() -> SatOutcome | None:
        """The search's answer once it has decided; an error takes it out of the race."""
        if search.conn not in racers:
            return None
        # once it has decided, its answer is waited for, until the deadline
        left = None if deadline is None else max(deadline - time.perf_counter(), 0.0)
        if not search.conn.poll(left if search.decided() else 0):
            return None
        del racers[search.conn]
        try:
            verdict, value = search.conn.recv()
        except EOFError:
            return None
        return value if verdict == "ok" else None

    def searched() -> bool:  # the search has decided and is still in the race
        return search is not None and search.conn in racers and search.decided()

    def out_of_time() -> bool:
        return deadline is not None and time.perf_counter() >= deadline

    def launch_partner() -> None:
        second = _Here(_partner(encoding), False, after=here.built)
        partners.append(second)
        racers[second.conn] = PARTNER

    def partner_pipes() -> list:  # of those still in the race
        return [second.conn for second in partners if second.conn in racers]

    def stop_partners(join: bool = True) -> None:  # not `wait`: that is the pipes' wait
        while partners:
            second = partners.pop()
            racers.pop(second.conn, None)
            second.stop(join)

    def launch_hard() -> None:
        stop_partners()  # the racer takes the partner's core
        ours, theirs = ctx.Pipe(duplex=False)
        hard_search = partial(find_two_hard, encoding)
        args = (theirs, hard_search, os.getpid(), progress is not None)
        proc = ctx.Process(target=_child, args=args, daemon=True)
        with _signals_held():
            proc.start()
        theirs.close()
        racers[ours] = HARD
        children.append((proc, ours))
        if progress is not None:
            progress(f"racing {display_name(encoding.hard_solver_names[0])}")

    try:
        if search is None:
            encoded = encode(progress)
        else:  # the encoding stops at its next step once the search has answered
            encoded = _encoded_unless_answered(encode, progress, search_answer)
        encode_time = time.perf_counter() - start
        if out_of_time():
            return SatOutcome(None, 0.0, 0.0, encode_time=encode_time)
        if isinstance(encoded, SatOutcome):
            return _described(encoded, None, encode_time, SEARCH)
        encoding = encoded
        solving_since = time.perf_counter()
        hard_after = _hard_after(encoding) if partner else HARD_AFTER
        hard_at = start + hard_after if race and not encoding.atmosts else None
        partnered = (
            race
            and partner
            and encoding.partner_phases is not None
            and len(encoding.clauses) <= PARTNER_MAX_CLAUSES
        )
        partner_at = time.perf_counter() + PARTNER_AFTER if partnered else None
        called_off = False
        while racers or here is None:
            # MiniSat is built only if the search has not answered while this thread encoded,
            # and calls its build off once the search has decided
            if here is None and not searched() and not wait(partner_pipes(), 0):
                here = _Here(encoding, progress is not None, needless=searched)
                racers = {here.conn: MINISAT, **racers}  # first: on a tie it is read first
            now = time.perf_counter()
            if deadline is not None and now >= deadline:
                break
            # an answer already in a pipe, or one the search is sending, is read before its
            # racer is stopped
            if (
                hard_at is not None
                and now >= hard_at
                and not searched()
                and not wait(list(racers), 0)
            ):
                launch_hard()
                hard_at = partner_at = None  # the racer has the other core from now on
            if (
                partner_at is not None
                and now >= partner_at
                and not searched()
                and not wait(partner_pipes(), 0)
            ):
                stop_partners()  # the search, whose core the second MiniSat takes
                launch_partner()
                partner_at = None
            waits = [max(t - now, 0.0) for t in (deadline, partner_at, hard_at) if t is not None]
            for conn in wait(list(racers), min(waits) if waits else None):
                try:
                    verdict, value = conn.recv()
                except EOFError:  # the child died without answering (e.g. out of memory)
                    verdict, value = "gone", None
                if verdict == "step":  # the search goes on, and so does the wait
                    if progress is not None:
                        progress(value)
                    continue
                who = racers.pop(conn)
                if verdict == "ok" and who == PARTNER:  # its wait and build count too
                    waited = time.perf_counter() - solving_since - value.prove_time
                    value = replace(value, solve_time=max(value.solve_time, waited))
                if verdict == "ok":
                    return _described(value, encoding, encode_time, who)
                if verdict == "error" and who == MINISAT:
                    raise value
                if who == MINISAT and verdict == "skip":  # its build was called off: the
                    called_off = True  # search had decided
                if called_off and not searched():  # but sent no answer: MiniSat after all
                    here, called_off = None, False
        return SatOutcome(None, 0.0, 0.0, encode_time=time.perf_counter() - start)
    finally:
        try:  # the children first: a forked child holds a copy of the threads' pipes
            for proc, conn in children:
                if proc.is_alive():
                    proc.kill()
                proc.join()
                conn.close()
        finally:  # not waited for: they end on their own, and the answer is not held up
            if here is not None:
                here.stop(join=False)
            stop_partners(join=False)
