"""Many puzzles at once: sources expanded into puzzles, solved on an executor, in input order.

Puzzles are loaded here, in the calling process, and only boards travel to the workers:
the files need not be where the workers run (a Dask cluster), and the requests to a site
are made one at a time, at most one a second, through the one page cache. Solving goes to
any `concurrent.futures` executor (workers.py): this process for one task, a process pool
for several, a Dask cluster's executor beyond one machine.
"""

from __future__ import annotations

import functools
import math
import os
import pickle
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
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
from .kinds import kind_of
from .load import GENERAL_SUFFIXES, Loaded, LoadOptions, load, url_of
from .workers import solve_boards

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

# A site is asked at most once a second during a batch (pages from the cache do not count).
SECONDS_BETWEEN_REQUESTS = 1.0
# Tasks submitted and not yet done, per job: enough to keep every worker busy while this
# process reads the next sources (a URL waits its turn, a large file parses).
OPEN_PER_JOB = 8
# Outcomes done but waiting behind an earlier puzzle still open, in bytes (their pickled
# size, held_bytes): past this a batch reads no further until the earlier one ends. 8 MB
# is some 23,000 Sudokus or 2,400 25x25 nonograms, about 45 MB in memory (a million small
# outcomes held would be a gigabyte or two).
HELD_BYTES = 8 << 20


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


class Total:
    """How many puzzles a batch holds, as far as it is known without reading them all: a
    source not yet read counts one, a file of many its own count (Loaded.count); None once
    a source cannot say (a progress bar then shows no denominator)."""

    def __init__(self, sources: int):
        self.value: int | None = sources

    def read(self, count: int | None) -> None:
        """A source read, which holds `count` puzzles (0: skipped; None: not known)."""
        if self.value is not None:
            self.value = None if count is None else self.value + count - 1


def load_all(
    sources: Sequence[Source],
    options: LoadOptions,
    stdin: BinaryIO | None = None,
    first: Iterable[list[Puzzle]] = (),
    polite: Polite | None = None,
    on_skip: Callable[[str, PuzzleError], None] = lambda source, error: None,
    total: Total | None = None,
) -> Iterator[list[Puzzle]]:
    """The puzzles of each source, source by source, in order (after `first`, the groups of
    a source loaded already), a file of many in groups (puzzles_of); a source that fails
    is one Puzzle with its error, and the batch goes on; one skipped (`_skipped`) has none.
    `total` hears what each source holds."""
    total = total or Total(len(sources))
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
            total.read(len(groups[0]))
        else:
            groups = puzzles_of(loaded, source.name, index)
            total.read(loaded.count)
        finally:
            polite.asked(key, loaded)
        for group in groups:
            index += len(group)
            yield group


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


class _Task:
    """Puzzles sent to the executor together (None: a puzzle that did not read, with its
    error), and once done the bytes its outcome holds while it waits for its turn."""

    __slots__ = ("puzzles", "future", "bytes")

    def __init__(self, puzzles: list[Puzzle], future: Future | None):
        self.puzzles, self.future, self.bytes = puzzles, future, 0


def held_bytes(puzzles: list[Puzzle], future: Future) -> int:
    """What a done task holds until it is handed out: its boards and its answers, measured
    as their pickled size (what a worker sends back; the objects take a few times that).
    A failure is not raised here: its traceback would keep the frames of the pool's thread,
    and the pool's queues with them, alive past the batch."""
    failed = future.cancelled() or future.exception() is not None
    answers = None if failed else future.result()
    return len(pickle.dumps(([p.board for p in puzzles], answers), pickle.HIGHEST_PROTOCOL))


class Batch:
    """Puzzles submitted as they load; outcomes handed back in input order as they finish.

    Two bounds, and no other: at most `window` tasks open (submitted, not yet done), so
    that every worker has work queued while this process reads the next sources; and at
    most HELD_BYTES of outcomes done but held behind an earlier task still open. A slow
    puzzle first thus holds back the printing of those after it, never their solving,
    until what they hold reaches the bound. `stop()` is what Ctrl-C gets instead: every
    outcome done, past the open ones, and what was not done."""

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
        self.pending: deque[_Task] = deque()  # in input order
        self.handed: deque[Outcome] = deque()  # of a task off the queue, not yet handed out
        self.sources = 0  # read so far: each add is one source's puzzles
        self.outstanding = getattr(executor, "outstanding", None)  # the pool's shared count
        # a cluster's executor says how many threads it has (cluster.dask_executor)
        self.window = OPEN_PER_JOB * max(jobs, getattr(executor, "threads", 0))
        self.open: set[Future] = set()  # submitted, not yet done
        self.held = 0  # bytes of the tasks done and still pending
        self._counting = threading.Lock()  # add counts up, the executor's thread down

    def add(self, puzzles: list[Puzzle]) -> None:
        self.sources += not isinstance(puzzles, More)
        tasks = [_Task([puzzle], None) for puzzle in puzzles if puzzle.board is None]
        for group in _tasks(puzzles, self.jobs):
            with self._counting:
                self._count(1)
            boards = [p.board for p in group]
            task = _Task(
                group, self.executor.submit(solve_boards, boards, self.timeout, self.spare_core)
            )
            with self._counting:  # open until its callback, added only now, says it is done
                self.open.add(task.future)
            task.future.add_done_callback(functools.partial(self._done, task))
            tasks.append(task)
        self.pending.extend(sorted(tasks, key=lambda task: task.puzzles[0].index))

    def _done(self, task: _Task, future: Future) -> None:
        """In the executor's thread (or at once, for a task done in this process)."""
        size = held_bytes(task.puzzles, future)
        with self._counting:
            self._count(-1)
            self.open.discard(future)
            task.bytes = size
            self.held += size
        self.on_done(len(task.puzzles))

    def _count(self, change: int) -> None:
        if self.outstanding is not None:
            self.outstanding.value += change

    def ready(self, final: bool = False) -> Iterator[Outcome]:
        """The outcomes at the head of the queue that are done, then room for more: wait
        for any task while `window` are open, and for the head while the outcomes held
        behind it are over HELD_BYTES. `final`: every outcome, waiting for each in turn."""
        while self.handed or self.pending:
            if self.handed:
                outcome = self.handed[0]
                yield outcome  # the caller counts it and takes it off (`taken`), or else:
                self.taken(outcome)
                continue
            task = self.pending[0]
            if task.future is not None and not task.future.done():
                if final or self.held > HELD_BYTES:
                    wait_for([task.future])
                elif len(self.open) >= self.window:
                    with self._counting:
                        open_now = list(self.open)
                    wait_for(open_now, any_of=True)
                    continue
                else:
                    return
            with signals_held():  # in one queue or the other, whenever Ctrl-C comes
                self.pending.popleft()
                with self._counting:
                    self.held -= task.bytes
                self.handed.extend(_outcomes(task.puzzles, task.future))

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
        for task in self.pending:
            future = task.future
            if future is None or future.done():
                done.extend(_outcomes(task.puzzles, future))
            elif future.running() and len(running) < self.jobs:
                running.append(task.puzzles)
            else:
                waiting += len(task.puzzles)
        self.handed.clear()
        self.pending.clear()
        with self._counting:
            self.open.clear()
        names = tuple(puzzle.source for task in running for puzzle in task)
        return done, Unfinished(names, waiting, max(sources - self.sources, 0))


def wait_for(futures: list[Future], any_of: bool = False) -> None:
    """Wait for a pool's tasks, all or (`any_of`) the first to end (concurrent.futures is
    imported only where there is a pool)."""
    from concurrent.futures import FIRST_COMPLETED, wait

    wait(futures, return_when=FIRST_COMPLETED if any_of else "ALL_COMPLETED")


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
    before it are done. Reading goes on while the workers solve, as far as the batch's
    bounds allow (Batch): a file of a million puzzles is read only as fast as it is
    solved. `on_loaded` hears how many puzzles have loaded so far. After Ctrl-C,
    `batch.stop` has the rest."""
    loaded = 0
    for puzzles in sources:
        batch.add(puzzles)
        loaded += len(puzzles)
        on_loaded(loaded)
        yield from batch.ready()
    yield from batch.ready(final=True)


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
