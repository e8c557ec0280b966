"""The Masyu rules, checked from the grid and the answer's edge rows alone: no SAT."""

from __future__ import annotations

from ...core import InvalidPuzzle
from ...grid.connected import connected
from .board import CELL_CHARACTERS, WHITE, Masyu

Cell = tuple[int, int]


def validate(board: Masyu) -> None:
    """Refuse grids that are not one: ragged rows or unknown characters. Circles that cannot
    hold are the solver's to find (no solution)."""
    if not board.width or any(len(row) != board.width for row in board.cells):
        raise InvalidPuzzle("the Masyu grid is empty or its rows differ in length")
    if any(ch not in CELL_CHARACTERS for row in board.cells for ch in row):
        raise InvalidPuzzle(f"a Masyu grid holds only {CELL_CHARACTERS!r}")


def _links(board: Masyu, answer) -> dict[Cell, list[Cell]] | None:
    """Each cell's neighbours along the loop, or None when the rows have the wrong shape."""
    h, w = board.height, board.width
    horizontal, vertical = answer
    if len(horizontal) != h or any(len(row) != w - 1 for row in horizontal):
        return None
    if len(vertical) != h - 1 or any(len(row) != w for row in vertical):
        return None
    links: dict[Cell, list[Cell]] = {(r, c): [] for r in range(h) for c in range(w)}
    for r, row in enumerate(horizontal):
        for c, on in enumerate(row):
            if on:
                links[r, c].append((r, c + 1))
                links[r, c + 1].append((r, c))
    for r, row in enumerate(vertical):
        for c, on in enumerate(row):
            if on:
                links[r, c].append((r + 1, c))
                links[r + 1, c].append((r, c))
    return links


def _one_loop(links: dict[Cell, list[Cell]]) -> bool:
    """Every cell has two links or none, and the cells with two are one cycle (connected
    along the links: the grid toolkit's twin of the solver's loop rule)."""
    if any(len(n) not in (0, 2) for n in links.values()):
        return False
    on = [cell for cell, n in links.items() if n]
    return bool(on) and connected(on, links.__getitem__)


def _straight(links: dict[Cell, list[Cell]], cell: Cell) -> bool:
    (a, b) = links[cell]
    return a[0] == b[0] or a[1] == b[1]


def _circle_holds(links: dict[Cell, list[Cell]], cell: Cell, circle: str) -> bool:
    """White: straight through, turning on at least one of the two cells next along the
    loop. Black: a turn, and straight on through the next cell of both legs."""
    if len(links[cell]) != 2:
        return False
    if circle == WHITE:
        return _straight(links, cell) and not all(_straight(links, n) for n in links[cell])
    return not _straight(links, cell) and all(
        (2 * n[0] - cell[0], 2 * n[1] - cell[1]) in links[n]
        for n in links[cell]
    )


def is_solution(board: Masyu, answer) -> bool:
    """One loop through cell centres, through every circle, each circle's rule kept."""
    links = _links(board, answer)
    if links is None or not _one_loop(links):
        return False
    return all(_circle_holds(links, (r, c), ch) for r, c, ch in board.circles())
