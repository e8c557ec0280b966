"""Hitori: shade cells so that no number is left twice among the unshaded cells of a row or
column; shaded cells never touch; the unshaded cells are one connected area.

A shade variable per cell (genres.md's sketch): of the cells of a line that hold one
number, at most one stays unshaded; no two touching cells are both shaded; the unshaded
cells connected, the lazy way (grid.connectivity over `-shaded`). No more: the rules alone
decide, so uniqueness is proven under them. Board JSON: `{"grid": [[3, 4, 1], ...]}`, a
number a cell; an answer is rows of 0/1, 1 shaded.
"""

from __future__ import annotations

from collections import defaultdict

from ..drawing import GREY
from ..grid import clauses as rules
from ..grid.board import Board, board
from ..grid.connectivity import connected, connected_cells
from ..grid.geometry import cells, neighbours, touching_pairs
from ..grid.looks import Look, picture_looks
from ..grid.rows import Bits, Read, natural
from ..sat import Encoding
from . import declare, tiny

BASE_36 = "0123456789abcdefghijklmnopqrstuvwxyz"  # the site's cells; a drawing's one column


@board
class Hitori(Board):
    """Rows of numbers, one a cell."""

    kind = "hitori"

    grid: tuple[tuple[int, ...], ...]

    def repeats(self, line: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
        """The cells of `line` that share a number, a list per number held twice or more."""
        by_number: dict[int, list[tuple[int, int]]] = defaultdict(list)
        for r, c in line:
            by_number[self.grid[r][c]].append((r, c))
        return [group for group in by_number.values() if len(group) > 1]


JSON_FIELDS = {"grid": Read("[[3, 4, 1], ...]", "whole numbers", natural())}
PUZZLE_JSON = '`{"grid": rows of numbers}`'
SITE_CELLS = "yn"


# Per cell: a share of two lines' at-most-one counters (three clauses of two, a
# helper), two touching pairs, and the clause that keeps it next to an unshaded cell.
CELL_COST = (24, 10)  # literals, clauses


def stress(height: int, width: int) -> Hitori:
    """One number everywhere: every line a single group, its counter the longest."""
    return Hitori(((1,) * width,) * height)


# --------------------------------------------------------------------------- the rules
def encode(board: Hitori) -> Encoding:
    """Shade variables 1..N in reading order, then the counters' helpers, and the cuts of
    the unshaded cells' connectivity as refine."""
    h, w = board.height, board.width
    variables, shaded = rules.cell_variables(h, w)
    out = rules.Named()
    for scope, line in board.lines():
        for group in board.repeats(line):
            out.add("no number twice unshaded", scope,
                    rules.at_most_one([-shaded[cell] for cell in group], variables))
    pairs = touching_pairs(h, w)
    out.add("shaded cells never touch", ("board",),
            rules.never_both([(shaded[a], shaded[b]) for a, b in pairs]))
    if h * w >= 4:  # then two cells at least stay unshaded, each next to another: implied
        out.add("unshaded cells connected", ("board",), [
            [shaded[(r, c)], *(-shaded[n] for n in neighbours(h, w, r, c))]
            for r, c in cells(h, w)
        ])
    area = connected_cells({cell: -var for cell, var in shaded.items()}, pairs)
    return Encoding(out, list(range(1, h * w + 1)), refine=area.refine, rules=out.names)


# --------------------------------------------------------------------------- the checker
def is_solution(board: Hitori, answer) -> bool:
    """No number twice among a line's unshaded cells, no two shaded cells touching, the
    unshaded cells connected. From the grid alone, no SAT."""
    h, w = board.height, board.width
    kept = [(r, c) for r, c in cells(h, w) if not answer[r][c]]
    for _, line in board.lines():
        numbers = [board.grid[r][c] for r, c in line if not answer[r][c]]
        if len(numbers) != len(set(numbers)):
            return False
    return (not any(answer[a[0]][a[1]] and answer[b[0]][b[1]] for a, b in touching_pairs(h, w))
            and connected(kept))


# --------------------------------------------------------------------------- the looks
LOOKS = {  # the glyphs tell shaded from kept; colour only adds
    "shaded": Look("█", "#", GREY, ("▒", "%"), "a shaded cell", wide=True, fill="#202020",
                   css="shaded"),
    "kept": Look("", "", "bold", ("∘", "o"), "an unshaded cell"),
    "number": Look("", ""),
}


def look(board: Hitori, answer: Bits | None, r: int, c: int) -> str | tuple[str, str]:
    """A number (one base-36 character, so that a cell is one column wide), or shaded."""
    if answer is not None and answer[r][c]:
        return "shaded"
    return ("number" if answer is None else "kept", BASE_36[board.grid[r][c]]
            if board.grid[r][c] < 36 else "?")


def svg(board: Hitori, answer: Bits | None) -> str:
    """The picture writes each number whole (10, not `a`): it has the room."""

    def whole(board: Hitori, answer: Bits | None, r: int, c: int) -> str | tuple[str, str]:
        found = look(board, answer, r, c)
        return found if isinstance(found, str) else (found[0], str(board.grid[r][c]))

    return picture_looks(board, answer, LOOKS, whole)


KIND = declare(__name__, Hitori, written_as={"tatham": "singles"}, examples=tiny(
    unique=Hitori(((12, 2, 3), (1, 12, 3), (12, 2, 1))),
    multiple=Hitori(((1, 2), (2, 1))),
    none=Hitori(((1, 1), (1, 1)))))
