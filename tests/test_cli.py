"""The command line end to end through main(argv): stdin, files, URLs (mocked), errors."""

from __future__ import annotations

import json

import pytest
import requests
import responses
from conftest import FIXTURES, fixture_text, run_cli

URL = "https://www.nonograms.org/nonograms/i/4353"
URL2 = "https://www.nonograms.org/nonograms2/i/4353"
SOURCE_4353 = FIXTURES / "nonograms.org" / "4353.source.html"
TABLE_4353 = FIXTURES / "nonograms.org" / "4353.table.html"
SOLUTION_4353 = [[1, 1, 1, 0], [0, 0, 1, 1], [1, 0, 1, 0], [0, 1, 1, 0], [1, 1, 1, 0], [1, 0, 1, 0]]


run = run_cli


def test_pasted_table_on_stdin_is_solved_and_drawn(monkeypatch, capsys):
    code, out, err = run(monkeypatch, capsys, ["solve", "-"], TABLE_4353.read_text())
    assert code == 0 and err == ""
    assert "██████" in out
    assert out.splitlines()[-1].startswith("unique solution · 4×6")


def test_piped_input_needs_no_dash(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, ["solve", "--ascii"], TABLE_4353.read_text())
    assert code == 0 and "######." in out


def test_saved_page_to_json(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, ["solve", str(SOURCE_4353), "--json"])
    data = json.loads(out)
    assert code == 0
    assert data["kind"] == "nonogram" and data["status"] == "unique"
    assert data["solution"] == SOLUTION_4353
    assert data["puzzle"]["rows"] == [[3], [2], [1, 1], [2], [3], [1, 1]]
    assert set(data["timings"]) >= {"fetch", "parse", "encode", "solve"}


def test_parse_prints_a_board_that_solve_reads_back(monkeypatch, capsys, tmp_path):
    code, out, _ = run(monkeypatch, capsys, ["parse", str(TABLE_4353)])
    assert code == 0 and json.loads(out)["width"] == 4
    board = tmp_path / "board.json"
    board.write_text(out)
    code, out, _ = run(monkeypatch, capsys, ["solve", str(board), "--json"])
    assert code == 0 and json.loads(out)["solution"] == SOLUTION_4353


def test_two_solutions_are_reported_as_multiple(monkeypatch, capsys):
    board = json.dumps({"rows": [[1], [1]], "cols": [[1], [1]]})
    code, out, _ = run(monkeypatch, capsys, ["solve", "--json"], board)
    data = json.loads(out)
    assert code == 0 and data["status"] == "multiple"
    assert data["solution"] != data["other_solution"]


def test_no_solution_exits_1(monkeypatch, capsys):
    board = json.dumps({"rows": [[2], []], "cols": [[2], []]})
    code, out, _ = run(monkeypatch, capsys, ["solve", "--json"], board)
    assert code == 1 and json.loads(out)["status"] == "none"


def test_clue_that_cannot_fit_names_its_line(monkeypatch, capsys):
    board = json.dumps({"rows": [[3], [1]], "cols": [[1], [1]]})
    code, out, err = run(monkeypatch, capsys, ["solve"], board)
    assert code == 1 and out == ""
    assert err.startswith("puzzlesat: row 1 clue [3] needs 3 cells") and err.count("\n") == 1


@responses.activate
def test_url_is_fetched_with_our_agent_and_then_cached(monkeypatch, capsys):
    responses.get(URL, body=SOURCE_4353.read_text(), content_type="text/html; charset=utf-8")
    code, out, _ = run(monkeypatch, capsys, ["solve", URL, "--json"])
    assert code == 0 and json.loads(out)["solution"] == SOLUTION_4353
    assert responses.calls[0].request.headers["User-Agent"].startswith("puzzlesat/")
    code, out, _ = run(monkeypatch, capsys, ["solve", URL, "--json"])
    assert code == 0 and json.loads(out)["source"] == URL
    assert len(responses.calls) == 1  # the second run asked nothing


@responses.activate
def test_404_falls_back_to_nonograms2(monkeypatch, capsys):
    responses.get(URL, status=404)
    responses.get(URL2, body=SOURCE_4353.read_text())
    code, out, _ = run(monkeypatch, capsys, ["solve", URL, "--json", "--no-cache"])
    assert code == 0 and json.loads(out)["status"] == "unique"
    assert [c.request.url for c in responses.calls] == [URL, URL2]


@responses.activate
def test_403_is_one_line_and_exit_69(monkeypatch, capsys):
    responses.get(URL, status=403)
    code, out, err = run(monkeypatch, capsys, ["solve", URL])
    assert code == 69 and out == ""
    assert "refused" in err and "hint:" in err and err.count("\n") == 1
    assert "Traceback" not in err


@responses.activate
def test_read_timeout_exit_69(monkeypatch, capsys):
    responses.get(URL, body=requests.exceptions.ReadTimeout())
    code, _, err = run(monkeypatch, capsys, ["solve", URL])
    assert code == 69 and "did not answer in time" in err


@responses.activate
def test_500_then_success(monkeypatch, capsys):
    responses.get(URL, status=500, headers={"Retry-After": "0"})
    responses.get(URL, body=SOURCE_4353.read_text())
    code, out, _ = run(monkeypatch, capsys, ["solve", URL, "--json"])
    assert code == 0 and json.loads(out)["status"] == "unique"
    assert len(responses.calls) == 2


def test_unknown_site_is_refused_before_any_request(monkeypatch, capsys):
    code, _, err = run(monkeypatch, capsys, ["solve", "https://example.com/puzzle/1"])
    assert code == 65 and "example.com is not a site puzzlesat knows" in err
    assert "puzzle-*.com sites" in err and len(err) <= 240  # the family counted, not listed


def test_non_http_scheme_is_refused(monkeypatch, capsys):
    code, _, err = run(monkeypatch, capsys, ["solve", "file:///etc/passwd"])
    assert code == 65 and "only http(s) URLs" in err


def test_empty_stdin_exit_66(monkeypatch, capsys):
    code, _, err = run(monkeypatch, capsys, ["solve", "-"], "  \n")
    assert code == 66 and "nothing arrived" in err


def test_missing_file_exit_66(monkeypatch, capsys, tmp_path):
    code, _, err = run(monkeypatch, capsys, ["solve", str(tmp_path / "nope.html")])
    assert code == 66 and "no such file" in err


def test_tty_without_source_prints_usage_instead_of_hanging(monkeypatch, capsys):
    code, _, err = run(monkeypatch, capsys, ["solve"], tty=True)
    assert code == 2 and "usage:" in err


def test_garbage_is_a_data_error(monkeypatch, capsys):
    code, _, err = run(monkeypatch, capsys, ["solve"], "<html><body>hello</body></html>")
    assert code == 65 and "does not look like a puzzle" in err


@pytest.mark.parametrize(
    "name, message",
    [
        ("bad/half-table-nmtt.html", "#nonogram_table"),
    ],
)
def test_refusals_from_fixtures(monkeypatch, capsys, name, message):
    path = FIXTURES / "nonograms.org" / name
    if not path.exists():
        pytest.fail(f"fixture missing: {path}")
    code, _, err = run(monkeypatch, capsys, ["solve", str(path)])
    assert code == 65 and message in err


def test_timeout_gives_unknown_and_exit_3(monkeypatch, capsys):
    board = fixture_text("nonograms.org", "4353.board.json")
    code, out, err = run(monkeypatch, capsys, ["solve", "--json", "--timeout", "0"], board)
    assert code == 3 and json.loads(out)["status"] == "unknown"
    assert "no answer within 0 s" in err


def test_quiet_says_several_solutions_without_saying_two_are_shown(monkeypatch, capsys):
    """-q draws nothing: the verdict does not speak of two drawings."""
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "-q", "2x2:1/1/1/1"])
    assert code == 0 and out.startswith("several solutions · 2×2") and "shown" not in out
