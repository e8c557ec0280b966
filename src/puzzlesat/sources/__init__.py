"""The sites puzzlesat reads, one module each, and how a URL or a shorthand finds its site.

Adding a site is one module that declares its `SITE` (hosts and example URLs first) and one
line in `SITES`; a game of the puzzle-*.com family is one row of its genre table.
"""

from __future__ import annotations

from ..core import UnsupportedSource, host_of
from . import nonograms_org, puzzle_family
from .site import Site

# Order matters only for recognition by content: the most specific markup first (the
# family's sister sites claim their own games' pages; Shikaku's site claims the rest).
SITES: tuple[Site, ...] = (
    nonograms_org.SITE,
    *puzzle_family.SISTER_SITES,
    puzzle_family.SHIKAKU,
)

# Short source names a site understands, e.g. `shikaku:12345@0`; each gives a URL or None.
SHORTHANDS = (puzzle_family.expand_shorthand,)


def expand_shorthand(source: str) -> str | None:
    """The URL a short source name stands for, or None if it is not one."""
    for expand in SHORTHANDS:
        url = expand(source)
        if url:
            return url
    return None


def site_for_url(url: str, missing_ok: bool = False) -> Site | None:
    """The site that serves `url`; an unknown host is refused before anything is fetched
    (or None with `missing_ok`, for `--allow-any-host`)."""
    for site in SITES:
        if site.serves(url):
            return site
    if missing_ok:
        return None
    host = host_of(url) or url[:80]
    raise UnsupportedSource(
        f"{host} is not a site puzzlesat knows",
        hint="supported: " + ", ".join(domain for s in SITES for domain in s.domains[:1])
        + "; --allow-any-host fetches it anyway and reads it by content",
    )
