"""The race as a value: who joins, when (seconds from the start), and whose core each takes;
and `two_models` with an encoding that refines its models lazily."""

from __future__ import annotations

from itertools import product

import pytest
from pysat.solvers import Solver

from puzzlesat import sat
from puzzlesat.sat import (
    GUIDED_AFTER,
    HARD_AFTER,
    PARTNER_AFTER,
    PARTNER_MAX_CLAUSES,
    REFINED_HARD_AFTER,
    Facts,
    Join,
    Plan,
    Role,
    Timings,
)
from puzzlesat.sat.plan import plan, searches

SEARCH, MINISAT, PARTNER, HARD = Role.SEARCH, Role.MINISAT, Role.PARTNER, Role.HARD
GUIDED = Facts(clauses=1000, partner_phases=True, hard_phases=True)  # a nonogram with C
UNGUIDED = Facts(clauses=1000, partner_phases=True)  # the same without the C module


def test_a_lone_puzzle_with_hard_phases_gets_the_guided_racer_at_guided_after():
    """In the search's place, before any second MiniSat (which would come later)."""
    assert plan(GUIDED, encoded_at=0.01, searching=True, timeout=5) == Plan(
        (
            Join(SEARCH, 0.0),
            Join(MINISAT, 0.01),
            Join(HARD, GUIDED_AFTER, (SEARCH,)),
        ),
        deadline=5,
    )


def test_without_hard_phases_the_partner_joins_after_the_encoding_and_kissat_at_hard_after():
    assert plan(UNGUIDED, encoded_at=0.01, searching=True, timeout=None) == Plan(
        (
            Join(SEARCH, 0.0),
            Join(MINISAT, 0.01),
            Join(PARTNER, 0.01 + PARTNER_AFTER, (SEARCH,)),
            Join(HARD, HARD_AFTER, (SEARCH, PARTNER)),
        )
    )


@pytest.mark.parametrize("facts", [GUIDED, UNGUIDED])
def test_without_a_spare_core_only_the_hard_racer_joins_and_at_hard_after(facts):
    """A batch with a worker per core: no search, no partner, no racer at GUIDED_AFTER."""
    assert plan(facts, encoded_at=0.01, spare_core=False, searching=True).joins == (
        Join(MINISAT, 0.01),
        Join(HARD, HARD_AFTER),
    )


def test_without_race_minisat_runs_alone():
    assert plan(GUIDED, encoded_at=0.01, race=False, searching=True).roles() == (MINISAT,)


def test_an_encoding_slower_than_hard_after_gets_the_racer_and_no_partner():
    """HARD_AFTER counts from the start; the partner would come after it."""
    late = plan(UNGUIDED, encoded_at=HARD_AFTER + 0.1)
    assert late.roles() == (MINISAT, HARD)
    assert late.join(HARD).at == HARD_AFTER


def test_no_partner_for_an_encoding_too_big_to_build_in_a_moment_or_without_its_phases():
    big = Facts(clauses=PARTNER_MAX_CLAUSES + 1, partner_phases=True)
    assert PARTNER not in plan(big, encoded_at=0.0).roles()
    assert PARTNER not in plan(Facts(clauses=10), encoded_at=0.0).roles()


def test_no_hard_racer_for_native_constraints_nor_for_kissat_on_a_refined_encoding():
    """Only Glucose reads at-most-k constraints; Kissat cannot take refine's clauses, the
    guided CaDiCaL can."""
    assert plan(Facts(clauses=10, atmosts=True), encoded_at=0.0).roles() == (MINISAT,)
    refined = Facts(clauses=10, refine=True, hard_phases=True)
    assert HARD in plan(refined, encoded_at=0.0).roles()


def test_a_refined_encoding_without_hard_phases_races_as_refined_hard_after_says():
    """MiniSat alone by default (measured faster: benchmarks/README.md); given a time,
    CaDiCaL with the cuts joins then, in the other core's place."""
    loop = Facts(clauses=10, refine=True)
    assert REFINED_HARD_AFTER is None
    assert plan(loop, encoded_at=0.0).roles() == (MINISAT,)
    racing = plan(loop, encoded_at=0.0, timings=Timings(refined_hard_after=HARD_AFTER))
    assert racing.joins == (Join(MINISAT, 0.0), Join(HARD, HARD_AFTER))
    encoding = sat.Encoding([[1]], [1], refine=lambda model: [])
    assert encoding.hard_solver_names == (sat.GUIDED_SOLVER_NAME,)


def test_the_timings_are_the_measured_ones_unless_given():
    assert Timings() == Timings(PARTNER_AFTER, GUIDED_AFTER, HARD_AFTER, PARTNER_MAX_CLAUSES)
    slow = plan(GUIDED, encoded_at=0.0, timings=Timings(guided_after=0.5, hard_after=0.3))
    assert slow.join(HARD).at == 0.3  # the sooner of the two


def test_a_negative_timeout_is_a_deadline_at_the_start():
    assert plan(GUIDED, encoded_at=0.0, timeout=-1).deadline == 0.0


def test_the_search_races_only_on_a_spare_core_in_a_thread():
    assert searches(race=True, spare_core=True, timeout=1.0, isolate=False)
    assert searches(race=True, spare_core=True, timeout=None, isolate=True)
    assert not searches(race=True, spare_core=True, timeout=None, isolate=False)
    assert not searches(race=True, spare_core=False, timeout=1.0, isolate=False)
    assert not searches(race=False, spare_core=True, timeout=1.0, isolate=False)


# -- refine: a constraint found lazily


def _exactly_one_of_three_unless_refined() -> tuple[sat.Encoding, list]:
    """Variables 1..3, at least one true; lazily: no two true. The answers are the three
    with one variable true; without refinement there are seven. The clauses refine
    returned are kept in the list."""
    added = []

    def refine(model: list[int]) -> list[list[int]]:
        true = [lit for lit in model if lit > 0]
        broken = [[-a, -b] for i, a in enumerate(true) for b in true[i + 1 :]]
        added.extend(broken)
        return broken

    return sat.Encoding([[1, 2, 3]], [1, 2, 3], refine=refine), added


def test_a_model_is_an_answer_only_once_refine_finds_nothing_the_second_too():
    encoding, added = _exactly_one_of_three_unless_refined()
    outcome = sat.find_two(encoding)
    assert len(outcome.models) == 2
    assert all(sum(answer) == 1 for answer in outcome.models)
    # with the first answer's phases, the second model tried has two true: refused, refined
    assert added


def test_refine_with_a_unique_answer_proves_it_unique():
    """Fix variable 1 true: the only answer left is (1, 0, 0), though 2 and 3 could join it
    without the lazy constraint: the second model is refused until refined away."""
    encoding, added = _exactly_one_of_three_unless_refined()
    encoding.clauses.append([1])
    with Solver(name="minisat22", bootstrap_with=encoding.clauses) as solver:
        found = sat.two_models(solver, encoding.decision_vars, refine=encoding.refine)
    assert found.answers == ((True, False, False),)
    assert added  # something was refused on the way
    assert sat.find_two(encoding).models == ((True, False, False),)
    assert sat.find_two_hard(encoding).models == ((True, False, False),)  # CaDiCaL, not Kissat


def test_two_models_with_a_guard_leaves_a_shared_solver_as_it_was():
    """The blocking clause holds only under the guard: once it is dropped, the solver
    finds the first answer again (as a batch sharing one solver needs)."""
    with Solver(name="minisat22", bootstrap_with=[[1, 2]]) as solver:
        found = sat.two_models(solver, [1, 2], guard=3, near_first=False)
        assert len(found.answers) == 2
        solver.add_clause([-3])
        seen = set()
        for values in product((1, -1), repeat=2):
            if solver.solve(assumptions=[v * s for v, s in zip((1, 2), values)]):
                seen.add(values)
        assert seen == {(1, 1), (1, -1), (-1, 1)}


def test_one_hot_blocking_tells_answers_apart_by_their_true_variables():
    """Two cells, each exactly one of three values (variables 1-3 and 4-6), equal values
    forbidden: blocking the true variables alone still finds a second answer, and none
    once the choices are forced."""
    from puzzlesat.sat.models import blocking, two_models

    cells = [[1, 2, 3], [4, 5, 6]]
    rules = [list(cell) for cell in cells]
    rules += [[-a, -b] for cell in cells for i, a in enumerate(cell) for b in cell[i + 1 :]]
    rules += [[-a, -b] for a, b in zip(*cells)]
    assert blocking([1, 2, 3], (False, True, False), one_hot=True) == [-2]
    with Solver(name="minisat22", bootstrap_with=rules) as solver:
        found = two_models(solver, range(1, 7), one_hot=True)
        assert len(found.answers) == 2 and found.answers[0] != found.answers[1]
    with Solver(name="minisat22", bootstrap_with=rules + [[1], [5]]) as solver:
        assert len(two_models(solver, range(1, 7), one_hot=True).answers) == 1
