"""Command line: source -> load -> solve -> render. The only module that prints, reads sys.*,
or turns our errors into messages and exit statuses.

Start-up is part of the product (a small puzzle takes less time to solve than Python takes
to import a SAT solver), so rich, requests, bs4 and the solvers are imported only on the
paths that use them: `--version` and usage errors import none of them (`solve --help`
lists the readers, which imports them).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import signal
import sys
import threading
import time
import traceback
from contextlib import contextmanager, nullcontext, suppress
from typing import TYPE_CHECKING

from . import __version__
from .core import (
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
    caused_by_interrupt,
)

if TYPE_CHECKING:
    from rich.console import Console

    from .load import Loaded

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
MAX_SECONDS = 1_000_000  # a time limit beyond this is a typo (and past what timers take)
EXIT_PIPE = 128 + signal.SIGPIPE  # what the shell shows for a tool killed by SIGPIPE
SHELLS = ("bash", "zsh", "fish")


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


class _UsageError(Exception):
    """A command line argparse refused: reported with the usage of the command it was for."""

    def __init__(self, parser: argparse.ArgumentParser, message: str):
        super().__init__(message)
        self.parser = parser


class _Parser(argparse.ArgumentParser):
    """argparse, raising instead of exiting, so that main() returns and --json still answers;
    options are never abbreviated (`--js` is not `--json`: scripts must know which they got)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str):
        raise _UsageError(self, message)


def _output_console(file, **options) -> Console:
    """A rich Console on stdout or stderr: a closed pipe stops us quietly, as Unix tools do
    (rich itself would exit 1, "no solution" to us)."""
    from rich.console import Console

    class Output(Console):
        def on_broken_pipe(self) -> None:
            raise _PipeClosed

    return Output(file=file, emoji=False, highlight=False, **options)


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


class _ReaderNames:
    """`--format`'s choices, looked up only when the option is given or help is printed:
    listing them imports every site and format, which `--version` need not wait for."""

    def _names(self) -> list[str]:
        from .load import reader_names

        return reader_names()

    def __contains__(self, name: object) -> bool:
        return name in self._names()

    def __iter__(self):
        return iter(self._names())


def _reading_options(sub: argparse.ArgumentParser, many: bool = False) -> None:
    """The options of every command that loads a puzzle. Their defaults are fetch's own
    (None here), so that building the parser imports no network code."""

    if many:
        sub.add_argument(
            "sources",
            nargs="*",
            metavar="SOURCE",
            help="URL, file, folder, puzzle ID (e.g. 5x5:2/1.1/...), or - for stdin "
            "(default: stdin when piped); several, a folder or a file of many make a batch",
        )
    else:
        sub.add_argument(
            "source",
            nargs="?",
            metavar="SOURCE",
            help="URL, file, puzzle ID, or - for stdin (default: stdin when piped)",
        )
    sub.add_argument(
        "--format",
        metavar="NAME",
        choices=_ReaderNames(),
        help="read the input as this site or file format: %(choices)s",
    )
    sub.add_argument(  # the name it had before "kind" came to mean nonogram, shikaku...
        "--kind", dest="format", metavar="NAME", choices=_ReaderNames(), help=argparse.SUPPRESS
    )
    sub.add_argument("--no-cache", action="store_true", help="fetch again even if cached")
    sub.add_argument(
        "--fetch-timeout",
        type=_seconds,
        metavar="S",
        help="give up a download after S seconds in all, retries and redirects included "
        "(default: 30)",
    )
    sub.add_argument(
        "--allow-any-host",
        action="store_true",
        help="fetch URLs of hosts puzzlesat does not know, then read by content",
    )
    sub.add_argument(
        "--user-agent",
        metavar="UA",
        help="User-Agent for requests (default: puzzlesat/VERSION and what it is)",
    )
    sub.add_argument("--debug", action="store_true", help="show tracebacks")


class _WriterNames(_ReaderNames):
    """`convert --to`'s choices, looked up only when needed (as `--format`'s)."""

    def _names(self) -> list[str]:
        from .formats import writable_names

        return writable_names()


def _jobs(text: str) -> int:
    """An argparse type: a number of worker processes, 1 or more."""
    if not text.isdecimal() or not 1 <= int(text) <= 1024:
        raise argparse.ArgumentTypeError(f"{text!r}: give a number of jobs from 1 to 1024")
    return int(text)


def _batch_options(sub: argparse.ArgumentParser) -> None:
    sub.add_argument(
        "--jobs",
        "-j",
        type=_jobs,
        metavar="N",
        help="solve a batch on N worker processes (default: the number of cores)",
    )
    sub.add_argument(
        "--dask-scheduler",
        metavar="ADDRESS",
        help="solve a batch on the Dask cluster of this scheduler (tcp://host:8786; "
        "needs pip install 'puzzlesat[dask]')",
    )
    sub.add_argument("--svg", metavar="FILE", help="also draw the answer as an SVG picture")
    sub.add_argument(
        "--png", metavar="FILE", help="also draw it as PNG (needs pip install 'puzzlesat[png]')"
    )


def _drawing_options(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("--json", action="store_true", help="print one JSON object (README: schema)")
    sub.add_argument("--ascii", action="store_true", help="draw in ASCII only, without colour")
    sub.add_argument(
        "--color",
        "--colour",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour: auto (a terminal without NO_COLOR), always or never (default: auto)",
    )
    sub.add_argument(
        "-q",
        "--quiet",
        action="count",
        default=0,
        help="print only the verdict line; -qq prints nothing (the exit status tells)",
    )
    size = sub.add_mutually_exclusive_group()
    size.add_argument(
        "--compact",
        action="store_true",
        default=None,
        help="draw the compact picture without clues",
    )
    size.add_argument(
        "--full",
        dest="compact",
        action="store_false",
        help="draw the full picture with clues (default: full, unless it is wider than "
        "the terminal)",
    )
    sub.add_argument(
        "--timeout",
        type=_seconds,
        metavar="S",
        help="give up after S seconds of solving (status unknown, exit 3)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="puzzlesat",
        description="Solve a logic puzzle from the web with SAT, prove it unique, draw it.",
        epilog="SOURCE is a puzzle URL, a saved page or board file, or - for stdin "
        "(e.g. `xclip -o | puzzlesat solve -`). `puzzlesat COMMAND --help` for more.",
    )
    parser.add_argument("--version", action="version", version=f"puzzlesat {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    solve = commands.add_parser(
        "solve", help="solve a puzzle and draw the answer", description="Solve a puzzle "
        "(or check that it has no answer), prove whether the answer is unique, draw it."
    )
    _reading_options(solve, many=True)
    _drawing_options(solve)
    _batch_options(solve)
    parse = commands.add_parser(
        "parse",
        help="print the extracted board as JSON, without solving",
        description="Print the board read from SOURCE as board JSON, without solving.",
    )
    _reading_options(parse)
    convert = commands.add_parser(
        "convert",
        help="write a puzzle in another file format",
        description="Read SOURCE (any URL, page or file) and write its puzzle in FORMAT, "
        "for the tools people already use.",
    )
    _reading_options(convert)
    convert.add_argument(
        "--to",
        required=True,
        metavar="FORMAT",
        choices=_WriterNames(),
        help="%(choices)s",
    )
    convert.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="write to FILE (default: stdout); a FOLDER/ gets one file per puzzle",
    )
    cache = commands.add_parser(
        "cache",
        help="show or empty the page cache",
        description="The cache of fetched pages: its folder, its entries, or empty it.",
    )
    cache.add_argument("action", choices=("path", "list", "clear"), help="%(choices)s")
    completion = commands.add_parser(
        "completion",
        help="print a shell completion script",
        description="Print the completion script for SHELL; e.g. in ~/.bashrc: "
        'eval "$(puzzlesat completion bash)"; fish: puzzlesat completion fish | source',
    )
    completion.add_argument("shell", choices=SHELLS, metavar="SHELL", help="%(choices)s")
    return parser


def _sub_parser(parser: argparse.ArgumentParser, command: str) -> argparse.ArgumentParser:
    """The parser of one command, for its own usage line."""
    for action in parser._subparsers._group_actions:  # argparse keeps no public handle
        if isinstance(action, argparse._SubParsersAction):
            return action.choices[command]
    return parser


class _Steps:
    """The spinner's text: the current step and the time since the start, redrawn by rich on
    every frame, so that a long solve never looks hung."""

    def __init__(self, step: str, ascii: bool = False):
        self.step = step
        self.start = time.monotonic()
        from .drawing import separator

        self.dot = separator(ascii)

    def __call__(self, step: str) -> None:
        self.step = step

    def __rich__(self):
        from rich.text import Text

        return Text(f"{self.step}{self.dot}{time.monotonic() - self.start:.0f} s", style="dim")


def _spinner(stderr: Console, steps: _Steps, ascii: bool = False):
    """The spinner on a terminal's stderr (in ASCII with --ascii), nothing elsewhere."""
    if not stderr.is_terminal:
        return nullcontext()
    return stderr.status(steps, spinner="line" if ascii else "dots")


class _Run:
    """One command's run: its options, its consoles, and the board once there is one (so
    that an error after loading can still be reported with the board under --json)."""

    def __init__(self, args, stdin):
        self.args = args
        self.stdin = stdin
        self.board = None
        self.tty = _isatty(sys.stdout)
        self.ascii = getattr(args, "ascii", False)
        colour = "never" if self.ascii else getattr(args, "color", "auto")
        self.stdout = _output_console(sys.stdout, safe_box=True, **_colour_options(colour))
        self.stderr = _output_console(sys.stderr, **_colour_options(colour, terminal=None))
        self.steps = _Steps("reading", self.ascii)
        self.quiet = getattr(args, "quiet", 0)

    @property
    def colour(self) -> bool:
        return self.stdout.color_system is not None and not self.stdout.no_color

    def spinner(self):
        if self.quiet >= 2:
            return nullcontext()
        return _spinner(self.stderr, self.steps, self.ascii)


def _colour_options(colour: str, terminal: bool | None = True) -> dict:
    """rich Console options for --color: never is no colour at all; always forces it, over
    NO_COLOR and TERM=dumb, in truecolor where COLORTERM says so (else 256 colours); auto
    leaves it to rich (a terminal without NO_COLOR). `terminal=None` keeps a forced colour
    from making stderr look like a terminal (the spinner stays off a pipe)."""
    if colour == "never":
        return {"no_color": True, "color_system": None}
    if colour == "always":
        deep = os.environ.get("COLORTERM", "").lower() in ("truecolor", "24bit")
        return {
            "no_color": False,
            "color_system": "truecolor" if deep else "256",
            "force_terminal": terminal,
        }
    return {}


def _isatty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def _load_options(args):
    from .load import LoadOptions

    given = {"user_agent": args.user_agent, "fetch_timeout": args.fetch_timeout}
    return LoadOptions(
        reader=args.format,
        allow_any_host=args.allow_any_host,
        use_cache=not args.no_cache,
        **{name: value for name, value in given.items() if value is not None},
    )


def _binary(stdin):
    return getattr(stdin, "buffer", stdin)


def _load(run: _Run, source: str) -> Loaded:
    """The board of one SOURCE; on a terminal, say how to end a paste."""
    from .load import load, url_of

    pasting = source == "-" and _isatty(run.stdin)
    if pasting:
        run.stderr.print("Paste the puzzle's HTML, then press Ctrl-D.", style="dim")
    run.steps("fetching" if source != "-" and url_of(source) else "reading")
    with nullcontext() if pasting else run.spinner():
        loaded = load(source, _load_options(run.args), _binary(run.stdin))
    run.board = loaded.board
    return loaded


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


def _print_json(run: _Run, record: dict) -> None:
    with _output():
        run.stdout.out(json.dumps(record), highlight=False)


def _show(run: _Run, rendered) -> None:
    """The pictures whole, at their natural width (the terminal wraps what it must), then
    the verdict, wrapped between its parts on a terminal and one line in a pipe."""
    stdout = run.stdout
    with _output():
        if run.quiet == 0:
            for part in rendered.parts:
                stdout.print(part, soft_wrap=True)
        if run.quiet < 2:
            stdout.print(rendered.verdict, soft_wrap=not run.tty)
    if run.tty and run.quiet == 0 and rendered.width > stdout.width:
        _say(
            f"puzzlesat: the drawing is {rendered.width} columns wide, wider than this "
            f"{stdout.width}-column terminal (hint: view it whole with `| less -S`, "
            "or widen the terminal)"
        )


def _solve(run: _Run) -> int:
    """One puzzle drawn; several sources, a folder or a file of many solved as a batch
    (whose module, and its process pools, a single puzzle never imports)."""
    sources = run.args.sources or ["-"]
    _refuse_two_on_stdout(run)
    if sources.count("-") > 1:
        raise _UsageError(_sub_parser(build_parser(), "solve"), "stdin (-) can be read once")
    if len(sources) > 1 or os.path.isdir(sources[0]):
        _refuse_pictures_of_many(run)
        return _solve_batch(run, sources)
    loaded = _load(run, sources[0])
    if loaded.more:
        from .batch import puzzles_of

        _refuse_pictures_of_many(run)
        return _solve_batch(run, [], first=puzzles_of(loaded, sources[0], 1))
    return _solve_one(run, loaded)


def _refuse_two_on_stdout(run: _Run) -> None:
    """stdout holds one thing: a picture (`--svg -`, `--png -`) or the JSON, not two."""
    args = run.args
    on_stdout = [name for name, value in (("--svg", args.svg), ("--png", args.png)) if value == "-"]
    if args.json:
        on_stdout.append("--json")
    if len(on_stdout) > 1:
        raise _UsageError(
            _sub_parser(build_parser(), "solve"),
            f"{' and '.join(on_stdout)} would both write to stdout; send a picture to a file",
        )


def _refuse_pictures_of_many(run: _Run) -> None:
    if run.args.svg or run.args.png:
        raise _UsageError(
            _sub_parser(build_parser(), "solve"),
            "--svg and --png draw one puzzle; this input holds many",
        )


def _solve_one(run: _Run, loaded: Loaded) -> int:
    from . import render
    from .solve import solve

    args = run.args
    board, timings = loaded.board, dict(loaded.timings)
    with run.spinner():
        result = solve(board, timeout=args.timeout, isolate=True, progress=run.steps)
    timings.update(result.timings)
    _write_pictures(args, board, result)
    if "-" in (args.svg, args.png):  # stdout carries the picture alone
        run.quiet = 2
    message = _unanswered(args) if result.status is Status.UNKNOWN else None
    if args.json:
        record = render.result_json(board, result, timings)
        record["cached"] = loaded.from_cache
        if message:
            record["error"] = {"message": message[0], "hint": message[1], "exit": 3}
        _print_json(run, record)
    else:
        width = run.stdout.width if run.tty else None
        style = render.Style(args.ascii, args.compact, width, run.colour)
        _show(run, render.render(board, result, timings, style, loaded.from_cache))
    if message:
        _say(f"puzzlesat: {message[0]} (hint: {message[1]})")
    return STATUS_EXITS[result.status]


def _write_pictures(args, board, result) -> None:
    """--svg and --png: the answer (the first, if several; the clues alone if none)."""
    if not (args.svg or args.png):
        return
    from .picture import picture_svg
    from .svg import png_of

    answer = result.solutions[0] if result.solutions else None
    picture = picture_svg(board, answer)
    if args.svg:
        _write_file(args.svg, picture.encode())
    if args.png:
        _write_file(args.png, png_of(picture))


def _write_file(path: str, data: bytes) -> None:
    """Write `data` to `path` (`-`: stdout), or fail with exit 74 and the reason."""
    try:
        if path == "-":
            with _output():
                sys.stdout.buffer.write(data)
            return
        with open(path, "wb") as out:
            out.write(data)
    except OSError as exc:
        raise OutputFailed(f"could not write {path}: {exc.strerror or exc}") from None


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


class _Tally:
    """What a batch has seen so far: counts by status, the most serious exit status, the
    slowest puzzles, and the workers' seconds."""

    def __init__(self):
        self.counts: dict[str, int] = {}
        self.worst = ExitStatus.SOLVED
        self.slowest: list[tuple[float, str, str]] = []  # (seconds, source, status)
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

    def top(self) -> list[tuple[float, str, str]]:
        return sorted(self.slowest, reverse=True)[:SLOWEST_SHOWN]


def _outcome_record(outcome) -> tuple[dict, str, ExitStatus]:
    """A batch outcome as its JSON Lines record, with its status and exit status."""
    from . import render

    puzzle, result, error = outcome.puzzle, outcome.result, outcome.error
    head = {"index": puzzle.index, "source": puzzle.source}
    # head last as well: the batch's name for it (`file#N`) over the board's own source
    if error is not None:
        exit_ = exit_status(error)
        record = _error_record(puzzle.board, str(error), error.hint, exit_)
        record = {**head, **record, **head}
        return record, record["status"], exit_
    record = {**head, **render.result_json(puzzle.board, result, result.timings), **head}
    record["cached"] = puzzle.cached
    return record, result.status.value, STATUS_EXITS[result.status]


@contextmanager
def _executor(args, jobs: int, one_task: bool):
    """Where a batch is solved: a Dask cluster, a pool of `jobs` processes, or this process
    for a batch of one task (a file of Sudoku lines). Even one job is a worker process: a
    SAT solver does not hear Ctrl-C, and a worker can be stopped at once."""
    from . import batch

    if args.dask_scheduler:
        with batch.dask_executor(args.dask_scheduler) as executor:
            yield executor
    elif one_task:
        yield batch.InProcess()
    else:
        pool = batch.process_pool(jobs)
        try:
            yield pool
        except BaseException:  # SIGTERM, a failed write: no worker may outlive us
            batch.stop_workers(pool)
            raise
        pool.shutdown(wait=False, cancel_futures=True)


def _progress_bar(run: _Run):
    """A progress bar on a terminal's stderr; None elsewhere (and with -qq)."""
    if run.quiet >= 2 or not run.stderr.is_terminal:
        return None
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    return Progress(
        "{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=run.stderr,
        transient=True,
    )


def _solve_batch(run: _Run, sources: list[str], first=None) -> int:
    """Many puzzles (several sources, a folder, a file of many): each solved and checked on
    --jobs workers (or a Dask cluster), reported in input order: JSON Lines under --json,
    else each error on stderr as it comes and a summary at the end. One bad puzzle is
    reported in its place and the rest go on; the exit status is the most serious seen, or
    130 after Ctrl-C (with the summary of what finished)."""
    from . import batch

    args = run.args
    jobs = args.jobs or _cores()
    one_task = bool(first) and not sources and batch.task_count(first, jobs) == 1
    jobs = 1 if one_task else jobs
    groups = batch.load_all(
        batch.expand(sources),
        _load_options(args),
        stdin=_binary(run.stdin),
        first=first,
        on_skip=lambda source, error: _say(f"puzzlesat: skipped {source}: {error}"),
    )
    tally = _Tally()
    bar = _progress_bar(run)
    start = time.perf_counter()
    interrupted = False
    stopped: _Stopped | None = None
    with bar or nullcontext(), _executor(args, jobs, one_task) as executor:
        task = bar.add_task("solving", total=None) if bar else None

        def loaded(count: int) -> None:
            if bar:
                bar.update(task, total=count)

        def done(count: int) -> None:
            if bar:
                bar.advance(task, count)

        # a worker that may run two searches needs two cores of its own (a Dask worker
        # has a thread per core of its machine: none to spare)
        spare_core = not args.dask_scheduler and 2 * jobs <= _cores()
        try:
            outcomes = batch.run(groups, executor, jobs, args.timeout, loaded, done, spare_core)
            for outcome in outcomes:
                _report(run, outcome, tally)
        except (KeyboardInterrupt, _Stopped) as stop:
            interrupted = True
            stopped = stop if isinstance(stop, _Stopped) else None
            batch.stop_workers(executor)
    seconds = time.perf_counter() - start
    if tally.puzzles == 0 and not interrupted:
        raise InputMissing(
            f"found no puzzle in {', '.join(sources)[:200]}",
            hint="a folder's puzzles are files such as .non, .nin, .xml, .json, .taai, "
            "saved pages, or text files that hold a puzzle",
        )
    if not args.json and run.quiet < 2:
        _print_summary(run, tally, seconds, jobs, interrupted)
    if stopped is not None:  # reported by main, as any termination signal is
        raise stopped
    if interrupted:
        _say(f"puzzlesat: interrupted after {_count(tally.puzzles, 'puzzle')}")
        return ExitStatus.INTERRUPTED
    return tally.worst


def _report(run: _Run, outcome, tally: _Tally) -> None:
    record, status, exit_ = _outcome_record(outcome)
    tally.add(status, exit_, outcome.seconds, outcome.puzzle.source)
    if run.args.json:
        _print_json(run, record)
    elif "error" in record and status == "error":
        error = record["error"]
        hint = f" (hint: {error['hint']})" if error["hint"] else ""
        _say(f"puzzlesat: {outcome.puzzle.source}: {error['message']}{hint}")


def _print_summary(run: _Run, tally: _Tally, seconds: float, jobs: int, stopped: bool) -> None:
    """The batch in a table (statuses, the slowest puzzles) and one closing line; -q: the
    line alone."""
    from . import render

    where = "on Dask" if run.args.dask_scheduler else f"on {jobs} job{'s' if jobs > 1 else ''}"
    line = render.batch_line(tally.counts, seconds, tally.seconds, where, run.ascii, stopped)
    with _output():
        if run.quiet == 0 and tally.puzzles > 1:
            for part in render.batch_tables(tally.counts, tally.top(), run.ascii):
                run.stdout.print(part)
        run.stdout.out(line, highlight=False)


def _count(n: int, what: str) -> str:
    return f"{n:,} {what}" + ("" if n == 1 else "s")


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _unanswered(args) -> tuple[str, str]:
    """Why there is no answer: the time limit, or a solver process that died."""
    if args.timeout is None:  # the solver's process died (e.g. out of memory)
        return (
            "the solver stopped without an answer",
            "the puzzle may be too large for this machine",
        )
    return f"no answer within {args.timeout:g} s", "give it more time with --timeout"


def _parse(run: _Run) -> int:
    from .render import board_json

    board = _load(run, run.args.source or "-").board
    _print_json(run, board_json(board))
    return ExitStatus.SOLVED


def _cache(run: _Run) -> int:
    """`cache path|list|clear`: where pages are kept, what is kept until when, or empty it."""
    from . import fetch

    directory = fetch.default_dir()
    action = run.args.action
    hint = f"check the permissions of {directory}, or point XDG_CACHE_HOME elsewhere"
    try:
        if action == "clear":
            removed, freed = fetch.clear(directory)
            lines = [f"removed {_count(removed, 'page')} ({_size(freed)}) from {directory}"]
        elif action == "list":
            entries = fetch.entries(directory)
            lines = [_cache_line(entry) for entry in entries]
            total = sum(entry.size for entry in entries)
            lines.append(f"{_count(len(entries), 'page')}, {_size(total)} in {directory}")
        else:
            lines = [str(directory)]
    except OSError as exc:
        failure = InputMissing if action == "list" else OutputFailed
        raise failure(f"cannot {action} the cache in {directory}: {exc.strerror}", hint) from None
    with _output():
        for line in lines:
            run.stdout.out(line, highlight=False)
    return ExitStatus.SOLVED


def _size(size: int) -> str:
    return f"{size / 1e6:.1f} MB" if size >= 1e6 else f"{size / 1e3:.1f} kB"


def _cache_line(entry) -> str:
    """One cached page: when it was stored (local time), its size, its URL (escaped: it
    came from a server), until when it is kept, or that it has expired."""
    stored = entry.stored_at.astimezone().strftime("%Y-%m-%d %H:%M")
    until = ""
    if entry.expired():
        until = "  expired"
    elif entry.expires_at is not None:
        until = "  until " + entry.expires_at.astimezone().strftime("%Y-%m-%d %H:%M")
    url = entry.url.encode("unicode_escape").decode("ascii")
    return f"{stored}  {_size(entry.size):>9}  {url}{until}"


def _completion(run: _Run) -> int:
    import argcomplete

    with _output():
        sys.stdout.write(argcomplete.shellcode(["puzzlesat"], shell=run.args.shell))
    return ExitStatus.SOLVED


def _convert(run: _Run) -> int:
    """`convert SOURCE --to FORMAT [-o FILE]`: every puzzle of SOURCE in FORMAT; a FOLDER/
    (or an existing folder) gets one numbered file each."""
    from .convert import write_files, write_text

    args = run.args
    loaded = _load(run, args.source or "-")
    boards = (loaded.board, *loaded.more)
    output = args.output
    if output and (output.endswith(("/", os.sep)) or os.path.isdir(output)):
        try:
            paths = write_files(boards, args.to, output)
        except OSError as exc:
            raise OutputFailed(f"could not write into {output}: {exc.strerror or exc}") from None
        if run.quiet == 0:
            _say(f"puzzlesat: wrote {_count(len(paths), 'file')} into {output}")
        return ExitStatus.SOLVED
    _write_file(output or "-", write_text(boards, args.to).encode())
    return ExitStatus.SOLVED


COMMANDS = {
    "solve": _solve,
    "parse": _parse,
    "convert": _convert,
    "cache": _cache,
    "completion": _completion,
}


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


def _error_record(board, message: str, hint: str | None, status: int) -> dict:
    """The JSON object of an outcome without an answer (one puzzle's, or one line of a
    batch): the board when there is one, `status` ("none" for clues that cannot hold, else
    "error") and the error."""
    from .render import board_json

    record = board_json(board) if board is not None else {}
    record["status"] = "none" if status == ExitStatus.NO_SOLUTION else "error"
    if status == ExitStatus.NO_SOLUTION:
        record["solution"] = None
    record["error"] = {"message": message, "hint": hint, "exit": int(status)}
    return record


def _fail(run: _Run | None, json_mode: bool, message: str, hint: str | None, status: int) -> int:
    """Report a failure: one line on stderr, and under --json its object on stdout."""
    _say(f"puzzlesat: {message}" + (f" (hint: {hint})" if hint else ""))
    if json_mode and status not in (ExitStatus.IO_ERROR, EXIT_PIPE):
        _print_error_json(run, message, hint, status)
    return status


def _print_error_json(run: _Run | None, message: str, hint: str | None, status: int) -> None:
    with suppress(_PipeClosed, OutputFailed, OSError, ValueError), _output():
        board = run.board if run is not None else None
        print(json.dumps(_error_record(board, message, hint, status)), flush=True)


def _complete_if_asked(parser: argparse.ArgumentParser) -> None:
    """Answer the shell's completion request (it runs us with _ARGCOMPLETE set) and exit."""
    if "_ARGCOMPLETE" in os.environ:
        import argcomplete

        argcomplete.autocomplete(parser)


class _Context:
    """What an error needs to be reported well: --json, --debug, and the run once it exists."""

    def __init__(self, argv: list[str]):
        command = next((arg for arg in argv if not arg.startswith("-")), None)
        self.json = command == "solve" and "--json" in argv  # before argparse has said
        self.debug = "--debug" in argv
        self.run: _Run | None = None

    def fail(self, message: str, hint: str | None, status: int) -> int:
        return _fail(self.run, self.json, message, hint, status)


def _command_line(argv: list[str], context: _Context) -> int:
    parser = build_parser()
    _complete_if_asked(parser)
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:  # reported by the command they were given to, with its usage
            where = _sub_parser(parser, args.command) if args.command else parser
            where.error(f"unrecognized arguments: {' '.join(extra)}")
    except _UsageError as error:
        return _usage_error(error, context)
    except SystemExit as done:  # --help, --version
        return done.code if isinstance(done.code, int) else ExitStatus.SOLVED
    if args.command is None:  # bare `puzzlesat`: what it can do
        with _output():
            parser.print_help()
        return ExitStatus.SOLVED
    stdin = sys.stdin
    given = getattr(args, "sources", None) or getattr(args, "source", None)
    if args.command in ("solve", "parse", "convert") and not given and not _piped(stdin):
        _sub_parser(parser, args.command).print_usage(sys.stderr)
        return context.fail(
            "no SOURCE given and nothing piped in",
            "`puzzlesat solve URL`, a file, or `xclip -o | puzzlesat solve -`",
            ExitStatus.USAGE,
        )
    if sys.stdout is None:  # started with stdout closed (`>&-`)
        _say("puzzlesat: could not write the output: standard output is closed")
        return ExitStatus.IO_ERROR
    context.run = _Run(args, stdin)
    try:
        return COMMANDS[args.command](context.run)
    except _UsageError as error:  # options that do not go together with this input
        return _usage_error(error, context)


def _usage_error(error: _UsageError, context: _Context) -> int:
    """argparse's usage line and message, of the command that was wrong; one JSON object
    on stdout as well under solve --json."""
    error.parser.print_usage(sys.stderr)
    hint = None
    if error.parser.prog == "puzzlesat" and "invalid choice" in str(error):
        hint = "give a command first, e.g. `puzzlesat solve SOURCE`"
    _say(f"{error.parser.prog}: error: {error}" + (f" (hint: {hint})" if hint else ""))
    if context.json:
        _print_error_json(None, str(error), hint, ExitStatus.USAGE)
    return ExitStatus.USAGE


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status instead of exiting."""
    argv = sys.argv[1:] if argv is None else list(argv)
    context = _Context(argv)
    try:
        with _stop_signals():
            return _command_line(argv, context)
    except PuzzleError as exc:
        if context.debug:
            traceback.print_exc()
        if isinstance(exc, OutputFailed):
            _say(f"puzzlesat: {exc}" + (f" (hint: {exc.hint})" if exc.hint else ""))
            _silence_stdout()
            return ExitStatus.IO_ERROR
        return context.fail(str(exc), exc.hint, exit_status(exc))
    except _PipeClosed:
        _silence_stdout()
        return EXIT_PIPE
    except KeyboardInterrupt:
        return context.fail("interrupted", None, ExitStatus.INTERRUPTED)
    except _Stopped as stop:
        name = signal.Signals(stop.signum).name
        return context.fail(f"stopped by {name}", None, 128 + stop.signum)
    except Exception as exc:  # a bug of ours: still one line, unless --debug
        if caused_by_interrupt(exc):  # Ctrl-C broke an import into another error
            return context.fail("interrupted", None, ExitStatus.INTERRUPTED)
        if context.debug:
            raise
        return context.fail(
            f"internal error: {type(exc).__name__}: {exc}",
            "rerun with --debug and report it",
            ExitStatus.BUG,
        )


def _piped(stdin) -> bool:
    """Whether something may arrive on stdin: it is open and not a terminal."""
    return stdin is not None and not _isatty(stdin)
