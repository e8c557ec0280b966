"""The hint engine (issue 48): every kind's unique example solved as steps, each step's
decisions following from the rules it names and the steps before it alone (checked by a
separate solve), none of its rules to spare, and the steps reaching the one answer."""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES, streams, written

from puzzlesat.cli import main
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


# --------------------------------------------------------------------------- the command

HITORI = FIXTURES / "puzzle-hitori.com" / "easy_5x5_5550001.source.html"


def test_hint_says_the_next_step_and_its_rules():
    env = streams()
    assert main(["hint", str(HITORI)], env=env) == 0
    first, because, *rest = written(env).splitlines()
    assert first.startswith("next step: row ") and because.startswith("  because: ")
    assert "no number twice unshaded" in because and not rest


def test_hint_all_reaches_the_answer_and_json_lists_every_step():
    env = streams()
    assert main(["hint", str(HITORI), "--all"], env=env) == 0
    assert written(env).splitlines()[-1] == "every cell is decided: that is the answer"
    env = streams()
    assert main(["hint", str(HITORI), "--all", "--json"], env=env) == 0
    record = json.loads(written(env))
    assert record["status"] == "solved" and record["kind"] == "hitori"
    cells = {(c["row"], c["col"]) for step in record["steps"] for c in step["cells"]}
    assert cells == {(r, c) for r in range(5) for c in range(5)}
    assert all(step["because"] and step["because"][0]["rule"] for step in record["steps"])


def test_hint_of_a_puzzle_without_a_solution_is_exit_1(tmp_path):
    path = tmp_path / "none.json"
    path.write_text(json.dumps({"kind": "hitori", "puzzle": {"grid": [[1, 1], [1, 1]]}}))
    env = streams()
    assert main(["hint", str(path), "--json"], env=env) == 1
    assert json.loads(written(env))["status"] == "none"


def test_hint_of_a_game_not_explained_yet_is_refused_by_name():
    env = streams()
    page = FIXTURES / "puzzle-masyu.com" / "easy_6x6_1044580.source.html"
    assert main(["hint", str(page)], env=env) == 65
    assert "hints for masyu puzzles are not ready yet" in env.stderr.getvalue()


def test_hint_json_reports_a_refusal_as_one_object_too():
    env = streams()
    page = FIXTURES / "puzzle-masyu.com" / "easy_6x6_1044580.source.html"
    assert main(["hint", str(page), "--json"], env=env) == 65
    assert json.loads(written(env))["error"]["exit"] == 65
