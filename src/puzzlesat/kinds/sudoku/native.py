"""The C engine for many boxed Sudokus (_solver.c): singles, locked candidates and a search
that tries every branch, a whole group of puzzles in one call.

It comes first in many.py because a file of Sudokus is mostly easy puzzles: the numpy engine
shares its fixed costs across thousands of them, but importing numpy alone takes longer than
this engine needs for a file of thousands. What it gives up on (past the node budget) goes
on to numpy and SAT. Every answer it finds is checked by check.answers_hold before it is
reported. Without a C compiler at install time, numpy and SAT solve every puzzle.
"""

from __future__ import annotations

from ...core import CheckFailed
from .check import answers_hold

try:
    from . import _solver
except ImportError:  # built without a C compiler
    _solver = None

MAX_SIDE = 32  # a cell's candidates in one 32-bit word
GAVE_UP = 3  # the status of a puzzle past the budget


def takes(n: int, box: tuple[int, int] | None, regions) -> bool:
    """Whether the engine solves this shape: boxes (no jigsaw regions), up to MAX_SIDE."""
    return _solver is not None and regions is None and box is not None and n <= MAX_SIDE


def solve(
    values: bytes, ok: list[bool], n: int, box: tuple[int, int], budget: int
) -> tuple[list[tuple[bytes, ...]], list[int]]:
    """Each puzzle's checked answers (none, one, or two: several), and the puzzles handed
    back after `budget` branches (their answers left empty). `values`: n*n bytes a puzzle,
    row after row, 0 for an empty cell; `ok`: whether each puzzle's values are within
    0..n (one that is not has no answer)."""
    cells = n * n
    statuses, answers = _solver.solve(values, n, box[0], box[1], budget)
    found: list[tuple[bytes, ...]] = []
    gave_up = []
    for i, status in enumerate(statuses):
        at = 2 * i * cells
        if not ok[i] or status == 0:
            found.append(())
        elif status == 1:
            found.append((answers[at : at + cells],))
        elif status == 2:
            found.append((answers[at : at + cells], answers[at + cells : at + 2 * cells]))
        else:
            gave_up.append(i)
            found.append(())
    _check(values, found, n, box)
    return found, gave_up


def _check(values: bytes, found: list[tuple[bytes, ...]], n: int, box: tuple[int, int]) -> None:
    """Every answer against the rules and its givens; CheckFailed names the first wrong one."""
    cells = n * n
    which = [i for i, answers in enumerate(found) for _ in answers]
    givens = b"".join([values[i * cells : (i + 1) * cells] for i in which])
    if answers_hold(n, box, givens, b"".join([a for answers in found for a in answers])):
        return
    for i, answers in enumerate(found):
        given = values[i * cells : (i + 1) * cells]
        if not all(answers_hold(n, box, given, answer) for answer in answers):
            raise CheckFailed(f"the answer found to Sudoku {i + 1} of a batch breaks its rules")
