"""The puzzle-*.com family (puzzle-shikaku.com, puzzle-nonograms.com, puzzle-sudoku.com, ...).

Every site of the family runs one engine, so one package reads them all: the engine
(page.py: recognition and the task; urls.py: URLs and shorthands; this module: the Sites)
asks the genre table (genres.py) and never a game's name, and each game puzzlesat reads is
one module that declares its slug, host, plugin names, size codes and examples, then
decodes its task and reads its board copy (shikaku.py, nonograms.py, light_up.py, ...: a
module a game). Adding a game is one module and `register_game` (docs/adding-a-genre.md);
pages of a game named in the table but not read are refused by name ("this is a Galaxies
page").

Two inputs are read:

* the page source, whose inline script holds `var task = '...'` and
  `puzzleWidth: W, puzzleHeight: H`;
* a devtools copy of the board, read by the game that claims it (`claims_copy`): first the
  game of the page's URL or Site, then the table's games in order. A copy nobody claims is
  refused, asking for the page source.

A page of the family without a puzzle (the specific-puzzle form, a 404 page, on any
language sub-domain) is claimed by the family's marks (`recognises_page`) and refused in
the site's words.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from types import ModuleType

from ...core import Page, ParseError
from ..markup import soup_of
from ..site import Site
from .board_copy import has_cell_div
from .genres import (
    BY_NAME,
    GENRES,
    Genre,
    Task,
    decode_cells,
    game_claiming_copy,
    genre_of_url,
    home,
    refuse,
)
from .genres import register_game as _add_game
from .genres import unregister_game as _remove_game
from .page import (
    ENGINE_MARK,
    TASK,
    family_marks,
    genre_of_content,
    genre_of_host,
    genre_of_marks,
    genre_of_page,
    no_puzzle,
    read_task,
    recognises,
)
from .urls import decode_share_link, expand_shorthand, puzzle_requests

__all__ = [
    "BY_NAME", "GENRES", "Genre", "Task", "decode_cells", "decode_share_link",
    "expand_shorthand", "genre_of_url", "parse_for", "register_game", "site_for", "sites",
]

COPY_HINT = "pipe in the page source (Ctrl-U) instead"


def parse_for(genre: Genre) -> Callable[[Page], object]:
    """The parse function of `genre`'s Site: it reads any page of the family, by its game."""

    def parse(page: Page) -> object:
        text = page.text
        if TASK.search(text) or (ENGINE_MARK.search(text) and game_claiming_copy(text) is None):
            found = _same_script(genre_of_page(text), _genre_of_source(page)) or genre
            if found.decode is None:
                raise refuse(found)
            task = read_task(page, found)
            return with_site_hash(found.decode(task), task)
        first = genre_of_url(page.source) or genre_of_url(page.url) or genre
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
            return copy.read_copy(page)
        soup = soup_of(text)
        if soup.find("div", class_="cell"):
            raise ParseError("no game puzzlesat reads claims this board copy", hint=COPY_HINT)
        found = _genre_of_source(page) or genre
        if found.decode is None:
            raise refuse(found)
        raise no_puzzle(page, found, soup)

    return parse


def with_site_hash(board: object, task: Task) -> object:
    """The board with its page's `hashedSolution` and the task it covers, where the board's
    kind keeps them (`hashed_solution`, `site_task`): the answer is checked against the site
    after solving (site_check.py); a game module's `decode` need not pass them on."""
    fields = _field_names(board)
    if not task.hashed_solution or "hashed_solution" not in fields:
        return board
    kept = {"hashed_solution": task.hashed_solution, "site_task": task.task}
    return dataclasses.replace(board, **{key: kept[key] for key in kept if key in fields})


def _field_names(board: object) -> set[str]:
    return {f.name for f in dataclasses.fields(board)} if dataclasses.is_dataclass(board) else set()


def _same_script(script: Genre | None, source: Genre | None) -> Genre | None:
    """The game of a page source: its script's, unless its URL or marks name a game whose
    pages run that script (`scripts_of`); with no script named, its URL's or marks'."""
    if script is None:
        return source
    if source is not None and script.name in source.scripts_of:
        return source
    return script


def _genre_of_source(page: Page) -> Genre | None:
    """The game a page is of by where it came from: its URL, else its own marks."""
    return genre_of_url(page.url) or genre_of_url(page.source) or genre_of_marks(page.text)


def _recognisers(genre: Genre) -> tuple[Callable[[str], bool], Callable[[str], bool]]:
    """(recognises, recognises_page) of `genre`'s Site. The home game's claims every page of
    the family that no game with a Site of its own claims (the others are refused by name);
    the others claim their own game's pages alone."""

    def claims(text: str) -> bool:
        if genre is home():
            return recognises(text)
        return recognises(text) and genre_of_content(text) is genre

    def claims_page(text: str) -> bool:
        family, host = family_marks(text)
        marked = genre_of_host(host) if host else None
        if genre is home():
            return family and (marked is None or marked is genre or not marked.supported)
        return family and marked is genre

    return claims, claims_page


def site_for(genre: Genre) -> Site:
    """The Site of one game: matches its host on any sub-domain (www., fr., de., ja., ...)."""
    claims, claims_page = _recognisers(genre)
    return Site(
        name=genre.host,
        recognises=claims,
        read=parse_for(genre),
        domains=(genre.host,),
        examples=(
            f"https://www.{genre.host}/?size=0",
            *(genre.specific_url(puzzle_id, size) for puzzle_id, size in genre.examples),
        ),
        requests=puzzle_requests,
        recognises_page=claims_page,
    )


_SITES: dict[str, Site] = {}  # by game name, made once per registered game


def sites() -> tuple[Site, ...]:
    """The Sites of the games read: every game's but the home's first (recognition asks
    them before the home's catch-all), then the home's."""
    games = [genre for genre in GENRES if genre.supported]
    for genre in games:
        if genre.name not in _SITES:
            _SITES[genre.name] = site_for(genre)
    return (*(_SITES[g.name] for g in games[1:]), _SITES[games[0].name])


def register_game(module: ModuleType | str) -> Genre:
    """Register a family game (its module, or the module's dotted path): its pages, board
    copies, URLs and shorthands are read from then on. Returns its row of the table."""
    genre = _add_game(module)
    _SITES.pop(genre.name, None)
    return genre


def unregister_game(name: str) -> None:
    """Take a registered game out again (tests that declare a game of their own)."""
    _remove_game(name)
    _SITES.pop(name, None)


for _game in (
    "shikaku", "nonograms", "sudoku", "jigsaw_sudoku", "light_up", "star_battle", "shakashaka",
    "binairo", "masyu", "loop", "dominosa", "futoshiki", "skyscrapers",
):
    register_game(f"{__name__}.{_game}")

SISTER_SITES: tuple[Site, ...] = sites()[:-1]  # the Sites of the games read at start
NONOGRAMS, SUDOKU, JIGSAW_SUDOKU, LIGHT_UP, STAR_BATTLE = SISTER_SITES[:5]
SHAKASHAKA, BINAIRO, LOOP = _SITES["shakashaka"], _SITES["binairo"], _SITES["loop"]
DOMINOSA = _SITES["dominosa"]
MASYU = _SITES["masyu"]
SHIKAKU = sites()[-1]
