"""Registries by name and module path: kinds, sites and formats are listed with what can
be known of them without importing them (names, a cheap recogniser), and a module is
imported only when its input is met or its name is asked. Start-up pays for none of them.

An `Entry` stands for the record(s) one module declares: its `attribute` is a record (a
Site, a Format, a Kind), a tuple of them, or a function that gives them (the family's
`sites`, which grows when a game is registered). A module of many records may decide which
one a text or a URL is for by itself (`chooses`: the family decides a page's game once, by
a table lookup), so that its records are not asked one by one, nor all made.
"""

import importlib
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple


def anything(text: str) -> bool:
    """The recogniser of an entry with no cheap test: its module decides."""
    return True


def nothing(text: str) -> bool:
    return False


class Entry(NamedTuple):
    """One registered module. `looks_like(text)` must be true of every text its records
    recognise (it may be true of more) and needs no import; `serves(url)` likewise of every
    URL they serve; `names` are the names it answers to, known without loading it."""

    module: str  # dotted path
    attribute: str  # "SITE", "FORMAT", "KIND", or a function giving a tuple ("sites")
    names: tuple[str, ...] = ()
    looks_like: Callable[[str], bool] = anything
    looks_like_page: Callable[[str], bool] = nothing  # a page of the site's own, cheaply
    serves: Callable[[str], bool] = nothing
    known: Mapping[str, Any] = MappingProxyType({})  # e.g. a format's suffix, inline
    # the module decides by itself: it has `claiming(text)`, `owning_page(text)` and
    # `serving(url)`, each giving the one record (or None), in place of asking each record
    chooses: bool = False

    def _module(self) -> Any:
        return importlib.import_module(self.module)

    def records(self) -> tuple[Any, ...]:
        """What the module declares, imported now (once: Python keeps the module)."""
        value = getattr(self._module(), self.attribute)
        value = value() if callable(value) and not hasattr(value, "name") else value
        return tuple(value) if isinstance(value, (tuple, list)) else (value,)

    def claiming(self, text: str) -> Any | None:
        """The record that recognises `text`, loading the module only if it looks like it."""
        return self._one(text, self.looks_like, "claiming", "recognises")

    def owning_page(self, text: str) -> Any | None:
        """The record whose own page (error, list, form page) `text` is."""
        return self._one(text, self.looks_like_page, "owning_page", "recognises_page")

    def serving(self, url: str) -> Any | None:
        """The record that serves `url`, loading the module only if its hosts may."""
        return self._one(url, self.serves, "serving", "serves")

    def _one(self, given: str, cheap: Callable[[str], bool], chooser: str, test: str) -> Any:
        """The record `given` is for: none unless the cheap test passes; then the module's
        own `chooser` if it `chooses`, else the first record whose `test` is true of it."""
        if not cheap(given):
            return None
        if self.chooses:
            return getattr(self._module(), chooser)(given)
        return next((r for r in self.records() if getattr(r, test)(given)), None)


def lazy_names(package: str, homes: dict[str, str]) -> Callable[[str], Any]:
    """A package's `__getattr__` that imports each of its names from the module declaring
    it (`homes`: name -> module of the package) on first use, so that importing the package
    costs nothing until one of its names is used."""
    names = vars(importlib.import_module(package))

    def lookup(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{home}"), name)
        names[name] = value  # found directly from now on
        return value

    return lookup
