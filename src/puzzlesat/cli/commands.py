"""The commands: solve (one puzzle, or a batch), parse, convert, cache and completion, each
a function of one Run. They raise our errors; cli.errors says what those mean to the user.

Start-up is part of the product, so each command imports the modules it uses (the loaders,
the solver, render and rich) when it runs: a single puzzle never imports the batch's pools."""

from __future__ import annotations

import gc
import json
import os
import time
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any

from ..core import (
    ExitStatus,
    InputMissing,
    OutputFailed,
    ParseError,
    Status,
    TooLarge,
    UnsupportedPuzzle,
    signals_held,
)
from .environment import Environment
from .errors import Stopped, UsageError, error_fields, error_record, exit_status, result_exit
from .errors import said as _said
from .output import Output
from .writing import check_outputs, write_file, write_pictures

if TYPE_CHECKING:
    from argparse import ArgumentParser, Namespace

    from ..batch import Outcome, Tally
    from ..load import Loaded, LoadOptions


class Run:
    """One command's run: its options, its environment and output, its parser (for usage
    errors), and the board once there is one (so that an error after loading can still be
    reported with the board under --json)."""

    def __init__(self, args: Namespace, env: Environment, parser: ArgumentParser):
        self.args = args
        self.env = env
        self.parser = parser
        self.board: Any = None
        self.said: set[str] = set()  # the notices said once already
        self.out = Output(
            env,
            getattr(args, "color", "auto"),
            getattr(args, "ascii", False),
            getattr(args, "quiet", 0),
        )

    def notice(self, line: str) -> None:
        """A line on stderr said once in the run, however many pages a batch loads (a
        shared read-only cache), above a batch's progress bar."""
        if line not in self.said:
            self.said.add(line)
            self.out.say(line)

    def refuse(self, message: str) -> UsageError:
        """A usage error of this command: options that do not go with this input."""
        return UsageError(self.parser, message)


def _load_options(run: Run) -> LoadOptions:
    from ..load import LoadOptions

    args = run.args
    given = {"user_agent": args.user_agent, "fetch_timeout": args.fetch_timeout}
    return LoadOptions(
        reader=args.format,
        allow_any_host=args.allow_any_host,
        use_cache=not args.no_cache,
        say=run.notice,
        **{name: value for name, value in given.items() if value is not None},
    )


def _load(run: Run, source: str) -> Loaded:
    """The board of one SOURCE; on a terminal, say how to end a paste."""
    from ..load import load, url_of

    pasting = source == "-" and run.env.stdin_isatty
    stdin = run.env.binary_stdin
    if pasting:  # read whole, however long its lines (cli.paste)
        from .paste import read_paste

        prompt = "Paste the puzzle's HTML or file, then press Enter and Ctrl-D."
        stdin = read_paste(stdin, lambda: run.out.stderr.print(prompt, style="dim"))
        run.env = run.env.restarted()
    run.out.steps("fetching" if source != "-" and url_of(source) else "reading")
    with nullcontext() if pasting else run.out.spinner():
        loaded = load(source, _load_options(run), stdin)
    run.board = loaded.board
    return loaded


def _count(n: int, what: str) -> str:
    return f"{n:,} {what}" + ("" if n == 1 else "s")


# --------------------------------------------------------------------------- solve


def solve(run: Run) -> int:
    """One puzzle drawn; several sources, a folder or a file of many solved as a batch
    (whose module, and its process pools, a single puzzle never imports)."""
    sources = run.args.sources or ["-"]
    _refuse_two_on_stdout(run)
    if sources.count("-") > 1:
        raise run.refuse("stdin (-) can be read once")
    if len(sources) > 1 or os.path.isdir(sources[0]):
        _refuse_pictures_of_many(run)
        return _solve_batch(run, sources)
    check_outputs((run.args.svg, run.args.png), run.args.force)
    loaded = _load(run, sources[0])
    if loaded.more:
        from ..batch import puzzles_of

        _refuse_pictures_of_many(run)
        first = puzzles_of(loaded, sources[0], 1)
        return _solve_batch(run, [], first=first, first_count=loaded.count)
    return _solve_one(run, loaded)


def _refuse_two_on_stdout(run: Run) -> None:
    """stdout holds one thing: a picture (`--svg -`, `--png -`) or the JSON, not two."""
    args = run.args
    on_stdout = [name for name, value in (("--svg", args.svg), ("--png", args.png)) if value == "-"]
    if args.json:
        on_stdout.append("--json")
    if len(on_stdout) > 1:
        raise run.refuse(
            f"{' and '.join(on_stdout)} would both write to stdout; send a picture to a file"
        )


def _refuse_pictures_of_many(run: Run) -> None:
    if run.args.svg or run.args.png:
        raise run.refuse("--svg and --png draw one puzzle; this input holds many")
    if run.args.solutions:
        raise run.refuse("--solutions counts the answers of one puzzle; this input holds many")


def _unanswered(timeout: float | None, found: int = 0) -> tuple[str, str]:
    """Why there is no answer (or, of a count, no more): the time limit, or a solver
    process that died."""
    if found:
        return (
            f"the count stopped at the {timeout:g} s limit after {found} answer"
            f"{'s' if found > 1 else ''}",
            "give it more time with --timeout",
        )
    if timeout is None:  # the solver's process died (e.g. out of memory)
        return (
            "the solver stopped without an answer",
            "the puzzle may be too large for this machine",
        )
    return f"no answer within {timeout:g} s", "give it more time with --timeout"


def _solve_one(run: Run, loaded: Loaded) -> int:
    from .. import render
    from ..solve import solve as solve_board

    args, out = run.args, run.out
    board, timings, limit = loaded.board, dict(loaded.timings), args.solutions
    with out.spinner():
        result = solve_board(
            board, timeout=args.timeout, isolate=True, progress=out.steps, limit=limit or 2
        )
    timings.update(result.timings)
    write_pictures(run, board, result)
    if "-" in (args.svg, args.png):  # stdout carries the picture alone
        out.quiet = 2
    unanswered = result.status is Status.UNKNOWN
    cut_short = unanswered or not result.complete
    message = _unanswered(args.timeout, len(result.solutions)) if cut_short else None
    if args.json:
        record = render.result_json(board, result, timings, limit)
        record["cached"] = loaded.from_cache
        if unanswered:
            record["error"] = error_fields(*message, ExitStatus.TIMED_OUT)
        out.json(record)
    else:
        width = out.stdout.width if out.tty else None
        style = render.Style(args.ascii, args.compact, width, out.colour)
        waited = run.env.waited()
        pictures = out.quiet == 0
        rendered = render.render(
            board, result, timings, style, loaded.from_cache, waited, limit, pictures
        )
        out.show(rendered)
    if message:
        run.env.say(_said(*message))
    return result_exit(result, run.env)


# --------------------------------------------------------------------------- batch

RUNNING_NAMED = 3  # an interrupted batch names this many puzzles still running, or counts them


def _collector_on() -> None:
    """The cyclic collector back on, for a batch may run for hours (the command starts
    without it: __main__); what start-up made is frozen out of its sight."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def _solve_batch(
    run: Run, sources: list[str], first: Any = None, first_count: int | None = None
) -> int:
    """Many puzzles (several sources, a folder, a file of many): each solved and checked on
    --jobs workers (or a Dask cluster), reported in input order: JSON Lines under --json,
    else each error on stderr as it comes and a summary at the end. One bad puzzle is
    reported in its place and the rest go on; the exit status is the most serious seen.

    Ctrl-C (or SIGTERM, SIGHUP) keeps the work done: every result finished is reported,
    in input order past those still open, before the summary says what was running and
    what never started; the workers are stopped first, then 130 (or 128 + the signal)."""
    from .. import batch, workers
    from ..groups import in_process

    _collector_on()

    args, env = run.args, run.env
    jobs = args.jobs or workers.cores()
    one_task, first = in_process(first) if first and not sources else (False, first)
    jobs = 1 if one_task else jobs
    expanded = batch.expand(sources)
    total = batch.Total(len(expanded) + bool(first))
    if first:
        total.read(first_count)
    groups = batch.load_all(
        expanded,
        _load_options(run),
        stdin=env.binary_stdin,
        first=first or (),
        on_skip=lambda source, error: run.out.say(f"puzzlesat: skipped {source}: {error}"),
        total=total,
    )
    tally = batch.Tally()
    start = time.perf_counter()
    stop: BaseException | None = None
    left = None
    # a worker that may run two searches needs two cores of its own (a Dask worker has a
    # thread per core of its machine: none to spare)
    spare_core = not args.dask_scheduler and 2 * jobs <= workers.cores()
    with (
        run.out.progress() as (loaded, done),
        workers.executor_for(jobs, args.dask_scheduler, one_task) as pool,
    ):
        work = batch.Batch(pool, jobs, args.timeout, done, spare_core)
        try:
            for outcome in batch.run(groups, work, lambda count: loaded(total.value, count)):
                _report(run, outcome, tally, work.taken)
        except (KeyboardInterrupt, Stopped) as stopped:
            stop = stopped
            finished, left = work.stop(len(expanded) + bool(first))
            workers.stop_workers(pool)
            for outcome in finished:
                _report(run, outcome, tally)
        run.out.flush()
    return _batch_end(run, sources, tally, time.perf_counter() - start, jobs, stop, left)


def _batch_end(
    run: Run, sources: list[str], tally: Tally, seconds: float, jobs: int, stop: Any, left: Any
) -> int:
    """The summary, and the batch's exit status (a termination signal is main's to
    report, as any is)."""
    if tally.puzzles == 0 and stop is None:
        raise InputMissing(
            f"found no puzzle in {', '.join(sources)[:200]}",
            hint="a folder's puzzles are files such as .non, .nin, .xml, .json, .taai, "
            "saved pages, or text files that hold a puzzle",
        )
    if not run.args.json and run.out.quiet < 2:
        where = "on Dask" if run.args.dask_scheduler else f"on {jobs} job{'s' if jobs > 1 else ''}"
        run.out.parts(*tally.summary(seconds, where, run.out.ascii, left, not run.out.quiet))
    if isinstance(stop, Stopped):
        raise stop
    if stop is not None:
        unfinished = left.said(names=RUNNING_NAMED)
        unfinished = f"; {unfinished}" if unfinished else ""
        run.env.say(f"puzzlesat: interrupted after {_count(tally.puzzles, 'puzzle')}{unfinished}")
        return ExitStatus.INTERRUPTED
    return tally.worst


def _report(run: Run, outcome: Outcome, tally: Tally, taken=lambda outcome: None) -> None:
    """One outcome: counted (and `taken` off the batch's queue with it, Ctrl-C held), and
    a JSON line under --json, else a line on stderr if it failed."""
    source = outcome.puzzle.source
    if not run.args.json and outcome.error is None:  # counted alone: thousands in a file
        record, status = None, outcome.result.status.value
        exit_ = result_exit(outcome.result, run.env, source)  # a mismatch with the site is said
    else:
        record, status, exit_ = _outcome_record(outcome)
    with signals_held():
        tally.add(status, exit_, outcome.seconds, source)
        taken(outcome)
    if run.args.json:
        run.out.json(record)
    elif record is not None and "error" in record and status == "error":
        error = record["error"]
        run.out.say(_said(f"{source}: {error['message']}", error["hint"]))


def _outcome_record(outcome: Outcome) -> tuple[dict, str, ExitStatus]:
    """A batch outcome as its JSON Lines record, with its status and exit status."""
    from .. import render

    puzzle, result, error = outcome.puzzle, outcome.result, outcome.error
    record = {"index": puzzle.index, "source": puzzle.source}
    if error is not None:
        exit_ = exit_status(error)
        record.update(error_record(puzzle.board, str(error), error.hint, exit_))
    else:
        exit_ = result_exit(result)
        render.result_json(puzzle.board, result, result.timings, into=record)
        record["cached"] = puzzle.cached
    record["source"] = puzzle.source  # the batch's name for it (`file#N`), not the board's
    return record, record["status"], exit_


# --------------------------------------------------------------------------- the others


def parse(run: Run) -> int:
    """`parse SOURCE`: the board as board JSON."""
    from ..render import board_json

    run.out.json(board_json(_load(run, run.args.source or "-").board))
    return ExitStatus.SOLVED


def hint(run: Run) -> int:
    """`hint SOURCE [--all] [--state FILE] [--check]`: the player's wrong marks, then the
    next step (every step) and the rules it follows from."""
    from .. import hints
    from ..grid.board import MarksUnread

    args = run.args
    board = _load(run, args.source or "-").board
    state = _state_file(args.state) if args.state else board.state
    if isinstance(state, MarksUnread):
        raise UnsupportedPuzzle(
            f"the marks of this {state.game} copy cannot be read: {state.why}"
            if state.why else f"the marks of a {state.game} board copy are not read yet",
            hint="give them with --state FILE (design.md, \"state\"), or pipe in the page "
            "source to start afresh")
    if args.check and state is None:
        raise UnsupportedPuzzle("there are no marks to check: the board has no \"state\"",
                                hint="give the marks with --state FILE, or a board JSON "
                                "with \"state\" (design.md)")
    said = hints.explain(board, every=args.all, state=state, timeout=args.timeout)
    if said.status == hints.TIMED_OUT:
        return _hint_timed_out(run, board, said)
    if args.json:
        run.out.json(_hint_record(board, said))
    else:
        _show_hint(run, board, said)
    return ExitStatus.NO_SOLUTION if said.status == "none" else ExitStatus.SOLVED


def _hint_timed_out(run: Run, board: Any, said: Any) -> int:
    """The time limit came first: what was found by then (--all's steps, the wrong marks),
    then the timeout as solve says it (under --json, one object with the steps so far, as
    solve's has its `error`); exit 3."""
    args, steps = run.args, len(said.steps)
    message = (f"the steps stopped at the {args.timeout:g} s limit after {_count(steps, 'step')}"
               if steps else f"no step within {args.timeout:g} s",
               "give it more time with --timeout")
    if args.json:
        record = _hint_record(board, said)
        record["error"] = error_fields(*message, ExitStatus.TIMED_OUT)
        run.out.json(record)
    else:
        text = _hint_text(said, args.check and said.answer is not None)
        if text.strip():
            run.out.text(text)
    run.env.say(_said(*message))
    return ExitStatus.TIMED_OUT


def _show_hint(run: Run, board: Any, said: Any) -> None:
    """The board with the next step's cells marked (not after --all: the steps are many),
    compact where the full drawing would not fit, then the step in words."""
    from rich.text import Text

    from ..hint_words import step_drawing
    from ..render import Rendered, Style

    out, args = run.out, run.args
    width = out.stdout.width if out.tty else None
    text = _hint_text(said, args.check, max(40, width or 80)).rstrip("\n")
    drawing = None
    if not args.all:
        style = Style(args.ascii, False, width, out.colour)
        drawing = step_drawing(board, said, style)
        if drawing is not None and width is not None and drawing.width > width:
            drawing = step_drawing(board, said, style._replace(compact=True))
    if drawing is None:
        out.text(text + "\n")
        return
    parts = (drawing.picture, *(Text(line, style="dim") for line in drawing.legend))
    out.show(Rendered(parts, Text(text), drawing.width, False))


STATE_MOST = 16 * 2**20  # bytes of a --state file: a board's marks are far less


def _state_file(path: str) -> Any:
    """The player's marks from a JSON file: the state itself, or a board JSON holding it."""
    try:
        with open(path, "rb") as file:
            text = file.read(STATE_MOST + 1)
    except FileNotFoundError:
        raise InputMissing(f"no such file: {path}", hint="--state takes the marks' JSON "
                           "file") from None
    except OSError as exc:
        raise InputMissing(f"cannot read {path}: {exc.strerror}") from None
    if len(text) > STATE_MOST:
        raise TooLarge(f"{path} is over {STATE_MOST >> 20} MB: not a board's marks")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ParseError(f"{path} is not JSON: the marks are the answer's JSON with null "
                         "where unmarked", hint="see design.md, \"state\"") from None
    return data["state"] if isinstance(data, dict) and "state" in data else data


def _hint_record(board: Any, said: Any) -> dict:
    """`hint --json` (design.md): the steps, each what it decides and why (`narrows`: the
    values left at a key its step does not settle), and the marks the answer contradicts."""
    from ..grid.steps import Not, OneOf, is_cell
    from ..hints import partial

    def cells(decided: Any) -> list[dict]:
        return [{"row": key[0][0], "col": key[0][1], "value": key[1].value, "ruled_out": True}
                if isinstance(key[1], Not) else {"row": key[0], "col": key[1], "value": value}
                for key, value in decided
                if is_cell(key[0] if isinstance(key[1], Not) else key)]

    def narrows(decided: Any) -> dict:
        left = [{**_where(key[0]), "one_of": sorted(key[1].values, key=json.dumps)}
                for key, _ in decided if len(key) == 2 and isinstance(key[1], OneOf)]
        return {"narrows": left} if left else {}

    return {"kind": board.kind, "source": board.source, "status": said.status,
            "steps": [{"decides": partial(said.answer, step.decided),
                       "cells": cells(step.decided), **narrows(step.decided),
                       "because": [{"rule": reason.rule, "constraint": reason.scope[0],
                                    **_index(reason.scope), "text": reason.text}
                                   for reason in step.because]} for step in said.steps],
            "wrong_marks": [{**_where(mark.key), "value": mark.value,
                             "should_be": mark.should_be} for mark in said.wrong],
            **({"smallest_found": said.smallest_found} if said.smallest_found else {}),
            **({"tried": list(said.tried)} if said.tried else {})}


def _index(scope: tuple) -> dict:
    if len(scope) < 2:
        return {}
    where = scope[1]
    return {"index": list(where) if isinstance(where, tuple) else where}


def _where(key: tuple) -> dict:
    from ..grid.steps import is_cell

    if is_cell(key):
        return {"row": key[0], "col": key[1]}
    if key[0] in ("horizontal", "vertical"):
        return {"edge": key[0], "row": key[1], "col": key[2]}
    if key[0] == "item":
        return {"item": json.loads(key[1])}
    return {"paths": [list(p) for p in key[1]]} if key[0] == "paths" else {"at": list(key)}


def _hint_text(said: Any, check: bool, width: int = 80) -> str:
    """The wrong marks, then the steps in words: each its decisions and, indented, its
    rules."""
    from textwrap import wrap

    from ..grid.steps import listed
    from ..hint_words import decisions_text, wrong_mark_text
    from ..hints import MOST_RULES, TIMED_OUT

    words = said.words
    lines = [line for mark in said.wrong for line in wrap(wrong_mark_text(
        mark.key, mark.value, mark.should_be, words), width, subsequent_indent="    ")]
    if check:
        lines.append(f"{_count(len(said.wrong), 'wrong mark')}, "
                     f"{_count(said.marked, 'right mark')}")
    for number, step in enumerate(said.steps, 1):
        head = "next step" if len(said.steps) == 1 else f"step {number}"
        told = decisions_text(step.decided, words).splitlines()
        if len(told) > 1:
            lines.append(f"{head}:")
        for line in told:
            lines += wrap(f"  {line}" if len(told) > 1 else f"{head}: {line}", width,
                          subsequent_indent="    ")
        lines += wrap("  because: " + "; ".join(r.text if r.whole else f"{r.rule} ({r.text})"
                                            for r in step.because),
                      width, subsequent_indent="    ")
    searching = ("the puzzle has more than one answer: nothing more is forced" if said.multiple
                 else f"nothing more follows from {listed(said.tried, 'or')}: the next step needs "
                 "search (only these were tried, no set of rules)" if said.tried
                 else f"nothing more follows from {MOST_RULES} families of rules or fewer: the "
                 "next step needs search" + (f" (the smallest found: {said.smallest_found})"
                                             if said.smallest_found else ""))
    lines += wrap({"solved": "everything is decided: that is the answer",
                  "none": "the puzzle has no solution: no step leads anywhere",
                  "needs_search": searching,
                  "step": "", TIMED_OUT: ""}[said.status], width)
    return "\n".join(line for line in lines if line) + "\n"


def convert(run: Run) -> int:
    """`convert SOURCE --to FORMAT [-o FILE]`: every puzzle of SOURCE in FORMAT; a FOLDER/
    (or an existing folder) gets one numbered file each."""
    from ..convert import write_files, write_text

    args = run.args
    output = args.output
    into_folder = bool(output) and (output.endswith(("/", os.sep)) or os.path.isdir(output))
    if not into_folder:
        check_outputs((output,), args.force)
    loaded = _load(run, args.source or "-")
    boards = (loaded.board, *loaded.more)
    if into_folder:
        try:
            paths = write_files(boards, args.to, output, args.force)
        except OSError as exc:
            raise OutputFailed(f"could not write into {output}: {exc.strerror or exc}") from None
        if run.out.quiet == 0:
            run.env.say(f"puzzlesat: wrote {_count(len(paths), 'file')} into {output}")
        return ExitStatus.SOLVED
    text = write_text(boards, args.to)
    if not text.endswith("\n"):  # board JSON, a game ID: a text file's last line ends too
        text += "\n"
    write_file(run, output or "-", text.encode())
    return ExitStatus.SOLVED


def cache(run: Run) -> int:
    """`cache path|list|clear`: where pages are kept, what is kept until when, or empty it."""
    from .. import fetch

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
    run.out.lines(*lines)
    return ExitStatus.SOLVED


def _size(size: int) -> str:
    return f"{size / 1e6:.1f} MB" if size >= 1e6 else f"{size / 1e3:.1f} kB"


def _cache_line(entry: Any) -> str:
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


def completion(run: Run) -> int:
    """`completion SHELL`: the script that makes the shell complete our command line."""
    import argcomplete

    run.out.text(argcomplete.shellcode(["puzzlesat"], shell=run.args.shell))
    return ExitStatus.SOLVED


def games(run: Run) -> int:
    """`games`: every game read, with a source to paste (catalogue.py)."""
    from .. import catalogue

    rows = catalogue.games()
    if run.args.json:
        for row in rows:
            run.out.json(row._asdict())
    else:
        run.out.text(catalogue.text(rows))
    return ExitStatus.SOLVED


COMMANDS = {
    "solve": solve,
    "parse": parse,
    "hint": hint,
    "convert": convert,
    "cache": cache,
    "completion": completion,
    "games": games,
}
