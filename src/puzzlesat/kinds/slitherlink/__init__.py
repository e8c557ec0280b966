"""Slitherlink (puzzle-loop.com's Loop): a variable per lattice edge; clues counted, one
single loop by the grid toolkit's connectivity engine (encode.py)."""

from __future__ import annotations

from ...core import Status
from .. import Example, Kind, drawing_of, picture_of
from . import board, check, cost, encode
from .board import Slitherlink

KIND = Kind(
    name="slitherlink",
    board_type=Slitherlink,
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
    hashed_answer=None,  # what a loop page hashes is not known (sites.md 3g): "unknown"
    written_as={"tatham": "loopy"},
    examples=(
        Example("2x2", Slitherlink(((None, None), (3, 3)), title="Tiny", puzzle_id="7"),
                Status.UNIQUE),
        Example("2x2 open", Slitherlink(((None, None), (None, None))), Status.MULTIPLE),
        Example("none", Slitherlink(((3, 0),)), Status.NONE),
    ),
)
