"""The puzzle-*.com family parser: task grammar, page source, board copy, URLs, refusals."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
import responses
from conftest import FIXTURES, SHARED_DATA, fixture_text

from puzzlesat import load, sources
from puzzlesat.core import Page, ParseError, Request, UnsupportedPuzzle, UnsupportedSource
from puzzlesat.formats import board_json, grid_text
from puzzlesat.kinds.shikaku.board import Shikaku
from puzzlesat.sources import puzzle_family
from puzzlesat.sources.puzzle_family import (
    SHIKAKU,
    decode_cells,
    decode_share_link,
    expand_shorthand,
)

SITE_DIR = "puzzle-shikaku.com"
INDEX = json.loads((FIXTURES / SITE_DIR / "index.json").read_text(encoding="utf-8"))
NAMES = [entry["name"] for entry in INDEX]
EASY = "easy_5x5_9366068"
EASY_GRID = [[0, 0, 0, 2, 0], [0, 0, 2, 2, 0], [3, 3, 0, 3, 0], [0, 2, 0, 0, 2], [0, 2, 2, 0, 2]]


def page(text: str, source: str = "-", url: str | None = None) -> Page:
    return Page(source=source, text=text, url=url)


def expected_grid(name: str) -> list[list[int]]:
    return json.loads(fixture_text(SITE_DIR, f"{name}.board.json"))["puzzle"]["grid"]


def as_lists(board: Shikaku) -> list[list[int]]:
    return [list(row) for row in board.grid]


def easy_source() -> str:
    return fixture_text(SITE_DIR, f"{EASY}.source.html")


# --------------------------------------------------------------------------- task grammar


def test_letters_skip_up_to_26_cells_and_long_runs_chain():
    assert decode_cells("zzzj", 88, 1) == [0] * 88
    assert decode_cells("a", 1, 1) == [0]
    assert decode_cells("z", 26, 1) == [0] * 26


def test_maximal_digit_runs_are_one_clue_and_underscore_separates():
    assert decode_cells("12_3", 2, 1) == [12, 3]
    assert decode_cells("123", 1, 1) == [123]
    assert decode_cells("2_2_2", 3, 1) == [2, 2, 2]


def test_leading_and_trailing_letters():
    assert decode_cells("b4c", 6, 1) == [0, 0, 4, 0, 0, 0]
    assert decode_cells("c2c2_2a3_3a3b2b2a2_2a2", 5, 5) == [v for row in EASY_GRID for v in row]


@pytest.mark.parametrize("task, bad", [("c2C", "'C'"), ("c2 b", "' '"), ("a2-b", "'-'"),
                                       ("ab\u00e9", "'\u00e9'")])
def test_unknown_characters_are_refused_by_name(task, bad):
    with pytest.raises(ParseError, match=re.escape(bad)):
        decode_cells(task, 5, 1)


def test_a_task_that_does_not_fill_the_board_says_so():
    with pytest.raises(ParseError, match="describes 4 cells but the board is 5x1"):
        decode_cells("c2", 5, 1)
    with pytest.raises(ParseError, match="describes 6 cells but the board is 5x1"):
        decode_cells("e2", 5, 1)


def test_a_zero_clue_is_refused():
    with pytest.raises(ParseError, match="number 0 at row 1, column 2"):
        decode_cells("a0c", 5, 1)


# --------------------------------------------------------------------------- fixtures


@pytest.mark.parametrize("name", NAMES)
def test_page_source_keeps_its_name_and_the_index_entry(name):
    """(The board it gives is tests/test_fixtures.py's.)"""
    board = SHIKAKU.read(page(fixture_text(SITE_DIR, f"{name}.source.html"), source=name))
    assert isinstance(board, Shikaku)
    entry = INDEX[NAMES.index(name)]
    assert (board.width, board.height) == (entry["width"], entry["height"])
    assert board.puzzle_id == entry["puzzle_id"]
    assert board.title == entry["title"]
    assert board.source == name
    assert board.note is None  # not from a random URL


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("kind", ["source", "board"])
def test_the_registry_recognises_both_inputs(name, kind):
    text = fixture_text(SITE_DIR, f"{name}.{kind}.html")
    assert load.recognise(text) is SHIKAKU
    assert load.read_page(page(text, source=name)).source == name  # (its board: test_fixtures)


def test_the_grid_text_and_board_json_agree_with_the_page():
    text = fixture_text(SITE_DIR, f"{EASY}.txt")
    assert as_lists(grid_text.read(page(text))) == EASY_GRID
    text = fixture_text(SITE_DIR, f"{EASY}.board.json")
    assert as_lists(board_json.read(page(text))) == EASY_GRID
    assert expected_grid(EASY) == EASY_GRID


def test_the_real_40x50_task_is_kept_verbatim():
    answers = SHARED_DATA / "known-answers.json"
    if not answers.exists():
        pytest.skip("../shared/data is not beside this checkout")
    known = json.loads(answers.read_text(encoding="utf-8"))
    task = known["puzzle_shikaku_com"]["40x50_task"]["task"]
    source = fixture_text(SITE_DIR, "monthly_40x50.source.html")
    assert f"var task = '{task}'" in source
    board = SHIKAKU.read(page(source))
    assert (board.width, board.height) == (40, 50)
    assert sum(v for _, _, v in board.clues()) == 2000


def test_fixture_variety_one_line_script_and_shuffled_board():
    assert any(e["one_line_script"] for e in INDEX)
    assert any(not e["one_line_script"] for e in INDEX)
    assert any(e["board_shuffled"] for e in INDEX)
    wide = fixture_text(SITE_DIR, "wide_runs_15x7.source.html")
    assert "14_14" in wide and "zzz" in wide


# --------------------------------------------------------------------------- page source details


def test_script_whitespace_does_not_matter():
    text = easy_source()
    text = text.replace("var task = '", "var\ttask='")
    text = text.replace("puzzleWidth: 5,", "puzzleWidth :5 ,")
    text = text.replace("puzzleHeight: 5 ,", "puzzleHeight:\n  5,")
    assert as_lists(SHIKAKU.read(page(text))) == EASY_GRID


def test_width_and_height_come_from_the_script_not_the_task():
    text = easy_source().replace("puzzleWidth: 5", "puzzleWidth: 25").replace(
        "puzzleHeight: 5", "puzzleHeight: 1")
    board = SHIKAKU.read(page(text))
    assert (board.width, board.height) == (25, 1)


def test_a_missing_dimension_is_named():
    text = easy_source().replace("puzzleHeight", "puzzleTall")
    with pytest.raises(ParseError, match="puzzleHeight"):
        SHIKAKU.read(page(text))


def test_puzzle_id_strips_thousands_separators_of_any_language():
    for shown in ("9,366,068", "9.366.068", "9 366 068", "9\u00a0366\u00a0068"):
        text = easy_source().replace("9,366,068", shown)
        assert SHIKAKU.read(page(text)).puzzle_id == "9366068"


def test_title_of_a_translated_page():
    text = easy_source().replace("5x5 Easy Shikaku Puzzle ID:", "5x5 Shikaku facile ID du puzzle :")
    assert SHIKAKU.read(page(text)).title == "5x5 Shikaku facile"


def test_random_url_gives_a_note_with_the_way_back():
    board = SHIKAKU.read(page(easy_source(), source="https://www.puzzle-shikaku.com/?size=0"))
    assert board.note is not None
    assert "9,366,068" in board.note
    assert "puzzlesat solve shikaku:9366068@0" in board.note
    assert expand_shorthand("shikaku:9366068@0") is not None


def test_a_random_page_without_size_in_its_ident_takes_the_url_size():
    text = easy_source().replace("ident: 'shikaku.0'", "ident: 'shikaku'")
    text = text.replace("Game.plSize = 0;", "")
    board = SHIKAKU.read(page(text, source="https://fr.puzzle-shikaku.com/?size=4"))
    assert board.note and "shikaku:9366068@4" in board.note


@pytest.mark.parametrize("source", [
    "https://www.puzzle-shikaku.com/?e=MDo5LDM2NiwwNjg=",
    "https://www.puzzle-shikaku.com/?specific=1&size=0&specid=9366068",
    "saved.html",
    "-",
])
def test_no_note_for_specific_puzzles_or_files(source):
    assert SHIKAKU.read(page(easy_source(), source=source)).note is None


# --------------------------------------------------------------------------- board copy details


def cell_divs(text: str) -> list[str]:
    return re.findall(r"<div tabindex[^>]*>[^<]*</div>", text)


@pytest.mark.parametrize("seed", range(5))
def test_board_copy_ignores_document_order(seed):
    divs = cell_divs(fixture_text(SITE_DIR, f"{EASY}.board.html"))
    assert len(divs) == 25
    random.Random(seed).shuffle(divs)
    text = '<div class="board-back">\n' + "\n".join(divs) + "\n</div>"
    assert as_lists(SHIKAKU.read(page(text))) == EASY_GRID


def test_board_copy_reversed_is_the_same_board():
    divs = cell_divs(fixture_text(SITE_DIR, "wide_runs_15x7.board.html"))
    text = "<div class='board-back'>" + "".join(reversed(divs)) + "</div>"
    assert as_lists(SHIKAKU.read(page(text))) == expected_grid("wide_runs_15x7")


def test_board_copy_tolerates_other_offsets_and_attribute_order():
    cells = [
        f'<div style="left:{2 + 40 * c}px;top:{4 + 40 * r}px" class="cell cell-on">{v or ""}</div>'
        for r, row in enumerate(EASY_GRID) for c, v in enumerate(row)
    ]
    assert as_lists(SHIKAKU.read(page("".join(cells)))) == EASY_GRID


def test_board_copy_with_a_duplicated_cell_is_refused():
    divs = cell_divs(fixture_text(SITE_DIR, f"{EASY}.board.html"))
    text = "<div class='board-back'>" + "".join(divs + [divs[7]]) + "</div>"
    with pytest.raises(ParseError, match="two cells .* row 2, column 3"):
        SHIKAKU.read(page(text))


def test_board_copy_cell_without_position_or_with_text_is_refused():
    with pytest.raises(ParseError, match="no top/left"):
        SHIKAKU.read(page('<div class="cell" style="top: 3px; width: 9px">1</div>'
                           '<div class="cell" style="top: 3px; left: 3px">1</div>'))
    with pytest.raises(ParseError, match="'x'"):
        SHIKAKU.read(page('<div class="cell" style="top: 3px; left: 3px">x</div>'))


# --------------------------------------------------------------------------- refusals


def test_a_page_of_a_game_not_read_is_the_familys_to_refuse():
    """(Its refusal by name is fixtures/puzzle-shikaku.com/bad/slant_5x5.source.error.json.)"""
    text = fixture_text(SITE_DIR, "bad", "slant_5x5.source.html")
    assert SHIKAKU.recognises(text)
    assert load.recognise(text) is SHIKAKU


def test_a_family_page_is_refused_by_its_url_when_the_script_names_no_game():
    text = easy_source().replace("$('#game').shikaku(", "$('#game').x(").replace(
        "ident: 'shikaku.0' ,", "")
    text = text.replace("$('#game').x(", "init(")
    with pytest.raises(UnsupportedPuzzle, match="Slant"):
        SHIKAKU.read(page(text, source="https://www.puzzle-slant.com/?size=2"))


def test_an_unknown_game_of_the_engine_is_refused():
    text = easy_source().replace("$('#game').shikaku(", "$('#game').zigzag(").replace(
        "'shikaku.0'", "'zigzag.0'")
    with pytest.raises(UnsupportedPuzzle, match="'zigzag'"):
        SHIKAKU.read(page(text))


def test_a_page_without_a_task_says_it_holds_no_puzzle():
    text = fixture_text(SITE_DIR, "bad", "specific_form.source.html")
    with pytest.raises(ParseError, match="holds no puzzle") as info:
        SHIKAKU.read(page(text, source="https://www.puzzle-shikaku.com/specific.php"))
    assert "shikaku:ID" in info.value.hint


def test_other_inputs_are_not_recognised():
    assert not SHIKAKU.recognises("2 0 0\n0 0 4\n")
    assert not SHIKAKU.recognises('{"grid": [[1]]}')
    assert not SHIKAKU.recognises("<html><body><div class='cell'>1</div></body></html>")
    assert not SHIKAKU.recognises("var task = 'abc';")  # a task without the engine around it


# --------------------------------------------------------------------------- URLs


@pytest.mark.parametrize("url", [
    "https://www.puzzle-shikaku.com/",
    "https://puzzle-shikaku.com",
    "http://www.puzzle-shikaku.com/?size=3",
    "https://fr.puzzle-shikaku.com/?size=1",
    "https://de.puzzle-shikaku.com/?e=MDo5LDM2NiwwNjg=",
    "https://ja.puzzle-shikaku.com/specific.php",
    "HTTPS://WWW.PUZZLE-SHIKAKU.COM/?size=0",
])
def test_url_pattern_matches_every_language_subdomain(url):
    assert SHIKAKU.serves(url)
    assert sources.site_for_url(url) is SHIKAKU


@pytest.mark.parametrize("url", [
    "https://www.puzzle-masyu.com/",
    "https://www.puzzle-shikaku.com.example.org/",
    "https://notpuzzle-shikaku.com/",
    "ftp://www.puzzle-shikaku.com/",
])
def test_url_pattern_refuses_other_hosts(url):
    assert not SHIKAKU.serves(url)


@pytest.mark.parametrize("url", [
    "https://www.puzzle-shikaku.com/?size=4",
    "https://www.puzzle-shikaku.com/",
    "https://www.puzzle-shikaku.com",
    "https://de.puzzle-shikaku.com/?size=7",
])
def test_random_puzzle_urls_are_not_cached(url):
    assert SHIKAKU.requests(url) == (Request(url, cacheable=False),)


def test_share_link_is_fetched_as_is_and_cached():
    url = "https://www.puzzle-shikaku.com/?e=MDo5LDM2NiwwNjg="
    assert SHIKAKU.requests(url) == (Request(url, method="GET", cacheable=True),)


def test_specific_url_becomes_the_sites_post():
    url = "https://www.puzzle-shikaku.com/?specific=1&size=0&specid=9366068"
    (request,) = SHIKAKU.requests(url)
    assert request.method == "POST"
    assert request.url == "https://www.puzzle-shikaku.com/"
    assert dict(request.data) == {"specific": "1", "specid": "9366068", "size": "0"}
    assert request.cacheable


def test_specific_url_keeps_the_language_host_and_drops_commas():
    (request,) = SHIKAKU.requests("https://fr.puzzle-shikaku.com/?specid=9,366,068&size=5")
    assert request.url == "https://fr.puzzle-shikaku.com/"
    assert dict(request.data) == {"specific": "1", "specid": "9366068", "size": "5"}


def test_specific_url_without_a_number_is_refused():
    with pytest.raises(UnsupportedSource, match="specid"):
        SHIKAKU.requests("https://www.puzzle-shikaku.com/?specific=1&specid=abc")


@pytest.mark.parametrize("shorthand, size", [
    ("shikaku:9366068@0", "0"),
    ("shikaku:9,366,068@0", "0"),
    ("shikaku:9366068", "0"),
    ("  Shikaku:9366068@6 ", "6"),
    ("puzzle-shikaku:9366068@3", "3"),
])
def test_shorthand_expands_to_the_specific_url(shorthand, size):
    url = expand_shorthand(shorthand)
    assert url == f"https://www.puzzle-shikaku.com/?specific=1&size={size}&specid=9366068"
    (request,) = sources.site_for_url(url).requests(url)
    assert request.method == "POST"
    assert dict(request.data) == {"specific": "1", "specid": "9366068", "size": size}


@pytest.mark.parametrize("source", [
    "-", "board.html", "https://www.puzzle-shikaku.com/?size=0", "c:\\boards\\x.txt",
    "C:/boards/x.txt", "shikaku", "nonsense:123", "www.puzzle-shikaku.com",
])
def test_other_sources_are_not_shorthands(source):
    assert expand_shorthand(source) is None


def test_shorthand_of_an_unsupported_game_is_refused_by_name():
    with pytest.raises(UnsupportedPuzzle, match="Slant"):
        expand_shorthand("slant:6813781")


@pytest.mark.parametrize("bad", ["shikaku:abc", "shikaku:12@x", "shikaku:"])
def test_malformed_shorthand_explains_the_syntax(bad):
    with pytest.raises(UnsupportedSource) as info:
        expand_shorthand(bad)
    assert "shikaku:ID@SIZE" in info.value.hint


@pytest.mark.parametrize("url, expected", [
    ("https://www.puzzle-shikaku.com/?e=MDo5LDM2NiwwNjg=", (0, 9366068)),
    ("https://www.puzzle-sudoku.com/?e=MDozMCw2MTAsOTYx", (0, 30610961)),
    ("https://www.puzzle-sudoku.com/?e=Njo3LDE0NywwMTg=", (6, 7147018)),
    ("https://www.puzzle-shikaku.com/?e=MDo5LDM2NiwwNjg%3D", (0, 9366068)),
    ("https://www.puzzle-shikaku.com/?e=MDo5LDM2NiwwNjg", (0, 9366068)),  # padding lost
])
def test_decode_share_link_real_links(url, expected):
    assert decode_share_link(url) == expected


@pytest.mark.parametrize("url", [
    "https://www.puzzle-shikaku.com/?size=0",
    "https://www.puzzle-shikaku.com/?e=!!!",
    "https://www.puzzle-shikaku.com/?e=aGVsbG8=",  # "hello"
    "https://www.puzzle-shikaku.com/?pl=190ae719",
])
def test_decode_share_link_other_urls(url):
    assert decode_share_link(url) is None


# --------------------------------------------------------------------------- the genre table


def test_genre_table_is_consistent():
    genres = puzzle_family.GENRES
    assert len({g.name for g in genres}) == len(genres)
    assert len({g.host for g in genres}) == len(genres)
    assert all(g.host == f"puzzle-{g.name}.com" for g in genres)
    assert [g.name for g in genres if g.home] == ["shikaku"]


def test_the_games_read_are_the_files_of_the_games_folder():
    """No list of games is kept: a module of `games/` is a game read, by its file's name."""
    folder = Path(puzzle_family.__file__).parent / "games"
    files = {path.stem.replace("_", "-") for path in folder.glob("*.py")
             if not path.name.startswith("_")}
    assert {g.name for g in puzzle_family.GENRES if g.supported} == files
    for name in files:
        assert puzzle_family.BY_NAME[name].decode is not None


def test_site_for_another_genre_matches_its_host_and_refuses_its_page():
    slant = puzzle_family.site_for(puzzle_family.BY_NAME["slant"])
    assert slant.serves("https://fr.puzzle-slant.com/?size=3")
    assert not slant.serves("https://www.puzzle-shikaku.com/")
    with pytest.raises(UnsupportedPuzzle, match="Slant"):
        slant.read(page(fixture_text(SITE_DIR, "bad", "slant_5x5.source.html")))
    # a Shikaku page read through another game's Site is still read by its own game
    assert as_lists(slant.read(page(easy_source()))) == EASY_GRID


def test_genre_of_url():
    assert puzzle_family.genre_of_url("https://ko.puzzle-star-battle.com/?size=5").name == (
        "star-battle")
    assert puzzle_family.genre_of_url("https://www.nonograms.org/") is None
    assert puzzle_family.genre_of_url("page.html") is None


# --------------------------------------------------------------------------- links


def test_a_link_of_a_game_named_but_not_read_is_refused_by_name_before_any_request():
    for url in ("https://www.puzzle-slant.com/?size=0", "puzzle-slant.com/?size=0",
                "https://www.puzzles-mobile.com/slant/random/7x7-normal"):
        with pytest.raises(UnsupportedPuzzle, match="this is a Slant page"):
            load.load(url, load.LoadOptions())


def test_a_refusal_by_name_has_its_article_and_a_short_hint():
    refusal = puzzle_family.genres.refuse(puzzle_family.BY_NAME["aquarium"])
    assert "this is an Aquarium page" in str(refusal)
    assert len(refusal.hint) < 120 and "puzzlesat games" in refusal.hint


@pytest.mark.parametrize(("url", "host"), [
    ("https://www.puzzles-mobile.com/loop/random/5x5-normal", "puzzle-loop.com"),
    ("https://www.puzzles-mobile.com/sudoku/daily", "puzzle-sudoku.com"),
    ("https://puzzles-mobile.com/light-up/", "puzzle-light-up.com"),
])
def test_links_of_the_mobile_site_are_their_games(url, host):
    site = sources.site_for_url(url)
    assert site.name == host and site.serves(url)
    (request,) = site.requests(url)
    assert request.url == url and not request.cacheable


@responses.activate
def test_a_mobile_page_is_fetched_and_read_by_its_game():
    url = "https://www.puzzles-mobile.com/loop/random/5x5-hard"
    responses.get(url, body=fixture_text("puzzle-loop.com", "hard_5x5_1012753.source.html"))
    loaded = load.load(url, load.LoadOptions(use_cache=False))
    assert loaded.board.kind == "slitherlink" and loaded.board.puzzle_id == "1012753"
    assert "loop:1012753@4" in loaded.board.note  # the size code of its script's ident


def test_the_mobile_site_without_a_game_is_no_puzzle_link():
    with pytest.raises(UnsupportedSource, match="not a site puzzlesat knows"):
        sources.site_for_url("https://www.puzzles-mobile.com/profile")


def test_a_daily_shorthand_is_the_size_code_of_the_days_special():
    assert expand_shorthand("light-up:daily") == "https://www.puzzle-light-up.com/?size=13"
    assert expand_shorthand("shikaku:Weekly") == "https://www.puzzle-shikaku.com/?size=6"
    with pytest.raises(UnsupportedSource, match="Loop .* daily puzzle is not on record"):
        expand_shorthand("loop:daily")
    with pytest.raises(UnsupportedPuzzle, match="Slant"):
        expand_shorthand("slant:daily")
