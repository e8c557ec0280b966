"""Command line: source -> load -> solve -> render. The only module that prints, reads sys.*,
or turns our errors into messages and exit statuses."""

from __future__ import annotations

import argparse
import json
import math
import os
import signal
import sys
import threading
import traceback
from contextlib import contextmanager, nullcontext, suppress

from rich.console import Console

from . import __version__, fetch, render
from .core import (
    CheckFailed,
    ExitStatus,
    FetchError,
    InputMissing,
    InvalidPuzzle,
    OutputFailed,
    PuzzleError,
    Status,
)
from .load import Loaded, LoadOptions, load, reader_names
from .solve import solve

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
    (InvalidPuzzle, ExitStatus.NO_SOLUTION),
    (CheckFailed, ExitStatus.BUG),
    (OutputFailed, ExitStatus.IO_ERROR),
)
MAX_SECONDS = 1_000_000  # a time limit beyond this is a typo (and past what timers take)
EXIT_PIPE = 128 + signal.SIGPIPE  # what the shell shows for a tool killed by SIGPIPE


def _say(line: str) -> None:
    """One line on stderr; a stderr that cannot be written must not change the exit status."""
    with suppress(OSError, ValueError, AttributeError):
        print(line, file=sys.stderr, flush=True)


def exit_status(error: PuzzleError) -> ExitStatus:
    """The exit status of one of our errors."""
    for kind, status in ERROR_EXITS:
        if isinstance(error, kind):
            return status
    return ExitStatus.DATA_ERROR


class _Stopped(BaseException):
    """SIGTERM or SIGHUP arrived: unwind (so the solver children are killed), then exit."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


class _PipeClosed(Exception):
    """Whoever read our output has gone (`| head`): stop quietly, as Unix tools do."""


class _Output(Console):
    """stdout and stderr: rich answers a closed pipe with exit 1 ("no solution" to us); we
    end as Unix tools do instead."""

    def on_broken_pipe(self) -> None:
        raise _PipeClosed


def _seconds(text: str) -> float:
    """An argparse type: a finite number of seconds, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or not 0 <= value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(
            f"{text!r}: give a number of seconds from 0 to {MAX_SECONDS:,}"
        )
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="puzzlesat",
        description="Solve a logic puzzle from the web with SAT, prove it unique, draw it.",
        epilog="SOURCE is a puzzle URL, a saved page or board file, or - for stdin "
        "(e.g. `xclip -o | puzzlesat solve -`).",
    )
    parser.add_argument("--version", action="version", version=f"puzzlesat {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, help_text in (
        ("solve", "solve a puzzle and draw the answer"),
        ("parse", "print the extracted board as JSON, without solving"),
    ):
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.add_argument(
            "source",
            nargs="?",
            metavar="SOURCE",
            help="URL, file, or - for stdin (default: stdin when piped)",
        )
        sub.add_argument(
            "--format",
            metavar="NAME",
            choices=reader_names(),
            help="read the input as this site or file format: %(choices)s",
        )
        sub.add_argument(  # the name it had before "kind" came to mean nonogram, shikaku...
            "--kind", dest="format", choices=reader_names(), help=argparse.SUPPRESS
        )
        sub.add_argument("--no-cache", action="store_true", help="fetch again even if cached")
        sub.add_argument(
            "--fetch-timeout",
            type=_seconds,
            metavar="S",
            default=fetch.DEADLINE,
            help="give up a download after S seconds in all, retries and redirects included "
            "(default: %(default)g)",
        )
        sub.add_argument(
            "--allow-any-host",
            action="store_true",
            help="fetch URLs of hosts puzzlesat does not know, then read by content",
        )
        sub.add_argument(
            "--user-agent",
            metavar="UA",
            default=fetch.USER_AGENT,
            help="User-Agent for requests (default: %(default)s)",
        )
        sub.add_argument("--debug", action="store_true", help="show tracebacks")
        if name == "solve":
            sub.add_argument("--json", action="store_true", help="print one JSON object")
            sub.add_argument("--ascii", action="store_true", help="ASCII drawing only")
            size = sub.add_mutually_exclusive_group()
            size.add_argument(
                "--compact",
                action="store_true",
                default=None,
                help="always draw the compact half-block picture",
            )
            size.add_argument(
                "--full",
                dest="compact",
                action="store_false",
                help="always draw the full picture with clues",
            )
            sub.add_argument(
                "--timeout",
                type=_seconds,
                metavar="S",
                help="give up after S seconds of solving (status unknown, exit 3)",
            )
    return parser


def _load(args, stdin, stderr: Console) -> Loaded:
    """The board of the command's SOURCE; on a terminal, say how to end a paste."""
    source = args.source or "-"
    if source == "-" and stdin.isatty():
        stderr.print("Paste the puzzle's HTML, then press Ctrl-D.", style="dim")
    options = LoadOptions(
        reader=args.format,
        allow_any_host=args.allow_any_host,
        use_cache=not args.no_cache,
        user_agent=args.user_agent,
        fetch_timeout=args.fetch_timeout,
    )
    return load(source, options, getattr(stdin, "buffer", stdin))


@contextmanager
def _output():
    """Writing to stdout: a closed pipe stops us quietly, any other failure is exit 74."""
    try:
        yield
        sys.stdout.flush()
    except BrokenPipeError:
        raise _PipeClosed from None
    except OSError as exc:
        raise OutputFailed(f"could not write the output: {exc.strerror or exc}") from None


def _silence_stdout() -> None:
    """After a failed write, point stdout at /dev/null so that the interpreter's last flush
    does not fail again (and print its own traceback) on the way out."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _solve(args, stdout: Console, stderr: Console, stdin) -> int:
    loaded = _load(args, stdin, stderr)
    board, timings = loaded.board, dict(loaded.timings)
    spinner = stderr.status("solving…") if stderr.is_terminal else nullcontext()
    with spinner:
        result = solve(board, timeout=args.timeout, isolate=True)
    timings.update(result.timings)
    with _output():
        if args.json:
            stdout.out(json.dumps(render.result_json(board, result, timings)), highlight=False)
        else:
            colour = not args.ascii and not stdout.no_color and stdout.color_system is not None
            style = render.Style(args.ascii, args.compact, stdout.width, colour)
            stdout.print(render.render(board, result, timings, style), crop=False)
    if result.status is Status.UNKNOWN:
        if args.timeout is None:  # the solver's process died (e.g. out of memory)
            _say(
                "puzzlesat: the solver stopped without an answer "
                "(hint: the puzzle may be too large for this machine)"
            )
        else:
            _say(
                f"puzzlesat: no answer within {args.timeout:g} s "
                "(hint: give it more time with --timeout)"
            )
    return STATUS_EXITS[result.status]


def _parse(args, stdout: Console, stderr: Console, stdin) -> int:
    board = _load(args, stdin, stderr).board
    with _output():
        stdout.out(json.dumps(render.board_json(board)), highlight=False)
    return ExitStatus.SOLVED


@contextmanager
def _stop_signals():
    """SIGTERM and SIGHUP unwind like Ctrl-C does, so the solver children die with us."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum, frame):
        raise _Stopped(signum)

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status instead of exiting."""
    parser = build_parser()
    args = parser.parse_args(argv)
    stdin = sys.stdin
    stdout = _Output(
        file=sys.stdout,
        safe_box=True,
        emoji=False,
        no_color=None if not getattr(args, "ascii", False) else True,
    )
    stderr = _Output(file=sys.stderr, emoji=False)
    if args.source is None and (stdin is None or stdin.isatty()):
        parser.print_usage(sys.stderr)
        _say(
            "puzzlesat: no SOURCE given and nothing piped in "
            "(hint: `puzzlesat solve URL`, a file, or `xclip -o | puzzlesat solve -`)"
        )
        return ExitStatus.USAGE
    if sys.stdout is None:  # started with stdout closed (`>&-`)
        _say("puzzlesat: could not write the output: standard output is closed")
        return ExitStatus.IO_ERROR
    try:
        with _stop_signals():
            return (_solve if args.command == "solve" else _parse)(args, stdout, stderr, stdin)
    except PuzzleError as exc:
        if args.debug:
            traceback.print_exc()
        hint = f" (hint: {exc.hint})" if exc.hint else ""
        _say(f"puzzlesat: {exc}{hint}")
        if isinstance(exc, OutputFailed):
            _silence_stdout()
        return exit_status(exc)
    except _PipeClosed:
        _silence_stdout()
        return EXIT_PIPE
    except KeyboardInterrupt:
        _say("puzzlesat: interrupted")
        return ExitStatus.INTERRUPTED
    except _Stopped as stop:
        name = signal.Signals(stop.signum).name
        _say(f"puzzlesat: stopped by {name}")
        return 128 + stop.signum
    except Exception as exc:  # a bug of ours: still one line, unless --debug
        if args.debug:
            raise
        _say(
            f"puzzlesat: internal error: {type(exc).__name__}: {exc} "
            "(hint: rerun with --debug and report it)"
        )
        return ExitStatus.BUG
