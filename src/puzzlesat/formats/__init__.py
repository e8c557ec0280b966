"""The file formats puzzlesat reads and writes, one module each.

Formats are registered by module path with what is known of them without importing them
(names, suffix, whether they read, whether a command line holds one, a cheap recogniser):
a format module is imported only when its input is met or its name is asked. Adding a
format is one module that declares its `FORMAT` (with the `hint` its errors carry) and one
`register_format` call here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..core import LazyPattern, UnsupportedSource
from ..registry import Entry, anything, nothing
from .format import Format

__all__ = ["ENTRIES", "Format", "by_suffix", "claiming", "format_named", "register_format",
           "writable_names"]

ENTRIES: list[Entry] = []


def register_format(
    name: str,
    module: str,
    *,
    aliases: tuple[str, ...] = (),
    suffix: str = "",
    looks_like: Callable[[str], bool] = anything,
    reads: bool = True,
    inline: bool = False,
    grid: bool = False,
) -> None:
    """Add a format module (order matters for recognition by content: first wins). A
    `grid` format is one kind's text grid: such formats claim a text together, at the place
    of the first of them (text_grid.claimant)."""
    known = {
        "name": name, "aliases": aliases, "suffix": suffix, "reads": reads, "inline": inline,
        "grid": grid,
    }
    looks_like = looks_like if reads else nothing
    ENTRIES.append(Entry(module, "FORMAT", (name, *aliases), looks_like, known=known))


HEAD = 1 << 16  # characters of a text enough to find its first line


def _module(name: str) -> str:
    return f"{__name__}.{name}"


def _two_numbers_first(text: str) -> bool:
    """Whether the first line that is not blank holds two words (a .nin's `W H`): a file of
    Sudoku lines is then told from one without importing the .nin reader."""
    lines = text[:HEAD].lstrip("\ufeff").splitlines()
    return len(next((line for line in lines if line.strip()), "").split()) == 2


def _says_non_sizes(text: str) -> bool:
    """What every .non says ("width" or "columns", in any case), looked for in a lower-cased
    copy: a case-blind regular expression takes milliseconds over a file of many puzzles."""
    lowered = text.lower()
    return "width" in lowered or "columns" in lowered


def _grid_text(text: str) -> bool:
    return GRID_TEXT.fullmatch(text) is not None


# Order matters for recognition by content: .nin is all numbers like a Shikaku grid, so it
# comes before the grid (its recogniser is strict: `W H`, then exactly W+H fitting clues).
# Sudoku lines (81 digits and dots a line) would pass for a grid of one row, so they come
# before the grids too (every line must be a whole puzzle of 16, 81 or 256 cells). The text
# grids of the kinds come last, and are told apart by what each kind claims.
register_format("board-json", _module("board_json"), aliases=("json",), suffix=".json",
                looks_like=lambda text: text.lstrip().startswith("{"))
register_format("webpbn-xml", _module("webpbn_xml"), aliases=("xml",), suffix=".xml",
                looks_like=lambda text: "<" in text)
register_format("taai", _module("taai"), suffix=".taai", looks_like=lambda text: "$" in text)
register_format("non", _module("non"), suffix=".non", looks_like=_says_non_sizes)
TATHAM_START = LazyPattern(r"\ufeff?\s*\d+[^:#\s]*[:#]")  # `5x5:`, `9j:`, `10x10#`
register_format("tatham", _module("tatham"), suffix=".tatham", inline=True,
                looks_like=lambda text: TATHAM_START.match(text) is not None)
register_format("nin", _module("nin"), suffix=".nin", looks_like=_two_numbers_first)
register_format("sudoku-lines", _module("sudoku_lines"), aliases=("line",), suffix=".sdk",
                inline=True)
GRID_TEXT = LazyPattern(r"[\s\w.\-]*", re.ASCII)  # what a text grid can hold, at the most
register_format("shikaku-grid", _module("grid_text"), aliases=("grid",), suffix=".txt",
                looks_like=_grid_text, grid=True)
register_format("sudoku-grid", _module("sudoku_grid"), suffix=".txt",
                looks_like=_grid_text, grid=True)
register_format("sugar", _module("sugar"), suffix=".csp", reads=False)


def __getattr__(name: str) -> Any:
    """`FORMATS`: every format, all modules loaded (the contract tests, `convert`)."""
    if name == "FORMATS":
        return tuple(entry.records()[0] for entry in ENTRIES)
    raise AttributeError(name)


def format_named(name: str) -> Any:
    """The format called `name` (or one of its short names)."""
    for entry in ENTRIES:
        if name in entry.names:
            return entry.records()[0]
    known = ", ".join(writable_names())
    raise UnsupportedSource(f"unknown format {name!r}; known: {known}")


def writable_names() -> list[str]:
    """The names `convert --to` takes: each format's short name, else its name."""
    return [entry.names[1] if len(entry.names) > 1 else entry.names[0] for entry in ENTRIES]


def reading_entries(inline: bool | None = None) -> list[Entry]:
    """The formats that read (only those a command line holds, with `inline`)."""
    return [
        entry for entry in ENTRIES
        if entry.known["reads"] and (inline is None or entry.known["inline"] == inline)
    ]


def claiming(text: str, inline: bool | None = None) -> Any | None:
    """The format whose grammar `text` is, loading only the modules it looks like."""
    entries = reading_entries(inline)
    for entry in entries:
        if entry.known["grid"]:
            return _grid_claiming(text, [e for e in entries if e.known["grid"]])
        fmt = entry.claiming(text)
        if fmt is not None:
            return fmt
    return None


def _grid_claiming(text: str, entries: list[Entry]) -> Any | None:
    """The one text-grid format that claims `text` (see text_grid.claimant)."""
    if not entries[0].looks_like(text):
        return None
    from .text_grid import claimant

    return claimant(text, [entry.records()[0] for entry in entries])


def by_suffix(suffix: str) -> list[Any]:
    """The reading formats whose files end in `suffix`."""
    return [e.records()[0] for e in reading_entries() if e.known["suffix"] == suffix]


def readable_suffixes() -> set[str]:
    return {e.known["suffix"] for e in reading_entries() if e.known["suffix"]}
