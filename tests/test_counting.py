"""Parity counting constraints: the even-position DP against brute force, and N-Dom."""

from __future__ import annotations

import itertools
import random

from pysat.formula import IDPool

from puzzlesat.core import Status
from puzzlesat.kinds.nonogram.board import Nonogram, runs
from puzzlesat.kinds.nonogram.counting import (
    even_filled,
    even_filled_free,
    even_span,
    parity_clauses,
)
from puzzlesat.kinds.nonogram.encode import encode
from puzzlesat.kinds.nonogram.lines import UNKNOWN, propagate
from puzzlesat.solve import solve


def test_even_filled_matches_brute_force():
    rng = random.Random(7)
    for _ in range(400):
        length = rng.randint(1, 9)
        truth = [int(rng.random() < 0.5) for _ in range(length)]
        clue = runs(truth)
        known = [v if rng.random() < 0.3 else UNKNOWN for v in truth]
        fillings = [
            line
            for line in itertools.product((0, 1), repeat=length)
            if runs(line) == clue and all(k in (UNKNOWN, v) for k, v in zip(known, line))
        ]
        evens = [sum(line[0::2]) for line in fillings]
        assert even_filled(clue, known) == (min(evens), max(evens)), (clue, known)


def n_dom(n: int) -> Nonogram:
    """N-Dom by the formula of Wolter's family (webpbn #8098 is 9-Dom): size 2N+1."""
    rows = [(3,)] + [(1,), (3, 1)] * (n - 1) + [(1,), (1,)]
    cols = [(1,), (1,)] + [(1, 3), (1,)] * (n - 1) + [(3,)]
    return Nonogram(rows=tuple(rows), cols=tuple(cols))


def test_n_dom_is_proved_unique_with_counting_constraints():
    board = n_dom(12)
    encoding = encode(board)
    assert encoding.facts["counting_constraints"] == 4  # even rows/columns, filled and empty
    result = solve(board)
    assert result.status is Status.UNIQUE
    staircase = result.solutions[0]
    assert staircase[0][-3:] == (1, 1, 1) and staircase[-1][2] == 1


def test_puzzles_with_a_large_slack_get_no_counting_constraints():
    """8x8 permutation matrices: each row may put 0 of its cells in even columns, which hold
    4, so the slack is 4 in every family (past MAX_SLACK) and nothing is added."""
    board = Nonogram(rows=((1,),) * 8, cols=((1,),) * 8)
    known = propagate(board.rows, board.cols)
    assert all(UNKNOWN in row for row in known)
    clauses, used = parity_clauses(board, known, IDPool(start_from=100))
    assert (used, clauses) == (0, [])
    assert "counting_constraints" in encode(board).facts


def _fitting_clues(seed: int, tries: int = 2000) -> list[tuple[tuple[int, ...], int]]:
    """Random (clue, length) pairs whose clue fits its line."""
    rng = random.Random(seed)
    pairs = []
    for _ in range(tries):
        length = rng.randint(1, 30)
        clue = tuple(rng.randint(1, 6) for _ in range(rng.randint(0, 8)))
        if sum(clue) + len(clue) - 1 <= length:
            pairs.append((clue, length))
    return pairs


def test_even_filled_free_matches_the_automaton_with_nothing_known():
    pairs = _fitting_clues(11)
    assert len(pairs) > 500
    for clue, length in pairs:
        assert even_filled_free(clue, length) == even_filled(clue, [UNKNOWN] * length)


def test_even_span_lies_inside_the_exact_range():
    """The cheap first filter of parity_clauses: the spans' fewest is never below the exact
    fewest, nor their most above the exact most, so a family they find too loose is."""
    strict = 0
    for clue, length in _fitting_clues(12):
        (lo, hi), (fewest, most) = even_span(clue, length), even_filled_free(clue, length)
        assert fewest <= lo <= hi <= most
        strict += (fewest, most) != (lo, hi)
    assert strict > 100
