"""Random Shikaku boards, and a small timing run of the solver on them.

`generate(height, width, seed)` cuts the board into rectangles by recursive splitting and
writes each rectangle's area at a random cell of it, so every board has at least that one
solution (it need not be unique). Run `python benchmarks/gen_shikaku.py` for timings.
"""

from __future__ import annotations

import argparse
import random
import time

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


def main() -> None:
    from puzzlesat.board import Shikaku, as_grid
    from puzzlesat.solve import solve

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes",
        default="10x10,20x20,30x30,40x50,60x60",
        help="comma-separated HxW sizes (default: %(default)s)",
    )
    parser.add_argument("--seeds", type=int, default=3, help="boards per size")
    args = parser.parse_args()
    print(
        f"{'size':>7} {'seed':>4} {'status':>8} {'vars':>7} {'clauses':>8} "
        f"{'encode':>7} {'solve':>7} {'prove':>7}"
    )
    for size in args.sizes.split(","):
        h, w = (int(v) for v in size.lower().split("x"))
        for seed in range(args.seeds):
            board = Shikaku(grid=as_grid(generate(h, w, seed)))
            start = time.perf_counter()
            result = solve(board)
            t = result.timings
            print(
                f"{size:>7} {seed:>4} {result.status.value:>8} {result.variables:>7} "
                f"{result.clauses:>8} {t['encode']:7.3f} {t['solve']:7.3f} {t['prove']:7.3f}"
                f"  (total {time.perf_counter() - start:.3f} s)"
            )


if __name__ == "__main__":
    main()
