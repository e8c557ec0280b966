"""Tatham's Loopy (loopy.c), `W[xH][tTYPE][dDIFF]:desc`, the square grid (type 0) only:

`decode_params` reads the width, `x` and the height, `t` and the grid type, `d` and a
difficulty letter. The description (after an optional grid description ending in `_`,
which only the Penrose grids have) is one character a face in reading order: a digit
`0`-`9` or a letter `A`-`Z` a clue, `a`-`z` a run of 1-26 faces without one (validate_desc).
A square has four sides, so a clue past 4 cannot hold and is refused by its place. Written
`WxHt0:` and the description as `state_to_text` writes it. Other grid types (triangles,
hexagons, Penrose...) are refused by name: the Slitherlink board is a square grid.
"""

from __future__ import annotations

from ...core import LazyPattern, ParseError, UnsupportedPuzzle
from ...kinds.slitherlink import Slitherlink
from ...letter_runs import encode_chars
from .common import refuse

PARAMS = LazyPattern(r"t([0-9]+)(?:d[a-z]?)?")  # after `WxH`: the `t` Loopy always writes
SQUARE = 0
GRID_TYPES = ("Squares", "Triangular", "Honeycomb", "Snub-Square", "Cairo", "Great-Hexagonal",
              "Octagonal", "Kites", "Floret", "Dodecagonal", "Great-Dodecagonal",
              "Penrose (kite/dart)", "Penrose (rhombs)", "Great-Great-Dodecagonal", "Kagome")
MAX_CLUE = 4  # the sides of a square


def is_loopy(suffix: str) -> bool:
    """Whether the letters after `WxH` are Loopy's (`t`, the grid type, first)."""
    return PARAMS.fullmatch(suffix) is not None


def read_loopy(width: int, height: int, suffix: str, desc: str, source: str = "") -> Slitherlink:
    """A Loopy ID (its params' letters and description) on the square grid as a board."""
    grid_type = int(PARAMS.fullmatch(suffix).group(1))
    if grid_type != SQUARE:
        name = GRID_TYPES[grid_type] if grid_type < len(GRID_TYPES) else f"type {grid_type}"
        raise UnsupportedPuzzle(
            f"Tatham Loopy ID: the {name} grid (t{grid_type}) is not a square grid; puzzlesat "
            "reads Loopy on squares only (t0)",
            hint="in Loopy choose Type > Squares, then copy Game > Specific",
        )
    if width < 3 or height < 3:
        raise ParseError("Tatham Loopy ID: Width and height for this grid type must both be "
                         "at least 3")
    area = width * height
    clues: list[int | None] = []
    for pos, ch in enumerate(desc):
        if "a" <= ch <= "z":
            clues += [None] * (ord(ch) - ord("a") + 1)
        elif ch.isascii() and (ch.isdigit() or ch.isupper()):
            value = int(ch) if ch.isdigit() else ord(ch) - ord("A") + 10
            if value > MAX_CLUE:
                raise ParseError(f"Tatham Loopy ID: the clue {ch!r} at position {pos + 1} is "
                                 f"past {MAX_CLUE}, the sides of a square")
            clues.append(value)
        else:
            raise ParseError(f"Tatham Loopy ID: Unknown character in description: {ch!r} at "
                             f"position {pos + 1} (letters a-z, digits 0-4)")
        if len(clues) > area:
            break
    if len(clues) != area:
        which = "short" if len(clues) < area else "long"
        raise ParseError(f"Tatham Loopy ID: Description too {which} for board size "
                         f"({area} faces)")
    rows = tuple(tuple(clues[r * width : (r + 1) * width]) for r in range(height))
    return Slitherlink(grid=rows, source=source)


def write_loopy(board: Slitherlink) -> str:
    if board.width < 3 or board.height < 3:
        raise refuse("Tatham's Loopy needs a width and height of at least 3")
    cells = ["." if k is None else str(k) for row in board.grid for k in row]
    return f"{board.width}x{board.height}t0:{encode_chars(cells)}\n"
