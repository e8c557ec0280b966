"""A path through cell centres (Masyu's loop; any game whose line runs from cell to cell):
its edges numbered once, the arms each cell has, and its drawing in the terminal and in SVG.

Edges are numbered in the answer's order (design.md): the H rows of W-1 horizontal edges,
then the H-1 rows of W vertical ones. In the terminal a cell on the path is one box-drawing
glyph (─│┌┐└┘, or `-|+` in ASCII) unless the kind gives its own (a circle). Full drawings
give each cell two columns, the second carrying the line on to the right, and a line between
rows for the vertical edges, inside a frame; compact ones one column a cell, no frame. Never
cropped: lines are as long as the board needs (the renderer takes the compact drawing where
the full one is wider than the terminal). rich is imported only when a drawing is made.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..drawing import DIFFERS

if TYPE_CHECKING:
    from rich.text import Text

    from ..drawing import Style
    from ..svg import Svg

Arms = tuple[bool, bool, bool, bool]  # up, down, left, right
# (row, column, arms) -> the kind's own glyph for the cell, or None for the path's
Glyph = Callable[[int, int, Arms], "str | None"]

ASCII_PATH = {(1, 1, 0, 0): "|", (0, 0, 1, 1): "-"}  # any other shape with arms is a turn: +
ASCII_HEAVY = {"|": "!", "-": "=", "+": "#"}  # where a second answer differs


class EdgeGrid:
    """The edges between neighbouring points of an H x W grid (cell centres), numbered from
    0 in the answer's order: `right(r, c)`, `down(r, c)` and the like give an edge's number,
    or None at the border."""

    def __init__(self, height: int, width: int) -> None:
        self.height, self.width = height, width
        self.horizontal_count = height * max(width - 1, 0)
        self.count = self.horizontal_count + max(height - 1, 0) * width

    def right(self, r: int, c: int) -> int | None:
        return r * (self.width - 1) + c if c + 1 < self.width else None

    def left(self, r: int, c: int) -> int | None:
        return self.right(r, c - 1) if c > 0 else None

    def down(self, r: int, c: int) -> int | None:
        return self.horizontal_count + r * self.width + c if r + 1 < self.height else None

    def up(self, r: int, c: int) -> int | None:
        return self.down(r - 1, c) if r > 0 else None

    def arms(self, r: int, c: int) -> tuple[int | None, int | None, int | None, int | None]:
        """(up, down, left, right) edges of a point, None where it has none."""
        return self.up(r, c), self.down(r, c), self.left(r, c), self.right(r, c)

    def rows(self, on: Sequence[int]) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """(horizontal rows, vertical rows) of 0/1 from a value per edge."""
        w, split = self.width, self.horizontal_count
        horizontal = tuple(tuple(on[r * (w - 1) : (r + 1) * (w - 1)]) for r in range(self.height))
        vertical = tuple(tuple(on[split + r * w : split + (r + 1) * w])
                         for r in range(self.height - 1))
        return horizontal, vertical

    def places(self) -> list:
        """What each edge's variable says, for hints: the edge on the path (hints.Place,
        a path into the answer's "horizontal" and "vertical" rows)."""
        from .steps import Place

        w = self.width
        return [Place(("horizontal", r, c), 1, 0) if e < self.horizontal_count
                else Place(("vertical", *divmod(e - self.horizontal_count, w)), 1, 0)
                for e in range(self.count) for r, c in [divmod(e, max(w - 1, 1))]]

    def flat(self, horizontal: Sequence[Sequence[int]],
             vertical: Sequence[Sequence[int]]) -> list[int]:
        """A value per edge, in order, from the rows."""
        return [int(bool(v)) for row in (*horizontal, *vertical) for v in row]


def path_arms(edges: EdgeGrid, on: Sequence[int], r: int, c: int) -> Arms:
    """Which of a cell's four arms the path uses."""
    return tuple(e is not None and bool(on[e]) for e in edges.arms(r, c))  # type: ignore[return-value]


def path_glyph(arms: Arms, ascii: bool, heavy: bool = False, empty: str = " ") -> str:
    """The line through a cell: a box-drawing glyph (heavy for a cell marked as differing),
    `-`, `|` or `+` in ASCII (`=`, `!`, `#` heavy), `empty` where the path does not pass."""
    if not any(arms):
        return empty
    if ascii:
        light = ASCII_PATH.get(tuple(map(int, arms)), "+")
        return ASCII_HEAVY[light] if heavy else light
    from .draw import corner

    return corner(*arms, ascii=False, heavy=heavy)


def path_drawing(
    edges: EdgeGrid, on: Sequence[int], glyph: Glyph, style: Style,
    other: Sequence[int] | None = None, paint: Callable[[int, int], str] = lambda r, c: "",
    span: int = 1,
) -> Text:
    """The path over the board. Full: a frame, each cell a glyph and the line on to its
    right, and between rows a line of the path's vertical edges, so the loop is seen
    leaving every cell, circles too. Compact: a glyph a cell, no frame. Where `other` (a
    second answer's edges) differs, the line is heavy (`=!#` in ASCII) and magenta;
    `paint(r, c)` is a cell's rich style where colour is on. `span`: the columns a cell's
    glyph takes (a circle and its number), the path's own glyphs carried on rightwards.
    A hint's (grid.looks): its crossed-out edges (`style.crossed`) CROSSED, its rules'
    cells reversed in colour and their rows and columns marked in the frame."""
    from ..drawing import picture_text
    from .draw import corner, plain_grid
    from .looks import CROSSED, LINE_USED, margin_lines, marked_rule

    painted = style.colour and not style.ascii
    empty = "." if style.ascii else "·"

    def differs(edge: int | None) -> bool:
        return other is not None and edge is not None and bool(on[edge]) != bool(other[edge])

    def line(edge: int | None, arms: Arms, key: tuple) -> tuple[str, str]:
        """An edge's own glyph between two cells: blank where the path does not run."""
        if key in style.crossed:
            return CROSSED[style.ascii], DIFFERS if painted else ""
        if edge is None or not on[edge]:
            return " ", ""
        changed = differs(edge)
        return path_glyph(arms, style.ascii, changed), DIFFERS if changed and painted else ""

    def label(r: int, c: int) -> tuple[str, str]:
        arms = path_arms(edges, on, r, c)
        changed = any(differs(e) for e in edges.arms(r, c))
        text = glyph(r, c, arms)
        if text is None:
            text = path_glyph(arms, style.ascii, heavy=changed, empty=empty)
        if len(text) < span:  # the line on to the right runs through the rest of the cell
            fill = path_glyph((False, False, True, True), style.ascii, changed) if arms[3] else " "
            text += fill * (span - len(text))
        used = painted and (r, c) in style.used  # a hint's rules' cell
        shown = (DIFFERS if changed else paint(r, c)) if painted else ""
        return text, f"{shown} reverse".strip() if used else shown

    if style.compact:
        return plain_grid(edges.height, edges.width, label)
    across = (False, False, True, True)
    down = (True, True, False, False)
    side = corner(True, True, False, False, style.ascii)
    rows, cols = margin_lines(style)
    rule = corner(False, False, True, True, style.ascii) * ((span + 1) * edges.width + 1)
    text = picture_text()
    text.append(corner(False, True, False, True, style.ascii)
                + marked_rule(rule, cols, 1, span + 1, style)
                + corner(False, True, True, False, style.ascii) + "\n")
    for r in range(edges.height):
        text.append(side + (LINE_USED["row"][style.ascii] if r in rows else " "))
        for c in range(edges.width):
            text.append(*label(r, c))
            text.append(*line(edges.right(r, c), across, ("horizontal", r, c)))
        text.append(side + "\n")
        if r + 1 < edges.height:
            text.append(side + " ")
            for c in range(edges.width):
                text.append(*line(edges.down(r, c), down, ("vertical", r, c)))
                text.append(" " * span)
            text.append(side + "\n")
    text.append(corner(True, False, False, True, style.ascii) + rule
                + corner(True, False, True, False, style.ascii) + "\n")
    return text


def path_lines(out: Svg, edges: EdgeGrid, on: Sequence[int], cell: float, x0: float,
               y0: float, stroke: str = "#1f5fbf", size: float = 3.0) -> None:
    """Each edge of the path as a line between the two cell centres it joins (round caps,
    so that turns close)."""
    for r in range(edges.height):
        for c in range(edges.width):
            x, y = x0 + (c + 0.5) * cell, y0 + (r + 0.5) * cell
            right, down = edges.right(r, c), edges.down(r, c)
            if right is not None and on[right]:
                out.line(x, y, x + cell, y, stroke, size, stroke_linecap="round", class_="path")
            if down is not None and on[down]:
                out.line(x, y, x, y + cell, stroke, size, stroke_linecap="round", class_="path")
