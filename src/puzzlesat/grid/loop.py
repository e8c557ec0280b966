"""A loop along the edges between the points of a grid, as the loop games' answers hold it:
Masyu's through the cell centres (H x W points), Slitherlink's on the lattice of cell
corners ((H+1) x (W+1) points). One answer shape, one JSON, one site text and one checker
of "a single loop" for both, so that each game keeps only its own rules.

An answer is two grids of 0/1: `horizontal[r][c]` joins point (r, c) to (r, c+1),
`vertical[r][c]` joins (r, c) to (r+1, c), in the order the solver numbers the edges
(`cell_path.EdgeGrid`, `geometry.cell_edges`) and the site hashes them (genres.md
section 2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..site_check import yes_no
from .connected import connected

Rows = tuple[tuple[int, ...], ...]
Point = tuple[int, int]
Links = dict[Point, list[Point]]


class Loop(NamedTuple):
    """The loop's edges: H rows of horizontal ones (W-1 a row), then H-1 rows of vertical
    ones (W a row), for H x W points."""

    horizontal: Rows
    vertical: Rows


def answer_json(answer: Loop) -> dict:
    """The answer as board JSON and --json hold it."""
    return {"horizontal": [list(row) for row in answer[0]],
            "vertical": [list(row) for row in answer[1]]}


def site_answer(board: object, answer: Loop) -> str:
    """The text a loop game's page hashes: `y`/`n` per edge, the horizontal rows, then the
    vertical ones (Masyu between cell centres, Loop on the lattice: genres.md section 2)."""
    return yes_no((*answer[0], *answer[1]))


def links(height: int, width: int, answer: Sequence[Sequence[Sequence[int]]]) -> Links | None:
    """Each of the H x W points' neighbours along the answer's edges, or None when the
    answer's rows do not have the grid's shape."""
    horizontal, vertical = answer
    if len(horizontal) != height or any(len(row) != width - 1 for row in horizontal):
        return None
    if len(vertical) != height - 1 or any(len(row) != width for row in vertical):
        return None
    out: Links = {(r, c): [] for r in range(height) for c in range(width)}
    for (dr, dc), rows in (((0, 1), horizontal), ((1, 0), vertical)):
        for r, row in enumerate(rows):
            for c, on in enumerate(row):
                if on:
                    out[r, c].append((r + dr, c + dc))
                    out[r + dr, c + dc].append((r, c))
    return out


def is_one_loop(around: Links | None) -> bool:
    """At least one edge, every point on two edges or none, and the points on the loop
    connected: the checkers' twin of `connectivity.single_loop` (the only place a loop
    game's checker asks what hangs together)."""
    if around is None or any(len(ends) not in (0, 2) for ends in around.values()):
        return False
    on = [point for point, ends in around.items() if ends]
    return bool(on) and connected(on, around.__getitem__)
