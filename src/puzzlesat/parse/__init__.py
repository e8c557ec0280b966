"""Text -> Board. The registry of sites and formats, and the recognition that picks one."""

from __future__ import annotations

from ..board import Board, Page, ParseError, UnsupportedSource, host_of
from . import files, nonogram_files, nonograms_org, puzzle_family
from .site import Site

# Order matters only for recognition by content: the most specific markup first.
SITES: tuple[Site, ...] = (
    nonograms_org.SITE,
    puzzle_family.SHIKAKU,
    files.JSON_SITE,
    # plain-text nonogram files; .nin is all numbers like a Shikaku grid, so it must come
    # before GRID_SITE (its recogniser is strict: `W H`, then exactly W+H fitting clues)
    nonogram_files.TAAI_SITE,
    nonogram_files.NON_SITE,
    nonogram_files.NIN_SITE,
    files.GRID_SITE,
)

# Short source names a site understands, e.g. `shikaku:9366068@0`; each gives a URL or None.
SHORTHANDS = (puzzle_family.expand_shorthand,)


def expand_shorthand(source: str) -> str | None:
    """The URL a short source name stands for, or None if it is not one."""
    for expand in SHORTHANDS:
        url = expand(source)
        if url:
            return url
    return None


def site_named(name: str) -> Site:
    for site in SITES:
        if site.name == name:
            return site
    raise UnsupportedSource(f"unknown --kind {name!r}; known: {', '.join(s.name for s in SITES)}")


def site_for_url(url: str) -> Site:
    """The site that serves `url`; refuses unknown hosts before anything is fetched."""
    for site in SITES:
        if site.serves(url):
            return site
    host = host_of(url) or url[:80]
    raise UnsupportedSource(f"{host} is not a site puzzlesat knows")


def recognise(text: str) -> Site:
    for site in SITES:
        if site.recognises(text):
            return site
    raise ParseError(
        "this does not look like a puzzle puzzlesat can read",
        hint="pipe in a puzzle page's source, the puzzle's devtools copy, or a board JSON file",
    )


def parse_page(page: Page, kind: str | None = None) -> Board:
    """Parse with the named site, else the site of the page's URL, else by its content."""
    if kind:
        site = site_named(kind)
    elif page.url:
        site = site_for_url(page.url)
    else:
        site = recognise(page.text)
    return site.parse(page)
