"""Hostile files and folders around what we write and read: links and FIFOs planted where an
output goes, files that exist already, a full disk, a FIFO in a batch folder, and a page
cache that is a link or that others can write. Everything on tmp_path, in this process.

A FIFO that the code under test must not open is watched from a thread that opens its
other end: if the code opens it, the thread's open returns and says so, and the test goes
on instead of hanging; once the command is done the test releases the thread itself.
"""

from __future__ import annotations

import errno
import json
import os
import resource
import signal
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest
import responses
from conftest import FIXTURES, streams, written

from puzzlesat.cli import main
from puzzlesat.core import InputMissing, OutputFailed, Request
from puzzlesat.fetch import PageCache, read_file

SMALL = FIXTURES / "nonograms.org" / "4353.source.html"
URL = "https://www.nonograms.org/nonograms/i/4353"
OTHER_NON = "width 2\nheight 1\nrows\n2\ncolumns\n1\n1\n"


def run(argv: list[str]) -> tuple[int, str, str]:
    env = streams()
    code = main(argv, env=env)
    return code, written(env), env.stderr.getvalue()


@contextmanager
def watched(fifo: Path, code_under_test_writes: bool):
    """Yields a list that gains an item if the code under test opened `fifo` (for writing
    when `code_under_test_writes`, else for reading)."""
    opened: list[bool] = []
    done = threading.Event()
    watcher_mode = os.O_RDONLY if code_under_test_writes else os.O_WRONLY

    def watch() -> None:
        fd = os.open(fifo, watcher_mode)  # waits until someone opens the other end
        if not done.is_set():
            opened.append(True)
        while watcher_mode == os.O_RDONLY and os.read(fd, 65536):
            pass
        os.close(fd)

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    try:
        yield opened
    finally:
        done.set()
        release = os.O_WRONLY if code_under_test_writes else os.O_RDONLY
        while thread.is_alive():  # a watcher in its open takes this as its partner
            try:
                fd = os.open(fifo, release | os.O_NONBLOCK)
            except OSError:  # no reader yet, or none left
                fd = None
            thread.join(0.01)
            if fd is not None:
                os.close(fd)


def one_line_74(code: int, err: str, *words: str) -> None:
    assert code == 74, err
    assert err.count("\n") == 1 and "(hint: " in err, err
    for word in words:
        assert word in err, err


# --------------------------------------------------------------------------- item 5


def test_a_link_planted_in_the_output_folder_is_never_written_through(tmp_path):
    folder, outside = tmp_path / "out", tmp_path / "outside.txt"
    folder.mkdir()
    outside.write_text("precious")
    (folder / "0001.non").symlink_to(outside)
    argv = ["convert", str(SMALL), "--to", "non", "-o", f"{folder}/"]
    code, _, err = run(argv)
    one_line_74(code, err, "0001.non", "exists", "--force")
    assert outside.read_text() == "precious" and (folder / "0001.non").is_symlink()
    code, _, err = run([*argv, "--force"])  # the link is replaced, never followed
    assert code == 0, err
    assert outside.read_text() == "precious"
    assert not (folder / "0001.non").is_symlink() and "width 4" in (folder / "0001.non").read_text()


def test_numbered_files_that_exist_are_kept_and_nothing_is_written(tmp_path):
    source = tmp_path / "many.txt"
    source.write_text((FIXTURES / "formats" / "taai2011-excerpt.question.txt").read_text())
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "0002.taai").write_text("mine")
    argv = ["convert", str(source), "--to", "taai", "-o", f"{folder}/"]
    code, _, err = run(argv)
    one_line_74(code, err, "0002.taai", "--force")
    assert sorted(p.name for p in folder.iterdir()) == ["0002.taai"]  # checked before writing
    assert (folder / "0002.taai").read_text() == "mine"
    code, _, err = run([*argv, "--force"])
    assert code == 0 and (folder / "0002.taai").read_text() != "mine"


@pytest.mark.parametrize("force", [False, True])
def test_a_fifo_named_like_the_output_is_refused_not_opened(tmp_path, force):
    folder = tmp_path / "out"
    folder.mkdir()
    fifo = folder / "0001.non"
    os.mkfifo(fifo)
    single = tmp_path / "single.non"
    os.mkfifo(single)
    for target, path in ((f"{folder}/", fifo), (str(single), single)):
        with watched(path, code_under_test_writes=True) as opened:
            code, _, err = run(
                ["convert", str(SMALL), "--to", "non", "-o", target] + ["--force"] * force
            )
        assert not opened
        one_line_74(code, err, "FIFO")


def test_an_output_file_that_is_a_link_is_replaced_only_when_asked(tmp_path):
    target, link = tmp_path / "target.non", tmp_path / "link.non"
    target.write_text("precious")
    link.symlink_to(target)
    argv = ["convert", str(SMALL), "--to", "non", "-o", str(link)]
    code, _, err = run(argv)
    one_line_74(code, err, "exists")
    code, _, err = run([*argv, "--force"])
    assert code == 0, err
    assert target.read_text() == "precious" and not link.is_symlink()


def test_an_existing_picture_is_refused_before_any_work(tmp_path, monkeypatch):
    svg = tmp_path / "a.svg"
    svg.write_text("mine")

    def no_work(*args, **kwargs):
        raise AssertionError("loaded before the output was checked")

    monkeypatch.setattr("puzzlesat.load.load", no_work)
    code, out, err = run(["solve", str(SMALL), "--svg", str(svg)])
    one_line_74(code, err, "a.svg", "exists", "--force")
    assert out == "" and svg.read_text() == "mine"
    monkeypatch.undo()
    code, _, err = run(["solve", str(SMALL), "--svg", str(svg), "--force", "-q"])
    assert code == 0, err
    assert svg.read_text().startswith("<svg")


# --------------------------------------------------------------------------- item 6


@contextmanager
def file_size_limit(limit: int):
    """Writes past `limit` bytes of a file fail with EFBIG, as a disk with `limit` bytes
    free would with ENOSPC (the signal that would kill us is ignored meanwhile)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    old_handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, old_handler)


def test_a_picture_on_a_full_disk_leaves_the_old_file_whole(tmp_path):
    svg, new = tmp_path / "a.svg", tmp_path / "b.svg"
    svg.write_text("the old picture")
    with file_size_limit(200):
        replaced = run(["solve", str(SMALL), "--svg", str(svg), "--force", "-q"])
        fresh = run(["convert", str(SMALL), "--to", "xml", "-o", str(new)])
    for code, _, err in (replaced, fresh):
        one_line_74(code, err, "could not write")
    assert svg.read_text() == "the old picture"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.svg"]  # no partial file, no temp


def test_no_space_at_sync_leaves_nothing_behind(tmp_path, monkeypatch):
    from puzzlesat.files import write_atomically

    path = tmp_path / "a.txt"
    path.write_text("old")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OutputFailed, match="No space left on device"):
        write_atomically(str(path), b"new", force=True)
    assert path.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["a.txt"]


# --------------------------------------------------------------------------- item 7


def test_a_fifo_in_a_batch_folder_is_skipped_and_named(tmp_path):
    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "a.non").write_text(OTHER_NON)
    fifo = folder / "b.non"
    os.mkfifo(fifo)
    with watched(fifo, code_under_test_writes=False) as opened:
        code, out, err = run(["solve", "--json", "-j", "1", str(folder)])
    assert not opened
    assert code == 0, err
    assert [json.loads(line)["source"] for line in out.splitlines()] == [str(folder / "a.non")]
    assert f"skipped {fifo}" in err and "FIFO" in err


def test_a_file_swapped_for_a_fifo_after_it_was_looked_at_is_refused(tmp_path, monkeypatch):
    fifo, plain = tmp_path / "b.non", tmp_path / "plain.non"
    os.mkfifo(fifo)
    plain.write_text(OTHER_NON)
    real_stat = os.stat
    monkeypatch.setattr(os, "stat", lambda path, *a, **k: real_stat(plain))  # looked regular
    with (  # opened without waiting, then refused (the watcher only keeps a failure short)
        watched(fifo, code_under_test_writes=False),
        pytest.raises(InputMissing, match="FIFO"),
    ):
        read_file(str(fifo), regular_only=True)


# --------------------------------------------------------------------------- item 13


def _our_entry(directory: Path) -> Path:
    cache = PageCache(directory, "site:x")
    cache.put(Request(URL), URL, "a page")
    return cache.path(Request(URL))


def test_clear_through_a_linked_cache_folder_removes_only_our_entries(tmp_path, monkeypatch):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    foreign = {"f" * 64 + ".json": '{"url": "x"}', "tmpab12_x9z.tmp": "another program's"}
    for name, text in foreign.items():
        (elsewhere / name).write_text(text)
    entry = _our_entry(elsewhere)
    xdg = tmp_path / "xdg"
    xdg.mkdir()
    (xdg / "puzzlesat").symlink_to(elsewhere)
    monkeypatch.setenv("XDG_CACHE_HOME", str(xdg))
    code, out, err = run(["cache", "clear"])
    assert code == 0 and "removed 1 page" in out, err
    assert not entry.exists()
    assert sorted(p.name for p in elsewhere.iterdir()) == sorted(foreign)


@pytest.mark.parametrize("how", ["writable by others", "owned by another user"])
def test_a_cache_folder_that_is_not_ours_alone_is_refused(tmp_path, monkeypatch, how):
    folder = tmp_path / "xdg" / "puzzlesat"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    with responses.RequestsMock() as server:  # the entry, as if another user had put it
        server.get(URL, body=SMALL.read_text())
        assert run(["solve", URL, "-q"])[0] == 0
    planted = list(folder.iterdir())
    if how == "writable by others":
        folder.chmod(0o777)
    elif os.geteuid() == 0:  # root's folders are trusted (test_shared_cache): another's
        for path in (folder, *planted):
            os.chown(path, 12345, 12345)
    else:
        uid = os.geteuid()
        monkeypatch.setattr(os, "geteuid", lambda: uid + 1)
    for argv in (["cache", "clear"], ["cache", "list"]):
        code, _, err = run(argv)
        one_line_74(code, err, str(folder), "--no-cache")
    with responses.RequestsMock():  # no request may be made, and none is answered
        code, out, err = run(["solve", URL, "--json"])
    one_line_74(code, err, str(folder))
    assert list(folder.iterdir()) == planted
