"""Reading input end to end: the site's shorthand, board JSON read back with its names."""

from __future__ import annotations

import json

import pytest
import responses
from conftest import FIXTURES, run_cli

SOURCE_4353 = FIXTURES / "nonograms.org" / "4353.source.html"
SOURCE_4374 = FIXTURES / "nonograms.org" / "4374.source.html"


# --------------------------------------------------------------------------- shorthands


@responses.activate
@pytest.mark.parametrize(
    ("shorthand", "url"),
    [
        ("nonograms.org:4353", "https://www.nonograms.org/nonograms/i/4353"),
        ("nonograms.ru:4353", "https://www.nonograms.ru/nonograms/i/4353"),
        ("Nonograms.org: 4,353", "https://www.nonograms.org/nonograms/i/4353"),
    ],
)
def test_a_nonograms_org_shorthand_fetches_the_puzzle_page(monkeypatch, capsys, shorthand, url):
    responses.get(url, body=SOURCE_4353.read_text(), content_type="text/html; charset=utf-8")
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", shorthand, "--json"])
    assert code == 0 and json.loads(out)["status"] == "unique"
    assert [call.request.url for call in responses.calls] == [url]
    assert json.loads(out)["source"] == url


@responses.activate
def test_a_colour_puzzle_by_shorthand_is_found_under_nonograms2(monkeypatch, capsys):
    """One ID space holds both: the black-and-white path first, on 404 the colour one."""
    plain = "https://www.nonograms.org/nonograms/i/4374"
    colour = "https://www.nonograms.org/nonograms2/i/4374"
    responses.get(plain, status=404)
    responses.get(colour, body=SOURCE_4374.read_text(), content_type="text/html; charset=utf-8")
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "nonograms.org:4374", "--json"])
    assert code == 0 and json.loads(out)["puzzle"].get("colors")
    assert [call.request.url for call in responses.calls] == [plain, colour]


@responses.activate
def test_a_shorthand_without_a_number_is_refused_before_any_request(monkeypatch, capsys):
    code, out, err = run_cli(monkeypatch, capsys, ["solve", "nonograms.org:chair"])
    assert code == 65 and out == "" and not responses.calls
    assert "not a puzzle reference" in err and "nonograms.org:4353" in err
    assert err.count("\n") == 1


def test_the_shorthand_is_in_solve_help(monkeypatch, capsys):
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "--help"])
    assert code == 0 and "nonograms.org:ID" in out


# --------------------------------------------------------------------------- board JSON names

NAMED = [  # (a page of each kind, the title and the puzzle ID its board carries)
    ("puzzle-nonograms.com/house_10x10.source.html", "5550123"),
    ("puzzle-shikaku.com/easy_5x5_9366068.source.html", "9366068"),
    ("puzzle-sudoku.com/advanced_12x12_1122127.source.html", "1122127"),
    ("puzzle-jigsaw-sudoku.com/easy_9x9_8651179.source.html", "8651179"),
]
NAMES = ("title", "puzzle_id", "source")


def _names(record: dict) -> dict:
    return {key: record.get(key) for key in NAMES}


def _parsed(monkeypatch, capsys, source: str) -> dict:
    code, out, err = run_cli(monkeypatch, capsys, ["parse", source])
    assert code == 0, err
    return json.loads(out)


def _read_back(monkeypatch, capsys, tmp_path, record: dict) -> tuple[dict, dict, dict]:
    """The board JSON read back by `parse` (a file and stdin) and by `solve --json`."""
    path = tmp_path / "board.json"
    path.write_text(json.dumps(record))
    again = _parsed(monkeypatch, capsys, str(path))
    code, out, err = run_cli(monkeypatch, capsys, ["parse", "-"], json.dumps(record))
    assert code == 0, err
    piped = json.loads(out)
    code, out, err = run_cli(monkeypatch, capsys, ["solve", str(path), "--json"])
    assert code == 0, err
    return again, piped, json.loads(out)


@pytest.mark.parametrize(("page", "puzzle_id"), NAMED, ids=[page for page, _ in NAMED])
def test_board_json_keeps_title_id_and_source_when_read_back(
    monkeypatch, capsys, tmp_path, page, puzzle_id
):
    record = _parsed(monkeypatch, capsys, str(FIXTURES / page))
    assert record["title"] and record["puzzle_id"] == puzzle_id
    for read_back in _read_back(monkeypatch, capsys, tmp_path, record):
        assert _names(read_back) == _names(record)
        assert read_back["puzzle"] == record["puzzle"]


@responses.activate
@pytest.mark.parametrize(
    ("url", "page"),
    [
        ("https://www.nonograms.org/nonograms/i/4353", SOURCE_4353),
        ("https://www.nonograms.ru/nonograms2/i/4374", SOURCE_4374),
    ],
)
def test_a_nonograms_org_board_keeps_its_id_from_its_address(
    monkeypatch, capsys, tmp_path, url, page
):
    """The black-and-white and the colour puzzle: the ID is the number in the page's URL."""
    responses.get(url, body=page.read_text(), content_type="text/html; charset=utf-8")
    record = _parsed(monkeypatch, capsys, url)
    assert record["title"] and record["puzzle_id"] == url.rsplit("/", 1)[1]
    assert record["source"] == url
    for read_back in _read_back(monkeypatch, capsys, tmp_path, record):
        assert _names(read_back) == _names(record)


def test_a_board_without_names_gains_none_when_read_back(monkeypatch, capsys, tmp_path):
    record = {"kind": "nonogram", "puzzle": {"rows": [[1]], "cols": [[1]]}}
    for read_back in _read_back(monkeypatch, capsys, tmp_path, record):
        assert "title" not in read_back and "puzzle_id" not in read_back
