"""The line solver against brute force: every forced cell, and only those."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.kinds.nonogram.board import runs
from puzzlesat.kinds.nonogram.lines import UNKNOWN, LineAutomaton


def brute_force(clue, known):
    fits = [
        line
        for line in product((0, 1), repeat=len(known))
        if runs(line) == tuple(clue) and all(k in (UNKNOWN, v) for k, v in zip(known, line))
    ]
    if not fits:
        return None
    return [col[0] if len(set(col)) == 1 else UNKNOWN for col in zip(*fits)]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(1, 4), max_size=4),
    st.lists(st.sampled_from([UNKNOWN, 0, 1]), min_size=1, max_size=10),
)
def test_solve_line_matches_brute_force(clue, known):
    assert LineAutomaton(tuple(clue)).solve_line(known) == brute_force(clue, known)


def test_a_forced_overlap():
    assert LineAutomaton((4,)).solve_line([UNKNOWN] * 6) == [
        UNKNOWN,
        UNKNOWN,
        1,
        1,
        UNKNOWN,
        UNKNOWN,
    ]
