"""Shikaku: a variable per candidate rectangle, exactly one per clue and per cell."""

from __future__ import annotations

from ...core import Status, as_grid
from .. import Example, Kind, drawing_of, picture_of
from . import board, check, cost, encode
from .board import Shikaku

KIND = Kind(
    name="shikaku",
    board_type=Shikaku,
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
    races=False,  # its at-most-one constraints only Gluecard takes: no other solver to race
    written_as={"tatham": "rectangles", "sugar": "shikaku"},
    examples=(
        Example("2x2 halves", Shikaku(as_grid([[2, 0], [0, 2]])), Status.MULTIPLE),
        Example("3x2", Shikaku(as_grid([[0, 3, 0], [3, 0, 0]])), Status.UNIQUE),
        Example("none", Shikaku(as_grid([[0, 0, 0], [0, 2, 3], [2, 2, 0]])), Status.NONE),
    ),
)
