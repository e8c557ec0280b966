"""Saved error, list and form pages of the sites say what they are in the site's words, and
each file format's errors carry a hint about that format.

A site's page that holds no puzzle still names its site (its own address, its links, its
title, its furniture): without `--format` it is read by its site, which says "Error 404",
"deleted", "a search/list page" or "the form for choosing a specific puzzle" (exit 65),
where it once got "this does not look like a puzzle puzzlesat can read". Pages of neither
site keep that generic message, and puzzle pages and files are recognised as before.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import FIXTURES
from test_linear_parse import all_bool, assert_linear, board_or_parse_error, by_family, rep

from puzzlesat import formats, load, sources
from puzzlesat.cli import main
from puzzlesat.core import Page, ParseError, UnsupportedPuzzle
from puzzlesat.formats.nin import read_nin
from puzzlesat.formats.non import read_non
from puzzlesat.formats.taai import read_taai, read_taai_solutions
from puzzlesat.sources.nonograms_org import SITE as NONOGRAMS
from puzzlesat.sources.puzzle_family import SHIKAKU

GENERIC = "this does not look like a puzzle puzzlesat can read"
DEVTOOLS_HINT = ParseError.hint  # the sites' default: "... the board's devtools copy"
NONO_BAD = FIXTURES / "nonograms.org" / "bad"
SHIKAKU_BAD = FIXTURES / "puzzle-shikaku.com" / "bad"

# fixture -> (its site, what the message must say, what the hint must say)
PAGES = {
    "deleted": (
        NONO_BAD / "deleted.html",
        NONOGRAMS,
        'the site says this puzzle was deleted: "This nonogram has been deleted."',
        "pick another at https://www.nonograms.org/nonograms",
    ),
    "error 404": (
        NONO_BAD / "error-404.html",
        NONOGRAMS,
        "the page says Error 404: no such puzzle",
        "its page is https://www.nonograms.org/nonograms/i/ID",
    ),
    "search list": (
        NONO_BAD / "search-list.html",
        NONOGRAMS,
        "this is a nonograms.org search/list page: it holds no puzzle, only links to 4 puzzles",
        "open one of them, e.g. https://www.nonograms.org/nonograms/i/4353",
    ),
    "error 404, nonograms.ru": (
        NONO_BAD / "error-404.ru.html",
        NONOGRAMS,
        "the page says Ошибка 404: no such puzzle",
        "its page is https://www.nonograms.ru/nonograms/i/ID",
    ),
    "deleted, nonograms.ru": (
        NONO_BAD / "deleted.ru.html",
        NONOGRAMS,
        'the site says this puzzle was deleted: "Этот кроссворд был удален."',
        "pick another at https://www.nonograms.ru/nonograms",
    ),
    "specific form": (
        SHIKAKU_BAD / "specific_form.source.html",
        SHIKAKU,
        "this is the www.puzzle-shikaku.com form for choosing a specific puzzle: "
        "it holds no puzzle itself",
        "puzzlesat solve shikaku:ID@SIZE; size 0 is 5x5 Easy",
    ),
    "error 404, fr.puzzle-shikaku.com": (
        SHIKAKU_BAD / "error-404.fr.html",
        SHIKAKU,
        "the page says Erreur 404: no such page on fr.puzzle-shikaku.com",
        "https://fr.puzzle-shikaku.com/?size=0",
    ),
}


def solve_file(tmp_path: Path, capsys, text: str, *args: str) -> tuple[int, str]:
    """(exit status, stderr) of `puzzlesat solve FILE ARGS` on a file holding `text`."""
    path = tmp_path / "input"
    path.write_text(text, encoding="utf-8")
    code = main(["solve", str(path), *args])
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    return code, err


def message_and_hint(err: str) -> tuple[str, str]:
    message, _, hint = err.removeprefix("puzzlesat: ").rstrip("\n").partition(" (hint: ")
    return message, hint.removesuffix(")")


# --------------------------------------------------------------------------- error pages


@pytest.mark.parametrize("name", list(PAGES))
def test_an_error_page_without_flags_gives_the_sites_words(name, capsys):
    path, _, says, hint_says = PAGES[name]
    code = main(["solve", str(path)])
    out, err = capsys.readouterr()
    assert code == 65 and out == "" and err.count("\n") == 1, err
    message, hint = message_and_hint(err)
    assert says in message and GENERIC not in message
    assert hint_says in hint and hint != DEVTOOLS_HINT


@pytest.mark.parametrize("name", list(PAGES))
def test_the_words_are_the_same_as_with_the_site_named(name, capsys):
    path, site, _, _ = PAGES[name]
    assert main(["solve", str(path)]) == 65
    without = capsys.readouterr().err
    assert main(["solve", "--format", site.name, str(path)]) == 65
    assert capsys.readouterr().err == without


@pytest.mark.parametrize("name", list(PAGES))
def test_an_error_page_is_recognised_as_its_sites(name):
    path, site, says, hint_says = PAGES[name]
    text = path.read_text(encoding="utf-8")
    assert load.recognise(text) is site
    assert not site.recognises(text)  # no puzzle markup: the site's own marks claimed it
    others = [s for s in sources.SITES if s is not site]
    assert not any(other.recognises_page(text) for other in others)
    with pytest.raises(ParseError) as refused:
        load.read_page(Page(source=str(path), text=text))
    assert says in str(refused.value) and hint_says in refused.value.hint


def page_from(path: Path, *swaps: tuple[str, str]) -> str:
    text = path.read_text(encoding="utf-8")
    for old, new in swaps:
        assert old in text, old
        text = text.replace(old, new)
    return text


# Pages of the class the fixtures stand for, each recognised by other marks of its site.
CLASS = {
    # a browser's "save page" mark alone, on a nonograms.ru page
    "saved from url": (
        '<!-- saved from url=(0044)https://www.nonograms.ru/nonograms/i/99999 -->\n'
        '<html><head><title>Кроссворды</title></head><body><div class="content">'
        "<h1><span>Ошибка 404</span></h1></div></body></html>",
        NONOGRAMS,
        "the page says Ошибка 404: no such puzzle",
        "https://www.nonograms.ru/nonograms/i/ID",
    ),
    # og:url alone, on a list of colour puzzles
    "og:url": (
        '<html><head><meta property="og:url" content="https://www.nonograms.org/nonograms2">'
        '</head><body><div class="content"><a href="/nonograms2/i/4374">Butterfly</a>'
        '<a href="https://www.nonograms.org/nonograms2/i/4374#c">2</a></div></body></html>',
        NONOGRAMS,
        "this is a nonograms.org search/list page: it holds no puzzle, only links to 1 puzzle",
        "https://www.nonograms.org/nonograms2/i/4374",
    ),
    # the list page of nonograms.ru, in Russian, with no address of its own
    "search list, nonograms.ru": (
        page_from(
            NONO_BAD / "search-list.html",
            ('<html lang="en">', '<html lang="ru">'),
            ("<title>Search - nonograms.org</title>", "<title>Поиск - nonograms.ru</title>"),
            ("<h1>Search</h1>", "<h1>Поиск</h1>"),
        ),
        NONOGRAMS,
        "this is a nonograms.ru search/list page: it holds no puzzle, only links to 4 puzzles",
        "https://www.nonograms.ru/nonograms/i/4353",
    ),
    # a page of the site that is none of these: its title says what it is
    "rules page": (
        page_from(
            NONO_BAD / "error-404.html",
            ("<title>Error 404 - nonograms.org</title>", "<title>Rules - nonograms.org</title>"),
            ("<h1><span>Error 404</span></h1>", "<h1>Rules</h1>"),
        ),
        NONOGRAMS,
        'this nonograms.org page ("Rules - nonograms.org") holds no puzzle',
        "https://www.nonograms.org/nonograms/i/4353",
    ),
    # the specific-puzzle form of the German sub-domain, by its canonical address
    "specific form, de.puzzle-shikaku.com": (
        page_from(
            SHIKAKU_BAD / "specific_form.source.html",
            ('href="https://www.puzzle-shikaku.com/"', 'href="https://de.puzzle-shikaku.com/"'),
        ),
        SHIKAKU,
        "this is the de.puzzle-shikaku.com form for choosing a specific puzzle",
        "shikaku:ID@SIZE",
    ),
    # a page of the family that is no form and no 404
    "rules page, puzzle-shikaku.com": (
        page_from(
            SHIKAKU_BAD / "error-404.fr.html",
            ("<title>Erreur 404 - Shikaku</title>", "<title>Règles - Shikaku</title>"),
            ("<h1>Erreur 404</h1>", "<h1>Règles</h1>"),
        ),
        SHIKAKU,
        'this fr.puzzle-shikaku.com page ("Règles - Shikaku") holds no puzzle',
        "https://fr.puzzle-shikaku.com/?size=0",
    ),
}


@pytest.mark.parametrize("name", list(CLASS))
def test_other_pages_of_the_class_give_the_sites_words(name, tmp_path, capsys):
    text, site, says, hint_says = CLASS[name]
    assert load.recognise(text) is site
    code, err = solve_file(tmp_path, capsys, text)
    message, hint = message_and_hint(err)
    assert code == 65 and says in message, err
    assert hint_says in hint


def test_a_page_of_a_game_puzzlesat_lacks_is_refused_by_name():
    text = page_from(
        SHIKAKU_BAD / "specific_form.source.html",
        ('href="https://www.puzzle-shikaku.com/"', 'href="https://www.puzzle-slant.com/"'),
    )
    assert load.recognise(text) is SHIKAKU
    with pytest.raises(UnsupportedPuzzle, match="this is a Slant page"):
        load.read_page(Page(source="-", text=text))


# --------------------------------------------------------------------------- not the sites'

NOT_THE_SITES = {
    "plain page": "<html><body>hello</body></html>",
    "a blog citing nonograms.org": (
        "<html><head><title>Puzzles I like: nonograms.org</title></head><body><p>Try "
        '<a href="https://www.nonograms.org/nonograms/i/4353">this one</a>.</p></body></html>'
    ),
    "a list of the puzzle-*.com games": "<html><body><ul>"
    + "".join(
        f'<li><a href="https://www.puzzle-{game}.com/">{game}</a></li>'
        for game in ("shikaku", "sudoku", "masyu", "loop", "tapa")
    )
    + "</ul></body></html>",
    "the sites' names in text only": "nonograms.org and puzzle-shikaku.com: Error 404",
}


@pytest.mark.parametrize("name", list(NOT_THE_SITES))
def test_a_page_of_neither_site_keeps_the_generic_message(name, tmp_path, capsys):
    text = NOT_THE_SITES[name]
    with pytest.raises(ParseError, match=GENERIC):
        load.recognise(text)
    code, err = solve_file(tmp_path, capsys, text)
    assert code == 65 and GENERIC in err


FILES = sorted(
    p
    for p in FIXTURES.rglob("*")
    if p.is_file() and p.suffix in (".json", ".txt", ".non", ".nin") and "render" not in p.name
)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_no_site_claims_a_file_of_a_format_as_its_page(path):
    text = path.read_text(encoding="utf-8")
    assert not any(site.recognises_page(text) for site in sources.SITES)


PUZZLE_PAGES = sorted(
    p for p in FIXTURES.rglob("*.html") if "bad" not in p.parts
)


@pytest.mark.parametrize("path", PUZZLE_PAGES, ids=[p.name for p in PUZZLE_PAGES])
def test_puzzle_pages_are_still_read_as_puzzles(path):
    text = path.read_text(encoding="utf-8")
    site = load.recognise(text)
    assert site.recognises(text)  # by its puzzle markup, before any page marks
    assert load.read_page(Page(source=path.name, text=text)) is not None
    for other in sources.SITES:
        if other is not site:
            assert not other.recognises_page(text)


# --------------------------------------------------------------------------- linear time

# crafted around what the page marks are read from: URLs, tags, titles, `lang`
MARKS = {
    "schemes": lambda n: rep("http://", n),
    "hosts": lambda n: rep("https://a.b", n),
    "tags without `>`": lambda n: rep('<link rel="canonical" href="https://x', n),
    "tags without `<`": lambda n: rep(' href="https://www.nonograms.org/"', n),
    "saved from": lambda n: rep("<!-- saved from url=(0001)http://", n),
    "titles": lambda n: rep("<title", n),
    "title without end": lambda n: "<title>" + rep("nonograms.org ", n),
    "html lang": lambda n: rep('<html lang="', n),
    "family links": lambda n: rep('href="/?size=', n),
    "long host": lambda n: "https://" + "a" * n,
}


SITE_GROUPS = by_family(sources.SITES)  # the family's Sites timed together


@pytest.mark.parametrize("sites", [g for _, g in SITE_GROUPS], ids=[n for n, _ in SITE_GROUPS])
@pytest.mark.parametrize("name", list(MARKS))
def test_page_recognition_is_linear(sites, name):
    def recognise(text: str) -> list:
        return [site.recognises_page(text) for site in sites]

    assert_linear(recognise, MARKS[name], 40_000, all_bool)


HEADS = {
    "nonograms.org": '<link rel="canonical" href="https://www.nonograms.org/x">',
    "puzzle-shikaku.com": '<link rel="canonical" href="https://www.puzzle-shikaku.com/x">',
}
BODIES = {
    "links": lambda n: rep('<a href="/nonograms/i/1">', n),
    "unfinished tags": lambda n: rep("<a", n),
    "headings": lambda n: rep("<h1>404", n),
    "inputs": lambda n: rep('<input name="specid"><option value="1">', n),
}


@pytest.mark.parametrize("head", list(HEADS))
@pytest.mark.parametrize("body", list(BODIES))
def test_reading_a_marked_page_is_linear(head, body):
    def call(text: str):
        return load.read_page(Page(source="-", text=text))

    def make(n: int) -> str:
        return HEADS[head] + '<div class="content">' + BODIES[body](n)

    assert load.recognise(make(10)).name == head
    assert_linear(call, make, 20_000, board_or_parse_error)


# --------------------------------------------------------------------------- format hints

# (file text, --format or None, what the message says, what the format's hint says)
FORMAT_ERRORS = {
    "board JSON, a bad column list": (
        '{"rows": [[1]], "cols": "x"}',
        None,
        "column must be a list of clue lists",
        "check the board JSON against what `puzzlesat parse` prints",
    ),
    "board JSON, not JSON": (
        '{"rows": [[1]], "cols": [[1]]} trailing',
        None,
        "looks like JSON but is not valid",
        "check the board JSON",
    ),
    "board JSON, no keys": ('{"size": 3}', None, "board JSON needs", "check the board JSON"),
    "TAAI, short": ("$1\n1\n1\n1\n", None, "has 3 clue lines", "check the TAAI file: `$N` lines"),
    "TAAI, no header": ("1\t2\n$1\n1\n1\n", "taai", "expected a `$N`", "check the TAAI file"),
    "TAAI, a clue": ("$1\n1\nz\n", "taai", "'z' is not a block length", "check the TAAI file"),
    ".non, a short block": (
        "width 2\nheight 1\nrows\n1\ncolumns\n1\n",
        None,
        "`columns` is followed by 1 clue lines",
        "check the .non file: `width N` and `height N` lines",
    ),
    ".non, a clue": (
        "width 1\nheight 1\nrows\n1 x\ncolumns\n1\n",
        None,
        "'x' is not a block length",
        "check the .non file",
    ),
    ".non, no height": ("width 1\nrows\n1\ncolumns\n1\n", "non", "no `height` line", ".non file"),
    ".nin, a clue": (
        "2 1\n1\nx\n1\n",
        "nin",
        ".nin line 3: 'x' is not a block length",
        "check the .nin file: a first line `width height`",
    ),
    ".nin, short": ("2 2\n1\n1\n", "nin", "needs 4 clue lines", "check the .nin file"),
    "grid text, a letter": (
        "2 0 x\n0 2 0\n",
        "shikaku-grid",
        "holds only numbers",
        "check the Shikaku grid: one line per row",
    ),
    "grid text, ragged": ("2 0 1\n0 2\n", None, "different lengths", "check the grid"),
}


@pytest.mark.parametrize("name", list(FORMAT_ERRORS))
def test_a_format_error_carries_its_formats_hint(name, tmp_path, capsys):
    text, reader, says, hint_says = FORMAT_ERRORS[name]
    code, err = solve_file(tmp_path, capsys, text, *(("--format", reader) if reader else ()))
    message, hint = message_and_hint(err)
    assert code == 65 and says in message, err
    assert hint_says in hint and "devtools" not in hint


@pytest.mark.parametrize(
    "read, text, hint_says",
    [
        (read_taai, "$1\n1\n1\n1\n", "check the TAAI file"),
        (read_taai_solutions, "$1\n0\t1\n2\t0\n", "check the TAAI solution file"),
        (read_non, "width 1\nheight 1\nrows\n1\n", "check the .non file"),
        (read_nin, "1 1\n1\n", "check the .nin file"),
    ],
)
def test_the_format_readers_called_directly_carry_the_hint_too(read, text, hint_says):
    with pytest.raises(ParseError) as refused:
        read(text)
    assert hint_says in refused.value.hint


def test_every_format_declares_a_hint_of_its_own():
    hints = [fmt.hint for fmt in formats.FORMATS]
    assert all(hints) and DEVTOOLS_HINT not in hints
    assert len(set(hints)) == len(hints)


def test_a_coloured_block_in_a_clue_file_says_so():
    with pytest.raises(UnsupportedPuzzle) as refused:
        read_nin("1 1\n1a\n1\n")
    assert "black-and-white" in refused.value.hint


def test_an_error_with_a_hint_of_its_own_keeps_it(tmp_path, capsys):
    """The kind's refusal of a board JSON's "kind" says what to check; the format adds none."""
    code, err = solve_file(tmp_path, capsys, '{"kind": "kurotto", "puzzle": {"grid": [[1]]}}')
    assert code == 65 and "check the board JSON's \"kind\"" in err


def test_the_sites_keep_their_hint(tmp_path, capsys):
    """A site's own error with no hint of its own still asks for the page or devtools copy."""
    page = (FIXTURES / "nonograms.org" / "4353.source.html").read_text(encoding="utf-8")
    cut = page[: page.index("var d=") + 200]
    code, err = solve_file(tmp_path, capsys, cut)
    assert code == 65 and "cut off or malformed" in err
    assert message_and_hint(err)[1] == DEVTOOLS_HINT
