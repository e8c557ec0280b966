"""Command line: source -> load -> solve -> render. The only package that prints, and the one
that turns our errors into messages and exit statuses (cli.errors).

`main` builds the Environment (the process's streams and variables) unless it is handed one,
and every command and output function writes to that alone. Start-up is part of the product
(a small puzzle takes less time to solve than Python takes to import a SAT solver): `--version`
and usage errors import the parser and the errors only, and the commands import rich,
requests, bs4 and the solvers on the paths that use them (`solve --help` lists the readers,
which imports them).
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ..core import HOLD, ExitStatus
from .environment import Environment
from .errors import EXIT_PIPE, Context, Stopped, UsageError, exit_status
from .parser import Parser, build_parser, command_named, complete_if_asked

if TYPE_CHECKING:
    from argparse import Namespace

__all__ = ["EXIT_PIPE", "Environment", "build_parser", "exit_status", "main"]


def main(argv: list[str] | None = None, env: Environment | None = None) -> int:
    """Run the command line; returns the exit status instead of exiting. `env` defaults to
    this process's streams and environment variables."""
    argv = sys.argv[1:] if argv is None else list(argv)
    env = env or Environment.from_system()
    context = Context(argv, env)
    try:
        with _stop_signals(context):
            return _command_line(argv, context)
    except BaseException as exc:  # reported as it deserves; what is not ours is raised
        return context.handle(exc)


@contextmanager
def _stop_signals(context: Context) -> Iterator[None]:
    """SIGTERM and SIGHUP unwind like Ctrl-C does, so the solver children die with us; a
    Ctrl-C is noted in `context` as it comes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum, frame):
        _raise(Stopped(signum))

    def interrupt(signum, frame):
        context.interrupted = True
        _raise(KeyboardInterrupt())

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGHUP)}
    previous[signal.SIGINT] = signal.signal(signal.SIGINT, interrupt)
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _raise(signalled: BaseException) -> None:
    """What a signal raises: now, or as the step that holds signals ends (core.HOLD)."""
    if HOLD.depth:
        HOLD.pending = HOLD.pending or signalled
        return
    raise signalled


def _command_line(argv: list[str], context: Context) -> int:
    """Parse, check that there is something to read, and run the command."""
    env = context.env
    parser = build_parser(env.stdout, None if env.completing else command_named(argv))
    complete_if_asked(parser, env.completing)
    try:
        args, extra = parser.parse_known_args(argv)
        extra = _stdin_numbers_as_sources(args, extra)
        if extra:  # reported by the command they were given to, with its usage
            parser.command(args.command).error(f"unrecognized arguments: {' '.join(extra)}")
    except UsageError as error:
        return context.usage_error(error)
    except SystemExit as done:  # --help, --version
        return done.code if isinstance(done.code, int) else ExitStatus.SOLVED
    if args.command is None:  # bare `puzzlesat`: what it can do
        from .errors import writing

        with writing(env):
            parser.print_help()
        return ExitStatus.SOLVED
    given = getattr(args, "sources", None) or getattr(args, "source", None)
    piped = env.stdin is not None and not env.stdin_isatty
    if args.command in ("solve", "parse", "convert") and not given and not piped:
        if env.stderr is not None:
            parser.command(args.command).print_usage(env.stderr)
        return context.fail(
            "no SOURCE given and nothing piped in",
            "`puzzlesat solve URL`, a file, or `xclip -o | puzzlesat solve -`",
            ExitStatus.USAGE,
        )
    if env.stdout is None:  # started with stdout closed (`>&-`)
        env.say("puzzlesat: could not write the output: standard output is closed")
        return ExitStatus.IO_ERROR
    return _run(args, context, parser)


def _stdin_numbers_as_sources(args: Namespace, extra: list[str]) -> list[str]:
    """`-#N`, standard input's Nth puzzle as a piped batch names it, taken as the source it
    is, though it starts with a dash; the other arguments argparse did not know are left."""
    numbered = [arg for arg in extra if arg[:2] == "-#" and arg[2:].isdigit()]
    if numbered and hasattr(args, "sources"):
        args.sources = [*(args.sources or []), *numbered]
    elif len(numbered) == 1 and getattr(args, "source", "") is None:
        args.source = numbered[0]
    else:
        return extra
    return [arg for arg in extra if arg not in numbered]


def _run(args: Namespace, context: Context, parser: Parser) -> int:
    """The command, with a Run the errors can see (its board goes into --json)."""
    from .commands import COMMANDS, Run

    context.run = Run(args, context.env, parser.command(args.command))
    try:
        return COMMANDS[args.command](context.run)
    except UsageError as error:  # options that do not go together with this input
        return context.usage_error(error)
