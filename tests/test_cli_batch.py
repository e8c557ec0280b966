"""A file of many Sudokus through the command line: every puzzle solved and checked, a summary
or JSON Lines in input order, and the most serious status as the exit status."""

from __future__ import annotations

import json

from conftest import SHARED_DATA, run_cli

SEVENTEEN = SHARED_DATA / "sudoku" / "puzzles2_17_clue.txt"
CLASH = "11" + "." * 79  # two 1s in row 1: no solution


def _lines(n: int) -> list[str]:
    found = [line for line in SEVENTEEN.read_text().splitlines() if line and line[0] != "#"]
    return found[:n]


def test_a_file_of_many_sudokus_prints_one_summary(monkeypatch, capsys, tmp_path):
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


def test_one_bad_puzzle_does_not_stop_the_others(monkeypatch, capsys):
    text = "\n".join([_lines(1)[0], CLASH, _lines(2)[1]]) + "\n"
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "--json"], text)
    statuses = [json.loads(line)["status"] for line in out.splitlines()]
    assert statuses == ["unique", "none", "unique"] and code == 1
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "--ascii"], text)
    last = out.splitlines()[-1]
    assert code == 1 and last.startswith("3 puzzles: 2 unique, 1 none - ") and out.isascii()
    assert "puzzles by status" in out and "slowest" in out
