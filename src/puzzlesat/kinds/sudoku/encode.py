"""Sudoku to CNF: singles first on bit sets, then a variable per open (cell, digit).

Propagation keeps each cell's candidates as one Python int (bit d-1 for digit d) and runs
naked singles (a decided cell takes its digit from its peers) and hidden singles (a digit
with one place left in a row, column or unit goes there) to a fixpoint. No per-cell
objects: a 9x9 board is 81 ints and a precomputed tuple of peers per cell.

The CNF then has a variable for each candidate still open; a decided cell's digit is one
shared variable fixed true and every digit a cell cannot take one shared variable fixed
false (as the nonogram's colour encoding does), so a board singles nearly solve costs next
to nothing. Each open cell takes exactly one digit, and each digit is in each row, column
and unit exactly once: an at-least-one clause and pairwise at-most-one clauses, the
"extended" encoding, whose unit propagation already does naked and hidden singles.

A box's (or region's) pairs of cells in one row or column are left out of its at-most-one
clauses: the row's or column's have them already (an eighth fewer clauses on a 9x9).

Pairwise at-most-one was measured against pysat's CardEnc (encode + find_two, ms a puzzle,
on a loaded 2-core machine): 17-clue 9x9s 3.9 pairwise, 6.0 sequential counter, 7.1 ladder,
6.5 bitwise; the forum's hardest 9x9s 10 / 17 / 30 / 20; 16x16s with 110 of 256 givens
16 / 42 / 51 / 40. After singles the groups are small and pairwise needs fewest clauses;
only an empty 16x16 (groups of 16, 124k pairwise clauses against 46k) went the other way.

If singles find a contradiction, the full CNF (givens only) is built all the same, so that
the SAT solver, not the shortcut, says there is no solution.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from ...core import Grid
from ...sat import Encoding, Progress
from .board import Sudoku
from .layout import Layout, layout

TRUE, FALSE = 1, 2  # the two shared fixed variables; open candidates are numbered from 3


def givens(board: Sudoku) -> list[int]:
    """Per cell (row-major), its candidates as a bit set: a given's one bit, else all n."""
    full = (1 << board.size) - 1
    return [1 << (v - 1) if v else full for row in board.grid for v in row]


def propagate(cands: list[int], lay: Layout) -> bool:
    """Naked and hidden singles on `cands` (changed in place) to a fixpoint; False when a
    cell has no candidate left, a digit no place in a unit, or a cell is the only place
    of two digits.

    A decided cell takes its digit from its peers at once (naked singles, a queue); then
    each unit still open is scanned for digits with one place (hidden singles), and what
    those decide is passed on to the peers before the next unit is scanned. A unit whose
    cells are all decided is dropped from the scan."""
    full = (1 << lay.size) - 1
    peers = lay.peers
    queue = [i for i, m in enumerate(cands) if not m & (m - 1)]
    done = bytearray(len(cands))  # cells whose digit is already gone from their peers

    def settle() -> bool:  # naked singles: empty the queue
        while queue:
            i = queue.pop()
            if done[i]:
                continue
            done[i] = 1
            bit = cands[i]
            if not bit:
                return False
            keep = ~bit
            for p in peers[i]:
                m = cands[p]
                if m & bit:
                    m &= keep
                    if not m:
                        return False
                    cands[p] = m
                    if not m & (m - 1):
                        queue.append(p)
        return True

    if not settle():
        return False
    live = list(lay.units)
    changed = True
    while changed:
        changed = False
        still = []
        for unit in live:
            once = more = 0
            for i in unit:
                m = cands[i]
                more |= once & m
                once |= m
            if once != full:
                return False
            if not more:  # each digit once: every cell of the unit is decided
                continue
            still.append(unit)
            only = once & ~more
            if not only:
                continue
            for i in unit:
                m = cands[i]
                hit = m & only
                if hit and hit != m:
                    if hit & (hit - 1):
                        return False
                    cands[i] = hit
                    queue.append(i)
            if queue:
                changed = True
                if not settle():
                    return False
        live = still
    return True


def _placed(unit: tuple[int, ...], cands: list[int], full: int, clauses: list) -> int:
    """The digits decided cells of a unit hold; an empty clause for two alike, or for a
    digit with no place at all (the full CNF after singles found a contradiction)."""
    placed = anywhere = 0
    for i in unit:
        m = cands[i]
        anywhere |= m
        if not m & (m - 1):
            if placed & m:
                clauses.append([])
            placed |= m
    if anywhere != full:
        clauses.append([])
    return placed


@lru_cache(maxsize=1 << 16)
def digits_of(mask: int) -> tuple[int, ...]:
    """The digits (0-based) in a candidate set."""
    return tuple(d for d in range(mask.bit_length()) if mask >> d & 1)


def encode(board: Sudoku, progress: Progress | None = None) -> Encoding:
    """CNF of the board after singles; the decision variables are every cell's n digit
    variables, cell by cell (row-major), digit by digit, so that blocking an answer
    blocks exactly that grid. `progress` hears "singles", then "encoding"."""
    n = board.size
    full = (1 << n) - 1
    lay = layout(board)
    if progress is not None:
        progress("singles")
    start = givens(board)
    cands = list(start)
    consistent = propagate(cands, lay)
    if not consistent:
        cands = start
    if progress is not None:
        progress("encoding")
    clauses: list[list[int]] = [[TRUE], [-FALSE]]
    add = clauses.append
    decision = [FALSE] * (n * n * n)
    var = FALSE
    open_cells = 0
    for i, m in enumerate(cands):
        if m & (m - 1):
            open_cells += 1
            base = i * n
            lits = list(range(var + 1, var + 1 + m.bit_count()))
            for d, lit in zip(digits_of(m), lits):
                decision[base + d] = lit
            var = lits[-1]
            add(lits)
            clauses.extend([[-a, -b] for a, b in combinations(lits, 2)])
        elif m:
            decision[i * n + m.bit_length() - 1] = TRUE
        else:
            add([])  # cannot happen after validate: a cell without a digit
    lines = 2 * n  # the units before this index are rows and columns
    for k, unit in enumerate(lay.units):
        opened = [i for i in unit if cands[i] & (cands[i] - 1)]
        placed = 0 if consistent else _placed(unit, cands, full, clauses)
        if not opened:
            continue
        missing = 0
        for i in opened:
            missing |= cands[i]
        for d in digits_of(missing):
            bit = 1 << d
            cells = [i for i in opened if cands[i] & bit]
            lits = [decision[i * n + d] for i in cells]
            if placed & bit:  # taken by a decided cell: no open cell may take it too
                clauses.extend([[-lit] for lit in lits])
                continue
            add(lits)
            if k < lines:
                clauses.extend([[-a, -b] for a, b in combinations(lits, 2)])
            else:  # a box or region: its pairs in one row or column are there already
                clauses.extend(
                    [
                        [-decision[i * n + d], -decision[j * n + d]]
                        for i, j in combinations(cells, 2)
                        if i // n != j // n and i % n != j % n
                    ]
                )
    facts = {"singles_solve": consistent and not open_cells, "open_cells": open_cells}
    return Encoding(clauses, decision, facts=facts)


def decode(board: Sudoku, values: Sequence[bool]) -> Grid:
    """The grid of the answer; 0 for a cell with no digit or more than one (which the
    checker refuses), so that a broken model never decodes to an answer."""
    n = board.size
    on = [k for k, v in enumerate(values) if v]
    if len(on) == n * n and all(k // n == i for i, k in enumerate(on)):
        cells = [k % n + 1 for k in on]  # one digit a cell: the usual case, decoded at once
    else:
        cells = []
        for base in range(0, n * n * n, n):
            cell = list(values[base : base + n])
            cells.append(cell.index(True) + 1 if cell.count(True) == 1 else 0)
    return tuple(tuple(cells[r * n : r * n + n]) for r in range(n))
