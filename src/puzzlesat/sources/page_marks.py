"""Whose page a saved page is, by the marks every page of a site carries, puzzle or not.

A site's error, list and form pages hold no puzzle markup, yet they still name their site:
the page's own address (`<link rel="canonical">`, `og:url`, a browser's `saved from url=`),
links to the site's hosts, and its title. Sites read these to claim such a page, so that
it is read by the site and answered in the site's words rather than as unknown input.

Everything here is read with literal finds and scans of bounded length around each find,
never a regex that could rescan the tail of the page: recognition stays linear in its size.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from ..core import LazyPattern

MAX_URLS = 400  # URLs examined: a page's head, header and menus come well within this
TAG_REACH = 600  # characters back to a tag's `<` and on to its `>`
TITLE_REACH = 300  # characters of a `<title>` element read
HOST = LazyPattern(r"[A-Za-z0-9.-]{1,253}")  # bounded: never reads past 253 characters
TITLE_START = LazyPattern(r"<title\b", re.I)  # a literal start: each try fails at once
OWN_MARKS = (("<link", "canonical"), ("<meta", "og:url"))  # tags naming the page's address
SAVED_FROM = "saved from url=("  # what browsers write in front of a saved page
LANG = LazyPattern(r"\blang\s*=\s*[\"']?([A-Za-z-]{1,20})")  # searched within one bounded tag


@dataclass(frozen=True)
class MarkedUrl:
    """An http(s) URL in the page's markup: its host, whether it names the page itself, and
    the (lower-cased, bounded) tag it sits in, "" outside a tag."""

    host: str
    own: bool
    tag: str


def _tag_around(text: str, at: int) -> str:
    """The tag that position `at` sits in, lower-cased, or "" when it is not inside one."""
    lt = text.rfind("<", max(0, at - TAG_REACH), at)
    if lt < 0 or text.find(">", lt, at) >= 0:
        return ""
    gt = text.find(">", at, at + TAG_REACH)
    return text[lt : gt if gt >= 0 else at].lower()


def _names_itself(tag: str) -> bool:
    """Whether a tag gives the page's own address: `<link rel="canonical">`, `og:url`."""
    return any(tag.startswith(name) and mark in tag for name, mark in OWN_MARKS)


def _is_saved_from(text: str, scheme_at: int) -> bool:
    """Whether the URL at `scheme_at` follows a browser's `<!-- saved from url=(0045)`."""
    before = text[max(0, scheme_at - len(SAVED_FROM) - 8) : scheme_at]
    return SAVED_FROM in before


def marked_urls(text: str) -> list[MarkedUrl]:
    """The first MAX_URLS http(s) URLs of the page, each with where it sits."""
    found: list[MarkedUrl] = []
    pos = 0
    while len(found) < MAX_URLS and (at := text.find("://", pos)) >= 0:
        pos = at + 3
        scheme = text[max(0, at - 5) : at].lower()
        if not scheme.endswith("http") and scheme != "https":
            continue
        scheme_at = at - 5 if scheme == "https" else at - 4
        host = HOST.match(text, pos)
        if host is None:
            continue
        tag = _tag_around(text, scheme_at)
        own = _names_itself(tag) or _is_saved_from(text, scheme_at)
        found.append(MarkedUrl(host.group().lower().rstrip("."), own, tag))
    return found


def on_domain(host: str, domains: tuple[str, ...]) -> str | None:
    """The one of `domains` that `host` is (or is a sub-domain of), or None."""
    for domain in domains:
        if host == domain or host.endswith("." + domain):
            return domain
    return None


def page_title(text: str) -> str | None:
    """The text of the page's first `<title>` element, entities decoded, or None."""
    start = TITLE_START.search(text)
    if start is None:
        return None
    gt = text.find(">", start.end(), start.end() + TAG_REACH)
    if gt < 0:
        return None
    end = text.find("<", gt + 1, gt + 1 + TITLE_REACH)
    title = " ".join(html.unescape(text[gt + 1 : end if end >= 0 else gt + 1]).split())
    return title or None


def html_lang(text: str) -> str:
    """The `lang` of the page's `<html>` tag, lower-cased (`ru`, `fr`, `en-us`), or ""."""
    at = text.find("<html")
    if at < 0:
        return ""
    end = text.find(">", at, at + TAG_REACH)
    lang = LANG.search(text, at, end if end >= 0 else at)
    return lang.group(1).lower() if lang else ""


TITLE_SEPARATORS = (" - ", " | ", " — ", " – ", " :: ")


def title_names(title: str | None, domains: tuple[str, ...]) -> str | None:
    """The domain a title ends on, as sites sign their titles (`Error 404 - nonograms.org`),
    or None: a title that only mentions the site somewhere is no mark of the site's own."""
    if not title:
        return None
    lowered = title.lower()
    for domain in domains:
        for name in (domain, "www." + domain):
            if lowered == name or any(lowered.endswith(s + name) for s in TITLE_SEPARATORS):
                return domain
    return None
