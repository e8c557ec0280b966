"""Tatham's Bridges (bridges.c), `WxH[iPCT][eEXP]mMAXB[L][dDIFF]:desc`.

The description gives the cells in reading order: `a`-`z` are runs of 1-26 cells of water,
`1`-`9` an island of that number and `A`-`G` one of 10-16, each one cell (bridges.c's
validate_desc and new_game_sub); two islands side by side are refused ("joined islands"),
and a grid holds two islands at least. The params always name `m`, the most bridges
between two islands (encode_params writes `WxHmM`, `L` after it when loops are banned):
puzzlesat's Bridges are the site's, at most two bridges and loops allowed, so `m2` alone
is read (`m1`, `m3`, `m4` and `L` are other rules, refused by name). The generator's `i`,
`e` and `d` are ignored. Written `WxHm2:` and the description as encode_game writes it.
"""

from __future__ import annotations

from ...core import LazyPattern, ParseError
from ...kinds.bridges import Bridges
from .common import exact_rows, refuse

PARAMS = LazyPattern(r"(?:i([0-9]+))?(?:e([0-9]+))?(?:m([0-9]+))?(L)?(?:d([0-9]+))?")
DESCRIPTION = LazyPattern(r"[a-z1-9A-G]*")
MOST = 2  # bridges between two islands, the site's rule
LARGEST = 8  # an island's number with at most two bridges each way
MIN_SIDE = 3  # bridges.c validate_params


def is_bridges(suffix: str, desc: str, area: int) -> bool:
    """Whether an ID is Bridges': its params are Bridges' own and name the bridges `m`
    (or `i`, `L`, which no other game has), and its description is Bridges' cells; with
    `m` alone (a Solo letter too) it must not cover a Solo's (W x H)**2 cells."""
    match = PARAMS.fullmatch(suffix)
    if match is None or not ({"m", "i", "L"} & set(suffix)):
        return False
    if DESCRIPTION.fullmatch(desc) is None:
        return False
    return "i" in suffix or "L" in suffix or cells_covered(desc) != area * area


def cells_covered(desc: str) -> int:
    """The cells a description covers: a letter its run, an island one."""
    return sum(ord(ch) - 96 if "a" <= ch <= "z" else 1 for ch in desc)


def read_bridges(width: int, height: int, suffix: str, desc: str, source: str = "") -> Bridges:
    """A Bridges description (after the params) as a board, in bridges.c's words."""
    _rules(suffix)
    if width < MIN_SIDE or height < MIN_SIDE:
        raise ParseError(f"Tatham Bridges ID: Width and height must be at least {MIN_SIDE}")
    cells: list[int | None] = []
    for pos, ch in enumerate(desc):
        cells += _cell(desc, pos, ch)
    grid = exact_rows(cells, width, height, "Bridges", "cells")
    _check_islands(grid)
    return Bridges(grid, source=source)


def _rules(suffix: str) -> None:
    """Refuse the params of rules other than the site's: a bridge limit other than two, or
    loops banned."""
    match = PARAMS.fullmatch(suffix)
    if match is None:
        raise ParseError(f"Tatham Bridges ID: the parameters {suffix[:30]!r} are not "
                         "Bridges' (`m2`, optionally `i`, `e`, `L`, `d`)")
    most, no_loops = match.group(3), match.group(4)
    if most is not None and int(most) != MOST:
        raise ParseError(f"Tatham Bridges ID: at most {int(most)} bridges between two islands "
                     f"(m{int(most)}); puzzlesat's Bridges allow two (m2)")
    if no_loops:
        raise ParseError("Tatham Bridges ID: loops are banned (L); puzzlesat's Bridges allow them")


def _cell(desc: str, pos: int, ch: str) -> list[int | None]:
    """The cells one character of the description stands for."""
    if "a" <= ch <= "z":
        return [None] * (ord(ch) - 96)
    if "1" <= ch <= "9":
        return [int(ch)]
    if "A" <= ch <= "G":
        return [ord(ch) - ord("A") + 10]
    raise ParseError(f"Tatham Bridges ID: Game description contains unexpected character "
                     f"{ch!r} at position {pos + 1} (letters a-z, islands 1-9 and A-G)")


def _check_islands(grid: tuple[tuple[int | None, ...], ...]) -> None:
    """bridges.c's own checks (no two islands side by side, two islands at least), then the
    site's rule that an island needs at most eight bridges."""
    islands = [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v]
    for r, c in islands:
        if (c > 0 and grid[r][c - 1]) or (r > 0 and grid[r - 1][c]):
            raise ParseError(f"Tatham Bridges ID: Game description contains joined islands "
                             f"(row {r + 1}, column {c + 1})")
    if len(islands) < 2:
        raise ParseError("Tatham Bridges ID: Game description has too few islands")
    big = next(((r, c) for r, c in islands if grid[r][c] > LARGEST), None)
    if big is not None:
        raise ParseError(f"Tatham Bridges ID: an island of {grid[big[0]][big[1]]} (row "
                         f"{big[0] + 1}, column {big[1] + 1}) needs more bridges than two "
                         "each way give")


def write_bridges(board: Bridges) -> str:
    """The board's ID as encode_game writes it, with the site's rule `m2`."""
    if board.width < MIN_SIDE or board.height < MIN_SIDE:
        raise refuse("Tatham's Bridges needs a width and height of at least 3")
    out, run = [], 0
    for v in (v for row in board.grid for v in row):
        if v is None and run == 26:
            out.append("z")
            run = 0
        if v is None:
            run += 1
            continue
        if run:
            out.append(chr(96 + run))
            run = 0
        out.append(str(v))
    if run:
        out.append(chr(96 + run))
    if any(a and b for row in board.grid for a, b in zip(row, row[1:])) or any(
            a and b for top, low in zip(board.grid, board.grid[1:]) for a, b in zip(top, low)):
        raise refuse("Tatham's Bridges has no two islands side by side")
    return f"{board.width}x{board.height}m{MOST}:{''.join(out)}\n"
