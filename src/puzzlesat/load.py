"""Source -> board: the one loading path every command takes (solve, parse, and those to come).

A source is a URL, a site's shorthand (`shikaku:9366068@0`), a path (`FILE#N`: the Nth
puzzle of a file of many), or `-` for stdin. URLs are fetched with their site's own requests
under its host policy, and cached only once the page parsed; files and stdin are read by the
reader named with `--format`, else by recognising their content: sites first (the most
specific markup), then file formats. A path that exists is always a path, whatever it looks
like.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Mapping, Sized
from itertools import chain
from typing import BinaryIO, NamedTuple

from . import fetch, formats, sources
from .core import (
    InputMissing,
    LazyPattern,
    Page,
    ParseError,
    Request,
    Unrecognised,
    UnsupportedSource,
    host_of,
)
from .kinds import Board

GENERAL_SUFFIXES = (".txt", ".json", ".xml", ".html", ".htm")  # held by many kinds of file
INLINE_MAX = 100_000  # a command line holds less; anything longer is not a typed puzzle
NUMBERED = LazyPattern(r"(.+)#([1-9][0-9]*)")  # FILE#N: the Nth puzzle of a file of many
TERMINAL_LINE = 4095  # the most of a line a terminal in line mode passes on (Linux)


class LoadOptions(NamedTuple):
    """How to load: what the command line says about reading and fetching."""

    reader: str | None = None  # a site or format name (`--format`)
    allow_any_host: bool = False
    use_cache: bool = True
    user_agent: str = fetch.USER_AGENT
    fetch_timeout: float = fetch.DEADLINE
    regular_only: bool = False  # a file found in a folder: a FIFO or device is not read


class Loaded(NamedTuple):
    board: Board
    timings: Mapping[str, float] = {}  # "fetch" and "parse", seconds (never changed in place)
    from_cache: bool = False  # the page was fetched before, and served from the cache
    # The other puzzles of a file of many (Sudoku lines), read as they are asked for (a
    # reader's `read_each`): () when it holds one, so `if loaded.more` tells.
    more: Iterable[Board] = ()
    # how many puzzles it holds, where that is known without reading them all (None: not)
    count: int | None = 1


def reader_names() -> list[str]:
    """The names `--format` takes: every site and every format that reads (short names
    too)."""
    return [name for reader in _readers() if reader.read is not None for name in reader.names]


def _readers() -> tuple:
    """Every site and format, all loaded: only a reader asked for by name needs them."""
    return (*sources.all_sites(), *formats.FORMATS)


def __getattr__(name: str):
    """`READERS`: every site and format in the order content is recognised, all loaded."""
    if name == "READERS":
        return _readers()
    raise AttributeError(name)


def reader_named(name: str):
    """The site or format called `name`."""
    for reader in _readers():
        if name in reader.names and reader.read is not None:
            return reader
    raise UnsupportedSource(f"unknown format {name!r}; known: {', '.join(reader_names())}")


def recognise(text: str):
    """The reader whose markup or grammar `text` shows; else the site whose own page it is.

    Puzzle markup and file grammars are asked first, all of them: a page that only carries
    a site's marks (its error, list or form pages) can never take a puzzle or a file from
    the reader it belongs to. Such a page is then read by its site, in the site's words.
    """
    reader = sources.claiming(text) or formats.claiming(text) or sources.owning_page(text)
    if reader is not None:
        return reader
    raise Unrecognised(
        "this does not look like a puzzle puzzlesat can read",
        hint="pipe in a puzzle page's source, the puzzle's devtools copy, or a board file",
    )


def read_page(page: Page, reader: str | None = None) -> Board:
    """The board of a page: read by the named site or format, else by its content."""
    return (reader_named(reader) if reader else recognise(page.text)).read(page)


def _looks_like_url(source: str) -> bool:
    """A web address: a scheme, `www.`, or a known site's host name in front
    (`SITE.TLD/path`)."""
    if "://" in source or source.lower().startswith("www."):
        return True
    head = source.split("/", 1)[0]
    return "." in head and sources.site_for_url(f"https://{head}/", missing_ok=True) is not None


def url_of(source: str) -> str | None:
    """The URL a source stands for (a URL, `www.` address or shorthand), or None for a path
    or a puzzle written on the command line (`3x3://3/1/1/1` is a game ID, not a URL)."""
    if source == "-" or os.path.lexists(source) or given_inline(source) is not None:
        return None
    source = source.strip()
    url = sources.expand_shorthand(source)
    if url or not _looks_like_url(source):
        return url
    return source if "://" in source else "https://" + source


def given_inline(source: str) -> Page | None:
    """A puzzle written on the command line (a Tatham game ID, a Sudoku line): a source that
    names no file, is one line, and is a puzzle by its content. A missing file's name is
    never one, so it is still reported as missing."""
    if source == "-" or "\n" in source or len(source) > INLINE_MAX or os.path.lexists(source):
        return None
    if formats.claiming(source, inline=True) is None:
        return None
    return Page(source="command line", text=source)


def numbered(source: str) -> tuple[str, int] | None:
    """`FILE#N`, the Nth puzzle of a file of many, as a batch names it (so that the name
    of a puzzle that failed solves it again): (FILE, N), where FILE exists and no file is
    called `FILE#N` (a path that exists is always a path). `-#N` is standard input's Nth,
    as a batch read from a pipe names it."""
    match = NUMBERED.fullmatch(source)
    if match is None or os.path.lexists(source):
        return None
    if match[1] != "-" and not os.path.lexists(match[1]):
        return None
    return match[1], int(match[2])


def _nth_of_url(url: str, options: LoadOptions) -> Loaded:
    """A URL's puzzles; `URL#N`, as a batch names the Nth of a URL that holds several, is
    that one. The fragment is never sent, so a URL of one puzzle ignores it, as a browser
    would (a page's anchor is no puzzle number)."""
    match = NUMBERED.fullmatch(url)
    if match is None:
        return load_url(url, options)
    loaded = load_url(match[1], options)
    if not loaded.more:
        return loaded
    board = _nth_of(chain([loaded.board], loaded.more), match[1], int(match[2]))
    return loaded._replace(board=board, more=(), count=1)


def _nth_of(boards: Iterable[Board], path: str, nth: int) -> Board:
    """The `nth` of the puzzles, read no further than it."""
    count = 0
    for count, board in enumerate(boards, 1):
        if count == nth:
            return board
    raise InputMissing(
        f"{path} holds {count} puzzle{'s' if count > 1 else ''}: there is no #{nth}",
        hint=f"its puzzles are {path}#1 to #{count}",
    )


def _host_policy(site, url: str) -> fetch.HostPolicy:
    """What a fetch of `url` may talk to, redirects included: the site's own hosts; for a
    URL of no known site (`--allow-any-host`), its own host and the known sites."""
    if site is not None:
        return fetch.HostPolicy(f"site:{site.name}", site.serves)
    own = fetch.same_host(url)
    return fetch.HostPolicy(
        own.name, lambda other: own.allows(other) or sources.serves_any(other)
    )


def _check_fetchable(url: str) -> None:
    scheme = url.split(":", 1)[0].lower()
    if scheme not in ("http", "https"):
        raise UnsupportedSource(f"only http(s) URLs are fetched, not {scheme[:20]}:")
    if host_of(url) is None:
        raise UnsupportedSource(
            f"{url[:80]} does not name a plain host (user names, escapes and backslashes "
            "are refused)",
            hint="give the puzzle's URL as the browser's address bar shows it",
        )


def load_url(url: str, options: LoadOptions) -> Loaded:
    """Fetch with the site's own requests; cache the page only once it parsed.

    `--format` chooses how the page is read, never which hosts may be asked: a host that no
    site serves needs `--allow-any-host` whatever the reader.
    """
    _check_fetchable(url)
    site = sources.site_for_url(url, missing_ok=options.allow_any_host)
    reader = reader_named(options.reader) if options.reader else site
    fetch_options = fetch.FetchOptions(
        user_agent=options.user_agent,
        use_cache=options.use_cache,
        deadline=options.fetch_timeout,
        hosts=_host_policy(site, url),
    )
    start = time.perf_counter()
    page = fetch.fetch(site.requests(url) if site else (Request(url),), url, fetch_options)
    fetched = time.perf_counter()
    board, more = _read_every(page, reader or recognise(page.text))
    more = tuple(more)  # a page is cached once it has parsed, all of it
    fetch.remember(page, fetch_options)
    timings = {"fetch": fetched - start, "parse": time.perf_counter() - fetched}
    return Loaded(board, timings, from_cache=page.from_cache, more=more, count=1 + len(more))


def _read_every(page: Page, reader) -> tuple[Board, Iterable[Board]]:
    """The first puzzle of the page, and the others of a file of many (a TAAI set, Sudoku
    lines), read as they are asked for where the reader can (`read_each`); () for none.
    The others of a reader that reads them all at once are a list (their count is known)."""
    each = getattr(reader, "read_each", None) or getattr(reader, "read_all", None)
    found = each(page) if each else [reader.read(page)]
    boards = iter(found)
    first = next(boards, None)
    if first is None:
        raise ParseError(f"the {reader.name} input holds no puzzle")
    if isinstance(found, list):
        return first, found[1:]
    second = next(boards, None)
    return first, () if second is None else chain([second], boards)


def _reader_of_file(page: Page, path: str):
    """The reader a file's content shows; for content no reader knows, the format its
    suffix names (`broken.non`), whose own error says what is wrong."""
    try:
        return recognise(page.text)
    except Unrecognised:
        suffix = os.path.splitext(path)[1].lower()
        by_suffix = formats.by_suffix(suffix)
        if len(by_suffix) == 1 and suffix not in GENERAL_SUFFIXES:
            return by_suffix[0]
        raise


def load(source: str, options: LoadOptions, stdin: BinaryIO | None = None) -> Loaded:
    """Read `source` (`-`: `stdin`) and parse it into a board (and the others of a file of
    many)."""
    url = url_of(source)
    if url:
        return _nth_of_url(url, options)
    source, nth = numbered(source) or (source, None)
    start = time.perf_counter()
    page = given_inline(source)
    if page is None:
        page = (
            fetch.read_stream(stdin)
            if source == "-"
            else fetch.read_file(source, options.regular_only)
        )
    fetched = time.perf_counter()
    try:
        reader = reader_named(options.reader) if options.reader else _reader_of_file(page, source)
        board, more = _read_every(page, reader)
        if nth is not None:
            board, more = _nth_of(chain([board], more), source, nth), ()
    except ParseError as error:
        raise _cut_by_a_terminal(page.text) or error from None
    timings = {"fetch": fetched - start, "parse": time.perf_counter() - fetched}
    return Loaded(board, timings, more=more, count=_count_of(page, reader, more))


def _count_of(page: Page, reader, more: Iterable[Board]) -> int | None:
    """How many puzzles the page holds, where that is known without reading them all: the
    others counted already, or the reader's own count (None: neither)."""
    if isinstance(more, Sized):
        return 1 + len(more)
    count = getattr(reader, "count", None)
    return None if count is None else count(page.text)


def _cut_by_a_terminal(text: str) -> ParseError | None:
    """The error to give for input that a terminal cut, or None.

    A terminal in line mode passes on at most TERMINAL_LINE characters of a line and drops
    the rest: a long paste through `cat` (`cat > page.html`, `cat | puzzlesat solve -`)
    arrives with a line of exactly that length, and its reader blames the copy. A cut
    multi-byte character may count a byte or two over, once decoded and encoded again.
    """
    for number, line in enumerate(text.split("\n"), 1):
        if TERMINAL_LINE <= len(line.encode("utf-8", "surrogateescape")) <= TERMINAL_LINE + 2:
            return ParseError(
                f"line {number} of the input stops at {TERMINAL_LINE:,} characters, where a "
                "terminal cuts a pasted line: the rest of the paste was lost",
                hint="paste with `xclip -o | puzzlesat solve -` (macOS: `pbpaste | puzzlesat "
                "solve -`), or save the copy to a file and give its path",
            )
    return None
