"""The racers' vehicles: threads of this process for MiniSat and a kind's search, a forked
child for the hard strategy.

A solver inside a C call does not see Python signals, and CaDiCaL cannot be interrupted at
all. So under a time limit MiniSat runs in a thread of this process, which the calling thread
interrupts at the deadline or on a signal, and the hard strategy runs in a forked child,
killed at the deadline. (A forked child for MiniSat too cost more than solving most puzzles:
benchmarks/README.md.) Every racer answers through a pipe, so that one wait serves them all:
("step", name) as it moves on, then ("ok", outcome), ("skip", None) or ("error", exc). A
thread's pipe hands its messages over as objects (`thread_pipe`): only a forked child needs
multiprocessing, which a puzzle settled without one never imports.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Sequence

from pysat.solvers import Solver

from .contract import Encoding, Progress, SatOutcome, Search
from .models import find_two

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
        import ctypes  # the child's only: the parent never needs it

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


class _Inbox:
    """Our end of a thread's pipe: what the racer sent, and an OS pipe with a byte a message
    (its read end is what `wait` selects on; the write end closed reads as the end)."""

    def __init__(self) -> None:
        self._fd, self.write_fd = os.pipe()
        self.messages: deque = deque()
        self.closed = False

    def fileno(self) -> int:
        return self._fd

    def poll(self, timeout: float | None = 0.0) -> bool:
        return bool(wait([self], timeout))

    def recv(self) -> object:
        """The next message; EOFError once the racer has closed its end with none left."""
        if not os.read(self._fd, 1):
            raise EOFError
        return self.messages.popleft()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            os.close(self._fd)

    __del__ = close


class _Outbox:
    """The racer thread's end. A message after our end was closed is dropped with OSError,
    as a closed multiprocessing pipe says (the racer's `send` expects it)."""

    def __init__(self, inbox: _Inbox):
        self._inbox = inbox

    def send(self, message: object) -> None:
        if self._inbox.closed:
            raise OSError("the pipe's other end is closed")
        self._inbox.messages.append(message)
        os.write(self._inbox.write_fd, b"m")  # our end closed meanwhile: BrokenPipeError

    def close(self) -> None:
        os.close(self._inbox.write_fd)


def thread_pipe() -> tuple[_Inbox, _Outbox]:
    """A one-way pipe between two threads of this process: (our end, the racer's end)."""
    inbox = _Inbox()
    return inbox, _Outbox(inbox)


def wait(conns: Sequence, timeout: float | None = None) -> list:
    """The ends among `conns` (thread pipes or a child's) with something to read, or closed,
    waiting up to `timeout` seconds (None: until one is)."""
    poller = select.poll()
    for conn in conns:
        poller.register(conn.fileno(), select.POLLIN)
    ms = None if timeout is None else max(int(timeout * 1000 + 0.999), 0)
    ready = {fd for fd, _ in poller.poll(ms)}
    return [conn for conn in conns if conn.fileno() in ready]


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


class InThread:
    """`find_two` in a thread of this process. Its steps and its outcome come through a pipe,
    as a child's do, so that one wait serves both; `stop()` interrupts its solver.

    `built` is set once its solver exists (or it has ended without one). A thread given
    `after` (another's `built`) waits for it before building its own solver: building holds
    the GIL, and the other is then solving without it. A thread given `needless` calls its
    build off once `needless()` is true (the search has decided: its solver is not needed).
    `find` is what it runs: `find_two`, or a stand-in of the same signature."""

    def __init__(
        self,
        encoding: Encoding,
        report: bool,
        after: threading.Event | None = None,
        needless: Callable[[], bool] | None = None,
        find: Callable[..., SatOutcome | None] = find_two,
    ):
        self.conn, theirs = thread_pipe()
        self.built = threading.Event()
        self._after = after
        self._lock = threading.Lock()
        self._solver: Solver | None = None
        self._stopped = False
        self._needless = needless
        self._find = find
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
            return self._find(encoding, progress, self._hold, stopped=self._is_stopped)

        try:
            _answer_through(conn, search, report)
        finally:
            self.built.set()

    def interrupt(self) -> None:
        """Interrupt the solver (or call its build off) and leave our end open: what it
        found so far still comes through the pipe (a count at its deadline)."""
        with self._lock:
            self._stopped = True
            if self._solver is not None:
                self._solver.interrupt()

    def stop(self, join: bool = True) -> None:
        """Interrupt the solver and close our end (a send blocked on a full pipe fails and
        the thread ends); with `join`, wait for it a little (a fork must not find it
        running), then leave it. A solver still being built cannot be interrupted, and is
        not waited for: once built it is interrupted at once (`_hold`), and the thread ends
        on its own without holding up a deadline."""
        self.interrupt()
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
        self.conn, theirs = thread_pipe()
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


class Child:
    """`work(progress)` in a forked child that dies with this process (`_die_with_parent`);
    `stop()` kills it. The one racer that cannot be interrupted (CaDiCaL) runs this way."""

    def __init__(self, work: Callable[[Progress | None], SatOutcome | None], report: bool):
        import multiprocessing  # only where a child is forked

        ctx = multiprocessing.get_context("fork")
        self.conn, theirs = ctx.Pipe(duplex=False)
        self._proc = ctx.Process(
            target=_child, args=(theirs, work, os.getpid(), report), daemon=True
        )
        with _signals_held():
            self._proc.start()
        theirs.close()

    def stop(self, join: bool = True) -> None:
        """Kill it and wait for it, `join` or not: a child must not outlive the race."""
        if self._proc.is_alive():
            self._proc.kill()
        self._proc.join()
        self.conn.close()
