"""Cells, neighbours, segments, regions, walls and edges of a rectangular grid.

Cells are (row, column), 0-based, in reading order. Nothing here knows a game: a kind
says which cells are open, which label a cell's unit has, and asks for the shapes.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]  # two cells (or two lattice points) next to each other, first first
ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
DIAGONAL = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def cells(height: int, width: int) -> Iterator[Cell]:
    """Every cell in reading order."""
    for r in range(height):
        for c in range(width):
            yield r, c


def neighbours(height: int, width: int, r: int, c: int, diagonal: bool = False) -> list[Cell]:
    """The cells next to (r, c) on the board: up, down, left, right, then (with `diagonal`,
    as Star Battle's stars and Tents' tents see them) the four corners."""
    steps = ORTHOGONAL + DIAGONAL if diagonal else ORTHOGONAL
    return [
        (r + dr, c + dc) for dr, dc in steps if 0 <= r + dr < height and 0 <= c + dc < width
    ]


def touching_pairs(height: int, width: int, diagonal: bool = False) -> list[Edge]:
    """Every two cells next to each other, once, the first in reading order first: right
    and down, then (with `diagonal`) down-right and down-left. What no two stars, tents or
    black cells may both be (the pairs of every 2x2 block, each pair once)."""
    steps = ((0, 1), (1, 0), (1, 1), (1, -1)) if diagonal else ((0, 1), (1, 0))
    return [
        ((r, c), (r + dr, c + dc))
        for r, c in cells(height, width)
        for dr, dc in steps
        if 0 <= r + dr < height and 0 <= c + dc < width
    ]


def squares(height: int, width: int) -> list[list[Cell]]:
    """Every 2x2 block, its cells top left, top right, bottom left, bottom right: what the
    games with "no 2x2 shaded" (LITS, Tapa, Nurikabe's sea) forbid filling."""
    return [[(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            for r in range(height - 1) for c in range(width - 1)]


def strip_blocks(height: int, width: int) -> list[list[list[Cell]]]:
    """Every strip two rows high (then two columns wide) cut into blocks two cells wide,
    from the first column and from the second (the cells left over at an edge a block of
    their own): where no two marks may touch, a block holds at most one, so a strip holding
    n marks has n blocks that hold one. The counting a solver will not find by itself."""
    out = []
    across = ((width, height, lambda a, b: (a, b)), (height, width, lambda a, b: (b, a)))
    for long, short, at in across:
        for line in range(short - 1):
            for offset in (0, 1):
                cuts = sorted({0, *range(offset, long, 2), long})
                out.append([
                    [at(a, b) for a in (line, line + 1) for b in range(start, end)]
                    for start, end in zip(cuts, cuts[1:]) if start < end
                ])
    return out


def row_segments(open_: Sequence[Sequence[bool]]) -> list[list[Cell]]:
    """The maximal runs of open cells along each row, walls (closed cells) between them."""
    out = []
    for r, row in enumerate(open_):
        run: list[Cell] = []
        for c, free in enumerate([*row, False]):
            if free:
                run.append((r, c))
            elif run:
                out.append(run)
                run = []
    return out


def column_segments(open_: Sequence[Sequence[bool]]) -> list[list[Cell]]:
    """The maximal runs of open cells down each column."""
    width = len(open_[0]) if open_ else 0
    turned = [[open_[r][c] for r in range(len(open_))] for c in range(width)]
    return [[(r, c) for c, r in run] for run in row_segments(turned)]


def segment_of(segments: list[list[Cell]]) -> dict[Cell, int]:
    """Each cell's index in a list of segments (a cell lies in one row and one column one)."""
    return {cell: i for i, run in enumerate(segments) for cell in run}


def regions_from_ids(ids: Sequence[Sequence[Hashable]]) -> dict[Hashable, list[Cell]]:
    """The cells of each region, by the label every cell carries (Star Battle's and jigsaw
    Sudoku's region ids), regions in the reading order of their first cell."""
    out: dict[Hashable, list[Cell]] = {}
    for r, row in enumerate(ids):
        for c, label in enumerate(row):
            out.setdefault(label, []).append((r, c))
    return out


def regions_from_borders(
    height: int, width: int, wall_right: Callable[[int, int], bool],
    wall_below: Callable[[int, int], bool],
) -> list[list[int]]:
    """A 1-based region id per cell from where the borders run (`wall_right(r, c)`: a border
    right of the cell; `wall_below(r, c)`: below it), numbered in reading order: a board
    drawn with borders (a devtools copy, Tatham's jigsaws) becomes ids."""
    ids = [[0] * width for _ in range(height)]
    count = 0
    for start in cells(height, width):
        if ids[start[0]][start[1]]:
            continue
        count += 1
        ids[start[0]][start[1]] = count
        stack = [start]
        while stack:
            r, c = stack.pop()
            steps = (
                (r, c + 1, c + 1 < width and not wall_right(r, c)),
                (r, c - 1, c > 0 and not wall_right(r, c - 1)),
                (r + 1, c, r + 1 < height and not wall_below(r, c)),
                (r - 1, c, r > 0 and not wall_below(r - 1, c)),
            )
            for rr, cc, joined in steps:
                if joined and not ids[rr][cc]:
                    ids[rr][cc] = count
                    stack.append((rr, cc))
    return ids


def cell_edges(height: int, width: int) -> tuple[list[Edge], list[Edge]]:
    """(horizontal, vertical) edges between the centres of neighbouring cells, each in
    reading order: H rows of W-1, then H-1 rows of W (Masyu's answer)."""
    horizontal = [((r, c), (r, c + 1)) for r in range(height) for c in range(width - 1)]
    vertical = [((r, c), (r + 1, c)) for r in range(height - 1) for c in range(width)]
    return horizontal, vertical


def lattice_edges(height: int, width: int) -> tuple[list[Edge], list[Edge]]:
    """(horizontal, vertical) edges of the lattice of cell corners, between the points
    (row, column) of an H x W board: H+1 rows of W, then H rows of W+1 (Slitherlink's)."""
    return cell_edges(height + 1, width + 1)


class Walls:
    """Where walls run between units: `units[r][c]` is a cell's box, region or rectangle
    label, and the outside is a unit of its own, so the frame is a wall too. `cols[b]` and
    `rows[a]` say whether any wall runs along a column or row boundary (0..W, 0..H): a
    drawing makes room for a wall only there, unless asked for every boundary."""

    def __init__(self, units: Sequence[Sequence[Hashable]], every_boundary: bool = False):
        self.units = units
        self.height = height = len(units)
        self.width = width = len(units[0]) if units else 0
        self.cols = [
            every_boundary or any(self.vertical(r, b) for r in range(height))
            for b in range(width + 1)
        ]
        self.rows = [
            every_boundary or any(self.horizontal(a, c) for c in range(width))
            for a in range(height + 1)
        ]

    @classmethod
    def frame(cls, height: int, width: int) -> Walls:
        """Only the frame around the board: one unit."""
        return cls([[0] * width for _ in range(height)])

    def vertical(self, r: int, b: int) -> bool:
        """A wall left of column b in row r."""
        return b in (0, self.width) or self.units[r][b - 1] != self.units[r][b]

    def horizontal(self, a: int, c: int) -> bool:
        """A wall above row a in column c."""
        return a in (0, self.height) or self.units[a - 1][c] != self.units[a][c]

    def corner(self, a: int, b: int) -> tuple[bool, bool, bool, bool]:
        """(up, down, left, right): the walls meeting at the corner above row a, left of
        column b."""
        return (
            a > 0 and self.vertical(a - 1, b),
            a < self.height and self.vertical(a, b),
            b > 0 and self.horizontal(a, b - 1),
            b < self.width and self.horizontal(a, b),
        )

    def inner_runs(self) -> tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]]:
        """(vertical, horizontal) walls inside the frame as runs (line, first, end) of cell
        edges: vertical ones left of column `line` from row first to row end, horizontal
        ones above row `line`. A run is as long as it can be, so lines join without seams."""
        h, w = self.height, self.width
        vertical = _runs([[self.vertical(r, b) for r in range(h)] for b in range(1, w)])
        horizontal = _runs([[self.horizontal(a, c) for c in range(w)] for a in range(1, h)])
        return vertical, horizontal


def _runs(lines: list[list[bool]]) -> list[tuple[int, int, int]]:
    """(line, first, end) of each run of True along each line; lines count from 1."""
    out = []
    for line, edges in enumerate(lines, 1):
        start = None
        for i, wall in enumerate([*edges, False]):
            if wall and start is None:
                start = i
            elif not wall and start is not None:
                out.append((line, start, i))
                start = None
    return out
