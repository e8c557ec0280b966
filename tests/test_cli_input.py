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
