"""The Site record every parser module declares, and search helpers that fail clearly."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from bs4 import BeautifulSoup

from ..board import Board, Page, ParseError, Request, on_domains


def single_get(url: str) -> tuple[Request, ...]:
    return (Request(url),)


@dataclass(frozen=True)
class Site:
    """One site or file format: the URLs and markup it recognises and how to read them.

    `requests(url)` lists what to fetch for a URL, in order; fetch moves to the next one
    only when the site answers 404.
    """

    name: str
    description: str
    recognises: Callable[[str], bool]
    parse: Callable[[Page], Board]
    domains: tuple[str, ...] = ()  # the hosts it serves, sub-domains included; () for formats
    example_urls: tuple[str, ...] = ()
    requests: Callable[[str], tuple[Request, ...]] = field(default=single_get)

    def serves(self, url: str) -> bool:
        """Whether `url` is one of this site's: the allow-list every fetch and redirect obeys."""
        return on_domains(url, self.domains)


def search(pattern: str | re.Pattern[str], text: str, what: str, group: int = 1) -> str:
    """First match of `pattern` in `text`, or a ParseError that names `what` was missing."""
    match = re.search(pattern, text)
    if match is None:
        raise ParseError(f"could not find {what} in the page")
    return match.group(group)


def soup_of(text: str) -> BeautifulSoup:
    return BeautifulSoup(text, "html.parser")


def to_int(text: str, what: str) -> int:
    """An int from markup text, or a ParseError naming the place."""
    text = text.strip().replace("\xa0", "")
    if not text.isdigit():
        raise ParseError(f"{what} is {text[:20]!r}, not a number")
    return int(text)
