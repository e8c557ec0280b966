"""Every game puzzlesat reads, from the registries alone: what `puzzlesat games` prints and
the README's table shows (tests/test_catalogue.py keeps the two equal). Nothing here is a
list kept by hand: a game module added to the family's games folder is a row with no edit."""

from __future__ import annotations

import sys
from typing import NamedTuple


class Game(NamedTuple):
    """A game as a user meets it: what it is, where it comes from, a source to paste."""

    name: str
    label: str
    site: str
    example: str


def games() -> list[Game]:
    """nonograms.org's, then every family game read in the table's order. The example is a
    random puzzle of the game's first size (which always exists), nonograms.org's its own."""
    from .sources.nonograms_org import SITE
    from .sources.puzzle_family.genres import games as family

    rows = [Game("nonograms.org", "Nonograms, black-and-white and colour",
                 " / ".join(SITE.domains[:2]), SITE.examples[0])]
    rows += [Game(genre.name, genre.label.replace(f" ({genre.host})", ""), genre.host,
                  f"https://www.{genre.host}/?size=0") for genre in family()]
    return rows


def table(rows: list[Game]) -> str:
    """The README's table of games, in Markdown."""
    lines = ["| game | site | try it |", "| --- | --- | --- |"]
    lines += [f"| {row.label} | {row.site} | `puzzlesat solve '{row.example}'` |" for row in rows]
    return "\n".join(lines) + "\n"


def text(rows: list[Game]) -> str:
    """`puzzlesat games`: a line a game, what to paste last (a terminal of 80 columns keeps
    the label and the site on one line; the example may run on)."""
    return "".join(f"{row.label} ({row.site})\n    puzzlesat solve '{row.example}'\n"
                   for row in rows)


class KindShapes(NamedTuple):
    """A kind's board JSON as its module declares it (PUZZLE_JSON, SOLUTION_JSON) and the
    text a site hashes for its answer (SITE_TEXT), in Markdown."""

    name: str
    puzzle: str
    solution: str
    site: str


def kinds() -> list[KindShapes]:
    """Every kind, by name: each module imported for its declarations (a missing one is an
    AttributeError naming it, which the tests show)."""
    from .kinds import BY_NAME, kind_named

    rows = []
    for name in sorted(BY_NAME):
        kind_named(name)
        module = sys.modules[BY_NAME.modules[name]]
        rows.append(KindShapes(name, module.PUZZLE_JSON, module.SOLUTION_JSON, module.SITE_TEXT))
    return rows


def kinds_table(rows: list[KindShapes]) -> str:
    """The README's table of board JSON, kind by kind, in Markdown."""
    lines = ["| kind | `puzzle` | `solution` | `site_answer` (the text the page hashes) |",
             "| --- | --- | --- | --- |"]
    lines += [f"| `{row.name}` | {row.puzzle} | {row.solution} | {row.site} |" for row in rows]
    return "\n".join(lines) + "\n"
