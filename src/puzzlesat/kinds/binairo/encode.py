"""Binairo to CNF: a variable per cell, true for a 1 (genres.md's sketch).

Every row and column holds as many 1s as 0s (native counts, which the card solver
propagates at once); no three alike in a row or column (two clauses a triple); the givens
as units; and, where the board asks it, every two rows (and every two columns) differ in
some place (a helper a place). One small rule a function, from the grid toolkit.
"""

from __future__ import annotations

from itertools import combinations

from ...grid import clauses as rules
from ...sat import Encoding, Progress
from .board import Answer, Binairo


def encode(board: Binairo, progress: Progress | None = None) -> Encoding:
    """Cell variables 1..N in reading order, then the difference helpers. `progress`
    hears "encoding"."""
    if progress is not None:
        progress("encoding")
    h, w = board.height, board.width
    variables = rules.Variables()
    cell = [[variables.of((r, c)) for c in range(w)] for r in range(h)]
    rows = cell
    cols = [[cell[r][c] for r in range(h)] for c in range(w)]
    out = [[cell[r][c] if v else -cell[r][c]] for r, c, v in board.givens()]
    atmosts = []
    for line in (*rows, *cols):
        out += rules.never_three(line)
        atmosts += rules.exactly_native(line, len(line) // 2)
    if board.distinct_lines:
        for lines in (rows, cols):
            for first, second in combinations(lines, 2):
                out += rules.differ(first, second, variables)
    return Encoding(out, list(range(1, h * w + 1)), atmosts)


def decode(board: Binairo, values) -> Answer:
    """Rows of 0/1 from the cell variables (reading order)."""
    on = [int(bool(v)) for v in values]
    w = board.width
    return tuple(tuple(on[r * w : (r + 1) * w]) for r in range(board.height))
