"""Tatham's Net (net.c), puzzlesat's Pipes: `WxH[w][bPROB][a]:desc`.

The description is one hexadecimal digit a tile in reading order (`0`-`9`, `a`-`f`, either
case), each followed by the barriers beside it, `v` one on its right and `h` one below
(net.c's validate_desc and new_game). A tile is the sum of its arms, 1 right, 2 up, 4 left,
8 down: net.c's R, U, L, D, the very bits of the site and of Pipes' board JSON, so a digit
is a tile as it stands. `w` is Net's wrapping mode: `"wrap": true`, unless barriers close
the whole border, which net.c's new_game itself treats as not wrapping. Pipes has no other
barriers, so an ID holding one inside the board is refused by name; `b` and `a` are the
generator's and ignored. Written `WxH:` (`WxHw:` wrapping) and the tiles as new_game_desc
writes them; a board that another game would read too, or whose arms no tree joins, is
written wrapping with its border closed (`bordered`, see the package's rule 4).
"""

from __future__ import annotations

from ...core import LazyPattern, ParseError
from ...kinds.pipes import Pipes
from .common import exact_rows

PARAMS = LazyPattern(r"[wab0-9.]*")  # after `WxH`; net.c skips anything else too
TILES = LazyPattern(r"(?:[0-9a-fA-F][hv]*)*")
HEX = "0123456789abcdef"


def is_wrapping_net(suffix: str, desc: str) -> bool:
    """Whether an ID is a wrapping Net's: its params name `w`, which no other game has,
    and its description is hex digits and barriers."""
    return "w" in suffix and is_net(suffix, desc, None)


def is_net(suffix: str, desc: str, area: int | None) -> bool:
    """Whether an ID can be Net's: Net's params and one hex digit a tile (barriers after)
    over exactly W x H tiles whose arms a tree joins (any number where `area` is None).

    A Net's answer is a tree of its W x H tiles, W*H-1 links of two arms each, and turning
    a tile keeps its arms: so every Net that has an answer has exactly 2(W*H-1) arms. That
    tells it from another game's digits and letters over W x H cells (Singles'), which
    seldom add up so."""
    if PARAMS.fullmatch(suffix) is None or TILES.fullmatch(desc) is None:
        return False
    if area is None:
        return True
    tiles = [HEX.index(ch.lower()) for ch in desc if ch not in "hv"]
    return len(tiles) == area and sum(tile.bit_count() for tile in tiles) == 2 * (area - 1)


def read_net(width: int, height: int, suffix: str, desc: str, source: str = "") -> Pipes:
    """A Net description (after the params) as a Pipes board, in net.c's words."""
    if width * height < 2:
        raise ParseError("Tatham Net ID: Width and height must both be greater than zero, "
                         "and not both 1")
    tiles: list[int] = []
    barriers: set[tuple[int, str]] = set()
    for pos, ch in enumerate(desc):
        if ch in "hv":
            if not tiles:
                raise ParseError("Tatham Net ID: Invalid character in game description "
                                 f"({ch!r} at position 1: a barrier follows a tile)")
            _check_barrier(width, height, len(tiles) - 1, ch, pos)
            barriers.add((len(tiles) - 1, ch))
            continue
        if ch.lower() not in HEX:
            raise ParseError(f"Tatham Net ID: Invalid character in game description "
                             f"({ch!r} at position {pos + 1}; hex digits 0-9, a-f, and h, v)")
        tiles.append(HEX.index(ch.lower()))
    grid = exact_rows(tiles, width, height, "Net", "tiles")
    wraps = "w" in suffix and barriers != border(width, height)
    if wraps and barriers:
        raise ParseError("Tatham Net ID: barriers on part of the border of a wrapping grid; "
                         "puzzlesat's Pipes wrap all round or not at all")
    return Pipes(grid, wraps, source=source)


def border(width: int, height: int) -> set[tuple[int, str]]:
    """The barriers that close a wrapping grid's border: right of its last column, below
    its last row."""
    area = width * height
    return ({(i, "v") for i in range(width - 1, area, width)}
            | {(i, "h") for i in range(area - width, area)})


def _check_barrier(width: int, height: int, index: int, ch: str, pos: int) -> None:
    """Refuse a barrier inside the grid: Pipes has none."""
    row, column = divmod(index, width)
    if (ch == "v" and column == width - 1) or (ch == "h" and row == height - 1):
        return
    raise ParseError(f"Tatham Net ID: a barrier ({ch!r} at position {pos + 1}, beside the "
                     f"tile in row {row + 1}, column {column + 1}); puzzlesat's Pipes have "
                     "none inside the grid")


def write_net(board: Pipes, bordered: bool = False) -> str:
    """The board's ID as new_game_desc writes it: a hex digit a tile; `bordered`, a board
    that does not wrap as a wrapping one with barriers all round its border."""
    walls = border(board.width, board.height) if bordered else set()
    tiles = "".join(HEX[tile] + "".join(ch for ch in "vh" if (i, ch) in walls)
                    for i, tile in enumerate(v for row in board.grid for v in row))
    wraps = "w" if board.wrap or bordered else ""
    return f"{board.width}x{board.height}{wraps}:{tiles}\n"
