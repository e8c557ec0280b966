"""Batches: several sources, folders and files of many puzzles, on worker processes or a Dask
cluster; JSON Lines in input order with their sources, one bad file reported in its place,
the most serious exit status, polite fetching, the racers a worker's puzzle gets, what a
stopped batch hands over, and the puzzles not solved named as `solve` takes them back
(whole processes stopped: test_batch_lifecycle.py)."""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Iterator
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace

import pytest
import responses
from conftest import SHARED_DATA, run_cli, stalled_search

from puzzlesat import batch, workers
from puzzlesat.formats.taai import read_taai, read_taai_solutions, write_taai
from puzzlesat.kinds.nonogram.board import Nonogram
from puzzlesat.sat import Racers, Timings

NONOGRAMS = SHARED_DATA / "nonogram"
TAAI = NONOGRAMS / "taai" / "taai2011.question.txt"
# 17 clues, one answer
# 17 clues, one answer
SUDOKU = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
CLASH = "11" + "." * 79  # two 1s in row 1: no solution
needs_data = pytest.mark.skipif(not TAAI.exists(), reason="../shared/data is not there")


def _taai_folder(folder: Path, count: int) -> dict[str, list[list[int]]]:
    """The first `count` TAAI 2011 puzzles as one file each; their answers by file name."""
    puzzles = read_taai(TAAI.read_text())[:count]
    answers = read_taai_solutions(TAAI.with_name("taai2011.solution.txt").read_text())
    folder.mkdir(exist_ok=True)
    out = {}
    for n, board in enumerate(puzzles, 1):
        path = folder / f"{n:03d}.taai"
        path.write_text(write_taai(board, n))
        out[str(path)] = [list(row) for row in answers[int(board.title[1:])]]
    return out


def _agrees(record: dict, answer: list[list[int]]) -> bool:
    """A unique answer is the set's own; a puzzle of several answers (a few in TAAI) has its
    two answers, each filling the clues (the CLI checked them), and they differ."""
    if record["status"] == "unique":
        return record["solution"] == answer
    return record["status"] == "multiple" and record["solution"] != record["other_solution"]


def _records(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


@needs_data
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_folder_is_solved_in_path_order_with_each_answer(monkeypatch, capsys, tmp_path, jobs):
    answers = _taai_folder(tmp_path / "set", 6)
    (tmp_path / "set" / "README.txt").write_text("Six TAAI puzzles, one a file.\n")
    (tmp_path / "set" / "LICENSE").write_text("GPL-3.0\n")
    argv = ["solve", "--json", "--jobs", jobs, str(tmp_path / "set")]
    code, out, err = run_cli(monkeypatch, capsys, argv)
    records = _records(out)
    assert code == 0 and err.splitlines() == [
        f"puzzlesat: skipped {tmp_path / 'set' / 'README.txt'}: this does not look like a "
        "puzzle puzzlesat can read"
    ]
    assert [r["source"] for r in records] == sorted(answers)  # the README is no puzzle
    assert [r["index"] for r in records] == list(range(1, 7))
    assert all(_agrees(record, answers[record["source"]]) for record in records)


@needs_data
def test_one_bad_file_is_reported_in_its_place_and_the_rest_go_on(monkeypatch, capsys, tmp_path):
    answers = _taai_folder(tmp_path, 2)
    bad = tmp_path / "bad.non"
    bad.write_text("width 5\nheight 5\nrows\n1\n")
    sources = [*answers, str(bad), str(tmp_path / "missing.non")]
    code, out, err = run_cli(monkeypatch, capsys, ["solve", "--json", "-j", "2", *sources])
    records = _records(out)
    assert [r["source"] for r in records] == sources
    assert [r["status"] for r in records][2:] == ["error", "error"]
    assert all(_agrees(r, answers[r["source"]]) for r in records[:2])
    assert records[2]["error"]["exit"] == 65 and records[3]["error"]["exit"] == 66
    assert code == 66  # the most serious seen: a missing input before a data error


@needs_data
def test_every_puzzle_of_a_taai_set_is_solved_not_only_the_first(monkeypatch, capsys, tmp_path):
    puzzles = read_taai(TAAI.read_text())[:4]
    path = tmp_path / "four.txt"
    path.write_text("".join(write_taai(b, int(b.title[1:])) for b in puzzles))
    answers = read_taai_solutions(TAAI.with_name("taai2011.solution.txt").read_text())
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "--json", str(path)])
    records = _records(out)
    assert code == 0 and [r["source"] for r in records] == [f"{path}#{n}" for n in range(1, 5)]
    for board, record in zip(puzzles, records):
        assert _agrees(record, [list(row) for row in answers[int(board.title[1:])]])


@needs_data
def test_the_summary_counts_statuses_and_names_the_slowest(monkeypatch, capsys, tmp_path):
    answers = _taai_folder(tmp_path, 3)
    (tmp_path / "none.non").write_text("width 2\nheight 2\nrows\n2\n2\ncolumns\n1\n1\n")
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "-j", "1", str(tmp_path)])
    lines = out.splitlines()
    assert code == 1  # no solution is the most serious status here
    assert lines[-1].startswith("4 puzzles: 1 unique, 2 multiple, 1 none · ")
    assert "ms a puzzle" in lines[-1]
    assert "puzzles by status" in out and "slowest" in out
    folded = "".join(out.split())  # a long path folds over lines in an 80-column pipe
    assert all(Path(source).name in folded for source in answers)
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "-q", "-j", "1", str(tmp_path)])
    assert len(out.splitlines()) == 1


def test_a_file_of_a_puzzle_suffix_that_does_not_read_is_reported(monkeypatch, capsys, tmp_path):
    (tmp_path / "a.non").write_text("width 1\nheight 1\nrows\n1\ncolumns\n1\n")
    (tmp_path / "b.non").write_text("width 5\n")
    code, out, err = run_cli(monkeypatch, capsys, ["solve", "--json", "-j", "1", str(tmp_path)])
    records = _records(out)
    assert code == 65 and [r["status"] for r in records] == ["unique", "error"]
    assert "no `height` line" in records[1]["error"]["message"]


def test_a_folder_without_puzzles_is_exit_66(monkeypatch, capsys, tmp_path):
    (tmp_path / "README.txt").write_text("nothing to see\n")
    code, out, err = run_cli(monkeypatch, capsys, ["solve", str(tmp_path)])
    assert code == 66 and f"found no puzzle in {tmp_path}" in err and out == ""


def test_stdin_is_read_once(monkeypatch, capsys):
    code, out, err = run_cli(monkeypatch, capsys, ["solve", "-", "a.non", "-"], "x")
    assert code == 2 and "stdin (-) can be read once" in err


def test_pictures_are_refused_for_a_batch(monkeypatch, capsys, tmp_path):
    code, out, err = run_cli(monkeypatch, capsys, ["solve", "a.non", "b.non", "--svg", "x.svg"])
    assert code == 2 and "--svg and --png draw one puzzle" in err


def test_a_site_is_asked_at_most_once_a_second():
    slept = []
    polite = batch.Polite(gap=1.0, sleep=slept.append)
    url = "https://www.nonograms.org/nonograms/i/4353"
    key = polite.wait_for(url)
    polite.asked(key, None)
    polite.wait_for(url.replace("4353", "4374"))
    assert len(slept) == 1 and 0.9 < slept[0] <= 1.0
    assert polite.wait_for("https://www.puzzle-shikaku.com/") is not None and len(slept) == 1
    assert polite.wait_for("a/file.non") is None


FIXTURES = Path(__file__).parent.parent / "fixtures" / "nonograms.org"


@responses.activate
def test_urls_in_a_batch_are_fetched_one_a_second(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    page = (FIXTURES / "4353.source.html").read_text(encoding="utf-8")
    for n in (4353, 4354):
        responses.get(f"https://www.nonograms.org/nonograms/i/{n}", body=page)
    slept = []
    monkeypatch.setattr(batch.time, "sleep", slept.append)
    urls = [f"https://www.nonograms.org/nonograms/i/{n}" for n in (4353, 4354)]
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "--json", "-j", "1", *urls])
    assert code == 0 and [r["source"] for r in _records(out)] == urls
    assert len(responses.calls) == 2 and len(slept) == 1 and 0.5 < slept[0] <= 1.0
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "--json", "-j", "1", *urls])
    assert [r["cached"] for r in _records(out)] == [True, True] and len(slept) == 1


@needs_data
def test_a_batch_runs_on_a_dask_cluster(monkeypatch, capsys, tmp_path):
    distributed = pytest.importorskip("distributed")
    answers = _taai_folder(tmp_path, 4)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        argv = ["solve", "--json", "--dask-scheduler", cluster.scheduler_address, str(tmp_path)]
        code, out, err = run_cli(monkeypatch, capsys, argv)
    records = _records(out)
    assert code == 0, err
    assert [r["source"] for r in records] == sorted(answers)
    assert all(_agrees(r, answers[r["source"]]) for r in records)


def test_an_unreachable_dask_scheduler_is_exit_69(monkeypatch, capsys, tmp_path):
    pytest.importorskip("distributed")
    (tmp_path / "a.non").write_text("width 1\nheight 1\nrows\n1\ncolumns\n1\n")
    argv = ["solve", "--dask-scheduler", "tcp://127.0.0.1:9", str(tmp_path)]
    monkeypatch.setattr("puzzlesat.cluster.CONNECT_SECONDS", 1)
    code, out, err = run_cli(monkeypatch, capsys, argv)
    assert code == 69 and "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err


@pytest.mark.parametrize(
    ("jobs", "cores", "spare"),
    [("1", 2, True), ("2", 2, False), ("2", 4, True), ("3", 4, False), ("1", 1, False)],
)
def test_a_batch_leaves_the_second_search_to_workers_with_a_core_to_spare(
    monkeypatch, capsys, tmp_path, jobs, cores, spare
):
    """A worker on every core already: no worker's puzzle may start a second MiniSat."""
    told = []

    class Batch(batch.Batch):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            told.append(self.spare_core)

    monkeypatch.setattr(batch, "Batch", Batch)
    monkeypatch.setattr(workers, "cores", lambda: cores)
    for name in ("a.non", "b.non"):  # a cross of five cells
        (tmp_path / name).write_text("width 3\nheight 3\nrows\n1\n3\n1\ncolumns\n1\n3\n1\n")
    code, _out, _err = run_cli(monkeypatch, capsys, ["solve", "-q", "--jobs", jobs, str(tmp_path)])
    assert code == 0 and told == [spare]


# --------------------------------------------------------------------------- racers


TWO_ANSWERS = Nonogram(rows=((1,), (1,)), cols=((1,), (1,)))
GUIDED = "cadical195"  # the hard racer of a black-and-white nonogram


@pytest.mark.usefixtures("no_probing_search")
@pytest.mark.parametrize("core_free", [False, True], ids=["every core busy", "a core freed"])
def test_a_worker_without_a_spare_core_still_races(monkeypatch, core_free):
    """What a worker runs (solve_boards) with no --timeout: MiniSat stalls, as on a hard
    puzzle. With every core busy the hard racer still joins at HARD_AFTER; once fewer tasks
    are left than cores (the pool's count), the race is planned again as a lone puzzle's and
    the guided racer joins at GUIDED_AFTER (HARD_AFTER is out of reach then)."""
    timings = Timings(hard_after=60.0 if core_free else 0.1, guided_after=0.05)
    racers = Racers(minisat=stalled_search, timings=timings)
    monkeypatch.setattr("puzzlesat.sat.race.Racers", lambda: racers)
    monkeypatch.setattr(workers, "cores", lambda: 2)
    left = SimpleNamespace(value=1 if core_free else 2)  # tasks not yet done, this one too
    monkeypatch.setattr(workers, "_OUTSTANDING", left)
    [(result, error, _seconds)] = workers.solve_boards([TWO_ANSWERS], None, spare_core=False)
    assert error is None and len(result.solutions) == 2
    assert result.facts["solver"] == GUIDED


# --------------------------------------------------------------------------- what failed


def test_the_summary_names_what_was_not_solved_as_solve_takes_it_back(
    monkeypatch, capsys, tmp_path
):
    """A file of many and a missing file: the summary's table names the puzzles without an
    answer (`FILE#N` for the Nth of a file), and each name solves that puzzle again."""
    lines = tmp_path / "sudokus.txt"
    lines.write_text("\n".join([SUDOKU, CLASH, SUDOKU]) + "\n")
    missing = str(tmp_path / "missing.non")
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", str(lines), missing])
    assert code == 66
    table = out.split("not solved")[1]
    folded = "".join(table.split())  # a long path folds over lines in a pipe
    assert f"none{lines}#2" in folded and f"error{missing}" in folded
    assert f"{lines}#1" not in folded and f"{lines}#3" not in folded
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "--json", f"{lines}#2"])
    record = json.loads(out)
    assert code == 1 and record["status"] == "none" and record["puzzle"]["grid"][0][:2] == [1, 1]
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "--json", f"{lines}#3"])
    assert code == 0 and json.loads(out)["status"] == "unique"


def test_the_nth_puzzle_of_a_file_is_addressed_by_its_number(monkeypatch, capsys, tmp_path):
    lines = tmp_path / "sudokus.txt"
    lines.write_text("\n".join([SUDOKU, CLASH]) + "\n")
    code, _, err = run_cli(monkeypatch, capsys, ["solve", f"{lines}#3"])
    assert code == 66 and f"{lines} holds 2 puzzles: there is no #3" in err
    code, _, err = run_cli(monkeypatch, capsys, ["solve", f"{lines}#0"])
    assert code == 66 and "no such file" in err
    named = tmp_path / "a#2.txt"  # a path that exists is that file, whatever it looks like
    named.write_text(SUDOKU + "\n")
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "--json", str(named)])
    assert code == 0 and json.loads(out)["status"] == "unique"


class _Held(Executor):
    """An executor whose tasks run only when the test says: each submit is a future."""

    def __init__(self):
        self.futures: list[Future] = []

    def submit(self, fn, /, *args, **kwargs) -> Future:
        self.futures.append(Future())
        return self.futures[-1]


def test_a_stopped_batch_hands_over_what_finished_behind_an_open_task():
    """Four puzzles of one source on one job: the first still running, the second done,
    the third taken by the pool but waiting for the worker, the fourth not started. In
    input order nothing is ready; `stop` has the second, and names what was left."""
    held = _Held()
    work = batch.Batch(held, jobs=1, timeout=None)
    names = ["a.non", "b.non", "c.non", "d.non"]
    work.add([batch.Puzzle(n, name, TWO_ANSWERS) for n, name in enumerate(names, 1)])
    first, second, third, _ = held.futures
    for future in (first, second, third):
        future.set_running_or_notify_cancel()
    second.set_result([("answer", None, 0.5)])
    assert list(work.ready()) == []
    done, left = work.stop(sources=3)
    assert [(o.puzzle.source, o.result, o.seconds) for o in done] == [("b.non", "answer", 0.5)]
    assert left == batch.Unfinished(running=("a.non",), waiting=2, unread=2)
    assert left.said(names=1) == "1 running (a.non), 2 not started, 2 sources not read"
    assert left.said() == "1 running, 2 not started, 2 sources not read"


@responses.activate
def test_a_url_of_many_names_its_failures_as_solve_takes_them_back(monkeypatch, capsys):
    """A URL that holds several puzzles names the Nth `URL#N`; `solve URL#N` fetches it
    again and solves that one, and a URL of one puzzle ignores a fragment, as a browser."""
    url = "http://127.0.0.1:9/sets/sudoku.txt"
    responses.get(url, body="\n".join([SUDOKU, CLASH, SUDOKU]) + "\n")
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "--allow-any-host", url])
    assert code == 1 and f"{url}#2" in out.split("not solved")[1]
    argv = ["solve", "--json", "--allow-any-host", "--no-cache", f"{url}#2"]
    code, out, _ = run_cli(monkeypatch, capsys, argv)
    record = json.loads(out)
    assert code == 1 and record["status"] == "none" and record["puzzle"]["grid"][0][:2] == [1, 1]
    one = "http://127.0.0.1:9/one.txt"
    responses.get(one, body=SUDOKU + "\n")
    argv = ["solve", "-q", "--allow-any-host", "--no-cache", f"{one}#3"]
    assert run_cli(monkeypatch, capsys, argv)[0] == 0


def test_a_piped_batch_names_its_failures_as_stdin_takes_them_back(monkeypatch, capsys):
    """Piped in, the Nth puzzle is `-#N`, and `solve '-#N'` with the same input piped in
    solves that one."""
    text = "\n".join([SUDOKU, CLASH, SUDOKU]) + "\n"
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "-"], text)
    assert code == 1 and "-#2" in out.split("not solved")[1]
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "--json", "-#2"], text)
    record = json.loads(out)
    assert code == 1 and record["status"] == "none" and record["puzzle"]["grid"][0][:2] == [1, 1]


# --------------------------------------------------------------------------- a slow puzzle first

SLOW = Nonogram(rows=((1,), (1,)), cols=((1,), (1,)), title="slow")


class _StandIn:
    """The worker's task, stood in for: the slow puzzle waits until the test releases it
    (slow by construction, no timing to flake); every other one is done at once."""

    def __init__(self, small: int):
        self.release = threading.Event()
        self.small_done = threading.Event()
        self.small, self.count, self.lock = small, 0, threading.Lock()

    def __call__(self, boards, timeout, spare_core):
        if boards[0].title == "slow":
            assert self.release.wait(30)
        else:
            with self.lock:
                self.count += len(boards)
                if self.count >= self.small:
                    self.small_done.set()
        return [("answer", None, 0.0)] * len(boards)


def _slow_first(small) -> Iterator[list[batch.Puzzle]]:
    """A source whose one puzzle is slow, then one small puzzle a source (`small`: how many,
    or an iterable of their numbers)."""
    yield [batch.Puzzle(1, "slow.non", SLOW)]
    for n in range(small) if isinstance(small, int) else small:
        yield [batch.Puzzle(n + 2, f"{n}.non", TWO_ANSWERS)]


def _consume(work: batch.Batch, sources) -> tuple[threading.Thread, list]:
    outcomes: list = []
    thread = threading.Thread(target=lambda: outcomes.extend(batch.run(sources, work)))
    thread.start()
    return thread, outcomes


def test_a_slow_puzzle_first_holds_back_no_other_puzzle(monkeypatch):
    """Two jobs, a slow puzzle first and 60 small ones: the 60 are all solved while the
    first still runs (reading went on), and handed out in input order once it ends."""
    stand_in = _StandIn(small=60)
    monkeypatch.setattr(batch, "solve_boards", stand_in)
    with ThreadPoolExecutor(2) as pool:
        work = batch.Batch(pool, jobs=2, timeout=None)
        thread, outcomes = _consume(work, _slow_first(60))
        try:
            assert stand_in.small_done.wait(10), f"{stand_in.count} of 60 solved"
            assert outcomes == []  # input order: all wait for the first
        finally:
            stand_in.release.set()
            thread.join(30)
    assert [o.puzzle.index for o in outcomes] == list(range(1, 62))


def test_outcomes_held_behind_a_slow_puzzle_are_bounded_in_bytes(monkeypatch):
    """An endless file behind a slow puzzle: reading stops once the outcomes held behind
    it reach HELD_BYTES (here about ten outcomes' worth), and goes on once it ends."""
    one = batch.held_bytes([batch.Puzzle(2, "0.non", TWO_ANSWERS)], _Done([("answer", None, 0.0)]))
    monkeypatch.setattr(batch, "HELD_BYTES", 10 * one)
    stand_in = _StandIn(small=10)
    monkeypatch.setattr(batch, "solve_boards", stand_in)
    drawn: list[int] = []
    waited_for_the_head = threading.Event()
    real_wait = batch.wait_for

    def wait_for(futures, any_of=False):
        if not any_of and not futures[0].done():
            waited_for_the_head.set()
        real_wait(futures, any_of)

    monkeypatch.setattr(batch, "wait_for", wait_for)
    endless = (drawn.append(n) or n for n in itertools.count())
    with ThreadPoolExecutor(2) as pool:
        work = batch.Batch(pool, jobs=2, timeout=None)
        thread, outcomes = _consume(work, itertools.islice(_slow_first(endless), 200))
        try:
            assert waited_for_the_head.wait(10)
            assert 10 <= len(drawn) <= 10 + work.window + 1
            assert work.held > batch.HELD_BYTES
        finally:
            stand_in.release.set()
            thread.join(30)
    assert [o.puzzle.index for o in outcomes] == list(range(1, 201))


class _Done(Future):
    def __init__(self, value):
        super().__init__()
        self.set_result(value)
