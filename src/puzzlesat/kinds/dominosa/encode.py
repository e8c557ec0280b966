"""Dominosa to CNF (genres.md's sketch): a variable per two neighbouring cells, true where
one domino covers both. Every cell is covered exactly once (one of its at most four pairs),
and every domino of the set lies exactly once (one of the pairs that show its two numbers):
each an at-least-one clause and a native at-most-one, which the card solver propagates at
once and which spares the Python side the pairs and counters (on the site's monthly
double-40 about a quarter of the time: benchmarks/README.md). A domino no pair shows makes
an empty clause: no answer."""

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
    """Pair variables 1..P in the placements' order, and nothing else. `progress` hears
    "encoding"."""
    if progress is not None:
        progress("encoding")
    grid = board.grid
    pairs = placements(board)
    at_cell: dict[tuple[int, int], list[int]] = defaultdict(list)
    of_domino: dict[tuple[int, int], list[int]] = defaultdict(list)
    for var, (a, b) in enumerate(pairs, 1):
        at_cell[a].append(var)
        at_cell[b].append(var)
        x, y = grid[a[0]][a[1]], grid[b[0]][b[1]]
        of_domino[(x, y) if x <= y else (y, x)].append(var)
    n = board.top
    dominoes = [of_domino.get((low, high), []) for low in range(n + 1)
                for high in range(low, n + 1)]
    units = [*at_cell.values(), *dominoes]
    clauses = [clause for unit in units for clause in rules.at_least_one(unit)]
    atmosts = [(unit, 1) for unit in units if len(unit) > 1]
    return Encoding(clauses, list(range(1, len(pairs) + 1)), atmosts)


def decode(board: Dominosa, values) -> Answer:
    """The dominoes of the true pair variables, in reading order of their first cells."""
    chosen = [pair for pair, on in zip(placements(board), values) if on]
    return tuple(sorted(chosen))
