"""One incremental MiniSat for every Sudoku of a shape (many.py's SAT part): the rules as
clauses, a puzzle's known cells as assumptions, its blocking clause guarded by a fresh
activation literal so that it dies with the puzzle."""

from __future__ import annotations

import threading

from pysat.solvers import Solver

from ...sat import two_models

RECYCLE = 1000  # puzzles one incremental solver answers before a fresh one replaces it
SOLVER_NAME = "minisat22"


class Incremental:
    """One MiniSat for every puzzle of a shape: the rules as clauses, a puzzle as assumptions.

    Variable cell * n + d (d in 1..n) says the cell holds d: exactly one digit a cell and
    each digit exactly once a unit (at least one, pairwise at most one), whose unit
    propagation is naked and hidden singles.
    """

    def __init__(self, n: int, units, recycle: int = RECYCLE):
        self.n = n
        self.recycle = recycle
        self.cells = n * n
        clauses = []
        for cell in range(self.cells):
            clauses += _exactly_one([cell * n + d for d in range(1, n + 1)])
        for unit in units:
            for d in range(1, n + 1):
                clauses += _exactly_one([cell * n + d for cell in unit])
        self.clauses = clauses
        self.decision_vars = range(1, self.cells * n + 1)
        self.solver = None
        self.used = 0

    def answers(self, assumptions: list[int], timeout: float | None = None) -> list[bytes] | None:
        """Up to two answers (digits cell after cell) under the assumptions; None when
        `timeout` seconds passed first."""
        if self.solver is None or self.used >= self.recycle:
            if self.solver is not None:
                self.solver.delete()
            self.solver = Solver(name=SOLVER_NAME, bootstrap_with=self.clauses)
            self.used = 0
        self.used += 1
        solver, n = self.solver, self.n
        act = solver.nof_vars() + 1  # fresh: this puzzle's blocking clause only
        timer = None if timeout is None else threading.Timer(timeout, solver.interrupt)
        if timer is not None:
            timer.start()
        try:
            found = two_models(
                solver,
                self.decision_vars,
                interruptible=timer is not None,
                assumptions=assumptions,
                guard=act,
                near_first=False,
                one_hot=True,  # a cell holds exactly one digit
            )
        finally:
            if timer is not None:
                timer.cancel()
                timer.join()
                solver.clear_interrupt()  # a stop that came as the solve ended counts not
            solver.add_clause([-act])  # the clause is satisfied from now on: dead
        if found is None:
            return None
        return [bytes([k % n + 1 for k, on in enumerate(a) if on]) for a in found.answers]

    def close(self) -> None:
        if self.solver is not None:
            self.solver.delete()
            self.solver = None


def _exactly_one(lits: list[int]) -> list[list[int]]:
    return [lits] + [[-a, -b] for i, a in enumerate(lits) for b in lits[i + 1 :]]
