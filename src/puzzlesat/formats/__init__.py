"""The file formats puzzlesat reads and writes, one module each.

Adding a format is one module that declares its `FORMAT` (with the `hint` its errors
carry) and one line in `FORMATS`.
"""

from __future__ import annotations

from ..core import UnsupportedSource
from . import board_json, grid_text, nin, non, sudoku_lines, sugar, taai, tatham, webpbn_xml
from .format import Format

# Order matters for recognition by content: .nin is all numbers like a Shikaku grid, so it
# comes before the grid (its recogniser is strict: `W H`, then exactly W+H fitting clues).
# Sudoku lines (81 digits and dots a line) would pass for one-cell-wide Shikaku rows, so
# they come before the grid too (every line must be a whole puzzle of 16, 81 or 256 cells).
FORMATS: tuple[Format, ...] = (
    board_json.FORMAT,
    webpbn_xml.FORMAT,
    taai.FORMAT,
    non.FORMAT,
    tatham.FORMAT,
    nin.FORMAT,
    sudoku_lines.FORMAT,
    grid_text.FORMAT,
    sugar.FORMAT,
)


def format_named(name: str) -> Format:
    """The format called `name` (or one of its short names)."""
    for fmt in FORMATS:
        if name in fmt.names:
            return fmt
    known = ", ".join(writable_names())
    raise UnsupportedSource(f"unknown format {name!r}; known: {known}")


def writable_names() -> list[str]:
    """The names `convert --to` takes: each format's short name, else its name."""
    return [fmt.short_name for fmt in FORMATS]
