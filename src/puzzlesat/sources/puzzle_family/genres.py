"""The family's genre table: a row per game of the engine, with what the engine needs to
recognise its pages (host, plugin names) and, for a game puzzlesat reads, the module that
decodes it.

A game puzzlesat reads is one module (shikaku.py, sudoku.py, ...) that declares first its
SLUG, LABEL, HOST, PLUGINS, SHORTHANDS, SPECIAL_SIZES and EXAMPLES, then `decode(task)` and,
where the game has a devtools copy, `claims_copy(text)` / `read_copy(page)`.
`register_game(module)` adds its row (or fills in the row of a game named but not read);
the engine only ever asks this table, never a game's name.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any
from urllib.parse import urlencode, urlsplit

from ...core import LazyPattern, ParseError, UnsupportedPuzzle, whole_number
from ...letter_runs import read_cells, read_chars

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
    each `letter_runs.EMPTY` or one of `symbols`; errors name the offset (from 0) in the task
    and the cells the board has."""
    text, area = task.task, task.width * task.height
    board = f"a {task.width}x{task.height} board has {area} cells"

    def bad(pos: int) -> ParseError:
        return ParseError(
            f"the {label} task holds {text[pos]!r} at offset {pos}, which is not part of its "
            f"grammar ({grammar}); {board}",
            hint="the site's encoding may have changed; save the page source (Ctrl-U) again",
        )

    cells, pos = read_chars(text, area, symbols, bad)
    if len(cells) < area:
        raise ParseError(
            f"the {label} task ends at offset {len(text)} after {len(cells)} cells; {board}",
            hint="the page may be cut off; save the whole page source (Ctrl-U) again",
        )
    if len(cells) > area:
        raise ParseError(
            f"the {label} task runs past the last cell at offset {pos - 1}; {board}",
            hint="the page may be damaged; save the whole page source (Ctrl-U) again",
        )
    return cells


@dataclass(frozen=True, eq=False)  # a row is itself: compared and hashed by identity
class Genre:
    """One game of the family. `decode` is None for a game named but not read: its pages are
    refused by name ("this is a Galaxies page")."""

    name: str  # our name, also the shorthand prefix: "shikaku" (`shikaku:9366068@0`)
    label: str  # for messages: "Shikaku"
    host: str  # "puzzle-shikaku.com"
    plugins: tuple[str, ...]  # jQuery plugin / ident names: $('#game').shikaku(, 'shikaku.0'
    decode: Callable[[Task], Board] | None = None
    read_copy: Callable[..., Board] | None = None  # the devtools board copy (a Page)
    claims_copy: Callable[[str], bool] = lambda text: False  # cheap: is `text` its copy?
    shorthands: tuple[str, ...] = ()  # more prefixes for `prefix:ID@SIZE` besides `name`
    examples: tuple[tuple[int, int], ...] = ()  # (puzzle ID, size code) of real puzzles
    special_sizes: dict[str, str] = field(default_factory=dict)  # size code -> "daily", ...
    scripts_of: tuple[str, ...] = ()  # games whose script this game's pages may run

    @property
    def supported(self) -> bool:
        return self.decode is not None

    @property
    def prefixes(self) -> tuple[str, ...]:
        return (self.name, *self.shorthands)

    def specific_url(self, puzzle_id: int | str, size: int | str = 0) -> str:
        """The site's own URL for one puzzle by ID (what `requests` turns into the POST)."""
        query = urlencode({"specific": 1, "size": size, "specid": str(puzzle_id).replace(",", "")})
        return f"https://www.{self.host}/?{query}"


def genre_of_module(module: ModuleType) -> Genre:
    """The row a game module declares (see the module docstring for what it declares)."""
    return Genre(
        name=module.SLUG,
        label=module.LABEL,
        host=module.HOST,
        plugins=tuple(module.PLUGINS),
        decode=module.decode,
        read_copy=getattr(module, "read_copy", None),
        claims_copy=getattr(module, "claims_copy", lambda text: False),
        shorthands=tuple(getattr(module, "SHORTHANDS", ())),
        examples=tuple(getattr(module, "EXAMPLES", ())),
        special_sizes=dict(getattr(module, "SPECIAL_SIZES", {})),
        scripts_of=tuple(getattr(module, "SCRIPTS_OF", ())),
    )


def _row(name: str, label: str, *plugins: str) -> Genre:
    return Genre(name, label, f"puzzle-{name}.com", plugins or (name.replace("-", ""),))


# The games of the engine puzzlesat names but does not read yet. Plugin names other than
# shikaku's are [I] (the game name without hyphens); the host identifies a page reliably
# when its URL is known.
NAMED: tuple[Genre, ...] = (
    _row("masyu", "Masyu"),
    _row("galaxies", "Galaxies"),
    _row("norinori", "Norinori"),
    _row("star-battle", "Star Battle", "starbattle", "star_battle"),
    _row("loop", "Loop (Slitherlink)", "loop", "slitherlink"),
    _row("bridges", "Bridges (Hashi)", "bridges", "hashi"),
    _row("pipes", "Pipes"),
    _row("binairo", "Binairo"),
    _row("futoshiki", "Futoshiki"),
    _row("minesweeper", "Minesweeper"),
    _row("kakurasu", "Kakurasu"),
    _row("lits", "LITS"),
    _row("hitori", "Hitori"),
    _row("killer-sudoku", "Killer Sudoku", "killersudoku", "killer_sudoku", "killer"),
    _row("dominosa", "Dominosa"),
    _row("shakashaka", "Shakashaka"),
    _row("shingoki", "Shingoki"),
    _row("tapa", "Tapa"),
    _row("kurodoko", "Kurodoko"),
    _row("nurikabe", "Nurikabe"),
    _row("heyawake", "Heyawake"),
    _row("aquarium", "Aquarium"),
    _row("tents", "Tents"),
    _row("thermometers", "Thermometers"),
    _row("battleships", "Battleships"),
    _row("light-up", "Light Up (Akari)", "lightup", "light_up", "akari"),
    _row("kakuro", "Kakuro"),
    _row("stitches", "Stitches"),
)

# The table, the games read first in the order they were registered: the first is the
# family's home site, whose Site claims every family page no other game's claims. The
# dicts below are kept in step with it (updated in place: importers keep their reference).
GENRES: list[Genre] = list(NAMED)
BY_NAME: dict[str, Genre] = {}
BY_HOST: dict[str, Genre] = {}
BY_PLUGIN: dict[str, Genre] = {}
BY_PREFIX: dict[str, Genre] = {}
FAMILY_HOST = LazyPattern(r"^(?:[a-z0-9-]+\.)*(puzzle-[a-z0-9-]+\.com)$", re.I)


def _index() -> None:
    """Rebuild the lookups from GENRES."""
    for table, keys in (
        (BY_NAME, lambda g: (g.name,)),
        (BY_HOST, lambda g: (g.host,)),
        (BY_PLUGIN, lambda g: tuple(plugin.lower() for plugin in g.plugins)),
        (BY_PREFIX, lambda g: g.prefixes),
    ):
        table.clear()
        table.update({key: genre for genre in GENRES for key in keys(genre)})


def register_game(module: ModuleType | str) -> Genre:
    """Add the game a module declares (a module or its dotted path) to the table: it takes
    the place of its named row, if any, after the games already read. Returns its row."""
    if isinstance(module, str):
        module = importlib.import_module(module)
    genre = genre_of_module(module)
    GENRES[:] = [g for g in GENRES if g.name != genre.name]
    GENRES.insert(sum(g.supported for g in GENRES), genre)
    _index()
    return genre


def unregister_game(name: str) -> None:
    """Take a registered game out of the table (its named row, if any, comes back)."""
    GENRES[:] = [g for g in GENRES if g.name != name]
    GENRES.extend(g for g in NAMED if g.name == name)
    _index()


def home() -> Genre:
    """The family's home game: its Site reads any family page no other game claims."""
    return GENRES[0]


def games() -> list[Genre]:
    """The games read, in the table's order."""
    return [genre for genre in GENRES if genre.supported]


def supported_names() -> str:
    return ", ".join(genre.name for genre in games())


def refuse(genre: Genre) -> UnsupportedPuzzle:
    return UnsupportedPuzzle(
        f"this is a {genre.label} page ({genre.host}); supported: {supported_names()}",
        hint="open one of those instead, e.g. "
        + ", ".join(f"https://www.{g.host}/?size=0" for g in games()),
    )


def genre_of_host(host: str) -> Genre | None:
    match = FAMILY_HOST.match(host)
    return BY_HOST.get(match.group(1).lower()) if match else None


def genre_of_url(url: str | None) -> Genre | None:
    """The game a puzzle-*.com URL serves, by its host (any language sub-domain)."""
    if not url or "://" not in url:
        return None
    return genre_of_host(urlsplit(url).hostname or "")


def game_claiming_copy(text: str, first: Genre | None = None) -> Genre | None:
    """The game whose board copy `text` is: `first` (the game of the page's URL or site)
    if it claims it, else the first game of the table that does; None if none does."""
    if first is not None and first.supported and first.claims_copy(text):
        return first
    return next((genre for genre in games() if genre.claims_copy(text)), None)
