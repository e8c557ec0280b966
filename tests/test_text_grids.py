"""Puzzles written as grids of text: each kind claims the grids that can be its own (a
Sudoku: a square of its sizes whose givens break no rule; a Shikaku: spaced numbers whose
clues add up to its area); the one that claims a grid reads it, and a grid that several
claim, or none, is refused naming them, and `--format` decides."""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES, fixture_text, run_cli

from puzzlesat import load
from puzzlesat.core import ParseError, Unrecognised

ROWS = [  # a 9x9 Sudoku, 0 for an empty cell
    "530070000", "600195000", "098000060", "800060003", "400803001",
    "700020006", "060000280", "000419005", "000080079",
]
FIRST_ROW = [5, 3, 4, 6, 7, 8, 9, 1, 2]
SIXTEEN = json.loads(fixture_text("puzzle-sudoku.com", "advanced_16x16_8720163.board.json"))
SHIKAKU = FIXTURES / "puzzle-shikaku.com" / "easy_5x5_9366068.txt"
# four 4s, one in each row, column and box, adding up to the area: a 4x4 Sudoku's givens
# and a 4x4 Shikaku's clues alike
BOTH = "4 0 0 0\n0 0 4 0\n0 4 0 0\n0 0 0 4\n"


def _lines(rows) -> str:
    return "".join(row + "\n" for row in rows)


def _solved(monkeypatch, capsys, text: str, *options: str) -> dict:
    code, out, err = run_cli(monkeypatch, capsys, ["solve", "-", "--json", *options], text)
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize(
    "text",
    [
        _lines(ROWS),
        _lines(ROWS).replace("0", "."),
        _lines(" ".join(row) for row in ROWS),  # numbers separated by spaces
        _lines(" ".join(row) for row in ROWS).replace("0", "-"),
    ],
    ids=["zeros", "dots", "spaced", "spaced dashes"],
)
def test_nine_rows_of_nine_are_a_sudoku(monkeypatch, capsys, text):
    data = _solved(monkeypatch, capsys, text)
    assert data["kind"] == "sudoku" and data["status"] == "unique"
    assert data["puzzle"]["box"] == [3, 3] and data["solution"][0] == FIRST_ROW


def test_dotted_rows_read_with_format_sudoku_grid(monkeypatch, capsys):
    text = _lines(ROWS).replace("0", ".")
    data = _solved(monkeypatch, capsys, text, "--format", "sudoku-grid")
    assert data["kind"] == "sudoku" and data["solution"][0] == FIRST_ROW


def test_rows_given_to_the_sudoku_lines_format_point_to_the_grid(monkeypatch, capsys):
    text = _lines(ROWS).replace("0", ".")
    code, out, err = run_cli(monkeypatch, capsys, ["solve", "-", "--format", "line"], text)
    assert code == 65 and out == ""
    assert "rows of one grid" in err and "--format sudoku-grid" in err


def test_a_4x4_grid(monkeypatch, capsys):
    data = _solved(monkeypatch, capsys, "1...\n..3.\n.4..\n...2\n")
    assert data["kind"] == "sudoku" and data["puzzle"]["box"] == [2, 2]
    assert data["status"] in ("unique", "multiple")


def _sixteen(spaced: bool) -> str:
    digits = "123456789ABCDEFG"
    if spaced:
        return _lines(" ".join(str(v) for v in row) for row in SIXTEEN["puzzle"]["grid"])
    return _lines("".join(digits[v - 1] if v else "." for v in row)
                  for row in SIXTEEN["puzzle"]["grid"])


@pytest.mark.parametrize("spaced", [False, True], ids=["letters", "numbers"])
def test_a_16x16_grid_writes_10_to_16_as_letters_or_numbers(monkeypatch, capsys, spaced):
    data = _solved(monkeypatch, capsys, _sixteen(spaced))
    assert data["kind"] == "sudoku" and data["status"] == "unique"
    assert data["puzzle"] == SIXTEEN["puzzle"]


def test_letters_in_a_narrow_grid_are_no_grid():
    with pytest.raises(Unrecognised, match="does not look like a puzzle"):
        load.recognise("A...\n....\n....\n....\n")


def test_a_shikaku_grid_is_still_a_shikaku(monkeypatch, capsys):
    data = _solved(monkeypatch, capsys, SHIKAKU.read_text())
    assert data["kind"] == "shikaku" and data["status"] == "unique"


def test_a_grid_both_kinds_claim_names_them_and_asks_for_format(monkeypatch, capsys):
    code, out, err = run_cli(monkeypatch, capsys, ["solve", "-"], BOTH)
    assert code == 65 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "Sudoku" in err and "Shikaku" in err
    assert "--format sudoku-grid" in err and "--format shikaku-grid" in err


@pytest.mark.parametrize("reader, kind", [("sudoku-grid", "sudoku"), ("grid", "shikaku")])
def test_format_settles_a_grid_both_kinds_claim(monkeypatch, capsys, reader, kind):
    assert _solved(monkeypatch, capsys, BOTH, "--format", reader)["kind"] == kind


def test_a_grid_no_kind_claims_says_why_for_each():
    """A square of a Sudoku's size with a given twice in a row, whose numbers add up to
    less than its area."""
    text = "1 1 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n"
    with pytest.raises(Unrecognised) as refused:
        load.recognise(text)
    message = str(refused.value)
    assert "not a Sudoku: 1 is twice in row 1" in message
    assert "not a Shikaku: its clues add up to 2, its area is 16" in message
    assert "--format" in refused.value.hint


def test_ragged_rows_are_a_grid_fault():
    with pytest.raises(ParseError, match="different lengths"):
        load.recognise("530\n60\n098\n")


def test_a_sudoku_converts_to_a_grid_and_back(monkeypatch, capsys, tmp_path):
    code, out, err = run_cli(
        monkeypatch, capsys, ["convert", "-", "--to", "sudoku-grid"], _lines(ROWS)
    )
    assert code == 0, err
    assert out == _lines(ROWS).replace("0", ".")
    assert load.recognise(out).name == "sudoku-grid"
