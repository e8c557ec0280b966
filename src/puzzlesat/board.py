"""The vocabulary every layer shares: pages, boards, results and our errors.

Declared once here so that fetch, parse, solve and render agree on shapes without
importing each other (data flows one way: fetch -> parse -> solve -> render).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from urllib.parse import urlsplit

Line = tuple[int, ...]
Grid = tuple[tuple[int, ...], ...]


def as_grid(rows) -> Grid:
    """Freeze a nested sequence of ints into a hashable grid."""
    return tuple(tuple(int(v) for v in row) for row in rows)


def runs(cells) -> Line:
    """The nonogram clue a line of cells shows: lengths of its runs of non-zero values."""
    out, count = [], 0
    for v in (*cells, 0):
        if v:
            count += 1
        elif count:
            out.append(count)
            count = 0
    return tuple(out)


# --------------------------------------------------------------------------- URLs

# A URL we fetch is http(s) with a plain host name or address and an optional port: no
# user-info (`https://www.nonograms.org@evil.example/`), no backslashes or escapes in the
# authority, nothing two URL parsers could read differently. The allow-list is only as good
# as this reading.
PLAIN_AUTHORITY = re.compile(
    r"(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?\Z"
)


def host_of(url: str) -> str | None:
    """The lower-case host of an http(s) URL (one trailing dot dropped), or None."""
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not PLAIN_AUTHORITY.match(parts.netloc):
        return None
    host = parts.hostname or ""
    host = host[:-1] if host.endswith(".") else host
    return host or None


def on_domains(url: str, domains: tuple[str, ...]) -> bool:
    """Whether `url` is served by one of `domains` or a sub-domain of one (www., fr., ...)."""
    host = host_of(url)
    return host is not None and any(host == d or host.endswith("." + d) for d in domains)


# --------------------------------------------------------------------------- input


@dataclass(frozen=True)
class Request:
    """One HTTP request a site wants made; `cacheable` is False for random puzzles."""

    url: str
    method: str = "GET"
    data: tuple[tuple[str, str], ...] = ()
    cacheable: bool = True


@dataclass(frozen=True)
class Page:
    """Text of one source: a fetched URL, a file, or stdin. `url` is the final URL or None."""

    source: str
    text: str
    url: str | None = None
    from_cache: bool = False
    request: Request | None = None  # what fetched it: the cache key once the page parses


# --------------------------------------------------------------------------- boards


@dataclass(frozen=True)
class Nonogram:
    """Black-and-white nonogram clues; `picture` is a decoded answer, only to double-check."""

    rows: tuple[Line, ...]
    cols: tuple[Line, ...]
    source: str = ""
    title: str | None = None
    picture: Grid | None = None
    note: str | None = None
    kind: str = field(default="nonogram", init=False)

    @property
    def width(self) -> int:
        return len(self.cols)

    @property
    def height(self) -> int:
        return len(self.rows)

    def puzzle_json(self) -> dict:
        return {"rows": [list(r) for r in self.rows], "cols": [list(c) for c in self.cols]}


@dataclass(frozen=True)
class Shikaku:
    """Shikaku grid, 0 for an empty cell; `note` says e.g. that the puzzle was a random one."""

    grid: Grid
    source: str = ""
    title: str | None = None
    puzzle_id: str | None = None
    note: str | None = None
    kind: str = field(default="shikaku", init=False)

    @property
    def width(self) -> int:
        return len(self.grid[0]) if self.grid else 0

    @property
    def height(self) -> int:
        return len(self.grid)

    def clues(self) -> list[tuple[int, int, int]]:
        """(row, col, area) of every numbered cell, in reading order."""
        return [(r, c, v) for r, row in enumerate(self.grid) for c, v in enumerate(row) if v]

    def puzzle_json(self) -> dict:
        return {"grid": [list(r) for r in self.grid]}


Board = Nonogram | Shikaku


@dataclass(frozen=True)
class Rect:
    top: int
    left: int
    height: int
    width: int

    def cells(self):
        for r in range(self.top, self.top + self.height):
            for c in range(self.left, self.left + self.width):
                yield r, c

    def contains(self, r: int, c: int) -> bool:
        return self.top <= r < self.top + self.height and self.left <= c < self.left + self.width


# A nonogram solution is a Grid of 0/1; a Shikaku solution is a tuple of Rects, one per clue
# in reading order.
Solution = Grid | tuple[Rect, ...]


# --------------------------------------------------------------------------- results


class Status(str, enum.Enum):
    UNIQUE = "unique"
    MULTIPLE = "multiple"
    NONE = "none"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Result:
    """What a solve found. `solutions` holds 0, 1 or 2 checked solutions."""

    status: Status
    solutions: tuple[Solution, ...] = ()
    timings: dict[str, float] = field(default_factory=dict)
    variables: int = 0
    clauses: int = 0
    facts: dict = field(default_factory=dict)  # e.g. {"line_solvable": True}


# --------------------------------------------------------------------------- errors


class PuzzleError(Exception):
    """An expected failure: one line for the user, a hint, and the process exit code."""

    exit_code = 65
    hint = ""

    def __init__(self, message: str, hint: str | None = None):
        super().__init__(message)
        if hint is not None:
            self.hint = hint


class InputMissing(PuzzleError):
    exit_code = 66
    hint = "give a URL, a file, or pipe the page into `puzzlesat solve -`"


class FetchError(PuzzleError):
    exit_code = 69
    hint = "check the URL and your connection, or save the page from your browser and pipe it in"


class ParseError(PuzzleError):
    exit_code = 65
    hint = "copy the whole puzzle (nonograms.org: #nonogram_table's outerHTML) or the page source"


class UnsupportedSource(ParseError):
    exit_code = 65
    hint = (
        "supported: nonograms.org / nonograms.ru, puzzle-shikaku.com, board JSON, Shikaku grid text"
    )


class UnsupportedPuzzle(ParseError):
    """A puzzle we recognise but cannot solve yet (e.g. colour nonograms)."""

    exit_code = 65
    hint = "only black-and-white nonograms are supported for now"


class OutputFailed(PuzzleError):
    """The answer could not be written (disk full, a device that refuses writes)."""

    exit_code = 74
    hint = "check that the output's disk has room, or write somewhere else"


class InvalidPuzzle(PuzzleError):
    """Clues that cannot hold together: the puzzle has no solution as read."""

    exit_code = 1
    hint = "check that the whole puzzle was copied; if it was, the puzzle itself is broken"


class TooLarge(PuzzleError):
    """Refused before solving, so that a huge input cannot exhaust memory."""

    exit_code = 65
    hint = "puzzlesat is meant for puzzles a person could solve; check the input"
