"""Pasting at the prompt: `puzzlesat solve -` run on a real pseudo-terminal, where a
terminal's line limit (its canonical mode keeps 4,095 characters of a line) would cut a
pasted copy; and the error that says so when a copy arrives cut some other way."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import FIXTURES, run_cli

import puzzlesat

termios = pytest.importorskip("termios")
fcntl = pytest.importorskip("fcntl")

COPY = FIXTURES / "nonograms.org" / "66515.table.html"  # a 57 KB devtools copy
CTRL_C, CTRL_D = b"\x03", b"\x04"
SUDOKU = "000000185007030000000021400800000020003905600050000004004860000000040300931000000"
TERMINAL_LINE = 4095  # what a terminal in canonical mode keeps of a line


def one_line_copy() -> str:
    """The devtools copy as a browser puts it on the clipboard: one line."""
    return " ".join(line.strip() for line in COPY.read_text(encoding="utf-8").splitlines())


class Terminal:
    """`puzzlesat ARGV` with a pseudo-terminal as its stdin and controlling terminal (as a
    shell starts it), stdout and stderr on pipes; what it echoes is read and dropped, as
    a terminal shows it."""

    def __init__(self, *argv: str):
        self.master, self.slave = os.openpty()
        env = dict(os.environ, PYTHONPATH=str(Path(puzzlesat.__file__).parents[1]))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "puzzlesat", *argv],
            stdin=self.slave,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            preexec_fn=self._own_terminal,
        )
        self.err = b""
        self.prompted = threading.Event()
        threading.Thread(target=self._read_stderr, daemon=True).start()
        threading.Thread(target=self._drain_echo, daemon=True).start()

    @staticmethod
    def _own_terminal() -> None:
        """In the child: a session of its own whose controlling terminal is the pty, so
        that Ctrl-C typed on it is SIGINT to the child."""
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    def _read_stderr(self) -> None:
        while chunk := self.proc.stderr.read1(4096):
            self.err += chunk
            if b"Ctrl-D" in self.err:
                self.prompted.set()
        self.prompted.set()

    def _drain_echo(self) -> None:
        try:
            while os.read(self.master, 65536):
                pass
        except OSError:  # the child is gone and the slave closed
            pass

    def type(self, data: bytes) -> None:
        """Write as a paste arrives: in pieces, as fast as the terminal takes them."""
        assert self.prompted.wait(60), "no prompt"
        for start in range(0, len(data), 1024):
            os.write(self.master, data[start : start + 1024])

    def finish(self) -> tuple[int, str, str]:
        """(exit status, stdout, stderr); a child still waiting for input is killed."""
        try:
            out, _ = self.proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, _ = self.proc.communicate()
            pytest.fail("the paste never ended: stdin kept waiting after Ctrl-D")
        return self.proc.returncode, out.decode(), self.err.decode()

    def canonical(self) -> bool:
        """Whether the terminal is back in line mode, as the shell expects it."""
        return bool(termios.tcgetattr(self.slave)[3] & termios.ICANON)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        os.close(self.slave)
        os.close(self.master)


@pytest.fixture
def terminal():
    opened: list[Terminal] = []

    def start(*argv: str) -> Terminal:
        opened.append(Terminal(*argv))
        return opened[-1]

    yield start
    for each in opened:
        each.close()


def test_a_57_kb_one_line_paste_arrives_whole(terminal):
    copy = one_line_copy()
    assert len(copy) > 50_000 and "\n" not in copy
    tty = terminal("solve", "-", "--json")
    tty.type(copy.encode() + b"\n" + CTRL_D)  # Enter and Ctrl-D, as the prompt says
    code, out, err = tty.finish()
    assert code == 0, err
    assert json.loads(out)["status"] == "unique"
    assert json.loads(out)["width"] == 20
    assert tty.canonical()


def test_typing_at_the_prompt_erases_and_ends_as_a_terminal_does(terminal):
    """The erase key takes back a character; Ctrl-D in the middle of a line only ends the
    line (as in line mode, so a second one is not left over for the shell), at the start
    of a line it ends the input."""
    tty = terminal("solve", "-", "--json")
    erase = termios.tcgetattr(tty.slave)[6][termios.VERASE]
    typed = SUDOKU[:40].encode() + b"7" + erase + CTRL_D + SUDOKU[40:].encode()
    tty.type(typed + b"\n" + CTRL_D)
    code, out, err = tty.finish()
    assert code == 0, err
    assert json.loads(out)["solution"][0] == [3, 6, 2, 7, 9, 4, 1, 8, 5]


def test_ctrl_c_at_the_prompt_exits_130_and_gives_the_terminal_back(terminal):
    tty = terminal("solve", "-")
    tty.type(one_line_copy()[:10_000].encode() + CTRL_C)
    code, out, err = tty.finish()
    assert code in (130, -signal.SIGINT) and out == ""
    assert "Traceback" not in err and "Enter and Ctrl-D" in err
    assert tty.canonical()


@pytest.mark.parametrize("length", [TERMINAL_LINE, TERMINAL_LINE + 1])
def test_a_copy_cut_at_the_terminal_line_limit_says_how_to_paste_instead(
    monkeypatch, capsys, length
):
    """What `cat | puzzlesat solve -` or `cat > page.html` make of a long paste."""
    cut = one_line_copy()[:length] + "\n"
    code, out, err = run_cli(monkeypatch, capsys, ["solve", "-"], cut)
    assert code == 65 and out == ""
    assert "terminal" in err and f"{TERMINAL_LINE:,}" in err
    assert "xclip -o | puzzlesat solve -" in err and "file" in err
    assert err.count("\n") == 1


def test_a_saved_file_cut_by_the_terminal_says_so_too(monkeypatch, capsys, tmp_path):
    page = tmp_path / "page.html"
    page.write_text(one_line_copy()[:TERMINAL_LINE] + "\n")
    code, _, err = run_cli(monkeypatch, capsys, ["solve", str(page)])
    assert code == 65 and "terminal" in err and "xclip -o" in err


def test_a_broken_copy_of_another_length_keeps_its_own_error(monkeypatch, capsys):
    code, _, err = run_cli(monkeypatch, capsys, ["solve", "-"], one_line_copy()[:3000] + "\n")
    assert code == 65 and "terminal" not in err


def _gathered(typed: bytes) -> bytes:
    """What the paste reader keeps of these keys, read from a pipe (^D ends, ^H erases)."""
    from puzzlesat.cli.paste import _gather

    read, write = os.pipe()
    os.write(write, typed)
    os.close(write)
    try:
        return _gather(read, CTRL_D[0], 0x7F)
    finally:
        os.close(read)


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        (b"abc" + CTRL_D + CTRL_D + b"typed ahead", b"abc"),  # as `cat` does in line mode
        (b"abc" + CTRL_D + b"de" + CTRL_D + CTRL_D + b"x", b"abcde"),
        (b"abc" + CTRL_D + b"\x7f\x7fz\n" + CTRL_D + b"x", b"abcz\n"),  # erase stops there
        (b"abc\n" + CTRL_D + b"x", b"abc\n"),
    ],
)
def test_ctrl_d_after_a_partial_line_hands_it_on_and_a_second_ends_the_input(typed, kept):
    assert _gathered(typed) == kept


def test_a_partial_line_and_two_ctrl_d_solve_it(terminal):
    tty = terminal("solve", "-", "--json")
    tty.type(SUDOKU.encode() + CTRL_D + CTRL_D)
    code, out, err = tty.finish()
    assert code == 0, err
    assert json.loads(out)["status"] == "unique"


def test_the_time_a_paste_takes_is_not_the_time_waited_for_the_answer(terminal):
    """A second and a half between the paste and Ctrl-D: the verdict's time starts at
    the end of the input (a Sudoku's solve takes milliseconds)."""
    tty = terminal("solve", "-", "-q")
    tty.type(SUDOKU.encode() + b"\n")
    time.sleep(1.5)
    tty.type(CTRL_D)
    code, out, err = tty.finish()
    assert code == 0, err
    assert re.search(r" · \d+ ms \(read [\d.]+, solve [\d.]+\)$", out.strip()), out
