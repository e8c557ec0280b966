"""Star Battle: a star variable per cell; k in every row, column and region, none touching
(encode.py, which also finds k where the page does not say it)."""

from __future__ import annotations

from ...core import Result, Status
from .. import Example, Kind, drawing_of, picture_of
from . import board, check, cost, encode
from .board import StarBattle


def _remarks(result: Result) -> list[str]:
    """k, and where the page did not say it, why this k: the count the size suggests, and
    what each count tried gave. Short: the verdict is one line in 80 columns."""
    k = result.facts.get("stars")
    if k is None:
        return []
    said = f"{k} star{'s' * (k > 1)} per line/region"
    tried = result.facts.get("stars_tried")
    if not tried:
        return [said]
    if len(tried) == 1 and tried[0]["status"] == "unique":
        return [f"{said}, not stated: the size's count, one answer"]
    gave = ", ".join(f"{t['stars']} {_GAVE[t['status']]}" for t in tried)
    if any(t["status"] == "unique" for t in tried):
        return [f"{said}, not stated: {gave}"]
    return [f"{said} assumed, not stated: {gave}"]


_GAVE = {"none": "gives none", "unique": "gives one answer", "multiple": "gives several"}

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
