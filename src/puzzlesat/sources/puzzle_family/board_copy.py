"""What every board copy of the family shares: `div.cell`s placed by their inline
`top`/`left` style (we read positions, never the document order), and the cheap test for
such a copy that the games' `claims_copy` build on.
"""

from __future__ import annotations

import re

from ...core import MAX_DIGITS, LazyPattern, ParseError

MAX_SIDE = 200  # the largest specials are 50x40; anything far beyond is a misread

DIV_TAG = LazyPattern(r"<div\b", re.I)
# the class token `cell` (not `loop-task-cell`), as the soup's class_="cell" finds it
CELL_CLASS = LazyPattern(r"\bclass\s*=\s*[\"'][^\"']*(?<![\w-])cell(?![\w-])", re.I)
STYLE_OPEN = LazyPattern(r"\bstyle\s*=\s*[\"']", re.I)
TOP_PROPERTY = LazyPattern(r"\btop\s*:", re.I)
QUOTED_RUN = LazyPattern(r"[^\"']*")
# a Sudoku board copy: its givens are div.number (linear: the runs end at quotes)
NUMBER_CLASS = LazyPattern(r"\bclass\s*=\s*[\"'][^\"']*\bnumber\b", re.I)


def has_cell_div(text: str) -> bool:
    """Whether a `<div` tag has the class `cell` and `top:` in its style: a board copy.

    An attribute starts before the tag's first `>`; its quoted value may run past it. Driven
    by the `class="...cell"` values, each tag and each value is read once.
    """
    settled = 0  # no `<div` before this can match any more
    while (cell := CELL_CLASS.search(text, settled)) is not None:
        at = cell.start()
        gt = text.rfind(">", settled, at)
        div = DIV_TAG.search(text, gt + 1 if gt >= 0 else settled, at + 1)
        if div is None:
            settled = at + 1
            continue
        end = text.find(">", at)
        end = len(text) if end < 0 else end
        for style in STYLE_OPEN.finditer(text, div.end(), end):
            if TOP_PROPERTY.search(text, style.end(), QUOTED_RUN.match(text, style.end()).end()):
                return True
        settled = end  # a later `<div` before this `>` sees less of the same tag
    return False




STYLE_PX = {
    side: LazyPattern(rf"(?:^|;)\s*{side}\s*:\s*(-?\d+(?:\.\d+)?)px", re.I)
    for side in ("top", "left")
}
POSITION_SLACK = 2  # px: positions this close are the same row or column (sub-pixel rounding)


def _lines_of(values: list[int]) -> dict[int, int]:
    """Map each pixel offset to its row (or column) index, merging offsets within the slack."""
    index, start, out = -1, None, {}
    for value in sorted(set(values)):
        if start is None or value - start > POSITION_SLACK:
            index, start = index + 1, value
        out[value] = index
    return out


def _name_cells(cells: list[tuple[int, int]], limit: int = 4) -> str:
    named = ", ".join(f"row {r + 1} column {c + 1}" for r, c in cells[:limit])
    return named + (f" and {len(cells) - limit} more" if len(cells) > limit else "")


def _px(match: re.Match[str], style: str) -> int:
    if len(match.group(1)) > MAX_DIGITS:  # float() of it is inf, and round(inf) fails
        raise ParseError(f"a div.cell's position is not a pixel offset ({style[:40]!r})")
    return round(float(match.group(1)))


BOARD_HINT = "copy the outerHTML of the board (div.board-back) from the developer tools"


def cell_grid(cells: list, what: str = "div.cell") -> list[list]:
    """The cells of a board copy as rows of tags, placed by their style's top/left."""
    if not cells:
        raise ParseError(f"the board copy holds no {what} elements")
    if any(cell.find("div", class_="cell") for cell in cells):  # its text would be read twice
        raise ParseError("a div.cell of the board copy holds another div.cell", hint=BOARD_HINT)
    placed = []
    for cell in cells:
        style = cell.get("style", "")
        found = {side: pattern.search(style) for side, pattern in STYLE_PX.items()}
        if not all(found.values()):
            raise ParseError(
                f"a {what} has no top/left position in its style ({style[:40]!r})",
                hint=BOARD_HINT,
            )
        top, left = (_px(found[side], style) for side in ("top", "left"))
        placed.append((top, left, cell))
    row_of = _lines_of([top for top, _, _ in placed])
    col_of = _lines_of([left for _, left, _ in placed])
    height, width = len(set(row_of.values())), len(set(col_of.values()))
    if height > MAX_SIDE or width > MAX_SIDE:  # the grid below would be height x width
        raise ParseError(
            f"the board copy places its cells in {height} rows and {width} columns; "
            f"a board has at most {MAX_SIDE}",
            hint="copy one board only, the outerHTML of div.board-back",
        )
    grid: list[list] = [[None] * width for _ in range(height)]
    for top, left, cell in placed:
        r, c = row_of[top], col_of[left]
        if grid[r][c] is not None:
            raise ParseError(
                f"two cells of the board copy sit at row {r + 1}, column {c + 1} "
                f"(top {top}px, left {left}px)",
                hint="copy one board only, the outerHTML of div.board-back",
            )
        grid[r][c] = cell
    if len(placed) != height * width:
        missing = [(r, c) for r in range(height) for c in range(width) if grid[r][c] is None]
        raise ParseError(
            f"the board copy has {len(placed)} cells, not {height} x {width} = {height * width}: "
            f"copy the whole board (missing: {_name_cells(missing)})",
            hint="copy the outerHTML of div.board-back, not a selection of it",
        )
    return grid

