"""A Dominosa answer in the terminal: the numbers, and a wall wherever two cells are not one
domino (the grid toolkit's walls), so each domino is a box of two cells.

Full: a cell is its number, right-aligned after one blank column, a slot between every two
cells, walled where they are not one domino; compact: the number alone, walls only where
they run (without them the answer says nothing). ASCII draws the walls in `+-|`. Where a second
answer differs, the cells of its dominoes that are not the first's are marked `*` before
the number (a blank column is kept for it then, compact too), and the legend says so.
Colour only adds.
"""

from __future__ import annotations

from ...drawing import Drawing, Style, finish
from ...grid.draw import walled
from ...grid.geometry import Walls
from ...grid.looks import UsedMarks
from . import Dominosa

MARK = "*"
NUMBER_STYLE, DIFFERS = "bold", "bold magenta"


def draw(board: Dominosa, answer, other, style: Style) -> Drawing:
    """The numbers inside the dominoes' walls, full or compact."""
    painted = style.colour and not style.ascii
    digits = len(str(board.top))
    pad = 0 if style.compact and not style.paired and other is None else 1
    first = set(other) if other is not None else None
    differs = {cell for domino in answer if first is not None and domino not in first
               for cell in domino}

    def label(r: int, c: int) -> tuple[str, str]:
        number = str(board.grid[r][c]).rjust(digits)
        if (r, c) in differs:
            return (MARK * pad + number), DIFFERS if painted else ""
        return " " * pad + number, NUMBER_STYLE if painted else ""

    owner = {cell: i for i, domino in enumerate(answer) for cell in domino}
    units = [[owner.get((r, c), -1) for c in range(board.width)] for r in range(board.height)]
    walls = Walls(units, every_boundary=not style.compact)
    marked = UsedMarks(label, style, keep=differs)  # a hint's: the cells its rules speak of
    text = walled(walls, marked, digits + pad, style)
    legend = marked.legend()
    if other is not None:
        legend += (f"{MARK} marks the cells of the dominoes that differ from solution 1",)
    return Drawing(finish(text), legend)
