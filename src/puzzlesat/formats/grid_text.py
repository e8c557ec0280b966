"""A plain Shikaku grid: whitespace-separated numbers, 0, '-' or '.' for an empty cell.

An optional first line `R C` (puzzlekit's header) is skipped. Recognised by content when it
is a grid (text_grid) written spaced whose clues add up to its area, as a Shikaku's must.
"""

from __future__ import annotations

from ..core import Page, ParseError
from ..kinds.shikaku.board import Shikaku
from .format import Format, with_hint
from .text_grid import TextGrid, claims, grid_of

HINT = (
    "check the Shikaku grid: one line per row, each with the same number of cells, numbers "
    "separated by spaces, 0, '-' or '.' for an empty cell"
)


def grid_refusal(grid: TextGrid) -> str | None:
    """Why `grid` is not a Shikaku's (None: it is): its clues must cover its area."""
    if not grid.spaced:
        return "a Shikaku grid's numbers are separated by spaces"
    total, area = sum(map(sum, grid.rows)), grid.width * grid.height
    if total != area:
        return f"its clues add up to {total}, its area is {area}"
    return None


def recognises(text: str) -> bool:
    return claims(text, grid_refusal)


@with_hint(HINT)
def read(page: Page) -> Shikaku:
    """The grid as a Shikaku, whatever its clues add up to (the kind's check says so)."""
    grid = grid_of(page.text)
    if grid is None:
        raise ParseError("a Shikaku grid holds only numbers and '-' or '.' for empty cells")
    return Shikaku(grid=grid.rows, source=page.source)


def write(board: Shikaku) -> str:
    width = max((len(str(v)) for row in board.grid for v in row), default=1)
    return "".join(" ".join(str(v).rjust(width) for v in row) + "\n" for row in board.grid)


FORMAT = Format(
    name="shikaku-grid",
    recognises=recognises,
    read=read,
    write=write,
    kinds=("shikaku",),
    hint=HINT,
    aliases=("grid",),
    suffix=".txt",
    grid_refusal=grid_refusal,
)
