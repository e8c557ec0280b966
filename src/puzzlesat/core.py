"""The vocabulary every layer shares: requests, pages, results, exit statuses and our errors.

Declared once here, and naming no puzzle kind and no site, so that fetch, sources, formats,
kinds, solve and render agree on shapes without importing each other. Boards belong to their
kinds (`puzzlesat.kinds`).
"""

import enum
import gc
import json
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, NamedTuple
from urllib.parse import urlsplit

Grid = tuple[tuple[int, ...], ...]


def as_grid(rows) -> Grid:
    """Freeze a nested sequence of ints into a hashable grid."""
    return tuple(tuple(int(v) for v in row) for row in rows)


MAX_DIGITS = 100  # no size, clue or ID comes near; int() of longer runs is slow or refused


def whole_number(digits: str, what: str) -> int:
    """int() of a run of decimal digits, or ParseError naming `what` when it is absurdly long."""
    if len(digits) > MAX_DIGITS:
        raise ParseError(f"{what} is a {len(digits)}-digit number")
    return int(digits)


def is_json_int(value) -> bool:
    """A JSON integer: `true` and `false` load as bool, which Python counts as int."""
    return isinstance(value, int) and not isinstance(value, bool)


def json_excerpt(value, depth: int = 3) -> str:
    """A JSON value for a message, cut short, and never recursing deep into nesting."""
    if isinstance(value, (list, tuple)):
        if depth == 0:
            return "[...]"
        items = [json_excerpt(v, depth - 1) for v in value[:6]] + ["..."] * (len(value) > 6)
        return _cut(f"[{', '.join(items)}]")
    return "{...}" if isinstance(value, dict) else _cut(json.dumps(value))


def json_text(record: Any) -> str:
    """`record` as one line of compact JSON, in ASCII (the rest escaped), as every JSON we
    print or write is. orjson writes it: a batch writes thousands of lines, and the json
    module takes about as long to write a Sudoku's record as the solver takes to solve it.
    A record orjson refuses (an integer past 64 bits) or that holds text past ASCII is
    written by the json module, in the same form."""
    import orjson

    try:
        text = orjson.dumps(record).decode()
    except TypeError:  # orjson's JSONEncodeError
        return json.dumps(record, separators=(",", ":"))
    return text if text.isascii() else json.dumps(record, separators=(",", ":"))


def _cut(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


class LazyPattern:
    """A regular expression compiled the first time it is used. Module-level patterns then
    cost nothing to a run that never uses them (a large character class takes a millisecond
    to compile, and start-up would pay for every reader's). Once compiled, the pattern's
    methods sit in this object's own namespace, found as fast as on the pattern itself."""

    METHODS = ("match", "fullmatch", "search", "sub", "subn", "split", "finditer", "findall")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.compile_flags = flags

    def __getattr__(self, name: str) -> Any:  # only what is not set yet: before the first use
        if name.startswith("__"):
            raise AttributeError(name)
        compiled = re.compile(self.pattern, self.compile_flags)
        for method in self.METHODS:
            setattr(self, method, getattr(compiled, method))
        return getattr(compiled, name)


# --------------------------------------------------------------------------- text

# What a terminal acts on rather than shows: the C0 and C1 controls (escape sequences start
# with ESC, or with CSI and OSC in their one-character forms), the bidi embeddings,
# overrides and isolates (text that reads otherwise than it is), lone surrogates (a file
# name's undecodable bytes, which no encoder takes) and the two noncharacters U+FFFE and
# U+FFFF; and the line and paragraph separators, which break a line as \n does.
UNSAFE = LazyPattern(
    "[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff]"
)
LINE_BREAKS = frozenset("\t\n\x0b\x0c\r\x1c\x1d\x1e\x85\u2028\u2029")  # str.splitlines's, and tab
TEXT_FIELDS = ("source", "title", "puzzle_id", "note")  # what a board (or batch item) quotes
MESSAGE_MAX = 500  # the most of one error message or hint, whatever the input quoted
EXCERPT = 40  # the most of the input a message quotes in one place
CUT = " ... "


def safe_text(text: str) -> str:
    """Text from input, fit to print on one line: each tab or line break a space, and what
    a terminal would act on (see UNSAFE) U+FFFD. Everything read from outside passes here
    once, where it enters our vocabulary (boards, batch items, errors), so that no layer
    that prints it (rich, --ascii, JSON, stderr) needs to know."""
    if text.isprintable() or UNSAFE.search(text) is None:  # the first is the quick common case
        return text
    return UNSAFE.sub(lambda found: " " if found[0] in LINE_BREAKS else "\ufffd", text)


def made_safe(record: Any) -> None:
    """A record's TEXT_FIELDS made safe in place: what a board's (frozen) dataclass calls
    after its __init__, so that no board, however it was made, holds unsafe text. Cheap
    where all is printable, as nearly always: a file of many puzzles makes many boards."""
    fields = vars(record)
    for name in TEXT_FIELDS:
        value = fields.get(name)
        if value.__class__ is str and not value.isprintable():
            object.__setattr__(record, name, safe_text(value))


def excerpt(value: Any, limit: int = EXCERPT) -> str:
    """Input quoted in a message: a string as its repr (escapes shown, not acted on), a
    sequence as its first items, either cut to about `limit` characters with "..." to say
    so. A clue of half a million blocks is quoted as a few."""
    if isinstance(value, str):
        return repr(_cut(value, limit))
    return json_excerpt(value)


def bounded(text: str, limit: int = MESSAGE_MAX) -> str:
    """A message or hint, safe and at most `limit` characters: an over-long one keeps its
    start and its end (where a message says what is wrong) around CUT."""
    if len(text) > limit:
        head = (limit - len(CUT)) * 2 // 3
        text = text[:head] + CUT + text[len(text) - (limit - len(CUT) - head) :]
    return safe_text(text)


# --------------------------------------------------------------------------- URLs

# A URL we fetch is http(s) with a plain host name or address and an optional port: no
# user-info (`https://real.example@evil.example/`), no backslashes or escapes in the
# authority, nothing two URL parsers could read differently. The allow-list is only as good
# as this reading.
PLAIN_AUTHORITY = LazyPattern(
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
    try:
        if parts.port is not None and not 0 < parts.port < 65536:
            return None
    except ValueError:  # a port out of range
        return None
    host = parts.hostname or ""
    host = host[:-1] if host.endswith(".") else host
    return host or None


def on_domains(url: str, domains: tuple[str, ...]) -> bool:
    """Whether `url` is served by one of `domains` or a sub-domain of one (www., fr., ...)."""
    host = host_of(url)
    return host is not None and any(host == d or host.endswith("." + d) for d in domains)


# --------------------------------------------------------------------------- input


class Request(NamedTuple):
    """One HTTP request a site wants made; `cacheable` is False for random puzzles.

    `expires` names the period a dated puzzle lasts ("daily", "weekly", "monthly"): its
    cached page is dropped when that period ends in UTC, since the site then shows another
    puzzle at the same address. None: the page is the same for ever.
    """

    url: str
    method: str = "GET"
    data: tuple[tuple[str, str], ...] = ()
    cacheable: bool = True
    expires: str | None = None


class Page(NamedTuple):
    """Text of one source: a fetched URL, a file, or stdin. `url` is the final URL or None."""

    source: str
    text: str
    url: str | None = None
    from_cache: bool = False
    request: Request | None = None  # what fetched it: the cache key once the page parses


# --------------------------------------------------------------------------- results


class Status(str, enum.Enum):
    UNIQUE = "unique"
    MULTIPLE = "multiple"
    NONE = "none"
    UNKNOWN = "unknown"


class Result(NamedTuple):
    """What a solve found. `solutions` holds 0, 1 or 2 checked solutions (or up to the
    limit asked for), in the shape the board's kind gives them."""

    status: Status
    solutions: tuple[Any, ...] = ()
    timings: Mapping[str, float] = {}  # shared by every record: never changed in place
    variables: int = 0
    clauses: int = 0
    facts: Mapping[str, Any] = {}  # what the kind's solver found out (shared: never changed)
    site_check: str = "unknown"  # the answer against its page's own hash (site_check.py)
    complete: bool = True  # False: a count (--solutions) that time cut short


class ExitStatus(enum.IntEnum):
    """The process exit codes scripts rely on (sysexits.h where one fits)."""

    SOLVED = 0  # unique or several solutions: the status says which
    NO_SOLUTION = 1
    USAGE = 2
    TIMED_OUT = 3
    DATA_ERROR = 65  # the input is not a puzzle we can read
    NO_INPUT = 66  # the input file or stdin is missing, empty or unreadable
    UNAVAILABLE = 69  # the site could not be reached, refused, or sent something unusable
    BUG = 70  # an internal error: never for a fault of the input, the site or the machine
    IO_ERROR = 74  # the output could not be written
    INTERRUPTED = 130  # Ctrl-C; 128 + N after signal N, 141 for a closed pipe


# Characters XML 1.0 cannot hold, even escaped; and those no line of text should carry
# (controls other than white space, lone surrogates, non-characters).
NOT_XML = LazyPattern("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
NOT_TEXT = LazyPattern(
    "[\x00-\x08\x0e-\x1b\x7f-\x84\x86-\x9f\ud800-\udfff\ufdd0-\ufdef\ufffe\uffff]"
)




def one_line(text: str) -> str:
    """`text` as one line of plain text, as a writer puts a title into a file or a picture:
    characters no text should carry dropped, every run of white space (line breaks of every
    kind) one space. A title then cannot start a line of its own in what it is written into,
    nor make the file unwritable (a lone surrogate has no UTF-8)."""
    if not text.isprintable():  # every character dropped here is unprintable: a fast path
        text = NOT_TEXT.sub("", text)
    return " ".join(text.split())


def xml_escape(text: str) -> str:
    """Text for XML content (what xml.sax.saxutils.escape does, without importing urllib),
    with what XML cannot hold at all dropped: the document stays well-formed whatever the
    text (a board built in code, a title holding U+FFFE)."""
    if not text.isprintable():  # every character XML cannot hold is unprintable
        text = NOT_XML.sub("", text)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def xml_attr(value: str) -> str:
    """An XML attribute value, quoted: quotes, tabs and line breaks escaped as well."""
    escaped = xml_escape(value).replace('"', "&quot;")
    return '"' + escaped.replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;") + '"'


# --------------------------------------------------------------------------- errors


class PuzzleError(Exception):
    """An expected failure: one line for the user and a hint. Its exit status is the
    command line's to choose (cli/errors.py)."""

    hint = ""

    def __init__(self, message: str, hint: str | None = None):
        super().__init__(bounded(str(message)))  # it may quote the input: made safe here
        if hint is not None:
            self.hint = bounded(hint)

    def __reduce__(self):  # a solver child hands its errors back to the parent by pickling
        return type(self), (str(self), self.hint)


class InputMissing(PuzzleError):
    hint = "give a URL, a file, or pipe the page into `puzzlesat solve -`"


class SpecialFile(InputMissing):
    """A path that names a FIFO, a device or a socket where a puzzle file was wanted."""


class FetchError(PuzzleError):
    hint = "check the URL and your connection, or save the page from your browser and pipe it in"


class ServiceUnavailable(PuzzleError):
    """Something outside the input that a command needs is missing or cannot be reached
    (an optional library, a compute cluster)."""


class ParseError(PuzzleError):
    hint = "copy the whole puzzle (the page source, or the board's devtools copy)"


class Unrecognised(ParseError):
    """The input is no puzzle any site or format knows (a folder's README, say)."""


class UnsupportedSource(ParseError):
    """A site or format puzzlesat does not read; the hint lists the ones it does."""


class UnsupportedPuzzle(ParseError):
    """A puzzle we recognise but cannot solve yet."""


class InvalidPuzzle(PuzzleError):
    """Clues that cannot hold together: the puzzle has no solution as read."""

    hint = "check that the whole puzzle was copied; if it was, the puzzle itself is broken"


class TooLarge(PuzzleError):
    """Refused before solving, so that a huge input cannot exhaust memory."""

    hint = "puzzlesat is meant for puzzles a person could solve; check the input"


class CheckFailed(PuzzleError):
    """The solver returned something the independent checker rejects: a bug of ours."""

    hint = "this is a bug in puzzlesat; please report it with the input"


class WorkerFailed(PuzzleError):
    """A batch worker died or raised what no puzzle should make it raise: a bug of ours, or
    a machine that killed it (out of memory)."""

    hint = "rerun that puzzle alone with --debug; report it if it fails again"


class OutputFailed(PuzzleError):
    """The answer could not be written (disk full, a device that refuses writes)."""

    hint = "check that the output's disk has room, or write somewhere else"


def caused_by_interrupt(error: BaseException | None) -> bool:
    """Whether Ctrl-C is behind `error`: an import it broke can end in another error (an
    ImportError of a half-made module) with the KeyboardInterrupt only in its context."""
    seen = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, KeyboardInterrupt):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False


class _Hold:
    """Signals that came while held: the command line's handlers ask `depth` and leave
    what they would have raised in `pending`."""

    depth = 0
    pending: BaseException | None = None


HOLD = _Hold()


class signals_held:  # noqa: N801 - used as a function: `with signals_held():`
    """Ctrl-C (and the stop signals) held back while a step runs that must not be cut in
    two: an outcome taken off a batch's queue is counted as it is taken, or a Ctrl-C that
    lands in between loses it. Raised as the step ends. Nothing that can block (a write)
    runs held. A class, not a generator: a batch enters it once a puzzle."""

    __slots__ = ()

    def __enter__(self) -> None:
        HOLD.depth += 1

    def __exit__(self, *exc: object) -> None:
        HOLD.depth -= 1
        if HOLD.depth == 0 and HOLD.pending is not None:
            pending, HOLD.pending = HOLD.pending, None
            raise pending


@contextmanager
def gc_paused() -> Iterator[None]:
    """The cyclic collector off while many small containers are made that hold no cycles
    (the tuples of a file of many puzzles, the clause lists of an encoding): it would scan
    them again and again as they pile up. Its state is restored."""
    enabled = gc.isenabled()
    try:
        gc.disable()
        yield
    finally:
        if enabled:
            gc.enable()
