"""A file of many Sudokus through the command line: every puzzle solved and checked, a summary
or JSON Lines in input order, and the most serious status as the exit status."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from conftest import SHARED_DATA, run_cli, streams

from puzzlesat import batch, render, workers
from puzzlesat.cli import main
from puzzlesat.kinds.sudoku import many

SEVENTEEN = SHARED_DATA / "sudoku" / "puzzles2_17_clue.txt"
CLASH = "11" + "." * 79  # two 1s in row 1: no solution


def _no_tables(*args, **kwargs):
    raise AssertionError("tables built for -q")


def _lines(n: int) -> list[str]:
    found = [line for line in SEVENTEEN.read_text().splitlines() if line and line[0] != "#"]
    return found[:n]


def test_a_file_of_many_sudokus_prints_one_summary(monkeypatch, capsys, tmp_path):
    """-q: the closing line alone, and no table built for it (nor rich's tables imported)."""
    monkeypatch.setattr(render, "batch_tables", _no_tables)
    path = tmp_path / "many.txt"
    path.write_text("\n".join(_lines(50)) + "\n")
    code, out, err = run_cli(monkeypatch, capsys, ["solve", "-q", str(path)])
    assert code == 0 and err == ""
    assert out.startswith("50 puzzles: 50 unique · ") and "puzzles/s" in out
    assert len(out.splitlines()) == 1


def test_json_lines_in_input_order_with_checked_answers(monkeypatch, capsys):
    lines = _lines(20)
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "--json"], "\n".join(lines) + "\n")
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [r["index"] for r in records] == list(range(1, 21))
    for line, record in zip(lines, records):
        givens = [0 if ch == "." else int(ch) for ch in line[:81]]
        solution = [v for row in record["solution"] for v in row]
        assert record["status"] == "unique" and record["kind"] == "sudoku"
        assert all(g in (0, s) for g, s in zip(givens, solution))
        assert all(sorted(row) == list(range(1, 10)) for row in record["solution"])


class CountingStdout(io.TextIOWrapper):
    """A stdout that counts its flushes and keeps what was flushed apart from the buffer."""

    def __init__(self):
        super().__init__(io.BytesIO(), encoding="utf-8")
        self.flushes = 0

    def flush(self):
        self.flushes += 1
        super().flush()


def test_json_lines_of_a_batch_are_flushed_together_and_all_by_the_end(tmp_path):
    """A file of many is not a write a line (JSON_FLUSH_SECONDS apart at most), the first
    line goes out at once, and every line is out when the batch ends, before main returns."""
    path = tmp_path / "many.txt"
    path.write_text("\n".join(_lines(200)) + "\n")
    env = streams()._replace(stdout=CountingStdout())
    code = main(["solve", "--json", str(path)], env=env)
    records = env.stdout.buffer.getvalue().decode().splitlines()
    assert code == 0 and len(records) == 200
    assert json.loads(records[-1])["index"] == 200
    assert 2 <= env.stdout.flushes < 50


def test_one_bad_puzzle_does_not_stop_the_others(monkeypatch, capsys):
    text = "\n".join([_lines(1)[0], CLASH, _lines(2)[1]]) + "\n"
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "--json"], text)
    statuses = [json.loads(line)["status"] for line in out.splitlines()]
    assert statuses == ["unique", "none", "unique"] and code == 1
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "--ascii"], text)
    last = out.splitlines()[-1]
    assert code == 1 and last.startswith("3 puzzles: 2 unique, 1 none - ") and out.isascii()
    assert "puzzles by status" in out and "slowest" in out


def _no_pool(jobs):
    raise AssertionError("a pool was started")


def test_a_file_of_many_sudokus_is_solved_in_this_process(monkeypatch, capsys, tmp_path):
    """More puzzles than one chunk, and two jobs asked: still no pool to start (it would take
    longer than the puzzles); past IN_PROCESS_MANY, the pool."""
    path = tmp_path / "many.txt"
    path.write_text("\n".join(_lines(batch.SMALLEST_CHUNK + 100)) + "\n")
    monkeypatch.setattr(workers, "process_pool", _no_pool)
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "-q", "-j", "2", str(path)])
    assert code == 0 and out.startswith("600 puzzles: 600 unique · ") and "on 1 job" in out
    pools = []
    monkeypatch.setattr("puzzlesat.groups.IN_PROCESS_MANY", 100)
    in_process = workers.InProcess
    monkeypatch.setattr(workers, "process_pool", lambda jobs: pools.append(jobs) or in_process())
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "-q", "-j", "2", str(path)])
    assert code == 0 and pools == [2] and "on 2 jobs" in out


def test_ctrl_c_stops_a_batch_solved_in_this_process(monkeypatch, capsys, tmp_path):
    """The interrupt is heard between chunks: the second chunk never starts, exit 130."""
    path = tmp_path / "many.txt"
    path.write_text("\n".join(_lines(batch.SMALLEST_CHUNK + 100)) + "\n")
    monkeypatch.setattr(workers, "process_pool", _no_pool)
    real, calls = many.solve_many, []

    def interrupted(boards, *args, **kwargs):
        calls.append(len(boards))
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(boards, *args, **kwargs)

    monkeypatch.setattr(many, "solve_many", interrupted)
    code, _, err = run_cli(monkeypatch, capsys, ["solve", "-q", "-j", "2", str(path)])
    assert code == 130 and calls == [500, 100] and "interrupted" in err


@pytest.mark.parametrize("output", ["-q", "--json"])
def test_a_batch_in_this_process_imports_no_process_machinery(tmp_path, output):
    """Starting a pool costs more than a few thousand Sudokus: one that needs none does not
    even import multiprocessing, nor concurrent.futures (and the logging it brings), nor
    another kind than the file's; nor rich (nothing is drawn) nor python-sat (the native
    engine answers them all). A process of its own: the suite's other tests import them."""
    path = tmp_path / "many.txt"
    path.write_text("\n".join(_lines(30)) + "\n")
    script = (
        "import sys; from puzzlesat.cli import main; "
        f"code = main(['solve', {output!r}, sys.argv[1]]); "
        "print(code, sorted(m for m in sys.modules if m.startswith(("
        "'multiprocessing', 'concurrent', 'logging', 'puzzlesat.kinds.nonogram', 'rich', "
        "'pysat'))))"
    )
    done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True)
    assert done.stdout.splitlines()[-1] == "0 []", done.stderr


@pytest.fixture
def totals(monkeypatch) -> list:
    """The totals a batch gives its progress bar, as if stderr were a terminal."""
    from contextlib import contextmanager

    from puzzlesat.cli.output import Output

    heard: list = []

    @contextmanager
    def progress(self):
        yield (lambda total, count: heard.append(max(total, count) if total else total)), (
            lambda count: None
        )

    monkeypatch.setattr(Output, "progress", progress)
    return heard


def test_the_progress_total_of_a_folder_counts_its_files_and_their_puzzles(
    monkeypatch, capsys, tmp_path, totals
):
    """A folder of three files: five Sudoku lines, one Sudoku, a README: 3 files, the
    five lines counted as soon as the file is read (never the puzzles read so far), then
    one less once the README turns out to hold none."""
    (tmp_path / "a.txt").write_text("\n".join(_lines(5)) + "\n")
    (tmp_path / "b.txt").write_text(_lines(6)[5] + "\n")
    (tmp_path / "c-readme.txt").write_text("no puzzle here\n")
    code, _out, _err = run_cli(monkeypatch, capsys, ["solve", "-q", "-j", "1", str(tmp_path)])
    assert code == 0 and totals == [7, 7, 6]


def test_the_progress_total_of_a_file_of_many_is_its_count(monkeypatch, capsys, tmp_path, totals):
    path = tmp_path / "many.txt"
    path.write_text("# a comment\n\n" + "\n".join(_lines(batch.SMALLEST_CHUNK + 7)) + "\n")
    code, _out, _err = run_cli(monkeypatch, capsys, ["solve", "-q", str(path)])
    assert code == 0 and set(totals) == {batch.SMALLEST_CHUNK + 7}


def test_a_total_not_known_shows_no_denominator():
    total = batch.Total(3)
    total.read(5)
    assert total.value == 7
    total.read(None)  # a source that cannot say how many it holds
    total.read(1)
    assert total.value is None
