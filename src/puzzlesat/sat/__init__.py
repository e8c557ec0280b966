"""Run a CNF on SAT solvers: find a model, block it, look for a second one, racing other
solvers on the puzzles that take long.

Solvers were chosen by measurement (benchmarks/README.md has the figures): MiniSat 2.2 is the
fastest on the many small puzzles; on the hardest, CaDiCaL from phases the kind estimates
(`Encoding.hard_phases`) or else Kissat. The time MiniSat takes to a first answer is
heavy-tailed, so other racers join a puzzle still open after a while (plan.py says who, when
and on whose core).

- contract.py: what kinds import (`Encoding`, `SatOutcome`, `Search`, display names).
- models.py: `find_models` (`two_models`), the one find-refine-block-find loop, and
  `find_two` and `find_two_hard` on it.
- plan.py: the race as a value, from the encoding's facts and the cores free.
- racers.py: the threads and forked children racers run in.
- race.py: `run_within`, which carries a plan out under a time limit.
"""

from .contract import (
    CARD_SOLVER_NAME,
    DISPLAY_NAMES,
    GUIDED_SOLVER_NAME,
    HARD_SOLVER_NAMES,
    SEARCH_NAME,
    SOLVER_NAME,
    Encoding,
    Progress,
    Refine,
    SatOutcome,
    Search,
    display_name,
)
from .models import (
    Found,
    answer_of,
    blocking,
    find_models,
    find_two,
    find_two_hard,
    two_models,
)
from .plan import (
    GUIDED_AFTER,
    HARD_AFTER,
    PARTNER_AFTER,
    PARTNER_MAX_CLAUSES,
    Facts,
    Join,
    Plan,
    Role,
    Timings,
    plan,
)
from .race import Racers, encode_and_find_two, run_within
from .racers import Searching, start_search

__all__ = [
    "CARD_SOLVER_NAME",
    "DISPLAY_NAMES",
    "GUIDED_AFTER",
    "GUIDED_SOLVER_NAME",
    "HARD_AFTER",
    "HARD_SOLVER_NAMES",
    "PARTNER_AFTER",
    "PARTNER_MAX_CLAUSES",
    "SEARCH_NAME",
    "SOLVER_NAME",
    "Encoding",
    "Facts",
    "Found",
    "Join",
    "Plan",
    "Progress",
    "Racers",
    "Refine",
    "Role",
    "SatOutcome",
    "Search",
    "Searching",
    "Timings",
    "answer_of",
    "blocking",
    "display_name",
    "encode_and_find_two",
    "find_models",
    "find_two",
    "find_two_hard",
    "plan",
    "run_within",
    "start_search",
    "two_models",
]
