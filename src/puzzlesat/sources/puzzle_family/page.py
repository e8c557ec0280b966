"""What a family page says: recognising a page source or board copy of the family (and any
page of the family's own, error and form pages too, by its marks), which game it is of,
and the task, size, ID and title its script and markup give. Games are told apart only by
the genre table (genres.py): a script's plugin name, a host, a game's `claims_copy`.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable

from ...core import (
    MAX_DIGITS,
    LazyPattern,
    Page,
    ParseError,
    UnsupportedPuzzle,
    host_of,
    whole_number,
)
from ..markup import soup_of, text_around
from ..page_marks import html_lang, marked_urls
from .board_copy import MAX_SIDE
from .genres import (
    BY_NAME,
    BY_PLUGIN,
    SHARED_SCRIPTS,
    Genre,
    Task,
    genre_of_host,
    genre_of_url,
)
from .urls import is_random_url, random_note

TASK = LazyPattern(r"var\s+task\s*=\s*'([^']*)'")
WIDTH = LazyPattern(r"puzzleWidth\s*:\s*(\d+)")
HEIGHT = LazyPattern(r"puzzleHeight\s*:\s*(\d+)")
IDENT = LazyPattern(r"\bident\s*:\s*['\"]([A-Za-z][\w-]*)(?:\.(\d+))?['\"]")
PLUGIN_CALL = LazyPattern(r"\$\(\s*['\"]#game['\"]\s*\)\s*\.\s*([A-Za-z]\w*)\s*\(\s*\{")
PL_SIZE = LazyPattern(r"Game\.plSize\s*=\s*(\d+)")
HASHED_SOLUTION = LazyPattern(r"\bhashedSolution\s*:\s*['\"]([0-9a-fA-F]{32})['\"]")
OPTION = LazyPattern(r"[{,]\s*([A-Za-z]\w*)\s*:\s*(\d{1,9})\s*(?=[,}])")
OPTIONS_SPAN = 4000  # characters after the plugin call its options are read in
# What a single regex with `[^>]*`, `.*?` or `\s*(...)*?\s*` between the parts would find is
# found by anchoring on a literal part, then reading each tag (up to its `>`) once: such a
# regex rescans the same tail from every start it tries, quadratic or worse in the page.
PUZZLE_ID_ATTR = LazyPattern(r"id\s*=\s*[\"']puzzleID[\"']")
PUZZLE_ID_TEXT = LazyPattern(r"[\d,.\s\u00a0\u202f]*")  # then `<`: the element holds only this
DATE_SELECT = LazyPattern(r"<select\s+name=[\"']date[\"']", re.I)
DATE_OPTION = LazyPattern(r"<option", re.I)
OPTION_VALUE = LazyPattern(r"value=[\"'](\d{4}-\d\d-\d\d)[\"']", re.I)
SELECTED = LazyPattern(r"\bselected", re.I)
ENGINE_MARK = LazyPattern(
    rf"{PLUGIN_CALL.pattern}|{IDENT.pattern}|puzzleWidth\s*:|id\s*=\s*[\"']puzzleID[\"']"
    r"|name\s*=\s*[\"']specid[\"']"
)




def is_page_source(text: str) -> bool:
    """A puzzle-*.com page source: its script's `var task` and one of the engine's marks."""
    return TASK.search(text) is not None and ENGINE_MARK.search(text) is not None


_DECIDED: list = [None, None, None]  # the last (text, URL's game, game) decided


def forget_decision() -> None:
    """Decide afresh: the table changed (a game registered or taken out)."""
    _DECIDED[:] = [None, None, None]


def decide(text: str, url_genre: Genre | None) -> Genre | None:
    """The game of a page source, decided once for a text: the game its script names
    (plugin call, else ident), unless its URL's game (else its marks') runs that script
    too (`scripts_of`: a jigsaw page running Sudoku's); with no script named, its URL's or
    marks'. The marks are read only when the script leaves a choice. Raises
    UnsupportedPuzzle for a script of a game the table does not know."""
    last_text, last_url, last = _DECIDED
    if last_text is text and last_url is url_genre:  # recognition decided it a moment ago
        return last
    script = genre_of_page(text)
    if script is None or script.name in SHARED_SCRIPTS:
        source = url_genre or genre_of_marks(text)
        if script is None or source is not None and script.name in source.scripts_of:
            script = source
    _DECIDED[:] = [text, url_genre, script]
    return script


# Links by the engine's own paths, on every page of every game: the size menu and the
# specific-puzzle form (`/?size=3`, `/specific.php`).
FAMILY_LINKS = tuple(f"href={q}{path}" for q in "\"'" for path in ("/?size=", "/specific.php"))
GAMES_MENU = 3  # links to this many games of the family: the menu every page carries


def family_marks(text: str) -> tuple[bool, str | None]:
    """(whether `text` is a page of the family, puzzle or not; the host it is on, if known).

    The page's own address (canonical, og:url, a browser's `saved from`) decides alone. Else
    two of the family's marks must agree: its games menu (links to several puzzle-*.com
    games), its language versions (`<link rel="alternate" hreflang>` on a game's host), and
    its own relative links (`/?size=N`, `/specific.php`). The host is then the language
    version the page's `lang` names, else the `www.` host of the versions' game.
    """
    family = [url for url in marked_urls(text) if url.tag and genre_of_host(url.host)]
    own = next((url.host for url in family if url.own), None)
    if own:
        return True, own
    games = {genre_of_host(url.host) for url in family}
    versions = [url for url in family if "alternate" in url.tag]
    marks = (len(games) >= GAMES_MENU, bool(versions), any(link in text for link in FAMILY_LINKS))
    if sum(marks) < 2:
        return False, None
    lang = html_lang(text)[:2]
    mine = [url.host for url in versions if lang and f"hreflang=\"{lang}" in url.tag]
    if mine:
        return True, mine[0]
    genre = genre_of_host(versions[0].host) if versions else None
    return True, f"www.{genre.host}" if genre else None


def recognises_page(text: str) -> bool:
    """Any page of the family's own, its error and form pages too (see _family_marks)."""
    return family_marks(text)[0]


def page_host(text: str) -> str | None:
    """The puzzle-*.com host whose page `text` is by its marks (`fr.puzzle-shikaku.com`)."""
    return family_marks(text)[1]


def genre_of_marks(text: str) -> Genre | None:
    """The game whose page the marks say `text` is (its canonical, its language versions)."""
    host = page_host(text)
    return genre_of_host(host) if host else None


_SCRIPT: list = [None, (None, None)]  # the last text, and its script's matches


def script_of(text: str) -> tuple[re.Match[str] | None, re.Match[str] | None]:
    """(the plugin call, the ident) of a page's script: each searched once for a text, as
    deciding its game and reading its task both ask."""
    last, found = _SCRIPT  # read at once: another thread may read another page
    if last is not text:
        found = (PLUGIN_CALL.search(text), IDENT.search(text))
        _SCRIPT[:] = [text, found]
    return found


def genre_of_page(text: str) -> Genre | None:
    """The game a page's script names (`$('#game').shikaku(`, `ident: 'shikaku.0'`)."""
    for match in script_of(text):
        if match:
            plugin = match.group(1).lower()
            genre = BY_PLUGIN.get(plugin) or BY_NAME.get(plugin)
            if genre is None:
                raise UnsupportedPuzzle(
                    f"this puzzle-*.com page runs a game puzzlesat does not know ({plugin!r})",
                    hint="`puzzlesat games` lists the games it reads",
                )
            return genre
    return None


def _has_class(name: str) -> Callable[[dict], bool]:
    return lambda attrs: name in (attrs.get("class") or "").split()


def _ends_title(attrs: dict) -> bool:
    """The puzzle's ID, or a special's date menu (whose every option is a date), ends the
    title on its info line."""
    return attrs.get("id") == "puzzleID" or attrs.get("name") == "date"


def _title(text: str) -> str | None:
    """The puzzle's name from its info line, up to its ID or its date menu."""
    text = text_around(text, "puzzleInfo", _has_class("puzzleInfo"), _ends_title)
    if not text:
        return None
    text = re.sub(r"\s*\b(?:puzzle\s+)?ID\b.*$", "", text, flags=re.I).strip(" :-|")
    return text[:80] or None


def _puzzle_id(text: str) -> str | None:
    """The digits of the first `id="puzzleID"` element that holds only a number."""
    pos = 0
    while (attr := PUZZLE_ID_ATTR.search(text, pos)) is not None:
        close = text.find(">", attr.end())
        if close < 0:
            return None
        number = PUZZLE_ID_TEXT.match(text, close + 1)
        if text.startswith("<", number.end()):
            digits = re.sub(r"\D", "", number.group()).lstrip("0")
            return digits if 0 < len(digits) <= MAX_DIGITS else None
        pos = number.end()  # a later match before here ends at the same `>`, and fails alike
    return None


def _size(text: str) -> int | None:
    ident = script_of(text)[1]
    if ident and ident.group(2):
        return whole_number(ident.group(2), "the size in `ident`")
    pl_size = PL_SIZE.search(text)
    return whole_number(pl_size.group(1), "Game.plSize") if pl_size else None


def _dimension(pattern: LazyPattern, text: str, what: str) -> int:
    match = pattern.search(text)
    if match is None:
        raise ParseError(f"could not find {what} in the page's script")
    value = whole_number(match.group(1), what)
    if not 0 < value <= MAX_SIDE:
        raise ParseError(f"the page says {what} is {value}")
    return value


def read_task(page: Page, genre: Genre) -> Task:
    """The task, dimensions, ID, size and title from a page source."""
    text = page.text
    task = TASK.search(text)
    if task is None:
        raise no_puzzle(page, genre, soup_of(text))
    width = _dimension(WIDTH, text, "puzzleWidth")
    height = _dimension(HEIGHT, text, "puzzleHeight")
    puzzle_id, size = _puzzle_id(text), _size(text)
    date = _date(text) if puzzle_id is None and is_random_url(page.source) else None
    return Task(
        genre=genre,
        task=task.group(1).strip(),
        width=width,
        height=height,
        source=page.source,
        puzzle_id=puzzle_id,
        size=size,
        title=_title(text),
        note=random_note(genre, page.source, puzzle_id, size, date),
        hashed_solution=_hashed_solution(text),
        options=_options(text),
        script_names=_script_names(text),
    )


def _script_names(text: str) -> tuple[str, ...]:
    """The plugin call's name and the ident's slug, lower case, where the script has them."""
    found = script_of(text)
    return tuple(match.group(1).lower() for match in found if match)


def _hashed_solution(text: str) -> str | None:
    """The script's `hashedSolution: '<32 hex digits>'`, lower case, if it has one."""
    match = HASHED_SOLUTION.search(text)
    return match.group(1).lower() if match else None


def _options(text: str) -> dict[str, int]:
    """The whole-number options of the plugin call (`puzzleWidth: 10`, `stars:2`), read
    in a bounded span after it: a game may give there what its task does not say."""
    call = script_of(text)[0]
    if call is None:
        return {}
    span = text[call.end() - 1 : call.end() + OPTIONS_SPAN]
    return {name: int(value) for name, value in OPTION.findall(span)}


def _last(pattern: LazyPattern, text: str, start: int, end: int) -> re.Match[str] | None:
    found = deque(pattern.finditer(text, start, end), maxlen=1)
    return found[0] if found else None


def _date(text: str) -> str | None:
    """The date of the first `<option value="YYYY-MM-DD" ... selected>` after the date select."""
    select = DATE_SELECT.search(text)
    pos = text.find(">", select.end()) if select else -1
    while pos >= 0 and (option := DATE_OPTION.search(text, pos)) is not None:
        end = text.find(">", option.end())
        end = len(text) if end < 0 else end
        selected = _last(SELECTED, text, option.end(), end)
        value = selected and _last(OPTION_VALUE, text, option.end(), selected.start())
        if value:
            return value.group(1)
        if end == len(text):
            return None
        pos = end  # an `<option` before this `>` sees less of the same tag
    return None





def _host_for(page: Page, genre: Genre) -> str:
    """The host a page of `genre` came from (its URL's, else its marks'), else its www. host."""
    for url in (page.url, page.source):
        if url and genre_of_url(url) is genre:
            return host_of(url) or f"www.{genre.host}"
    marked = page_host(page.text)
    return marked if marked and genre_of_host(marked) is genre else f"www.{genre.host}"


def _not_found_heading(soup) -> str | None:
    """`Error 404` (`Erreur 404`, ...) as the page heads itself: its h1, else its title."""
    for tag in (soup.find("h1"), soup.find("title")):
        words = " ".join(tag.get_text(" ", strip=True).split()) if tag else ""
        if "404" in words:
            return words[:60]
    return None


def _size_example(form) -> str:
    """`; size 0 is 5x5 Easy`: the first size of the form's menu, to show what SIZE is."""
    option = form.find("option", value=True) if form else None
    value = option["value"].strip() if option else ""
    if not (value.isascii() and value.isdigit() and len(value) <= 3):
        return ""
    label = " ".join(option.get_text(" ", strip=True).split())[:30]
    return f"; size {value} is {label}" if label else f"; e.g. size {value}"


def no_puzzle(page: Page, genre: Genre, soup) -> ParseError:
    """What a page of the family that holds no puzzle is, in the site's own words; a text
    that is no page of the family is told so."""
    host = _host_for(page, genre)
    by_id = f"{genre.name}:ID@SIZE"
    specid = soup.find("input", attrs={"name": "specid"})
    if specid is not None:
        return ParseError(
            f"this is the {host} form for choosing a specific puzzle: it holds no puzzle itself",
            hint=f"solve the puzzle by the ID and size the form asks for: puzzlesat solve {by_id}"
            + _size_example(specid.find_parent("form")),
        )
    open_one = f"open a puzzle page such as https://{host}/?size=0, or name one by ID: {by_id}"
    heading = _not_found_heading(soup)
    if heading:
        return ParseError(f"the page says {heading}: no such page on {host}", hint=open_one)
    text = page.text
    if not (ENGINE_MARK.search(text) or recognises_page(text) or genre_of_url(page.url)):
        return ParseError(
            f"this does not look like a {genre.host} puzzle page or board copy",
            hint="pipe in the page source (Ctrl-U) or the outerHTML of div.board-back",
        )
    title = soup.find("title")
    title = " ".join(title.get_text(" ", strip=True).split())[:60] if title else ""
    named = f' ("{title}")' if title else ""
    script = "" if ENGINE_MARK.search(text) is None else " (no `var task` in its script)"
    return ParseError(f"this {host} page{named} holds no puzzle{script}", hint=open_one)

