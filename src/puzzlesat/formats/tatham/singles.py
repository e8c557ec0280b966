"""Tatham's Singles (singles.c), his Hitori: `W[xH][dDIFF]:desc`.

The description is one character a cell in reading order, no runs: `1`-`9`, then `a`-`z`
for 10-35 and `A`-`Z` for 36-61, each at most the longer side (singles.c's unpick_desc
and generate_desc). puzzle-hitori.com's task is this same description up to 35. The
difficulty `d` is the generator's and ignored. Tatham's sides are 2 to 62.
"""

from __future__ import annotations

import string

from ...core import LazyPattern, ParseError
from ...kinds.hitori import Hitori
from .common import grid_of, refuse

PARAMS = LazyPattern(r"(?:d[a-z]?)?")  # after `WxH`: the generator's difficulty
SYMBOLS = string.digits + string.ascii_lowercase + string.ascii_uppercase  # n2c, c2n
VALUE = {ch: i for i, ch in enumerate(SYMBOLS)}
MIN_SIDE, MAX_SIDE = 2, len(SYMBOLS)  # singles.c validate_params


def is_singles(width: int, height: int, suffix: str, desc: str, others_read: bool) -> bool:
    """Whether an ID is Singles': params of a size (and a difficulty), and a description of
    exactly W*H characters, one a cell, each a number from 1 to the longer side and at
    least one a digit (so no letters-only description of Unruly, Galaxies or Light Up);
    digits alone (which Rectangles reads as one number, and Light Up, without a 0, only as
    a board of numbered walls that no answer satisfies), or with letters where neither
    Light Up nor Rectangles nor Solo reads a grid of it (`others_read`). The bound keeps
    out the descriptions of Net, one hex digit a tile, which run past the side."""
    area, top = width * height, max(width, height)
    if PARAMS.fullmatch(suffix) is None or len(desc) != area or area < 2:
        return False
    if not all(1 <= VALUE.get(ch, 0) <= top for ch in desc) or desc.isalpha():
        return False
    return desc.isdigit() or not others_read


def read_singles(width: int, height: int, desc: str, source: str = "") -> Hitori:
    """A Singles description (after the params) as a board, in singles.c's words."""
    if width < MIN_SIDE or height < MIN_SIDE:
        raise ParseError(f"Tatham Singles ID: Width and height must be at least two "
                         f"(not {width}x{height})")
    if width > MAX_SIDE or height > MAX_SIDE:
        raise ParseError(f"Tatham Singles ID: Puzzle is too large (sides to {MAX_SIDE})")
    if len(desc) != width * height:
        raise ParseError(f"Tatham Singles ID: Game description is wrong length ({len(desc)} "
                         f"characters; a {width}x{height} grid has {width * height} cells)")
    top = max(width, height)
    bad = next((i for i, ch in enumerate(desc) if not 1 <= VALUE.get(ch, 0) <= top), None)
    if bad is not None:
        raise ParseError(f"Tatham Singles ID: Invalid character in game description "
                         f"({desc[bad]!r} at position {bad + 1}; numbers 1 to {top}: 1-9, "
                         "a-z, A-Z)")
    return Hitori(grid_of([VALUE[ch] for ch in desc], width), source=source)


def write_singles(board: Hitori) -> str:
    """The board's ID as generate_desc writes it: `WxH:` and a character a cell."""
    width, height = board.width, board.height
    top = max(width, height)
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise refuse(f"Tatham's Singles grids are {MIN_SIDE} to {MAX_SIDE} a side, not "
                     f"{width}x{height}")
    if any(not 1 <= v <= top for row in board.grid for v in row):
        raise refuse(f"Tatham's Singles numbers are 1 to the longer side ({top})")
    return f"{width}x{height}:{''.join(SYMBOLS[v] for row in board.grid for v in row)}\n"
