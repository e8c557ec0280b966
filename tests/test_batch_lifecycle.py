"""The process around a batch, whole processes where the OS is the point: Ctrl-C keeps every
result that finished and leaves no process behind, and a reader that closes the pipe early
ends the batch as it ends any Unix tool, without a word from the pool's machinery."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import shutil
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import psutil
import pytest
from conftest import FIXTURES, SHARED_DATA, PtyOutput

from puzzlesat.formats.taai import read_taai, write_taai

TAAI = SHARED_DATA / "nonogram" / "taai" / "taai2011.question.txt"
SLOW = FIXTURES / "formats" / "webpbn-faase.nin"  # seconds of solving, with every racer
NONE = "width 2\nheight 2\nrows\n2\n2\ncolumns\n1\n1\n"  # clues that cannot hold
needs_data = pytest.mark.skipif(not TAAI.exists(), reason="../shared/data is not there")


def _env() -> dict:
    drop = ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR", "COLORTERM")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    return {**env, "TERM": "xterm-256color", "PYTHONUNBUFFERED": "1"}


def _folder(folder: Path, fast: int, slow_first: bool) -> list[str]:
    """A folder of one puzzle that takes seconds (first or last in path order), `fast` TAAI
    puzzles of milliseconds each and one of no solution; their paths in input order."""
    folder.mkdir()
    shutil.copy(SLOW, folder / ("000-slow.nin" if slow_first else "zzz-slow.nin"))
    for n, board in enumerate(read_taai(TAAI.read_text())[:fast], 1):
        (folder / f"{n:03d}.taai").write_text(write_taai(board, n))
    (folder / "zz-none.non").write_text(NONE)
    return sorted(str(path) for path in folder.iterdir())


class _Terminal:
    """A pseudo-terminal for a child's stderr (so that it draws its progress bar), read on a
    thread; `wait_for(text)` until the bar has shown `text`, `text()` once the child has
    exited. The thread reads up to an end mark `text()` writes after the child
    (conftest.PtyOutput): the kernel may hand the child's last lines on late."""

    def __init__(self):
        self.master, self.slave = pty.openpty()
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 100, 0, 0))
        self.output = PtyOutput(self.master, self.slave)
        self.changed = threading.Condition()
        self.closing = threading.Event()
        self.reader = threading.Thread(target=self._read, daemon=True)

    def start(self) -> None:
        self.reader.start()

    def _read(self) -> None:
        """Read until the end mark has come, or `text()` gives up on it."""
        while not self.output.ended and not self.closing.is_set():
            chunk = self.output.chunk(0.2)
            if not chunk:
                continue
            with self.changed:
                self.output.add(chunk)
                self.changed.notify_all()

    def wait_for(self, text: str, within: float = 120) -> None:
        with self.changed:
            found = self.changed.wait_for(lambda: text.encode() in self.output.data, within)
            seen = bytes(self.output.data[-500:])
        assert found, f"the progress bar never showed {text}: {seen!r}"

    def text(self) -> str:
        """All the child wrote; call once it has exited. The terminal is closed after."""
        self.output.mark_end(lambda: time.sleep(0.01))
        self.reader.join(30)
        self.closing.set()
        self.reader.join()
        os.close(self.slave)
        os.close(self.master)
        assert self.output.ended, "the end mark never came"
        return bytes(self.output.data).decode(errors="replace").replace("\r\n", "\n")


def _left_behind(group: int) -> list[str]:
    """The processes of a process group that still run (a zombie has ended)."""
    left = []
    for process in psutil.process_iter(["pid", "status", "cmdline"]):
        try:
            if os.getpgid(process.pid) == group and process.status() != psutil.STATUS_ZOMBIE:
                left.append(" ".join(process.info["cmdline"] or [])[:100])
        except (psutil.Error, ProcessLookupError):
            continue
    return left


def _stopped_once_the_rest_is_done(
    argv: list[str], count: int, signum: int = signal.SIGINT, to_group: bool = True
) -> tuple[int, str, str, list[str]]:
    """Run `puzzlesat ARGV` on a batch of `count` puzzles, one of them slow; once its
    progress bar shows every other puzzle done, send it `signum` (to its process group, as
    a terminal sends Ctrl-C, or to it alone, as a supervisor does). Its exit status,
    stdout, stderr, and what of its process group outlived it."""
    terminal = _Terminal()
    child = subprocess.Popen(
        [sys.executable, "-m", "puzzlesat", *argv],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=terminal.slave,
        env=_env(),
        start_new_session=True,  # its own process group, as a shell job has
    )
    terminal.start()
    try:
        try:
            terminal.wait_for(f"{count - 1}/{count}")
        finally:
            os.killpg(child.pid, signum) if to_group else child.send_signal(signum)
        out = child.communicate(timeout=60)[0].decode()
        left = _left_behind(child.pid)
    finally:  # failed: nothing of the batch outlives the test, nor the terminal's thread
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
        err = terminal.text()
    assert "Traceback" not in err and "internal error" not in err
    return child.returncode, out, err, left


@needs_data
@pytest.mark.parametrize("json_lines", [True, False], ids=["json", "summary"])
def test_ctrl_c_keeps_every_finished_result_and_leaves_no_process(tmp_path, json_lines):
    """The slow puzzle comes first: the results after it wait for it (input order). Ctrl-C
    once they are done prints them, then the summary of what ran and what never started,
    exits 130, and no worker, forkserver or resource tracker outlives the batch."""
    sources = _folder(tmp_path / "set", fast=4, slow_first=True)
    argv = ["solve", "-j", "2", str(tmp_path / "set")] + (["--json"] if json_lines else [])
    code, out, err, left = _stopped_once_the_rest_is_done(argv, len(sources))
    assert code == 130, err
    running = f"1 running ({sources[0]})"
    assert f"puzzlesat: interrupted after 5 puzzles; {running}" in "".join(err.split("\n"))
    if json_lines:
        records = [json.loads(line) for line in out.splitlines()]
        assert [r["source"] for r in records] == sources[1:]  # in input order, each with its source
        assert [r["index"] for r in records] == [2, 3, 4, 5, 6]
        assert [r["status"] for r in records][-1] == "none"
        assert all(r["status"] in ("unique", "multiple") for r in records[:-1])
    else:
        last = out.splitlines()[-1]
        assert last.startswith("5 puzzles (interrupted): ") and "1 none; 1 running · " in last
        folded = "".join(out.split())  # a long path folds over lines in a pipe
        assert f"running{sources[0]}" in folded and f"none{sources[-1]}" in folded
    assert left == []


@needs_data
@pytest.mark.parametrize(
    "jobs, signum, to_group, code",
    [
        ("1", signal.SIGINT, True, 130),  # Ctrl-C: the terminal signals the whole group
        ("2", signal.SIGTERM, False, 143),  # a supervisor stopping the batch alone
    ],
)
def test_a_stopped_batch_stops_its_workers_and_prints_what_finished(
    tmp_path, jobs, signum, to_group, code
):
    """The slow puzzle last, on one worker or two: the signal ends the batch at once with
    its summary, and no process outlives it."""
    sources = _folder(tmp_path / "set", fast=3, slow_first=False)
    argv = ["solve", "-j", jobs, str(tmp_path / "set")]
    code_, out, err, left = _stopped_once_the_rest_is_done(argv, len(sources), signum, to_group)
    assert code_ == code, err
    last = out.splitlines()[-1]
    assert last.startswith("4 puzzles (interrupted): ") and "1 none; 1 running · " in last
    assert left == []


@needs_data
def test_a_reader_that_closes_the_pipe_early_ends_the_batch_quietly(tmp_path):
    """`puzzlesat solve FILE --json | head -1` while the pool still solves: the batch ends
    as a Unix tool does (killed by SIGPIPE, 141 in a shell) and nothing of the pool speaks
    (no "leaked semaphore" warning from the resource tracker, no traceback)."""
    boards = read_taai(TAAI.read_text())[:40]
    path = tmp_path / "forty.txt"
    path.write_text("".join(write_taai(board, n) for n, board in enumerate(boards, 1)))
    child = subprocess.Popen(
        [sys.executable, "-m", "puzzlesat", "solve", "--json", "-j", "2", str(path)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_env(),
    )
    first = json.loads(child.stdout.readline())
    child.stdout.close()  # what `head -1` does once it has its line
    err = child.stderr.read().decode()  # until every process holding stderr has ended
    assert child.wait(timeout=60) == -signal.SIGPIPE
    assert first["source"] == f"{path}#1"
    assert err == ""


def test_a_finished_pool_is_shut_down_before_interpreter_exit():
    """The pool's own thread has ended once the batch's executor is left: interpreter exit
    would otherwise wake it through a pipe it may be closing at that moment."""
    from puzzlesat import workers

    with workers.executor_for(2, None, one_task=False) as pool:
        assert pool.submit(int, "1").result() == 1
        thread = pool._executor_manager_thread
    assert not thread.is_alive()


@needs_data
def test_a_batch_that_succeeds_says_nothing_on_stderr(tmp_path):
    """A few runs of a small batch on two jobs: not a word on stderr from the pool's
    machinery at exit (`Exception ignored ... Bad file descriptor`, one run in 20 before)."""
    for n, board in enumerate(read_taai(TAAI.read_text())[:2], 1):
        (tmp_path / f"{n}.taai").write_text(write_taai(board, n))
    argv = [sys.executable, "-m", "puzzlesat", "solve", "-q", "-j", "2", str(tmp_path)]
    for _ in range(5):
        done = subprocess.run(argv, capture_output=True, env=_env(), timeout=60)
        assert (done.returncode, done.stderr.decode()) == (0, "")
