"""Parity counting: redundant cardinality constraints that let the SAT solver count.

Resolution cannot count, and some puzzles are unique for a counting reason. In N-Dom the odd
columns hold N filled cells in all (their clues say so), while each row, however it is
placed, puts at least a known number of filled cells in odd columns, and these minimums
already add up to N. So every row must sit at its minimum. Without that fact a CDCL solver
proves N-Dom unique only by a search that grows exponentially with N.

Four families per value (filled or empty): rows against the odd columns, rows against the
even columns, and the same for columns against rows. For each, K = the count the clues of
the class give, min_r = the fewest cells of the class that line r can have (a shortest
path through its automaton, given the cells line logic knows), and the slack
S = K - sum(min_r). The constraint "the lines' excesses over their minimums add up to at most
S" is added only when S is small: then it is a few short clauses and very strong; when S is
large it would be big and almost never propagate.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from pysat.formula import IDPool

from .board import Line, Nonogram
from .lines import UNKNOWN, LineAutomaton

MAX_SLACK = 2


def even_filled(clue: Line, known: Sequence[int]) -> tuple[int, int]:
    """The fewest and the most filled cells at even positions (0, 2, ...) over the fillings
    of the line that agree with `known`. The other seven counts follow from these two."""
    if UNKNOWN not in known:
        count = sum(known[0::2])
        return count, count
    dfa = LineAutomaton(clue)
    layers = dfa.alive(known)
    if layers is None:
        return 0, len(known)  # no filling at all: the line encoding already says so
    step, label = dfa.step, dfa.label
    best = {0: (0, 0)}
    for i in range(len(known)):
        even = 1 - i % 2
        alive, nxt = layers[i + 1], {}
        for q, (lo, hi) in best.items():
            for r in step[q]:
                if r is not None and alive >> r & 1:
                    add = even if label[r] else 0
                    old = nxt.get(r)
                    if old is None:
                        nxt[r] = (lo + add, hi + add)
                    else:
                        nxt[r] = (min(old[0], lo + add), max(old[1], hi + add))
        best = nxt
    return min(lo for lo, _ in best.values()), max(hi for _, hi in best.values())


def even_span(clue: Line, length: int) -> tuple[int, int]:
    """A range inside the true (fewest, most) filled cells at even positions: those of the
    leftmost and the rightmost placement, which bound the fewest from above and the most
    from below (even_filled_free is exact, but costs a dynamic programme). A family
    whose slack is too large with these is too large with the exact counts as well."""
    slack = max(0, length - (sum(clue) + len(clue) - 1))
    left = right = at = 0
    for block in clue:
        left += (at + block + 1) // 2 - (at + 1) // 2
        right += (at + slack + block + 1) // 2 - (at + slack + 1) // 2
        at += block + 1
    return min(left, right), max(left, right)


@lru_cache(maxsize=4096)
def even_filled_free(clue: Line, length: int) -> tuple[int, int]:
    """even_filled with nothing known, in O(blocks x free cells) instead of a pass over the
    automaton: it lets most puzzles skip the counting constraints at almost no cost.

    Only a block of odd length can change its count, by 1, as it starts at an even or an odd
    cell. Pushing the blocks right by E cells in all shifts block j's start parity by E's,
    and E can grow by at most the free cells F, so the choice is a parity sequence over the
    blocks with at most F changes.
    """
    free = length - (sum(clue) + len(clue) - 1)
    base, at = sum(b // 2 for b in clue), 0
    lo = {0: 0}  # toggles used -> (fewest, most) extra even cells so far
    hi = {0: 0}
    for block in clue:
        nlo: dict[int, int] = {}
        nhi: dict[int, int] = {}
        for t in lo:
            for u in (t, t + 1) if t < free else (t,):
                extra = (at + u) % 2 == 0 if block % 2 else 0
                nlo[u] = min(nlo.get(u, extra + lo[t]), extra + lo[t])
                nhi[u] = max(nhi.get(u, extra + hi[t]), extra + hi[t])
        lo, hi = nlo, nhi
        at += block + 1
    return base + min(lo.values()), base + max(hi.values())


def _fewest(clue: Line, length: int, even: tuple[int, int], parity: int, value: int) -> int:
    """The fewest cells of this parity holding `value`, from the even-position range."""
    lo, hi = even
    filled, evens = sum(clue), (length + 1) // 2
    if parity == 0:
        return lo if value else evens - hi
    return filled - hi if value else (length - evens) - (filled - lo)


def _merge(a: list[int], b: list[int], cap: int, pool: IDPool, clauses: list[list[int]]):
    """Unary sum of two unary counts (out[i]: at least i+1), upward clauses only, capped."""
    out = [pool.id() for _ in range(min(len(a) + len(b), cap))]
    for i in range(len(a) + 1):
        for j in range(len(b) + 1):
            if i + j > 0:
                lits = ([-a[i - 1]] if i else []) + ([-b[j - 1]] if j else [])
                clauses.append([*lits, out[min(i + j, cap) - 1]])
    return out


def _total(groups: list[list[int]], cap: int, pool: IDPool, clauses: list[list[int]]):
    """Unary count of the sum of unary counts, as a balanced tree of merges."""
    groups = [g for g in groups if g]
    if not groups:
        return []
    while len(groups) > 1:
        pairs = zip(groups[::2], groups[1::2])
        merged = [_merge(a, b, cap, pool, clauses) for a, b in pairs]
        groups = merged + ([groups[-1]] if len(groups) % 2 else [])
    return groups[0][:cap]


def _family(
    lines: Sequence[Sequence[int]],
    known: Sequence[Sequence[int]],
    minimums: Sequence[int],
    parity: int,
    value: int,
    budget: int,
    pool: IDPool,
    clauses: list[list[int]],
) -> bool:
    """Lines (cell variables, known values, fewest cells of the class) against the class
    of cross lines of `parity`, which holds `budget` cells of `value` by its own clues.
    Returns whether the constraint was added (the slack was small enough)."""
    slack = budget - sum(minimums)
    if slack < 0:
        clauses.append([])  # the lines cannot fit their minimums into the class: no solution
        return True
    if slack > MAX_SLACK:
        return False
    excesses = []
    for cells, seen, least in zip(lines, known, minimums):
        in_class = range(parity, len(cells), 2)
        open_lits = [cells[i] if value else -cells[i] for i in in_class if seen[i] == UNKNOWN]
        if open_lits:
            need = least - sum(1 for i in in_class if seen[i] == value)
            count = _total([[lit] for lit in open_lits], need + slack + 1, pool, clauses)
            excesses.append(count[need:])
    total = _total(excesses, slack + 1, pool, clauses)
    if len(total) > slack:
        clauses.append([-total[slack]])
    return True


def parity_clauses(board: Nonogram, known: Sequence[Sequence[int]], pool: IDPool):
    """The counting clauses worth adding, and how many of the eight families they cover."""
    w, h = board.width, board.height
    sides = (
        (board.rows, [[r * w + c + 1 for c in range(w)] for r in range(h)], known, board.cols),
        (
            board.cols,
            [[r * w + c + 1 for r in range(h)] for c in range(w)],
            [[known[r][c] for r in range(h)] for c in range(w)],
            board.rows,
        ),
    )
    clauses: list[list[int]] = []
    used = 0
    for clues, lines, seen, cross in sides:
        length = len(lines[0])
        # the slack without known cells bounds the true one from above, and the slack of
        # the spans bounds that: the cheap bound first, the exact one on what is left
        families = tight_families(cross, clues, length, even_span)
        families = tight_families(cross, clues, length, even_filled_free, families)
        if not families:
            continue
        evens = [even_filled(clue, line) for clue, line in zip(clues, seen)]
        for parity, value in families:
            minimums = [
                _fewest(clue, length, even, parity, value) for clue, even in zip(clues, evens)
            ]
            budget = _budget(cross, len(lines), parity, value)
            used += _family(lines, seen, minimums, parity, value, budget, pool, clauses)
    return clauses, used


FAMILIES = ((0, 0), (0, 1), (1, 0), (1, 1))  # (parity, value) of the cross lines counted


def tight_families(
    cross: Sequence[Line],
    clues: Sequence[Line],
    length: int,
    counts: Callable[[Line, int], tuple[int, int]],
    families: Sequence[tuple[int, int]] = FAMILIES,
) -> list[tuple[int, int]]:
    """The `families` whose slack is at most MAX_SLACK when each line's (fewest, most)
    filled cells at even positions are `counts(clue, length)`. even_span's counts make the
    slack no larger than even_filled_free's, which make it no larger than the known cells
    do: a family one rejects, the next rejects too."""
    if not families:
        return []
    evens = [counts(clue, length) for clue in clues]
    return [
        (parity, value)
        for parity, value in families
        if _slack(cross, clues, length, evens, parity, value) <= MAX_SLACK
    ]


def _slack(cross, clues, length: int, evens, parity: int, value: int) -> int:
    """K - sum of the lines' minimums, for one family."""
    minimums = [_fewest(clue, length, even, parity, value) for clue, even in zip(clues, evens)]
    return _budget(cross, len(clues), parity, value) - sum(minimums)


def _budget(clues: Sequence[Line], length: int, parity: int, value: int) -> int:
    """How many cells of `value` the lines of this parity hold, by their clues."""
    sums = [sum(clue) for i, clue in enumerate(clues) if i % 2 == parity]
    return sum(sums) if value else len(sums) * length - sum(sums)
