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
- race.py: `run_within`, which carries a plan out under a time limit, and `count_within`,
  the count of --solutions under one.

The names below are imported from their modules on first use: a kind needs the contract
alone, and a puzzle that MiniSat settles never imports the race's processes (start-up is
part of the product).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..registry import lazy_names

if TYPE_CHECKING:
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
        interruptible_solve,
        refined_model,
        two_models,
    )
    from .plan import (
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
    from .race import Racers, count_within, encode_and_find_two, in_thread_within, run_within
    from .racers import Searching, start_search

_HOME = {
    "CARD_SOLVER_NAME": "contract",
    "DISPLAY_NAMES": "contract",
    "GUIDED_SOLVER_NAME": "contract",
    "HARD_SOLVER_NAMES": "contract",
    "SEARCH_NAME": "contract",
    "SOLVER_NAME": "contract",
    "Encoding": "contract",
    "Progress": "contract",
    "Refine": "contract",
    "SatOutcome": "contract",
    "Search": "contract",
    "display_name": "contract",
    "Found": "models",
    "answer_of": "models",
    "blocking": "models",
    "find_models": "models",
    "find_two": "models",
    "find_two_hard": "models",
    "interruptible_solve": "models",
    "refined_model": "models",
    "two_models": "models",
    "GUIDED_AFTER": "plan",
    "HARD_AFTER": "plan",
    "PARTNER_AFTER": "plan",
    "PARTNER_MAX_CLAUSES": "plan",
    "REFINED_HARD_AFTER": "plan",
    "Facts": "plan",
    "Join": "plan",
    "Plan": "plan",
    "Role": "plan",
    "Timings": "plan",
    "Racers": "race",
    "count_within": "race",
    "in_thread_within": "race",
    "encode_and_find_two": "race",
    "run_within": "race",
    "Searching": "racers",
    "start_search": "racers",
}

__all__ = [
    "CARD_SOLVER_NAME",
    "DISPLAY_NAMES",
    "Encoding",
    "Facts",
    "Found",
    "GUIDED_AFTER",
    "GUIDED_SOLVER_NAME",
    "HARD_AFTER",
    "HARD_SOLVER_NAMES",
    "Join",
    "PARTNER_AFTER",
    "PARTNER_MAX_CLAUSES",
    "Plan",
    "Progress",
    "REFINED_HARD_AFTER",
    "Racers",
    "Refine",
    "Role",
    "SEARCH_NAME",
    "SOLVER_NAME",
    "SatOutcome",
    "Search",
    "Searching",
    "Timings",
    "answer_of",
    "blocking",
    "count_within",
    "display_name",
    "encode_and_find_two",
    "find_models",
    "find_two",
    "find_two_hard",
    "in_thread_within",
    "interruptible_solve",
    "refined_model",
    "run_within",
    "start_search",
    "two_models",
]


__getattr__ = lazy_names(__name__, _HOME)
