"""webpbn XML (pbn 0.3): reading, writing, round trips on the shared puzzle sets, hostile input."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from conftest import FIXTURES, SHARED_DATA, fixture_text, run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mutation import mutated_text
from test_linear_parse import assert_linear

from puzzlesat import load
from puzzlesat.cli import main
from puzzlesat.core import Page, ParseError, Status, UnsupportedPuzzle, as_grid
from puzzlesat.formats import FORMATS
from puzzlesat.formats.non import read_non
from puzzlesat.formats.taai import read_taai
from puzzlesat.formats.webpbn_xml import FORMAT, HINT, read_xml, recognises, write, write_all
from puzzlesat.kinds import BY_NAME, KINDS, board_record
from puzzlesat.kinds.nonogram.board import Nonogram, from_json, from_picture
from puzzlesat.solve import solve

NONOGRAMS = SHARED_DATA / "nonogram"
needs_shared = pytest.mark.skipif(
    not NONOGRAMS.is_dir(), reason="../shared/data is not beside this checkout"
)


def read(text: str, source: str = "-") -> Nonogram:
    """The board through the format's reader, hint and all."""
    return FORMAT.read(Page(source=source, text=text))


def doc(body: str, puzzle_attrs: str = "") -> str:
    head = f'<?xml version="1.0"?>\n<puzzleset>\n<puzzle{puzzle_attrs}>\n'
    return f"{head}{body}\n</puzzle>\n</puzzleset>\n"


def clues(kind: str, *lines: str) -> str:
    return f'<clues type="{kind}">' + "".join(lines) + "</clues>"


def line(*counts) -> str:
    """<line> of counts: 2 or (2, "red")."""
    out = []
    for count in counts:
        if isinstance(count, tuple):
            out.append(f'<count color="{count[1]}">{count[0]}</count>')
        else:
            out.append(f"<count>{count}</count>")
    return "<line>" + "".join(out) + "</line>"


# 2x2: rows (1) (2), columns (2) (1), goal |.X| |XX|  ->  rows: 0 1 / 1 1
SMALL = doc(
    '<color name="white" char=".">fff</color><color name="black" char="X">000</color>'
    + clues("columns", line(1), line(2))
    + clues("rows", line(1), line(2))
    + '<solution type="goal"><image>|.X||XX|</image></solution>'
)


def same(a: Nonogram, b: Nonogram) -> bool:
    """Equal as board JSON (clues, colours, size, title) and in their pictures."""
    return board_record(a) == board_record(b) and a.picture == b.picture


# --------------------------------------------------------------------------- reading


def test_the_dancer_reads_as_its_non_twin_with_its_goal():
    board = read(fixture_text("formats", "webpbn-00001-dancer.xml"), "dancer.xml")
    twin = read_non(fixture_text("formats", "webpbn-00001-dancer.non"))
    assert (board.rows, board.cols) == (twin.rows, twin.cols)
    assert board.picture == twin.picture and board.note is None
    assert board.colors == () and board.source == "dancer.xml"
    # title, author and copyright in one line; webpbn's &copy; read though its DTD is not
    assert board.title == "Dancer by Jan Wolter, © Copyright 2004 by Jan Wolter"
    assert solve(board).solutions[0] == board.picture


def test_two_puzzles_in_a_set_black_and_white_then_colour():
    page = Page("easy.pbn", fixture_text("formats", "ianprime-easy.pbn"))
    house, happy = FORMAT.read_all(page)
    assert house.title == "A place I like to be by Ian Johnson, Public domain (CC-0)"
    assert house.colors == () and house.rows[1] == (6,) and house.note is None
    # black counts and yellow ones: black first, as the <color>s are declared
    assert happy.colors == ("000000", "aaaa5a") and happy.is_colour
    assert happy.rows[1] == (1, 4, 1) and happy.row_colours[1] == (1, 2, 1)
    for board in (house, happy):
        result = solve(board)
        assert result.status is Status.UNIQUE and result.solutions[0] == board.picture
    first = FORMAT.read(page)
    assert first.note == "the first of 2 puzzles in the file" and same(first, house)


@needs_shared
def test_the_cheerful_mood_matches_the_colour_set_entry():
    entries = [json.loads(x) for x in (NONOGRAMS / "colour" / "colour-set.jsonl").open()]
    entry = next(e for e in entries if e["name"] == "In a cheerful mood")
    _, happy = read_xml(fixture_text("formats", "ianprime-easy.pbn"))
    expected = from_json(entry, "")
    assert board_record(replace(happy, title=None)) == board_record(expected)
    assert happy.picture == as_grid(entry["solution"])


def test_recognised_by_content_and_read_by_load():
    text = fixture_text("formats", "webpbn-00001-dancer.xml")
    assert load.recognise(text) is FORMAT
    assert load.read_page(Page("d", text)).rows[0] == (2,)
    assert load.reader_named("xml") is FORMAT and load.reader_named("webpbn-xml") is FORMAT


@pytest.mark.parametrize(
    "text",
    [
        "<!DOCTYPE html><html><body><puzzle><clues>1</clues></puzzle></body></html>",
        "<html><puzzleset><puzzle><clues/></puzzle></puzzleset></html>",
        "<?xml version='1.0'?><rss><puzzle><clues/></puzzle></rss>",
        "<puzzleset><puzzle></puzzle></puzzleset>",  # no clues, no image
        "width 5\nheight 5\n<puzzle><clues>",
        '{"rows": [[1]], "cols": [[1]], "x": "<puzzleset><clues"}',
        "",
    ],
)
def test_not_recognised(text):
    assert not recognises(text)


def test_recognised_past_a_prolog_and_a_doctype_with_an_internal_subset():
    text = (
        '\ufeff<?xml version="1.0"?>\n<!-- made by hand -->\n'
        '<!DOCTYPE pbn [ <!ATTLIST puzzle type CDATA "grid"> ]>\n'
        "<puzzle>" + clues("rows", line(1)) + clues("columns", line(1)) + "</puzzle>"
    )
    assert recognises(text)
    board = read(text)
    assert (board.rows, board.cols) == (((1,),), ((1,),))


def test_a_bare_puzzle_root_defaults_and_empty_lines():
    board = read(
        "<puzzle>"
        + clues("rows", "<line/>", line(2))
        + clues("columns", line(1), "<line> </line>", line(0))
        + "</puzzle>"
    )
    assert board.rows == ((), (2,)) and board.cols == ((1,), (), ())


def test_colour_board_counts_defaultcolor_and_three_digit_hex():
    columns = clues("columns", line(1, 1), line((1, "blue"), 1))
    text = doc(
        '<color name="white" char=".">fff</color>'
        '<color name="red" char="r">f00</color><color name="blue" char="b">#0000FF</color>'
        + clues("rows", line(1, (1, "blue")), "<line/>", line(2))
        + columns
        + '<solution type="goal"><image>\n rb\n ..\n rr \n</image></solution>',
        ' defaultcolor="red"',
    )
    board = read(text)
    assert board.colors == ("ff0000", "0000ff")
    assert board.rows == ((1, 1), (), (2,)) and board.row_colours == ((1, 2), (), (1,))
    assert board.col_colours == ((1, 1), (2, 1))
    assert board.note is None and board.picture == ((1, 2), (0, 0), (1, 1))
    # column 2 all blue: the picture's red cell breaks it, and the goal is dropped
    wrong = text.replace(columns, clues("columns", line(1, 1), line((1, "blue"), (1, "blue"))))
    board = read(wrong)
    assert board.col_colours == ((1, 1), (2, 2)) and board.picture is None
    assert board.note == "goal ignored: its column 2 does not match the column clue"


def test_one_colour_that_is_not_black_is_black_and_white_drawn_in_it():
    text = doc(
        '<color name="green" char="g">00ff00</color>'
        + clues("rows", line(1))
        + clues("columns", line(1))
        + '<solution type="goal"><image>g</image></solution>',
        ' defaultcolor="green"',
    )
    board = read(text)
    assert board.colors == ("00ff00",) and not board.is_colour and board.picture == ((1,),)


def test_background_is_the_unused_colour_when_counts_are_white():
    text = doc(
        '<color name="white" char="W">fff</color><color name="navy" char="n">000080</color>'
        + clues("rows", line(1))
        + clues("columns", line(1))
        + '<solution type="goal"><image>W</image></solution>',
        ' defaultcolor="white"',
    )
    board = read(text)
    assert board.colors == ("ffffff",) and board.picture == ((1,),)
    named = text.replace("<puzzle ", '<puzzle backgroundcolor="navy" ')
    assert same(read(named), board)


def test_a_puzzle_given_by_its_goal_alone_takes_its_clues_from_it():
    board = read(doc('<solution type="goal"><image>|X.X||XXX|</image></solution>'))
    assert board.rows == ((1, 1), (3,)) and board.cols == ((2,), (1,), (2,))
    assert board.picture == ((1, 0, 1), (1, 1, 1))


# --------------------------------------------------------------------------- goals


@pytest.mark.parametrize(
    "image, why",
    [
        ("|X.||XX|", "its column 1 does not match the column clue"),
        ("|.X||X.|", "its row 2 does not match"),
        ("|.X|", "it has 1 rows, not 2"),
        ("|.X||XXX|", "its row 2 has 3 cells, not 2"),
        ("|.X||XQ|", "its row 2 has 'Q', which no <color char=> names"),
        ("|.X||[X.]X|", "its row 2 has '[', which no <color char=> names"),
        ("", "it is empty"),
    ],
)
def test_a_goal_that_disagrees_is_dropped_with_a_note(image, why):
    board = read(SMALL.replace("|.X||XX|", image))
    assert board.picture is None
    assert board.note.startswith("goal ignored: ") and why in board.note
    assert board.rows == ((1,), (2,))  # the clues stand


def test_a_goal_that_agrees_is_kept_and_saved_images_are_not_goals():
    assert read(SMALL).picture == ((0, 1), (1, 1))
    saved = SMALL.replace('type="goal"', 'type="saved"').replace("|.X||XX|", "|??||??|")
    board = read(saved)
    assert board.picture is None and board.note is None
    lines_of_chars = SMALL.replace("|.X||XX|", "\n  . X\n  X X\n")
    assert read(lines_of_chars).picture == ((0, 1), (1, 1))
    flat = SMALL.replace("|.X||XX|", ".XXX")
    assert read(flat).picture == ((0, 1), (1, 1))


def test_the_goal_is_checked_when_solved_too():
    board = read(SMALL)
    assert solve(board).solutions[0] == board.picture


# --------------------------------------------------------------------------- errors


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<puzzleset><puzzle><title>&lol9;</title><clues type="rows"><line><count>1</count></line></clues>
<clues type="columns"><line><count>1</count></line></clues></puzzle></puzzleset>
"""

EXTERNAL = """<?xml version="1.0"?>
<!DOCTYPE pbn [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
<puzzle><title>&secret;</title><clues type="rows"><line><count>1</count></line></clues>
<clues type="columns"><line><count>1</count></line></clues></puzzle>
"""

R1 = clues("rows", line(1))
C1 = clues("columns", line(1))


@pytest.mark.parametrize(
    "text, message",
    [
        (BILLION_LAUGHS, "webpbn XML line 3: the document declares entities (<!ENTITY>)"),
        (EXTERNAL, "webpbn XML line 2: the document declares entities"),
        ("<puzzleset><puzzle>" + R1 + C1 + "</puzzleset>", "line 1, column "),
        ("<puzzleset>\n<puzzle>\n<clues type='rows'><line><count>1</count></line>", "line 3"),
        ("<puzzle>" + R1 + C1 + "</puzzle>&bogus", "not well-formed"),
        (doc(R1 + clues("columns", line("x"))), "<count> holds 'x', not a block length"),
        (doc(R1 + clues("columns", line("-1"))), "(column 1): <count> holds '-1'"),
        (doc(R1 + clues("columns", line("1.5"))), "<count> holds '1.5'"),
        (doc(R1 + clues("columns", line(""))), "<count> holds '', not a block length"),
        (doc(R1 + clues("columns", line("9" * 200))), "<count> is a 200-digit number"),
        (doc(R1), 'the puzzle has no <clues type="columns">'),
        (doc(C1), 'the puzzle has no <clues type="rows">'),
        (doc(""), "the puzzle has no <clues> and no goal <solution>"),
        (doc(R1 + R1 + C1), 'a second <clues type="rows">'),
        (doc(R1 + C1 + "<clues>" + line(1) + "</clues>"), "<clues> with no type="),
        (doc(R1 + C1 + '<clues type="diagonal"/>'), '<clues> with type="diagonal"'),
        (doc(R1 + clues("columns")), '<clues type="columns"> has no <line>'),
        (doc(R1 + clues("columns", line((1, "red")))), "in colour 'red', which no <color>"),
        (doc(R1 + C1, ' defaultcolor="teal"'), "in colour 'teal', which no <color> declares"),
        (doc('<color char="r">f00</color>' + R1 + C1), "<color> has no name="),
        (doc('<color name="r">f0</color>' + R1 + C1), "holds 'f0', not a hex colour"),
        (doc('<color name="r">red</color>' + R1 + C1), "not a hex colour of 3 or 6 digits"),
        (doc('<color name="r" char="ab">f00</color>' + R1 + C1), "it must be one character"),
        (
            doc('<color name="r">f00</color><color name="r">0f0</color>' + R1 + C1),
            'a second <color name="r">',
        ),
        (doc(R1 + C1, ' backgroundcolor="fog"'), 'backgroundcolor="fog" names no <color>'),
        (doc(R1 + C1, ' backgroundcolor="black"'), 'background colour "black" is the colour'),
        (doc(R1 + C1, ' defaultcolor="white"'), "counts are in white, and no single other"),
        ("<?xml version='1.0'?><puzzleset><title>x</title></puzzleset>", "holds no <puzzle>"),
        ("<html><body/></html>", "the root element is <html>, not <puzzleset> or <puzzle>"),
        (doc('<solution type="goal"><image>|X|[.X]|</image></solution>'), "its goal its row 2"),
        ("", "no element found"),
        ("<puzzle>\ud800</puzzle>", "a character that is not Unicode (U+D800)"),
    ],
)
def test_errors_are_one_line_parse_errors_with_the_hint(text, message):
    with pytest.raises(ParseError) as err:
        read(text)
    assert message in str(err.value)
    assert "\n" not in str(err.value) and str(err.value).startswith("webpbn XML")
    assert err.value.hint == HINT


def test_the_line_of_a_bad_count_is_named():
    text = doc(
        R1
        + '<clues type="columns">\n<line><count>1</count></line>\n'
        + "<line>\n<count>z</count></line></clues>"
    )
    with pytest.raises(ParseError, match=r"^webpbn XML line 7 \(column 2\): <count> holds 'z'"):
        read(text)


@pytest.mark.parametrize(
    "text, message",
    [
        (doc(R1 + C1, ' type="triddler"'), "the puzzle is a triddler"),
        (doc(R1 + C1, ' type="hexagon"'), "the puzzle is of type 'hexagon'"),
        (doc(R1 + clues("columns", line(1, 0, 1))), "column 1 has a count of 0 among its blocks"),
    ],
)
def test_unsupported_puzzles(text, message):
    with pytest.raises(UnsupportedPuzzle) as err:
        read(text)
    assert message in str(err.value) and "\n" not in str(err.value)
    assert err.value.hint != HINT


def test_huge_and_deep_documents_read_in_linear_time():
    def many(n: int) -> str:
        return doc(clues("rows", *[line(1)] * n) + clues("columns", line(1)))

    def deep(n: int) -> str:
        return "<puzzle>" + "<x>" * n + "</x>" * n + R1 + C1 + "</puzzle>"

    def fifty_thousand_rows(board):
        assert board.height == 50_000

    def one_row(board):
        assert board.rows == ((1,),)

    assert_linear(read, many, 50_000 // 8, fifty_thousand_rows)
    assert_linear(read, deep, 100_000 // 8, one_row)
    nested_count = doc(
        R1
        + "<clues type='columns'><line><count>"
        + "<b>" * 50_000
        + "1"
        + "</b>" * 50_000
        + "</count></line></clues>"
    )
    with pytest.raises(ParseError, match="<count> holds ''"):
        read(nested_count)


@st.composite
def mutated(draw) -> str:
    """A valid document, then a few slices deleted, duplicated, cut, shuffled or replaced."""
    numbers = ["-1", "0", "x", "10" * 60, "1e3", "&amp;", " "]
    return mutated_text(draw, draw(st.sampled_from(SEEDS)), 200, numbers, TAGS)


TAGS = [
    "<line/>",
    "<count>3</count>",
    '<count color="red">1</count>',
    '<color name="red">f00</color>',
    '<clues type="rows">',
    "</clues>",
    '<solution type="goal"><image>|X|</image></solution>',
    "<!ENTITY a 'b'>",
    "<![CDATA[1]]>",
    "&copy;",
    "&#0;",
    '<puzzle type="triddler">',
    "</puzzle>",
]
SEEDS = [
    fixture_text("formats", "webpbn-00001-dancer.xml"),
    fixture_text("formats", "ianprime-easy.pbn"),
    SMALL,
    write(BY_NAME["nonogram"].examples[3].board),
]


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(mutated())
def test_mutated_documents_read_or_fail_cleanly(text):
    for call in (FORMAT.read, FORMAT.read_all):
        try:
            call(Page(source="-", text=text))
        except ParseError as error:
            message = str(error)
            assert message.strip() and "\n" not in message
            assert error.hint


# --------------------------------------------------------------------------- writing


def boards_of_examples() -> list[Nonogram]:
    nonogram = next(kind for kind in KINDS if kind.name == "nonogram")
    return [example.board for example in nonogram.examples]


def assert_round_trip(board: Nonogram) -> None:
    text = write(board)
    assert text.startswith('<?xml version="1.0"?>\n<puzzleset>\n<puzzle type="grid"')
    assert load.recognise(text) is FORMAT
    back = read(text, board.source)
    assert board_record(back) == board_record(board), board.title
    assert back.picture == board.picture and back.note is None


@pytest.mark.parametrize("board", boards_of_examples(), ids=lambda b: str(b.rows)[:30])
def test_round_trip_of_the_kind_examples(board):
    assert_round_trip(board)


def test_round_trip_keeps_titles_pictures_and_odd_colours():
    assert_round_trip(
        Nonogram(rows=((1,),), cols=((1,),), title="a <b> & \"c\" 'd'", picture=((1,),))
    )
    assert_round_trip(Nonogram(rows=((1,),), cols=((1,),), colors=("ff0000",), picture=((1,),)))
    # white among the colours, two of one value, black not first
    grid = as_grid([[1, 2, 3], [3, 0, 1], [2, 2, 0]])
    assert_round_trip(from_picture(grid, ("ffffff", "ffffff", "000000"), picture=grid, title="w"))
    # more colours than letters and digits: the writer runs on into other characters
    wide = as_grid([list(range(1, 121))])
    colours = tuple(f"{k:06x}" for k in range(1, 121))
    assert_round_trip(from_picture(wide, colours, picture=wide))
    # control characters, which XML cannot hold, are U+FFFD from the board on (made_safe)
    back = read(write(Nonogram(rows=((1,),), cols=((1,),), title="a\x00b\x1bc")))
    assert back.title == "a\ufffdb\ufffdc"


def test_write_all_and_read_all_agree():
    boards = boards_of_examples()
    text = write_all(boards)
    assert text.count("<puzzle ") == len(boards)
    back = FORMAT.read_all(Page("", text))
    assert [board_record(b) for b in back] == [board_record(b) for b in boards]


def test_format_is_listed_after_board_json():
    names = [fmt.name for fmt in FORMATS]
    assert names.index("webpbn-xml") == names.index("board-json") + 1
    assert FORMAT.suffix == ".xml" and FORMAT.aliases == ("xml",) and FORMAT.kinds == ("nonogram",)


# --------------------------------------------------------------------------- the shared sets


def shared_files(pattern: str) -> list:
    return sorted(NONOGRAMS.glob(pattern)) if NONOGRAMS.is_dir() else []


NON_FILES = shared_files("*/*.non")
NIN_FILES = shared_files("*/*.nin")


@needs_shared
@pytest.mark.parametrize("path", NON_FILES + NIN_FILES, ids=lambda p: p.name)
def test_round_trip_of_every_shared_non_and_nin_file(path):
    board = load.read_page(Page(path.name, path.read_text(encoding="utf-8")))
    assert board.kind == "nonogram"
    assert_round_trip(board)


@needs_shared
def test_round_trip_of_every_colour_set_puzzle():
    entries = [json.loads(x) for x in (NONOGRAMS / "colour" / "colour-set.jsonl").open()]
    assert len(entries) >= 4
    for entry in entries:
        grid = as_grid(entry["solution"])
        board = replace(from_json(entry, entry["source"]), title=entry["name"], picture=grid)
        assert_round_trip(board)


@needs_shared
def test_round_trip_of_a_sample_of_the_taai_sets():
    for path in shared_files("taai/*.question.txt"):
        puzzles = read_taai(path.read_text(), path.name)
        assert len(puzzles) >= 100
        for board in puzzles[::37]:
            assert_round_trip(board)


def test_cli_solves_an_xml_file(capsys):
    code = main(["solve", str(FIXTURES / "formats" / "webpbn-00001-dancer.xml"), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["status"] == "unique"
    assert data["solution"][0] == [0, 1, 1, 0, 0]


def test_convert_a_file_of_many_puzzles_to_one_puzzleset(monkeypatch, capsys):
    path = FIXTURES / "formats" / "taai2011-excerpt.question.txt"
    code, out, err = run_cli(monkeypatch, capsys, ["convert", str(path), "--to", "xml"])
    assert code == 0 and err == ""
    boards = FORMAT.read_all(Page("-", out))
    assert [b.title for b in boards] == ["$1", "$2"]
    assert [b.rows for b in boards] == [b.rows for b in read_taai(path.read_text())]
