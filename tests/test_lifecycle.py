"""The process around the solve: signals, children, files that are not files, broken outputs,
and a cache that is damaged or cannot be written. Whole processes where the OS is the point."""

from __future__ import annotations

import gc
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import FIXTURES

from puzzlesat.cli import main
from puzzlesat.core import Request
from puzzlesat.fetch.cache import PageCache, default_dir

HARD = FIXTURES / "formats" / "webpbn-faase.nin"  # minutes of solving: children are racing
EASY = FIXTURES / "nonograms.org" / "4353.source.html"


def _start(*argv: str, **kw) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "puzzlesat", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a shell job has
        **kw,
    )


def _descendants(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    kids = [int(p) for p in out.split()]
    return kids + [g for k in kids for g in _descendants(k)]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().split(")")[-1].split()[0] == "Z")


def _wait_for_children(proc: subprocess.Popen, count: int, within: float = 10.0) -> list[int]:
    end = time.monotonic() + within
    while time.monotonic() < end:
        kids = _descendants(proc.pid)
        if len(kids) >= count:
            return kids
        time.sleep(0.05)
    raise AssertionError("the solver children never started")


# --------------------------------------------------------------------------- 5. signals


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_a_termination_signal_takes_the_solver_children_with_it(sig):
    proc = _start("solve", str(HARD))
    kids = _wait_for_children(proc, 1)  # the hard racer, after a second (MiniSat runs here)
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=10)
    assert proc.returncode == 128 + sig
    assert err == f"puzzlesat: stopped by {signal.Signals(sig).name}\n"
    assert not _outliving(kids)


def _outliving(kids: list[int], within: float = 5.0) -> list[int]:
    """The children still alive once `within` seconds have passed; [] as soon as none is.
    A killed child ends when the kernel next runs it: on a loaded machine, not at once."""
    deadline = time.monotonic() + within
    while any(_alive(k) for k in kids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return [k for k in kids if _alive(k)]


def test_children_die_even_when_the_parent_is_killed_outright():
    proc = _start("solve", str(HARD))
    kids = _wait_for_children(proc, 1)
    proc.kill()
    proc.communicate(timeout=10)
    assert not _outliving(kids)


@pytest.mark.parametrize("to_group", [True, False], ids=["process group", "puzzlesat alone"])
def test_ctrl_c_during_the_solve_prints_one_line(to_group):
    proc = _start("solve", str(HARD))
    _wait_for_children(proc, 1)  # the hard racer: MiniSat has been running for a second
    if to_group:
        os.killpg(proc.pid, signal.SIGINT)
    else:
        proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=10)
    assert proc.returncode == 130
    assert err == "puzzlesat: interrupted\n", err


def _wait_for_library(proc: subprocess.Popen, name: str, within: float = 10.0) -> None:
    """Until the process has mapped a C extension whose import is part of ours: its own
    start-up (the interpreter's, before any code of ours runs) is over by then."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        try:
            if name in Path(f"/proc/{proc.pid}/maps").read_text():
                return
        except OSError:
            return  # it has ended already
        if proc.poll() is not None:
            return
        time.sleep(0.005)
    raise AssertionError(f"{name} was never loaded: the test no longer interrupts an import")


@pytest.mark.parametrize("library", ["_json", "pysolvers"])
def test_ctrl_c_while_importing_is_quiet(library):
    proc = _start("solve", str(EASY))
    _wait_for_library(proc, library)  # the formats' import, then the SAT solvers'
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=10)
    assert "Traceback" not in err
    # 0: done before the signal came; killed by SIGINT: it came during the interpreter's exit
    assert proc.returncode in (0, 130, -signal.SIGINT), err


SWALLOWED = """
import builtins, os, signal, sys
import puzzlesat.__main__ as entry

real_import = builtins.__import__

def import_that_swallows(name, *args, **kwargs):
    if name == "cli" and not getattr(import_that_swallows, "done", False):
        import_that_swallows.done = True
        try:  # Ctrl-C lands in an import that a library's bare except goes on from
            os.kill(os.getpid(), signal.SIGINT)
        except BaseException:
            pass
    return real_import(name, *args, **kwargs)

builtins.__import__ = import_that_swallows
sys.argv = ["puzzlesat", "solve", sys.argv[1]]
sys.exit(entry.run())
"""


def test_a_ctrl_c_an_import_swallowed_still_ends_the_start_up():
    """The command does not go on with modules an interrupted import may have left half
    made (a later failure there would read as a bug, exit 70): start-up noted the Ctrl-C,
    and says interrupted."""
    proc = subprocess.run(
        [sys.executable, "-c", SWALLOWED, str(EASY)], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 130, proc.stderr
    assert proc.stderr == "puzzlesat: interrupted\n" and proc.stdout == ""


# --------------------------------------------------------------------------- 6. outputs


def test_a_closed_pipe_ends_quietly_as_unix_tools_do():
    reader, writer = os.pipe()
    os.close(reader)
    proc = subprocess.run(
        [sys.executable, "-m", "puzzlesat", "solve", str(EASY), "--json"],
        stdout=writer,
        stderr=subprocess.PIPE,
        text=True,
    )
    os.close(writer)
    assert proc.returncode == -signal.SIGPIPE  # the shell shows 141
    assert proc.stderr == ""


def test_a_full_disk_is_exit_74():
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "puzzlesat", "solve", str(EASY)],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
        )
    assert proc.returncode == 74
    assert proc.stderr.startswith("puzzlesat: could not write the output: No space left")
    assert proc.stderr.count("\n") == 1


def test_an_unwritable_stderr_keeps_the_exit_status():
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "puzzlesat", "solve", "/no/such/file"], stderr=full
        )
    assert proc.returncode == 66


def test_a_closed_stdout_is_exit_74():
    proc = subprocess.run(
        [sys.executable, "-m", "puzzlesat", "solve", str(EASY)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: os.close(1),
    )
    assert proc.returncode == 74 and "standard output is closed" in proc.stderr


@pytest.mark.parametrize("value", ["1e10", "nan", "-1", "inf"])
def test_time_limits_out_of_range_are_usage_errors(value, capsys):
    assert main(["solve", str(EASY), "--fetch-timeout", value]) == 2
    assert "puzzlesat solve: error" in capsys.readouterr().err


# --------------------------------------------------------------------------- 6. inputs


@pytest.mark.parametrize("path, says", [
    ("/dev/zero", "device"),
    ("/dev/null", "device"),
    ("/proc/self/status", "special file"),
    ("/tmp", "folder"),
])
def test_special_files_are_refused_without_reading_them(capsys, path, says):
    assert main(["parse", path]) == 66  # (solve takes a folder as a batch: test_batch)
    _, err = capsys.readouterr()
    assert says in err and err.count("\n") == 1


def test_an_unreadable_file_is_exit_66(capsys, tmp_path, monkeypatch):
    board = tmp_path / "board.json"
    board.write_text('{"rows": [[1]], "cols": [[1]]}')

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("builtins.open", refuse)
    assert main(["solve", str(board)]) == 66
    assert "cannot read" in capsys.readouterr().err


def test_a_fifo_is_read_like_stdin(capsys, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    writer = subprocess.Popen(["sh", "-c", f"cat {EASY} > {fifo}"])
    assert main(["solve", str(fifo), "--json"]) == 0
    writer.wait(5)
    assert json.loads(capsys.readouterr().out)["status"] == "unique"


def test_a_file_named_like_a_host_is_a_file(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("www.example.html").write_text(EASY.read_text())
    assert main(["solve", "www.example.html", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "unique"


# --------------------------------------------------------------------------- 7. the cache


def test_a_damaged_cache_entry_is_dropped(tmp_path):
    cache = PageCache(tmp_path, "site:x")
    request = Request("https://www.nonograms.org/nonograms/i/1")
    for damage in ('{"text": 5, "url": "u", "sha256": "x"}', "[1, 2]", "[" * 100_000, "\xff"):
        cache.path(request).write_text(damage, encoding="utf-8", errors="surrogateescape")
        assert cache.get(request) is None
        assert not cache.path(request).exists()
        cache.put(request, request.url, "page")
        assert cache.get(request) == (request.url, "page")


def test_a_full_disk_leaves_no_temporary_file(tmp_path, monkeypatch):
    def no_space(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.fsync", no_space)  # the disk filled while the entry was written
    PageCache(tmp_path).put(Request("https://www.nonograms.org/nonograms/i/1"), "u", "page")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("value", ["relative/cache", "", "."])
def test_a_relative_xdg_cache_home_is_ignored(monkeypatch, tmp_path, value):
    monkeypatch.setenv("XDG_CACHE_HOME", value)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_dir() == tmp_path / ".cache" / "puzzlesat"


def test_a_cache_entry_that_is_not_a_file_is_dropped_unread(tmp_path):
    cache = PageCache(tmp_path, "site:x")
    request = Request("https://www.nonograms.org/nonograms/i/1")
    os.mkfifo(cache.path(request))  # reading it would wait for a writer for ever
    assert cache.get(request) is None
    assert not cache.path(request).exists()


def test_the_command_ends_without_teardown_once_atexit_and_the_streams_are_done(tmp_path):
    """The process ends by os._exit after main: what Python's exit would do for us is done
    first (atexit's handlers, stdout flushed), the exit status is main's, and the collector,
    off for the command, stayed off."""
    script = (
        "import atexit, gc, sys\n"
        "import puzzlesat.__main__ as entry\n"
        "atexit.register(lambda: print('atexit ran, collector', gc.isenabled()))\n"
        f"sys.argv = ['puzzlesat', 'solve', '--json', {str(EASY)!r}]\n"
        "sys.exit(entry.run() + 100)  # reached only where run() did not end the process\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    record, said = done.stdout.splitlines()
    assert json.loads(record)["status"] == "unique"
    assert said == "atexit ran, collector False"


def test_a_batch_turns_the_collector_back_on():
    from puzzlesat.cli.commands import _collector_on

    gc_was = gc.isenabled()
    gc.disable()
    try:
        _collector_on()
        assert gc.isenabled()
    finally:
        gc.unfreeze()
        (gc.enable if gc_was else gc.disable)()


def test_a_ctrl_c_while_signals_are_held_is_raised_as_the_step_ends():
    """What a batch does between taking an outcome off its queue and counting it is never
    cut in two: the KeyboardInterrupt comes after the step, not inside it."""
    from puzzlesat.cli import _stop_signals
    from puzzlesat.cli.errors import Context
    from puzzlesat.core import signals_held

    context = Context([], None)
    steps = []
    with _stop_signals(context), pytest.raises(KeyboardInterrupt):
        with signals_held():
            steps.append("taken")
            signal.raise_signal(signal.SIGINT)
            steps.append("counted")
        steps.append("next")
    assert steps == ["taken", "counted"] and context.interrupted


MAIN_THREAD_SOLVE = """
import os, signal, subprocess, sys
from pysat.examples.genhard import PHP
from pysat.solvers import Solver
from puzzlesat.sat.models import _solve

heard = []

def interrupt(signum, frame):
    heard.append(signum)
    raise KeyboardInterrupt

signal.signal(signal.SIGINT, interrupt)
# from another process: the solve holds the GIL, and this process has one thread
subprocess.Popen(["sh", "-c", f"sleep 0.5; kill -INT {os.getpid()}"])
with Solver(name="m22", bootstrap_with=PHP(11).clauses) as solver:  # minutes of search
    try:
        _solve(solver, interruptible=False)
    except KeyboardInterrupt:
        blocked = signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, [])
        sys.exit(130 if heard and not blocked else 2)
sys.exit(1)
"""


def test_ctrl_c_during_a_solve_in_the_main_thread_is_a_keyboard_interrupt():
    """pysat catches SIGINT itself during a main thread's solve, raises an error of its own
    (which read as a failed puzzle, or a bug) and leaves SIGINT blocked: the signal goes
    back to Python's handler, and later ones reach it too."""
    proc = subprocess.run(
        [sys.executable, "-c", MAIN_THREAD_SOLVE], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 130, proc.stderr
