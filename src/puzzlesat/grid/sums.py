"""Cells that sum to a number and never repeat a digit: a Kakuro run, a Killer Sudoku cage.

The strong encoding, by the sets of distinct digits that make the sum (a run of three
summing to 7 is {1, 2, 4}, nothing else): a digit of every set is somewhere in the cells,
a digit of no set nowhere, and where several sets are left, one set is picked and the
cells hold exactly its digits. The solver then knows at once what the sum allows, which a
bit-level adder would leave it to search for. Each cell is given as its candidates, digit
-> the literal "the cell holds it", for the digits it may still hold: a game that knows a
cell's digits are fewer (`some_digit`: what every sum of the cell allows) writes no
clause about the others.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from itertools import combinations

from . import clauses as rules

Candidates = Mapping[int, int]  # digit -> the literal "the cell holds it"


@cache
def digit_sets(most: int, size: int, total: int) -> tuple[frozenset[int], ...]:
    """Every set of `size` distinct digits 1..most summing to `total`, in the order
    itertools.combinations gives them (at most 12 for digits 1-9)."""
    if not 0 <= size <= most or total > most * size:
        return ()
    return tuple(frozenset(group) for group in combinations(range(1, most + 1), size)
                 if sum(group) == total)


def some_digit(most: int, size: int, total: int) -> frozenset[int]:
    """The digits of any set that makes `total` in `size` cells (all 1..most for no total):
    what a cell of those cells may hold."""
    if not total:
        return frozenset(range(1, most + 1))
    return frozenset().union(*digit_sets(most, size, total))


def never_twice(cells: Sequence[Candidates], variables: rules.Variables) -> list[rules.Clause]:
    """No digit in two of the cells (more cells than digits: the rule cannot hold)."""
    digits = sorted(set().union(*cells)) if cells else []
    if len(cells) > len(digits):
        return [[]]
    out: list[rules.Clause] = []
    for digit in digits:
        out += rules.at_most_one([cell[digit] for cell in cells if digit in cell], variables)
    return out


def summing(cells: Sequence[Candidates], total: int, variables: rules.Variables,
            most: int = 9) -> list[rules.Clause]:
    """Distinct digits in the cells summing to `total` (no way: the rule cannot hold). Two
    cells by their pairs, each digit of one naming the other's (no helper); more by
    `never_twice` and the digit sets that make the sum."""
    if len(cells) == 2 and digit_sets(most, 2, total):
        return _pairs(cells[0], cells[1], total) + _pairs(cells[1], cells[0], total)
    return never_twice(cells, variables) + by_sets(cells, total, variables, most)


def by_sets(cells: Sequence[Candidates], total: int, variables: rules.Variables,
            most: int = 9) -> list[rules.Clause]:
    """The digit sets' part of `summing` alone, for cells whose digits never repeat by a
    rule said elsewhere (a Killer Sudoku cage's native at-most-ones): a digit of every set
    somewhere, of no set nowhere, and one set picked where several are left."""
    sets = digit_sets(most, len(cells), total)
    if not sets:
        return [[]]
    every, some = frozenset.intersection(*sets), frozenset.union(*sets)
    out: list[rules.Clause] = []
    for digit in sorted(set().union(*cells) | every):
        holds = [cell[digit] for cell in cells if digit in cell]
        if digit in every:
            out.append(holds)
        elif digit not in some:
            out += rules.none_of(holds)
    if len(sets) > 1:
        out += _one_set(cells, sets, some - every, variables)
    return out


def _pairs(one: Candidates, other: Candidates, total: int) -> list[rules.Clause]:
    """`one` holding d means `other` holds total - d, which must be another digit."""
    return [[-lit, other[total - d]] if total - d in other and total - d != d else [-lit]
            for d, lit in one.items()]


def _one_set(cells: Sequence[Candidates], sets: Sequence[frozenset[int]],
             maybe: frozenset[int], variables: rules.Variables) -> list[rules.Clause]:
    """One set picked; a digit of `maybe` (in some sets only) is in the cells exactly
    where the set picked has it: `used` says some cell holds it, and the sets that lack it
    rule it out."""
    picks = [variables.new() for _ in sets]
    out = rules.exactly_one(picks, variables)
    for digit in sorted(maybe):
        holds = [cell[digit] for cell in cells if digit in cell]
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
