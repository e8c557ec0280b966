"""Star Battle: a star variable per cell; k in every row, column and region, none touching
(encode.py, which also finds k where the page does not say it)."""

from __future__ import annotations

from ...core import Result, Status
from .. import Example, Kind, drawing_of, picture_of
from . import board, check, cost, encode
from .board import StarBattle


def _remarks(result: Result) -> list[str]:
    """k (stars in every row, column and region), and where the page did not say it, that
    it did not and how many counts were tried (what each gave is in --json's
    `stars_tried`). Short: the verdict is one line in 80 columns, several answers, the
    site's check and the cache included."""
    k = result.facts.get("stars")
    if k is None:
        return []
    said = f"{k} star{'s' * (k > 1)}"
    tried = result.facts.get("stars_tried")
    if not tried:
        return [said]
    if len(tried) == 1:
        return [f"{said} (not stated)"]
    return [f"{said} ({len(tried)} tried)"]

KIND = Kind(
    name="star-battle",
    board_type=StarBattle,
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
    remarks=_remarks,
    examples=(
        Example("6x6", StarBattle(((4, 2, 1, 1, 1, 1), (4, 2, 2, 1, 1, 1), (4, 4, 4, 4, 3, 1),
                                   (4, 4, 4, 4, 4, 4), (4, 4, 5, 5, 4, 4), (4, 4, 5, 5, 5, 6)),
                                  stars=1, title="Tiny", puzzle_id="7"), Status.UNIQUE),
        Example("4x4 two cells touching", StarBattle(((1, 2, 3, 3), (3, 3, 4, 4), (4, 4, 4, 4),
                                                      (4, 4, 4, 4)), stars=1), Status.NONE),
        Example("4x4 stripes", StarBattle(((1, 1, 1, 1), (2, 2, 2, 2), (3, 3, 3, 3),
                                           (4, 4, 4, 4)), stars=1), Status.MULTIPLE),
    ),
)
