"""The next step of a puzzle and why: what a small group of the kind's named rules forces.

Every kind names its clause families by rule and scope (`Encoding.rules`, grid.clauses.
Named). Here each family gets a selector literal, added to its clauses, so that a solve
under assumptions switches rules on and off: a decision the rules force is one whose
opposite is unsatisfiable under them, and the solver's core says which families it
needed; dropping each in turn and solving again shrinks that to a set none of which can
go. The step is the decision with the fewest rules, and every other decision those same
rules force; a step follows from its rules and the decisions made before it alone
(`follows`, a separate solve, checks exactly that).

Native at-most constraints take their selector as repeated literals (`AtMost(lits +
[sel] * m, k + m)`: with the selector on, at most k of `lits`; off, any number); the
connectivity cuts a kind finds while solving (`refine`) come under one family of their
own, "connected", which they follow from. Families the kind left unnamed are one family,
"the rules". Issue 48 builds the command on this; this module is its engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from .sat import Encoding

Rule = tuple[str, tuple]  # (rule, scope), as grid.clauses.Named records them
UNNAMED: Rule = ("the rules", ("board",))
CONNECTED: Rule = ("connected", ("board",))


class Step(NamedTuple):
    """Decisions (literals of decision variables, as the solution has them) and the
    rules they follow from, with the decisions made before."""

    decided: tuple[int, ...]
    rules: tuple[Rule, ...]


class Reasoner:
    """One incremental solver holding the encoding with a selector a family of rules."""

    def __init__(self, encoding: Encoding) -> None:
        from pysat.solvers import Solver

        self.encoding = encoding
        top = max([abs(lit) for clause in encoding.clauses for lit in clause]
                  + [abs(lit) for lits, _ in encoding.atmosts for lit in lits]
                  + list(encoding.decision_vars) + [0])
        self.rules: list[Rule] = []
        self.selector: dict[Rule, int] = {}
        self.solver = Solver(name="gluecard4" if encoding.atmosts else "minisat22")
        self.top = top
        named = [UNNAMED] * len(encoding.clauses)
        for rule, scope, start, end in encoding.rules:
            named[start:end] = [(rule, scope)] * (end - start)
        for clause, rule in zip(encoding.clauses, named):
            self.solver.add_clause([*clause, -self._selector(rule)])
        for i, (lits, k) in enumerate(encoding.atmosts):
            spare = len(lits) - k
            select = self._selector(("a count", ("constraint", i)))
            self.solver.add_atmost([*lits, *[select] * spare], k + spare)

    def _selector(self, rule: Rule) -> int:
        if rule not in self.selector:
            self.top += 1
            self.selector[rule] = self.top
            self.rules.append(rule)
        return self.selector[rule]

    def unsatisfiable(self, rules: Iterable[Rule], assumed: Sequence[int]) -> list[Rule] | None:
        """The rules of a core when `assumed` cannot hold under `rules` (the connectivity
        cuts found on the way added as "connected"), else None."""
        on = [self.selector[rule] for rule in rules if rule in self.selector]
        refine = self.encoding.refine
        while self.solver.solve(assumptions=[*on, *assumed]):
            model = self.solver.get_model()
            cuts = refine(model + [-v for v in range(len(model) + 1, self.top + 1)]) \
                if refine and CONNECTED in rules else []
            if not cuts:
                return None
            select = self._selector(CONNECTED)
            for cut in cuts:
                self.solver.add_clause([*cut, -select])
            if select not in on:
                on.append(select)
        core = set(self.solver.get_core() or ())
        return [rule for rule in self.rules if self.selector[rule] in core]

    def shrunk(self, rules: list[Rule], assumed: Sequence[int]) -> list[Rule]:
        """A subset of `rules` under which `assumed` still cannot hold, none of whose
        rules can be dropped."""
        kept = list(rules)
        for rule in list(rules):
            trial = [r for r in kept if r != rule]
            if self.unsatisfiable(trial, assumed) is not None:
                kept = trial
        return kept

    def follows(self, decided: Sequence[int], rules: Sequence[Rule],
                before: Sequence[int]) -> bool:
        """Whether each decision follows from `rules` and the decisions `before` alone."""
        return all(self.unsatisfiable(rules, [*before, -lit]) is not None for lit in decided)


def next_step(reasoner: Reasoner, solution: dict[int, bool], known: Sequence[int],
              tried: int = 8) -> Step | None:
    """The decision the fewest rules force from `known` (literals decided already), with
    every other decision those rules force: `tried` candidates of the smallest first cores
    are shrunk to choose from. None when every decision variable is known."""
    every = [*reasoner.rules]
    if reasoner.encoding.refine is not None and CONNECTED not in every:
        every.append(CONNECTED)
    settled = {abs(lit) for lit in known}
    open_ = [v if solution[v] else -v for v in reasoner.encoding.decision_vars
             if v not in settled]
    if not open_:
        return None
    cores = []
    for lit in open_:
        core = reasoner.unsatisfiable(every, [*known, -lit])
        if core is not None:
            cores.append((len(core), lit, core))
    cores.sort(key=lambda item: item[0])
    best = min((reasoner.shrunk(core, [*known, -lit]) for _, lit, core in cores[:tried]),
               key=len)
    decided = tuple(lit for lit in open_
                    if reasoner.unsatisfiable(best, [*known, -lit]) is not None)
    return Step(decided, tuple(best))


def every_step(encoding: Encoding, solution: dict[int, bool],
               known: Sequence[int] = ()) -> list[Step]:
    """The whole solve as steps, each from the rules it names and the steps before."""
    reasoner = Reasoner(encoding)
    steps, known = [], list(known)
    while (step := next_step(reasoner, solution, known)) is not None:
        steps.append(step)
        known += step.decided
    return steps
