"""Tatham's Tents (tents.c), `WxH[dDIFF]:desc`.

The description is the trees as runs, then the counts: `_` a tree, `a`-`y` 1-25 empty
cells and then a tree, `z` 25 empty cells alone, `!` (`-`) the cell before a tent (an
empty cell) given; the last tree lands one past the board, on W*H; then `,` and W column
counts and H row counts (tents.c's validate_desc and new_game). The puzzle-tents.com task
is this same description. The difficulty `de`/`dt` is the generator's and ignored. Written
`WxH:` and the description as new_game_desc writes it (trees and counts alone: a board
with givens is refused). Tatham needs a side of at least 4.
"""

from __future__ import annotations

from ...core import LazyPattern, ParseError
from ...kinds.tents import GRASS, TENT, TREE, Tents, board_cells, tree_runs
from .common import refuse

PARAMS = LazyPattern(r"(?:d[a-z]?)?")  # after `WxH`: the generator's difficulty
RUNS = LazyPattern(r"[a-z_!-]*")
COUNTS = LazyPattern(r"(?:,[0-9]+)+")
SKIP = 25  # `z`: this many empty cells and no tree
MIN_SIDE = 4  # tents.c validate_params


def is_tents(suffix: str, desc: str, area: int) -> bool:
    """Whether an ID is Tents': params of a difficulty alone, a description of runs (no
    digit), `_`/`!`/`-` or one letter more than the board's cells, and counts after it."""
    runs, comma, counts = desc.partition(",")
    if PARAMS.fullmatch(suffix) is None or not comma or RUNS.fullmatch(runs) is None:
        return False
    if COUNTS.fullmatch(comma + counts) is None:
        return False
    cells, _ = tree_runs(runs, area, "!-")
    return "d" in suffix or len(cells) == area + 1 or bool(set(runs) & set("_!-"))


def read_tents(width: int, height: int, desc: str, source: str = "") -> Tents:
    """A Tents description (after the params) as a board, in tents.c's words."""
    runs, _, counts = desc.partition(",")
    cells, pos = tree_runs(runs, width * height, "!-")
    if pos < len(runs) and len(cells) <= width * height + 1:
        raise ParseError(f"Tatham Tents ID: Invalid character in grid specification "
                         f"({runs[pos]!r} at position {pos + 1})")
    rows = board_cells(cells, width, height)
    if rows is None:
        much = "Not enough" if len(cells) <= width * height else "Too much"
        raise ParseError(f"Tatham Tents ID: {much} data to fill grid (the trees cover "
                         f"{len(cells)} cells; a {width}x{height} grid and the last tree "
                         f"one past it make {width * height + 1})")
    numbers = _counts(counts, width + height)
    return Tents(numbers[:width], numbers[width:], rows, source=source)


def _counts(text: str, count: int) -> tuple[int, ...]:
    pieces = text.split(",") if text else []
    if len(pieces) < count:
        raise ParseError("Tatham Tents ID: Not enough numbers given after grid specification "
                         f"({len(pieces)} of {count})")
    if len(pieces) > count:
        raise ParseError("Tatham Tents ID: Unexpected additional data at end of game "
                         "description")
    if not all(piece.isascii() and piece.isdigit() and len(piece) < 10 for piece in pieces):
        raise ParseError("Tatham Tents ID: Invalid character in number list")
    return tuple(int(piece) for piece in pieces)


def write_tents(board: Tents) -> str:
    """The board's ID as new_game_desc writes it: runs of empty cells ending at a tree,
    `z` for each 25 more, the closing tree one past the board, then the counts."""
    if board.width < MIN_SIDE or board.height < MIN_SIDE:
        raise refuse("Tatham's Tents needs a width and height of at least 4")
    if any(ch in TENT + GRASS for row in board.cells for ch in row):
        raise refuse("Tatham's Tents IDs as its generator writes them give no tents or empty "
                     "cells, only trees")
    out, run = [], 0
    for ch in [*"".join(board.cells), TREE]:
        if ch == TREE:
            out.append("_" if run == 0 else chr(96 + run))
            run = 0
        else:
            run += 1
            if run > SKIP:
                out.append("z")
                run -= SKIP
    counts = "".join(f",{n}" for n in (*board.columns, *board.rows))
    return f"{board.width}x{board.height}:{''.join(out)}{counts}\n"
