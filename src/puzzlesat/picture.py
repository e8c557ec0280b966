"""The picture of a board and its answer to share: SVG from the board's kind, PNG from that.

What the CLI's `--svg FILE` and `--png FILE` write. The drawing is the kind's
(`Kind.svg`); here it is only reached through `kind_of`, so no layer above asks a board
for its type, and cairo is needed only by whoever asks for a PNG (`svg.png_of`).
"""

from __future__ import annotations

from typing import Any

from .kinds import Board, kind_of
from .svg import png_of


def picture_svg(board: Board, answer: Any = None) -> str:
    """The board's SVG picture with `answer` drawn in (None: the empty puzzle, clues only)."""
    return kind_of(board).svg(board, answer)


def picture_png(board: Board, answer: Any = None) -> bytes:
    """The same picture as PNG bytes; ServiceUnavailable with an install hint when cairosvg or
    the cairo library is missing."""
    return png_of(picture_svg(board, answer))
