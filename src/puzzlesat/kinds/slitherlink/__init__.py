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
    site_answer=board.site_answer,
    written_as={"tatham": "loopy"},
    examples=(  # three by three: the smallest square grid Tatham's Loopy takes
        Example("3x3", Slitherlink(((3, None, None), (None, None, 0), (0, None, None)),
                                   title="Tiny", puzzle_id="7"), Status.UNIQUE),
        Example("3x3 open", Slitherlink(((None,) * 3,) * 3), Status.MULTIPLE),
        Example("none", Slitherlink(((None, 0, None), (0, 3, 0), (None, 0, None))), Status.NONE),
    ),
)
