"""Colour nonograms from nonograms.org / nonograms.ru: the page source's `var d` and the devtools
copy of `#nonogram_table` (clue cells styled with their colour, the palette table), both read
to the same board; and every way a colour input can be wrong ends in a ParseError (exit 65).

Fixtures come from tools/make_nonogram_fixtures.py: #4374 (the real colour puzzle) and three
puzzles of ../shared/data/nonogram/colour/colour-set.jsonl, with their known answers.
No solving here: `puzzlesat parse` only.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import FIXTURES, SHARED_DATA
from test_linear_parse import assert_linear, board_or_parse_error, parser, rep

from puzzlesat.cli import main
from puzzlesat.core import Page, ParseError
from puzzlesat.kinds.nonogram.board import Nonogram, from_picture, to_json
from puzzlesat.sources.markup import background_colour, css_colour
from puzzlesat.sources.nonograms_org import decode_var_d, parse

SITE = FIXTURES / "nonograms.org"
KNOWN = SHARED_DATA / "known-answers.json"
COLOUR_SET = SHARED_DATA / "nonogram" / "colour" / "colour-set.jsonl"

# fixture -> its name in colour-set.jsonl (None: #4374, in known-answers.json)
COLOUR_FIXTURES = {
    "4374": None,
    "colour-29x24": "color-nonogram example",
    "colour-3x3": "pynogram color_board_def (empty middle row)",
    "uk-flag-31x15": "UK flag (simplified)",
}
BW_FIXTURES = ("4353", "50196", "66825", "66515", "kacevnik-10x10")
COLOURS_4374 = ("fbf204", "000000", "f4951c")
# sites.md 1b, the known answer of #4374 (pynogram tests/test_reader.py): (length, colour)
COLS_4374 = [[(2, 1), (1, 2), (1, 3)], [(3, 3)], [(2, 3)], [(2, 1)], [(1, 1)]]
ROWS_4374 = [[(1, 1)], [(1, 1), (2, 1)], [(1, 1), (2, 3)], [(1, 2), (2, 3)], [(2, 3)]]


def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def read(name: str, body: str | None = None) -> Nonogram:
    path = SITE / name
    return parse(Page(source=str(path), text=text(path) if body is None else body))


def parse_error(body: str) -> ParseError:
    with pytest.raises(ParseError) as caught:
        parse(Page(source="-", text=body))
    return caught.value


def known_answer(fixture: str) -> tuple[tuple[tuple[int, ...], ...], tuple[str, ...]]:
    """(picture, colours) of a colour fixture, from the shared data."""
    if not SHARED_DATA.is_dir():
        pytest.skip("../shared/data is not beside this checkout")
    name = COLOUR_FIXTURES[fixture]
    if name is None:
        entry = json.loads(text(KNOWN))["nonograms_org"]["4374"]
    else:
        lines = text(COLOUR_SET).splitlines()
        entry = next(e for e in map(json.loads, filter(None, lines)) if e["name"] == name)
    return tuple(tuple(row) for row in entry["solution"]), tuple(entry["colors"])


def clues(board: Nonogram):
    """Rows and columns as lists of (length, colour) pairs."""
    return (
        [list(zip(r, k)) for r, k in zip(board.rows, board.row_colours)],
        [list(zip(c, k)) for c, k in zip(board.cols, board.col_colours)],
    )


def cli_parse(tmp_path, capsys, body: str) -> tuple[int, str, str]:
    path = tmp_path / "page.html"
    path.write_text(body, encoding="utf-8")
    code = main(["parse", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


# --------------------------------------------------------------------------- var d, by hand


def var_d(picture_runs, colours, width, height) -> list[list[int]]:
    """A `var d` with plain keys (every key 0, every modulus 1000): records anyone can read.
    `picture_runs` are (row, col, length, colour), 0-based, written as they are given."""
    big = 1000
    d = [[7, 7, 7, big], [width, 0, 0, big], [height, 0, 0, big], [len(colours), 0, 0, big]]
    d.append([0, 0, 0, 0])  # the colour key
    for hexcode in colours:
        red, green, blue = bytes.fromhex(hexcode)
        d.append([red, green, blue, red])
    n = len(picture_runs)
    d.append([0, n // 2, n % 2, big])  # SQ = 2 * (n // 2) + n % 2 = n
    d.append([0, 0, 0, 0])  # the run key
    d += [[col + 1, length, colour, row + 1] for row, col, length, colour in picture_runs]
    return d


def page_of(d: list[list[int]], title: str = "Made by hand") -> str:
    return (
        '<html><head><title>Nonograms - nonograms.org</title></head><body><div class="content">'
        f'<h1 id="nonogram_title">{title}</h1>\n<script>\nvar d={json.dumps(d)};\n</script>'
        "</div></body></html>"
    )


RED_PICTURE = ((1, 1, 0), (0, 1, 1))
RED_RUNS = [(0, 0, 2, 1), (1, 1, 2, 1)]
# the pynogram 3x3: a red row, an empty one, a blue one
TWO_RUNS = [(0, 0, 3, 1), (2, 0, 3, 2)]


def test_the_hand_encoder_is_the_documented_one():
    picture, colours = decode_var_d(var_d(TWO_RUNS, ["ff0000", "0000ff"], 3, 3))
    assert colours == ["ff0000", "0000ff"]
    assert picture == ((1, 1, 1), (0, 0, 0), (2, 2, 2))


# --------------------------------------------------------------------------- the fixtures


@pytest.mark.parametrize("fixture", list(COLOUR_FIXTURES))
def test_source_and_table_read_to_the_board_of_the_known_answer(fixture):
    picture, colours = known_answer(fixture)
    expected = from_picture(picture, colours)
    assert expected.is_colour
    from_source = read(f"{fixture}.source.html")
    from_table = read(f"{fixture}.table.html")
    for board in (from_source, from_table):
        assert board.is_colour and board.colors == colours
        assert (board.rows, board.cols) == (expected.rows, expected.cols)
        assert (board.row_colours, board.col_colours) == (
            expected.row_colours,
            expected.col_colours,
        )
        assert to_json(board) == to_json(expected)
        assert (board.width, board.height) == (len(picture[0]), len(picture))
    assert from_source.picture == picture  # kept for the double check of the answer
    assert from_source.title and from_table.title is None
    assert json.loads(text(SITE / f"{fixture}.board.json"))["puzzle"] == to_json(expected)


def test_4374_clues_are_the_known_answer():
    for name in ("4374.source.html", "4374.table.html"):
        board = read(name)
        assert board.colors == COLOURS_4374
        rows, cols = clues(board)
        assert rows == ROWS_4374 and cols == COLS_4374, name
    assert len(read("4374.source.html").picture) == 5


def test_blocks_of_different_colours_touch_in_the_uk_flag():
    board = read("uk-flag-31x15.table.html")
    assert board.colors == ("0000ff", "ff0000")
    first = list(zip(board.rows[0], board.row_colours[0]))
    assert first == [(3, 2), (11, 1), (3, 2), (11, 1), (3, 2)]
    assert sum(board.rows[0]) == board.width  # no gap: every block touches the next


def test_an_empty_line_of_a_colour_puzzle():
    for name in ("colour-3x3.source.html", "colour-3x3.table.html"):
        board = read(name)
        assert board.rows == ((3,), (), (3,)) and board.row_colours == ((1,), (), (2,))
        assert board.cols == ((1, 1),) * 3 and board.col_colours == ((1, 2),) * 3


def test_six_colours():
    board = read("colour-29x24.table.html")
    assert len(board.colors) == 6 and (board.width, board.height) == (29, 24)
    assert {k for line in board.row_colours for k in line} == set(range(1, 7))


@pytest.mark.parametrize("fixture", list(COLOUR_FIXTURES))
def test_the_board_json_reads_back(fixture, capsys):
    assert main(["parse", str(SITE / f"{fixture}.board.json")]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["puzzle"] == json.loads(text(SITE / f"{fixture}.board.json"))["puzzle"]


def test_no_colour_fixture_is_left_among_the_refusals():
    assert not list((SITE / "bad").glob("colour-*"))


@pytest.mark.parametrize("fixture", BW_FIXTURES)
def test_black_and_white_fixtures_stay_black_and_white(fixture):
    expected = json.loads(text(SITE / f"{fixture}.board.json"))["puzzle"]
    assert set(expected) == {"rows", "cols"}
    for kind in ("source", "table"):
        board = read(f"{fixture}.{kind}.html")
        assert board.colors == () and board.row_colours == () and not board.is_colour
        assert to_json(board) == expected


# --------------------------------------------------------------------------- spellings


@pytest.mark.parametrize(
    "written, colour",
    [
        ("#fbf204", "fbf204"),
        ("#FBF204", "fbf204"),
        (" #F00 ", "ff0000"),
        ("#00f", "0000ff"),
        ("rgb(251, 242, 4)", "fbf204"),
        ("RGB( 251 ,242 , 4 )", "fbf204"),
        ("rgb(251 242 4)", "fbf204"),
        ("rgba(0, 0, 255, 1)", "0000ff"),
        ("rgb(100%, 0%, 0%)", "ff0000"),
        ("#fbf204 !important", "fbf204"),
        ("rgba(0, 0, 0, 0)", None),
        ("#fbf20", None),
        ("#ggg", None),
        ("rgb(256, 0, 0)", None),
        ("rgb(1, 2)", None),
        ("rgb(1, 2, 3", None),
        ("red", None),
        ("", None),
    ],
)
def test_css_colour_spellings(written, colour):
    assert css_colour(written) == colour


@pytest.mark.parametrize(
    "style, colour",
    [
        ("background-color:#fbf204;color:#000000;", "fbf204"),
        ("background-color: rgb(251, 242, 4); color: rgb(0, 0, 0);", "fbf204"),
        ("BACKGROUND-COLOR : #FB0", "ffbb00"),
        ("color:#000000;background-color:#f4951c", "f4951c"),  # the text colour is no clue's
        ("color: rgb(170, 170, 170);", None),  # a greyed-out clue of a black-and-white puzzle
        ("background: #ff0000 url(x.png) no-repeat", "ff0000"),
        ("background-color: transparent; background-color: #00f", "0000ff"),
        ("", None),
    ],
)
def test_background_colour_of_a_style(style, colour):
    assert background_colour(style)[0] == colour


def respelled(body: str, spell) -> str:
    """The table with every `background-color:#rrggbb` written by `spell(rrggbb)`."""
    return re.sub(
        r"background-color:#([0-9a-f]{6})", lambda m: "background-color:" + spell(m[1]), body
    )


def rgb(hexcode: str) -> str:
    red, green, blue = bytes.fromhex(hexcode)
    return f"rgb({red}, {green}, {blue})"


SPELLINGS = {
    "#RRGGBB": lambda h: "#" + h.upper(),
    "#rgb": lambda h: "#" + h[::2],  # ff0000 -> #f00, 0000ff -> #00f
    "rgb()": rgb,
    "RGB( r , g , b )": lambda h: rgb(h).upper().replace("(", "( ").replace(",", " ,"),
    "a browser's": lambda h: " " + rgb(h),  # `background-color: rgb(251, 242, 4);`
}


@pytest.mark.parametrize("spelling", list(SPELLINGS))
def test_table_spellings_read_alike(spelling):
    body = text(SITE / "colour-3x3.table.html")  # ff0000 and 0000ff: #rgb can say them
    changed = respelled(body, SPELLINGS[spelling])
    assert changed != body
    assert to_json(read("colour-3x3.table.html", changed)) == to_json(read("colour-3x3.table.html"))


def test_palette_and_clues_may_be_spelled_differently():
    body = text(SITE / "4374.table.html")
    palette_end = body.index("</table>")
    changed = body[:palette_end] + respelled(body[palette_end:], rgb)
    assert "rgb(251, 242, 4)" in changed and "#fbf204" in changed
    assert to_json(read("4374.table.html", changed)) == to_json(read("4374.table.html"))


def test_the_var_d_and_the_table_agree_on_a_hand_made_puzzle():
    d = var_d(TWO_RUNS, ["ff0000", "0000ff"], 3, 3)
    assert to_json(parse(Page(source="-", text=page_of(d)))) == to_json(
        read("colour-3x3.table.html")
    )


# --------------------------------------------------------------------------- the palette


def without_palette(body: str) -> str:
    out = re.sub(r'<table class="nonogram_color_table">.*?</table>', "&nbsp;", body)
    assert "nonogram_color_table" not in out
    return out


def test_a_table_without_palette_takes_the_clue_colours_in_order():
    # #4374's clue colours first appear in the palette's own order
    board = read("4374.table.html", without_palette(text(SITE / "4374.table.html")))
    assert board.colors == COLOURS_4374
    assert to_json(board) == to_json(read("4374.table.html"))


def test_a_table_without_palette_is_the_same_puzzle_up_to_the_colour_numbers():
    real = read("uk-flag-31x15.table.html")
    board = read(
        "uk-flag-31x15.table.html", without_palette(text(SITE / "uk-flag-31x15.table.html"))
    )
    assert sorted(board.colors) == sorted(real.colors) and board.is_colour
    renumber = {board.colors.index(c) + 1: i for i, c in enumerate(real.colors, 1)}
    assert (board.rows, board.cols) == (real.rows, real.cols)
    assert tuple(tuple(renumber[k] for k in line) for line in board.row_colours) == real.row_colours
    assert tuple(tuple(renumber[k] for k in line) for line in board.col_colours) == real.col_colours


def test_a_palette_outside_the_table_is_read_too():
    body = text(SITE / "4374.table.html")
    palette = re.search(r'<table class="nonogram_color_table">.*?</table>', body)[0]
    page = f'<div class="content">{palette}{without_palette(body)}</div>'
    assert to_json(read("4374.table.html", page)) == to_json(read("4374.table.html"))


def test_palette_cells_without_a_colour_are_skipped():
    body = text(SITE / "4374.table.html")
    body = body.replace(
        '<tbody><tr><td id="nmc1"', '<tbody><tr><td class="nmcs_x">X</td><td id="nmc1"', 1
    )
    assert to_json(read("4374.table.html", body)) == to_json(read("4374.table.html"))


# --------------------------------------------------------------------------- one colour


def test_a_one_colour_red_page_is_a_black_and_white_board_drawn_in_red():
    board = parse(Page(source="-", text=page_of(var_d(RED_RUNS, ["ff0000"], 3, 2))))
    assert board.colors == ("ff0000",) and not board.is_colour
    assert board.rows == ((2,), (2,)) and board.cols == ((1,), (2,), (1,))
    assert board.row_colours == () and board.col_colours == ()
    assert board.picture == RED_PICTURE
    assert to_json(board) == {"rows": [[2], [2]], "cols": [[1], [2], [1]], "colors": ["ff0000"]}


def test_a_one_colour_black_page_is_black_and_white_as_ever():
    board = parse(Page(source="-", text=page_of(var_d(RED_RUNS, ["000000"], 3, 2))))
    assert board.colors == () and set(to_json(board)) == {"rows", "cols"}


def red_table(palette: bool = False, styled=lambda r, k: True) -> str:
    """The devtools table of RED_PICTURE, its clue cells red where `styled(row?, k)`."""

    def clue(n: int, where: tuple) -> str:
        style = ' style="background-color:#ff0000;color:#ffffff;"' if styled(*where) else ""
        return f'<td class="num"{style}><div>{n}</div></td>'

    corner = (
        '<table class="nonogram_color_table"><tbody><tr>'
        '<td style="background-color:#ff0000;">1</td></tr></tbody></table>'
        if palette
        else "&nbsp;"
    )
    empty = '<td class="num_empty"><div>&nbsp;</div></td>'
    top = "".join(
        [
            f"<tr>{empty}{clue(2, ('col', 1))}{empty}</tr>",
            f"<tr>{clue(1, ('col', 0))}{empty}{clue(1, ('col', 2))}</tr>",
        ]
    )
    left = f"<tr>{clue(2, ('row', 0))}</tr><tr>{clue(2, ('row', 1))}</tr>"
    return (
        f'<table class="nonogram_table" id="nonogram_table"><tbody><tr><td id="nmti">{corner}</td>'
        f'<td class="nmtt"><table><tbody>{top}</tbody></table></td></tr>'
        f'<tr><td class="nmtl"><table><tbody>{left}</tbody></table></td>'
        '<td class="nmtc"><table><tbody></tbody></table></td></tr></tbody></table>'
    )


@pytest.mark.parametrize("palette", [False, True])
def test_a_table_all_in_red_is_a_black_and_white_board_drawn_in_red(palette):
    board = parse(Page(source="-", text=red_table(palette)))
    assert board.colors == ("ff0000",) and not board.is_colour
    assert board.rows == ((2,), (2,)) and board.cols == ((1,), (2,), (1,))


def test_one_red_clue_alone_is_a_greyed_out_clue_of_a_black_and_white_table():
    board = parse(Page(source="-", text=red_table(styled=lambda kind, k: (kind, k) == ("row", 0))))
    assert board.colors == () and board.rows == ((2,), (2,))


def test_a_palette_of_one_and_a_clue_of_another_colour():
    body = red_table(palette=True).replace('#ff0000;color:#ffffff;"><div>1', '#00ff00;"><div>1', 1)
    error = parse_error(body)
    assert (
        "column 1 clue 1 has colour #00ff00, which is not in the puzzle's palette (#ff0000)"
        in str(error)
    )


# --------------------------------------------------------------------------- wrong tables

STRAY_COLUMN_3 = (
    'id="nmv2_2" onmousedown="fc7(event,2,2)" class="num" style="background-color:#f4951c;'
)


def test_a_clue_colour_missing_from_the_palette(tmp_path, capsys):
    body = text(SITE / "4374.table.html")
    assert body.count(STRAY_COLUMN_3) == 1
    body = body.replace(STRAY_COLUMN_3, STRAY_COLUMN_3.replace("#f4951c", "#123456"))
    message = (
        "column 3 clue 1 has colour #123456, which is not in the puzzle's palette "
        "(#fbf204, #000000, #f4951c)"
    )
    assert message in str(parse_error(body))
    code, out, err = cli_parse(tmp_path, capsys, body)
    assert code == 65 and out == "" and message in err and "Traceback" not in err


def test_a_row_clue_colour_missing_from_the_palette_names_its_place():
    body = text(SITE / "4374.table.html")
    old = 'id="nmh1_2" onmousedown="fc3(event,1,2)" class="num" style="background-color:#f4951c;'
    assert body.count(old) == 1
    body = body.replace(old, old.replace("#f4951c", "rgb(1, 2, 3)"))
    assert "row 3 clue 2 has colour #010203, which is not in the puzzle's palette" in str(
        parse_error(body)
    )


def test_a_clue_without_colour_in_a_colour_puzzle(tmp_path, capsys):
    body = text(SITE / "4374.table.html")
    old = ' style="background-color:#000000;color:#ffffff;"><div>1</div></td><td id="nmh1_3"'
    assert body.count(old) == 1
    body = body.replace(old, '><div>1</div></td><td id="nmh1_3"')
    assert "row 4 clue 1 has no colour in a colour puzzle" in str(parse_error(body))
    code, _, err = cli_parse(tmp_path, capsys, body)
    assert code == 65 and "row 4 clue 1 has no colour" in err


def test_a_clue_colour_this_reader_cannot_read_is_named():
    body = text(SITE / "4374.table.html")
    body = body.replace(STRAY_COLUMN_3, STRAY_COLUMN_3.replace("#f4951c", "orange"))
    assert "column 3 clue 1 has no colour this reader knows ('orange')" in str(parse_error(body))


def test_a_palette_whose_clues_lost_their_colours():
    body = re.sub(
        r' style="background-color:#[0-9a-f]{6};color:#[0-9a-f]{6};"><div>',
        "><div>",
        text(SITE / "4374.table.html"),
    )
    assert "nonogram_color_table" in body
    assert "palette of 3 colours" in str(parse_error(body))


def test_a_table_without_palette_and_a_clue_without_colour():
    body = without_palette(text(SITE / "4374.table.html"))
    old = ' style="background-color:#000000;color:#ffffff;"><div>1</div></td><td id="nmh1_3"'
    body = body.replace(old, '><div>1</div></td><td id="nmh1_3"')
    assert "row 4 clue 1 has no colour" in str(parse_error(body))


# --------------------------------------------------------------------------- wrong var d


RUN = "run {} of the page's `var d`"
OUTSIDE = RUN + " (row {}, columns {}) falls outside the 3x3 grid"
COLOURS = RUN + " (row {}) has colour {}, but the puzzle's colours are 1..2"


@pytest.mark.parametrize(
    "runs, message",
    [
        ([(0, 0, 3, 1), (2, 1, 3, 2)], OUTSIDE.format(2, 3, "2..4")),  # past the right edge
        ([(0, -1, 2, 1)], OUTSIDE.format(1, 1, "0..1")),  # a negative column
        ([(3, 0, 1, 1)], OUTSIDE.format(1, 4, "1..1")),  # below the last row
        ([(-1, 0, 1, 1)], OUTSIDE.format(1, 0, "1..1")),  # above the first
        ([(0, 0, 0, 1)], RUN.format(1) + " has length 0"),
        ([(0, 1, -2, 1)], RUN.format(1) + " has length -2"),
        ([(0, 0, 3, 0)], COLOURS.format(1, 1, 0)),
        ([(0, 0, 3, 1), (2, 0, 3, 3)], COLOURS.format(2, 3, 3)),
        ([(0, 0, 3, -1)], COLOURS.format(1, 1, -1)),
    ],
)
def test_a_wrong_run_is_a_parse_error_and_exit_65(tmp_path, capsys, runs, message):
    body = page_of(var_d(runs, ["ff0000", "0000ff"], 3, 3))
    assert message in str(parse_error(body))
    code, out, err = cli_parse(tmp_path, capsys, body)
    assert code == 65 and out == "" and message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_a_wrong_run_of_a_one_colour_page_too():
    body = page_of(var_d([(0, 0, 1, 2)], ["ff0000"], 3, 3))
    assert "has colour 2, but the puzzle's colours are 1..1" in str(parse_error(body))


def test_a_colour_outside_00_ff():
    d = var_d(TWO_RUNS, ["ff0000", "0000ff"], 3, 3)
    d[5][0] = 300  # red 300
    assert "a colour outside 00..ff" in str(parse_error(page_of(d)))


def test_true_is_no_number_of_a_var_d_record():
    d = json.dumps(var_d(TWO_RUNS, ["ff0000", "0000ff"], 3, 3)).replace("[7, 7, 7,", "[true, 7, 7,")
    body = page_of([]).replace("var d=[]", f"var d={d}")
    assert "not a list of 4-number records" in str(parse_error(body))


# --------------------------------------------------------------------------- linear time


def clue_table(cell: str, n: int) -> str:
    """A table copy whose one column clue cell is `cell` repeated to about n characters."""
    return (
        '<table id="nonogram_table"><tr><td id="nmti"></td><td class="nmtt"><table><tr>'
        f'<td class="num" style="{rep(cell, n)}"><div>1</div></td></tr></table></td></tr>'
        '<tr><td class="nmtl"><table><tr><td class="num" style="background-color:#f00">'
        "<div>1</div></td></tr></table></td></tr></table>"
    )


LINEAR = {
    "many declarations": lambda n: clue_table("background-color:;", n),
    "rgb( without end": lambda n: clue_table("background-color: rgb(1, ", n),
    "colons": lambda n: clue_table("background:", n),
    "background shorthand words": lambda n: clue_table("background: x ", n),
    "many palette cells": lambda n: (
        '<table class="nonogram_color_table"><tr>'
        + rep('<td style="background-color:#0a0b0c">1</td>', n)
        + "</tr></table>"
        + clue_table("background-color:#0a0b0c", 30)
    ),
}


@pytest.mark.parametrize("name", list(LINEAR))
def test_colour_markup_is_read_in_linear_time(name):
    assert_linear(parser(), LINEAR[name], 20_000, board_or_parse_error)
