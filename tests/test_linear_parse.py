"""Parsing takes time linear in the input, and hostile input ends in a ParseError (exit 65).

Each crafted input below once made a parser regex (or html.parser, or a loop) rescan the
same tail from every start: quadratic or cubic. It is parsed at n and 8n characters; the
larger may take at most RATIO times as long (8 for linear work, then room for noise), and
a hard cap interrupts a parse that runs away, so a regression fails instead of hanging.
Times are this thread's CPU time, so another process busy on the machine (a parallel test
worker) does not move the ratio; no test here asserts a number of seconds.
"""

from __future__ import annotations

import contextlib
import gc
import signal
import threading
import time

import pytest
from conftest import FIXTURES

from puzzlesat.cli import main
from puzzlesat.core import Page, ParseError
from puzzlesat.kinds.nonogram.board import Nonogram
from puzzlesat.kinds.shikaku.board import Shikaku
from puzzlesat.load import READERS, read_page
from puzzlesat.sources import puzzle_family

RATIO = 24  # 8x the input; linear work stays near 8x
SLACK = 0.05  # seconds: timer and cache noise on tiny runs
CAP = 30.0  # seconds for any single parse here: a runaway, not a slow machine

SHIKAKU_HEAD = "<script>var task = 'a'; $('#game').shikaku({puzzleWidth: 1, puzzleHeight: 1});"
RANDOM_URL = "https://www.puzzle-shikaku.com/?size=0"  # no ID on the page: the date is read
NON_HEAD = "width 1\nheight 1\nrows\n1\ncolumns\n1\n"
NON_SOURCE = (FIXTURES / "nonograms.org" / "4353.source.html").read_text(encoding="utf-8")


class TookTooLong(BaseException):  # not an Exception: no parser may swallow it
    pass


@contextlib.contextmanager
def hard_cap(seconds: float):
    """Interrupt the block after `seconds` (SIGALRM; the regex engine checks for signals)."""
    if not hasattr(signal, "setitimer") or threading.current_thread() != threading.main_thread():
        yield
        return

    def expire(signum, frame):
        raise TookTooLong

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _times(n: int) -> str:
    return f"{n:,} characters"


def timed(call, text: str, cap: float = CAP):
    """(CPU seconds, what `call(text)` gave or raised as a ParseError); fails past `cap`
    seconds of wall time. The collector is held meanwhile: its passes grow with every object
    alive in the process, not with the parse, and would blur the ratio."""
    gc.collect()
    gc.disable()
    start = time.thread_time()
    try:
        with hard_cap(cap):
            try:
                outcome = call(text)
            except ParseError as error:
                outcome = error
    except TookTooLong:
        pytest.fail(f"{_times(len(text))} took more than {cap} s")
    finally:
        gc.enable()
    return time.thread_time() - start, outcome


def assert_linear(call, make, n: int, check) -> None:
    small_text, big_text = make(n), make(8 * n)
    small = min(timed(call, small_text)[0] for _ in range(3))
    big, outcome = timed(call, big_text)
    check(outcome)
    for _ in range(2):  # measure again before calling it super-linear
        if big <= RATIO * small + SLACK:
            break
        big = min(big, timed(call, big_text)[0])
    assert big <= RATIO * small + SLACK, (
        f"{_times(len(small_text))}: {small:.3f} s, {_times(len(big_text))}: {big:.3f} s"
    )


def board_or_parse_error(outcome) -> None:
    assert isinstance(outcome, (Nonogram, Shikaku, ParseError)), outcome
    if isinstance(outcome, ParseError):
        assert str(outcome).strip() and "\n" not in str(outcome)


def parser(kind: str | None = None, url: str | None = None):
    def call(text: str):
        return read_page(Page(source=url or "-", text=text, url=url), kind)

    return call


def rep(piece: str, n: int) -> str:
    return piece * max(1, n // len(piece))


# name -> (make(n), kind, url, n); each was super-linear before
PAGES = {
    # nonograms.org: `var d=[` was searched on to the end for `];` from every `var d`
    "var d without `];`": (lambda n: rep("var d=[", n), None, None, 40_000),
    # nonograms.org recogniser: `class="?[^"]*\bnmt[tl]\b` read to the next quote per `class=`
    "class= without quotes": (lambda n: rep("class=", n), None, None, 40_000),
    # nonograms.org table copy: rows (cells) inside rows were each read once per level
    "clue rows inside rows": (
        lambda n: '<table id="nonogram_table"><td class="nmtt"><table>'
        + rep("<tr><td>1", n)
        + '</table></td><td class="nmtl"><table><tr><td>1</table></td></table>',
        None,
        None,
        5_000,
    ),
    "clue cells inside cells": (
        lambda n: '<table id="nonogram_table"><td class="nmtt"><table><tr>'
        + rep("<td>1", n)
        + '</table></td><td class="nmtl"><table><tr><td>1</table></td></table>',
        None,
        None,
        5_000,
    ),
    # nonograms.org devtools copy: each cell of the drawn grid (td.nmtc) was searched for a
    # player's marks together with every cell inside it
    "marked-grid cells inside cells": (
        lambda n: NON_SOURCE.replace("</body>", '<td class="nmtc">' + rep("<td>", n), 1),
        None,
        None,
        2_000,
    ),
    # puzzle-*.com: `>\s*([\d,.\s]*?)\s*<` tried every split of a run of spaces (cubic)
    "puzzleID then spaces": (
        lambda n: SHIKAKU_HEAD + '<span id="puzzleID">' + " " * n,
        None,
        None,
        40_000,
    ),
    "puzzleID then digits and spaces": (
        lambda n: SHIKAKU_HEAD + '<span id="puzzleID">' + " " * (n // 2) + "1" * (n // 2),
        None,
        None,
        40_000,
    ),
    "puzzleID attributes without `>`": (
        lambda n: SHIKAKU_HEAD + rep('id="puzzleID"', n),
        None,
        None,
        40_000,
    ),
    # puzzle-*.com, a random puzzle without ID: the date `<select>...<option ... selected>`
    "date options without `>`": (
        lambda n: SHIKAKU_HEAD + "<select name='date'>" + rep("<option ", n),
        None,
        RANDOM_URL,
        20_000,
    ),
    "date selects without options": (
        lambda n: SHIKAKU_HEAD + rep("<select name='date'>", n),
        None,
        RANDOM_URL,
        20_000,
    ),
    # puzzle-*.com board copy: `<div\b(?=[^>]*class...)(?=[^>]*style...)` per `<div`
    "div tags without `>`": (lambda n: rep("<div ", n), None, None, 40_000),
    "cell divs without `>`": (lambda n: rep('<div class="cell" ', n), None, None, 40_000),
    # board copy: each nested cell's text was read again by its parents; a grid of
    # height x width was allocated for cells spread on a diagonal
    "nested cells": (
        lambda n: rep('<div class="cell" style="top:1px;left:1px">', n),
        None,
        None,
        40_000,
    ),
    "cells on a diagonal": (
        lambda n: "".join(
            f'<div class="cell" style="top:{30 * i}px;left:{30 * i}px">1</div>'
            for i in range(n // 55)
        ),
        None,
        None,
        20_000,
    ),
    # html.parser before CPython's gh-135462 fix: each unfinished construct at the end of
    # the input was searched to the end (read as a nonograms.org page: its markup is parsed)
    "unfinished comments": (lambda n: rep("<!--", n), "nonograms.org", None, 20_000),
    "unfinished comments with `>`": (lambda n: rep("<!--x>", n), "nonograms.org", None, 20_000),
    "unfinished tags": (lambda n: rep("<a", n), "nonograms.org", None, 20_000),
    "unfinished attribute values": (
        lambda n: rep("<a b='", n),
        "puzzle-shikaku.com",
        None,
        20_000,
    ),
    "unfinished end tags": (lambda n: rep("</", n), "nonograms.org", None, 20_000),
    "unfinished instructions": (lambda n: rep("<?", n), "nonograms.org", None, 20_000),
    # .non recogniser: `^\s*...` under re.M crossed every blank line from every line start
    "blank lines": (lambda n: "\n" * n, None, None, 40_000),
    "blank lines after `width`": (lambda n: "width" + "\n" * n, None, None, 40_000),
    # .non bundle separator `^\s*={4,}\s*$`, the same
    ".non with blank lines": (lambda n: NON_HEAD + "\n" * n + "x", "non", None, 40_000),
    # TAAI: trailing blank lines were dropped by copying the list once per line
    "TAAI with trailing blank lines": (
        lambda n: "$1\n" + "1\n" * 51 + "\n" * n,
        None,
        None,
        40_000,
    ),
}


@pytest.mark.parametrize("name", list(PAGES))
def test_parse_is_linear(name):
    make, kind, url, n = PAGES[name]
    assert_linear(parser(kind, url), make, n, board_or_parse_error)


# what each recogniser is run on (every one of them, when nothing claims the input)
RECOGNISED = {
    "spaces": lambda n: " " * n,
    "newlines": lambda n: "\n" * n,
    "spaced lines": lambda n: rep(" \n", n) + "x",
    "var d": lambda n: rep("var d ", n),
    "var task without its quote": lambda n: "puzzleWidth: 1 var task='" + rep("a ", n),
    "class=": lambda n: rep("class=", n),
    "div": lambda n: rep('<div class="', n),
    "ident": lambda n: "var task='' ident" + " " * n,
    "numbers": lambda n: rep("1 ", n) + "x",
}


def by_family(readers) -> list[tuple[str, tuple]]:
    """(name, readers) to time: each reader alone, but the puzzle-*.com family's Sites
    together on one input. They run one engine; one timing a size, not one a game, keeps
    the suite's time as the family grows, and one super-linear among them would still
    dominate the sum at eight times the size (as test_parse_sister_sites times them)."""
    family = {site.name for site in puzzle_family.sites()}
    alone = [(reader.name, (reader,)) for reader in readers if reader.name not in family]
    together = tuple(reader for reader in readers if reader.name in family)
    return alone + [("puzzle-*.com family", together)] * bool(together)


def all_bool(outcome) -> None:
    assert all(isinstance(answer, bool) for answer in outcome)


RECOGNISERS = by_family(READERS)


@pytest.mark.parametrize("readers", [r for _, r in RECOGNISERS], ids=[n for n, _ in RECOGNISERS])
@pytest.mark.parametrize("text", list(RECOGNISED))
def test_recognisers_are_linear(readers, text):
    def recognise(text: str) -> list:
        return [reader.recognises(text) for reader in readers]

    assert_linear(recognise, RECOGNISED[text], 40_000, all_bool)


FIVE_MB = 5 * 1024 * 1024


@pytest.mark.parametrize(
    "name",
    [
        "var d without `];`",
        "class= without quotes",
        "puzzleID then spaces",
        "puzzleID attributes without `>`",
        "div tags without `>`",
        "cell divs without `>`",
    ],
)
def test_megabytes_take_eight_times_what_an_eighth_of_them_takes(name):
    """Half the page cap against its sixteenth: a parse that is not linear shows at this size
    as at the cap itself (test_hostile reads a page of the whole cap)."""
    make, kind, url, _ = PAGES[name]
    assert_linear(parser(kind, url), make, FIVE_MB // 16, board_or_parse_error)


# --------------------------------------------------------------------------- nesting


DEEP = 100_000


def _run(tmp_path, capsys, text: str, *args: str) -> str:
    path = tmp_path / "input"
    path.write_text(text, encoding="utf-8")
    assert main(["parse", str(path), *args]) == 65
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    return err


def test_deeply_nested_board_json_is_exit_65(tmp_path, capsys):
    text = '{"rows": ' + "[" * DEEP + "]" * DEEP + ', "cols": [[1]]}'
    assert "nested too deep" in _run(tmp_path, capsys, text)


def test_deeply_nested_json_read_as_board_json_is_exit_65(tmp_path, capsys):
    assert "nested too deep" in _run(tmp_path, capsys, "[" * DEEP, "--kind", "board-json")


def test_deeply_nested_var_d_is_exit_65(tmp_path, capsys):
    text = "<html><script>var d=" + "[" * DEEP + "]" * DEEP + ";</script></html>"
    assert "nested too deep" in _run(tmp_path, capsys, text)


def test_a_few_levels_too_many_name_the_line(tmp_path, capsys):
    text = '{"rows": [' + "[" * 500 + "]" * 500 + '], "cols": [[1]]}'
    assert "row 1 is not a list of whole numbers" in _run(tmp_path, capsys, text)


# --------------------------------------------------------------------------- bools


@pytest.mark.parametrize(
    "board, where",
    [
        ('{"rows": [[true]], "cols": [[1]]}', "row 1"),
        ('{"rows": [[1], true], "cols": [[1], [1]]}', "row 2"),
        ('{"rows": [[1]], "cols": [[1, false]]}', "column 1"),
        ('{"puzzle": {"rows": [[1]], "columns": [[0], [true]]}}', "column 2"),
        ('{"grid": [[0, 2], [true, 0]]}', "grid row 2"),
        ('{"grid": [[false]]}', "grid row 1"),
    ],
)
def test_json_booleans_are_not_numbers(tmp_path, capsys, board, where):
    err = _run(tmp_path, capsys, board)
    assert f"{where} is not a list of whole numbers" in err
    assert "true" in err or "false" in err


def test_json_numbers_still_read():
    board = read_page(Page(source="-", text='{"rows": [[1], 0], "cols": [1, []]}'))
    assert board.rows == ((1,), ()) and board.cols == ((1,), ())


# --------------------------------------------------------------------------- numbers


LONG = "1" * 5000  # int() refuses more than 4300 digits; these were internal errors (exit 70)
HOSTILE = {
    ".nin clue": (f"1 1\n{LONG}\n1\n", "nin"),
    ".nin clue '²'": ("2 1\n\u00b2\n1\n1\n", "nin"),  # '²'.isdigit(), but int('²') fails
    ".nin recognised": (f"1 1\n1\n{LONG}\n", None),
    ".non width": (f"width {LONG}\nheight 1\nrows\n1\ncolumns\n1\n", None),
    ".non clue": (f"width 1\nheight 1\nrows\n{LONG}\ncolumns\n1\n", None),
    "TAAI $N": (f"${LONG}\n1\n1\n", None),
    "puzzleWidth": (f"var task='a' puzzleWidth: {LONG} puzzleHeight: 1 ", None),
    "task number": (f"var task='{LONG}' puzzleWidth: 1 puzzleHeight: 1 ", None),
    "ident size": (f"var task='a' puzzleWidth: 1 puzzleHeight: 1 ident: 'shikaku.{LONG}'", None),
    "cell position": (f'<div class="cell" style="top:{LONG}px;left:1px">1</div>', None),
    "cell number": (f'<div class="cell" style="top:1px;left:1px">{LONG}</div>', None),
    "table clue '²'": (
        '<table id="nonogram_table"><tr><td class="nmtt"><table><tr><td>\u00b2</td></tr>'
        '</table></td><td class="nmtl"><table><tr><td>1</td></tr></table></td></tr></table>',
        None,
    ),
    "markup html.parser gives up on": ("<![ x", "nonograms.org"),  # an AssertionError
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_numbers_and_markup_are_parse_errors(name):
    text, kind = HOSTILE[name]
    with pytest.raises(ParseError) as refused:
        read_page(Page(source="-", text=text), kind)
    assert str(refused.value).strip() and "\n" not in str(refused.value)


def test_a_long_puzzle_id_on_a_random_page_is_no_id():
    text = f"{SHIKAKU_HEAD}<span id=\"puzzleID\">{LONG}</span>"
    board = read_page(Page(source=RANDOM_URL, text=text, url=RANDOM_URL))
    assert board.puzzle_id is None


@pytest.mark.parametrize("fixture", [
    "nonograms.org/4353.source.html",
    "puzzle-shikaku.com/easy_5x5_9366068.source.html",
])
def test_a_page_source_padded_with_megabytes_of_tags_builds_no_tree_of_them(fixture):
    """Only the small regions read from a page source are parsed as markup, not the page."""
    padding = "<span>x</span>" * (5 * 1024 * 1024 // 14)
    text = (FIXTURES / fixture).read_text().replace("</body>", padding + "</body>")
    seconds, outcome = timed(lambda t: read_page(Page("-", t)), text)
    assert isinstance(outcome, (Nonogram, Shikaku)) and outcome.title
    assert seconds < 3  # generous: well under a second; the whole tree took 17-22 s
