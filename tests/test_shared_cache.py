"""A page cache another user runs against: ssh's rule. A folder root owns that no one else
may write is a shared cache, used read-only (its pages served, nothing written, said once
on stderr); one that others may write, or that another ordinary user owns, is refused.

The suite runs as root here, so "another user" is a child process that drops to nobody
(65534) before it runs the command. The interpreter and its libraries may live where
nobody cannot read them (/root/.pyenv), so the child first runs the same command as root,
on the same cache (a hit writes nothing, and the listing before and after covers both
runs): every module the command imports is then loaded. The cache is made in a folder of
its own under /tmp, since the test's tmp_path is root's alone."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
import responses
from conftest import FIXTURES, streams

from puzzlesat.cli import main

SMALL = FIXTURES / "nonograms.org" / "4353.source.html"
URL = "https://www.nonograms.org/nonograms/i/4353"
NOBODY = 65534
ORDINARY = 12345  # a user id no test machine gives to root

pytestmark = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0,
    reason="running as another user needs root (the suite runs as root in CI)",
)

AS_NOBODY = f"""
import io, json, os, sys
from puzzlesat.cli import main
from puzzlesat.cli.environment import Environment

argv = sys.argv[1:]
quiet = Environment.of_streams(io.StringIO(), io.StringIO(), io.StringIO(), os.environ)
main(json.loads(os.environ["WARM_UP"]) or argv, env=quiet)  # as root: imports what it uses
os.setgroups([])
os.setgid({NOBODY})
os.setuid({NOBODY})
sys.exit(main(argv))
"""


@pytest.fixture
def shared(tmp_path):
    """XDG_CACHE_HOME of a shared cache: root's, 0755, under /tmp, holding the page of URL
    as the cache's own writer stored it (by a solve as root)."""
    base = Path(tempfile.mkdtemp(prefix="puzzlesat-shared-", dir="/tmp"))
    base.chmod(0o755)
    env = streams()
    with responses.RequestsMock() as server, pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(base))
        server.get(URL, body=SMALL.read_text())
        assert main(["solve", URL, "-q"], env=env) == 0, env.stderr.getvalue()
    folder = base / "puzzlesat"
    folder.chmod(0o755)
    for entry in folder.iterdir():
        entry.chmod(0o644)
    yield base
    shutil.rmtree(base)


def tree(base: Path) -> list[tuple[str, int, int, float]]:
    """Every path under `base` with its mode, size and mtime: what a write would change."""
    found = []
    for path in sorted([base, *base.rglob("*")]):
        info = path.lstat()
        found.append((str(path), info.st_mode, info.st_size, info.st_mtime_ns))
    return found


def as_nobody(
    base: Path, *argv: str, warm_up: tuple[str, ...] = ()
) -> subprocess.CompletedProcess:
    """The command run by nobody with XDG_CACHE_HOME at `base`, after `warm_up` (else the
    same command) run as root; no request can leave (a proxy on a closed port), so exit 0
    means the page came from the cache."""
    env = {
        **os.environ,
        "XDG_CACHE_HOME": str(base),
        "HOME": "/nonexistent",
        "HTTPS_PROXY": "http://127.0.0.1:9",
        "HTTP_PROXY": "http://127.0.0.1:9",
        "PYTHONDONTWRITEBYTECODE": "1",
        "WARM_UP": json.dumps(warm_up),
    }
    return subprocess.run(
        [sys.executable, "-c", AS_NOBODY, *argv],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_read_only_cache_root_owns_is_used_as_one_and_nothing_is_written(shared):
    before = tree(shared)
    done = as_nobody(shared, "solve", URL, "--ascii")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip(), done.stderr  # the puzzle, drawn from the cached page
    said = done.stderr.splitlines()
    assert len(said) == 1 and "read-only" in said[0] and "not saved" in said[0], said
    assert tree(shared) == before


def test_a_read_only_cache_is_listed_but_not_cleared(shared):
    before = tree(shared)
    listed = as_nobody(shared, "cache", "list")
    assert listed.returncode == 0 and "1 page" in listed.stdout, listed.stderr
    _refused(as_nobody(shared, "cache", "clear", warm_up=("cache", "list")), "nothing cleared")
    assert tree(shared) == before


def _refused(done: subprocess.CompletedProcess, why: str) -> None:
    assert done.returncode == 74, done.stderr
    assert why in done.stderr and "(hint: " in done.stderr, done.stderr


@pytest.mark.parametrize("mode", [0o775, 0o757])
def test_a_root_cache_others_may_write_is_refused(shared, mode):
    (shared / "puzzlesat").chmod(mode)
    before = tree(shared)
    _refused(as_nobody(shared, "solve", URL, "-q"), "can be written by other users")
    assert tree(shared) == before


def test_a_cache_another_ordinary_user_owns_is_refused(shared):
    folder = shared / "puzzlesat"
    for path in (folder, *folder.iterdir()):
        os.chown(path, ORDINARY, ORDINARY)
    before = tree(shared)
    _refused(as_nobody(shared, "solve", URL, "-q"), "belongs to another user")
    assert tree(shared) == before


def test_a_root_cache_in_a_folder_another_user_may_change_is_refused(shared):
    os.chown(shared, ORDINARY, ORDINARY)  # they could put another folder in its place
    before = tree(shared)
    _refused(as_nobody(shared, "solve", URL, "-q"), "which other users may change")
    assert tree(shared) == before



def test_a_batch_says_once_that_the_cache_is_read_only(shared, monkeypatch):
    """In this process, as root seen as another user: every write would succeed, so the
    listing shows the code writes nothing of itself (a batch's pool cannot start as nobody
    here)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(shared))
    monkeypatch.setattr(os, "geteuid", lambda: NOBODY)
    before = tree(shared)
    env = streams()
    with responses.RequestsMock():  # no request may be made, and none is answered
        code = main(["solve", URL, URL, "--jobs", "1"], env=env)
    err = env.stderr.getvalue()
    assert code == 0, err
    assert err.count("read-only") == 1, err
    assert tree(shared) == before
