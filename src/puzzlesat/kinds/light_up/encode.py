"""Light Up to CNF: a variable per white cell, true for a bulb (genres.md's sketch).

Each white cell is lit by a bulb in its row or column segment (the white cells between
walls it sees); no segment holds two bulbs (they would light each other); a numbered wall
has exactly that many bulbs next to it. One small rule a function, from the grid toolkit.
"""

from __future__ import annotations

from ...grid import clauses as rules
from ...grid.geometry import column_segments, neighbours, row_segments, segment_of
from ...sat import Encoding, Progress
from .board import Answer, LightUp


def encode(board: LightUp, progress: Progress | None = None) -> Encoding:
    """Bulb variables 1..N over the white cells in reading order, then the counters'
    helpers. `progress` hears "encoding"."""
    if progress is not None:
        progress("encoding")
    h, w = board.height, board.width
    variables = rules.Variables()
    bulb = {
        (r, c): variables.of((r, c)) for r in range(h) for c in range(w) if board.is_white(r, c)
    }
    bulbs = list(range(1, variables.count + 1))
    open_ = board.open_grid()
    rows, cols = row_segments(open_), column_segments(open_)
    out: list[list[int]] = []
    for runs in (rows, cols):
        for run in runs:
            out += rules.at_most_one([bulb[cell] for cell in run], variables)
    row_of, col_of = segment_of(rows), segment_of(cols)
    for cell in bulb:
        seen = {*rows[row_of[cell]], *cols[col_of[cell]]}
        out += rules.at_least_one(sorted(bulb[other] for other in seen))
    for r, c, k in board.clues():
        around = [bulb[n] for n in neighbours(h, w, r, c) if n in bulb]
        out += rules.exactly_few(around, k)
    return Encoding(out, bulbs)


def decode(board: LightUp, values) -> Answer:
    """Rows of 0/1 from the bulb variables (white cells in reading order)."""
    on = iter(values)
    return tuple(
        tuple(int(bool(next(on))) if board.is_white(r, c) else 0 for c in range(board.width))
        for r in range(board.height)
    )
