"""What Bridges' variables say, for hints: a span's `one` is "a bridge at least" and its
`two` "a second", neither a single count of the answer's (0, 1 or 2 at the island's
right or down), so each is a set of counts (grid.steps.one_of) and the two together
settle the count; and a step said in the game's words: "the 2 at row 1, column 1 and the
3 at row 1, column 3 joined by at least one bridge"."""

from __future__ import annotations

from typing import Any

from ...grid.steps import OneOf, Place, cell_words, one_of
from . import Bridges

COUNTS = (0, 1, 2)
JOINED = {frozenset((0,)): "not joined", frozenset((1,)): "joined by one bridge",
          frozenset((2,)): "joined by two bridges", frozenset((1, 2)): "joined by at least one "
          "bridge", frozenset((0, 1)): "joined by at most one bridge"}


def places(board: Bridges) -> list[Place]:
    """Each span's `one` and `two`, in the encoding's order: at the island it starts
    from, its right count (index 0) or its down count (1)."""
    out = []
    for span in board.spans():
        key = (*span.a, 0 if span.across else 1)
        out += [one_of(key, (1, 2), COUNTS), one_of(key, (2,), COUNTS)]
    return out


def said(board: Bridges, key: tuple, value: Any) -> tuple[str, str]:
    """A decision in words: the two islands, and how many bridges join them (a OneOf:
    what is known so far)."""
    r, c, down = key
    far = (r + down, c + 1 - down)
    while far[0] < board.height and far[1] < board.width and not board.grid[far[0]][far[1]]:
        far = (far[0] + down, far[1] + 1 - down)
    where = " and ".join(f"the {board.grid[a][b]} at {cell_words(a, b)}" for a, b in ((r, c), far))
    values = value.values if isinstance(value, OneOf) else frozenset((value,)) \
        if type(value) is int else None
    return where, JOINED.get(values, f"marked {str(value)[:20]}")
