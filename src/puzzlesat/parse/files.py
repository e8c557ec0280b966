"""Local formats: our board JSON (nonogram or Shikaku) and a plain Shikaku grid.

Board JSON is what `puzzlesat parse` prints and what `solve --json` carries under
"puzzle", so a parsed board can be saved, edited and solved again.
"""

from __future__ import annotations

import json
import re

from ..board import Board, Nonogram, Page, ParseError, Shikaku, as_grid
from .site import Site

GRID_LINE = re.compile(r"^[\s\d\-.]+$")


def _lines_of(value, what: str) -> tuple[tuple[int, ...], ...]:
    if not isinstance(value, list):
        raise ParseError(f"board JSON: {what} must be a list of clue lists")
    out = []
    for i, line in enumerate(value, 1):
        if isinstance(line, int):
            line = [line]
        if not isinstance(line, list) or not all(isinstance(v, int) and v >= 0 for v in line):
            raise ParseError(f"board JSON: {what} {i} is not a list of whole numbers: {line!r:.40}")
        out.append(tuple(v for v in line if v > 0))  # 0 marks an empty line
    return tuple(out)


def recognises_json(text: str) -> bool:
    return text.lstrip().startswith("{")


def parse_json(page: Page) -> Board:
    try:
        data = json.loads(page.text)
    except ValueError as exc:
        raise ParseError(f"the input looks like JSON but is not valid: {exc}") from None
    if not isinstance(data, dict):
        raise ParseError("board JSON must be an object")
    body = data.get("puzzle", data)
    if not isinstance(body, dict):
        raise ParseError('board JSON: "puzzle" must be an object')
    source = data.get("source") or page.source
    if "grid" in body:
        grid = body["grid"]
        if not isinstance(grid, list) or not all(
            isinstance(row, list) and all(isinstance(v, int) for v in row) for row in grid
        ):
            raise ParseError("board JSON: grid must be a list of rows of whole numbers")
        return Shikaku(grid=as_grid(grid), source=source)
    cols = body.get("cols", body.get("columns"))
    if "rows" not in body or cols is None:
        raise ParseError('board JSON needs "rows" and "cols" (a nonogram) or "grid" (a Shikaku)')
    return Nonogram(
        rows=_lines_of(body["rows"], "row"), cols=_lines_of(cols, "column"), source=source
    )


def recognises_grid(text: str) -> bool:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    return bool(lines) and all(GRID_LINE.match(ln) for ln in lines)


def parse_grid(page: Page) -> Shikaku:
    """Whitespace-separated numbers, 0, '-' or '.' for an empty cell; an optional 'H W' line."""
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


JSON_SITE = Site(
    name="board-json",
    description='board JSON: {"rows": [...], "cols": [...]} or {"grid": [...]}',
    recognises=recognises_json,
    parse=parse_json,
)
GRID_SITE = Site(
    name="shikaku-grid",
    description="a plain Shikaku grid: numbers, 0 or - for empty cells",
    recognises=recognises_grid,
    parse=parse_grid,
)
