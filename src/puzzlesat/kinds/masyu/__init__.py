"""Masyu: a variable per edge between cell centres; degrees, the circles' rules, and one
single loop (encode.py)."""

from __future__ import annotations

from ...core import Status
from .. import Example, Kind, drawing_of, picture_of
from . import board, check, cost, encode
from .board import Masyu

KIND = Kind(
    name="masyu",
    board_type=Masyu,
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
    examples=(
        Example("4x3", Masyu(("..B.", "W...", "...."), title="Tiny", puzzle_id="7"),
                Status.UNIQUE),
        Example("3x3 open", Masyu(("...", "...", "...")), Status.MULTIPLE),
        Example("none", Masyu(("B.", "..")), Status.NONE),
    ),
)
