"""The Slitherlink board: a grid of cells, some with a clue 0-4 (how many of its four
sides the loop runs along), and its board JSON `{"grid": [[null, 3, ...], ...]}`. An
answer is the loop's lattice edges: H+1 rows of W horizontal ones, then H rows of W+1
vertical ones, each 0/1."""

from __future__ import annotations

from ...core import ParseError, json_excerpt
from ...grid.board import Board, board
from ...site_check import yes_no

CLUES = "0123"  # the site's; a square has four sides, so Tatham's Loopy may say 4 too
Clue = int | None
Edges = tuple[tuple[int, ...], ...]


Answer = tuple[Edges, Edges]  # (horizontal, vertical): the loop's edges, rows of 0/1
_NONE = object()


def answer(horizontal, vertical) -> Answer:
    """An answer from its two grids of 0/1 (any iterables)."""
    return (tuple(tuple(int(bool(x)) for x in row) for row in horizontal),
            tuple(tuple(int(bool(x)) for x in row) for row in vertical))


@board
class Slitherlink(Board):
    """Rows of clues (None: no clue)."""

    kind = "slitherlink"

    grid: tuple[tuple[Clue, ...], ...]

    def clues(self) -> list[tuple[int, int, int]]:
        """(row, col, number) of every clue, in reading order."""
        return [(r, c, k) for r, row in enumerate(self.grid) for c, k in enumerate(row)
                if k is not None]


def to_json(board: Slitherlink) -> dict:
    return {"grid": [list(row) for row in board.grid]}


def from_json(puzzle: dict, source: str) -> Slitherlink:
    """The board from board JSON's "puzzle": {"grid": [[null, 3, ...], ...]}."""
    grid = puzzle.get("grid")
    if not isinstance(grid, list) or not grid or not all(isinstance(r, list) for r in grid):
        raise ParseError(
            'a Slitherlink\'s board JSON needs "grid", a list of rows such as [null, 3, 0] '
            "(null: no clue, 0-4: a clue)"
        )
    for r, row in enumerate(grid, 1):
        bad = next((x for x in row if not (x is None or (type(x) is int and 0 <= x <= 4))),
                   _NONE)
        if bad is not _NONE:
            raise ParseError(
                f"board JSON: Slitherlink row {r} holds {json_excerpt(bad)}, not null or a "
                f"clue 0-4: {json_excerpt(row)}"
            )
    if not grid[0] or any(len(row) != len(grid[0]) for row in grid):
        lengths = sorted({len(row) for row in grid})
        raise ParseError(
            "board JSON: a Slitherlink needs rows of one length, at least one cell "
            f"(its rows have {', '.join(map(str, lengths[:5]))} cells)"
        )
    return Slitherlink(grid=tuple(tuple(row) for row in grid), source=source)


def answer_json(found: Answer) -> dict:
    return {"horizontal": [list(row) for row in found[0]],
            "vertical": [list(row) for row in found[1]]}


def site_answer(board: Slitherlink, found: Answer) -> str:
    """What puzzle-loop.com hashes (genres.md section 2): `y`/`n` per lattice edge, the
    H+1 rows of horizontal ones first: this kind's own order."""
    return yes_no(*found)
