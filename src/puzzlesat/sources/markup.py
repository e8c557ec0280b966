"""Markup -> soup or text, in time linear in the page, and numbers read from markup text."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from html.parser import HTMLParser
from typing import TYPE_CHECKING

from ..core import ParseError, whole_number

if TYPE_CHECKING:  # bs4 is imported where a soup is made: a board file never pays for it
    from bs4 import BeautifulSoup, SoupStrainer


class _EndOfInputProbe(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.closed_comment = False

    def handle_comment(self, data: str) -> None:
        self.closed_comment = True


def _rescans_at_end() -> bool:
    """Whether this Python's html.parser has the quadratic end of input (CPython gh-135462).

    Before that fix, close() treats an unfinished `<!--` as text and goes on; after it, the
    comment runs to the end of the input.
    """
    probe = _EndOfInputProbe()
    probe.feed("<!--x")
    probe.close()
    return not probe.closed_comment


RESCANS_AT_END = _rescans_at_end()


class _Tokenizer(HTMLParser):
    """html.parser's tokenizer alone; notes when it gave up after a stray `&#`."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.gave_up_at_ampersand = False

    def handle_data(self, data: str) -> None:
        # outside a script, data is "&#" only where it "bails by consuming &#" and stops
        if data == "&#" and self.cdata_elem is None:
            self.gave_up_at_ampersand = True


UNFINISHED_READ_ON = 8  # more unfinished constructs than this: a crafted page, not a real one


def _unfinished_as_text(text: str) -> str:
    """`text` with each construct that never ends made plain text the way an old html.parser
    reads it at the end of input: up to the next `>`, then it reads on.

    Where feed() stops, close() takes over; it finds each such construct by a search to the
    end of the input. Past UNFINISHED_READ_ON of them the rest is dropped (a fixed
    html.parser's construct swallows the rest), so the work stays linear. A fresh tokenizer
    resumes each time: outside a script it keeps no state between tags.
    """
    pieces: list[str] = []
    pos, unfinished = 0, 0
    # closing: the old parser is in close() here; soup_closing: the soup's parser is too (it
    # stopped at the same stray `&#`, where no construct was made text)
    closing = soup_closing = False
    while True:  # each round reads on, or counts one more unfinished construct, or ends
        scanner = _Tokenizer()
        scanner.feed(text[pos:])  # stops at the first unfinished construct
        rest = getattr(scanner, "rawdata", "")
        if not rest or not isinstance(rest, str) or not text.endswith(rest):
            break
        stop = len(text) - len(rest)
        pieces.append(text[pos:stop])
        if scanner.gave_up_at_ampersand:  # at a stray `&#`, which it took as text
            if closing:  # close() takes the rest as text; the soup's feed() would read on
                return "".join(pieces) + (rest if soup_closing else escape(rest, quote=False))
            end, soup_closing = stop, True  # feed() gave up; close() reads on from here
        elif scanner.cdata_elem or rest.startswith("&"):
            # an unclosed script's text is dropped; after a stray `&` close() takes the rest
            # as text: the soup's parser does both in one pass
            return "".join(pieces) + rest
        elif rest.startswith("<") and unfinished < UNFINISHED_READ_ON:
            # close() reads the construct as text up to the next `>`, then reads on
            gt = text.find(">", stop + 1)
            if gt < 0:  # no tag can end any more: close() reads all the rest as text
                return "".join(pieces) + escape(rest, quote=False)
            unfinished, end = unfinished + 1, gt + 1
            pieces.append(escape(text[stop:end], quote=False))
        else:
            return "".join(pieces)
        pos, closing = end, True
    return "".join(pieces) + text[pos:] if pieces else text


def soup_of(text: str, only: SoupStrainer | None = None) -> BeautifulSoup:
    """The parsed markup, in time linear in the text (see _unfinished_as_text); with `only`
    (a SoupStrainer), the tree holds the tags it matches alone, in memory bounded by them."""
    from bs4 import BeautifulSoup
    from bs4.exceptions import ParserRejectedMarkup

    try:
        return BeautifulSoup(_unfinished_as_text(text) if RESCANS_AT_END else text,
                             "html.parser", parse_only=only)
    except (AssertionError, ParserRejectedMarkup) as exc:  # e.g. `<![x`: html.parser gives up
        raise ParseError(f"the page's markup cannot be read: {str(exc)[:60]}") from None


def to_int(text: str, what: str) -> int:
    """An int from markup text, or a ParseError naming the place."""
    text = text.strip().replace("\xa0", "")
    if not (text.isascii() and text.isdigit()):  # str.isdigit() also takes '²', int() does not
        raise ParseError(f"{what} is {text[:20]!r}, not a number")
    return whole_number(text, what)


AROUND = 4096  # characters: far more than a title block or an info line holds


def soup_around(text: str, marker: str) -> BeautifulSoup | None:
    """The soup of the few kilobytes around the first `marker`, or None if it is absent.

    A whole page's tree costs time per tag, and a hostile page can pad itself with megabytes
    of tags: what is read from one small region of a page is read from that region alone.
    """
    at = text.find(marker)
    if at < 0:
        return None
    start = text.rfind("<", max(0, at - AROUND), at)
    return soup_of(text[max(start, 0) : at + AROUND])


Attributes = dict[str, str | None]
VOID_ELEMENTS = frozenset(
    ("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param")
    + ("source", "track", "wbr")
)


class _TextOf(HTMLParser):
    """The text of the first element `picks` accepts, up to the end of that element or the
    first element inside it that `stops` accepts. Tokens only, no tree: a title needs no soup
    (and a page source then needs no bs4 at all, the slowest import of a small solve). An end
    tag closes what is open inside it, as a tree builder does."""

    def __init__(self, picks: Callable[[Attributes], bool], stops: Callable[[Attributes], bool]):
        super().__init__(convert_charrefs=True)
        self.picks, self.stops = picks, stops
        self.open: list[str] = []  # the picked element and those open inside it
        self.done = False
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if self.done:
            return
        found = dict(attrs)
        if not self.open:
            if self.picks(found) and tag not in VOID_ELEMENTS:
                self.open.append(tag)
        elif self.stops(found):
            self.done = True
        elif tag not in VOID_ELEMENTS:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list) -> None:
        if self.open and not self.done and self.stops(dict(attrs)):
            self.done = True

    def handle_endtag(self, tag: str) -> None:
        if self.open and not self.done and tag in self.open:
            while self.open.pop() != tag:
                pass
            self.done = not self.open

    def handle_data(self, data: str) -> None:
        if self.open and not self.done:
            self.parts.append(data)


def text_around(
    text: str,
    marker: str,
    picks: Callable[[Attributes], bool],
    stops: Callable[[Attributes], bool] = lambda attrs: False,
) -> str | None:
    """The text (whitespace collapsed) of the first element `picks` accepts in the few
    kilobytes around the first `marker`; None when the marker or the element is absent."""
    at = text.find(marker)
    if at < 0:
        return None
    start = max(text.rfind("<", max(0, at - AROUND), at), 0)
    region = text[start : at + AROUND]
    reader = _TextOf(picks, stops)
    reader.feed(_unfinished_as_text(region) if RESCANS_AT_END else region)
    reader.close()
    if not reader.open and not reader.done:
        return None
    return " ".join(" ".join(reader.parts).split())


# --------------------------------------------------------------------------- inline colours

HEX_DIGITS = frozenset("0123456789abcdef")
NO_COLOUR = frozenset(("transparent", "none", "inherit", "initial", "unset", "currentcolor"))


def _channel(text: str) -> int | None:
    """One rgb() channel, 0..255 (or 0%..100%), or None."""
    percent = text.endswith("%")
    digits = text[:-1] if percent else text
    whole, _, fraction = digits.partition(".")
    if not (whole.isascii() and whole.isdigit() and len(whole) <= 4) or not (
        fraction == "" or (fraction.isascii() and fraction.isdigit())
    ):
        return None
    value = float(f"{whole}.{fraction[:6] or 0}")
    if percent:
        value = value * 255 / 100
    return round(value) if value <= 255 else None


def _alpha_is_zero(text: str) -> bool:
    percent = text.endswith("%")
    digits = (text[:-1] if percent else text).replace(".", "", 1)
    return digits.isascii() and digits.isdigit() and int(digits) == 0


def css_colour(value: str) -> str | None:
    """`rrggbb` of a CSS colour written `#rgb`, `#rrggbb`, `rgb(r, g, b)` or `rgba(r, g, b, a)`
    (any case, spaces tolerated; commas or CSS4 spaces), else None (transparent, a name, junk).
    String methods only: a style value is read once."""
    text = value.strip().lower().removesuffix("!important").strip()
    if text.startswith("#"):
        digits = text[1:]
        if len(digits) in (3, 6) and set(digits) <= HEX_DIGITS:
            return digits if len(digits) == 6 else "".join(d * 2 for d in digits)
        return None
    name, paren, rest = text.partition("(")
    if not paren or name.strip() not in ("rgb", "rgba") or not rest.endswith(")"):
        return None
    parts = rest[:-1].replace(",", " ").replace("/", " ").split()
    if len(parts) not in (3, 4):
        return None
    channels = [_channel(p) for p in parts[:3]]
    if None in channels or (len(parts) == 4 and _alpha_is_zero(parts[3])):
        return None
    return "".join(f"{c:02x}" for c in channels)


def background_colour(style: str) -> tuple[str | None, str | None]:
    """(rrggbb, as written) of the first `background-color` (or `background` holding a
    colour) declaration of an inline style; (None, as written) when its value is no colour
    css_colour reads, (None, None) when the style sets no background."""
    for declaration in style.split(";"):
        name, colon, value = declaration.partition(":")
        name = name.strip().lower()
        if not colon or name not in ("background-color", "background"):
            continue
        value = value.strip()
        if value.lower() in NO_COLOUR:
            continue
        colour = css_colour(value)
        if colour is None and name == "background":  # `background: #fff url(...)`
            colour = next(filter(None, map(css_colour, value.split())), None)
        if colour is not None or name == "background-color":
            return colour, value[:40]
    return None, None
