"""Carry out a race plan (plan.py): start each racer when its join comes, read the first
answer, hold the deadline, and stop every racer on the way out.

MiniSat runs in a thread of this process, which this thread interrupts at the deadline or
on a signal; the hard strategy in a forked child, killed at the deadline (racers.py). The
work names its steps as it moves on ("encoding", "SAT: MiniSat", "checking uniqueness")
through an optional `progress(step)` callback, always called in this thread. An error of a
racer other than the first MiniSat is not raised: the first's is.
"""


import time
from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple

from .contract import SEARCH_NAME, Encoding, Progress, SatOutcome, display_name
from .models import find_two, find_two_hard
from .plan import Facts, Join, Plan, Role, Timings, plan, searches
from .racers import Child, InThread, Searching, wait

Encode = Callable[[Progress | None], Encoding]
SPARE_POLL = 0.05  # seconds between asking whether a core has come free


class Racers(NamedTuple):
    """What each role runs, and the clock it keeps: the real ones by default, stand-ins in
    tests. `minisat(encoding, progress, hold, stopped=...)` runs in a thread for MiniSat
    and its partner; `hard(encoding, progress)` in a forked child."""

    minisat: Callable[..., SatOutcome | None] = find_two
    hard: Callable[[Encoding, Progress | None], SatOutcome | None] = find_two_hard
    wait: Callable = wait
    timings: Timings = Timings()


def run_within(
    encode: Encode,
    timeout: float | None,
    isolate: bool = False,
    race: bool = True,
    progress: Progress | None = None,
    partner: bool = True,
    search: Searching | None = None,
    racers: Racers | None = None,
    spare: Callable[[], bool] | None = None,
) -> SatOutcome:
    """`encode_and_find_two`, giving up after `timeout` seconds (encoding included).
    `encode(progress)` builds the encoding, naming its steps to `progress` when not None.

    Without a timeout or `isolate`, MiniSat runs alone in this process to the end.
    Otherwise the race follows `plan.plan` for the encoding: `race=False` starts no racer
    but MiniSat (two encodings would not fit in memory), `partner=False` says no core is
    spare (a batch already runs a worker on each). `search`, when given, is a kind's own
    search the caller has started already (`start_search`): it is stopped here whatever
    ends the wait, and at once where it may not race; once it has answered, the encoding
    stops at its next step, and no MiniSat is built at all. `spare()`, when given, is asked
    as the race goes on whether a core has come free: the race is then planned again as
    with `partner` (a batch's last puzzles get the racers a lone puzzle gets).

    `progress`, if given, is called here with each step: MiniSat's, "racing CaDiCaL" (or
    Kissat) when the child starts, and the child's own after its first answer. A step
    message never holds up the deadline or a racer's launch."""
    racing = searches(race, partner, timeout, isolate)
    if search is not None and not racing:
        search.stop()
        search = None
    racers = racers or Racers()
    if timeout is None and not isolate:
        return encode_and_find_two(encode, progress, racers.minisat)
    runner = _Runner(racers, progress, search, timeout)
    try:
        return runner.run(encode, race, partner, spare)
    finally:
        runner.stop_all()


class _Runner:
    """One race's state: the racers live (our end of each pipe -> its role and handle),
    the clock, and the joins still to come."""

    def __init__(
        self,
        racers: Racers,
        progress: Progress | None,
        search: Searching | None,
        timeout: float | None,
    ):
        self.racers = racers
        self.progress = progress
        self.search = search
        self.timeout = timeout
        self.start = time.perf_counter()
        self.live: dict = {}  # conn -> (role, handle); MiniSat first: on a tie it is read first
        self.handles: list = []  # every racer started, in the race or out of it
        self.minisat: InThread | None = None
        self.encode_done = 0.0
        if search is not None:
            self.live[search.conn] = (Role.SEARCH, search)
            self.handles.append(search)

    def now(self) -> float:
        return time.perf_counter() - self.start

    # -- the search --------------------------------------------------------------------

    def searched(self) -> bool:
        """The search has decided and is still in the race."""
        search = self.search
        return search is not None and search.conn in self.live and search.decided()

    def search_answer(self, deadline: float | None) -> SatOutcome | None:
        """The search's answer once it has decided; an error takes it out of the race."""
        search = self.search
        if search is None or search.conn not in self.live:
            return None
        # once it has decided, its answer is waited for, until the deadline
        left = None if deadline is None else max(deadline - self.now(), 0.0)
        if not search.conn.poll(left if search.decided() else 0):
            return None
        del self.live[search.conn]
        try:
            verdict, value = search.conn.recv()
        except EOFError:
            return None
        return value if verdict == "ok" else None

    # -- the race ----------------------------------------------------------------------

    def run(
        self, encode: Encode, race: bool, spare_core: bool, spare: Callable[[], bool] | None
    ) -> SatOutcome:
        deadline = None if self.timeout is None else max(self.timeout, 0.0)
        if self.search is None:
            encoded = encode(self.progress)
        else:  # the encoding stops at its next step once the search has answered
            answer = partial(self.search_answer, deadline)
            encoded = _encoded_unless_answered(encode, self.progress, answer)
        encode_time = self.encode_done = self.now()
        if deadline is not None and encode_time >= deadline:
            return SatOutcome(None, 0.0, 0.0, encode_time=encode_time)
        if isinstance(encoded, SatOutcome):
            return _described(encoded, None, encode_time, Role.SEARCH)
        self.encoding = encoded
        planned = partial(
            plan,
            Facts.of(encoded),
            encoded_at=encode_time,
            race=race,
            searching=self.search is not None,
            timeout=self.timeout,
            timings=self.racers.timings,
        )
        the_plan = planned(spare_core=spare_core)
        if not spare_core and spare is not None:
            replan = partial(planned, spare_core=True)
        else:
            replan, spare = None, None
        outcome = self.follow(the_plan, replan, spare)
        if outcome is None:
            return SatOutcome(None, 0.0, 0.0, encode_time=self.now())
        return _described(outcome[1], encoded, encode_time, outcome[0])

    def follow(
        self,
        the_plan: Plan,
        replan: Callable[[], Plan] | None,
        spare: Callable[[], bool] | None,
    ) -> tuple[Role, SatOutcome] | None:
        """Start the joins as they come, until an answer (its role and outcome), the
        deadline or every racer gone (None)."""
        pending = [j for j in the_plan.joins if j.role not in (Role.SEARCH, Role.MINISAT)]
        started = {Role.SEARCH, Role.MINISAT}
        deadline, called_off = the_plan.deadline, False
        while self.live or self.minisat is None:
            # MiniSat is built only if the search has not answered while this thread encoded,
            # and calls its build off once the search has decided
            if self.minisat is None and not self.searched() and not self.ready():
                self.start_minisat()
            if spare is not None and spare():  # a core came free: the race a lone puzzle gets
                pending = [] if Role.HARD in started else replan().joins
                pending = [join for join in pending if join.role not in started]
                spare = None
            now = self.now()
            if deadline is not None and now >= deadline:
                return None
            # an answer already in a pipe, or one the search is sending, is read before its
            # racer is stopped
            while pending and now >= pending[0].at and not self.searched() and not self.ready():
                join = pending.pop(0)
                self.launch(join)
                started.add(join.role)
            times = [t for t in (deadline, pending[0].at if pending else None) if t is not None]
            if spare is not None:  # asked again soon
                times.append(now + SPARE_POLL)
            timeout = max(min(times) - now, 0.0) if times else None
            for conn in self.racers.wait(list(self.live), timeout):
                message = self.read(conn)
                if message is None:
                    continue
                role, verdict, value = message
                if verdict == "ok":
                    return role, value
                if role is Role.MINISAT and verdict == "skip":  # its build was called off:
                    called_off = True  # the search had decided
                if called_off and not self.searched():  # but sent no answer: MiniSat after all
                    self.minisat, called_off = None, False
        return None

    def ready(self) -> bool:
        """Whether a racer has something in its pipe."""
        return bool(self.racers.wait(list(self.live), 0))

    def read(self, conn) -> tuple[Role, str, SatOutcome | None] | None:
        """A racer's message: None for a step (handed on), else its role, its verdict ("ok",
        "skip", "gone", or "error" of a racer whose error is not raised) and its outcome."""
        try:
            verdict, value = conn.recv()
        except EOFError:  # the child died without answering (e.g. out of memory)
            verdict, value = "gone", None
        if verdict == "step":  # the search goes on, and so does the wait
            if self.progress is not None:
                self.progress(value)
            return None
        role, _ = self.live.pop(conn)
        if verdict == "ok":
            if role is Role.PARTNER:  # its wait and build count too
                waited = self.now() - self.encode_done - value.prove_time
                value = value._replace(solve_time=max(value.solve_time, waited))
            return role, verdict, value
        if verdict == "error" and role is Role.MINISAT:
            raise value
        return role, verdict, None

    def start_minisat(self) -> None:
        self.minisat = InThread(
            self.encoding,
            self.progress is not None,
            needless=self.searched,
            find=self.racers.minisat,
        )
        self.live = {self.minisat.conn: (Role.MINISAT, self.minisat), **self.live}
        self.handles.append(self.minisat)

    def launch(self, join: Join) -> None:
        """Start the racer `join` names, once those whose core it takes are stopped."""
        self.stop_roles(join.replaces)
        if join.role is Role.PARTNER:
            handle = InThread(
                _partner(self.encoding), False, after=self.minisat.built, find=self.racers.minisat
            )
        else:
            handle = Child(partial(self.racers.hard, self.encoding), self.progress is not None)
            if self.progress is not None:
                self.progress(f"racing {display_name(self.encoding.hard_solver_names[0])}")
        self.live[handle.conn] = (join.role, handle)
        self.handles.append(handle)

    def stop_roles(self, roles: tuple[Role, ...], join: bool = True) -> None:
        for conn, (role, handle) in list(self.live.items()):
            if role in roles:
                del self.live[conn]
                handle.stop(join)

    def stop_all(self) -> None:
        """Every racer stopped: the children first (a forked child holds a copy of the
        threads' pipes), each waited for; the threads not (they end on their own, and the
        answer is not held up)."""
        children = [handle for handle in self.handles if isinstance(handle, Child)]
        try:
            for child in children:
                child.stop()
        finally:
            for handle in self.handles:
                if not isinstance(handle, Child):
                    handle.stop(join=False)


def count_within(
    encode: Encode, timeout: float | None, limit: int, progress: Progress | None = None
) -> SatOutcome:
    """Up to `limit` answers (--solutions), by MiniSat alone: the racers stop at two. It runs
    in a thread, so that Ctrl-C is heard while it solves; at the deadline (encoding
    included) its solver is interrupted and the answers counted so far are kept, with
    `complete` False: a count cut short still shows what it found."""
    start = time.perf_counter()
    encoding = encode(progress)
    encode_time = time.perf_counter() - start
    deadline = None if timeout is None else start + timeout
    find = partial(find_two, limit=limit, keep_found=True)
    outcome = in_thread_within(encoding, find, deadline, progress)
    if outcome is None:  # time ran out before a first answer
        return SatOutcome(None, 0.0, 0.0, encode_time=time.perf_counter() - start)
    return _described(outcome, encoding, encode_time, Role.MINISAT)


def in_thread_within(
    encoding: Encoding, find: Callable, deadline: float | None, progress: Progress | None = None
) -> Any:
    """What `find(encoding, progress, hold, stopped=...)` returns, run in a thread
    (racers.InThread: it hands each solver it builds to `hold`, solves interruptibly and
    looks at `stopped()` between solves), so that this thread hears a signal while it
    solves; at `deadline` (a perf_counter time; None: none) it is interrupted, and what it
    then returns is the outcome (None: nothing). A count (`count_within`) keeps the answers
    counted so far, a hint (hints.explain) the steps found so far."""
    thread = InThread(encoding, progress is not None, find=find)
    try:
        return _counted(thread, deadline, progress)
    finally:
        thread.stop()


def _counted(counting: InThread, deadline: float | None, progress: Progress | None) -> Any:
    """The thread's outcome, its steps handed on as they come; at `deadline` it is
    interrupted, and what it then sends is its outcome."""
    while True:
        left = None if deadline is None else max(deadline - time.perf_counter(), 0.0)
        if not wait([counting.conn], left):
            counting.interrupt()
            wait([counting.conn])
        try:
            verdict, value = counting.conn.recv()
        except EOFError:
            return None
        if verdict == "step":
            if progress is not None:
                progress(value)
            continue
        if verdict == "error":
            raise value
        return value if verdict == "ok" else None


def encode_and_find_two(
    encode: Encode, progress: Progress | None = None, find: Callable = find_two
) -> SatOutcome:
    """Build the encoding (`encode(progress)`) and run `find` (`find_two`) on it; the outcome
    carries the encoding's size and which solver ran."""
    start = time.perf_counter()
    encoding = encode(progress)
    encode_time = time.perf_counter() - start
    return _described(find(encoding, progress), encoding, encode_time, Role.MINISAT)


def _described(
    outcome: SatOutcome, encoding: Encoding | None, encode_time: float, who: Role
) -> SatOutcome:
    """The outcome with the encoding's size and facts, and which solvers answered: the
    encoding's, the second MiniSat ("minisat22 (second start)"), the kind's search
    ("probing search") or the hard strategy's. Only the search answers without an encoding
    (it answered before one was built): the size (variables, clauses) is then 0 and the
    facts are its own, which are the encoding's but for what only the encoding counts."""
    if encoding is None:
        facts = {**outcome.facts, "solver": SEARCH_NAME}
        return outcome._replace(encode_time=encode_time, facts=facts)
    solver = {
        Role.HARD: "+".join(encoding.hard_solver_names),
        Role.PARTNER: f"{encoding.solver_name} (second start)",
        Role.SEARCH: SEARCH_NAME,
    }.get(who, encoding.solver_name)
    return outcome._replace(
        encode_time=encode_time,
        clauses=len(encoding.clauses) + len(encoding.atmosts),
        facts={**encoding.facts, **outcome.facts, "solver": solver},
    )


def _partner(encoding: Encoding) -> Encoding:
    """The encoding as the racing MiniSat sees it: the same clauses, its own phases."""
    return encoding._replace(phases=encoding.partner_phases or (), partner_phases=None)


class _Answered(Exception):
    """Raised at a step of the encoding once the search has answered: nothing is left for
    the encoding to do."""

    def __init__(self, answer: SatOutcome):
        super().__init__()
        self.answer = answer


def _encoded_unless_answered(
    encode: Encode, progress: Progress | None, answer: Callable[[], SatOutcome | None]
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
