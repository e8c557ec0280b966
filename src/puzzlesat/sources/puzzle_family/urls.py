"""The family's URLs and shorthands: `/?size=N` (or no query) is a fresh random puzzle each
time; `?e=<base64 of "size:id">` is a share link; a specific puzzle is a POST of
`specific=1, specid, size` to the home page, which users can write as the site's own form
URL `/?specific=1&size=0&specid=9366068` or as the shorthand `GAME:ID@SIZE`
(`shikaku:9366068@0`), GAME being any prefix a game of the table declares. `GAME:daily`
(`:weekly`, `:monthly`) is the game's dated special of today, `/?size=<its size code>`.
"""

from __future__ import annotations

import base64
import binascii
import re
from urllib.parse import parse_qs, urlsplit

from ...core import MAX_DIGITS, LazyPattern, Request, UnsupportedSource, excerpt
from .genres import BY_PREFIX, MOBILE, Genre, genre_of_url, refuse


def _query(url: str) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(urlsplit(url).query, keep_blank_values=True).items()}


def _query_size(url: str) -> int:
    size = _query(url).get("size", "0").strip()
    return int(size) if size.isascii() and size.isdigit() and len(size) <= MAX_DIGITS else 0


def decode_share_link(url: str) -> tuple[int, int] | None:
    """(size, puzzle id) of a `?e=<base64 of "size:id,with,commas">` share link, else None."""
    value = _query(url).get("e") if "?" in url or "://" in url else url
    if not value:
        return None
    value = value.strip().replace("-", "+").replace("_", "/").replace(" ", "+")
    try:
        raw = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode("ascii")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    match = re.fullmatch(r"\s*(\d+)\s*:\s*(\d[\d,]*)\s*", raw)
    if match is None or max(len(match.group(1)), len(match.group(2))) > MAX_DIGITS:
        return None
    return int(match.group(1)), int(match.group(2).replace(",", ""))


def is_random_url(url: str | None) -> bool:
    """A family URL that gives a new puzzle each time: `/?size=N`, no query, a path page."""
    if genre_of_url(url) is None:
        return False
    query = _query(url)
    return not ({"e", "pl", "specid", "specific"} & query.keys())


def home_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme or 'https'}://{parts.netloc}/"




# A game's SPECIAL_SIZES are the size codes of its daily / weekly / monthly puzzle. A puzzle
# asked for by ID or share link under one of these codes is cached only until its period
# ends: the site may answer with the current special whatever the ID (a special's page can
# show ID 0). Without an ID such a URL is treated like any `?size=N`, random, never cached.


def special_period(url: str, size: int | str) -> str | None:
    """The period ("daily", "weekly", "monthly") of `url`'s game's special with size code
    `size`, or None for an ordinary size or a game whose specials are not on record."""
    genre = genre_of_url(url)
    code = str(size).strip().lstrip("0") or "0"
    return genre.special_sizes.get(code) if genre else None


def puzzle_requests(url: str) -> tuple[Request, ...]:
    """What to fetch for a family URL: random (not cached), share link, or one puzzle by ID;
    the last two expire with their period when their size code is a dated special's."""
    query = _query(url)
    if "specid" in query or query.get("specific") == "1":
        specid = re.sub(r"[,.\s]", "", query.get("specid", ""))
        size = query.get("size", "0").strip() or "0"
        if not specid.isdigit() or not size.isdigit():
            raise UnsupportedSource(
                f"a specific puzzle needs a numeric specid and size, not {specid!r} and {size!r}",
                hint=f"e.g. {home_of(url)}?specific=1&size=0&specid=12345",
            )
        home = home_of(url)
        data = (("specific", "1"), ("specid", specid), ("size", size))
        period = special_period(url, size)
        return (Request(home, method="POST", data=data, cacheable=True, expires=period),)
    if "e" in query or "pl" in query:
        share = decode_share_link(url) if "e" in query else None
        period = special_period(url, share[0]) if share else None
        return (Request(url, cacheable=True, expires=period),)
    return (Request(url, cacheable=False),)


SHORTHAND = LazyPattern(r"^\s*([a-z][a-z-]*)\s*:\s*(?!//)(\S*?)\s*$", re.I)
SHORTHAND_BODY = LazyPattern(r"^(\d[\d,]*)(?:@(\d+))?$")


def expand_shorthand(source: str) -> str | None:
    """`shikaku:9366068` or `shikaku:9,366,068@0` -> the specific-puzzle URL; else None.

    SIZE (after @) is the site's size code and defaults to 0. A prefix naming a game we
    cannot read yet raises UnsupportedPuzzle; a known prefix with a malformed ID raises
    UnsupportedSource.
    """
    match = SHORTHAND.match(source)
    if match is None:
        return None
    genre = BY_PREFIX.get(match.group(1).lower())
    if genre is None:
        return None
    body = SHORTHAND_BODY.match(match.group(2))
    period = match.group(2).lower()
    if body is None and period not in PERIODS:
        raise UnsupportedSource(
            f"{excerpt(source.strip())} is not a puzzle reference",
            hint=f"write {genre.name}:ID or {genre.name}:ID@SIZE, e.g. {genre.name}:12345@0, "
            f"or {genre.name}:daily",
        )
    if not genre.supported:
        raise refuse(genre)
    if body is None:
        return special_url(genre, period)
    return genre.specific_url(body.group(1).replace(",", ""), body.group(2) or 0)


PERIODS = ("daily", "weekly", "monthly")


def special_url(genre: Genre, period: str) -> str:
    """The URL of a game's current daily (weekly, monthly) puzzle: its size code's random
    URL, which shows the special of the day. Refused for a game whose code is not on record."""
    codes = [code for code, named in genre.special_sizes.items() if named == period]
    if not codes:
        known = sorted(set(genre.special_sizes.values()), key=PERIODS.index)
        raise UnsupportedSource(
            f"the size code of the {genre.label} {period} puzzle is not on record",
            hint="its specials on record: " + ", ".join(f"{genre.name}:{k}" for k in known)
            if known
            else f"name it by ID instead: {genre.name}:ID@SIZE",
        )
    return f"https://www.{genre.host}/?size={codes[0]}"



def random_note(
    genre: Genre, source: str, puzzle_id: str | None, size: int | None, date: str | None = None
) -> str | None:
    """For a page from a URL that gives a new puzzle each time: how to get this one again."""
    if not is_random_url(source):
        return None
    if puzzle_id is None:
        dated = f" (this is the one of {date})" if date else ""
        return f"this URL shows another puzzle later{dated}; the page gives no ID to fetch it by"
    if size is None and MOBILE.match(urlsplit(source).hostname or ""):
        # the mobile site names its sizes (`10x10-easy`), not by the code an ID needs
        return (
            f"a fresh random puzzle; ID {int(puzzle_id):,} — fetch it again with `puzzlesat "
            f"solve {genre.name}:{puzzle_id}@SIZE`, SIZE its size's code on {genre.host}"
        )
    if size is None:
        size = _query_size(source)
    return (
        f"a fresh random puzzle; ID {int(puzzle_id):,} — fetch it again with "
        f"`puzzlesat solve {genre.name}:{puzzle_id}@{size}`"
    )
