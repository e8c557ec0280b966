"""A Sudoku answer in the terminal: heavy walls around boxes or regions, spaces inside.

    ┏━━━━━━━┳━━━━━━━┳━━━━━━━┓      +-------+-------+-------+ in ASCII
    ┃ 5 3 4 ┃ 6 7 8 ┃ 9 1 2 ┃
    ┣━━━━━━━╋━━━━━━━╋━━━━━━━┫

A jigsaw's walls follow its regions, with room for a wall between every two cells (so
columns stay aligned). In colour the givens are bold and the solved digits cyan; without
colour (NO_COLOR, a pipe, --ascii) a cell is three columns wide and the givens are in
brackets, [5], so that glyphs alone tell them apart. Numbers from 10 are letters (A = 10),
as on the sites.
"""

from __future__ import annotations

from rich.text import Text

from ...drawing import DIFFERS, TEAL, Drawing, Style, finish, picture_text
from ...grid.draw import corner, wall_glyphs
from ...grid.geometry import Walls
from ...grid.looks import USED, used_legend
from .board import Sudoku, digit_text

GIVEN = "bold"
SOLVED = TEAL

MARK = "*"  # the glyph of a differing cell, ASCII in every style
def _painted(style: Style) -> bool:
    return style.colour and not style.ascii


def _digit_width(board: Sudoku) -> int:
    return max(len(digit_text(v)) for v in range(1, board.size + 1))


def draw(board: Sudoku, grid, other, style: Style) -> Drawing:
    """The answer inside its walls, or (`style.compact`) a digit a cell, boxes apart."""
    differs = None
    if other is not None:
        differs = [[a != b for a, b in zip(row, theirs)] for row, theirs in zip(grid, other)]
    seen: set = set()  # the cells a hint's rules speak of whose mark shows
    if style.compact:
        text = _compact(board, grid, differs, style)
    else:
        text = _full(board, grid, differs, style, seen)
    legend = used_legend(seen, style) + _legend(board, other is not None, style)
    return Drawing(finish(text), legend)


def _legend(board: Sudoku, marked: bool, style: Style) -> tuple[str, ...]:
    lines = []
    n = board.size
    if 10 <= n <= 25:
        letters = "A stands for 10" if n == 10 else f"A to {digit_text(n)} stand for 10 to {n}"
        lines.append(letters)
    if not style.compact and not _painted(style):
        lines.append("digits in [ ] are the givens, the others solved")
    if marked:
        if style.compact:
            where = f"with {MARK} after them"
        else:
            where = f"after {MARK}" if _painted(style) else f"between {MARK}s"
        lines.append(f"digits {where}: the cells where this answer differs from solution 1")
    return tuple(lines)


def _cell(board: Sudoku, grid, differs, r: int, c: int, style: Style, width: int):
    """The text and rich style of one cell's digit, `width` columns (right-justified); a
    dot where a hint has not decided it yet."""
    label = (digit_text(grid[r][c]) if grid[r][c] else "·."[style.ascii]).rjust(width)
    if board.grid[r][c]:
        return label, GIVEN
    if differs is not None and differs[r][c]:
        return label, DIFFERS
    return label, SOLVED if _painted(style) else ""


def _full(board: Sudoku, grid, differs, style: Style, seen: set) -> Text:
    """Walls and digits. In colour a cell is its digit with a space before it (MARK before
    a differing one); without colour it is three columns, [5] for a given, *5* differing.
    A cell a hint's rules speak of (`style.used`): USED before it where that is free, in
    colour reversed too (into `seen` where its mark shows)."""
    n = board.size
    walls = Walls(board.region_of(), every_boundary=board.regions is not None)
    painted = _painted(style)
    width = _digit_width(board)
    cell_width = width if painted else width + 2
    wall_v, wall_h = wall_glyphs(style.ascii, heavy=True)

    def pads(b: int) -> tuple[int, int]:
        """Columns of padding left and right of the wall slot at column boundary b."""
        if not painted:
            return 0, 0
        if b == 0:
            return 0, 1
        return (1, 0) if b == n or not walls.cols[b] else (1, 1)

    def junction(a: int, b: int) -> str:
        return corner(*walls.corner(a, b), style.ascii, heavy=True)

    text = picture_text()
    for a in range(n + 1):
        if walls.rows[a]:  # a wall line above row a
            for b in range(n + 1):
                left, right = pads(b)
                text.append((wall_h if b and walls.horizontal(a, b - 1) else " ") * left)
                if walls.cols[b]:
                    text.append(junction(a, b))
                text.append((wall_h if b < n and walls.horizontal(a, b) else " ") * right)
                if b < n:
                    text.append((wall_h if walls.horizontal(a, b) else " ") * cell_width)
            text.append("\n")
        if a == n:
            break
        r = a
        for b in range(n + 1):
            left, right = pads(b)
            text.append(" " * left)
            if walls.cols[b]:
                text.append(wall_v if walls.vertical(r, b) else " ")
            text.append(" " * right)
            if b == n:
                break
            label, paint = _cell(board, grid, differs, r, b, style, width)
            marked = differs is not None and differs[r][b]
            used = USED[style.ascii] if (r, b) in style.used else ""  # a hint's rules'
            if used and (painted or not (marked or board.grid[r][b])):
                seen.add((r, b))
            if painted:
                if marked or used:
                    text.right_crop(1)  # the space before the digit
                    text.append(MARK if marked else used, style=DIFFERS if marked else "")
                text.append(label, style=f"{paint} reverse" if used else paint)
            elif board.grid[r][b]:
                text.append(f"[{label}]", style=paint)
            elif marked:
                text.append(f"{MARK}{label}{MARK}", style=paint)
            else:
                text.append(f"{used or ' '}{label} ", style=paint)
        text.append("\n")
    return text


def _compact(board: Sudoku, grid, differs, style: Style) -> Text:
    """A digit a cell (a space between cells when digits are wider than one column), a
    space between boxes and an empty line between bands of boxes (a jigsaw's regions are
    not shown); with two answers, a MARK column after each digit for the cells that differ."""
    n = board.size
    width = _digit_width(board)
    boxes = board.regions is None
    walls = Walls(board.region_of(), every_boundary=board.regions is not None) if boxes else None
    marks = style.paired or differs is not None
    text = picture_text()
    for r in range(n):
        if r and walls is not None and walls.rows[r]:
            text.append("\n")
        for c in range(n):
            if c and (width > 1 or (walls is not None and walls.cols[c])):
                text.append(" ")
            label, paint = _cell(board, grid, differs, r, c, style, width)
            text.append(label, style=paint)
            if marks:
                marked = differs is not None and differs[r][c]
                text.append(MARK if marked else " ", style=DIFFERS if marked else "")
        text.append("\n")
    return text
