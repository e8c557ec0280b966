"""Hostile titles and boards against what puzzlesat writes: every picture is well-formed XML
and fits a PNG, every file format keeps a title from writing lines of its own, and a board of
more colours than a format can name is refused, never a crash."""

from __future__ import annotations

import json
import struct
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest
from conftest import streams, written
from test_svg import NS, cairosvg

from puzzlesat.cli import main
from puzzlesat.core import Page, UnsupportedPuzzle, one_line
from puzzlesat.formats import FORMATS, format_named
from puzzlesat.kinds import BY_NAME, KINDS, kind_of
from puzzlesat.kinds.nonogram.board import Nonogram
from puzzlesat.picture import picture_png, picture_svg
from puzzlesat.svg import PNG_SIDE, png_size

HOSTILE_TITLES = [
    "two\nlines\r\nand\u2028more\x85end\x0bof\x0cit",
    'quotes " and \' and "whole"',
    "<b>&amp; &#10; &lt;</b> & # : , ; = ====",
    "controls \x00\x01\x1b[2J\x7f\x9b here",
    "not XML \ufffe\uffff and a lone \ud800 surrogate",
    "non-BMP \U0001f600 \U00020000 kept",
    "x" * 4000,
    "====",
    "\n".join(["", "width 1", "height 1", "rows", "1", "columns", "1", "===="]),
]


def examples():
    """(kind, its first example board) for every kind."""
    return [(kind, kind.examples[0].board) for kind in KINDS]


def png_dimensions(png: bytes) -> tuple[int, int]:
    """(width, height) from a PNG's IHDR chunk."""
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    return struct.unpack(">II", png[16:24])


# --------------------------------------------------------------------------- pictures


@pytest.mark.parametrize("title", HOSTILE_TITLES)
def test_a_picture_is_well_formed_xml_whatever_its_title(title):
    for _, board in examples():
        hostile = replace(board, title=title)
        svg = picture_svg(hostile, None)
        root = ET.fromstring(svg)  # raises on malformed XML
        assert root.find(f"{NS}title").text == one_line(hostile.title)
        svg.encode("utf-8")  # no lone surrogate left to fail the file or cairosvg


def test_a_long_title_is_cut_with_an_ellipsis_and_does_not_widen_the_page():
    board = BY_NAME["nonogram"].examples[0].board
    short = ET.fromstring(picture_svg(replace(board, title="x" * 80), None))
    long = ET.fromstring(picture_svg(replace(board, title="x" * 4000), None))
    assert long.get("width") == short.get("width")
    drawn = [t.text for t in long.iter(f"{NS}text") if t.get("font-weight") == "bold"]
    assert drawn == ["x" * 79 + "\u2026"]
    assert long.find(f"{NS}title").text == "x" * 4000  # the whole title, undrawn


def test_a_png_past_cairos_limit_is_scaled_to_fit_keeping_its_shape():
    assert png_size(1000, 400) == (1000, 400)
    width, height = png_size(40000, 100)
    assert width == PNG_SIDE and height == 81  # 100 px at 32,767 / 40,000
    width, height = png_size(30000, 30000)  # each side fits, the pixels would not
    assert width == height and width * height <= 1 << 25


def test_a_1400_column_board_and_a_hostile_title_give_a_png(monkeypatch):
    board = Nonogram(rows=((1400,),), cols=((1,),) * 1400, title="x" * 4000 + "\x01\ufffe")
    root = ET.fromstring(picture_svg(board, ((1,) * 1400,)))
    width, height = int(root.get("width")), int(root.get("height"))
    assert width > PNG_SIDE and png_size(width, height)[0] == PNG_SIDE
    cairosvg()  # drawn small, as cheap as a small puzzle: a page past a side of 300 px
    monkeypatch.setattr("puzzlesat.svg.PNG_SIDE", 300)
    small = Nonogram(rows=((40,),), cols=((1,),) * 40, title=board.title)
    width, height = png_dimensions(picture_png(small, ((1,) * 40,)))
    assert width == 300 and 0 < height < 100


def test_solve_writes_a_well_formed_svg_and_a_png_for_a_hostile_title(tmp_path):
    source = tmp_path / "t.non"
    source.write_text('title "bad \x01 \ufffe end"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n')
    svg, png = tmp_path / "a.svg", tmp_path / "a.png"
    env = streams()
    assert main(["solve", "-q", str(source), "--svg", str(svg)], env=env) == 0
    shown = ET.parse(svg).getroot().find(f"{NS}title").text
    assert shown.startswith("bad") and "\x01" not in shown and "\ufffe" not in shown
    cairosvg()
    assert main(["solve", "-q", str(source), "--png", str(png)], env=streams()) == 0
    assert png_dimensions(png.read_bytes())[0] > 0


# --------------------------------------------------------------------------- writers


def test_a_non_title_cannot_write_a_puzzle_of_its_own():
    source = "\n".join([
        'title "a&#10;width 1&#10;height 1&#10;rows&#10;1&#10;columns&#10;1&#10;====&#10;x"',
        "width 2", "height 2", "rows", "1", "1", "columns", "2", "0", "",
    ])
    env = streams(source.encode())
    assert main(["convert", "-", "--to", "non"], env=env) == 0
    boards = format_named("non").read_all(Page(source="-", text=written(env)))
    assert [(b.rows, b.cols) for b in boards] == [(((1,), (1,)), ((2,), ()))]
    assert "\n" not in boards[0].title and "width 1" in boards[0].title


@pytest.mark.parametrize("title", HOSTILE_TITLES)
def test_hostile_titles_round_trip_through_every_format(title):
    """Every format that reads back gives the same puzzle; one that keeps titles gives the
    title whole, or as one line of text; a write-only one (Sugar) keeps it to its comment."""
    for kind, board in examples():
        hostile = replace(board, title=title)
        for fmt in FORMATS:
            if fmt.kinds and kind.name not in fmt.kinds:
                continue
            try:
                text = fmt.write(hostile)
            except UnsupportedPuzzle:
                continue
            text.encode("utf-8")  # the file can be written
            if fmt.read is None:
                marked = fmt.write(replace(board, title="TITLE"))
                assert text == marked.replace("TITLE", one_line(hostile.title), 1), fmt.name
                continue
            back = fmt.read(Page(source="-", text=text))
            assert kind_of(back).to_json(back) == kind.to_json(board), (fmt.name, kind.name)
            if fmt.write(replace(board, title="Plain")) != fmt.write(board):  # keeps titles
                assert back.title in (hostile.title, one_line(hostile.title)), fmt.name


# --------------------------------------------------------------------------- colours


def colour_board_json(colours: int) -> bytes:
    """A 2x1 colour nonogram declaring `colours` colours and using the last two."""
    palette = [f"{k:06x}" for k in range(1, colours + 1)]
    a, b = colours - 1, colours
    puzzle = {"colors": palette, "rows": [[[1, a], [1, b]]], "cols": [[[1, a]], [[1, b]]]}
    return json.dumps({"kind": "nonogram", "puzzle": puzzle}).encode()


def test_sixty_thousand_colours_convert_to_webpbn_xml_and_back():
    env = streams(colour_board_json(60_000))
    assert main(["convert", "-", "--to", "xml"], env=env) == 0, env.stderr.getvalue()
    back = format_named("xml").read(Page(source="-", text=written(env)))
    assert len(back.colors) == 60_000 and back.row_colours == ((59_999, 60_000),)


def test_more_colours_than_webpbn_xml_can_name_are_refused_naming_the_limit():
    from puzzlesat.formats.webpbn_xml import most_colours

    env = streams(colour_board_json(most_colours() + 1))
    assert main(["convert", "-", "--to", "xml"], env=env) == 65
    error = env.stderr.getvalue()
    assert f"at most {most_colours():,} colours" in error and error.count("\n") == 1
