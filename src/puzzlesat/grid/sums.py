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

from collections import deque
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


def digit_masks(most: int, size: int, total: int) -> tuple[int, ...]:
    """`digit_sets` as bit masks (bit d: digit d), for `narrowed`'s quick tests."""
    return _masks(most, size, total)


@cache
def _masks(most: int, size: int, total: int) -> tuple[int, ...]:
    return tuple(sum(1 << d for d in group) for group in digit_sets(most, size, total))


@cache
def digits_of(mask: int) -> tuple[int, ...]:
    """The digits of a bit mask, smallest first."""
    return tuple(d for d in range(mask.bit_length()) if mask >> d & 1)


def narrowed(groups: Sequence[tuple[Sequence[int], int]], cells: int, most: int = 9
             ) -> tuple[list[int], list[tuple[int, ...] | None]]:
    """(each cell's digits, each group's digit sets), as bit masks, cut to what the sums can
    still make before any clause is written: a set is kept where each of its group's cells
    may hold one of its digits and each of its digits has a cell; a cell keeps the digits
    of its groups' sets left, less a digit another cell of its group alone may hold, and a
    digit of every set left that one cell alone may hold is that cell's. Run to
    a fixed point: a Kakuro run is often down to one set by then, which needs no set
    variable at all, and every digit cut is variables and clauses the solver never sees.
    `groups` are (cell indices, total; 0 no sum); a group without a sum only never repeats
    (its sets None). A cell left with no digit makes the encoding unsatisfiable, as the
    puzzle is. Sound: only what no answer can hold is cut."""
    full = (1 << (most + 1)) - 2
    masks = [full] * cells
    sets = [digit_masks(most, len(members), total) if total else None
            for members, total in groups]
    of_cell: list[list[int]] = [[] for _ in range(cells)]
    for g, (members, _) in enumerate(groups):
        for cell in members:
            of_cell[cell].append(g)
    waiting, queued = deque(range(len(groups))), [True] * len(groups)  # first in, first out
    while waiting:
        g = waiting.popleft()
        queued[g] = False
        members = groups[g][0]
        held = [masks[cell] for cell in members]
        taken, open_ = 0, False
        for mask in held:
            if mask & (mask - 1):
                open_ = True
            else:
                taken |= mask  # a cell's one digit: no other cell of the group holds it
        if not open_:
            continue  # every cell's digit known: the clauses check the rest
        allowed, every = _kept_sets(sets, g, held) if sets[g] is not None else (full, 0)
        cuts = [mask & allowed & ~taken if mask & (mask - 1) else mask & allowed
                for mask in held]
        once = twice = 0
        for cut in cuts:
            once, twice = once | cut, twice | (once & cut)
        for digit in digits_of(every & once & ~twice & ~taken):  # needed, one cell may
            cuts = [1 << digit if cut >> digit & 1 else cut for cut in cuts]
        for cell, mask, cut in zip(members, held, cuts):
            if cut != mask:
                masks[cell] = cut
                for other in of_cell[cell]:
                    if not queued[other]:
                        queued[other] = True
                        waiting.append(other)
    return masks, sets


def _kept_sets(sets: list, g: int, held: list[int]) -> tuple[int, int]:
    """Group `g`'s sets that its cells' digits `held` can still make, kept in `sets`; the
    digits of any of those left, and of all."""
    anywhere = 0
    for mask in held:
        anywhere |= mask
    kept, allowed, every = [], 0, -1
    for s in sets[g]:
        if (s & anywhere) != s:
            continue
        for mask in held:
            if not mask & s:
                break
        else:
            kept.append(s)
            allowed, every = allowed | s, every & s
    sets[g] = tuple(kept)
    return allowed, every & allowed


def never_twice(cells: Sequence[Candidates], variables: rules.Variables,
                native: list[rules.AtMost] | None = None) -> list[rules.Clause]:
    """No digit in two of the cells (more cells than digits: the rule cannot hold); with
    `native`, each digit's at-most-one is appended there (the card solver's) instead."""
    digits = sorted(set().union(*cells)) if cells else []
    if len(cells) > len(digits):
        return [[]]
    out: list[rules.Clause] = []
    for digit in digits:
        holds = [cell[digit] for cell in cells if digit in cell]
        if native is None:
            out += rules.at_most_one(holds, variables)
        elif len(holds) > 1:
            native.append((holds, 1))
    return out


def summing(cells: Sequence[Candidates], total: int, variables: rules.Variables,
            most: int = 9, native: list[rules.AtMost] | None = None,
            sets: Sequence[int] | None = None) -> list[rules.Clause]:
    """Distinct digits in the cells summing to `total` (no way: the rule cannot hold). Two
    cells by their pairs, each digit of one naming the other's (no helper); more by
    `never_twice` and the digit sets that make the sum (`sets`: those `narrowed` left, as
    masks; `native`: see `never_twice`)."""
    if len(cells) == 2 and digit_sets(most, 2, total):
        return by_sets(cells, total, variables, most)
    return (never_twice(cells, variables, native)
            + by_sets(cells, total, variables, most, native, sets))


def by_sets(cells: Sequence[Candidates], total: int, variables: rules.Variables,
            most: int = 9, native: list[rules.AtMost] | None = None,
            sets: Sequence[int] | None = None) -> list[rules.Clause]:
    """The digit sets' part of `summing` alone, for cells whose digits never repeat by a
    rule said elsewhere (a Killer Sudoku cage's native at-most-ones): a digit of every set
    somewhere, of no set nowhere, and one set picked where several are left (`sets`,
    `native`: see `summing`). Two cells by their pairs instead, each digit of one naming
    the other's: no helper, and fewer clauses than the sets'."""
    masks = digit_masks(most, len(cells), total) if sets is None else sets
    if not masks:
        return [[]]
    if len(cells) == 2:
        return _pairs(cells[0], cells[1], total) + _pairs(cells[1], cells[0], total)
    every, some = masks[0], 0
    for mask in masks:
        every, some = every & mask, some | mask
    out: list[rules.Clause] = []
    present = set().union(*cells)
    for digit in sorted(present | set(digits_of(every))):
        holds = [cell[digit] for cell in cells if digit in cell]
        if every >> digit & 1:
            out.append(holds)
        elif not some >> digit & 1:
            out += rules.none_of(holds)
    if len(masks) > 1:
        out += _one_set(cells, masks, digits_of(some & ~every), variables, native)
    return out


def _pairs(one: Candidates, other: Candidates, total: int) -> list[rules.Clause]:
    """`one` holding d means `other` holds total - d, which must be another digit."""
    return [[-lit, other[total - d]] if total - d in other and total - d != d else [-lit]
            for d, lit in one.items()]


def _one_set(cells: Sequence[Candidates], sets: Sequence[int], maybe: list[int],
             variables: rules.Variables, native: list[rules.AtMost] | None
             ) -> list[rules.Clause]:
    """One set picked; a digit of `maybe` (in some sets only) is in the cells exactly
    where the set picked has it: `used` says some cell holds it, and the sets that lack it
    rule it out."""
    picks = [variables.new() for _ in sets]
    if native is None:
        out = rules.exactly_one(picks, variables)
    else:
        out = [picks]
        native.append((picks, 1))
    for digit in maybe:
        holds = [cell[digit] for cell in cells if digit in cell]
        having = [pick for pick, mask in zip(picks, sets) if mask >> digit & 1]
        used = variables.new()
        out += [[-hold, used] for hold in holds]
        out.append([-used, *holds])
        out.append([-used, *having])
        out += [[-pick, used] for pick in having]
    return out


def sum_cost(size: int, sets: int, most: int = 9) -> tuple[int, int]:
    """(literals, clauses), an upper bound, of `never_twice` and `summing` over `size`
    cells with `sets` digit sets: per digit an at-most-one (at most 3 clauses of 3 literals
    a cell) and its links (a clause of each cell, one back, one to the sets, each set's),
    and the sets' exactly-one."""
    literals = most * (9 * size + 3 * size + 3 * sets + 2) + 10 * sets
    clauses = most * (3 * size + size + 2 + sets) + 1 + 3 * sets
    return literals, clauses
