"""Shikaku to CNF: one variable per candidate rectangle.

A candidate has its clue's area, fits the board, covers its own clue and no other. Then
exactly one candidate per clue, and every cell covered exactly once. The at-most-one halves
are native cardinality constraints of Gluecard 4 (pysat's `add_atmost`): no auxiliary
variables and no clauses at all, where a pairwise encoding is quadratic and CardEnc's ladder
was measured larger and slower (benchmarks/README.md).
"""

from __future__ import annotations

from functools import lru_cache

from ...grid import clauses as rules
from ...sat import Encoding, Progress
from .board import Rect, Shikaku


def _clue_counts(board: Shikaku) -> list[list[int]]:
    """Prefix sums of clue cells, so a rectangle's clue count is O(1)."""
    h, w = board.height, board.width
    acc = [[0] * (w + 1) for _ in range(h + 1)]
    for r in range(h):
        for c in range(w):
            acc[r + 1][c + 1] = (
                acc[r][c + 1] + acc[r + 1][c] - acc[r][c] + (1 if board.grid[r][c] else 0)
            )
    return acc


@lru_cache(maxsize=4)
def candidates(board: Shikaku) -> tuple[tuple[Rect, ...], ...]:
    """Every rectangle each clue (in reading order) could take; cached, as validate, encode
    and decode all need it."""
    acc = _clue_counts(board)
    h, w = board.height, board.width
    out = []
    for r, c, area in board.clues():
        rects = []
        for rh in range(1, area + 1):
            if area % rh:
                continue
            rw = area // rh
            if rh > h or rw > w:
                continue
            for top in range(max(0, r - rh + 1), min(r, h - rh) + 1):
                for left in range(max(0, c - rw + 1), min(c, w - rw) + 1):
                    b, e = top + rh, left + rw
                    if acc[b][e] - acc[top][e] - acc[b][left] + acc[top][left] == 1:
                        rects.append(Rect(top, left, rh, rw))
        out.append(tuple(rects))
    return tuple(out)


def encode(board: Shikaku, progress: Progress | None = None) -> Encoding:
    """Candidate variables 1..N (clue by clue, in `candidates` order), each clue and each
    cell taking exactly one: an at-least-one clause plus a native at-most-one constraint.
    `progress` hears "encoding"."""
    if progress is not None:
        progress("encoding")
    covering: list[list[list[int]]] = [[[] for _ in range(board.width)] for _ in board.grid]
    clauses = rules.Named()
    var = 0
    for (r, c, _), rects in zip(board.clues(), candidates(board)):
        first = var + 1
        for rect in rects:
            var += 1
            for row in covering[rect.top : rect.top + rect.height]:
                for cell in row[rect.left : rect.left + rect.width]:
                    cell.append(var)
        clauses.add("one rectangle a clue", ("clue", (r, c)), [list(range(first, var + 1))])
    for r, row in enumerate(covering):
        clauses.add("every cell in one rectangle", ("row", r), row)
    atmosts = [rules.Count(clauses[i], 1, (rule, scope)) for rule, scope, start, end
               in clauses.names for i in range(start, end) if len(clauses[i]) > 1]
    return Encoding(clauses, list(range(1, var + 1)), atmosts, rules=clauses.names)


def decode(board: Shikaku, values) -> tuple[Rect, ...]:
    """The chosen rectangle of every clue, in reading order."""
    chosen, i = [], 0
    for rects in candidates(board):
        picked = [rect for k, rect in enumerate(rects) if values[i + k]]
        chosen.append(picked[0] if len(picked) == 1 else None)
        i += len(rects)
    return tuple(chosen)
