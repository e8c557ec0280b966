"""Random Shikaku boards, for tests and benchmarks.

`generate(height, width, seed)` cuts the board into rectangles by recursive splitting and
writes each rectangle's area at a random cell of it, so every board has at least that one
solution (it need not be unique).
"""

from __future__ import annotations

import random

MAX_AREA = 36  # clues stay small, like the site's


def generate(height: int, width: int, seed: int, max_area: int = MAX_AREA) -> list[list[int]]:
    """A height x width Shikaku grid (0 = empty) with at least one solution."""
    if height < 1 or width < 1 or max_area < 1:
        raise ValueError("height, width and max_area must be positive")
    rng = random.Random(seed)
    grid = [[0] * width for _ in range(height)]
    stack = [(0, 0, height, width)]
    while stack:
        top, left, h, w = stack.pop()
        area = h * w
        # Small rectangles stop more often; a long sliver is cut again when it can be.
        stop_chance = 0.25 + 0.75 * (1 - area / max_area) if area <= max_area else 0.0
        sliver = max(h, w) >= 4 * min(h, w) and area > 3
        if area == 1 or (rng.random() < stop_chance and not sliver):
            r, c = top + rng.randrange(h), left + rng.randrange(w)
            grid[r][c] = area
            continue
        if h > 1 and (w == 1 or rng.random() < h / (h + w)):
            k = rng.randint(1, h - 1)
            stack += [(top, left, k, w), (top + k, left, h - k, w)]
        else:
            k = rng.randint(1, w - 1)
            stack += [(top, left, h, k), (top, left + k, h, w - k)]
    return grid
