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
    are shrunk to choose from. `solution` holds the decisions to explain (every answer's
    value of each); None when none of them is left or none is forced."""
    every: list[Rule] = [*reasoner.rules]
    if reasoner.encoding.refine is not None and CONNECTED not in every:
        every.append(CONNECTED)
    settled = {abs(lit) for lit in known}
    open_ = [v if solution[v] else -v for v in solution if v not in settled]
    cores = []
    for lit in open_:
        core = reasoner.unsatisfiable(every, [*known, -lit])
        if core is not None:
            cores.append((len(core), lit, core))
    if not cores:  # nothing left is forced (a puzzle of several answers)
        return None
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


# --------------------------------------------------------------------------- in words
MOST_RULES = 8  # a step needing more rule families than this is search, not a step
SHADED_WORDS = ("unshaded", "shaded")  # a kind's CELL_WORDS say its own: ("water", "ship")


class Hints(NamedTuple):
    """What `puzzlesat hint` says: its status ("step", "solved", "needs_search", "none")
    and the steps, each its cells (row, column, 0/1) and its rules."""

    status: str
    steps: tuple[tuple[tuple[tuple[int, int, int], ...], tuple[Rule, ...]], ...]
    words: tuple[str, str] = SHADED_WORDS
    smallest_found: int = 0


def cell_kind(board: object) -> bool:
    """Whether the board's kind has one variable a cell, first in reading order (its
    decode is grid.rows.cell_answer): the kinds whose steps are said cell by cell now."""
    from .grid.rows import cell_answer
    from .kinds import kind_of

    return kind_of(board).decode is cell_answer


def explain(board: object, every: bool = False) -> Hints:
    """The next step (or, `every`, the whole solve as steps) of a board whose kind has a
    variable a cell; UnsupportedPuzzle for the others, which the issue's next steps add."""
    import sys

    from .core import UnsupportedPuzzle
    from .kinds import BY_NAME, kind_of
    from .sat import find_two

    kind = kind_of(board)
    if not cell_kind(board):
        raise UnsupportedPuzzle(f"hints for {kind.name} puzzles are not ready yet: only for "
                                "the games that shade or fill cells",
                                hint="`puzzlesat solve` solves it; hints come to the other "
                                "games next")
    encoding = kind.encode(board)
    found = find_two(encoding).models
    if not found:
        return Hints("none", ())
    solution = dict(zip(encoding.decision_vars, map(bool, found[0])))
    if len(found) > 1:  # only what every answer shares is forced
        second = dict(zip(encoding.decision_vars, map(bool, found[1])))
        solution = {v: x for v, x in solution.items() if second[v] == x}
    reasoner, known, steps = Reasoner(encoding), [], []
    words = getattr(sys.modules[BY_NAME.modules[kind.name]], "CELL_WORDS", SHADED_WORDS)
    width = board.width  # type: ignore[attr-defined]
    while (step := next_step(reasoner, solution, known)) is not None:
        if len(step.rules) > MOST_RULES:
            return Hints("needs_search", tuple(steps), words, len(step.rules))
        cells = tuple((*divmod(abs(lit) - 1, width), int(lit > 0)) for lit in step.decided)
        steps.append((cells, step.rules))
        known += step.decided
        if not every:
            break
    done = len(known) == len(solution) == len(encoding.decision_vars)
    return Hints("solved" if done and every or not steps else "step", tuple(steps), words)


