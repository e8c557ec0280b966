"""A nonogram answer in the terminal: full blocks under the clues, or a compact picture.

Colour puzzles are drawn in their own colours (truecolor); without colour (NO_COLOR, a pipe,
--ascii) each colour is a letter, a, b, c..., and a legend line maps the letters to hex.
A colour that a dark or a light terminal would hide (black, navy, yellow, white) is drawn a
shade lighter or darker, just enough to show on either background: black as a dark grey,
yellow a deeper yellow, white a light grey. Its cells stay whole blocks, a run one solid
bar (a frame round each cell drew a run as stripes).
"""

from __future__ import annotations

from rich.text import Text

from ...drawing import GUIDE_EVERY, PLUM, TEAL, Drawing, Style, finish, picture_text
from .board import Nonogram, colour_letter

HALF_BLOCKS = {(0, 0): " ", (1, 0): "▀", (0, 1): "▄", (1, 1): "█"}
UNKNOWN = ("·", "?")  # a cell a hint has not decided yet
CLUE = TEAL
# Relative luminance (WCAG) below DARKEST hides on a dark terminal, above LIGHTEST on a light
# one: contrast under 1.5 against black, under 1.25 against white. A colour past either is
# drawn mixed with white or black until it is within SHOWN (contrast 1.8 and 1.4).
DARKEST, LIGHTEST = 0.025, 0.79
SHOWN = (0.04, 0.70)


def _luminance(hex_: str) -> float:
    """The WCAG relative luminance of an rrggbb colour."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(int(hex_[i : i + 2], 16)) for i in (0, 2, 4))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def _shown(hex_: str) -> str:
    """The colour as drawn: itself, or one that would vanish on a dark or a light terminal
    mixed with white (a dark one) or black (a light one), a twentieth at a time, until it
    shows on both (SHOWN)."""
    luminance = _luminance(hex_)
    if DARKEST <= luminance <= LIGHTEST:
        return hex_
    dark = luminance < DARKEST
    channels = [int(hex_[i : i + 2], 16) for i in (0, 2, 4)]
    for step in range(1, 21):
        mixed = "".join(
            f"{round(c + ((255 if dark else 0) - c) * step / 20):02x}" for c in channels
        )
        if SHOWN[0] <= _luminance(mixed) <= SHOWN[1]:
            break
    return mixed
    return mixed


def _marks(style: Style) -> tuple[str, str]:
    """The glyphs of a cell that differs from the first answer: (filled, empty)."""
    return ("%", ":") if style.ascii else ("▓", "░")


def _lettered(board: Nonogram, style: Style) -> bool:
    """Whether colours are told apart by letters: a colour puzzle drawn without colour."""
    return board.is_colour and not (style.colour and not style.ascii)


def _paint(board: Nonogram, k: int, style: Style) -> str:
    """The rich style of colour k's cells, when colour is drawn (as `_shown` draws it)."""
    if not style.colour or style.ascii or not board.colors:
        return ""
    return f"#{_shown(board.palette[k - 1])}"


def _clue_style(board: Nonogram, k: int, style: Style) -> str:
    """A clue number on its block's colour, in black or white, whichever reads."""
    if not board.is_colour or not style.colour or style.ascii:
        return CLUE
    hex_ = board.palette[k - 1]
    red, green, blue = (int(hex_[i : i + 2], 16) for i in (0, 2, 4))
    light = 0.299 * red + 0.587 * green + 0.114 * blue > 140
    return f"{'black' if light else 'white'} on #{hex_}"


def _legend(board: Nonogram, other, style: Style) -> tuple[str, ...]:
    lines = []
    if _lettered(board, style):
        lines.append(", ".join(f"{colour_letter(k)} #{c}" for k, c in enumerate(board.colors, 1)))
    if other is not None:
        filled, empty = _marks(style)
        if _lettered(board, style):
            filled = "CAPITAL letters"
        lines.append(
            f"{filled} filled here, {empty} empty here: the cells where this answer differs "
            "from solution 1"
        )
    if style.step:
        lines.append(f"{UNKNOWN[style.ascii]} not decided yet")
    return tuple(lines)


def draw(board: Nonogram, grid, other, style: Style) -> Drawing:
    """The answer with its clues, or (`style.compact`) the picture alone."""
    if style.compact:
        text = _compact(board, grid, other, style)
    else:
        text = _full(board, grid, other, style)
    return Drawing(finish(text), _legend(board, other, style))


def _cell(board: Nonogram, value: int, differs: bool, style: Style, cell: int) -> tuple[str, str]:
    """The characters and style of one cell, `cell` columns wide (None: a hint's cell not
    decided yet)."""
    if value is None:
        return UNKNOWN[style.ascii].ljust(cell), ""
    paint = _paint(board, value, style) if value else ""
    if differs:
        if _lettered(board, style) and value:
            return colour_letter(value).upper() * cell, PLUM
        filled, empty = _marks(style)
        return (filled if value else empty) * cell, paint or PLUM
    if _lettered(board, style) and value:
        return colour_letter(value) * cell, ""
    if style.ascii:
        return ("#" * cell if value else ".".ljust(cell)), ""
    return ("█" if value else " ") * cell, paint


def _clues(board: Nonogram, lines, colours, style: Style) -> list[list[tuple[str, str]]]:
    """Each line's clue as (text, style) tokens: the number, and its letter when colours
    are lettered; 0 for an empty line, as on paper."""
    lettered = _lettered(board, style)
    out = []
    for i, clue in enumerate(lines):
        if not clue:
            out.append([("0", CLUE)])
            continue
        blocks = colours[i] if board.is_colour else (1,) * len(clue)
        out.append(
            [
                (f"{n}{colour_letter(k)}" if lettered else str(n), _clue_style(board, k, style))
                for n, k in zip(clue, blocks)
            ]
        )
    return out


def _full(board: Nonogram, grid, other, style: Style) -> Text:
    cols = _clues(board, board.cols, board.col_colours, style)
    rows = _clues(board, board.rows, board.row_colours, style)
    widest = max([1] + [len(token) for col in cols for token, _ in col])
    cell = 2 if widest == 1 else widest + 1  # a space between stacked many-digit clues
    vbar, hbar, cross = ("|", "-", "+") if style.ascii else ("│", "─", "┼")
    left = max((sum(len(t) for t, _ in row) + len(row) - 1 for row in rows), default=0)
    depth = max((len(c) for c in cols), default=0)
    text = picture_text()

    def guide(c: int) -> str:
        return vbar if c and c % GUIDE_EVERY == 0 else ""

    for level in range(depth):
        text.append(" " * (left + 1))
        for c, clue in enumerate(cols):
            k = level - (depth - len(clue))
            text.append(guide(c) and " ")
            if k >= 0:
                token, paint = clue[k]
                text.append(" " * (cell - len(token)))
                text.append(token, style=paint)
            else:
                text.append(" " * cell)
        text.append("\n")
    for r, row in enumerate(grid):
        if r and r % GUIDE_EVERY == 0:
            text.append(" " * (left + 1))
            for c in range(board.width):
                text.append(cross if guide(c) else "")
                text.append(hbar * cell, style="dim")
            text.append("\n")
        tokens = rows[r]
        text.append(" " * (left - (sum(len(t) for t, _ in tokens) + max(len(tokens) - 1, 0))))
        for i, (token, paint) in enumerate(tokens):
            text.append(" " if i else "")
            text.append(token, style=paint)
        text.append(" ")
        for c, value in enumerate(row):
            text.append(guide(c), style="dim")
            differs = other is not None and other[r][c] != value
            glyph, paint = _cell(board, value, differs, style, cell)
            text.append(glyph, style=paint)
        text.append("\n")
    return text


def _compact(board: Nonogram, grid, other, style: Style) -> Text:
    """Half blocks, one character for two rows (in colour: the top cell's colour over the
    bottom one's); one character a cell in ASCII, with letters for colours, and for both
    of two answers (a half block cannot mark one of its two cells)."""
    if style.ascii or style.paired or style.step or _lettered(board, style):
        return _one_per_cell(board, grid, other, style)
    text = picture_text()
    for r in range(0, len(grid), 2):
        top = grid[r]
        bottom = grid[r + 1] if r + 1 < len(grid) else (0,) * len(top)
        for upper, lower in zip(top, bottom):
            text.append(*_half_block(board, upper, lower, style))
        text.append("\n")
    return text


def _half_block(board: Nonogram, upper: int, lower: int, style: Style) -> tuple[str, str]:
    if not board.colors or not style.colour:
        return HALF_BLOCKS[int(bool(upper)), int(bool(lower))], ""
    top = _paint(board, upper, style) if upper else ""
    bottom = _paint(board, lower, style) if lower else ""
    if upper and lower:
        return ("█", top) if upper == lower else ("▀", f"{top} on {bottom}")
    if upper or lower:
        return ("▀", top) if upper else ("▄", bottom)
    return " ", ""


def _one_per_cell(board: Nonogram, grid, other, style: Style) -> Text:
    text = picture_text()
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            differs = other is not None and other[r][c] != value
            text.append(*_cell(board, value, differs, style, 1))
        text.append("\n")
    return text
