"""A nonogram as an SVG picture to share: the clues beside the grid, the answer's cells filled.

Row clues stand right-aligned to the left of their rows and column clues bottom-aligned
above their columns, as on paper; an empty line shows 0. The grid has thin lines, a heavier
guide line every GUIDE_EVERY cells and a thick border. A colour puzzle fills each cell with
its colour and draws every clue number on a small box of its block's colour, in black or
white, whichever reads.
"""

from __future__ import annotations

from ...drawing import GUIDE_EVERY
from ...svg import Svg, grid_page, hex_colour, ink_on, text_width
from .board import Nonogram

CELL = 24
CLUE_SIZE = 12  # px of a clue number
CLUE_STEP = 18  # height of one column clue, and the least width of one row clue
CLUE_SPACING = 2  # between two row clues
GAP = 6  # between the clues and the grid
THIN, GUIDE, BORDER = ("#b4b4b4", 0.75), ("#404040", 1.5), ("#000000", 2.5)
PLAIN_CLUE = "#000000"

Token = tuple[str, int]  # a clue number's text and its colour (0: plain, as black and white)


def _tokens(board: Nonogram, lines, colours) -> list[list[Token]]:
    """Each line's clue numbers with their colours; ("0", 0) alone for an empty line."""
    out = []
    for i, clue in enumerate(lines):
        blocks = colours[i] if board.is_colour else (0,) * len(clue)
        out.append([(str(n), k) for n, k in zip(clue, blocks)] or [("0", 0)])
    return out


def _slot(text: str) -> float:
    """Width a row clue number takes: room for its digits, never less than CLUE_STEP."""
    return max(CLUE_STEP, text_width(text, CLUE_SIZE) + 6)


def _row_width(tokens: list[Token]) -> float:
    return sum(_slot(t) for t, _ in tokens) + CLUE_SPACING * (len(tokens) - 1)


def svg(board: Nonogram, answer) -> str:
    """The puzzle with its clues, and the answer's cells filled (None: the empty puzzle)."""
    rows = _tokens(board, board.rows, board.row_colours)
    cols = _tokens(board, board.cols, board.col_colours)
    left = max((_row_width(tokens) for tokens in rows), default=CLUE_STEP) + GAP
    top = max((len(tokens) for tokens in cols), default=1) * CLUE_STEP + GAP
    out, x0, y0 = grid_page(board.width, board.height, CELL, board.title, left, top)
    for r, tokens in enumerate(rows):
        _row_clue(out, board, tokens, x0 - GAP, y0 + (r + 0.5) * CELL)
    for c, tokens in enumerate(cols):
        _column_clue(out, board, tokens, x0 + (c + 0.5) * CELL, y0 - GAP)
    if answer is not None:
        _cells(out, board, answer, x0, y0)
    _lines(out, board, x0, y0)
    return out.document()


def _clue(out: Svg, board: Nonogram, token: Token, x: float, y: float, width: float) -> None:
    """One clue number centred at (x, y); on a box of its colour in a colour puzzle."""
    text, k = token
    ink = PLAIN_CLUE
    if k:
        fill = hex_colour(board.palette[(k - 1) % len(board.palette)])
        height = CLUE_STEP - 2
        out.rect(x - width / 2, y - height / 2, width, height, fill, rx=2, class_="clue")
        ink = ink_on(fill)
    out.text(x, y, text, CLUE_SIZE, ink)


def _row_clue(out: Svg, board: Nonogram, tokens: list[Token], right: float, y: float) -> None:
    """A row's clue numbers right-aligned to `right`, the last one nearest the grid."""
    for token in reversed(tokens):
        slot = _slot(token[0])
        _clue(out, board, token, right - slot / 2, y, slot - 2)
        right -= slot + CLUE_SPACING


def _column_clue(
    out: Svg, board: Nonogram, tokens: list[Token], x: float, bottom: float
) -> None:
    """A column's clue numbers stacked up from `bottom`, the last one nearest the grid."""
    for i, token in enumerate(reversed(tokens)):
        _clue(out, board, token, x, bottom - (i + 0.5) * CLUE_STEP, CELL - 4)


def _cells(out: Svg, board: Nonogram, answer, x0: float, y0: float) -> None:
    """The filled cells, a rect per run of one colour along a row (fewer elements, and no
    seams between cells of one run)."""
    palette = board.palette
    for r, row in enumerate(answer):
        c = 0
        while c < len(row):
            value, start = row[c], c
            while c < len(row) and row[c] == value:
                c += 1
            if value:
                fill = hex_colour(palette[(value - 1) % len(palette)])
                out.rect(x0 + start * CELL, y0 + r * CELL, (c - start) * CELL, CELL, fill)


def _lines(out: Svg, board: Nonogram, x0: float, y0: float) -> None:
    """Thin lines between cells, a guide line every GUIDE_EVERY cells, then the border."""
    right, bottom = x0 + board.width * CELL, y0 + board.height * CELL
    for every, (stroke, width) in ((1, THIN), (GUIDE_EVERY, GUIDE)):
        for c in range(every, board.width, every):
            out.line(x0 + c * CELL, y0, x0 + c * CELL, bottom, stroke, width, stroke_linecap="butt")
        for r in range(every, board.height, every):
            out.line(x0, y0 + r * CELL, right, y0 + r * CELL, stroke, width, stroke_linecap="butt")
    stroke, width = BORDER
    out.rect(x0, y0, right - x0, bottom - y0, "none", stroke=stroke, stroke_width=width)
