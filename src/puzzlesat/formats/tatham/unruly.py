"""Tatham's Unruly (unruly.c), his Binairo: `WxH[u][dDIFF]:desc`.

The description gives the givens in reading order: a lowercase letter skips as many empty
cells as it is past `a`, then gives a 0 (`a` a 0 at once, `c` two empty cells and a 0),
an uppercase one the same with a 1, and `z`/`Z` skip 25 empty cells alone; one letter more
marks the end, one past the last cell (`new_game_desc`). Unruly's rules are Binairo's but
one: no two rows or columns need differ unless the params hold `u` ("Unique rows and
columns"). So an ID without `u` is read as a Binairo without that rule (the board's
`distinct_lines` false, said in its board JSON), and written back without it; a board of
the site's rules is written with `u`. The difficulty `d` is the generator's and ignored.
Tatham needs even sides of at least 6.
"""

from __future__ import annotations

from ...core import LazyPattern, ParseError
from ...kinds.binairo import Binairo
from .common import refuse

OWN_PARAMS = LazyPattern(r"u(?:d[a-z])?")  # after `WxH`: the unique flag, then a difficulty
PARAMS = LazyPattern(r"u?(?:d[a-z])?")
LETTERS = LazyPattern(r"[A-Za-z]+")
SKIP = 25  # `z`, `Z`: this many empty cells and no given
MIN_SIDE = 6
LIGHT_UP_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzB")


def cells_covered(desc: str) -> int:
    """One past the last position a description reaches, as unruly.c's validate_desc counts
    (the whole grid and its end mark: W*H + 1 for a good one)."""
    return sum(SKIP if ch in "zZ" else ord(ch.lower()) - ord("a") + 1 for ch in desc)


def is_unruly(suffix: str, desc: str, area: int, light_up_covers: bool) -> bool:
    """Whether an ID is Unruly's: its params hold the unique flag `u`; or its description
    is letters alone and holds an uppercase one no other game has (all but `B`); or,
    holding none, it reaches one past the last cell as Unruly counts and does not cover
    the grid as Light Up counts."""
    if OWN_PARAMS.fullmatch(suffix):
        return True
    if not PARAMS.fullmatch(suffix) or not LETTERS.fullmatch(desc):
        return False
    if set(desc) - LIGHT_UP_LETTERS:
        return True
    return cells_covered(desc) == area + 1 and not light_up_covers


def read_unruly(width: int, height: int, suffix: str, desc: str, source: str = "") -> Binairo:
    """An Unruly description (after the params) as a board, in unruly.c's words."""
    if width % 2 or height % 2:
        raise ParseError("Tatham Unruly ID: Width and height must both be even")
    if width < MIN_SIDE or height < MIN_SIDE:
        raise ParseError(f"Tatham Unruly ID: Width and height must be at least {MIN_SIDE}")
    area = width * height
    bad = next((i for i, ch in enumerate(desc) if not ("a" <= ch.lower() <= "z")), None)
    if bad is not None:
        raise ParseError(
            f"Tatham Unruly ID: Description contains invalid characters ({desc[bad]!r} at "
            f"position {bad + 1}; letters a-z and A-Z only)"
        )
    reached = cells_covered(desc)
    if reached != area + 1:
        what = "too short" if reached < area + 1 else "too long"
        raise ParseError(
            f"Tatham Unruly ID: Description {what} (it reaches {reached} of the {area} cells "
            "and the end mark)"
        )
    cells: list[int | None] = [None] * area
    pos = 0
    for ch in desc:
        if ch in "zZ":
            pos += SKIP
            continue
        pos += ord(ch.lower()) - ord("a")
        if pos < area:
            cells[pos] = int(ch.isupper())
        pos += 1
    rows = tuple(tuple(cells[r * width : (r + 1) * width]) for r in range(height))
    return Binairo(grid=rows, distinct_lines="u" in suffix, source=source)


def write_unruly(board: Binairo) -> str:
    """`WxH[u]:desc` as new_game_desc writes it, `u` for the rule that no two lines are
    equal."""
    if board.width % 2 or board.height % 2 or min(board.width, board.height) < MIN_SIDE:
        raise refuse(
            f"Tatham's Unruly needs even sides of at least {MIN_SIDE}, not "
            f"{board.width}x{board.height}"
        )
    out: list[str] = []
    run = 0
    for value in (*(v for row in board.grid for v in row), 0):  # the end mark: a 0 past it
        if value is None:
            run += 1
            continue
        skip, given = ("Z", "A") if value else ("z", "a")
        while run > SKIP - 1:
            out.append(skip)
            run -= SKIP
        out.append(chr(ord(given) + run))
        run = 0
    params = f"{board.width}x{board.height}{'u' if board.distinct_lines else ''}"
    return f"{params}:{''.join(out)}\n"
