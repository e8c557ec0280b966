"""The puzzle-*.com family (puzzle-shikaku.com, puzzle-nonograms.com, puzzle-sudoku.com, ...)
and its mobile site (puzzles-mobile.com).

Every site of the family runs one engine, so one package reads them all: the engine
(page.py: recognition and the task; urls.py: URLs and shorthands; this module: the Sites)
asks the genre table (genres.py) and never a game's name, and each game puzzlesat reads is
one module of `games/` that decodes its task and reads its board copy (shikaku.py,
light_up.py, ...: a module a game, found by its file). Adding a game is that module; pages
and links of a game named in the table but not read are refused by name ("this is a
Galaxies page"), before anything is fetched.

A page is read once, by its game only: the game is decided once (`page.decide`: the page's
script, its URL's host or its marks, by table lookups), then only that game's module is
imported, and its kind through it; its board is built once, page fields included.

Two inputs are read:

* the page source, whose inline script holds `var task = '...'` and
  `puzzleWidth: W, puzzleHeight: H`;
* a devtools copy of the board, read by the game that claims it (`claims_copy`): first the
  game of the page's URL or Site, then the table's games in order (those with a copy are
  imported to ask them). A copy nobody claims is refused, asking for the page source.

A page of the family without a puzzle (the specific-puzzle form, a 404 page, on any
language sub-domain) is claimed by the family's marks (`owning_page`) and refused in
the site's words.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from ...core import Page, ParseError, UnsupportedPuzzle
from ..markup import soup_of
from ..site import Site
from .board_copy import has_cell_div
from .genres import (
    BY_NAME,
    GENRES,
    MOBILE_HOST,
    Genre,
    Task,
    decode_cells,
    game_claiming_copy,
    genre_of_host,
    genre_of_url,
    home,
    refuse,
)
from .genres import (
    games as games_read,
)
from .genres import register_game as _add_game
from .genres import unregister_game as _remove_game
from .marks import with_marks
from .page import (
    ENGINE_MARK,
    TASK,
    decide,
    family_marks,
    forget_decision,
    genre_of_marks,
    is_page_source,
    no_puzzle,
    read_task,
)
from .urls import decode_share_link, expand_shorthand, puzzle_requests

__all__ = [
    "BY_NAME", "GENRES", "Genre", "Task", "claiming", "decode_cells", "decode_share_link",
    "expand_shorthand", "genre_of_url", "owning_page", "read", "register_game", "serving",
    "site_for", "sites",
]

COPY_HINT = "pipe in the page source (Ctrl-U) instead"


def read(page: Page, fallback: Genre) -> object:
    """The board of any page of the family, read by its game: the game of its script, URL
    or marks (`fallback`, the Site's own, when none says), or of the copy it is."""
    text = page.text
    url_genre = genre_of_url(page.url) or genre_of_url(page.source)
    if TASK.search(text) or (ENGINE_MARK.search(text) and game_claiming_copy(text) is None):
        found = decide(text, url_genre) or fallback
        if not found.supported:
            raise refuse(found)
        return with_marks(found.decode(read_task(page, found)), text)
    first = url_genre or fallback
    if first.supported and first.read_copy is None and has_cell_div(text):
        raise ParseError(
            f"puzzlesat reads a {first.label} puzzle from its page source, not from a "
            "copy of its board",
            hint=f"save the page source of the {first.host} puzzle (Ctrl-U) and give "
            "that file, or pipe it in",
        )
    copy = game_claiming_copy(text, first)
    if copy is not None:
        if not first.supported:
            raise refuse(first)
        return with_marks(copy.read_copy(page), text)
    soup = soup_of(text)
    if soup.find("div", class_="cell"):
        raise ParseError("no game puzzlesat reads claims this board copy", hint=COPY_HINT)
    found = url_genre or genre_of_marks(text) or fallback
    if not found.supported:
        raise refuse(found)
    raise no_puzzle(page, found, soup)


def claiming(text: str) -> Site | None:
    """The Site whose puzzle `text` is, decided once: a page source's game (the home's
    Site for a game not read, which refuses it by name), else the game claiming the copy."""
    if is_page_source(text):
        try:
            genre = decide(text, None)
        except UnsupportedPuzzle:  # a game the table does not know: the home's Site says so
            genre = None
        return site_for(genre if genre is not None and genre.supported else home())
    copy = game_claiming_copy(text)
    return site_for(copy) if copy is not None else None


def owning_page(text: str) -> Site | None:
    """The Site whose own page (error, form page) `text` is, by the family's marks: the
    game of the host they name, else the home's."""
    family, host = family_marks(text)
    if not family:
        return None
    marked = genre_of_host(host) if host else None
    return site_for(marked if marked is not None and marked.supported else home())


def serving(url: str) -> Site | None:
    """The Site of the game a URL is of (its host, or the mobile site's path), found by a
    lookup; a game named but not read is refused by name, before any request."""
    genre = genre_of_url(url)
    if genre is None:
        return None
    if not genre.supported:
        raise refuse(genre)
    return site_for(genre)


def site_for(genre: Genre) -> Site:
    """The Site of one game: matches its host on any sub-domain (www., fr., de., ja., ...),
    and the mobile site; made once."""
    site = _SITES.get(genre.name)
    if site is not None:
        return site
    site = Site(
        name=genre.host,
        recognises=lambda text: claiming(text) is site,
        read=lambda page: read(page, genre),
        domains=(genre.host, MOBILE_HOST),
        examples=(
            f"https://www.{genre.host}/?size=0",
            *(genre.specific_url(puzzle_id, size) for puzzle_id, size in genre.examples),
        ),
        requests=puzzle_requests,
        recognises_page=lambda text: owning_page(text) is site,
    )
    if genre.supported:
        _SITES[genre.name] = site
    return site


_SITES: dict[str, Site] = {}  # by game name, made once per game read


def sites() -> tuple[Site, ...]:
    """The Sites of the games read: every game's but the home's first, then the home's
    (every game's module imported: for listings and contract tests, never a page)."""
    rest = [genre for genre in games_read() if not genre.home]
    return (*(site_for(genre) for genre in rest), site_for(home()))


def register_game(module: ModuleType | str) -> Genre:
    """Register a game from a module outside `games/` that declares its row too (a test's
    throw-away game): its pages, board copies, URLs and shorthands are read from then on.
    Returns its row of the table."""
    genre = _add_game(module)
    _SITES.pop(genre.name, None)
    forget_decision()
    return genre


def unregister_game(name: str) -> None:
    """Take a registered game out again."""
    _remove_game(name)
    _SITES.pop(name, None)
    forget_decision()


def __getattr__(name: str) -> Any:
    """`SHIKAKU`, `LIGHT_UP`, ...: a game's Site by its name in capitals, made on first
    use; `SISTER_SITES`: every Site read but the home's."""
    if name == "SISTER_SITES":
        return sites()[:-1]
    genre = BY_NAME.get(name.lower().replace("_", "-"))
    if name.isupper() and genre is not None and genre.supported:
        return site_for(genre)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
