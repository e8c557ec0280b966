"""Dominosa: a variable per two neighbouring cells; every cell under one domino, every
domino of the double-n set laid once (encode.py)."""

from __future__ import annotations

from ...core import Status
from .. import Example, Kind, drawing_of, picture_of
from . import board, check, cost, encode
from .board import Dominosa

KIND = Kind(
    name="dominosa",
    board_type=Dominosa,
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
    written_as={"tatham": "dominosa"},
    examples=(
        Example("double-2", Dominosa(((2, 1, 2, 1), (1, 2, 2, 0), (1, 0, 0, 0)), title="Tiny",
                                     puzzle_id="7"), Status.UNIQUE),
        Example("double-1 open", Dominosa(((0, 1, 1), (0, 0, 1))), Status.MULTIPLE),
        Example("double-1 none", Dominosa(((0, 1, 0), (1, 0, 1))), Status.NONE),
    ),
)
