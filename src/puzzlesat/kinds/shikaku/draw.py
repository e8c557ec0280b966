"""A Shikaku answer in the terminal: the regions' walls in box drawing, or a compact grid."""

from __future__ import annotations

import heapq

from rich.text import Text

from ...drawing import Drawing, Style, finish, picture_text
from ...grid.draw import walled
from ...grid.geometry import Walls
from .board import Rect, Shikaku

PALETTE = (
    "on #4e79a7",
    "on #f28e2b",
    "on #59a14f",
    "on #b07aa1",
    "on #e15759",
    "on #76b7b2",
    "on #edc948",
    "on #9c755f",
)
REGION_LETTERS = "abcdefghijklmnopqrstuvwxyz"
UNDECIDED = -1  # the owner of a cell no rectangle covers yet (a hint's half-decided answer)


def _owners(board: Shikaku, rects: tuple[Rect | None, ...]) -> list[list[int]]:
    """Each cell's rectangle, by its index in `rects` (None there: a clue's rectangle not
    decided yet), UNDECIDED where none covers it."""
    owner = [[UNDECIDED] * board.width for _ in range(board.height)]
    for i, rect in enumerate(rects):
        for r, c in rect.cells() if rect is not None else ():
            owner[r][c] = i
    return owner


def region_colours(board: Shikaku, rects: tuple[Rect, ...]) -> list[int]:
    """A palette index per rectangle such that touching rectangles never share one."""
    owner = _owners(board, rects)
    neighbours: list[set[int]] = [set() for _ in rects]
    for r in range(board.height):
        for c in range(board.width):
            for rr, cc in ((r + 1, c), (r, c + 1)):
                if rr < board.height and cc < board.width and owner[rr][cc] != owner[r][c] \
                        and UNDECIDED not in (owner[rr][cc], owner[r][c]):
                    neighbours[owner[r][c]].add(owner[rr][cc])
                    neighbours[owner[rr][cc]].add(owner[r][c])
    # Smallest-last order: the rectangles' touch graph is planar, so every subgraph has a
    # region with at most 5 neighbours and greedy colouring in this order needs at most 6
    # colours; the palette has 8, so touching regions never share one.
    degree = [len(n) for n in neighbours]
    heap = [(d, i) for i, d in enumerate(degree)]
    heapq.heapify(heap)
    removed = [False] * len(rects)
    order = []
    while heap:
        d, i = heapq.heappop(heap)
        if removed[i] or d != degree[i]:
            continue  # a stale entry: the region lost neighbours since it was pushed
        removed[i] = True
        order.append(i)
        for j in neighbours[i]:
            if not removed[j]:
                degree[j] -= 1
                heapq.heappush(heap, (degree[j], j))
    colours = [-1] * len(rects)
    for i in reversed(order):
        taken = {colours[j] for j in neighbours[i]}
        colours[i] = next(k for k in range(len(rects) + 1) if k not in taken)
    return colours


COMPACT_CELL = 2  # columns a cell takes in the compact drawing
TOO_BIG = "##"  # a clue of more digits than a compact cell holds (the legend gives it)


def _differing(board: Shikaku, rects, other) -> list[list[bool]]:
    """Per cell, whether its rectangle is not one of the first answer's."""
    first = set(other)
    marked = [[False] * board.width for _ in range(board.height)]
    for rect in rects:
        if rect not in first:
            for r, c in rect.cells():
                marked[r][c] = True
    return marked


def draw(board: Shikaku, rects, other, style: Style) -> Drawing:
    """The regions with their walls, or (`style.compact`) a grid of two columns a cell; a
    hint's half-decided answer (a rectangle None) leaves its cells blank, each walled."""
    owner = _owners(board, rects)
    colours = region_colours(board, rects)
    differs = _differing(board, rects, other) if other is not None else None
    hidden: list[tuple[int, int, int]] = []
    if style.compact:
        text, used = _compact(board, owner, colours, differs, style, hidden)
    else:
        text, used = _full(board, owner, colours, differs, style)
    return Drawing(finish(text), used + _legend(hidden, differs, style))


def _legend(hidden, differs, style: Style) -> tuple[str, ...]:
    lines = []
    if hidden:
        where = "; ".join(f"{v} at row {r + 1} column {c + 1}" for r, c, v in hidden)
        lines.append(f"{TOO_BIG} is a clue that does not fit its cell here: {where}")
    if differs is not None:
        if style.compact and not (style.colour and not style.ascii):
            mark = "CAPITAL letters show"
        else:
            mark = "':' shows" if style.ascii else "░ shows"
        lines.append(f"{mark} the regions that differ from solution 1")
    return tuple(lines)


def _compact(board: Shikaku, owner, colours, differs, style: Style,
             hidden: list) -> tuple[Text, tuple[str, ...]]:
    """Two columns a cell: its clue, else a dot on its region's colour, or (no colour) a
    letter that touching regions never share. A clue too long for two columns, or (no
    colour to part them) a two-digit clue right after another clue (` 440` would read as
    one number), is TOO_BIG and listed in `hidden` for the legend. A hint's cells its rules
    speak of marked (grid.looks.UsedMarks), TOO_BIG kept whole; with the legend's line."""
    from ...grid.looks import UsedMarks

    text = picture_text()
    painted = style.colour and not style.ascii
    digits_left = False  # the cell to the left ends in a clue's digit
    too_big: set[tuple[int, int]] = set()

    def cell(r: int, c: int) -> tuple[str, str]:
        nonlocal digits_left
        v = board.grid[r][c]
        region = owner[r][c]
        marked = differs is not None and differs[r][c]
        if v:
            label = str(v)
            if v > 99 or (v > 9 and digits_left and not painted):
                label = TOO_BIG
                hidden.append((r, c, v))
                too_big.add((r, c))
            digits_left = label != TOO_BIG
        elif painted or region == UNDECIDED:
            label = "░" if marked else "·" if painted or not style.ascii else "."
        else:
            letter = REGION_LETTERS[colours[region] % len(REGION_LETTERS)]
            label = letter.upper() if marked else letter
        if not v:
            digits_left = False
        return label.rjust(COMPACT_CELL), _paint(colours, region) if painted else ""

    marks = UsedMarks(cell, style, keep=too_big)
    for r in range(board.height):
        digits_left = False
        for c in range(board.width):
            text.append(*marks(r, c))
        text.append("\n")
    return text, marks.legend()


def _paint(colours: list[int], region: int) -> str:
    return "" if region == UNDECIDED else PALETTE[colours[region] % len(PALETTE)]


def _full(board: Shikaku, owner, colours, differs,
          style: Style) -> tuple[Text, tuple[str, ...]]:
    """Every region inside its walls, clues in their cells (a cell not decided yet walled
    on its own); a hint's cells its rules speak of marked (grid.looks.UsedMarks)."""
    from ...grid.looks import UsedMarks

    cell = max([2] + [len(str(v)) for _, _, v in board.clues()])
    blank = ":" if style.ascii else "░"

    def label(r: int, c: int) -> tuple[str, str]:
        v = board.grid[r][c]
        marked = differs is not None and differs[r][c]
        paint = "" if style.ascii else _paint(colours, owner[r][c])
        return (str(v).rjust(cell) if v else (blank if marked else " ") * cell), paint

    units = [[region if region != UNDECIDED else -2 - r * board.width - c
              for c, region in enumerate(row)] for r, row in enumerate(owner)]
    marks = UsedMarks(label, style)
    return walled(Walls(units, every_boundary=True), marks, cell, style), marks.legend()
