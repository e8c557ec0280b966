"""Text from input never steers the terminal: titles, sources, file names and page text
quoted in errors reach every output made safe (core.safe_text), names are never rich
markup, and an error quotes at most a short excerpt of the input (core.MESSAGE_MAX)."""

from __future__ import annotations

import json
import os
from dataclasses import replace

import pytest
from conftest import FIXTURES, streams, written
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.cli import main
from puzzlesat.core import (
    MESSAGE_MAX,
    Page,
    ParseError,
    PuzzleError,
    excerpt,
    json_text,
    safe_text,
)
from puzzlesat.kinds import KINDS, kind_of
from puzzlesat.load import read_page

# clear the screen, an OSC 8 link, OSC 52 (set the clipboard), OSC 0 (the window's title),
# a CSI in its one-byte C1 form, and a right-to-left override
HOSTILE = (
    "\x1b[2J\x1b]8;;https://evil.example/\x07link\x1b]8;;\x07"
    "\x1b]52;c;cHduZWQ=\x07\x1b]0;pwned\x07\x9b31m\u202egnp.exe\u2066"
)
STEERING = ("\x1b", "\x07", "\x9b", "\u202e", "\u2066")
NON = "title {title}\nwidth 2\nheight 2\nrows\n2\n1\ncolumns\n2\n1\n"


def steers(text: str) -> bool:
    return any(ch in text for ch in STEERING)


def test_safe_text_replaces_what_a_terminal_would_act_on():
    assert safe_text("a\x1bb\x07c\x9bd\x7fe") == "a\ufffdb\ufffdc\ufffdd\ufffde"
    assert safe_text("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069") == "\ufffd" * 9
    assert safe_text("bad \udcff byte") == "bad \ufffd byte"  # an undecodable file name
    assert safe_text("one\ttwo\r\nthree\u2028four") == "one two  three four"  # one line
    for fine in ("Кошка 猫 ½ ✓", "שלום\u200f עולם", "plain"):
        assert safe_text(fine) is fine  # the common case costs no copy


def test_every_kind_keeps_its_board_text_safe():
    """However a board is made (a reader, board JSON, a replace), its text is safe."""
    for kind in KINDS:
        board = replace(kind.examples[0].board, title=HOSTILE, source=HOSTILE, note=HOSTILE)
        assert not any(steers(getattr(board, f)) for f in ("title", "source", "note"))
        assert board.title == safe_text(HOSTILE)


@pytest.mark.parametrize("flags", [[], ["--ascii"], ["--color", "always"], ["--json"]])
def test_a_hostile_title_reaches_no_output_raw(tmp_path, flags):
    path = tmp_path / "hostile.non"
    path.write_text(NON.format(title=HOSTILE), encoding="utf-8")
    env = streams()
    assert main(["solve", *flags, str(path)], env=env) == 0
    out = written(env)
    if "--json" in flags:
        title = json.loads(out)["title"]
        assert title == safe_text(HOSTILE) and not steers(title)
    elif "--color" in flags:  # rich's own colours, but none of the title's sequences
        assert "\x1b]" not in out and "\x1b[2J" not in out and not steers(out.replace("\x1b[", ""))
    else:
        assert not steers(out) and ("link" in out) and ("pwned" in out)
        assert out.isascii() if flags else "\ufffd" in out


def test_page_text_quoted_in_an_error_is_made_safe():
    """The site's red notice, quoted in the error, holds escapes (as HTML entities); --json
    prints the error's line on stderr and its object on stdout."""
    page = (FIXTURES / "nonograms.org" / "bad" / "deleted.html").read_text()
    hostile = "deleted.&#27;]0;pwned&#7;&#27;[2J&#x202e;"
    env = streams(page.replace("deleted.", hostile, 1).encode())
    assert main(["solve", "--json", "-"], env=env) == 65
    said = env.stderr.getvalue()
    assert "pwned" in said and not steers(said)
    assert not steers(json.loads(written(env))["error"]["message"])


def _hostile_folder(root) -> None:
    """Puzzle files whose names are escapes, bidi and bytes that are not UTF-8, and broken
    ones (listed in the summary) whose names are rich markup."""
    for name in ("esc\x1b]0;pwned\x07.non", "bidi\u202eon.txt.non"):
        (root / name).write_text(NON.format(title="fine"))
    fd = os.open(os.fsencode(root) + b"/latin\xe9.non", os.O_WRONLY | os.O_CREAT)
    os.write(fd, NON.format(title="fine").encode())
    os.close(fd)
    (root / "a[").mkdir()
    for name in BROKEN:
        (root / name).write_text("width 2\nheight 2\nrows\n")


BROKEN = ("[bold red]x.non", "[link=https:evil.example]y.non", "a[/x].non", "broken\x1b[2J.non")


@pytest.mark.parametrize("flags", [[], ["--ascii"], ["--json"]])
def test_hostile_file_names_in_a_batch_are_text(tmp_path, flags):
    _hostile_folder(tmp_path)
    env = streams(environ={"COLUMNS": "400"})  # no path folded in the tables
    assert main(["solve", "--jobs", "1", *flags, str(tmp_path)], env=env) == 65
    out, err = written(env), env.stderr.getvalue()
    assert not steers(out) and not steers(err) and "\udcff" not in out + err
    if "--json" in flags:
        sources = [json.loads(line)["source"] for line in out.splitlines()]
        assert len(sources) == 7 and not any(steers(s) for s in sources)
        assert any(s.endswith("broken\ufffd[2J.non") for s in sources)
        return
    assert "7 puzzles: 3 unique, 4 error" in out
    for name in BROKEN[:3]:  # literally: never bold, a link, or a MarkupError
        assert f"{name}: .non: no `columns` block" in err and name in out
    assert "broken\ufffd[2J.non: " in err  # the failure named, made safe


def test_an_error_quotes_a_short_excerpt_of_a_huge_clue(tmp_path):
    """A clue of many blocks that cannot fit: the message names it, cut short (on stderr,
    and in --json's record, which holds the board as read beside it)."""
    path = tmp_path / "huge.non"
    clue = ",".join(["1"] * 50_000)
    path.write_text(f"width 2\nheight 2\nrows\n{clue}\n1\ncolumns\n2\n1\n")
    env = streams()
    assert main(["solve", "--json", str(path)], env=env) == 1
    said = env.stderr.getvalue()
    assert len(said) < 2 * MESSAGE_MAX
    assert "row 1 clue [1, 1, 1, 1, 1, 1, ...] needs 99999 cells but the row has 2" in said
    assert len(json.loads(written(env))["error"]["message"]) <= MESSAGE_MAX


HUGE = {
    "a .non token": "width 2\nheight 2\nrows\n2,x" + "y" * 100_000 + "\n1\ncolumns\n2\n1\n",
    "board JSON's kind": '{"kind": "' + "k" * 100_000 + '", "puzzle": {}}',
    "a JSON clue": '{"rows": [[1], [' + "1, " * 50_000 + '1]], "cols": [[1], [1]]}',
    "a Tatham seed": "5x5" + "a" * 100_000 + "#12345",
    "a JSON clue of pairs": '{"rows": [[1], [' + "[1, 1], " * 9_999 + '[1, 1]]], "cols": '
    '[[1], [1]], "colors": ["ff0000"]}',
}


@pytest.mark.parametrize("text", HUGE.values(), ids=HUGE)
def test_every_message_is_bounded(text):
    with pytest.raises(PuzzleError) as caught:
        board = read_page(Page("-", text))
        kind_of(board).validate(board)
    assert len(caught.value.hint) <= MESSAGE_MAX
    assert len(str(caught.value)) <= 160  # quoted as an excerpt where it is built, not cut


def test_excerpt_is_short_safe_and_says_it_was_cut():
    assert excerpt("short") == "'short'"
    long = excerpt("\x1b" + "x" * 1000)
    assert len(long) <= 50 and long.endswith("...'") and "\x1b" not in long
    assert excerpt(list(range(1000))) == "[0, 1, 2, 3, 4, 5, ...]"
    assert len(str(ParseError("y" * 10**6))) == MESSAGE_MAX


def test_a_bug_quoting_the_input_is_reported_short_and_safe(monkeypatch, tmp_path):
    """A bug's own exception may hold the input: its one line is bounded and safe too."""

    def broken(*args, **kwargs):
        raise ValueError("\x1b]0;pwned\x07" + "x" * 100_000)

    monkeypatch.setattr("puzzlesat.load.load", broken)
    env = streams()
    assert main(["parse", str(tmp_path / "any.non")], env=env) == 70
    said = env.stderr.getvalue()
    assert said.startswith("puzzlesat: internal error: ValueError: \ufffd]0;pwned\ufffd")
    assert len(said) < 2 * MESSAGE_MAX and not steers(said)


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**80), max_value=2**80)  # past orjson's 64 bits as well
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),  # lone surrogates included: orjson refuses them
    lambda inner: st.lists(inner, max_size=4)
    | st.lists(inner, max_size=4).map(tuple)
    | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(JSON_VALUES)
def test_json_text_is_one_ascii_line_that_reads_back_as_the_json_module_reads(value):
    text = json_text(value)
    assert text.isascii() and "\n" not in text
    assert json.loads(text) == json.loads(json.dumps(value))


def test_json_text_escapes_a_title_past_ascii_as_the_json_module_does():
    record = {"title": "Кошка 猫", "grid": ((1, 2), (3, 4))}
    cat = "\\u041a\\u043e\\u0448\\u043a\\u0430 \\u732b"
    assert json_text(record) == '{"title":"' + cat + '","grid":[[1,2],[3,4]]}'
