"""What a kind hands the solvers and gets back: the CNF contract every kind imports.

An `Encoding` is a puzzle as clauses; a `SatOutcome` is what the solvers found; a `Search`
is a kind's own search that needs no CNF. Nothing here runs a solver.
"""

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

SOLVER_NAME = "minisat22"
CARD_SOLVER_NAME = "gluecard4"  # Glucose 4 with native at-most-k constraints
HARD_SOLVER_NAMES = ("kissat404", "cadical195")  # the first answer, then one next to it
GUIDED_SOLVER_NAME = "cadical195"  # both answers, from an encoding's hard phases
DISPLAY_NAMES = {
    "minisat22": "MiniSat",
    "gluecard4": "Glucose",
    "kissat404": "Kissat",
    "cadical195": "CaDiCaL",
}
SEARCH_NAME = "probing search"

Progress = Callable[[str], None]  # called with a short step name; must not raise
# refine(model) -> clauses the model breaks, found lazily; [] when the model is an answer
Refine = Callable[[list[int]], list[list[int]]]


def display_name(solver_name: str) -> str:
    """The name people know a pysat solver by: "minisat22" -> "MiniSat"."""
    return DISPLAY_NAMES.get(solver_name, solver_name)


class Encoding(NamedTuple):
    """A puzzle as SAT: clauses, native at-most-k constraints (lits, k), and the variables
    whose assignment is the answer (the second solve blocks exactly these).

    `phases` are literals the solver tries first. `partner_phases`, when given, start a
    second MiniSat that races the first on the other core from a different place: the
    time to a first answer is heavy-tailed, and two different starts rarely both draw a
    long one (benchmarks/README.md has the figures). `hard_phases()`, when given, are
    phases worth their cost on the hardest puzzles only: it is called once the hard
    strategy starts, which then runs CaDiCaL from them instead of Kissat.

    `refine(model)`, when given, returns the clauses a model breaks among constraints too
    many to write out in advance (connectivity, say): a model is an answer only once
    `refine` returns none, the second answer as much as the first. The model it is given
    reaches the highest decision variable even where that one is in no clause (false).
    Only solvers that take clauses between solves run such an encoding (not Kissat)."""

    clauses: list[list[int]]
    decision_vars: list[int]
    atmosts: Sequence[tuple[list[int], int]] = ()
    facts: Mapping[str, Any] = {}  # never changed in place: a kind gives its own
    phases: Sequence[int] = ()
    partner_phases: Sequence[int] | None = None
    hard_phases: Callable[[], Sequence[int]] | None = None
    refine: Refine | None = None
    # (rule, scope, first clause, clause after the last) of each family of clauses a kind
    # named (grid.clauses.Named): what a hint says a step follows from
    rules: Sequence[tuple[str, tuple, int, int]] = ()

    @property
    def solver_name(self) -> str:
        return CARD_SOLVER_NAME if self.atmosts else SOLVER_NAME

    @property
    def hard_solver_names(self) -> tuple[str, ...]:
        """Who answers when the hard strategy does (`find_two_hard`): CaDiCaL alone from
        hard phases or with the cuts of `refine`, else Kissat then CaDiCaL."""
        alone = self.hard_phases is not None or self.refine is not None
        return (GUIDED_SOLVER_NAME,) if alone else HARD_SOLVER_NAMES


class SatOutcome(NamedTuple):
    """Models found (0, 1 or 2) projected on `decision_vars`; None when time ran out."""

    models: tuple[tuple[bool, ...], ...] | None
    solve_time: float
    prove_time: float
    variables: int = 0
    encode_time: float = 0.0
    clauses: int = 0
    facts: Mapping[str, Any] = {}  # shared by every record: never changed in place
    complete: bool = True  # False: a count stopped by its deadline after these models


# A kind's own search: search(stop) -> the answers found (0, 1 or 2) once it has decided, or
# None when stopped first; it must return soon after stop[0] is set (it runs in a thread).
# stop has two bytes: one that has decided may set stop[1] at once, before it takes the GIL
# back to return (racers.Searching.decided); one that sets it must then send its answer
# promptly.
Search = Callable[[bytearray], "SatOutcome | None"]
