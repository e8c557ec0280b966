"""A plain Shikaku grid: whitespace-separated numbers, 0, '-' or '.' for an empty cell.

An optional first line `R C` (puzzlekit's header) is skipped.
"""

from __future__ import annotations

import re

from ..core import Page, ParseError, as_grid
from ..kinds.shikaku.board import Shikaku
from .format import Format, with_hint

HINT = (
    "check the Shikaku grid: one line per row, each with the same number of cells, numbers "
    "separated by spaces, 0, '-' or '.' for an empty cell"
)

GRID_LINE = re.compile(r"^[\s\d\-.]+$")


def recognises(text: str) -> bool:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    return bool(lines) and all(GRID_LINE.match(ln) for ln in lines)


@with_hint(HINT)
def read(page: Page) -> Shikaku:
    rows = [ln.split() for ln in page.text.splitlines() if ln.strip()]
    if len(rows) > 1 and len(rows[0]) == 2 and len(rows[1]) != 2:
        rows = rows[1:]  # puzzlekit's "R C" header
    try:
        grid = [[0 if v in ("-", ".") else int(v) for v in row] for row in rows]
    except ValueError:
        raise ParseError(
            "a Shikaku grid holds only numbers and '-' or '.' for empty cells"
        ) from None
    widths = {len(row) for row in grid}
    if len(widths) != 1:
        raise ParseError(f"the Shikaku grid's rows have different lengths: {sorted(widths)}")
    return Shikaku(grid=as_grid(grid), source=page.source)


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
)
