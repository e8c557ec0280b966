"""Tatham's Dominosa (dominosa.c), `N[dDIFF]:desc`, N the highest number of the double-N set:

The description is one number a cell in reading order over N+2 columns and N+1 rows, a digit
for 0-9 and `[NN]` in square brackets from 10 (the site's own Dominosa grammar). The
difficulty `d` and a legacy `a` are ignored. Each number must appear N+2 times, as
dominosa.c's validate_desc asks ("Incorrect number balance"). Written `N:` and the
description as new_game_desc writes it; only a board n+2 wide and n+1 high has an ID.
"""

from __future__ import annotations

import re
from collections import Counter

from ...core import LazyPattern, ParseError, whole_number
from ...kinds.dominosa import Dominosa
from .common import refuse

PARAMS = LazyPattern(r"(?:a|d[a-z])*")  # after `N`
TOKEN = LazyPattern(r"[0-9]|\[([0-9]*)(\]?)")


def cells_of(n: int) -> int:
    return (n + 2) * (n + 1)


def is_dominosa(first: int, second: int | None, suffix: str, desc: str) -> bool:
    """Whether an ID is Dominosa's: params of one number N (and Dominosa's letters), and a
    description of digits and `[`, `]` that holds a bracket or more than one digit and not
    the N x N of a Light Up (the others read a one-number size as N x N cells, and a digit
    run as one cell). The set's (N+2) x (N+1) cells are never N x N, so a Dominosa ID of
    the right length is always told; a wrong length hears Tatham's words for it."""
    if second is not None or PARAMS.fullmatch(suffix) is None:
        return False
    if re.fullmatch(r"[0-9\[\]]*", desc) is None:
        return False
    return "[" in desc or "]" in desc or len(desc) not in (0, 1, first * first)


def _fault(message: str) -> ParseError:
    return ParseError(f"Tatham Dominosa ID: {message}")


def read_dominosa(n: int, desc: str, source: str = "") -> Dominosa:
    """A Dominosa description (after the params) as a board, with dominosa.c's words for
    what is wrong."""
    if n < 1:
        raise _fault("Maximum face number must be at least one")
    area, numbers, pos = cells_of(n), [], 0
    while len(numbers) < area and pos < len(desc):
        match = TOKEN.match(desc, pos)
        if match is None:
            raise _fault(f"Invalid syntax in game description: {desc[pos]!r} at position "
                         f"{pos + 1} (digits, or [NN] from 10)")
        if desc[pos] == "[" and not match.group(2):
            raise _fault(f"Missing ']' in game description (the '[' at position {pos + 1})")
        value = int(desc[pos]) if match.group(1) is None else whole_number(
            match.group(1) or "0", "Tatham Dominosa ID: a number")
        if value > n:
            raise _fault(f"Number out of range in game description: {value} at position "
                         f"{pos + 1} (0 to {n})")
        numbers.append(value)
        pos = match.end()
    if len(numbers) < area:
        raise _fault(f"Game description is too short (it covers {len(numbers)} of its "
                     f"{area} cells)")
    if pos < len(desc):
        raise _fault(f"Game description is too long ({area} cells)")
    counts = Counter(numbers)
    off = next((v for v in range(n + 1) if counts[v] != n + 2), None)
    if off is not None:
        raise _fault(f"Incorrect number balance in game description ({off} appears "
                     f"{counts[off]} times, each number {n + 2})")
    width = n + 2
    grid = tuple(tuple(numbers[r * width : (r + 1) * width]) for r in range(n + 1))
    return Dominosa(grid=grid, source=source)


def write_dominosa(board: Dominosa) -> str:
    n = board.top
    if board.width != n + 2 or n < 1:
        raise refuse(f"Tatham's Dominosa boards are n+2 wide and n+1 high, not "
                     f"{board.width}x{board.height}")
    desc = "".join(str(v) if v < 10 else f"[{v}]" for row in board.grid for v in row)
    return f"{n}:{desc}\n"
