"""Find a model, refine it, block it, find another: the one loop every solver path runs.

`find_models` (and `two_models`, its two answers) works on a solver its caller owns (built,
loaded, perhaps shared between puzzles); `find_two` and `find_two_hard` build one for an
Encoding and call it.
"""


import os
import signal
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import NamedTuple

import pysolvers
from pysat.solvers import Solver

from .contract import (
    GUIDED_SOLVER_NAME,
    HARD_SOLVER_NAMES,
    Encoding,
    Progress,
    Refine,
    SatOutcome,
    display_name,
)

Answer = tuple[bool, ...]
LOAD_CHUNK = 1024  # clauses loaded between looks at `stopped`
PYSAT_INTERRUPTED = "Caught keyboard interrupt"  # pysolvers.error's, for a SIGINT it caught
# Both release the GIL; sched_yield leaves time.sleep to those who mean to wait (and patch it).
_let_go_of_the_gil = getattr(os, "sched_yield", partial(time.sleep, 0))


def answer_of(model: list[int], decision_vars: Sequence[int]) -> Answer:
    """A model projected on the decision variables (one past the model's end, in no
    clause, is false)."""
    known = len(model)
    return tuple(v <= known and model[v - 1] > 0 for v in decision_vars)


def padded(model: list[int], top: int) -> list[int]:
    """The model with every variable up to `top`: pysat's ends at the highest variable the
    solver has seen, so a decision variable in no clause (false in every answer) would
    be missing, and a `refine` that looks it up would fail."""
    if len(model) >= top:
        return model
    return model + [-v for v in range(len(model) + 1, top + 1)]


def blocking(decision_vars: Sequence[int], answer: Answer, one_hot: bool = False) -> list[int]:
    """The clause that rules out exactly this answer. With `one_hot` (the variables fall into
    groups of which exactly one is true, as a Sudoku cell's digits), two answers differ in a
    true variable, so the true ones alone rule it out: a ninth of the clause on a 9x9."""
    if one_hot:
        return [-v for v, on in zip(decision_vars, answer) if on]
    return [-v if on else v for v, on in zip(decision_vars, answer)]


class Found(NamedTuple):
    """What `find_models` found: up to its limit of answers, the time to the first and
    the time after it (the proof of uniqueness, when there is no second)."""

    answers: tuple[Answer, ...]
    solve_time: float
    prove_time: float
    models: tuple[list[int], ...] = ()  # the full models, for callers that read more
    complete: bool = True  # False: interrupted after these answers (`keep_found`)


def find_models(
    solver: Solver,
    decision_vars: Sequence[int],
    *,
    limit: int = 2,
    refine: Refine | None = None,
    interruptible: bool = False,
    assumptions: Sequence[int] = (),
    guard: int | None = None,
    first: list[int] | None = None,
    near_first: bool = True,
    on_first: Callable[[], None] | None = None,
    one_hot: bool = False,
    keep_found: bool = False,
    solve: Callable[[Sequence[int]], bool | None] | None = None,
) -> Found | None:
    """Up to `limit` answers from `solver` (two tell unique from several; more count them),
    None when it was interrupted (`interruptible`). `solve(assumptions)` asks `solver`
    otherwise than its own solve (a CaDiCaL, which cannot be interrupted, a budget of
    conflicts at a time: hints.py); None from it is an interruption.

    A model is an answer once `refine` (when given) finds no clause it breaks; the clauses
    it finds are added for good. Each answer is then blocked on `decision_vars`, and the
    search goes on next to it (`near_first`: another answer, when there is one, is usually
    a small change of the last; benchmarks/README.md). With `guard`, the blocking clauses
    hold only under the assumption `guard`, so a solver shared between puzzles can drop
    them (the caller adds [-guard] afterwards). `first` is a model found elsewhere (a solver
    that cannot go on): only the others are looked for. `on_first` is called once there is
    a first answer, before the next is looked for. `one_hot`: see `blocking`. With
    `keep_found`, an interruption after an answer returns those found (`complete` False):
    a count cut short by its deadline still shows what it counted."""
    solve = solve or partial(_solve, solver, interruptible)
    top = max(decision_vars, default=0)
    refined = partial(refined_model, solve, solver, refine, top=top)
    start = time.perf_counter()
    model = padded(first, top) if first is not None else refined(assumptions)
    solve_time = time.perf_counter() - start
    if model is None or model is False:  # interrupted; no answer ([]: the empty formula's)
        return None if model is None else Found((), solve_time, 0.0)
    answers, models = [answer_of(model, decision_vars)], [model]
    more = [*assumptions] if guard is None else [*assumptions, guard]
    start = time.perf_counter()
    while len(answers) < limit:
        block = blocking(decision_vars, answers[-1], one_hot)
        solver.add_clause(block if guard is None else [-guard, *block])
        if near_first:
            solver.set_phases(models[-1])
        if len(answers) == 1 and on_first is not None:
            on_first()
            start = time.perf_counter()
        model = refined(more)
        if model is None:
            if not keep_found:
                return None
            prove_time = time.perf_counter() - start
            return Found(tuple(answers), solve_time, prove_time, tuple(models), complete=False)
        if model is False:
            break
        answers.append(answer_of(model, decision_vars))
        models.append(model)
    return Found(tuple(answers), solve_time, time.perf_counter() - start, tuple(models))


def two_models(solver: Solver, decision_vars: Sequence[int], **options) -> Found | None:
    """`find_models` up to two answers: whether the answer is unique."""
    return find_models(solver, decision_vars, limit=2, **options)


def refined_model(
    solve: Callable[[Sequence[int]], bool | None],
    solver: Solver,
    refine: Refine | None,
    assumptions: Sequence[int],
    top: int = 0,
) -> list[int] | bool | None:
    """A model `refine` accepts (padded up to variable `top`), False when there is none,
    None when interrupted: `solve(assumptions)` as `solver` is asked, again after each
    clause `refine` finds."""
    while True:
        sat = solve(assumptions)
        if not sat:
            return sat
        model = padded(solver.get_model(), top)
        broken = refine(model) if refine is not None else ()
        if not broken:
            return model
        solver.append_formula(broken)


def _solve(solver: Solver, interruptible: bool, assumptions: Sequence[int] = ()) -> bool | None:
    """solver.solve(); None if interrupted (pysat lets go of the GIL for a solve that may
    be interrupted, so the thread that waits for it still runs)."""
    try:
        if interruptible:
            return solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
        return solver.solve(assumptions=assumptions)
    except pysolvers.error as error:
        if str(error) != PYSAT_INTERRUPTED:
            raise
        _hand_back_sigint()
        raise KeyboardInterrupt from None  # held or ignored: the search is cut all the same


def interruptible_solve(solver: Solver, assumptions: Sequence[int] = ()) -> bool | None:
    """`solver.solve(assumptions)` that another thread may interrupt (`solver.interrupt()`):
    None then. For callers that own an incremental solver (hints.Reasoner)."""
    return _solve(solver, True, assumptions)


def _hand_back_sigint() -> None:
    """In the main thread pysat answers SIGINT itself while it solves: it jumps out of the
    search from its own C handler and raises pysolvers.error, an Exception that read as a
    failed puzzle or a bug (exit 70), and it leaves its handler installed and SIGINT
    blocked, so that no later Ctrl-C would reach Python. Python's handler is put back and
    given the signal: the command line's raises KeyboardInterrupt. The solver is not used
    again (a search left by a jump is not whole)."""
    handler = signal.getsignal(signal.SIGINT)
    if handler is not None:  # None: a handler not set from Python, left as it is
        signal.signal(signal.SIGINT, handler)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.raise_signal(signal.SIGINT)


def _outcome(found: Found | None, solver: Solver) -> SatOutcome | None:
    if found is None:
        return None
    return SatOutcome(
        found.answers, found.solve_time, found.prove_time, solver.nof_vars(),
        complete=found.complete,
    )


Interruptible = Callable[["Solver | None"], None]


def find_two(
    encoding: Encoding,
    progress: Progress | None = None,
    hold: Interruptible | None = None,
    stopped: Callable[[], bool] | None = None,
    load: Callable[..., bool] | None = None,
    limit: int = 2,
    keep_found: bool = False,
) -> SatOutcome | None:
    """Solve; then block the first assignment of the decision variables and solve again
    (`limit`: block each answer and go on, up to this many answers; `keep_found`: see
    `find_models`). Steps: "SAT:
    <solver>", then "checking uniqueness" once there is a first answer.

    With `hold`, the search may be interrupted from another thread: `hold(solver)` is called
    when the solver exists and `hold(None)` before it is deleted, and an interrupted search
    returns None. With `stopped`, the build itself is called off (None) once `stopped()` is
    true. `load` stands in for `load_clauses` (tests slow it down)."""
    if progress is not None:
        progress(f"SAT: {display_name(encoding.solver_name)}")
    with Solver(name=encoding.solver_name) as solver:
        if not (load or load_clauses)(solver, encoding.clauses, stopped):
            return None
        for lits, bound in encoding.atmosts:
            solver.add_atmost(lits, bound)
        if encoding.phases:
            solver.set_phases(encoding.phases)
        if hold is not None:
            hold(solver)
        try:
            found = find_models(
                solver,
                encoding.decision_vars,
                limit=limit,
                keep_found=keep_found,
                refine=encoding.refine,
                interruptible=hold is not None,
                on_first=None if progress is None else partial(progress, "checking uniqueness"),
            )
            return _outcome(found, solver)
        finally:
            if hold is not None:
                hold(None)


def load_clauses(
    solver: Solver,
    clauses: list[list[int]],
    stopped: Callable[[], bool] | None,
    chunk: int = LOAD_CHUNK,
) -> bool:
    """Add the clauses, in chunks when the build may be called off: building cannot be
    interrupted, and a build another racer has made useless would go on taking the GIL
    from the next puzzle. pysat adds them in a Python loop, which keeps the GIL for the
    whole switch interval, so between chunks the GIL is handed over (benchmarks/README.md:
    what the two save). False when called off."""
    if stopped is None:
        solver.append_formula(clauses)
        return True
    for at in range(0, len(clauses), chunk):
        if stopped():
            return False
        solver.append_formula(clauses[at : at + chunk])
        _let_go_of_the_gil()  # a thread waiting for it runs now, not at the switch interval
    return True


def find_two_hard(encoding: Encoding, progress: Progress | None = None) -> SatOutcome:
    """`find_two` for puzzles MiniSat finds hard: CaDiCaL from the encoding's hard phases
    where it has them (`_guided`), else Kissat for the first answer (pysat's Kissat is not
    incremental), then CaDiCaL with that answer blocked and set as its phases, which finds a
    second answer next to it at once when there is one. An encoding with `refine` never
    goes to Kissat (it cannot take the clauses refine finds). Its one step is
    "CaDiCaL: checking uniqueness" (its start is the racer's launch, which the race reports)."""
    phases = None
    if encoding.hard_phases is not None:
        try:
            phases = encoding.hard_phases()
        except MemoryError:  # Kissat needs none
            phases = None
    if phases is not None or encoding.refine is not None:
        return _guided(encoding, phases or (), progress)
    first_name, second_name = HARD_SOLVER_NAMES
    with Solver(name=first_name, bootstrap_with=encoding.clauses) as solver:
        start = time.perf_counter()
        model = solver.get_model() if _solve(solver, False) else None
        solve_time = time.perf_counter() - start
        variables = solver.nof_vars()
    if model is None:
        return SatOutcome((), solve_time, 0.0, variables)
    step = f"{display_name(second_name)}: checking uniqueness"
    with Solver(name=second_name, bootstrap_with=encoding.clauses) as solver:
        found = two_models(
            solver,
            encoding.decision_vars,
            first=model,
            on_first=None if progress is None else partial(progress, step),
        )
    return SatOutcome(found.answers, solve_time, found.prove_time, variables)


def _guided(
    encoding: Encoding, phases: Sequence[int], progress: Progress | None = None
) -> SatOutcome:
    """Both answers from one CaDiCaL started at `phases`: on the hardest puzzles where a
    solver starts decides whether it answers in a second or in minutes, and good phases
    beat Kissat's strength (benchmarks/README.md). The second answer is looked for next to
    the first, as in `find_two`."""
    step = f"{display_name(GUIDED_SOLVER_NAME)}: checking uniqueness"
    with Solver(name=GUIDED_SOLVER_NAME, bootstrap_with=encoding.clauses) as solver:
        if phases:
            solver.set_phases(phases)
        found = two_models(
            solver,
            encoding.decision_vars,
            refine=encoding.refine,
            on_first=None if progress is None else partial(progress, step),
        )
        return _outcome(found, solver)
