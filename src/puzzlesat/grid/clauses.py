"""The clause shapes grid games keep needing, one small function a rule (cspuz's style).

Each returns plain clauses (lists of DIMACS literals) for `Encoding.clauses`; the ones that
need helper variables take a `Variables` and draw fresh ones from it. Small sets get the
direct encoding (no helper variable: the solver propagates it best); long ones a sequential
counter, linear in size, where a pairwise encoding would be quadratic.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from itertools import combinations

Clause = list[int]
PAIRWISE_UP_TO = 6  # at most one of this many literals: pairs (15 clauses) beat a counter


class Variables:
    """Variable numbers: a named one per key (a cell's bulb, a star), numbered in the order
    asked, and fresh helpers after them."""

    def __init__(self) -> None:
        self.count = 0
        self.named: dict[Hashable, int] = {}

    def of(self, key: Hashable) -> int:
        """The variable of `key`, made on first asking."""
        if key not in self.named:
            self.named[key] = self.new()
        return self.named[key]

    def new(self) -> int:
        self.count += 1
        return self.count


def cell_variables(height: int, width: int) -> tuple[Variables, dict[tuple[int, int], int]]:
    """A variable a cell, 1..N in reading order (what a game that marks cells answers by),
    and the Variables that draws its helpers after them."""
    variables = Variables()
    return variables, {(r, c): variables.of((r, c)) for r in range(height) for c in range(width)}


Scope = tuple  # ("row", 3), ("cell", (r, c)), ("clue", (r, c)), ("loop",): formatted on demand
RuleSpan = tuple[str, Scope, int, int]  # (rule, scope, first clause, clause after the last)


class Named(list):
    """Clauses, each family recorded under the rule and the scope it says: "one bulb a
    segment" in ("row", (3, 0)). A hint explains a step by these names; recording costs a
    tuple a family, and nothing reads it unless asked (`Encoding.rules`)."""

    def __init__(self) -> None:
        super().__init__()
        self.names: list[RuleSpan] = []

    def add(self, rule: str, scope: Scope, clauses: list[Clause]) -> None:
        start = len(self)
        self.extend(clauses)
        self.names.append((rule, scope, start, len(self)))


def rule_of(names: Sequence[RuleSpan], index: int) -> tuple[str, Scope] | None:
    """The rule and scope clause `index` came from (None: a clause no rule named)."""
    return next(((rule, scope) for rule, scope, start, end in names if start <= index < end),
                None)


def scope_text(scope: Scope) -> str:
    """A scope as people say it, 1-based: "row 4", "the 2 at row 3, column 4"."""
    what, *where = scope
    if not where:
        return f"the {what}"
    place = where[0]
    if isinstance(place, tuple) and len(place) == 2:
        return f"{what} at row {place[0] + 1}, column {place[1] + 1}"
    return f"{what} {place + 1}" if isinstance(place, int) else f"{what} {place}"


def at_least_one(lits: Sequence[int]) -> list[Clause]:
    """One of `lits` holds (no literal: the rule cannot hold, an empty clause)."""
    return [list(lits)]


def implies(a: int, b: int) -> list[Clause]:
    """a -> b."""
    return [[-a, b]]


def none_of(lits: Sequence[int]) -> list[Clause]:
    """None of `lits` holds."""
    return [[-lit] for lit in lits]


def never_both(pairs: Sequence[tuple[int, int]]) -> list[Clause]:
    """For each pair, not both: cells that must not touch (stars, tents, black cells)."""
    return [[-a, -b] for a, b in pairs]


def at_most_one(lits: Sequence[int], variables: Variables) -> list[Clause]:
    """At most one of `lits`: pairwise for a few, else a sequential counter (Sinz) whose
    helper s_i says "one of the first i holds"."""
    if len(lits) <= PAIRWISE_UP_TO:
        return never_both(list(combinations(lits, 2)))
    out: list[Clause] = []
    seen = variables.new()
    out.append([-lits[0], seen])
    for lit in lits[1:-1]:
        after = variables.new()
        out += [[-lit, after], [-seen, after], [-lit, -seen]]
        seen = after
    out.append([-lits[-1], -seen])
    return out


def exactly_one(lits: Sequence[int], variables: Variables) -> list[Clause]:
    return at_least_one(lits) + at_most_one(lits, variables)


def exactly_few(lits: Sequence[int], k: int) -> list[Clause]:
    """Exactly k of a few literals (a clue's neighbours: at most eight), with no helper:
    no k+1 of them all hold, and no len-k+1 of them all fail. k out of range: unsatisfiable."""
    n = len(lits)
    if not 0 <= k <= n:
        return [[]]
    too_many = [[-lit for lit in group] for group in combinations(lits, k + 1)]
    too_few = [list(group) for group in combinations(lits, n - k + 1)] if k else []
    return too_many + too_few



AtMost = tuple[list[int], int]  # at most k of these literals: Glucose's native constraint


class Count(tuple):
    """A native at-most (lits, k) that says its rule and scope, as Named does for clauses:
    a hint names the count it used ("stars a row", ("row", 3)). It is the plain pair to
    everything else (the solvers unpack it)."""

    named: tuple[str, Scope]

    def __new__(cls, lits: list[int], k: int, named: tuple[str, Scope]) -> Count:
        count = super().__new__(cls, (lits, k))
        count.named = named
        return count

    def __getnewargs__(self) -> tuple:  # pickled whole, its name too
        return (*self, self.named)


def exactly_native(lits: Sequence[int], k: int,
                   named: tuple[str, Scope] | None = None) -> list[AtMost]:
    """Exactly k of `lits`, however many (k stars a row, column and region), as two native
    constraints for `Encoding.atmosts`: at most k hold, at most len-k fail. No helper, and
    the card solver propagates them at once, which beats a counter's clauses on big units.
    `named`: the (rule, scope) both say, for hints."""
    pair = [(list(lits), k), ([-lit for lit in lits], len(lits) - k)]
    return [Count(*bound, named) for bound in pair] if named else pair


def weighted_native(lits: Sequence[int], weights: Sequence[int], total: int,
                    named: tuple[str, Scope] | None = None) -> list[AtMost]:
    """The weights of the literals that hold add up to `total` (Kakurasu's sums), as
    `exactly_native` over each literal repeated as many times as its (positive, whole)
    weight: Glucose's native constraint counts every copy, so this is one pseudo-Boolean
    equality, propagated as one, in as many literals as the weights add up to. A total out
    of reach leaves a bound below 0: unsatisfiable."""
    return exactly_native([lit for lit, weight in zip(lits, weights) for _ in range(weight)],
                          total, named)


def any_of(flag: int, lits: Sequence[int]) -> list[Clause]:
    """flag <-> one of `lits` holds (a block holds a star)."""
    return [[-flag, *lits], *([-lit, flag] for lit in lits)]


def differ(first: Sequence[int], second: Sequence[int], variables: Variables) -> list[Clause]:
    """Two equally long lines of literals differ in at least one place (no two Binairo rows
    alike): a fresh helper a place, which holds only where the two differ, and one of the
    helpers holds. One way only: a helper may stay false where they differ anyway."""
    out: list[Clause] = []
    helpers = []
    for a, b in zip(first, second):
        helper = variables.new()
        helpers.append(helper)
        out += [[-helper, a, b], [-helper, -a, -b]]
    return [*out, helpers]


def never_three(lits: Sequence[int]) -> list[Clause]:
    """No three literals in a row of a line all hold, and no three all fail."""
    out: list[Clause] = []
    for a, b, c in zip(lits, lits[1:], lits[2:]):
        out += [[-a, -b, -c], [a, b, c]]
    return out


def at_most(lits: Sequence[int], k: int, variables: Variables) -> list[Clause]:
    """At most k of `lits` (k small): a sequential counter (Sinz) whose helper s[i][j]
    says "j+1 of the first i+1 hold", k helpers a literal."""
    if k <= 0:
        return none_of(lits)
    if k == 1:
        return at_most_one(lits, variables)
    out: list[Clause] = []
    before: list[int] = []
    for lit in lits:
        now = [variables.new() for _ in range(k)]
        out.append([-lit, now[0]])
        for j in range(k):
            if before:
                out.append([-before[j], now[j]])
            if j and before:
                out.append([-lit, -before[j - 1], now[j]])
        if before:
            out.append([-lit, -before[k - 1]])
        before = now
    return out

