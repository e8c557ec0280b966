"""What a new user sees first: the help's examples, "did you mean" for a typo, no spinner in
a pipe whatever FORCE_COLOR says, and no picture of an answer that does not exist. Each test
runs the command line end to end on streams of its own (main(argv, env=...))."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import FIXTURES, streams, written

from puzzlesat.cli import build_parser, main
from puzzlesat.core import Result, Status

NO_ANSWER = "width 2\nheight 2\nrows\n2\n0\ncolumns\n0\n2\n"  # row 1 full, column 1 empty
CHAIR = FIXTURES / "nonograms.org" / "4353.source.html"


# --------------------------------------------------------------------------- did you mean


@pytest.mark.parametrize(
    "argv, meant",
    [
        (["slove", "x"], "solve"),
        (["solve", "x", "--jsn"], "--json"),
        (["solve", "x", "--js"], "--json"),  # refused all the same: no abbreviations
        (["solve", "x", "--colr=never"], "--color"),
        (["solve", "x", "--format", "nonogram.org"], "nonograms.org"),
        (["cache", "lst"], "list"),
    ],
)
def test_a_typo_is_one_usage_line_that_names_what_was_meant(argv, meant):
    env = streams()
    assert main(argv, env=env) == 2 and written(env) == ""
    lines = env.stderr.getvalue().splitlines()
    assert len(lines) == 1 and lines[0].endswith(f"(did you mean {meant}?)"), lines


def test_what_is_close_to_nothing_gets_the_usage_and_no_guess():
    env = streams()
    assert main(["solve", "x", "--bogus"], env=env) == 2
    said = env.stderr.getvalue()
    assert said.startswith("usage: puzzlesat solve") and "did you mean" not in said


def test_a_typo_under_json_still_answers_one_object():
    env = streams()
    assert main(["solve", "x", "--jsn", "--json"], env=env) == 2
    error = json.loads(written(env))["error"]
    assert error["exit"] == 2 and "did you mean --json?" in error["message"]


# --------------------------------------------------------------------------- --help


def _examples(help_text: str) -> list[list[str]]:
    """The command lines of the help's examples, the part after the last pipe."""
    block = help_text.split("examples:\n", 1)[1].split("\n\n", 1)[0]
    commands = []
    for line in block.splitlines():
        if line.lstrip().startswith("#"):  # what the next example does
            continue
        words = shlex.split(line.rsplit("|", 1)[-1], comments=True)
        assert words[0] == "puzzlesat", line
        commands.append(words[1:])
    return commands


@pytest.mark.parametrize("argv", [["--help"], ["solve", "--help"]])
def test_help_shows_examples_that_parse(argv):
    env = streams()
    assert main(argv, env=env) == 0
    examples = _examples(written(env))
    assert 4 <= len(examples) <= 6
    sources = [args.sources[0] for args in map(build_parser().parse_args, examples)]
    assert any(source.startswith("https://") for source in sources)
    assert any(re.fullmatch(r"[a-z]+:\d+(@\d+)?", source) for source in sources)
    assert "-" in sources and any(source.endswith("/") for source in sources)
    assert any("--jobs" in example for example in examples)
    assert any("--json" in example for example in examples)


@pytest.mark.parametrize("command", [None, "solve", "parse", "convert", "cache", "completion"])
def test_help_fits_80_columns_and_explains_size(monkeypatch, command):
    """No line of the help is wider than an 80-column terminal (argparse would not wrap an
    example, the terminal would, mid-word), and @SIZE of a shorthand is explained."""
    monkeypatch.setenv("COLUMNS", "80")
    env = streams()
    assert main([command, "--help"] if command else ["--help"], env=env) == 0
    text = written(env)
    assert max(map(len, text.splitlines())) <= 80, text
    if command in ("solve", "parse"):
        assert "@SIZE is the number in the site's ?size= links" in " ".join(text.split())


# --------------------------------------------------------------------------- the spinner


@pytest.mark.parametrize("sources", [[str(CHAIR)], [str(CHAIR), str(CHAIR)]])
def test_force_color_colours_stdout_but_never_puts_a_spinner_in_a_pipe(sources):
    environ = {"FORCE_COLOR": "1", "TERM": "xterm-256color"}
    env = streams(environ=environ, stdout_isatty=True, terminal_width=80)
    assert main(["solve", *sources], env=env) == 0
    assert "\x1b[" in written(env) and env.stderr.getvalue() == ""


# --------------------------------------------------------------------------- pictures


@pytest.mark.parametrize("option", ["--svg", "--png"])
def test_no_answer_writes_no_picture_and_says_so(tmp_path, option):
    board = tmp_path / "none.non"
    board.write_text(NO_ANSWER)
    picture = tmp_path / f"answer.{option[2:]}"
    env = streams()
    assert main(["solve", str(board), option, str(picture)], env=env) == 1
    assert not picture.exists()
    assert env.stderr.getvalue() == f"puzzlesat: no answer to draw: {picture} not written\n"
    assert "no solution" in written(env)


def test_no_answer_sends_no_picture_to_stdout():
    env = streams(NO_ANSWER.encode())
    assert main(["solve", "-", "--svg", "-"], env=env) == 1
    assert written(env) == "" and "stdout not written" in env.stderr.getvalue()


# --------------------------------------------------------------------------- the verdict

BOARDS = sorted(FIXTURES.glob("*/*.board.json"))


def _verdict_at_80(source: str, waited: float) -> str:
    """The verdict `solve -q` prints on an 80-column terminal, `waited` seconds into the
    process."""
    env = streams(stdout_isatty=True, terminal_width=80, started=time.perf_counter() - waited)
    assert main(["solve", source, "-q", "--color", "never"], env=env) in (0, 1)
    return written(env)


@pytest.mark.parametrize("waited", [0.312, 0.9994, 12.3])
@pytest.mark.parametrize("board", [CHAIR, *BOARDS], ids=["README", *(p.name for p in BOARDS)])
def test_every_fixtures_verdict_is_one_line_within_80_columns(board, waited):
    said = _verdict_at_80(str(board), waited)
    assert said.endswith("\n") and "\n" not in said[:-1], said
    assert len(said[:-1]) <= 80, said


def test_the_verdict_says_the_time_waited_first_then_reading_and_solving():
    said = _verdict_at_80(str(CHAIR), 0.312)
    times = re.search(r" · (\d+) ms \(read ([\d.]+), solve ([\d.]+)\)$", said.rstrip("\n"))
    assert times, said
    waited, read, solved = (float(n) for n in times.groups())
    assert waited >= 312 and read + solved <= waited


def test_the_verdict_groups_the_steps_in_the_unit_of_the_total():
    from puzzlesat.kinds.nonogram.board import Nonogram
    from puzzlesat.render import verdict

    board = Nonogram(rows=((1,), (1,)), cols=((2,), ()))
    steps = {"fetch": 0.0004, "parse": 0.036, "encode": 0.2, "solve": 11.5, "prove": 0.2}
    line = verdict(board, Result(Status.NONE), steps, waited=12.34).plain
    assert line == "no solution · 2×2 · 12.3 s (read 0.0, solve 11.9)"
    line = verdict(board, Result(Status.NONE), {"parse": 0.0371, "solve": 0.0004}).plain
    assert line == "no solution · 2×2 · 38 ms (read 37, solve 0.4)"  # the sum: no clock


def test_the_process_start_is_before_the_interpreter_ran_a_line():
    """`Environment.from_system` dates the process from its start, Python's own start-up
    and the imports included: a process that slept before asking has waited that long."""
    script = (
        "import time; time.sleep(0.3)\n"
        "from puzzlesat.cli.environment import process_started\n"
        "print(time.perf_counter() - process_started())"
    )
    src = str(FIXTURES.parent / "src")
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": src},
        check=True,
    )
    assert float(done.stdout) >= 0.3


@pytest.mark.skipif(not Path("/proc/self/schedstat").exists(), reason="Linux's schedstat")
def test_a_process_exec_d_late_is_dated_from_its_own_start_not_the_fork():
    """`sh -c 'sleep 1.5; exec puzzlesat ...'`: the shell's process becomes ours 1.5 s
    after it was forked; what the user waits for is ours alone."""
    script = (
        "import time\n"
        "from puzzlesat.cli.environment import process_started\n"
        "print(time.perf_counter() - process_started())"
    )
    src = str(FIXTURES.parent / "src")
    command = f"sleep 1.5; exec {shlex.quote(sys.executable)} -c {shlex.quote(script)}"
    done = subprocess.run(
        ["sh", "-c", command],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": src},
        check=True,
    )
    assert 0 < float(done.stdout) < 1.0


def test_a_line_said_during_a_batch_is_printed_above_its_progress_bar():
    """An error while the bar is shown: the bar's line is erased first and the error has
    a line of its own (written past the bar, it was drawn over)."""
    from puzzlesat.cli.output import Output

    env = streams(stderr_isatty=True)
    out = Output(env)
    with out.progress() as (loaded, done):
        loaded(3, 1)
        out.say("puzzlesat: a.non: broken")
        done(1)
    assert "\r\x1b[2Kpuzzlesat: a.non: broken\n" in env.stderr.getvalue()
