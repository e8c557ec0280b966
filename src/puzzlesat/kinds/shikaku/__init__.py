"""Shikaku: a variable per candidate rectangle, exactly one per clue and per cell."""

from __future__ import annotations

from ...core import Status, as_grid
from .. import Example, declare
from . import cost
from .board import Shikaku

PUZZLE_JSON = '`{"grid": rows of numbers}`, 0 no number'
SOLUTION_JSON = 'rectangles `{"top", "left", "height", "width"}` (0-based)'
DRAWS_PARTLY = True  # its drawing shows a half-decided answer: a hint's board
SITE_TEXT = (
    'the walls, `y`/`n`: the H rows of W-1 between columns, then the H-1 rows of W between rows'
)



def places(board: Shikaku) -> list:
    """What each rectangle variable says, for hints: the answer lists this rectangle (its
    clue's), so a player's rectangles are matched as rectangles, in any order."""
    from ...grid.steps import Place, item_key
    from .board import answer_json
    from .encode import candidates

    return [Place(item_key(item), item) for rects in candidates(board)
            for item in answer_json(rects)]


def said(board: Shikaku, key: tuple, rect: dict) -> tuple[str, str]:
    """A hint's decision in words: which clue, and the rectangle it takes."""
    from ...grid.steps import cell_words

    if not (isinstance(rect, dict) and all(type(rect.get(k)) is int
                                           for k in ("top", "left", "height", "width"))):
        return "a rectangle", f"marked {str(rect)[:40]}"
    inside = [(r, c, n) for r, c, n in board.clues()
              if 0 <= r - rect["top"] < rect["height"] and 0 <= c - rect["left"] < rect["width"]]
    clue = (f"the {inside[0][2]} at {cell_words(*inside[0][:2])}" if len(inside) == 1
            else "a rectangle" + (f" with {len(inside)} numbers" if inside else " with no number"))
    rows, columns = (f"{what} {first + 1}" + (f"-{first + size}" if size > 1 else "")
                     for what, first, size in (("rows" if rect["height"] > 1 else "row",
                                                rect["top"], rect["height"]),
                                               ("columns" if rect["width"] > 1 else "column",
                                                rect["left"], rect["width"])))
    return clue, f"covers {rows}, {columns}"


KIND = declare(
    __name__, Shikaku,
    cost=cost.estimate,
    races=False,  # its at-most-one constraints only Gluecard takes: no other solver to race
    written_as={"tatham": "rectangles", "sugar": "shikaku"},
    examples=(
        Example("2x2 halves", Shikaku(as_grid([[2, 0], [0, 2]])), Status.MULTIPLE),
        Example("3x2", Shikaku(as_grid([[0, 3, 0], [3, 0, 0]])), Status.UNIQUE),
        Example("none", Shikaku(as_grid([[0, 0, 0], [0, 2, 3], [2, 2, 0]])), Status.NONE),
    ),
)
