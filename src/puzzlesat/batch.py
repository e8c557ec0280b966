"""Many puzzles at once: sources expanded into puzzles, solved on an executor, in input order.

Puzzles are loaded here, in the calling process, and only boards travel to the workers:
the files need not be where the workers run (a Dask cluster), and the requests to a site
are made one at a time, at most one a second, through the one page cache. Solving goes to
any `concurrent.futures` executor: this process for one job, a process pool for several,
a Dask cluster's executor beyond one machine.
"""

from __future__ import annotations

import functools
import math
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from itertools import chain
from typing import TYPE_CHECKING, BinaryIO

from .core import (
    ExitStatus,
    PuzzleError,
    Result,
    SpecialFile,
    Unrecognised,
    WorkerFailed,
    host_of,
    signals_held,
)
from .groups import SMALLEST_CHUNK, More, Puzzle
from .kinds import Board, kind_of
from .load import GENERAL_SUFFIXES, Loaded, LoadOptions, load, url_of

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future, ProcessPoolExecutor

# A site is asked at most once a second during a batch (pages from the cache do not count).
SECONDS_BETWEEN_REQUESTS = 1.0
# Tasks open at once, per job: enough to keep every worker busy while the outcomes ahead
# of them wait their turn; a file of many is read no further ahead than that.
WINDOW_PER_JOB = 8


@dataclass(frozen=True)
class Outcome:
    """A puzzle solved (result), failed (error), and the seconds its worker spent on it."""

    puzzle: Puzzle
    result: Result | None
    error: PuzzleError | None
    seconds: float


def _puzzle_suffixes() -> frozenset[str]:
    from .formats import readable_suffixes

    return frozenset(readable_suffixes() | set(GENERAL_SUFFIXES))


def puzzle_files(folder: str) -> list[str]:
    """The puzzle files under `folder`, recursively, in a stable order (by path); hidden
    files and folders are skipped, and so are files of no puzzle suffix (LICENSEs)."""
    suffixes = _puzzle_suffixes()
    found = []
    for root, folders, files in os.walk(folder):
        folders[:] = sorted(name for name in folders if not name.startswith("."))
        for name in sorted(files):
            if not name.startswith(".") and os.path.splitext(name)[1].lower() in suffixes:
                found.append(os.path.join(root, name))
    return found


@dataclass(frozen=True)
class Source:
    """One source of a batch; `found` when it came from a folder rather than by name."""

    name: str
    found: bool = False


def expand(sources: Iterable[str]) -> list[Source]:
    """Folders replaced by their puzzle files; every other source kept as given."""
    out: list[Source] = []
    for source in sources:
        if os.path.isdir(source):
            out.extend(Source(path, found=True) for path in puzzle_files(source))
        else:
            out.append(Source(source))
    return out


def _skipped(source: Source, error: PuzzleError) -> bool:
    """A file found in a folder that is no puzzle: a FIFO or device, or a file of a general
    suffix no reader knows (a README, other XML or JSON). A file of a puzzle format's own
    suffix (.non, .nin, .taai ...) that does not read is reported."""
    general = source.name.lower().endswith(GENERAL_SUFFIXES) and isinstance(error, Unrecognised)
    return source.found and (general or isinstance(error, SpecialFile))


def puzzles_of(loaded: Loaded, source: str, first_index: int) -> Iterator[list[Puzzle]]:
    """The puzzles of one loaded source: itself, or `source#N` for each of a file of many,
    in groups of at most SMALLEST_CHUNK, read as they are asked for (the later groups are
    More). A puzzle of the file that does not read ends it, as a Puzzle with its error."""
    if not loaded.more:
        yield [Puzzle(first_index, source, loaded.board, cached=loaded.from_cache)]
        return
    boards = chain([loaded.board], loaded.more)
    group: list[Puzzle] = []
    handed = False  # a group of this source's already: the next ones are More
    n = 0
    try:
        for n, board in enumerate(boards):
            group.append(Puzzle(first_index + n, f"{source}#{n + 1}", board))
            if len(group) == SMALLEST_CHUNK:
                yield More(group) if handed else group
                group, handed = [], True
    except PuzzleError as error:
        group.append(Puzzle(first_index + n + 1, source, error=error))
    if group:
        yield More(group) if handed else group


class Polite:
    """Spacing between the requests a batch makes to each site."""

    def __init__(self, gap: float = SECONDS_BETWEEN_REQUESTS, sleep=None):
        self.gap = gap
        self.sleep = sleep or time.sleep
        self.last: dict[str, float] = {}

    def wait_for(self, source: str) -> str | None:
        """Sleep until the site of `source` may be asked again; its key, or None for a
        source that is not fetched."""
        url = url_of(source)
        if url is None:
            return None
        key = host_of(url) or url
        ready = self.last.get(key, -math.inf) + self.gap
        if (now := time.monotonic()) < ready:
            self.sleep(ready - now)
        return key

    def asked(self, key: str | None, loaded: Loaded | None) -> None:
        if key is not None and (loaded is None or not loaded.from_cache):
            self.last[key] = time.monotonic()


def load_all(
    sources: Sequence[Source],
    options: LoadOptions,
    stdin: BinaryIO | None = None,
    first: Iterable[list[Puzzle]] = (),
    polite: Polite | None = None,
    on_skip: Callable[[str, PuzzleError], None] = lambda source, error: None,
) -> Iterator[list[Puzzle]]:
    """The puzzles of each source, source by source, in order (after `first`, the groups of
    a source loaded already), a file of many in groups (puzzles_of); a source that fails
    is one Puzzle with its error, and the batch goes on; one skipped (`_skipped`) has none."""
    polite = polite or Polite()
    index = 1
    for group in first:
        index += len(group)
        yield group
    for source in sources:
        key = polite.wait_for(source.name)
        loaded = None
        try:
            loaded = load(source.name, options._replace(regular_only=source.found), stdin)
        except PuzzleError as error:
            groups = [[Puzzle(index, source.name, error=error)]]
            if _skipped(source, error):
                on_skip(groups[0][0].source, error)  # its name made safe to print
                groups = [[]]
        else:
            groups = puzzles_of(loaded, source.name, index)
        finally:
            polite.asked(key, loaded)
        for group in groups:
            index += len(group)
            yield group


# --------------------------------------------------------------------------- workers


def solve_boards(
    boards: Sequence[Board], timeout: float | None, spare_core: bool = True
) -> list[tuple]:
    """(Result or None, error or None, seconds) for each board, in order: what a worker runs.
    `spare_core` is solve's: whether a core is free for a second search.

    Each board races as a lone puzzle does (solve's `isolate`), not MiniSat alone to the
    end: a hard puzzle gets the hard racer after a second even where every core is busy,
    and the racers of a spare core once the pool's count says one is free (`_core_free`).
    Boards of one kind that solves many at once (Sudoku) go through its own solve_many."""
    solve_many = kind_of(boards[0]).solve_many
    if solve_many is None:  # the solvers are imported only for a kind without its own
        from .solve import many

        solve_many = functools.partial(
            many,
            spare_core=spare_core,
            spare=_core_free if _OUTSTANDING is not None else None,
            isolate=True,
        )
    out = []
    start = time.perf_counter()
    for _board, result, error in solve_many(boards, timeout):
        now = time.perf_counter()
        out.append((result, error, now - start))
        start = now
    return out


# In a pool's worker: the pool's count of tasks submitted and not yet done (`process_pool`),
# which the batch keeps (its one writer) and the workers read.
_OUTSTANDING = None


def _core_free() -> bool:
    """Whether fewer tasks are left than there are cores: a batch's last puzzles then get
    the racers a lone puzzle gets (sat.run_within's `spare`). Tasks still queued count,
    so a worker between two tasks frees no core."""
    return _OUTSTANDING.value < cores()


def cores() -> int:
    """The cores this process may run on (its affinity, where the platform tells)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _ignore_interrupts(outstanding=None) -> None:
    """Workers leave Ctrl-C to the batch, which stops them itself (no traceback from each).
    Blocked, not ignored: pysat installs its own SIGINT handler for every solve, which
    would turn a Ctrl-C to the process group into a solver error. `outstanding`: the
    pool's count of tasks not yet done."""
    global _OUTSTANDING
    _OUTSTANDING = outstanding
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def process_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of `jobs` solver processes, forked from a fresh server that has the solver
    loaded (this process may have threads; forking it could inherit a held lock).

    The server starts here with SIGINT ignored, which it and every worker it forks keep
    across exec and fork: a Ctrl-C while it is still loading the solver would otherwise print
    its traceback (a blocked mask does not survive the exec). multiprocessing is imported
    here, not by a batch that runs in this process."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    try:
        context = multiprocessing.get_context("forkserver")
    except ValueError:  # a platform without fork (Windows): fresh interpreters
        return ProcessPoolExecutor(
            jobs, mp_context=multiprocessing.get_context("spawn"), initializer=_ignore_interrupts
        )
    context.set_forkserver_preload(["puzzlesat.solve", "puzzlesat.kinds"])
    from multiprocessing import forkserver

    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        forkserver.ensure_running()
    finally:
        signal.signal(signal.SIGINT, previous)
    # shared memory, not a named semaphore: a worker still starting when the batch ends
    # would not find a semaphore unlinked by then
    outstanding = context.RawValue("i", 0)
    pool = ProcessPoolExecutor(
        jobs, mp_context=context, initializer=_ignore_interrupts, initargs=(outstanding,)
    )
    pool.outstanding = outstanding  # kept by Batch
    return pool


class Settled:
    """A task done in this process, with the face of a Future that Batch reads; it spares a
    batch of one task the import of concurrent.futures and the logging it brings."""

    def __init__(self, value: object = None, error: BaseException | None = None):
        self.value, self.error = value, error

    def done(self) -> bool:
        return True

    def running(self) -> bool:
        return False

    def add_done_callback(self, callback: Callable[[Settled], None]) -> None:
        callback(self)

    def result(self) -> object:
        if self.error is not None:
            raise self.error
        return self.value


class InProcess:
    """One job: each task runs here at once, without a worker process to start."""

    def submit(self, fn: Callable, /, *args, **kwargs) -> Settled:
        try:
            return Settled(fn(*args, **kwargs))
        except Exception as error:  # handed to whoever waits, as a pool would
            return Settled(error=error)

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        pass


@contextmanager
def executor_for(jobs: int, dask_scheduler: str | None, one_task: bool) -> Iterator[Executor]:
    """Where a batch is solved: a Dask cluster, a pool of `jobs` processes, or this process
    for a batch of one task (a file of Sudoku lines). Even one job is a worker process: a
    SAT solver does not hear Ctrl-C, and a worker can be stopped at once."""
    if dask_scheduler:
        from .cluster import dask_executor

        with dask_executor(dask_scheduler) as executor:
            yield executor
    elif one_task:
        yield InProcess()
    else:
        pool = process_pool(jobs)
        try:
            yield pool
        except BaseException:  # SIGTERM, a failed write: no worker may outlive us
            stop_workers(pool)
            raise
        pool.shutdown(wait=False, cancel_futures=True)


def stop_workers(executor: Executor) -> None:
    """Stop at once: pending tasks cancelled; a local pool's workers killed and reaped, its
    queues released, and the forkserver and resource tracker ended, so that nothing outlives
    the batch. A released queue has unlinked its named semaphores: a batch that then dies of
    SIGPIPE (`| head -1`) leaves none for the resource tracker to warn of."""
    from concurrent.futures import ProcessPoolExecutor

    if not isinstance(executor, ProcessPoolExecutor):  # Dask, or this process
        executor.shutdown(wait=False, cancel_futures=True)
        return
    processes = list((executor._processes or {}).values())
    for process in processes:
        process.kill()
    # the pool's thread sees its workers dead at once, fails what was open, and lets go
    executor.shutdown(wait=True, cancel_futures=True)
    for process in processes:
        process.join(1)
    _stop_servers()


def _stop_servers() -> None:
    """The forkserver and the resource tracker asked to end, and waited for (their private
    `_stop`, where this Python has it): each would otherwise end only once it noticed that
    this process had gone, and outlive it by that much."""
    from multiprocessing import forkserver, resource_tracker

    for server in (forkserver._forkserver, resource_tracker._resource_tracker):
        stop = getattr(server, "_stop", None)
        if stop is not None:
            with suppress(OSError):
                stop()


# --------------------------------------------------------------------------- the batch


def _chunk_size(count: int, jobs: int) -> int:
    return max(SMALLEST_CHUNK, math.ceil(count / (2 * jobs)))


def _tasks(puzzles: list[Puzzle], jobs: int) -> Iterator[list[Puzzle]]:
    """The puzzles of one source in tasks: one each, or chunks for a kind of solve_many."""
    solvable = [p for p in puzzles if p.board is not None]
    many_at_once = solvable and kind_of(solvable[0].board).solve_many is not None
    if not many_at_once:
        yield from ([p] for p in solvable)
        return
    size = _chunk_size(len(solvable), jobs)
    for at in range(0, len(solvable), size):
        yield solvable[at : at + size]


@dataclass(frozen=True)
class Unfinished:
    """What a stopped batch left: the puzzles on a worker (by source), how many more were
    waiting for one, and how many sources were never read."""

    running: tuple[str, ...] = ()
    waiting: int = 0
    unread: int = 0

    def said(self, names: int = 0) -> str:
        """In words: "1 running, 3 not started", with the running ones' names where there
        are at most `names` of them."""
        parts = []
        if self.running:
            named = len(self.running) <= names
            names_said = f" ({', '.join(self.running)})" if named else ""
            parts.append(f"{len(self.running):,} running{names_said}")
        if self.waiting:
            parts.append(f"{self.waiting:,} not started")
        if self.unread:
            parts.append(f"{self.unread:,} source{'s' if self.unread > 1 else ''} not read")
        return ", ".join(parts)


class Batch:
    """Puzzles submitted as they load; outcomes handed back in input order as they finish.

    Outcomes wait behind the first task still open (input order). `stop()` is what Ctrl-C
    gets instead: every outcome done, past the open ones, and what was not done."""

    def __init__(
        self,
        executor: Executor,
        jobs: int,
        timeout: float | None,
        on_done: Callable[[int], None] = lambda count: None,
        spare_core: bool = True,
    ):
        self.executor = executor
        self.spare_core = spare_core
        self.on_done = on_done
        self.jobs = jobs
        self.timeout = timeout
        self.pending: deque[tuple[list[Puzzle], Future | None]] = deque()
        self.handed: deque[Outcome] = deque()  # of a task off the queue, not yet handed out
        self.sources = 0  # read so far: each add is one source's puzzles
        self.outstanding = getattr(executor, "outstanding", None)  # tasks not yet done
        # a cluster's executor says how many threads it has (cluster.dask_executor)
        self.window = WINDOW_PER_JOB * max(jobs, getattr(executor, "threads", 0))
        self._counting = threading.Lock()  # add counts up, the executor's thread down

    def add(self, puzzles: list[Puzzle]) -> None:
        self.sources += not isinstance(puzzles, More)
        entries: list[tuple[list[Puzzle], Future | None]] = [
            ([puzzle], None) for puzzle in puzzles if puzzle.board is None
        ]
        for task in _tasks(puzzles, self.jobs):
            boards = [p.board for p in task]
            self._count(1)
            future = self.executor.submit(solve_boards, boards, self.timeout, self.spare_core)
            future.add_done_callback(functools.partial(self._done, len(task)))
            entries.append((task, future))
        self.pending.extend(sorted(entries, key=lambda entry: entry[0][0].index))

    def _done(self, count: int, future: Future) -> None:
        self._count(-1)
        self.on_done(count)

    def _count(self, change: int) -> None:
        if self.outstanding is not None:
            with self._counting:
                self.outstanding.value += change

    def ready(self, block: bool, keep: int = 0) -> Iterator[Outcome]:
        """The outcomes at the head of the queue that are done; with `block`, more of them,
        waiting for each in turn until at most `keep` tasks are left open."""
        while self.handed or self.pending:
            if self.handed:
                outcome = self.handed[0]
                yield outcome  # the caller counts it and takes it off (`taken`), or else:
                self.taken(outcome)
                continue
            task, future = self.pending[0]
            if future is not None and not future.done():
                if not block or len(self.pending) <= keep:
                    return
                wait_for([future])
            with signals_held():  # in one queue or the other, whenever Ctrl-C comes
                self.pending.popleft()
                self.handed.extend(_outcomes(task, future))

    def taken(self, outcome: Outcome) -> None:
        """The outcome `ready` gave is counted: off the queue (`stop` no longer has it).
        Called with signals held, where it is counted."""
        if self.handed and self.handed[0] is outcome:
            self.handed.popleft()

    def stop(self, sources: int) -> tuple[list[Outcome], Unfinished]:
        """Before the workers are stopped (which fails every task still open): the outcomes
        done, in input order past those still open, and what was not done, of a batch of
        `sources` sources. The first `jobs` tasks the executor has started are those on a
        worker; a later one it has started waits in the pool's queue."""
        done, running, waiting = list(self.handed), [], 0
        for task, future in self.pending:
            if future is None or future.done():
                done.extend(_outcomes(task, future))
            elif future.running() and len(running) < self.jobs:
                running.append(task)
            else:
                waiting += len(task)
        self.handed.clear()
        self.pending.clear()
        names = tuple(puzzle.source for task in running for puzzle in task)
        return done, Unfinished(names, waiting, max(sources - self.sources, 0))


def wait_for(futures: list[Future]) -> None:
    """Wait for a pool's tasks (concurrent.futures is imported only where there is a pool)."""
    from concurrent.futures import wait

    wait(futures)


def _outcomes(task: list[Puzzle], future: Future | None) -> Iterator[Outcome]:
    if future is None:
        yield Outcome(task[0], None, task[0].error, 0.0)
        return
    try:
        answers = future.result()
    except PuzzleError as error:
        answers = [(None, error, 0.0)] * len(task)
    except Exception as error:  # a worker that died (killed, out of memory) or a bug
        failed = WorkerFailed(f"the worker solving this failed: {type(error).__name__}: {error}")
        answers = [(None, failed, 0.0)] * len(task)
    for puzzle, (result, error, seconds) in zip(task, answers):
        yield Outcome(puzzle, result, error, seconds)


def run(
    sources: Iterable[list[Puzzle]],
    batch: Batch,
    on_loaded: Callable[[int], None] = lambda count: None,
) -> Iterator[Outcome]:
    """Solve every puzzle on the batch's executor, submitted source by source (a file of
    many group by group) as they load; outcomes in input order, each as soon as it and all
    before it are done. No more than a window of tasks is open at once: a file of a million
    puzzles is read only as fast as it is solved, and held only that far. `on_loaded` hears
    how many puzzles have loaded so far. After Ctrl-C, `batch.stop` has the rest."""
    loaded = 0
    for puzzles in sources:
        batch.add(puzzles)
        loaded += len(puzzles)
        on_loaded(loaded)
        yield from batch.ready(block=True, keep=batch.window)
    yield from batch.ready(block=True)


# --------------------------------------------------------------------------- the tally

# The exit status of a batch is the most serious one seen, in this order.
SERIOUSNESS = (
    ExitStatus.BUG,
    ExitStatus.UNAVAILABLE,
    ExitStatus.NO_INPUT,
    ExitStatus.DATA_ERROR,
    ExitStatus.TIMED_OUT,
    ExitStatus.NO_SOLUTION,
    ExitStatus.SOLVED,
)
SLOWEST_SHOWN = 5
UNSOLVED_SHOWN = 10
ANSWERED = ("unique", "multiple")  # the statuses of a puzzle solved


class Tally:
    """What a batch has seen so far: counts by status, the most serious exit status, the
    slowest puzzles, the first puzzles without an answer, and the workers' seconds.

    A puzzle without an answer is named as `solve` takes it back: its path or URL, or
    `FILE#N` for the Nth puzzle of a file of many (load.py reads that address)."""

    def __init__(self):
        self.counts: dict[str, int] = {}
        self.worst = ExitStatus.SOLVED
        self.slowest: list[tuple[float, str, str]] = []  # (seconds, source, status)
        self.unsolved: list[tuple[str, str]] = []  # (status, source), the first few
        self.seconds = 0.0
        self.puzzles = 0

    def add(self, status: str, exit_: ExitStatus, seconds: float, source: str) -> None:
        self.counts[status] = self.counts.get(status, 0) + 1
        self.worst = min(self.worst, exit_, key=SERIOUSNESS.index)
        self.seconds += seconds
        self.puzzles += 1
        self.slowest.append((seconds, source, status))
        if len(self.slowest) > 4 * SLOWEST_SHOWN:
            self.slowest = sorted(self.slowest, reverse=True)[:SLOWEST_SHOWN]
        if status not in ANSWERED and len(self.unsolved) < UNSOLVED_SHOWN:
            self.unsolved.append((status, source))

    def top(self) -> list[tuple[float, str, str]]:
        return sorted(self.slowest, reverse=True)[:SLOWEST_SHOWN]

    def summary(
        self,
        seconds: float,
        where: str,
        ascii: bool,
        left: Unfinished | None = None,
        tables: bool = True,
    ) -> tuple[list, str]:
        """The batch in tables (statuses, the slowest puzzles, those not solved or still
        running; none for a single puzzle, nor without `tables`: -q shows none) and one
        closing line; `left`: what a stopped batch left."""
        from . import render

        running = [("running", name) for name in left.running] if left else []
        shown = (running + self.unsolved)[:UNSOLVED_SHOWN]
        unsolved = self.puzzles - sum(self.counts.get(k, 0) for k in ANSWERED) + len(running)
        said = left.said() if left else ""
        line = render.batch_line(
            self.counts, seconds, self.seconds, where, ascii, left is not None, said
        )
        if self.puzzles + len(running) <= 1 or not tables:
            return [], line
        more = unsolved - len(shown)
        return render.batch_tables(self.counts, self.top(), ascii, shown, more), line
