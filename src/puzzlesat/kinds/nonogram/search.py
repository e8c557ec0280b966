"""The probing search that races MiniSat on black-and-white nonograms (_search.c).

It needs no encoding, so it starts at once on the other core while this one builds the CNF
and MiniSat; on most tournament puzzles it answers first (benchmarks/README.md has the
figures). It is the C module's alone: without a compiler at install time MiniSat runs
without it.
"""

from __future__ import annotations

import time

from ...sat import SatOutcome, Search
from .board import Nonogram

try:
    from . import _search
except ImportError:  # built without a C compiler
    _search = None

MAX_LINE = 63  # cells a line may have: the search keeps a line in one 64-bit word


def search_for(board: Nonogram) -> Search | None:
    """`search(stop)` for this board, or None where the search does not apply (colour,
    lines over MAX_LINE cells, no C module). It returns the answers it found once it has
    tried every branch or found two, as the cells row-major, and None if `stop[0]` was set
    before that. Its facts say, as the encoding's do, whether line logic alone decides the
    puzzle: an answer found before the encoding was built is given without one."""
    clues = _clues(board)
    if clues is None:
        return None

    def search(stop: bytearray) -> SatOutcome | None:
        start = time.perf_counter()
        complete, answers, line_solved = _search.two_answers(*clues, stop)
        if not complete:
            return None
        elapsed = time.perf_counter() - start
        return SatOutcome(_models(answers), elapsed, 0.0, facts={"line_solvable": line_solved})

    return search


def _clues(board: Nonogram) -> tuple[list, list] | None:
    if _search is None or board.is_colour or max(board.width, board.height) > MAX_LINE:
        return None
    return [list(clue) for clue in board.rows], [list(clue) for clue in board.cols]


def _models(answers: list[bytes]) -> tuple[tuple[bool, ...], ...]:
    return tuple(tuple(map(bool, answer)) for answer in answers)
