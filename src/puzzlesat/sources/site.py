"""The Site record every site module declares."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..core import Page, Request, on_domains
from ..kinds import Board


def single_get(url: str) -> tuple[Request, ...]:
    return (Request(url),)


def no_page(text: str) -> bool:
    """For a site that claims no page beyond its puzzle markup."""
    return False


@dataclass(frozen=True)
class Site:
    """One site: the hosts it serves, the markup it recognises and how to read it.

    `requests(url)` lists what to fetch for a URL, in order; fetch moves to the next one
    only when the site answers 404. `examples` are URLs the site must claim (the contract
    test checks them).

    `recognises` claims the site's puzzle markup; `recognises_page` any page of the site's
    own, puzzle or not (its error, list and form pages), by the marks every page of the
    site carries. Recognition asks it only when nothing claims the text as a puzzle, so
    that such a page is read by its site, which says what the page is in its own words.
    """

    name: str
    recognises: Callable[[str], bool]
    read: Callable[[Page], Board]
    domains: tuple[str, ...] = ()  # the hosts it serves, sub-domains included
    examples: tuple[str, ...] = ()
    requests: Callable[[str], tuple[Request, ...]] = field(default=single_get)
    recognises_page: Callable[[str], bool] = field(default=no_page)

    @property
    def names(self) -> tuple[str, ...]:
        """What `--format` calls it (a format may have short names too)."""
        return (self.name,)

    def serves(self, url: str) -> bool:
        """Whether `url` is one of this site's: the allow-list every fetch and redirect obeys."""
        return on_domains(url, self.domains)
