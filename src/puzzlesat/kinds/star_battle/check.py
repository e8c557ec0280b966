"""The Star Battle rules, checked from the grid alone: no SAT."""

from __future__ import annotations

from ...core import InvalidPuzzle
from ...grid.geometry import regions_from_ids, touching_pairs
from .board import StarBattle


def validate(board: StarBattle) -> None:
    """Refuse boards that cannot hold k stars in every row, column and region at all: a
    board that is not square (its rows hold k x height stars, its columns k x width) or
    whose regions are not as many as its rows (they hold k stars each, the rows all)."""
    h, w = board.height, board.width
    if not w or any(len(row) != w for row in board.regions):
        raise InvalidPuzzle("the Star Battle grid is empty or its rows differ in length")
    if h != w:
        raise InvalidPuzzle(
            f"a Star Battle is square (each row and each column holds as many stars), "
            f"not {w}x{h}"
        )
    count = len(regions_from_ids(board.regions))
    if count != h:
        raise InvalidPuzzle(
            f"this {w}x{h} Star Battle has {count} regions; as many stars lie in its regions "
            f"as in its rows, so it needs {h}"
        )


def stars_of(answer) -> int:
    """k as an answer shows it: the stars of its first row."""
    return sum(answer[0]) if answer else 0


def is_solution(board: StarBattle, answer) -> bool:
    """0/1 cells; k stars (the board's, else those of the first row, at least one) in every
    row, column and region; no two stars touching, not even at a corner."""
    h, w = board.height, board.width
    if len(answer) != h or any(len(row) != w for row in answer):
        return False
    if any(v not in (0, 1) for row in answer for v in row):
        return False
    k = board.stars if board.stars is not None else stars_of(answer)
    if k < 1:
        return False
    units = [
        *([(r, c) for c in range(w)] for r in range(h)),
        *([(r, c) for r in range(h)] for c in range(w)),
        *regions_from_ids(board.regions).values(),
    ]
    if any(sum(answer[r][c] for r, c in unit) != k for unit in units):
        return False
    return not any(
        answer[a[0]][a[1]] and answer[b[0]][b[1]] for a, b in touching_pairs(h, w, True)
    )
