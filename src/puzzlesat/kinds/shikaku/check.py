"""The Shikaku rules, checked from the grid alone: no SAT."""

from __future__ import annotations

from ...core import InvalidPuzzle
from .board import Shikaku
from .encode import candidates


def validate(board: Shikaku) -> None:
    """Refuse boards that cannot be cut: wrong total, or a clue with no rectangle at all."""
    if not board.width or any(len(row) != board.width for row in board.grid):
        raise InvalidPuzzle("the Shikaku grid is empty or its rows differ in length")
    if any(v < 0 for row in board.grid for v in row):
        raise InvalidPuzzle("the Shikaku grid holds a negative number")
    clues = board.clues()
    total, area = sum(v for _, _, v in clues), board.width * board.height
    if total != area:
        raise InvalidPuzzle(f"the clues add up to {total} but the board has {area} cells")
    for (r, c, v), rects in zip(clues, candidates(board)):
        if not rects:
            raise InvalidPuzzle(f"the clue {v} at row {r + 1}, column {c + 1} fits no rectangle")


def is_solution(board: Shikaku, rects) -> bool:
    """Check from the rules alone: one rectangle per clue, its area, no other clue, a tiling."""
    clues = board.clues()
    if len(rects) != len(clues) or any(rect is None for rect in rects):
        return False
    owner = [[None] * board.width for _ in range(board.height)]
    for (r, c, area), rect in zip(clues, rects):
        if rect.height * rect.width != area or not rect.contains(r, c):
            return False
        if rect.top < 0 or rect.left < 0:
            return False
        if rect.top + rect.height > board.height or rect.left + rect.width > board.width:
            return False
        for rr, cc in rect.cells():
            if owner[rr][cc] is not None or (board.grid[rr][cc] and (rr, cc) != (r, c)):
                return False
            owner[rr][cc] = (r, c)
    return all(o is not None for row in owner for o in row)
