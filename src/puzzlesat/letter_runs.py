"""The letters-and-numbers grid of Simon Tatham's Rectangles and Solo game IDs, which the
puzzle-*.com sites' tasks use too: `a`-`z` for 1-26 empty cells, a number for a cell that
holds it, `_` only between two adjacent numbers. The sites' pages and the Tatham format
write it with this one encoder (each reads it with its own errors and rules for 0).
"""

from __future__ import annotations

from collections.abc import Iterable

LONGEST_RUN = 26  # `z`; a longer run of empty cells is `z` and the rest


def encode_cells(cells: Iterable[int]) -> str:
    """Row-major cells (0 = empty) in letters and numbers."""
    out: list[str] = []
    empty, after_number = 0, False
    for value in (*cells, None):  # None flushes the last run of empty cells
        if value == 0:
            empty += 1
            continue
        while empty:
            step = min(empty, LONGEST_RUN)
            out.append(chr(ord("a") + step - 1))
            empty, after_number = empty - step, False
        if value is not None:
            out.append(("_" if after_number else "") + str(value))
            after_number = True
    return "".join(out)
