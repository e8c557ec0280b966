"""Tatham's Towers (towers.c), his Skyscrapers: `N[dDIFF]:clues[,givens]`.

The description is 4N clues separated by `/`, blank where a side has none, in the order
top (left to right), bottom (left to right), left (top to bottom), right (top to bottom),
each 1 to N; then, where any height is given, `,` and the givens as Rectangles writes its
cells (`a`-`z` 1-26 empty cells, a number a height, `_` between two numbers: towers.c's
new_game_desc and validate_desc). puzzle-skyscrapers.com's task is this same description.
The difficulty `d` is the generator's and ignored. Tatham's sizes are 3 to 9.
"""

from __future__ import annotations

from ...core import LazyPattern, ParseError
from ...kinds.skyscrapers import SIDES, Skyscrapers
from ...letter_runs import encode_cells
from .common import cells_of, refuse, rows_of

PARAMS = LazyPattern(r"(?:d[a-z]?)?")  # after `N`: the generator's difficulty
CLUE = LazyPattern(r"[0-9]*")
MIN_SIDE, MAX_SIDE = 3, 9  # towers.c validate_params


def is_towers(first: int, second: int | None, suffix: str, clues: str) -> bool:
    """Whether an ID is Towers': params of one number N (and a difficulty), and clues of
    digits and `/` (no `.`), more than the 2N clue lines of Pattern's N x N (Towers has
    4N), or after a difficulty, which Pattern's params never hold."""
    if second is not None or PARAMS.fullmatch(suffix) is None:
        return False
    if "/" not in clues or set(clues) - set("0123456789/"):
        return False
    return clues.count("/") + 1 > 2 * first or bool(suffix)


def _fault(message: str) -> ParseError:
    return ParseError(f"Tatham Towers ID: {message}")


def read_towers(n: int, desc: str, source: str = "") -> Skyscrapers:
    """A Towers description (after the params) as a board, in towers.c's words."""
    if not MIN_SIDE <= n <= MAX_SIDE:
        raise _fault(f"Grid size must be between {MIN_SIDE} and {MAX_SIDE} (not {n})")
    clue_text, comma, givens = desc.partition(",")
    clues = _clues(clue_text, n)
    cells = cells_of(givens, n * n, "Towers") if comma else [0] * (n * n)
    high = next((i for i, v in enumerate(cells) if v > n), None)
    if high is not None:
        raise _fault(f"Out-of-range number in grid description ({cells[high]} at row "
                     f"{high // n + 1}, column {high % n + 1}; heights are 1 to {n})")
    grid = rows_of(cells, n)
    sides = {side: tuple(clues[k * n : (k + 1) * n]) for k, side in enumerate(SIDES)}
    return Skyscrapers(grid, **sides, source=source)


def _clues(text: str, n: int) -> list[int | None]:
    pieces = text.split("/")
    if len(pieces) < 4 * n:
        raise _fault(f"Too few clues for grid size ({len(pieces)} of {4 * n})")
    if len(pieces) > 4 * n:
        raise _fault(f"Too many clues for grid size ({len(pieces)} of {4 * n})")
    out: list[int | None] = []
    for k, piece in enumerate(pieces, 1):
        if CLUE.fullmatch(piece) is None:
            raise _fault(f"Expected commas between clues (clue {k} is {piece[:12]!r})")
        if not piece:
            out.append(None)
            continue
        value = int(piece[-3:]) if len(piece.lstrip("0")) < 3 else n + 1  # no huge ints
        if not 1 <= value <= n:
            raise _fault(f"Clue number out of range (clue {k} is {piece[:12]}; 1 to {n})")
        out.append(value)
    return out


def write_towers(board: Skyscrapers) -> str:
    """The board's ID as new_game_desc writes it: `N:` and the clues, then the givens after
    `,` where there are any."""
    n = board.height
    if not MIN_SIDE <= n <= MAX_SIDE:
        raise refuse(f"Tatham's Towers grids are {MIN_SIDE} to {MAX_SIDE} a side, not {n}")
    clues = "/".join("" if v is None else str(v) for side in SIDES for v in getattr(board, side))
    cells = [v or 0 for row in board.grid for v in row]
    givens = f",{encode_cells(cells)}" if any(cells) else ""
    return f"{n}:{clues}{givens}\n"
