"""The file formats puzzlesat reads and writes, one module each.

Adding a format is one module that declares its `FORMAT` (with the `hint` its errors
carry) and one line in `FORMATS`.
"""

from __future__ import annotations

from . import board_json, grid_text, nin, non, sudoku_lines, taai
from .format import Format

# Order matters for recognition by content: .nin is all numbers like a Shikaku grid, so it
# comes before the grid (its recogniser is strict: `W H`, then exactly W+H fitting clues).
# Sudoku lines (81 digits and dots a line) would pass for one-cell-wide Shikaku rows, so
# they come before the grid too (every line must be a whole puzzle of 16, 81 or 256 cells).
FORMATS: tuple[Format, ...] = (
    board_json.FORMAT,
    taai.FORMAT,
    non.FORMAT,
    nin.FORMAT,
    sudoku_lines.FORMAT,
    grid_text.FORMAT,
)
