"""Dominosa to CNF (genres.md's sketch): a variable per two neighbouring cells, true where
one domino covers both. Every cell is covered exactly once (one of its at most four pairs),
and every domino of the set lies exactly once (one of the pairs that show its two numbers).
A domino no pair shows makes an empty clause: no answer."""

from __future__ import annotations

from collections import defaultdict

from ...grid import clauses as rules
from ...grid.geometry import cell_edges
from ...sat import Encoding, Progress
from .board import Answer, Dominosa


def placements(board: Dominosa) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Every two neighbouring cells, the rows' pairs first, each in reading order: the
    order of the variables."""
    horizontal, vertical = cell_edges(board.height, board.width)
    return horizontal + vertical


def encode(board: Dominosa, progress: Progress | None = None) -> Encoding:
    """Pair variables 1..P (placements' order), then the counters' helpers. `progress`
    hears "encoding"."""
    if progress is not None:
        progress("encoding")
    variables = rules.Variables()
    pairs = placements(board)
    at_cell: dict[tuple[int, int], list[int]] = defaultdict(list)
    of_domino: dict[tuple[int, int], list[int]] = defaultdict(list)
    for a, b in pairs:
        var = variables.of((a, b))
        at_cell[a].append(var)
        at_cell[b].append(var)
        x, y = board.grid[a[0]][a[1]], board.grid[b[0]][b[1]]
        of_domino[min(x, y), max(x, y)].append(var)
    out: list[list[int]] = []
    for r in range(board.height):
        for c in range(board.width):
            out += rules.exactly_one(at_cell[r, c], variables)
    n = board.top
    for low in range(n + 1):
        for high in range(low, n + 1):
            out += rules.exactly_one(of_domino.get((low, high), []), variables)
    return Encoding(out, list(range(1, len(pairs) + 1)))


def decode(board: Dominosa, values) -> Answer:
    """The dominoes of the true pair variables, in reading order of their first cells."""
    chosen = [pair for pair, on in zip(placements(board), values) if on]
    return tuple(sorted(chosen))
