"""The Slitherlink rules, checked from the answer alone: no SAT, no encoding."""

from __future__ import annotations

from ...core import InvalidPuzzle
from ...grid.connected import connected
from .board import Slitherlink


def validate(board: Slitherlink) -> None:
    """Refuse grids that are not one: ragged rows or clues outside 0-4 (a square's sides).
    Clues that cannot hold together are the solver's to find (no solution)."""
    if not board.width or any(len(row) != board.width for row in board.grid):
        raise InvalidPuzzle("the Slitherlink grid is empty or its rows differ in length")
    if any(k is not None and not (type(k) is int and 0 <= k <= 4)
           for row in board.grid for k in row):
        raise InvalidPuzzle("a Slitherlink clue is a number 0-4")


def loop_edges(board: Slitherlink, found) -> list[tuple[tuple[int, int], tuple[int, int]]] | None:
    """The answer's edges as pairs of lattice points, None when its shape is wrong."""
    horizontal, vertical = found
    h, w = board.height, board.width
    if len(horizontal) != h + 1 or any(len(row) != w for row in horizontal):
        return None
    if len(vertical) != h or any(len(row) != w + 1 for row in vertical):
        return None
    return ([((a, c), (a, c + 1)) for a in range(h + 1) for c in range(w) if horizontal[a][c]]
            + [((r, b), (r + 1, b)) for r in range(h) for b in range(w + 1) if vertical[r][b]])


def is_one_loop(edges) -> bool:
    """At least one edge, every point on two of them, and all of them connected (the grid
    toolkit's twin of the solver's loop rule)."""
    around: dict = {}
    for a, b in edges:
        around.setdefault(a, []).append(b)
        around.setdefault(b, []).append(a)
    if not around or any(len(ends) != 2 for ends in around.values()):
        return False
    return connected(around, around.__getitem__)


def is_solution(board: Slitherlink, found) -> bool:
    """One single loop on the lattice, and every clue the number of its sides on it."""
    edges = loop_edges(board, found)
    if edges is None or not is_one_loop(edges):
        return False
    horizontal, vertical = found
    return all(
        horizontal[r][c] + horizontal[r + 1][c] + vertical[r][c] + vertical[r][c + 1] == k
        for r, c, k in board.clues()
    )
