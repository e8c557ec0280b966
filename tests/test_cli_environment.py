"""main(argv, env=Environment(...)): the command line on streams of its own. Nothing may go to
the process's stdout or stderr (replaced here by streams that fail the test when written), and
what the Environment says (a terminal, its width, NO_COLOR) is what the output follows."""

from __future__ import annotations

import io
import json

import pytest
from conftest import FIXTURES, streams, written

from puzzlesat.cli import Environment, main

TABLE_4353 = FIXTURES / "nonograms.org" / "4353.table.html"
CROSS = "width 3\nheight 3\nrows\n1\n3\n1\ncolumns\n1\n3\n1\n"
ANSI_ESCAPE = "\x1b["
FOREGROUND = "\x1b[3"  # a colour, where NO_COLOR leaves bold and dim


class Untouchable(io.StringIO):
    """The process's own stream: writing to it fails the test."""

    def write(self, text: str) -> int:
        raise AssertionError(f"written to the process's stream: {text!r}")


@pytest.fixture(autouse=True)
def _process_streams_untouched(monkeypatch):
    for name in ("stdin", "stdout", "stderr"):
        monkeypatch.setattr(f"sys.{name}", Untouchable())


def test_a_solve_reads_and_writes_the_streams_it_is_given():
    env = streams(TABLE_4353.read_bytes())
    code = main(["solve", "-", "--json"], env=env)
    record = json.loads(written(env))
    assert code == 0 and record["status"] == "unique" and env.stderr.getvalue() == ""


def test_failures_usage_and_help_go_to_the_given_streams():
    env = streams(b"  \n")
    assert main(["solve", "-"], env=env) == 66
    assert "puzzlesat: " in env.stderr.getvalue() and written(env) == ""
    env = streams()
    assert main(["solve", "x", "--bogus"], env=env) == 2
    assert env.stderr.getvalue().startswith("usage: puzzlesat solve")
    env = streams()
    assert main(["--version"], env=env) == 0 and written(env).startswith("puzzlesat ")
    env = streams()
    assert main(["parse", "--help"], env=env) == 0 and "usage: puzzlesat parse" in written(env)


def test_a_picture_goes_to_the_given_stdout_as_bytes(tmp_path):
    board = tmp_path / "cross.non"
    board.write_text(CROSS)
    env = streams()
    assert main(["solve", str(board), "--svg", "-"], env=env) == 0
    assert "<svg" in written(env) and written(env).rstrip().endswith("</svg>")


def test_the_terminal_and_its_variables_are_the_environments():
    board = TABLE_4353.read_bytes()
    on_terminal = {"stdout_isatty": True, "terminal_width": 100}
    coloured = streams(board, environ={"TERM": "xterm-256color"}, **on_terminal)
    assert main(["solve", "-"], env=coloured) == 0 and FOREGROUND in written(coloured)
    no_color = streams(board, environ={"TERM": "xterm-256color", "NO_COLOR": "1"}, **on_terminal)
    assert main(["solve", "-"], env=no_color) == 0
    assert ANSI_ESCAPE in written(no_color) and FOREGROUND not in written(no_color)
    piped = streams(board, environ={"TERM": "xterm-256color"})
    assert main(["solve", "-"], env=piped) == 0 and ANSI_ESCAPE not in written(piped)


def test_of_streams_asks_each_stream_whether_it_is_a_terminal():
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    env = Environment.of_streams(io.StringIO(), Terminal(), io.StringIO(), {"COLUMNS": "57"})
    assert (env.stdin_isatty, env.stdout_isatty, env.stderr_isatty) == (False, True, False)
    assert env.terminal_width == 57 and env.environ["COLUMNS"] == "57"
