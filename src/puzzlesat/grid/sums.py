"""Cells that sum to a number and never repeat a digit: a Kakuro run, a Killer Sudoku cage.

The strong encoding, by the sets of distinct digits that make the sum (a run of three
summing to 7 is {1, 2, 4}, nothing else): a digit of every set is somewhere in the cells,
a digit of no set nowhere, and where several sets are left, one set is picked and the
cells hold exactly its digits. The solver then knows at once what the sum allows, which a
bit-level adder would leave it to search for. Each cell is given as its digit literals,
digit 1 first.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from . import clauses as rules


@cache
def digit_sets(most: int, size: int, total: int) -> tuple[frozenset[int], ...]:
    """Every set of `size` distinct digits 1..most summing to `total`, in the order
    itertools.combinations gives them (at most 12 for digits 1-9)."""
    if not 0 <= size <= most:
        return ()
    return tuple(frozenset(group) for group in combinations(range(1, most + 1), size)
                 if sum(group) == total)


def never_twice(cells: Sequence[Sequence[int]], variables: rules.Variables) -> list[rules.Clause]:
    """No digit in two of the cells (more cells than digits: the rule cannot hold)."""
    if len(cells) > len(cells[0] if cells else ()):
        return [[]]
    out: list[rules.Clause] = []
    for holds in zip(*cells):
        out += rules.at_most_one(holds, variables)
    return out


def summing(cells: Sequence[Sequence[int]], total: int, variables: rules.Variables
            ) -> list[rules.Clause]:
    """Distinct digits in the cells (`never_twice` gives that) summing to `total`: by the
    digit sets that make it (none: the rule cannot hold)."""
    sets = digit_sets(len(cells[0]) if cells else 9, len(cells), total)
    if not sets:
        return [[]]
    every, some = frozenset.intersection(*sets), frozenset.union(*sets)
    out: list[rules.Clause] = []
    for digit in range(1, len(cells[0]) + 1 if cells else 1):
        holds = [cell[digit - 1] for cell in cells]
        if digit in every:
            out.append(holds)
        elif digit not in some:
            out += rules.none_of(holds)
    if len(sets) > 1:
        out += _one_set(cells, sets, some - every, variables)
    return out


def _one_set(cells: Sequence[Sequence[int]], sets: Sequence[frozenset[int]],
             maybe: frozenset[int], variables: rules.Variables) -> list[rules.Clause]:
    """One set picked; a digit of `maybe` (in some sets only) is in the cells exactly
    where the set picked has it: `used` says some cell holds it, and the sets that lack it
    rule it out."""
    picks = [variables.new() for _ in sets]
    out = rules.exactly_one(picks, variables)
    for digit in sorted(maybe):
        holds = [cell[digit - 1] for cell in cells]
        used = variables.new()
        out += [[-hold, used] for hold in holds]
        out.append([-used, *holds])
        out.append([-used, *(pick for pick, digits in zip(picks, sets) if digit in digits)])
        out += [[-pick, used] for pick, digits in zip(picks, sets) if digit in digits]
    return out


def sum_cost(size: int, sets: int, most: int = 9) -> tuple[int, int]:
    """(literals, clauses), an upper bound, of `never_twice` and `summing` over `size`
    cells with `sets` digit sets: per digit an at-most-one (at most 3 clauses of 3 literals
    a cell) and its links (a clause of each cell, one back, one to the sets, each set's),
    and the sets' exactly-one."""
    literals = most * (9 * size + 3 * size + 3 * sets + 2) + 10 * sets
    clauses = most * (3 * size + size + 2 + sets) + 1 + 3 * sets
    return literals, clauses
