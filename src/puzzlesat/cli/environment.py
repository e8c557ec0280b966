"""What a run of the command line may touch of its process, gathered in one place.

The streams, whether each is a terminal, the terminal's width and the environment variables
are read once, here, when `main` is not handed an Environment; every command and output
function gets them from the Environment, so that tests (and programs embedding puzzlesat)
can run it on their own streams, and nothing else in `cli/` reads sys.* or os.environ.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import IO, Any


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


@dataclass(frozen=True)
class Environment:
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
    environ: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def from_system(cls) -> Environment:
        """The process's own streams and environment: what `puzzlesat` runs with."""
        return cls.of_streams(sys.stdin, sys.stdout, sys.stderr, os.environ)

    @classmethod
    def of_streams(
        cls, stdin: Any, stdout: Any, stderr: Any, environ: Mapping[str, str] | None = None
    ) -> Environment:
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
        status, and a closed one (`2>&-`) is not print's cue to write on stdout."""
        if self.stderr is not None:
            with suppress(OSError, ValueError, AttributeError):
                print(line, file=self.stderr, flush=True)
