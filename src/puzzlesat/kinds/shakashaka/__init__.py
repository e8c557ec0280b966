"""Shakashaka: four leg variables a white cell; around every lattice point each white arc
a quarter or a half turn, so every white area is a rectangle; numbers count triangles
(encode.py)."""

from __future__ import annotations

from ...core import Status
from .. import Example, Kind, drawing_of, picture_of
from . import board, check, cost, encode
from .board import Shakashaka

KIND = Kind(
    name="shakashaka",
    board_type=Shakashaka,
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
    site_answer=None,  # no real page has shown what the site hashes: "unknown", no guess
    examples=(
        Example("3x3", Shakashaka(("2..", "...", "..."), title="Tiny", puzzle_id="7"),
                Status.UNIQUE),
        Example("2x2 open", Shakashaka(("..", "..")), Status.MULTIPLE),
        Example("none", Shakashaka(("4",)), Status.NONE),
    ),
)
