"""A batch's puzzles, and a file of many handed on in groups as it is read (batch.puzzles_of):
a file of a million puzzles is never a million boards in memory, and its first answer does
not wait for its last puzzle to be read."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain

from .core import PuzzleError, safe_text
from .kinds import Board, kind_of

# Puzzles of a kind that solves many at once (Sudoku) go to a worker in chunks of at least
# this many; the others one at a time.
SMALLEST_CHUNK = 500
# A file of at most this many puzzles of such a kind is solved in this process, chunk after
# chunk (Ctrl-C is heard between chunks): starting a pool takes longer than solving them.
IN_PROCESS_MANY = 20_000


class Puzzle:
    """One puzzle of a batch: where it came from, and its board or why it has none. A
    plain class: a file of a million puzzles makes a million of them."""

    __slots__ = ("index", "source", "board", "error", "cached")

    def __init__(
        self,
        index: int,  # 1-based, in input order
        source: str,  # a path, a URL, or `path#N` for the Nth puzzle of a file of many
        board: Board | None = None,
        error: PuzzleError | None = None,
        cached: bool = False,
    ) -> None:
        self.index, self.board, self.error, self.cached = index, board, error, cached
        self.source = safe_text(source)  # a name found in a folder may hold anything

    def __repr__(self) -> str:
        return f"Puzzle({self.index}, {self.source!r})"


class More(list):
    """Further puzzles of the source before them: a file of many is handed on in groups as
    it is read, and the batch counts it as one source."""


def in_process(groups: Iterable[list[Puzzle]]) -> tuple[bool, Iterator[list[Puzzle]]]:
    """Whether these puzzles (a file of many, in groups as it is read) are solved here
    rather than on a pool: one to solve, or up to IN_PROCESS_MANY of a kind that solves
    many at once. Read ahead no further than it takes to tell; the groups, all of them."""
    groups = iter(groups)
    ahead: list[list[Puzzle]] = []
    solvable: list[Puzzle] = []
    for group in groups:
        ahead.append(group)
        solvable += [p for p in group if p.board is not None]
        many_at_once = solvable and kind_of(solvable[0].board).solve_many is not None
        if len(solvable) > (IN_PROCESS_MANY if many_at_once else 1):
            return False, chain(ahead, groups)
    return True, iter(ahead)
