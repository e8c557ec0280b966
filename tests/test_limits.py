"""Limits that keep a run bounded: --timeout, Ctrl-C, oversized boards, a cache shared by
concurrent runs."""

from __future__ import annotations

import json
import multiprocessing as mp
import time

import pytest
import responses
from conftest import FIXTURES

from puzzlesat.cli import main
from puzzlesat.core import Request, Status, TooLarge
from puzzlesat.fetch.cache import PageCache
from puzzlesat.fetch.local import read_file
from puzzlesat.kinds.nonogram.board import Nonogram
from puzzlesat.load import read_page
from puzzlesat.solve import solve

HARD = FIXTURES / "formats" / "webpbn-faase.nin"  # 80x95: far beyond a second of work


@pytest.mark.parametrize("timeout", [0.5, 1.5])
def test_timeout_holds_within_ten_percent(timeout):
    board = read_page(read_file(str(HARD)))
    start = time.perf_counter()
    result = solve(board, timeout=timeout)
    elapsed = time.perf_counter() - start
    assert result.status is Status.UNKNOWN and result.solutions == ()
    assert elapsed <= timeout * 1.1 + 0.5, elapsed  # slack for a loaded CI machine


def test_timeout_through_the_cli_is_exit_3(capsys):
    assert main(["solve", str(HARD), "--timeout", "0.5", "--json"]) == 3
    out, err = capsys.readouterr()
    assert json.loads(out)["status"] == "unknown" and json.loads(out)["solution"] is None
    assert "no answer within 0.5 s" in err


def test_an_oversized_board_is_refused_before_any_work():
    board = Nonogram(rows=((1,),) * 2000, cols=((1,),) * 2000)
    with pytest.raises(TooLarge, match="2000x2000"):
        solve(board)


def _hammer(directory: str, writer: int) -> None:
    cache = PageCache(__import__("pathlib").Path(directory))
    request = Request("https://www.nonograms.org/nonograms/i/1")
    for i in range(60):
        cache.put(request, request.url, f"page from writer {writer}, round {i} " * 200)
        hit = cache.get(request)
        assert hit is not None and hit[1].startswith("page from writer")


def test_concurrent_runs_never_leave_a_broken_entry(tmp_path):
    ctx = mp.get_context("fork")
    procs = [ctx.Process(target=_hammer, args=(str(tmp_path), w)) for w in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(30)
        assert p.exitcode == 0
    cache = PageCache(tmp_path)
    assert cache.get(Request("https://www.nonograms.org/nonograms/i/1")) is not None
    assert not list(tmp_path.glob("*.tmp"))


@responses.activate
def test_a_run_writes_nothing_but_its_cache(tmp_path, monkeypatch, capsys):
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    url = "https://www.nonograms.ru/nonograms/i/4353"
    responses.get(url, body=(FIXTURES / "nonograms.org" / "4353.source.html").read_text())
    assert main(["solve", url]) == 0
    capsys.readouterr()
    assert list(work.iterdir()) == []
    written = [p for p in (tmp_path / "cache").rglob("*") if p.is_file()]
    assert len(written) == 1 and written[0].suffix == ".json"
    assert written[0].parent == tmp_path / "cache" / "puzzlesat"
