"""Binairo (Takuzu; Tatham's Unruly): a variable per cell; as many 1s as 0s a line, never
three alike in a row, no two rows or columns equal where the board asks it (encode.py)."""

from __future__ import annotations

from ...core import Status
from .. import Example, Kind, drawing_of, picture_of
from . import board, check, cost, encode
from .board import Binairo

_ = None  # an empty cell, in the examples below

KIND = Kind(
    name="binairo",
    board_type=Binairo,
    from_json=board.from_json,
    to_json=board.to_json,
    answer_json=board.answer_json,
    cost=cost.estimate,
    validate=check.validate,
    encode=encode.encode,
    decode=encode.decode,
    is_solution=check.is_solution,
    draw=drawing_of(__name__),
    svg=picture_of(__name__),
    site_answer=board.site_answer,
    written_as={"tatham": "unruly"},
    examples=(  # six a side: Tatham's Unruly holds no smaller board
        Example("6x6", Binairo(((_, _, _, 0, 0, _), (_, _, _, 0, _, 1), (_,) * 6,
                                (1, _, _, 1, _, _), (_, _, _, _, 0, _), (_, 0, _, _, _, _)),
                               title="Tiny", puzzle_id="7"), Status.UNIQUE),
        Example("6x6 open", Binairo(((_,) * 6,) * 6, distinct_lines=False), Status.MULTIPLE),
        Example("three alike", Binairo(((1, _, _, _, _, _),) * 3 + ((_,) * 6,) * 3),
                Status.NONE),
    ),
)
