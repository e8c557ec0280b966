"""The family's genre table: a row per game of the engine, what the engine needs to tell its
pages and links apart (host, plugin names, shorthands), static data that imports no game.

A game puzzlesat reads is one module of `games/` (light_up.py for `light-up`), found by its
file with one listing of the folder and imported only when a page, copy or URL of its own is
met: its `decode(task)` and, where the game has a devtools copy, `claims_copy(text)` /
`read_copy(page)`, with its SPECIAL_SIZES and EXAMPLES. Nothing else lists the games read.
`register_game(module)` adds a game from a module outside the folder that also declares its
row (SLUG, LABEL, HOST, PLUGINS, SHORTHANDS): a test's throw-away game. The engine only ever
asks this table, never a game's name.
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import Any
from urllib.parse import urlencode, urlsplit

from ...core import LazyPattern, ParseError, UnsupportedPuzzle, whole_number
from ...letter_runs import read_cells

Board = Any  # a kind's board; the kinds are not imported to name it


@dataclass(frozen=True)
class Task:
    """What the page source says about its puzzle, before any game-specific decoding."""

    genre: Genre
    task: str
    width: int
    height: int
    source: str
    puzzle_id: str | None = None  # digits, no thousands separators
    size: int | None = None  # the site's size code, from `ident: 'shikaku.<size>'`
    title: str | None = None
    note: str | None = None
    hashed_solution: str | None = None  # the page's `hashedSolution`, 32 hex digits
    # the whole-number options of the script's plugin call ({"stars": 2} on a Star Battle)
    options: dict[str, int] = field(default_factory=dict, compare=False)
    # the names the page's script gives its game, lower case: its plugin call's and its
    # ident's slug (`binairo-plus` where a variant's pages run the game's plugin)
    script_names: tuple[str, ...] = field(default=(), compare=False)

    @property
    def page(self) -> dict[str, Any]:
        """What the page says of its puzzle, as a board takes it (the page fields of
        grid/board.py), so that a game builds its board once: `Board(..., **task.page)`.
        `site_task` is the task the page's hash covers, kept with the hash alone."""
        hashed = self.hashed_solution
        return {
            "source": self.source, "title": self.title, "puzzle_id": self.puzzle_id,
            "note": self.note, "hashed_solution": hashed,
            "site_task": self.task if hashed else None,
        }


def decode_cells(task: str, width: int, height: int, what: str = "task") -> list[int]:
    """Row-major cells of a letters-and-numbers task (Shikaku's; Sudoku's alike).

    A letter skips 1..26 empty cells (a..z), a maximal digit run is one number in one cell,
    `_` only separates two numbers. Empty cells are 0; a number 0 is refused by its place.
    """
    if width <= 0 or height <= 0:
        raise ParseError(f"the page gives the board as {width}x{height}, which holds no cells")

    def bad_character(pos: int) -> ParseError:
        return ParseError(
            f"the {what} holds {task[pos]!r} at position {pos + 1}, which is not part of "
            "its grammar (letters a-z, numbers, '_')",
            hint="the site's encoding may have changed; copy the board from the devtools",
        )

    def number(digits: str, pos: int, index: int) -> int:
        value = whole_number(digits, f"a number in the {what}")
        if value == 0:
            row, col = divmod(index, width)
            raise ParseError(f"the {what} puts the number 0 at row {row + 1}, column {col + 1}")
        return value

    cells, pos = read_cells(task, width * height, bad_character, number)
    if len(cells) != width * height:
        raise ParseError(
            f"the {what} describes {'more than ' if pos < len(task) else ''}{len(cells)} cells "
            f"but the board is {width}x{height}",
            hint="the page may be cut off; save the whole page source again",
        )
    return cells


def task_characters(task: Task, label: str, symbols: str, grammar: str) -> list[str]:
    """Row-major cells of a one-character-a-cell task (genres.md D2: Light Up, Masyu, ...),
    each `letter_runs.EMPTY` or one of `symbols`: grammar.characters, whose errors name the
    offset (from 0) in the task and the cells the board has."""
    from .grammar import Text, characters

    return characters(Text(task.task, label, task.width, task.height), symbols, grammar)


GAMES = "games"  # the folder of the game modules, beside this one
NO_GAME = ModuleType("no game")  # what a game named but not read "declares": nothing


@dataclass(frozen=True, eq=False)  # a row is itself: compared and hashed by identity
class Genre:
    """One game of the family. `module` (a dotted path) is None for a game named but not
    read: its pages are refused by name ("this is a Galaxies page"). What the game module
    declares is read from it on first use, so a row costs no import."""

    name: str  # our name, also the shorthand prefix: "shikaku" (`shikaku:9366068@0`)
    label: str  # for messages: "Shikaku"
    host: str  # "puzzle-shikaku.com"
    plugins: tuple[str, ...]  # jQuery plugin / ident names: $('#game').shikaku(, 'shikaku.0'
    shorthands: tuple[str, ...] = ()  # more prefixes for `prefix:ID@SIZE` besides `name`
    scripts_of: tuple[str, ...] = ()  # games whose script this game's pages may run
    home: bool = False  # the family's home: its Site reads any family page nobody else does
    module: str | None = None

    @property
    def supported(self) -> bool:
        return self.module is not None

    @property
    def game(self) -> ModuleType:
        """The game's module, imported now (once: Python keeps it)."""
        return importlib.import_module(self.module) if self.module else NO_GAME

    @property
    def decode(self) -> Callable[[Task], Board] | None:
        return getattr(self.game, "decode", None)

    @property
    def read_copy(self) -> Callable[..., Board] | None:
        """The reader of the game's devtools board copy (a Page), if it has one."""
        return getattr(self.game, "read_copy", None)

    def claims_copy(self, text: str) -> bool:
        """Whether `text` is this game's board copy (cheap; False for a game with none)."""
        claims = getattr(self.game, "claims_copy", None)
        return claims is not None and claims(text)

    @property
    def examples(self) -> tuple[tuple[int, int], ...]:
        """(puzzle ID, size code) of real puzzles."""
        return tuple(getattr(self.game, "EXAMPLES", ()))

    @property
    def special_sizes(self) -> dict[str, str]:
        """Size code -> "daily", "weekly", "monthly": the dated specials."""
        return dict(getattr(self.game, "SPECIAL_SIZES", {}))

    @property
    def prefixes(self) -> tuple[str, ...]:
        return (self.name, *self.shorthands)

    def specific_url(self, puzzle_id: int | str, size: int | str = 0) -> str:
        """The site's own URL for one puzzle by ID (what `requests` turns into the POST)."""
        query = urlencode({"specific": 1, "size": size, "specid": str(puzzle_id).replace(",", "")})
        return f"https://www.{self.host}/?{query}"


def _row(
    name: str, label: str, *plugins: str, also: tuple[str, ...] = (), **more: Any
) -> Genre:
    """A row: host `puzzle-NAME.com`; plugin names the game's name without hyphens unless
    given ([I] for games not read); shorthand prefixes `puzzle-NAME` and `also`."""
    plugins = plugins or (name.replace("-", ""),)
    return Genre(name, label, f"puzzle-{name}.com", plugins, (f"puzzle-{name}", *also), **more)


# Every game of the engine, read or not. The order is the table's everywhere: the games
# read are listed, and a board copy is offered to them, in this order.
TABLE: tuple[Genre, ...] = (
    _row("shikaku", "Shikaku", home=True),
    _row("nonograms", "Nonograms (puzzle-nonograms.com)", "nonograms", "nonogram"),
    _row("sudoku", "Sudoku"),
    # a jigsaw page may run Sudoku's script (`$('#game').sudoku(`): it is still a jigsaw
    # page when its URL or marks say so, and its task carries its regions
    _row("jigsaw-sudoku", "Jigsaw Sudoku", "jigsawsudoku", "jigsaw_sudoku", "jigsaw",
         scripts_of=("sudoku",)),
    _row("light-up", "Light Up", "lightup", "light_up", "akari", also=("lightup", "akari")),
    _row("star-battle", "Star Battle", "starbattle", "star_battle", also=("starbattle",)),
    _row("shakashaka", "Shakashaka"),
    # Binairo+'s names too: its pages come to Binairo's game, which reads them as Binairo+
    # (games/binairo.py `is_plus`)
    _row("binairo", "Binairo", "binairo", "binairoplus", "binairo_plus", "binairo-plus",
         also=("takuzu",)),
    _row("masyu", "Masyu"),
    _row("loop", "Loop (Slitherlink)", "loop", "slitherlink", also=("slitherlink",)),
    _row("dominosa", "Dominosa"),
    _row("galaxies", "Galaxies"),
    _row("norinori", "Norinori"),
    _row("bridges", "Bridges (Hashi)", "bridges", "hashi"),
    _row("pipes", "Pipes"),
    _row("futoshiki", "Futoshiki", "futoshiki", "renzoku"),  # Renzoku runs on its host
    _row("minesweeper", "Minesweeper", "minesweeper", "mosaic"),  # Mosaic runs on its host
    _row("kakurasu", "Kakurasu"),
    _row("lits", "LITS"),
    _row("hitori", "Hitori", also=("singles",)),
    _row("killer-sudoku", "Killer Sudoku", "killersudoku", "killer_sudoku", "killer"),
    _row("shingoki", "Shingoki"),
    _row("tapa", "Tapa"),
    _row("kurodoko", "Kurodoko"),
    _row("nurikabe", "Nurikabe"),
    _row("heyawake", "Heyawake"),
    _row("aquarium", "Aquarium"),
    _row("tents", "Tents"),
    _row("thermometers", "Thermometers"),
    _row("battleships", "Battleships"),
    _row("kakuro", "Kakuro"),
    _row("stitches", "Stitches"),
    _row("yin-yang", "Yin-Yang", "yinyang", "yin_yang", "yin-yang", also=("yinyang",)),
    _row("skyscrapers", "Skyscrapers"),
    _row("slant", "Slant"),
)


def discovered() -> dict[str, str]:
    """The games read, by slug: the modules of `games/`, found by their files (one listing
    of the folder, nothing imported). `light_up.py` is the game `light-up`."""
    folder = os.path.join(os.path.dirname(__file__), GAMES)
    package = f"{__package__}.{GAMES}"
    return {
        entry.name[:-3].replace("_", "-"): f"{package}.{entry.name[:-3]}"
        for entry in os.scandir(folder)
        if entry.name.endswith(".py") and not entry.name.startswith("_")
    }


def _with_modules(table: tuple[Genre, ...], modules: dict[str, str]) -> list[Genre]:
    """The table's rows, each game read given its module; a module of `games/` whose game
    the table does not name declares its own row, after the others (imported for it, so
    on every family page: give its game a row of TABLE instead)."""
    rows = [replace(row, module=modules.get(row.name)) for row in table]
    named = {row.name for row in table}
    return rows + [genre_of_module(path) for slug, path in modules.items() if slug not in named]


def genre_of_module(module: ModuleType | str) -> Genre:
    """The row a module outside the table declares (SLUG, LABEL, HOST, PLUGINS, and
    optionally SHORTHANDS and SCRIPTS_OF): imported now."""
    if isinstance(module, str):
        module = importlib.import_module(module)
    return Genre(
        name=module.SLUG,
        label=module.LABEL,
        host=module.HOST,
        plugins=tuple(module.PLUGINS),
        shorthands=tuple(getattr(module, "SHORTHANDS", ())),
        scripts_of=tuple(getattr(module, "SCRIPTS_OF", ())),
        module=module.__name__,
    )


# The table with the games read marked; the dicts below are kept in step with it (updated
# in place: importers keep their reference).
GENRES: list[Genre] = _with_modules(TABLE, discovered())
BY_NAME: dict[str, Genre] = {}
BY_HOST: dict[str, Genre] = {}
BY_PLUGIN: dict[str, Genre] = {}
BY_PREFIX: dict[str, Genre] = {}
SHARED_SCRIPTS: dict[str, list[Genre]] = {}  # a game's script name -> other games running it
FAMILY_HOST = LazyPattern(r"^(?:[a-z0-9-]+\.)*(puzzle-[a-z0-9-]+\.com)$", re.I)
# the family's mobile site: the same engine and tasks, a game's name first in the path
# (`https://www.puzzles-mobile.com/loop/random/5x5-normal`, `/sudoku/daily`)
MOBILE_HOST = "puzzles-mobile.com"
MOBILE = LazyPattern(r"^(?:[a-z0-9-]+\.)*puzzles-mobile\.com$", re.I)


def _index() -> None:
    """Rebuild the lookups from GENRES."""
    for table, keys in (
        (BY_NAME, lambda g: (g.name,)),
        (BY_HOST, lambda g: (g.host,)),
        (BY_PLUGIN, lambda g: tuple(plugin.lower() for plugin in g.plugins)),
        (BY_PREFIX, lambda g: g.prefixes),
    ):
        table.clear()
        table.update({key: genre for genre in reversed(GENRES) for key in keys(genre)})
    SHARED_SCRIPTS.clear()
    for genre in GENRES:
        for name in genre.scripts_of:
            SHARED_SCRIPTS.setdefault(name, []).append(genre)


_index()


def register_game(module: ModuleType | str) -> Genre:
    """Add the game a module outside `games/` declares (a module or its dotted path): it
    takes the place of its row, if the table has one, else comes after the games read."""
    genre = genre_of_module(module)
    at = next((i for i, g in enumerate(GENRES) if g.name == genre.name), None)
    if at is None:
        GENRES.insert(sum(g.supported for g in GENRES), genre)
    else:
        GENRES[at] = genre
    _index()
    return genre


def unregister_game(name: str) -> None:
    """Take a registered game out of the table (its own row, if any, comes back)."""
    rows = {row.name: row for row in _with_modules(TABLE, discovered())}
    GENRES[:] = [rows.get(g.name, g) for g in GENRES if g.name in rows]
    _index()


def home() -> Genre:
    """The family's home game (the table marks it): its Site reads any family page no
    other game claims."""
    return next(genre for genre in GENRES if genre.home)


def games() -> list[Genre]:
    """The games read, in the table's order."""
    return [genre for genre in GENRES if genre.supported]


def a_or_an(label: str) -> str:
    """`a Galaxies`, `an Aquarium`: the label with its article."""
    return f"{'an' if label[:1].lower() in 'aeiou' else 'a'} {label}"


def refuse(genre: Genre) -> UnsupportedPuzzle:
    """A game named but not read, refused by name before anything is fetched."""
    example = home()
    return UnsupportedPuzzle(
        f"this is {a_or_an(genre.label)} page ({genre.host}), a game puzzlesat does not "
        "read yet",
        hint=f"`puzzlesat games` lists the games it reads, e.g. https://www.{example.host}/?size=0",
    )


def genre_of_host(host: str) -> Genre | None:
    match = FAMILY_HOST.match(host)
    return BY_HOST.get(match.group(1).lower()) if match else None


def genre_of_url(url: str | None) -> Genre | None:
    """The game a family URL serves: a puzzle-*.com host's (any language sub-domain), or on
    the mobile site the game its path names first (`puzzles-mobile.com/loop/...`)."""
    if not url or "://" not in url:
        return None
    parts = urlsplit(url)
    host = parts.hostname or ""
    if MOBILE.match(host):
        first = parts.path.strip("/").split("/", 1)[0].lower()
        return BY_PREFIX.get(first) or BY_PLUGIN.get(first)
    return genre_of_host(host)


def game_claiming_copy(text: str, first: Genre | None = None) -> Genre | None:
    """The game whose board copy `text` is: `first` (the game of the page's URL or site)
    if it claims it, else the first game of the table that does; None if none does. The
    games read are imported to ask them: never for a page source."""
    if first is not None and first.supported and first.claims_copy(text):
        return first
    return next((genre for genre in games() if genre.claims_copy(text)), None)
