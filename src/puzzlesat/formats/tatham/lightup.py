"""Tatham's Light Up (lightup.c), `W[xH][bPCT][sSYMM][r|dDIFF]:desc`:

The description is the site's own Light Up grammar: `a`-`z` are runs of 1-26 white cells,
`B` a wall, `0`-`4` a numbered wall, each one cell (`12` is two cells). The generator's
`b`/`s`/`d` options are ignored. Written `WxHbP:` and the description as `new_game_desc`
writes it, P the board's share of walls in percent (5 to 100, as lightup.c allows): the `b`
says Light Up, where a description without a wall `B` would read as Rectangles too.
Tatham needs a side of at least 2.
"""

from __future__ import annotations

from ...core import LazyPattern, ParseError
from ...kinds.light_up import CLUES, WALL, LightUp
from ...letter_runs import EMPTY, encode_chars, read_chars
from .common import refuse

SYMBOLS = WALL + CLUES
PARAMS = LazyPattern(r"(?:b[0-9]+)?(?:s[0-9]+)?(?:r|d[0-9]+)?")  # after `WxH`
MIN_WALLS, MAX_WALLS = 5, 100  # lightup.c validate_params: "between 5% and 100%"
DESCRIPTION = LazyPattern(rf"[a-z{SYMBOLS}]*")


def is_lightup(suffix: str, desc: str) -> bool:
    """Whether an ID can be only Light Up: its params name Light Up's own options (`b`,
    `s`), or its description holds a wall `B`, which no other game's has."""
    own_params = PARAMS.fullmatch(suffix) is not None and ("b" in suffix or "s" in suffix)
    return own_params or WALL in desc


def covers(desc: str, area: int) -> bool:
    """Whether a description in Light Up's grammar covers exactly `area` cells."""
    if DESCRIPTION.fullmatch(desc) is None:
        return False
    return len(read_chars(desc, area, SYMBOLS, lambda pos: ValueError(pos))[0]) == area


def read_lightup(width: int, height: int, desc: str, source: str = "") -> LightUp:
    """A Light Up description (after the params) as a board."""
    area = width * height

    def bad(pos: int) -> ParseError:
        return ParseError(
            f"Tatham Light Up ID: Game description contained unexpected character "
            f"{desc[pos]!r} at position {pos + 1} (letters a-z, B, 0-4)"
        )

    cells, pos = read_chars(desc, area, SYMBOLS, bad)
    if len(cells) < area:
        raise ParseError(
            f"Tatham Light Up ID: Game description shorter than expected (it covers "
            f"{len(cells)} of its {area} cells)"
        )
    if len(cells) > area or pos < len(desc):
        raise ParseError(
            f"Tatham Light Up ID: Game description longer than expected ({area} cells)"
        )
    rows = tuple("".join(cells[r * width : (r + 1) * width]) for r in range(height))
    return LightUp(cells=rows, source=source)


def write_lightup(board: LightUp) -> str:
    if board.width < 2 or board.height < 2:
        raise refuse("Tatham's Light Up needs a width and height of at least 2")
    cells = [ch for row in board.cells for ch in row]
    walls = round(100 * sum(ch != EMPTY for ch in cells) / len(cells))
    share = min(MAX_WALLS, max(MIN_WALLS, walls))
    return f"{board.width}x{board.height}b{share}:{encode_chars(cells)}\n"
