"""Shared test helpers: fixture paths, hypothesis profiles, and no test may reach the network
(network_guard) or the real cache."""

from __future__ import annotations

import io
import itertools
import os
import select
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

import pytest
from hypothesis import settings

pytest_plugins = ["network_guard", "pytester"]

# Property tests draw the same examples on every run (CI reports are reproducible, no test
# reads or writes a local example database); `HYPOTHESIS_PROFILE=explore pytest` draws fresh
# ones, ten times as many where a test leaves the count to the profile.
settings.register_profile("ci", derandomize=True, database=None, deadline=None, print_blob=True)
settings.register_profile("explore", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"
SHARED_DATA = ROOT.parent / "shared" / "data"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A test that reads ../shared/data is skipped, not failed, in a checkout that has no
    ../shared beside it (CI clones next to it; a lone clone has only fixtures/). Where the
    data is there, a file missing from it still fails the test."""
    outcome = yield
    report = outcome.get_result()
    if SHARED_DATA.exists() or call.excinfo is None:
        return
    if not call.excinfo.errisinstance(FileNotFoundError):
        return
    missing = os.path.abspath(call.excinfo.value.filename or "")
    if missing.startswith(os.path.abspath(SHARED_DATA) + os.sep):
        report.outcome = "skipped"
        report.longrepr = (str(item.path), item.location[1] or 0, "../shared/data is not there")


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch):
    """Every test gets its own empty cache directory."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def fixture_text(*parts: str) -> str:
    return FIXTURES.joinpath(*parts).read_text(encoding="utf-8")


class Stdin(io.StringIO):
    """Standard input for main(argv): text, a terminal or not."""

    def __init__(self, text: str = "", tty: bool = False):
        super().__init__(text)
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def streams(stdin: bytes = b"", **settings):
    """An Environment on fresh streams: stdin bytes (read through .buffer, as a page is),
    stdout bytes to read back with `written`, stderr text."""
    from puzzlesat.cli import Environment

    return Environment(
        stdin=io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"),
        stdout=io.TextIOWrapper(io.BytesIO(), encoding="utf-8", write_through=True),
        stderr=io.StringIO(),
        **settings,
    )


def written(env) -> str:
    """What a command wrote to the stdout of `streams`."""
    return env.stdout.buffer.getvalue().decode()


def run_cli(monkeypatch, capsys, argv, stdin: str = "", tty: bool = False):
    """(exit status, stdout, stderr) of `puzzlesat ARGV` run in this process."""
    from puzzlesat.cli import main

    monkeypatch.setattr("sys.stdin", Stdin(stdin, tty))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def blind_to_what_lands_after_the_first_timeout(real_wait, timed_out: threading.Event):
    """A stand-in for the race's wait (`Racers.wait`): the first wait that times out with
    nothing ready sets `timed_out`, then waits until a racer's answer is in its pipe and
    reports nothing, so the race goes on as if that answer had landed just after the wait."""

    def wait(conns, timeout):
        ready = real_wait(conns, timeout)
        if not ready and timeout and not timed_out.is_set():
            timed_out.set()
            assert real_wait(conns, 10)  # an answer is in its pipe now, unseen
        return ready

    return wait


def stalled_search(encoding, progress=None, hold=None, **_):
    """A stand-in for find_two (`Racers.minisat`) that never answers: run in this process
    (`hold` given), it waits until the solver it hands over is interrupted, as MiniSat
    would; in a child it waits until it is killed."""
    interrupted = threading.Event()

    class Solver:
        def interrupt(self):
            interrupted.set()

    if hold is not None:
        hold(Solver())
    interrupted.wait(30)
    if hold is not None:
        hold(None)
    return None


PTY_END = b"[the end of what was written here]"  # no newline: the terminal leaves it as it is


class PtyOutput:
    """What the holders of a pseudo-terminal's other end (a child, its workers) write, read
    from its `master` side: `read` reads what came, `end` marks the end of what they wrote
    and reads up to the mark.

    The end is a mark written after them, not the kernel's EIO once every holder has closed
    the terminal, nor a quiet spell: the kernel hands what is written on in order, but late
    under load (CI once saw only a drawing's title before the EIO), and the mark comes after
    the last of it however late that is."""

    def __init__(self, master: int, slave: int):
        self.master, self.slave = master, slave
        self.data = bytearray()
        self.ended = False

    def chunk(self, timeout: float) -> bytes:
        """What came within `timeout` seconds (b"": nothing)."""
        if not select.select([self.master], [], [], timeout)[0]:
            return b""
        return os.read(self.master, 65536)

    def add(self, chunk: bytes) -> None:
        """Keep `chunk`, up to the end mark."""
        if self.ended:
            return
        start = max(len(self.data) - len(PTY_END), 0)
        self.data += chunk
        at = self.data.find(PTY_END, start)
        if at >= 0:
            del self.data[at:]
            self.ended = True

    def read(self, timeout: float) -> None:
        self.add(self.chunk(timeout))

    def mark_end(self, drain: Callable[[], object], within: float = 30) -> None:
        """Write the end mark, through a descriptor of its own that does not block (a full
        terminal waits for its reader, which may be this thread): `drain()` between tries."""
        deadline = time.monotonic() + within
        fd = os.open(os.ttyname(self.slave), os.O_WRONLY | os.O_NOCTTY | os.O_NONBLOCK)
        try:
            left = PTY_END
            while left and time.monotonic() < deadline:
                with suppress(BlockingIOError):
                    left = left[os.write(fd, left):]
                if left:
                    drain()
        finally:
            os.close(fd)

    def end(self, within: float = 30) -> None:
        """Mark the end and read up to it, in this thread, within `within` seconds."""
        deadline = time.monotonic() + within
        self.mark_end(lambda: self.read(0.05), within)
        while not self.ended and time.monotonic() < deadline:
            self.read(0.05)
        assert self.ended, f"the end mark never came: {bytes(self.data[-300:])!r}"


@pytest.fixture
def no_probing_search(monkeypatch):
    """The nonogram's probing search taken out of the race (as where no compiler built it),
    for tests of what MiniSat and its racers do and say: it would answer first and make
    their steps and their winner depend on timing."""
    monkeypatch.setattr("puzzlesat.kinds.nonogram.search._search", None)


def line_fillings(clue, length: int) -> list[tuple[int, ...]]:
    """Every black-and-white line of `length` cells whose runs are `clue`, by trying all."""
    from puzzlesat.kinds.nonogram.board import runs

    lines = itertools.product((0, 1), repeat=length)
    return [line for line in lines if runs(line) == tuple(clue)]


def fitting_grids(rows, cols) -> set[tuple[tuple[int, ...], ...]]:
    """Every grid whose rows fit their clues, and every grid whose columns fit theirs: each
    answer is among them, and so is each near miss a checker that forgot rows or columns
    would take (a 5x4 board has about a thousand instead of a million)."""
    by_rows = itertools.product(*(line_fillings(clue, len(cols)) for clue in rows))
    by_cols = itertools.product(*(line_fillings(clue, len(rows)) for clue in cols))
    return set(by_rows) | {tuple(zip(*grid)) for grid in by_cols}


def brute_force_answers(rows, cols, cap: int | None = None) -> list[tuple[tuple[int, ...], ...]]:
    """Every answer of a small black-and-white nonogram (the first `cap`), by trying each grid
    whose rows fit their clues: the same answers as trying all 2^(w*h) grids."""
    from puzzlesat.kinds.nonogram.board import runs

    answers = []
    for grid in itertools.product(*(line_fillings(clue, len(cols)) for clue in rows)):
        if all(runs(col) == tuple(clue) for col, clue in zip(zip(*grid), cols)):
            answers.append(grid)
            if len(answers) == cap:
                break
    return answers


@pytest.fixture(autouse=True)
def _signals_left_as_found():
    """A test leaves this process's signal mask and its Ctrl-C handler as it found them:
    a blocked or ignored SIGINT is inherited by every process a later test starts, whose
    Ctrl-C then never arrives."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, set())
    handler = signal.getsignal(signal.SIGINT)
    yield
    assert signal.pthread_sigmask(signal.SIG_BLOCK, set()) == mask, "the test left signals blocked"
    assert signal.getsignal(signal.SIGINT) == handler, "the test left SIGINT handled otherwise"


def pytest_configure(config):
    """Ctrl-C reaches the processes the tests start, as it does from a terminal: a suite run
    in the background of a script inherits SIGINT ignored, and every child would too (a
    handler of ours, unlike SIG_IGN, is reset to the default in a child at exec)."""
    import signal

    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
