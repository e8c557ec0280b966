"""The hint engine (issue 48): every kind's unique example solved as steps, each step's
decisions following from the rules it names and the steps before it alone (checked by a
separate solve), none of its rules to spare, and the steps reaching the one answer."""

from __future__ import annotations

import pytest

from puzzlesat.core import Status
from puzzlesat.hints import Reasoner, every_step
from puzzlesat.kinds import BY_NAME, kind_named
from puzzlesat.sat import find_two

OWN_ENGINES = {"nonogram", "sudoku", "shikaku"}  # their own reasoning comes first (issue 48)
KINDS = sorted(set(BY_NAME) - OWN_ENGINES)


def _unique(name: str):
    kind = kind_named(name)
    example = next(e for e in kind.examples if e.status is Status.UNIQUE)
    encoding = kind.encode(example.board)
    (model, *_) = find_two(encoding).models
    return encoding, dict(zip(encoding.decision_vars, map(bool, model)))


@pytest.mark.parametrize("name", KINDS)
def test_every_step_follows_from_its_rules_and_the_steps_before(name):
    encoding, solution = _unique(name)
    steps = every_step(encoding, solution)
    checker, known = Reasoner(encoding), []
    for step in steps:
        assert step.decided and step.rules
        assert checker.follows(step.decided, step.rules, known), step
        for rule in step.rules:  # none to spare
            rest = [r for r in step.rules if r != rule]
            assert not checker.follows(step.decided, rest, known), (step, rule)
        known += step.decided
    assert sorted(known, key=abs) == [v if solution[v] else -v
                                      for v in sorted(encoding.decision_vars)]


def test_a_step_names_the_rule_and_scope_a_person_would():
    encoding, solution = _unique("light-up")
    first = every_step(encoding, solution)[0]
    assert first.rules == (("every cell lit", ("cell", (0, 0))),)
