"""A nonogram answer in the terminal: full blocks under the clues, or half blocks compact."""

from __future__ import annotations

from rich.text import Text

from ...drawing import GUIDE_EVERY, Style
from .board import Nonogram


def _row_clue_width(board: Nonogram) -> int:
    return max((len(" ".join(map(str, r))) for r in board.rows), default=0)


def _nonogram_full_width(board: Nonogram, cell: int) -> int:
    return _row_clue_width(board) + 1 + board.width * cell + (board.width - 1) // GUIDE_EVERY


def draw(board: Nonogram, grid, other, style: Style) -> Text:
    """The answer with its clues, or the compact picture when that would not fit."""
    digits = max([1] + [len(str(n)) for col in board.cols for n in col])
    cell = 2 if digits == 1 else digits + 1  # a space between stacked many-digit clues
    compact = style.compact
    if compact is None:
        compact = _nonogram_full_width(board, cell) > style.width
    if compact:
        return _nonogram_compact(grid, other, style)
    return _nonogram_full(board, grid, other, style, cell)


def _cell_glyph(value: int, differs: bool, style: Style, cell: int) -> tuple[str, str]:
    colour = "magenta" if differs else ""
    if style.ascii:
        if differs:
            return ("%" if value else ":") * cell, colour
        return ("#" * cell if value else ".".ljust(cell)), colour
    if differs:
        return ("▓" if value else "░") * cell, colour
    return ("█" if value else " ") * cell, colour


def _nonogram_full(board: Nonogram, grid, other, style: Style, cell: int) -> Text:
    vbar, hbar, cross = ("|", "-", "+") if style.ascii else ("│", "─", "┼")
    left = _row_clue_width(board)
    depth = max((len(c) for c in board.cols), default=0)
    text = Text(no_wrap=True, overflow="crop")

    def guide(c: int) -> str:
        return vbar if c and c % GUIDE_EVERY == 0 else ""

    for level in range(depth):
        text.append(" " * (left + 1))
        for c, clue in enumerate(board.cols):
            k = level - (depth - len(clue))
            text.append(guide(c) and " ")
            text.append(str(clue[k]).rjust(cell) if k >= 0 else " " * cell, style="cyan")
        text.append("\n")
    for r, row in enumerate(grid):
        if r and r % GUIDE_EVERY == 0:
            text.append(" " * (left + 1))
            for c in range(board.width):
                text.append(cross if guide(c) else "")
                text.append(hbar * cell, style="dim")
            text.append("\n")
        text.append(" ".join(map(str, board.rows[r])).rjust(left) + " ", style="cyan")
        for c, value in enumerate(row):
            text.append(guide(c), style="dim")
            differs = other is not None and other[r][c] != value
            glyph, colour = _cell_glyph(value, differs, style, cell)
            text.append(glyph, style=colour)
        text.append("\n")
    text.rstrip()
    return text


def _nonogram_compact(grid, other, style: Style) -> Text:
    """Half blocks: one character covers two rows (ASCII: one character per cell)."""
    text = Text(no_wrap=True, overflow="crop")
    if style.ascii:
        for r, row in enumerate(grid):
            for c, v in enumerate(row):
                differs = other is not None and other[r][c] != v
                text.append(("%" if v else ":") if differs else ("#" if v else "."))
            text.append("\n")
    else:
        glyphs = {(0, 0): " ", (1, 0): "▀", (0, 1): "▄", (1, 1): "█"}
        for r in range(0, len(grid), 2):
            top = grid[r]
            bottom = grid[r + 1] if r + 1 < len(grid) else (0,) * len(top)
            for c in range(len(top)):
                differs = other is not None and (
                    other[r][c] != top[c] or (r + 1 < len(grid) and other[r + 1][c] != bottom[c])
                )
                text.append(glyphs[top[c], bottom[c]], style="magenta" if differs else "")
            text.append("\n")
    text.rstrip()
    return text
