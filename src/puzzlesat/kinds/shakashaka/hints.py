"""What Shakashaka's variables say, for hints: a white cell's leg along one side is no
one value of the answer's (the corner of a triangle's right angle, or null) but the two
triangles with that leg (grid.steps.one_of), and a cell's four legs settle it; and a
step said in the game's words: "row 2, column 3 a triangle in the top-left or top-right"."""

from __future__ import annotations

from typing import Any

from ...grid.steps import OneOf, Place, cell_words, one_of
from . import CORNERS, SIDES, Shakashaka

CORNER_WORDS = {"nw": "top-left", "ne": "top-right", "se": "bottom-right", "sw": "bottom-left"}
VALUES = (None, *CORNERS)


def places(board: Shakashaka) -> list[Place]:
    """Each white cell's legs, in the encoding's order (reading order, N E S W): the
    triangles whose right angle has that side."""
    out = []
    for r in range(board.height):
        for c in range(board.width):
            if board.is_white(r, c):
                out += [one_of((r, c), [x for x in CORNERS if side.lower() in x], VALUES)
                        for side in SIDES]  # "nw" has legs along N and W
    return out


def said(board: Shakashaka, key: tuple, value: Any) -> tuple[str, str]:
    """A decision in words: the cell, and its triangle (a OneOf: the ones left)."""
    values = value.values if isinstance(value, OneOf) else (value,)
    if not all(v in VALUES for v in values):
        return cell_words(*key), f"marked {str(value)[:20]}"
    corners = " or ".join(CORNER_WORDS[v] for v in CORNERS if v in values)
    triangle = f"a triangle in the {corners}" if corners else ""
    return cell_words(*key), ("no triangle" + (", or " + triangle if triangle else "")
                              if None in values else triangle)
