"""Light Up (Akari): a bulb variable per white cell; lit, never seen by another, numbers
counted (encode.py)."""

from __future__ import annotations

from ...core import Status
from ...site_check import yes_no
from .. import Example, Kind, drawing_of, picture_of
from . import board, check, cost, encode
from .board import LightUp

KIND = Kind(
    name="light-up",
    board_type=LightUp,
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
    hashed_answer=lambda board, answer: yes_no(answer),  # a bulb is `y`
    written_as={"tatham": "lightup"},
    examples=(
        Example("3x3", LightUp((".1.", "2..", "..."), title="Tiny", puzzle_id="7"),
                Status.UNIQUE),
        Example("2x2 open", LightUp(("..", "..")), Status.MULTIPLE),
        Example("none", LightUp(("1.", ".1")), Status.NONE),
    ),
)
