"""A nonogram answer in the terminal: full blocks under the clues, or a compact picture."""

from __future__ import annotations

from rich.text import Text

from ...drawing import GUIDE_EVERY, Drawing, Style, finish, picture_text
from .board import Nonogram

HALF_BLOCKS = {(0, 0): " ", (1, 0): "▀", (0, 1): "▄", (1, 1): "█"}
DIFFERS = "magenta"  # colour of the cells where a second answer differs (glyphs mark them too)


def _marks(style: Style) -> tuple[str, str]:
    """The glyphs of a cell that differs from the first answer: (filled, empty)."""
    return ("%", ":") if style.ascii else ("▓", "░")


def _legend(style: Style) -> tuple[str, ...]:
    filled, empty = _marks(style)
    return (
        f"{filled} filled here, {empty} empty here: the cells where this answer differs "
        "from solution 1",
    )


def draw(board: Nonogram, grid, other, style: Style) -> Drawing:
    """The answer with its clues, or (`style.compact`) the picture alone."""
    text = _compact(grid, other, style) if style.compact else _full(board, grid, other, style)
    return Drawing(finish(text), _legend(style) if other is not None else ())


def _cell_glyph(value: int, differs: bool, style: Style, cell: int) -> str:
    if differs:
        filled, empty = _marks(style)
        return (filled if value else empty) * cell
    if style.ascii:
        return "#" * cell if value else ".".ljust(cell)
    return ("█" if value else " ") * cell


def _full(board: Nonogram, grid, other, style: Style) -> Text:
    digits = max([1] + [len(str(n)) for col in board.cols for n in col])
    cell = 2 if digits == 1 else digits + 1  # a space between stacked many-digit clues
    vbar, hbar, cross = ("|", "-", "+") if style.ascii else ("│", "─", "┼")
    left = max((len(" ".join(map(str, r))) for r in board.rows), default=0)
    depth = max((len(c) for c in board.cols), default=0)
    text = picture_text()

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
            text.append(_cell_glyph(value, differs, style, cell), style=DIFFERS if differs else "")
        text.append("\n")
    return text


def _compact(grid, other, style: Style) -> Text:
    """Half blocks, one character for two rows; one character a cell in ASCII, and when a
    second answer is marked (a half block cannot mark one of its two cells)."""
    if style.ascii or other is not None:
        return _one_per_cell(grid, other, style)
    text = picture_text()
    for r in range(0, len(grid), 2):
        top = grid[r]
        bottom = grid[r + 1] if r + 1 < len(grid) else (0,) * len(top)
        text.append("".join(HALF_BLOCKS[pair] for pair in zip(top, bottom)))
        text.append("\n")
    return text


def _one_per_cell(grid, other, style: Style) -> Text:
    text = picture_text()
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            differs = other is not None and other[r][c] != value
            if differs or style.ascii:
                text.append(_cell_glyph(value, differs, style, 1), style=DIFFERS if differs else "")
            else:
                text.append("█" if value else " ")
        text.append("\n")
    return text
