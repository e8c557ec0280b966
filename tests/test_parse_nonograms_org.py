"""nonograms.org parsing: the `var d` decoder, the page source, the devtools table, refusals.

Fixtures come from tools/make_nonogram_fixtures.py (constructed per docs/sites.md 1b-1d).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from puzzlesat.core import Page, ParseError, Request
from puzzlesat.kinds.nonogram.board import runs, to_json
from puzzlesat.sources import nonograms_org
from puzzlesat.sources.nonograms_org import decode_var_d, parse, puzzle_requests, recognises

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures" / "nonograms.org"
SHARED = ROOT.parent / "shared"

IDS = ("4353", "50196", "66825", "66515", "kacevnik-10x10")
SOLUTION_4353 = (
    (1, 1, 1, 0),
    (0, 0, 1, 1),
    (1, 0, 1, 0),
    (0, 1, 1, 0),
    (1, 1, 1, 0),
    (1, 0, 1, 0),
)
# sites.md 1b worked example: the known #4353 picture hand-encoded with arbitrary keys.
WORKED_EXAMPLE = [
    [123, 45, 67, 89],
    [10, 8, 14, 7],
    [21, 15, 12, 9],
    [5, 3, 7, 4],
    [30, 40, 50, 60],
    [40, 30, 60, 51],
    [12, 11, 2, 10],
    [5, 6, 7, 8],
    [6, 9, 8, 9],
    [8, 8, 8, 10],
    [6, 7, 8, 11],
    [8, 7, 8, 11],
    [7, 8, 8, 12],
    [6, 9, 8, 13],
    [6, 7, 8, 14],
    [8, 7, 8, 14],
]
VAR_D = re.compile(r"^var d=(\[.*\]);$", re.M)


def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def page(path: Path, body: str | None = None) -> Page:
    return Page(source=str(path), text=text(path) if body is None else body)


def expected(puzzle_id: str) -> dict:
    return json.loads(text(FIXTURES / f"{puzzle_id}.board.json"))["puzzle"]


def var_d(path: Path) -> list[list[int]]:
    match = VAR_D.search(text(path))
    assert match, f"{path.name} has no `var d=[...];` line of its own"
    return json.loads(match.group(1))


# --------------------------------------------------------------------------- decoder


def test_v3_and_sq_arithmetic_of_the_worked_example():
    d = WORKED_EXAMPLE
    assert [nonograms_org._v3(d[i]) for i in (1, 2, 3)] == [4, 6, 1]
    assert nonograms_org._sq(d[6]) == 8


def test_worked_example_decodes_to_4353():
    picture, colours = decode_var_d(WORKED_EXAMPLE)
    assert len(picture[0]) == 4 and len(picture) == 6
    assert colours == ["000000"]
    assert picture == SOLUTION_4353
    assert [runs(r) for r in picture] == [(3,), (2,), (1, 1), (2,), (3,), (1, 1)]
    assert [runs(c) for c in zip(*picture)] == [(1, 1, 2), (1, 2), (6,), (1,)]


def test_shared_synthetic_example_page_decodes_to_4353():
    path = SHARED / "docs" / "examples" / "nonograms_org_4353_var_d_SYNTHETIC.html"
    if not path.exists():
        pytest.skip("shared/docs/examples is not beside the repository")
    board = parse(page(path))
    assert board.picture == SOLUTION_4353


def test_colour_rule_gives_fbf204():
    key = [17, 29, 5, 3]
    red, green, blue, flag = 0xFB, 0xF2, 0x04, 0
    record = [red + key[1], green + key[0], blue + key[3], flag + red + key[2]]
    d = [list(r) for r in WORKED_EXAMPLE]
    d[4], d[5] = key, record
    picture, colours = decode_var_d(d)
    assert colours == ["fbf204"]
    assert picture == SOLUTION_4353


def test_decoder_reads_the_run_count_and_ignores_trailing_records():
    # Real pages carry more records than the runs need; a decoder that walks to the end of
    # `d` would paint these extra runs (or fail on the out-of-grid one).
    junk = [[5, 7, 8, 9], [9, 9, 8, 14], [99, 99, 99, 99]]
    picture, _ = decode_var_d(WORKED_EXAMPLE + junk)
    assert picture == SOLUTION_4353


def test_decoder_says_truncated_when_runs_are_missing():
    with pytest.raises(ParseError, match="announces 8 runs but holds 7"):
        decode_var_d(WORKED_EXAMPLE[:-1])


@pytest.mark.parametrize(
    "d",
    [
        WORKED_EXAMPLE[:5],
        WORKED_EXAMPLE[:1] + [[10, 8, 14, 0]] + WORKED_EXAMPLE[2:],
        [r[:3] for r in WORKED_EXAMPLE],
    ],
    ids=["too-short", "zero-modulus", "three-number-records"],
)
def test_decoder_refuses_broken_arrays(d):
    with pytest.raises(ParseError, match="var d"):
        decode_var_d(d)


# --------------------------------------------------------------------------- fixtures


@pytest.mark.parametrize("puzzle_id", IDS)
def test_a_source_pages_picture_gives_its_clues(puzzle_id):
    """(The board it gives is tests/test_fixtures.py's.)"""
    board = parse(page(FIXTURES / f"{puzzle_id}.source.html"))
    assert board.picture is not None
    assert tuple(runs(r) for r in board.picture) == board.rows
    assert tuple(runs(c) for c in zip(*board.picture)) == board.cols


@pytest.mark.parametrize("puzzle_id", IDS)
def test_a_table_copy_holds_no_picture(puzzle_id):
    board = parse(page(FIXTURES / f"{puzzle_id}.table.html"))
    assert board.picture is None


@pytest.mark.parametrize("puzzle_id", IDS)
def test_fixtures_are_recognised_by_content(puzzle_id):
    assert recognises(text(FIXTURES / f"{puzzle_id}.source.html"))
    assert recognises(text(FIXTURES / f"{puzzle_id}.table.html"))


@pytest.mark.parametrize("puzzle_id", IDS)
def test_source_pages_carry_surplus_records(puzzle_id):
    d = var_d(FIXTURES / f"{puzzle_id}.source.html")
    ncolors = nonograms_org._v3(d[3])
    needed = ncolors + 7 + nonograms_org._sq(d[ncolors + 5])
    assert len(d) > needed + 2  # a second block follows the runs, as on real pages


def test_4353_source_keeps_the_known_picture():
    board = parse(page(FIXTURES / "4353.source.html"))
    assert board.picture == SOLUTION_4353
    assert len(var_d(FIXTURES / "4353.source.html")) == 40  # as the real page (nonogrid test)
    known = SHARED / "data" / "known-answers.json"
    if known.exists():
        entry = json.loads(text(known))["nonograms_org"]["4353"]
        assert board.picture == tuple(tuple(r) for r in entry["solution"])
        assert to_json(board) == {"rows": entry["rows"], "cols": entry["cols"]}


def test_whole_saved_page_prefers_var_d():
    source = text(FIXTURES / "4353.source.html")
    table = text(FIXTURES / "4353.table.html")
    both = source.replace('<div id="nonogram_place">', '<div id="nonogram_place">' + table)
    board = parse(Page(source="saved.html", text=both))
    assert board.picture == SOLUTION_4353
    assert to_json(board) == expected("4353")


def test_table_parser_ignores_grid_state():
    live = text(FIXTURES / "66825.table.html")
    assert live.count("rgb(0, 0, 0)") > 10  # the fixture really carries a player's fills
    assert "rgb(170, 170, 170)" in live  # and crossed-out clue numbers
    board = parse(Page(source="live", text=live))
    assert to_json(board) == expected("66825")
    # Digits typed into every grid cell must not leak into the clues either.
    grid_start = live.index('<td class="nmtc">')
    noisy = live[:grid_start] + live[grid_start:].replace("<div>&nbsp;</div>", "<div>7</div>")
    assert noisy != live
    assert to_json(parse(Page(source="noisy", text=noisy))) == expected("66825")


def test_clues_are_read_by_position_not_by_id():
    table = text(FIXTURES / "kacevnik-10x10.table.html")
    assert 'id="nml' in table and 'id="nmh' not in table  # the clone's row-clue ids
    renamed = re.sub(r'id="nm[vlh]\d+_\d+"', 'id="x"', table)
    assert to_json(parse(Page(source="renamed", text=renamed))) == expected("kacevnik-10x10")


def test_transposes_column_clue_levels():
    board = parse(page(FIXTURES / "66515.table.html"))
    assert board.cols[3] == (3, 4, 3, 1)
    assert board.rows[18] == (2, 4, 3, 1, 1, 2)
    assert (board.width, board.height) == (20, 20)


# --------------------------------------------------------------------------- refusals


def test_colour_page_decodes_to_the_known_4374_picture():
    # colour puzzles are read now (tests/test_parse_colour.py); the real page's shape stays
    picture, colours = decode_var_d(var_d(FIXTURES / "4374.source.html"))
    assert colours == ["fbf204", "000000", "f4951c"]
    assert picture == (
        (0, 0, 0, 1, 0),
        (1, 0, 0, 1, 1),
        (1, 3, 3, 0, 0),
        (2, 3, 3, 0, 0),
        (3, 3, 0, 0, 0),
    )
    assert len(var_d(FIXTURES / "4374.source.html")) == 45  # as the real page


# The bad pages' errors are tests/test_fixtures.py's (fixtures/nonograms.org/bad/*.error.json)


# --------------------------------------------------------------------------- requests


def test_requests_try_bw_then_colour():
    url = "https://www.nonograms.org/nonograms/i/4353"
    assert puzzle_requests(url) == (
        Request(url),
        Request("https://www.nonograms.org/nonograms2/i/4353"),
    )


def test_requests_try_colour_then_bw():
    url = "https://www.nonograms.ru/nonograms2/i/4374"
    assert puzzle_requests(url) == (
        Request(url),
        Request("https://www.nonograms.ru/nonograms/i/4374"),
    )


def test_requests_without_an_id_fetch_the_url_only():
    url = "https://www.nonograms.org/search/p/1?sort=6"
    assert puzzle_requests(url) == (Request(url),)
