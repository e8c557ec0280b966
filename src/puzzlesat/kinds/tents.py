"""Tents: put a tent beside each tree, across a side, so that trees and tents pair off one
to one; tents never touch each other, not even at a corner; a number beside each row and
column says how many tents it holds.

A tent variable per cell (a tree's, and a cell with no tree beside it, false) and one per
tree and cell beside it, "this tent is that tree's": exactly one a tree, a tent cell has
exactly one and any other cell none, so the pairing is a perfect matching. Tatham's rule
(tents.c): a placement is right when some matching exists; only the tents are the answer,
so two matchings of the same tents are one answer, and uniqueness is proven over the tents.
No two tents touch (the pairs of every 2x2 block); the counts are the solver's native
ones (grid/counts.py). Board JSON: `{"columns": [...], "rows": [...], "cells": ["..T.",
...]}`, `T` a tree (and, from Tatham's IDs, `A` a tent given, `x` a cell given empty); an
answer is rows of 0/1, 1 a tent.
"""

from __future__ import annotations

from ..core import InvalidPuzzle, ParseError
from ..drawing import GOLD, GREY, TEAL
from ..grid import clauses as rules
from ..grid.board import board
from ..grid.counts import Counted, count_rule, counts_from_json
from ..grid.geometry import Cell, cells, neighbours, touching_pairs
from ..grid.looks import Look
from ..grid.rows import Bits, character_rows, rectangular
from ..sat import Encoding
from . import declare, tiny

EMPTY, TREE, TENT, GRASS = ".", "T", "A", "x"  # GRASS: a cell given without a tent
CELLS = EMPTY + TREE + TENT + GRASS


@board
class Tents(Counted):
    """The tents each column and each row holds (grid/counts.py), then rows of cells (`.`,
    `T` a tree, `A` a given tent, `x` a given empty cell)."""

    kind = "tents"

    cells: tuple[str, ...]

    def trees(self) -> list[Cell]:
        return [(r, c) for r, c in cells(self.height, self.width) if self.cells[r][c] == TREE]

    def sites(self, tree: Cell) -> list[Cell]:
        """The cells beside a tree, across a side, where its tent may stand."""
        return [(r, c) for r, c in neighbours(self.height, self.width, *tree)
                if self.cells[r][c] != TREE]


PUZZLE_JSON = ('`{"columns": counts, "rows": counts, "cells": ["..T.", ...]}`: `T` a tree, '
               '`A` a given tent, `x` a given empty cell')
SITE_CELLS = "yn"
CELL_WORDS = ('no tent', 'a tent')  # a cell's two values, as a hint says them


def from_json(puzzle: dict, source: str) -> Tents:
    """The board from board JSON's "puzzle": {"columns": [...], "rows": [...], "cells": [...]}."""
    columns, rows = counts_from_json(puzzle, "Tents")
    lines = character_rows(puzzle, "Tents", "..T.", "`.` a cell, `T` a tree, `A` a given "
                           "tent, `x` a given empty cell", CELLS)
    if (len(lines), len(lines[0])) != (len(rows), len(columns)):
        raise ParseError(f"board JSON: this Tents' cells are {len(lines[0])}x{len(lines)}, "
                         f"its counts {len(columns)}x{len(rows)} (columns x rows)")
    return Tents(columns, rows, lines, source=source)


def tree_runs(text: str, area: int, given: str = "") -> tuple[list[str], int]:
    """The cells of Tatham's run-length trees (tents.c, and the site's task before its
    counts): `_` a tree, `a`-`y` 1-25 empty cells then a tree, `z` 25 empty cells; of
    `given`, `!` makes the cell before a tent and `-` an empty one given. Stops once past
    `area` + 1 cells (the last tree lands one past the board); returns the cells read and
    the offset reading stopped at (a character outside the grammar, or the end)."""
    cells: list[str] = []
    for pos, ch in enumerate(text):
        if len(cells) > area + 1:
            return cells, pos
        if ch in given and cells and cells[-1] == EMPTY:
            cells[-1] = TENT if ch == "!" else GRASS
        elif ch == "_" or "a" <= ch <= "y":
            cells += [EMPTY] * (0 if ch == "_" else ord(ch) - 96) + [TREE]
        elif ch == "z":
            cells += [EMPTY] * 25
        else:
            return cells, pos
    return cells, len(text)


def board_cells(cells: list[str], width: int, height: int) -> tuple[str, ...] | None:
    """Rows of a board from `tree_runs`' cells where they fill it exactly: the last tree
    lands one past it (how Tatham ends) or the last run ends on its last cell; else None."""
    area = width * height
    if len(cells) == area + 1 and cells[-1] == TREE:
        cells = cells[:-1]
    if len(cells) != area:
        return None
    return tuple("".join(cells[r * width : (r + 1) * width]) for r in range(height))


# Per cell: four touching pairs; up to four pairings, each with its implication, its
# tree's pairs and its cell's pairs (six of two literals each side); two native counts.
CELL_COST = (60, 28)  # literals, clauses


def stress(height: int, width: int) -> Tents:
    """Trees on a chessboard's black squares: every cell has the most pairings."""
    rows = tuple("".join(TREE if (r + c) % 2 else EMPTY for c in range(width))
                 for r in range(height))
    return Tents((0,) * width, (0,) * height, rows)


# --------------------------------------------------------------------------- the rules
def encode(board: Tents) -> Encoding:
    """Tent variables 1..N in reading order, then a pairing variable for each tree and
    cell beside it."""
    variables, tent = rules.cell_variables(board.height, board.width)
    out = rules.Named()
    paired: dict[Cell, list[int]] = {cell: [] for cell in tent}
    for tree in board.trees():
        pairs = [(cell, variables.new()) for cell in board.sites(tree)]
        for cell, var in pairs:
            paired[cell].append(var)
        out.add("each tree has a tent beside it, its own", ("tree", tree), [
            *rules.exactly_one([var for _, var in pairs], variables),
            *(clause for cell, var in pairs for clause in rules.implies(var, tent[cell]))])
    for cell, pairs in paired.items():
        out.add("a tent is one tree's", ("cell", cell),
                [[-tent[cell], *pairs], *rules.at_most_one(pairs, variables)])
    out.add("the givens", ("board",), [
        [tent[cell] if board.cells[cell[0]][cell[1]] == TENT else -tent[cell]]
        for cell in tent if board.cells[cell[0]][cell[1]] in TENT + GRASS])
    out.add("tents never touch", ("board",), rules.never_both(
        [(tent[a], tent[b]) for a, b in touching_pairs(board.height, board.width, True)]))
    return Encoding(out, list(tent.values()), count_rule(board, tent, out), rules=out.names)


# --------------------------------------------------------------------------- the checker
def validate(board: Tents) -> None:
    """Rows of cells as many and as long as the counts say, no count above its line."""
    rectangular(board.cells, "Tents", CELLS)
    if (len(board.cells), len(board.cells[0]) if board.cells else 0) != (board.height,
                                                                          board.width):
        raise InvalidPuzzle(f"this Tents has {board.width} column and {board.height} row "
                            "counts, and not as many columns and rows of cells")


def is_solution(board: Tents, answer) -> bool:
    """Tents only off the trees and where given; the counts; no two tents touching, not
    even at a corner; the trees and tents paired off, each tent beside its tree. No SAT."""
    h, w = board.height, board.width
    for r, c in cells(h, w):
        given = board.cells[r][c]
        if answer[r][c] != (given == TENT) and given != EMPTY:
            return False
    if any(answer[a][b] and answer[c][d] for (a, b), (c, d) in touching_pairs(h, w, True)):
        return False
    tents = [(r, c) for r, c in cells(h, w) if answer[r][c]]
    return len(tents) == len(board.trees()) and _paired_off(board, set(tents))


def _paired_off(board: Tents, tents: set[Cell]) -> bool:
    """Whether every tree gets a tent of its own beside it (Kuhn's augmenting paths)."""
    owner: dict[Cell, Cell] = {}

    def place(tree: Cell, seen: set[Cell]) -> bool:
        for cell in board.sites(tree):
            if cell in tents and cell not in seen:
                seen.add(cell)
                if cell not in owner or place(owner[cell], seen):
                    owner[cell] = tree
                    return True
        return False

    return all(place(tree, set()) for tree in board.trees())


# --------------------------------------------------------------------------- the looks
LOOKS = {  # the glyphs tell trees, tents and grass apart; colour only adds
    "tree": Look("♣", "T", f"bold {TEAL}", ("", ""), "a tree", mark="text", ink="#2e7d32"),
    "tent": Look("▲", "A", f"bold {GOLD}", ("△", "a"), "a tent", mark="text", ink="#b06000"),
    "grass": Look("·", ".", GREY, ("∘", "o"), "an empty cell"),
}


def look(board: Tents, answer: Bits | None, r: int, c: int) -> str:
    if board.cells[r][c] == TREE:
        return "tree"
    tent = board.cells[r][c] == TENT if answer is None else answer[r][c]
    return "tent" if tent else "grass"


def _tents(counts: tuple[int, ...], *rows: str) -> Tents:
    """A board from its counts, the columns' first, and its rows of cells."""
    width = len(rows[0])
    return Tents(counts[:width], counts[width:], rows)


KIND = declare(__name__, Tents, written_as={"tatham": "tents"}, examples=tiny(
    unique=Tents((1, 0, 1, 0), (0, 0, 2, 0), ("....", "....", ".T..", "..T.")),
    multiple=_tents((0, 1, 0, 1, 1, 0, 1, 0), "..T.", "....", "..T.", "...."),
    none=_tents((0,) * 8, "T...", "....", "....", "....")))
