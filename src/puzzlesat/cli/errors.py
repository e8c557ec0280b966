"""Our errors as the user meets them: the one place where the error hierarchy of core.py
becomes exit statuses, one line on stderr with its hint, and (under --json) one object on
stdout. Commands raise; only this module decides what a failure says and how it exits."""

from __future__ import annotations

import signal
from contextlib import suppress
from typing import Any

from ..core import (
    CheckFailed,
    ExitStatus,
    FetchError,
    InputMissing,
    InvalidPuzzle,
    OutputFailed,
    PuzzleError,
    ServiceUnavailable,
    Status,
    WorkerFailed,
    bounded,
    caused_by_interrupt,
    json_text,
)
from .environment import Environment

STATUS_EXITS = {
    Status.UNIQUE: ExitStatus.SOLVED,
    Status.MULTIPLE: ExitStatus.SOLVED,
    Status.NONE: ExitStatus.NO_SOLUTION,
    Status.UNKNOWN: ExitStatus.TIMED_OUT,
}
# Our errors, most specific first; any other PuzzleError is a fault of the input's data.
ERROR_EXITS = (
    (InputMissing, ExitStatus.NO_INPUT),
    (FetchError, ExitStatus.UNAVAILABLE),
    (ServiceUnavailable, ExitStatus.UNAVAILABLE),
    (InvalidPuzzle, ExitStatus.NO_SOLUTION),
    (CheckFailed, ExitStatus.BUG),
    (WorkerFailed, ExitStatus.BUG),
    (OutputFailed, ExitStatus.IO_ERROR),
)
EXIT_PIPE = 128 + signal.SIGPIPE  # what the shell shows for a tool killed by SIGPIPE
SITE_MISMATCH = (
    "warning: the answer differs from the site's own (the page's hashedSolution): the page "
    "was misread, or the site's game differs from puzzlesat's",
    "compare `puzzlesat parse` of the page with the puzzle on the site, and report it",
)


def result_exit(result: Any, env: Environment | None = None, source: str | None = None) -> int:
    """The exit status of a solve: its status's, but 65 when the answer differs from its
    page's own hash, which is then said on `env`'s stderr (of `source`, in a batch)."""
    if result.site_check != "mismatch":
        return STATUS_EXITS[result.status]
    if env is not None:
        message, hint = SITE_MISMATCH
        env.say(said(f"{source}: {message}" if source else message, hint))
    return ExitStatus.DATA_ERROR


def exit_status(error: PuzzleError) -> ExitStatus:
    """The exit status of one of our errors."""
    for kind, status in ERROR_EXITS:
        if isinstance(error, kind):
            return status
    return ExitStatus.DATA_ERROR


class Stopped(BaseException):
    """SIGTERM or SIGHUP arrived: unwind (so the solver children are killed), then exit."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


class PipeClosed(Exception):
    """Whoever read our output has gone (`| head`): stop quietly, as Unix tools do."""


class UsageError(Exception):
    """A command line argparse refused, or options that do not go together with the input:
    reported with the usage of the command it was for, or on one line alone when it names
    what was meant ("did you mean --json?"): the usage would only bury that."""

    def __init__(self, parser: Any, message: str, one_line: bool = False):
        super().__init__(message)
        self.parser = parser
        self.one_line = one_line


def said(message: str, hint: str | None = None, who: str = "puzzlesat") -> str:
    """A failure as its line on stderr."""
    return f"{who}: {message}" + (f" (hint: {hint})" if hint else "")


def error_fields(message: str, hint: str | None, status: int) -> dict:
    """The `error` object of the JSON output."""
    return {"message": message, "hint": hint, "exit": int(status)}


def error_record(board: Any, message: str, hint: str | None, status: int) -> dict:
    """The JSON object of an outcome without an answer (one puzzle's, or one line of a
    batch): the board when there is one, `status` ("none" for clues that cannot hold, else
    "error") and the error."""
    from ..render import board_json

    record = board_json(board) if board is not None else {}
    record["status"] = "none" if status == ExitStatus.NO_SOLUTION else "error"
    if status == ExitStatus.NO_SOLUTION:
        record["solution"] = None
    record["error"] = error_fields(message, hint, status)
    return record


class writing:  # noqa: N801 - used as a function: `with writing(env):`
    """Writing to stdout: a closed pipe stops us quietly, any other failure is exit 74.
    `flush=False` leaves what was written in the stream's buffer, for the next flush. A
    class, not a generator: a batch enters it once a line."""

    __slots__ = ("env", "flush")

    def __init__(self, env: Environment, flush: bool = True):
        self.env, self.flush = env, flush

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind, error, trace) -> bool:
        if error is None and self.flush:
            try:
                self.env.stdout.flush()
            except OSError as exc:
                error = exc
        if isinstance(error, BrokenPipeError):
            raise PipeClosed from None
        if isinstance(error, OSError):
            raise OutputFailed(f"could not write the output: {error.strerror or error}") from None
        return False  # anything else goes on as it was


def silence_stdout(env: Environment) -> None:
    """After a failed write, point stdout at /dev/null so that the interpreter's last flush
    does not fail again (and print its own traceback) on the way out."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, env.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


class Context:
    """What an error needs to be reported well: the streams, --json, --debug, and the run
    once it exists (its board goes into the JSON)."""

    def __init__(self, argv: list[str], env: Environment):
        command = next((arg for arg in argv if not arg.startswith("-")), None)
        self.json = command in ("solve", "hint") and "--json" in argv  # before argparse has said
        self.debug = "--debug" in argv
        self.env = env
        self.run: Any = None
        self.interrupted = False  # Ctrl-C came: an error that follows is its doing

    def fail(self, message: str, hint: str | None, status: int) -> int:
        """Report a failure: one line on stderr, and under --json its object on stdout."""
        self.env.say(said(message, hint))
        if self.json and status not in (ExitStatus.IO_ERROR, EXIT_PIPE):
            self._print_json(message, hint, status, self.run.board if self.run else None)
        return status

    def _print_json(self, message: str, hint: str | None, status: int, board: Any) -> None:
        if self.env.stdout is None:
            return
        record = error_record(board, message, hint, status)
        with suppress(PipeClosed, OutputFailed, OSError, ValueError), writing(self.env):
            print(json_text(record), file=self.env.stdout, flush=True)

    def usage_error(self, error: UsageError) -> int:
        """argparse's usage line and message, of the command that was wrong; one JSON
        object on stdout as well under solve --json."""
        if self.env.stderr is not None and not error.one_line:
            error.parser.print_usage(self.env.stderr)
        hint = None
        if error.one_line:  # it names what was meant
            pass
        elif error.parser.prog == "puzzlesat" and "invalid choice" in str(error):
            hint = "give a command first, e.g. `puzzlesat solve SOURCE`"
        self.env.say(said(f"error: {error}", hint, who=error.parser.prog))
        if self.json:
            self._print_json(str(error), hint, ExitStatus.USAGE, board=None)
        return ExitStatus.USAGE

    def handle(self, exc: BaseException) -> int:
        """The exit status of what ended a command, reported; what is not ours to report
        (--debug on a bug, SystemExit) is raised again."""
        if isinstance(exc, PuzzleError):
            if self.debug:
                import traceback

                traceback.print_exception(exc, file=self.env.stderr)
            status = exit_status(exc)
            if status == ExitStatus.IO_ERROR:
                silence_stdout(self.env)
            return self.fail(str(exc), exc.hint, status)
        if isinstance(exc, PipeClosed):
            silence_stdout(self.env)
            return EXIT_PIPE
        if isinstance(exc, Stopped):
            name = signal.Signals(exc.signum).name
            return self.fail(f"stopped by {name}", None, 128 + exc.signum)
        # Ctrl-C, or what it broke: an import that ends in another error, sometimes with no
        # trace of the KeyboardInterrupt (a C extension's, half loaded, as a TypeError)
        if isinstance(exc, KeyboardInterrupt) or (
            isinstance(exc, Exception) and (self.interrupted or caused_by_interrupt(exc))
        ):
            return self.fail("interrupted", None, ExitStatus.INTERRUPTED)
        if not isinstance(exc, Exception) or self.debug:
            raise exc
        return self.fail(  # a bug of ours: still one line, unless --debug
            bounded(f"internal error: {type(exc).__name__}: {exc}"),
            "rerun with --debug and report it",
            ExitStatus.BUG,
        )
