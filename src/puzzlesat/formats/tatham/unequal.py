"""Tatham's Unequal (unequal.c), his Futoshiki, and its Adjacent mode, Renzoku:
`N[a][dDIFF]:desc`.

The description is N*N cells in reading order, each a number (0 empty) and then flags
`U`, `R`, `D`, `L` toward neighbours, a `,` after every cell (the last one's may be left
off); a letter `a`-`z` before a number skips that many empty cells (unequal.c's load_game).
A flag points at the smaller neighbour, as puzzle-futoshiki.com's task writes it (its task
is this same description). With `a` in the params the mode is Adjacent: a flag marks a
dot, the two values consecutive, and both cells carry it; no dot means the two are not
consecutive. That is Renzoku's rule, so an Adjacent ID reads as a Renzoku board and a
Renzoku is written with `a`, each dot on both of its cells. The difficulty `d` is the
generator's and ignored. Tatham's orders are 3 to 32.
"""

from __future__ import annotations

from collections import defaultdict

from ...core import MAX_DIGITS, LazyPattern, ParseError
from ...grid.latin import STEPS, marked_pairs
from ...kinds.futoshiki import Futoshiki
from ...kinds.renzoku import Renzoku
from .common import refuse, rows_of

PARAMS = LazyPattern(r"a?(?:d[a-z]?)?")  # after `N`: Adjacent, then a difficulty
CELL = r"[a-z]*[0-9]+[URDL]*"
DESCRIPTION = LazyPattern(rf"{CELL}(?:,{CELL})*,?")
FLAGS = "URDL"  # the order new_game_desc writes them in
MIN_ORDER, MAX_ORDER = 3, 32  # unequal.c validate_params


def is_unequal(second: int | None, suffix: str, desc: str) -> bool:
    """Whether an ID is Unequal's: params of one number (Adjacent's `a`, a difficulty),
    and a description of cells `[skip]number[URDL...]` separated by `,`, which holds at
    least one `,` (Tatham's orders are 3 or more). No other game's description has a
    number before each `,` and no `_`."""
    if second is not None or PARAMS.fullmatch(suffix) is None or "," not in desc:
        return False
    return DESCRIPTION.fullmatch(desc) is not None


def _fault(message: str) -> ParseError:
    return ParseError(f"Tatham Unequal ID: {message}")


def read_unequal(n: int, suffix: str, desc: str, source: str = "") -> Futoshiki | Renzoku:
    """An Unequal description (after the params) as a Futoshiki, or a Renzoku in Adjacent
    mode, in unequal.c's words."""
    if not MIN_ORDER <= n <= MAX_ORDER:
        raise _fault(f"Order must be between {MIN_ORDER} and {MAX_ORDER} (not {n})")
    values, flags = _cells(desc, n)
    adjacent = suffix.startswith("a")
    _check_flags(flags, n, adjacent)
    grid = rows_of(values, n)
    marks = tuple(tuple(flags[r * n : (r + 1) * n]) for r in range(n))
    if adjacent:
        return Renzoku(grid, marks, source=source)
    return Futoshiki(grid, marks, source=source)


def _cells(desc: str, n: int) -> tuple[list[int], list[str]]:
    """(values, flags) of every cell, as load_game reads them."""
    area = n * n
    values, flags = [0] * area, [""] * area
    i = pos = 0
    while pos < len(desc):
        while pos < len(desc) and "a" <= desc[pos] <= "z":
            i += ord(desc[pos]) - ord("a") + 1
            pos += 1
        if i >= area:
            raise _fault(f"Too much data to fit in grid (at position {pos + 1}; {area} cells)")
        start = pos
        while pos < len(desc) and desc[pos].isascii() and desc[pos].isdigit():
            pos += 1
        if pos == start:
            raise _fault(f"Expecting number in game description at position {pos + 1}")
        digits = desc[start:pos].lstrip("0") or "0"
        if len(digits) > MAX_DIGITS or int(digits) > n:
            raise _fault(f"Number out of range in game description at position {start + 1} "
                         f"({desc[start:pos][:12]}; 0 to {n})")
        values[i] = int(digits)
        begin = pos
        while pos < len(desc) and desc[pos] in FLAGS:
            pos += 1
        flags[i] = "".join(ch for ch in FLAGS if ch in desc[begin:pos])
        i += 1
        if pos < len(desc) and desc[pos] != ",":
            if i < area:
                raise _fault(f"Missing separator at position {pos + 1}")
        elif pos < len(desc):
            pos += 1
    if i < area:
        raise _fault(f"Not enough data to fill grid (the description covers {i} of its "
                     f"{area} cells)")
    return values, flags


def _check_flags(flags: list[str], n: int, adjacent: bool) -> None:
    """load_game's checks: no flag points off the grid; an Unequal pair is not flagged both
    ways, an Adjacent one is."""
    for i, letters in enumerate(flags):
        r, c = divmod(i, n)
        for letter in letters:
            dr, dc = STEPS[letter]
            if not (0 <= r + dr < n and 0 <= c + dc < n):
                raise _fault(f"Flags go off grid (the {letter} of row {r + 1}, column {c + 1})")
            back = OPPOSITE[letter] in flags[(r + dr) * n + c + dc]
            if back != adjacent:
                raise _fault(f"Flags contradicting each other (the {letter} of row {r + 1}, "
                             f"column {c + 1})")


OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}


def write_unequal(board: Futoshiki | Renzoku) -> str:
    """The board's ID as new_game_desc writes it: every cell its number, its flags in the
    order U, R, D, L, and a `,`; a Renzoku in Adjacent mode (`Na:`), each dot on both of
    its cells."""
    n = board.height
    if not MIN_ORDER <= n <= MAX_ORDER:
        raise refuse(f"Tatham's Unequal grids are {MIN_ORDER} to {MAX_ORDER} a side, not {n}")
    adjacent = isinstance(board, Renzoku)
    pairs = marked_pairs(board.marks)
    if adjacent:
        pairs += [(b, a) for a, b in pairs]
    elif len({frozenset(pair) for pair in pairs}) < len(pairs):
        raise refuse("two of this Futoshiki's signs point at each other, which Tatham's "
                     "Unequal refuses")
    letters: dict[tuple[int, int], set[str]] = defaultdict(set)
    for (r, c), (r2, c2) in pairs:
        letters[r, c].add(LETTER[r2 - r, c2 - c])

    def cell(r: int, c: int) -> str:
        return f"{board.grid[r][c] or 0}{''.join(ch for ch in FLAGS if ch in letters[r, c])},"

    cells = "".join(cell(r, c) for r in range(n) for c in range(n))
    return f"{n}{'a' if adjacent else ''}:{cells}\n"


LETTER = {step: letter for letter, step in STEPS.items()}
