"""Tatham's Galaxies (galaxies.c), `WxH[dDIFF]:desc`.

The centres (Tatham's dots) sit on the half grid's (2W-1) x (2H-1) inner positions, cells,
edges and corners, in reading order: exactly the rows of Galaxies' board JSON. The
description gives each dot after the positions before it: `a`-`y` a dot after 0-24 empty
positions, `A`-`Y` the same with a black dot (the editor's, for a picture: read as a
centre like any other), `z` 25 empty positions alone; nothing marks the positions after
the last dot (galaxies.c's encode_game and load_game). The difficulty `d` is the
generator's and ignored. Written `WxH:` and the description as encode_game writes it.
Tatham's game asks a side of 3 at least; puzzlesat reads and writes a smaller board too
(the kind's own 2x2 example), whose ID that game will not open.
"""

from __future__ import annotations

from ...core import LazyPattern, ParseError
from ...kinds.galaxies import DOT, EMPTY, Galaxies

PARAMS = LazyPattern(r"(?:d[a-z]?)?")  # after `WxH`: the generator's difficulty
LETTERS = LazyPattern(r"[a-zA-Y]*")
SKIP = 25  # `z`: this many empty positions and no dot


def is_galaxies(suffix: str, desc: str) -> bool:
    """Whether an ID can be Galaxies': Galaxies' params and letters alone. The other
    games' letters-only IDs are told first by their counts (the package's rule 4), so this
    one takes what is left, and a description too long for the half grid hears Tatham's
    words for it."""
    return PARAMS.fullmatch(suffix) is not None and LETTERS.fullmatch(desc) is not None


def read_galaxies(width: int, height: int, suffix: str, desc: str,
                  source: str = "") -> Galaxies:
    """A Galaxies description (after the params) as a board, in galaxies.c's words; the
    params' difficulty (`suffix`) is the generator's and ignored."""
    across = 2 * width - 1
    positions = across * (2 * height - 1)
    dots, at = set(), 0
    for pos, ch in enumerate(desc):
        if ch == "z":
            at += SKIP
            continue
        if not ("a" <= ch.lower() <= "y") or not ch.isascii():
            raise ParseError(f"Tatham Galaxies ID: Invalid character in game description "
                             f"({ch!r} at position {pos + 1}; letters a-z, A-Y)")
        at += ord(ch.lower()) - ord("a")
        if at >= positions:
            raise ParseError(f"Tatham Galaxies ID: Too much data to fit in grid (the dot at "
                             f"position {pos + 1} falls past its {positions} half-grid "
                             "places)")
        dots.add(at)
        at += 1
    rows = tuple("".join(DOT if r * across + c in dots else EMPTY for c in range(across))
                 for r in range(2 * height - 1))
    return Galaxies(rows, source=source)


def write_galaxies(board: Galaxies) -> str:
    """The board's ID as encode_game writes it: each dot's letter after its empty run."""
    out, run = [], 0
    for ch in "".join(board.dots):
        if ch != DOT:
            run += 1
            continue
        while run >= SKIP:
            out.append("z")
            run -= SKIP
        out.append(chr(ord("a") + run))
        run = 0
    return f"{board.width}x{board.height}:{''.join(out)}\n"
