"""The terminal drawing of a grid whose clues stand between cells (Futoshiki's signs,
Renzoku's dots, Binairo+'s `=` and `x`) or around it (Skyscrapers' views): each cell's
value, and in the gaps the marks a kind gives. Full: a cell and its gap take four columns;
compact: two. The givens are bold, the values found teal, a value where a second answer
differs plum (with a legend)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..drawing import DIFFERS, TEAL, Drawing, Style, finish

Between = Callable[[tuple[int, int], tuple[int, int]], "tuple[str, str] | None"]
Ring = Callable[[str, int], str]  # (side, index) -> the clue's text there, "" for none


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
    margin = width + gap if ring else 0

    def mark(found: tuple[str, str] | None) -> str:
        return found[style.ascii] if found else " "

    def clue_row(side: str) -> None:
        out.append(" " * margin)
        for c in range(columns):
            out.append(ring(side, c).rjust(width) + " " * gap, TEAL if painted else "")
        out.append("\n")

    if ring:
        clue_row("top")
    for r in range(n):
        if ring:
            out.append(ring("left", r).rjust(width) + " " * gap, TEAL if painted else "")
        for c in range(columns):
            given, value = grid[r][c], (answer[r][c] if answer is not None else grid[r][c])
            paint = "bold" if given is not None else TEAL
            if other is not None and other[r][c] != value:
                paint, differs = DIFFERS, True
            out.append(("." if value is None else str(value)).rjust(width),
                       paint if painted else "")
            if c + 1 < columns:
                out.append(mark(between((r, c), (r, c + 1))).center(gap))
        if ring:
            out.append(" " * gap + ring("right", r).rjust(width), TEAL if painted else "")
        out.append("\n")
        if r + 1 < n:
            out.append(" " * margin)
            for c in range(columns):
                out.append(mark(between((r, c), (r + 1, c))).rjust(width) + " " * gap)
            out.append("\n")
    if ring:
        clue_row("bottom")
    legend = ("a plum value where this answer differs from solution 1",) if differs else ()
    return Drawing(finish(out), legend)
