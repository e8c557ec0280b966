"""The Shakashaka rules, checked from the picture alone: no SAT, and not the encoding's
rule about angles either. Each cell is cut along both diagonals into four quarters (north,
east, south, west); a triangle blackens the two quarters along its legs. The white
quarters are joined into areas edge to edge, and an area is a rectangle exactly when it
fills its bounding box, upright or turned 45 degrees."""

from __future__ import annotations

from ...core import InvalidPuzzle
from ...grid.geometry import neighbours
from .board import CELL_CHARACTERS, CORNERS, Shakashaka

# The quarters a triangle blackens, by the corner of its right angle.
BLACKENS = {"nw": "NW", "ne": "NE", "se": "SE", "sw": "SW", None: ""}
# Each quarter's three corners in half-cell units, from the cell's top-left (0, 0): x, y.
CORNERS_OF = {
    "N": ((0, 0), (2, 0), (1, 1)), "E": ((2, 0), (2, 2), (1, 1)),
    "S": ((0, 2), (2, 2), (1, 1)), "W": ((0, 0), (0, 2), (1, 1)),
}
# Quarters that share an edge: inside a cell, and with the next cell (row step, col step).
INSIDE = (("N", "E"), ("E", "S"), ("S", "W"), ("W", "N"))
ACROSS = (("S", 1, 0, "N"), ("E", 0, 1, "W"))


def validate(board: Shakashaka) -> None:
    """Refuse grids that are not one: ragged rows or unknown characters. Numbers that
    cannot hold are the solver's to find (no solution)."""
    if not board.width or any(len(row) != board.width for row in board.cells):
        raise InvalidPuzzle("the Shakashaka grid is empty or its rows differ in length")
    if any(ch not in CELL_CHARACTERS for row in board.cells for ch in row):
        raise InvalidPuzzle(f"a Shakashaka grid holds only {CELL_CHARACTERS!r}")


def is_solution(board: Shakashaka, answer) -> bool:
    """Triangles on white cells only; every number the count of triangles next to it;
    every white area a rectangle, upright or at 45 degrees."""
    h, w = board.height, board.width
    if len(answer) != h or any(len(row) != w for row in answer):
        return False
    for r in range(h):
        for c in range(w):
            if answer[r][c] is not None and (answer[r][c] not in CORNERS
                                             or not board.is_white(r, c)):
                return False
    if any(sum(answer[a][b] is not None for a, b in neighbours(h, w, r, c)) != k
           for r, c, k in board.clues()):
        return False
    return all(_is_rectangle(area) for area in white_areas(board, answer))


def white_areas(board: Shakashaka, answer) -> list[list[tuple[int, int, str]]]:
    """The white areas, each a list of its quarters (row, col, quarter)."""
    white = {
        (r, c, q) for r in range(board.height) for c in range(board.width)
        if board.is_white(r, c) for q in "NESW" if q not in BLACKENS[answer[r][c]]
    }
    areas, seen = [], set()
    for start in sorted(white):
        if start in seen:
            continue
        seen.add(start)
        area, todo = [], [start]
        while todo:
            quarter = todo.pop()
            area.append(quarter)
            for other in _touching(*quarter):
                if other in white and other not in seen:
                    seen.add(other)
                    todo.append(other)
        areas.append(area)
    return areas


def _touching(r: int, c: int, q: str) -> list[tuple[int, int, str]]:
    """The quarters that share an edge with quarter q of cell (r, c)."""
    out = [(r, c, b if a == q else a) for a, b in INSIDE if q in (a, b)]
    for here, dr, dc, there in ACROSS:
        if q == here:
            out.append((r + dr, c + dc, there))
        elif q == there:
            out.append((r - dr, c - dc, here))
    return out


def _is_rectangle(area: list[tuple[int, int, str]]) -> bool:
    """Whether the quarters fill their bounding box, upright or turned 45 degrees (a
    quarter is one square half-cell unit; the turned box's sides are counted in x+y and
    x-y, which doubles its area)."""
    points = [(2 * c + x, 2 * r + y) for r, c, q in area for x, y in CORNERS_OF[q]]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    us, vs = [x + y for x, y in points], [x - y for x, y in points]
    upright = (max(xs) - min(xs)) * (max(ys) - min(ys))
    turned = (max(us) - min(us)) * (max(vs) - min(vs))
    return len(area) in (upright, turned / 2)
