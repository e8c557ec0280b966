"""`puzzlesat convert SOURCE --to FORMAT [-o FILE]` end to end through main(): any source
(files, pasted pages, URLs, game IDs on the command line), every format, one file per
puzzle into a folder, and a clear exit 65 where a format cannot hold the puzzle."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import responses
from conftest import run_cli

from puzzlesat import load
from puzzlesat.core import Page
from puzzlesat.formats import FORMATS, format_named, writable_names

FIXTURES = Path(__file__).parent.parent / "fixtures"
BIKE = FIXTURES / "formats" / "jwilk-038-bike.non"
TAAI_EXCERPT = FIXTURES / "formats" / "taai2011-excerpt.question.txt"
SHIKAKU_PAGE = FIXTURES / "puzzle-shikaku.com" / "easy_5x5_9366068.source.html"
COLOUR_PAGE = FIXTURES / "nonograms.org" / "4374.source.html"
SUDOKU_PAGE = next((FIXTURES / "puzzle-sudoku.com").glob("*.source.html"))
PATTERN = "4x4:2/1/2/1/1.1/2/1/1"  # formats.md: unique, not line-solvable


def _parsed(monkeypatch, capsys, source: str) -> dict:
    code, out, err = run_cli(monkeypatch, capsys, ["parse", source])
    assert code == 0, err
    return json.loads(out)["puzzle"]


@pytest.mark.parametrize("to", [n for n in writable_names() if n != "sugar"])
@pytest.mark.parametrize("source", [BIKE, SHIKAKU_PAGE, SUDOKU_PAGE, COLOUR_PAGE], ids=str)
def test_convert_then_read_gives_the_same_board(monkeypatch, capsys, tmp_path, source, to):
    out_file = tmp_path / "out"
    argv = ["convert", str(source), "--to", to, "-o", str(out_file)]
    code, out, err = run_cli(monkeypatch, capsys, argv)
    fmt = format_named(to)
    board = load.read_page(Page(str(source), source.read_text(encoding="utf-8")))
    kind = board.kind
    colour = source == COLOUR_PAGE
    black_and_white_only = ("nin", "non", "taai", "tatham")
    holds = (not fmt.kinds or kind in fmt.kinds) and not (colour and to in black_and_white_only)
    if to == "taai" and board.width != board.height:
        holds = False  # a TAAI file has no size line: square puzzles only
    if to == "line" and kind == "sudoku":
        holds = "jigsaw" not in str(source)
    if not holds:
        assert code == 65 and out == "" and err.count("\n") == 1 and "(hint: " in err
        assert not out_file.exists()
        return
    assert code == 0, err
    assert _parsed(monkeypatch, capsys, str(out_file)) == _parsed(monkeypatch, capsys, str(source))


def test_stdout_by_default_and_a_pasted_page_converts(monkeypatch, capsys):
    page = SHIKAKU_PAGE.read_text(encoding="utf-8")
    code, out, err = run_cli(monkeypatch, capsys, ["convert", "-", "--to", "tatham"], page)
    assert code == 0 and err == "" and out.startswith("5x5:")
    code, again, _ = run_cli(monkeypatch, capsys, ["parse", out.strip()])
    assert code == 0 and json.loads(again)["kind"] == "shikaku"


def test_a_game_id_on_the_command_line_is_a_puzzle(monkeypatch, capsys):
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "--json", PATTERN])
    record = json.loads(out)
    assert code == 0 and record["status"] == "unique" and record["source"] == "command line"
    code, out, _ = run_cli(monkeypatch, capsys, ["convert", PATTERN, "--to", "non"])
    assert code == 0 and "width 4\nheight 4" in out
    code, out, err = run_cli(monkeypatch, capsys, ["solve", "4x4:2/1/1"])
    assert code == 65 and "too few row/column specifications" in err  # Tatham's own words
    code, out, err = run_cli(monkeypatch, capsys, ["solve", "missing-puzzle.non"])
    assert code == 66 and "missing-puzzle.non" in err  # no puzzle by content: a missing file


def test_many_puzzles_go_into_one_file_where_the_format_holds_many(monkeypatch, capsys):
    code, out, _ = run_cli(monkeypatch, capsys, ["convert", str(TAAI_EXCERPT), "--to", "non"])
    assert code == 0 and out.count("====") >= 1
    code, out, err = run_cli(monkeypatch, capsys, ["convert", str(TAAI_EXCERPT), "--to", "xml"])
    puzzles = TAAI_EXCERPT.read_text().count("$")
    if format_named("xml").write_all is None:
        assert code == 65 and f"holds {puzzles:,} puzzles" in err and "-o FOLDER/" in err


def test_a_folder_gets_one_file_per_puzzle_and_solves_as_a_batch(monkeypatch, capsys, tmp_path):
    folder = tmp_path / "split"
    argv = ["convert", str(TAAI_EXCERPT), "--to", "taai", "-o", f"{folder}/"]
    code, out, err = run_cli(monkeypatch, capsys, argv)
    puzzles = TAAI_EXCERPT.read_text().count("$")
    files = sorted(folder.iterdir())
    assert code == 0 and out == "" and f"wrote {puzzles} files" in err
    assert [f.name for f in files] == [f"{n:04d}.taai" for n in range(1, puzzles + 1)]
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "--json", "-j", "1", str(folder)])
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [r["source"] for r in records] == [str(f) for f in files]


def test_formats_that_cannot_hold_the_puzzle_say_so(monkeypatch, capsys):
    code, _, err = run_cli(monkeypatch, capsys, ["convert", str(COLOUR_PAGE), "--to", "nin"])
    assert code == 65 and "black-and-white" in err
    code, _, err = run_cli(monkeypatch, capsys, ["convert", str(SHIKAKU_PAGE), "--to", "non"])
    assert code == 65 and "holds nonogram puzzles; this is a shikaku" in err


def test_a_sugar_program_is_written_for_every_kind(monkeypatch, capsys):
    for source in (BIKE, SHIKAKU_PAGE, SUDOKU_PAGE):
        code, out, err = run_cli(monkeypatch, capsys, ["convert", str(source), "--to", "sugar"])
        assert code == 0, err
        assert out.startswith("; puzzlesat") and out.count("(") == out.count(")")


def test_an_output_that_cannot_be_written_is_exit_74(monkeypatch, capsys, tmp_path):
    argv = ["convert", str(BIKE), "--to", "non", "-o", str(tmp_path / "no" / "such" / "x.non")]
    code, out, err = run_cli(monkeypatch, capsys, argv)
    assert code == 74 and "could not write" in err


@responses.activate
def test_a_puzzle_taken_from_a_site_opens_in_other_tools(monkeypatch, capsys):
    url = "https://www.nonograms.org/nonograms/i/4353"
    page = (FIXTURES / "nonograms.org" / "4353.source.html").read_text(encoding="utf-8")
    responses.get(url, body=page)
    code, out, err = run_cli(monkeypatch, capsys, ["convert", url, "--to", "xml"])
    assert code == 0 and out.startswith("<?xml") and len(responses.calls) == 1
    board = load.read_page(Page("x", out))
    assert board.width > 0 and board.kind == "nonogram"


def test_every_writable_format_is_a_choice():
    assert sorted(writable_names()) == sorted(
        fmt.aliases[0] if fmt.aliases else fmt.name for fmt in FORMATS
    )
    assert {"json", "non", "nin", "taai", "xml", "sugar", "tatham", "line"} <= set(writable_names())


def test_a_goal_that_disagrees_is_a_note_in_the_json(monkeypatch, capsys, tmp_path):
    path = tmp_path / "bad-goal.non"
    path.write_text('width 2\nheight 2\nrows\n1\n1\ncolumns\n2\n0\ngoal "0110"\n')
    code, out, _ = run_cli(monkeypatch, capsys, ["solve", "--json", str(path)])
    record = json.loads(out)
    assert code == 0 and record["solution"] == [[1, 0], [1, 0]]
    assert "goal" in record["note"]


def test_a_broken_file_gets_its_formats_own_error(monkeypatch, capsys, tmp_path):
    path = tmp_path / "broken.non"
    path.write_text("width 5\n")
    code, _, err = run_cli(monkeypatch, capsys, ["solve", str(path)])
    assert code == 65 and "no `height` line" in err


@responses.activate
def test_every_puzzle_of_a_set_behind_a_url(monkeypatch, capsys):
    url = "http://127.0.0.1:9/sets/taai.txt"
    responses.get(url, body=TAAI_EXCERPT.read_text(), content_type="text/plain")
    argv = ["convert", "--allow-any-host", url, "--to", "taai"]
    code, out, _ = run_cli(monkeypatch, capsys, argv)
    assert code == 0 and out.count("$") == TAAI_EXCERPT.read_text().count("$") > 1


@responses.activate
def test_webpbn_xml_served_as_xml_is_read(monkeypatch, capsys):
    url = "http://127.0.0.1:9/dancer.xml"
    body = (FIXTURES / "formats" / "webpbn-00001-dancer.xml").read_text(encoding="utf-8")
    responses.get(url, body=body, content_type="application/xml")
    code, out, err = run_cli(monkeypatch, capsys, ["solve", "-q", "--allow-any-host", url])
    assert code == 0, err


def test_a_game_id_with_empty_lines_first_is_no_url(monkeypatch, capsys):
    code, out, err = run_cli(monkeypatch, capsys, ["solve", "-q", "3x3://3/1/1/1"])
    assert code == 0 and "unique" in out


@pytest.mark.parametrize("to", ["json", "tatham", "non"])
def test_text_on_stdout_ends_with_a_newline(monkeypatch, capsys, to):
    code, out, _ = run_cli(monkeypatch, capsys, ["convert", str(BIKE), "--to", to])
    assert code == 0 and out.endswith("\n") and not out.endswith("\n\n")
