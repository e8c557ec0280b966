"""The drawing and the picture of a grid whose clues stand between cells (Futoshiki's
signs, Renzoku's dots, Binairo+'s `=` and `x`) or around it (Skyscrapers' views).

The terminal drawing: each cell's value, and in the gaps the marks a kind gives. Full: a
cell and its gap take four columns; compact: two. The givens are bold, the values found
teal, a value where a second answer differs plum (with a legend; a hint's step's values
with STEP_MARK after them too). The SVG picture
(`picture_between`): the cells from the kind's table of looks (grid/looks.py), each mark
on the middle of the edge its two cells share, and the clues around the square."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ..drawing import DIFFERS, TEAL, Drawing, Style, finish
from .looks import (
    CELL,
    LINE_USED,
    TEXT_SIZE,
    USED,
    LookOf,
    Looks,
    margin_lines,
    picture_looks,
    used_legend,
)

Cell = tuple[int, int]
Between = Callable[[Cell, Cell], "tuple[str, str] | None"]
Ring = Callable[[str, int], str]  # (side, index) -> the clue's text there, "" for none
# (a cell, its neighbour, the mark between): CHEVRON points at the neighbour (the smaller),
# DOT is a dot, any other text is written (`=`, `×`)
Mark = tuple[Cell, Cell, str]
CHEVRON, DOT = ">", "●"
MARK_INK = "#000000"
STEP_MARK = "*"  # after a value a hint's step decides (`Style.step`)


def draw_between(
    grid: Sequence[Sequence[int | None]], answer: Sequence[Sequence[int]] | None,
    other: Sequence[Sequence[int]] | None, style: Style, between: Between,
    ring: Ring | None = None, digits: int | None = None,
) -> Drawing:
    """The values (the givens alone without an answer), the marks `between` gives for two
    neighbours (unicode, ascii), and, with `ring`, the clues around the square. A value
    takes `digits` columns (default: those of the side, a Latin square's largest value);
    the grid may be a rectangle."""
    from rich.text import Text

    n, columns = len(grid), len(grid[0]) if grid else 0
    width = digits or len(str(n))
    gap = 1 if style.compact else 3
    painted = style.colour and not style.ascii
    out, differs = Text(no_wrap=True, overflow="ignore"), False
    margin = width + gap if ring else int(bool(style.used))  # a hint's: room for USED

    def mark(found: tuple[str, str] | None) -> str:
        return found[style.ascii] if found else " "

    rows, cols = margin_lines(style)  # a hint's rules' lines: their clues reversed
    seen: set = set()  # a hint's rules' cells whose USED shows

    def clue(side: str, i: int) -> str:
        used = painted and i in (rows if side in ("left", "right") else cols)
        return f"{TEAL} reverse" if used else TEAL if painted else ""

    def clue_row(side: str) -> None:
        out.append(" " * (margin - 1))
        for c in range(columns):
            out.append(LINE_USED["column"][style.ascii] if side == "top" and c in cols else " ")
            out.append(ring(side, c).rjust(width), clue(side, c))
            out.append(" " * (gap - 1))
        out.append("\n")

    if ring:
        clue_row("top")
    for r in range(n):
        lead, lead_paint = (" " * margin, "") if not ring else (
            ring("left", r).rjust(width) + " " * gap, clue("left", r))
        for c in range(columns):
            given, value = grid[r][c], (answer[r][c] if answer is not None else grid[r][c])
            paint, starred = "bold" if given is not None else TEAL, False
            if other is not None and other[r][c] != value:
                paint, differs = DIFFERS, True
                starred = style.step and not style.compact  # a hint's: by glyph too
            used = (r, c) in style.used and lead[-1:] == " " and lead[-2:-1] in ("", " ")
            if used or painted and (r, c) in style.used:
                seen.add((r, c))
            out.append(lead[:len(lead) - used], lead_paint)
            out.append(USED[style.ascii] if used else "")
            reverse = " reverse" if painted and (r, c) in style.used else ""
            out.append(("." if value is None else str(value)).rjust(width),
                       paint + reverse if painted else "")
            out.append(STEP_MARK if starred else "", paint if painted else "")
            lead, lead_paint = mark(between((r, c), (r, c + 1))).center(gap)[starred:], ""
        if ring:
            out.append(" " * (gap - starred) + ring("right", r).rjust(width), clue("right", r))
        out.append("\n")
        if r + 1 < n:
            out.append(" " * margin)
            for c in range(columns):
                out.append(mark(between((r, c), (r + 1, c))).rjust(width) + " " * gap)
            out.append("\n")
    if ring:
        clue_row("bottom")
    said = f"a value with {STEP_MARK} after it:" if style.step and not style.compact \
        else "a plum value"
    legend = (f"{said} where this answer differs from solution 1",) if differs else ()
    return Drawing(finish(out), used_legend(seen, style) + legend)


# --------------------------------------------------------------------------- the picture
class Clues:
    """The picture's room for clues on every side of the square (`around` of
    `picture_looks`): `sides` maps "top", "bottom" (left to right) and "left", "right" (top
    to bottom) to their clues, None for none."""

    def __init__(self, sides: Mapping[str, Sequence[int | None]]) -> None:
        self.sides = sides
        self.left = self.top = self.right = self.bottom = CELL

    def draw(self, out: Any, x0: float, y0: float) -> None:
        """Each clue centred a cell out from its row's or column's end."""
        rows, columns = len(self.sides["left"]), len(self.sides["top"])
        places = {
            "top": lambda i: (x0 + (i + 0.5) * CELL, y0 - CELL / 2),
            "bottom": lambda i: (x0 + (i + 0.5) * CELL, y0 + (rows + 0.5) * CELL),
            "left": lambda i: (x0 - CELL / 2, y0 + (i + 0.5) * CELL),
            "right": lambda i: (x0 + (columns + 0.5) * CELL, y0 + (i + 0.5) * CELL),
        }
        for side, clues in self.sides.items():
            for i, clue in enumerate(clues):
                if clue is not None:
                    out.text(*places[side](i), str(clue), TEXT_SIZE, class_="clue")


def picture_between(
    board: Any, answer: Any, looks: Looks, look: LookOf, marks: Iterable[Mark] = (),
    sides: Mapping[str, Sequence[int | None]] | None = None,
) -> str:
    """The SVG picture: the cells by the kind's table of looks, every mark between its two
    cells, and with `sides` the clues around the square (`Clues`)."""
    return picture_looks(board, answer, looks, look, around=Clues(sides) if sides else None,
                         over=lambda out, x0, y0: draw_marks(out, marks, x0, y0))


def draw_marks(out: Any, marks: Iterable[Mark], x0: float, y0: float) -> None:
    """Each mark on the middle of the edge its cells share: a chevron (classed "sign")
    whose point is toward the second cell, a dot ("dot"), or its text on a white patch
    ("mark")."""
    for (r, c), (r2, c2), mark in marks:
        dy, dx = r2 - r, c2 - c
        x = x0 + (max(c, c2) if dx else c + 0.5) * CELL
        y = y0 + (max(r, r2) if dy else r + 0.5) * CELL
        if mark == CHEVRON:
            reach, spread = CELL * 0.12, CELL * 0.2
            arms = [(x - dx * reach + dy * spread, y - dy * reach + dx * spread),
                    (x + dx * reach, y + dy * reach),
                    (x - dx * reach - dy * spread, y - dy * reach - dx * spread)]
            out.element("polyline", points=" ".join(f"{px:.2f},{py:.2f}" for px, py in arms),
                        fill="none", stroke=MARK_INK, stroke_width=2, class_="sign")
        elif mark == DOT:
            out.element("circle", cx=x, cy=y, r=CELL * 0.13, fill=MARK_INK, class_="dot")
        else:
            side = CELL * 0.34
            out.rect(x - side / 2, y - side / 2, side, side, "#ffffff")
            out.text(x, y, mark, TEXT_SIZE * 0.8, MARK_INK, bold=True, class_="mark")
