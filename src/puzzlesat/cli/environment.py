"""What a run of the command line may touch of its process, gathered in one place.

The streams, whether each is a terminal, the terminal's width and the environment variables
are read once, here, when `main` is not handed an Environment; every command and output
function gets them from the Environment, so that tests (and programs embedding puzzlesat)
can run it on their own streams, and nothing else in `cli/` reads sys.* or os.environ.
"""

import os
import sys
import time
from collections.abc import Mapping
from contextlib import suppress
from types import MappingProxyType
from typing import IO, Any, NamedTuple

from ..core import safe_text


def isatty(stream: Any) -> bool:
    """Whether `stream` is a terminal; a closed or missing stream is not."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def _terminal_width(stdout: Any, environ: Mapping[str, str]) -> int:
    """The columns of stdout's terminal: COLUMNS first (as rich reads it), else its size."""
    columns = environ.get("COLUMNS", "")
    if columns.isdigit():
        return int(columns)
    try:
        return os.get_terminal_size(stdout.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80


# Seconds a process may have spent off the CPU before our code runs (Python's start-up
# reading its files) and still be taken to have started as it was forked.
EXEC_GAP = 0.5


def process_started() -> float:
    """When this process started, on time.perf_counter's clock: what a user waits for
    includes Python's own start and our imports, which no clock of ours sees begin. Linux
    says when it was forked (/proc/self/stat, in clock ticks since boot); elsewhere, now.

    A process is not always exec'd as soon as it is forked: `sh -c 'sleep 2; puzzlesat
    ...'` execs us in the shell's own process, two seconds on. Linux records no exec time,
    but it does count the time the process was runnable (/proc/self/schedstat): far less
    than its age (by EXEC_GAP), it waited for something before it became us, and its
    runnable time is the better measure of ours (it misses only Python's start-up reads)."""
    now = time.perf_counter()
    age = _age_since_fork()
    if age is None:
        return now
    runnable = _runnable_seconds()
    if runnable is not None and age - runnable > EXEC_GAP:
        age = runnable
    return now - age


def _age_since_fork() -> float | None:
    try:
        with open("/proc/self/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
        ticks = int(fields[19])  # field 22, counted from the state (field 3)
        since_boot = time.clock_gettime(time.CLOCK_BOOTTIME)
        age = since_boot - ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError, AttributeError):
        return None
    return age if 0 <= age < 24 * 3600 else None


def _runnable_seconds() -> float | None:
    """Seconds this process has spent on a CPU or waiting for one."""
    try:
        with open("/proc/self/schedstat", "rb") as stat:
            on_cpu, waiting = stat.read().split()[:2]
        return (int(on_cpu) + int(waiting)) / 1e9
    except (OSError, ValueError):
        return None


class Environment(NamedTuple):
    """The streams and settings of one run. `environ` holds the variables that steer the
    output (NO_COLOR, COLORTERM, TERM, FORCE_COLOR, COLUMNS): rich is handed it in place of
    os.environ. --colour is the command's, applied over these (cli.output)."""

    stdin: IO[str] | None
    stdout: IO[str] | None
    stderr: IO[str] | None
    stdin_isatty: bool = False
    stdout_isatty: bool = False
    stderr_isatty: bool = False
    terminal_width: int | None = None  # stdout's terminal; None when stdout is no terminal
    environ: Mapping[str, str] = MappingProxyType({})
    started: float | None = None  # time.perf_counter() when the process started, if known

    @classmethod
    def from_system(cls) -> "Environment":
        """The process's own streams and environment: what `puzzlesat` runs with."""
        env = cls.of_streams(sys.stdin, sys.stdout, sys.stderr, os.environ)
        return env._replace(started=process_started())

    def restarted(self) -> "Environment":
        """The clock started again now: the input a user pasted at the prompt has ended,
        and what they wait for starts here."""
        return self._replace(started=time.perf_counter())

    def waited(self) -> float | None:
        """Seconds since the process started (None when not known): what the user waited."""
        return None if self.started is None else time.perf_counter() - self.started

    @classmethod
    def of_streams(
        cls, stdin: Any, stdout: Any, stderr: Any, environ: Mapping[str, str] | None = None
    ) -> "Environment":
        """These streams, each a terminal if it says so, and a copy of `environ`."""
        environ = MappingProxyType(dict(environ or {}))
        tty = isatty(stdout)
        return cls(
            stdin,
            stdout,
            stderr,
            stdin_isatty=isatty(stdin),
            stdout_isatty=tty,
            stderr_isatty=isatty(stderr),
            terminal_width=_terminal_width(stdout, environ) if tty else None,
            environ=environ,
        )

    @property
    def truecolor(self) -> bool:
        """Whether the terminal says it shows 24-bit colour (for --colour always)."""
        return self.environ.get("COLORTERM", "").lower() in ("truecolor", "24bit")

    @property
    def completing(self) -> bool:
        """Whether the shell runs us to complete a command line (argcomplete's variable)."""
        return "_ARGCOMPLETE" in self.environ

    @property
    def binary_stdin(self) -> Any:
        """stdin as bytes, when it has them (a page is decoded by its own charset)."""
        return getattr(self.stdin, "buffer", self.stdin)

    def say(self, line: str) -> None:
        """One line on stderr; a stderr that cannot be written must not change the exit
        status, and a closed one (`2>&-`) is not print's cue to write on stdout. Made safe
        as a last stop: argparse quotes command-line words, which enter by no reader."""
        if self.stderr is not None:
            with suppress(OSError, ValueError, AttributeError):
                print(safe_text(line), file=self.stderr, flush=True)
