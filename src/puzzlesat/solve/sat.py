"""Run a CNF on a SAT solver: find a model, block it, look for a second one.

The solver was chosen by measurement on the nonogram sets (benchmarks/README.md): MiniSat 2.2
beat CaDiCaL 1.9.5, Glucose 4 and 4.2 on the order encoding, TAAI 2011 in 66 s against
77-93 s, ICGA 2017 in 81 s against 93-109 s, the 1000 puzzles solved twice each.
A solver inside a C call does not see Python signals, and CaDiCaL cannot be interrupted at
all, so a time limit is held by running the work in a forked child killed at the deadline.
"""

from __future__ import annotations

import multiprocessing as mp
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from pysat.solvers import Solver

SOLVER_NAME = "minisat22"
CARD_SOLVER_NAME = "gluecard4"  # Glucose 4 with native at-most-k constraints


@dataclass
class Encoding:
    """A puzzle as SAT: clauses, native at-most-k constraints (lits, k), and the variables
    whose assignment is the answer (the second solve blocks exactly these)."""

    clauses: list[list[int]]
    decision_vars: list[int]
    atmosts: list[tuple[list[int], int]] = field(default_factory=list)
    facts: dict = field(default_factory=dict)

    @property
    def solver_name(self) -> str:
        return CARD_SOLVER_NAME if self.atmosts else SOLVER_NAME


@dataclass(frozen=True)
class SatOutcome:
    """Models found (0, 1 or 2) projected on `decision_vars`; None when time ran out."""

    models: tuple[tuple[bool, ...], ...] | None
    solve_time: float
    prove_time: float
    variables: int = 0
    encode_time: float = 0.0
    clauses: int = 0
    facts: dict = field(default_factory=dict)


def find_two(encoding: Encoding) -> SatOutcome:
    """Solve; then block the first assignment of the decision variables and solve again."""
    models = []
    decision_vars = encoding.decision_vars
    with Solver(name=encoding.solver_name, bootstrap_with=encoding.clauses) as solver:
        for lits, bound in encoding.atmosts:
            solver.add_atmost(lits, bound)
        start = time.perf_counter()
        sat = solver.solve()
        solve_time = time.perf_counter() - start
        prove_time = 0.0
        if sat:
            model = solver.get_model()
            first = tuple(model[v - 1] > 0 for v in decision_vars)
            models.append(first)
            # Search next to the first answer: a second one, when there is one, is
            # usually a small change of it (CaDiCaL without this: 25x slower on TAAI).
            solver.set_phases(model)
            solver.add_clause([-v if on else v for v, on in zip(decision_vars, first)])
            start = time.perf_counter()
            if solver.solve():
                model = solver.get_model()
                models.append(tuple(model[v - 1] > 0 for v in decision_vars))
            prove_time = time.perf_counter() - start
        variables = solver.nof_vars()
    return SatOutcome(tuple(models), solve_time, prove_time, variables)


def encode_and_find_two(encode: Callable[[], Encoding]) -> SatOutcome:
    """Build the encoding and run `find_two` on it; the outcome carries the encoding's size."""
    start = time.perf_counter()
    encoding = encode()
    encode_time = time.perf_counter() - start
    outcome = find_two(encoding)
    return replace(
        outcome,
        encode_time=encode_time,
        clauses=len(encoding.clauses) + len(encoding.atmosts),
        facts=encoding.facts,
    )


def _child(conn, encode: Callable[[], Encoding]) -> None:
    try:
        conn.send(("ok", encode_and_find_two(encode)))
    except Exception as exc:  # handed to the parent, which raises it there
        conn.send(("error", exc))
    conn.close()


def run_within(
    encode: Callable[[], Encoding], timeout: float | None, isolate: bool = False
) -> SatOutcome:
    """`encode_and_find_two`, giving up after `timeout` seconds (encoding included).

    With a timeout, or when `isolate` asks for it, the work runs in a forked child that is
    killed at the deadline: a solver inside C cannot be interrupted from Python, and a child
    is also what lets a Ctrl-C stop a long solve at once. Without either it runs in this process.
    """
    if timeout is None and not isolate:
        return encode_and_find_two(encode)
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(child, encode), daemon=True)
    start = time.perf_counter()
    proc.start()
    child.close()
    try:
        if parent.poll(None if timeout is None else max(timeout, 0.0)):
            verdict, value = parent.recv()
            if verdict == "error":
                raise value
            return value
        return SatOutcome(None, 0.0, 0.0, encode_time=time.perf_counter() - start)
    except EOFError:  # the child died without answering (e.g. out of memory)
        return SatOutcome(None, 0.0, 0.0, encode_time=time.perf_counter() - start)
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join()
        parent.close()
