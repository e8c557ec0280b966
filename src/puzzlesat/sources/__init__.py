"""The sites puzzlesat reads, one module each, and how a URL or a shorthand finds its site.

Sites are registered by module path with cheap tests (registry.Entry): a site module is
imported only when a URL of its hosts, a text that looks like its markup or a source that
looks like its shorthand is met. Adding a site is one module that declares its `SITE` (hosts
and example URLs first) and one `register_site` call here; a game of the puzzle-*.com family
is one module registered with `puzzle_family.register_game`.
"""

import importlib
import re
from typing import Any, NamedTuple

from ..core import LazyPattern, UnsupportedSource, host_of, on_domains
from ..registry import Entry

ENTRIES: list[Entry] = []


class Shorthand(NamedTuple):
    """A short source name a site module understands, e.g. `shikaku:12345@0`: a cheap test
    of the source, the module and its function that gives the URL (or None), and the form
    `--help` shows."""

    pattern: LazyPattern
    module: str
    function: str
    form: str


SHORTHANDS: list[Shorthand] = []


def register_site(entry: Entry, shorthand: tuple[LazyPattern, str, str] | None = None) -> None:
    """Add a site module. Order matters only for recognition by content: the most specific
    markup first. `shorthand`: (pattern a source must match, function name in the module,
    the form to show)."""
    ENTRIES.append(entry)
    if shorthand is not None:
        pattern, function, form = shorthand
        SHORTHANDS.append(Shorthand(pattern, entry.module, function, form))


register_site(
    Entry(
        "puzzlesat.sources.nonograms_org",
        "SITE",
        names=("nonograms.org",),
        looks_like=lambda text: "nonogram_table" in text or "var" in text or "nmt" in text,
        looks_like_page=lambda text: "nonogram" in text.lower(),
        serves=lambda url: on_domains(url, ("nonograms.org", "nonograms.ru")),
    ),
    shorthand=(
        LazyPattern(r"^\s*nonograms\.(?:org|ru)\s*:(?!//)", re.I),
        "expand_shorthand",
        "nonograms.org:ID",
    ),
)
register_site(
    Entry(
        "puzzlesat.sources.puzzle_family",
        "sites",
        looks_like=lambda text: "<" in text or "var" in text,
        looks_like_page=lambda text: "puzzle-" in text.lower(),
        serves=lambda url: "puzzle-" in (host_of(url) or ""),
    ),
    shorthand=(
        LazyPattern(r"^\s*[a-z][a-z-]*\s*:\s*(?!//)", re.I), "expand_shorthand", "shikaku:ID@SIZE"
    ),
)


def __getattr__(name: str) -> Any:
    """`SITES`: every site, all modules loaded (for the contract tests and `--format`)."""
    if name == "SITES":
        return all_sites()
    raise AttributeError(name)


def all_sites() -> tuple[Any, ...]:
    return tuple(site for entry in ENTRIES for site in entry.records())


def expand_shorthand(source: str) -> str | None:
    """The URL a short source name stands for, or None if it is not one."""
    for shorthand in SHORTHANDS:
        if shorthand.pattern.match(source):
            module = importlib.import_module(shorthand.module)
            url = getattr(module, shorthand.function)(source)
            if url:
                return url
    return None


def shorthand_forms() -> list[str]:
    """The shorthands' forms, for `--help`: no site module is imported."""
    return [shorthand.form for shorthand in SHORTHANDS]


def site_for_url(url: str, missing_ok: bool = False) -> Any | None:
    """The site that serves `url`; an unknown host is refused before anything is fetched
    (or None with `missing_ok`, for `--allow-any-host`)."""
    for entry in ENTRIES:
        if entry.serves(url):
            for site in entry.records():
                if site.serves(url):
                    return site
    if missing_ok:
        return None
    host = host_of(url) or url[:80]
    raise UnsupportedSource(
        f"{host} is not a site puzzlesat knows",
        hint=f"supported: {_sites_said()} (`puzzlesat solve --help` names each); "
        "--allow-any-host fetches it anyway and reads it by content",
    )


def _sites_said() -> str:
    """The sites read, short enough for a hint: the family's puzzle-*.com sites counted."""
    domains = [domain for site in all_sites() for domain in site.domains[:1]]
    family = [domain for domain in domains if domain.startswith("puzzle-")]
    others = ", ".join(domain for domain in domains if domain not in family)
    return f"{others} and {len(family)} puzzle-*.com sites" if family else others


def serves_any(url: str) -> bool:
    """Whether some site serves `url` (the host policy of `--allow-any-host` fetches)."""
    return site_for_url(url, missing_ok=True) is not None


def claiming(text: str) -> Any | None:
    """The site whose puzzle markup `text` is, loading only the modules it looks like."""
    return next((site for e in ENTRIES if (site := e.claiming(text)) is not None), None)


def owning_page(text: str) -> Any | None:
    """The site whose own page (error, list, form page) `text` is."""
    return next((site for e in ENTRIES if (site := e.owning_page(text)) is not None), None)
