"""Where a batch's tasks run, and what runs there: a pool of solver processes (forked from a
server that has the solver loaded), this process for a batch of one task, or a Dask
cluster's executor; `solve_boards` is the task itself. A worker imports this module and the
solver, never the batch's reading and ordering (batch.py).

A pool that finished its work is shut down waiting for its own thread: interpreter exit
otherwise wakes that thread through a pipe the thread may be closing at that very moment
("Exception ignored ... Bad file descriptor" after a batch that succeeded).
"""

from __future__ import annotations

import functools
import os
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING

from .kinds import Board, kind_of

if TYPE_CHECKING:
    from concurrent.futures import Executor, ProcessPoolExecutor


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

    def cancelled(self) -> bool:
        return False

    def exception(self) -> BaseException | None:
        return self.error

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
        # every task is done: the workers end at once, and the pool's thread is joined
        # before interpreter exit would wake it (the module's docstring)
        pool.shutdown(wait=True, cancel_futures=True)


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
