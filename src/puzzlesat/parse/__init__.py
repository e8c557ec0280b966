"""Text -> Board. The registry of sites and formats, and the recognition that picks one."""

from __future__ import annotations

from urllib.parse import urlsplit

from ..board import Board, Page, ParseError, UnsupportedSource
from . import files, nonograms_org
from .site import Site

# Order matters only for recognition by content: the most specific markup first.
SITES: tuple[Site, ...] = (
    nonograms_org.SITE,
    files.JSON_SITE,
    files.GRID_SITE,
)


def site_named(name: str) -> Site:
    for site in SITES:
        if site.name == name:
            return site
    raise UnsupportedSource(f"unknown --kind {name!r}; known: {', '.join(s.name for s in SITES)}")


def site_for_url(url: str) -> Site:
    """The site that serves `url`; refuses unknown hosts before anything is fetched."""
    for site in SITES:
        if site.url_pattern is not None and site.url_pattern.match(url):
            return site
    host = urlsplit(url).hostname or url
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
