"""Who races, when, and whose core each takes: a pure function of the encoding's facts and
the cores free, so that the timings can be read, and tested, as values.

Every time is in seconds from the start of the race, the encoding included: one clock.
The constants were measured (benchmarks/README.md, the hard tail's rounds); what each says:

- PARTNER_AFTER: a puzzle still open this long after its encoding gets a second MiniSat from
  the encoding's partner phases, on the other core (the search's, which makes way).
- PARTNER_MAX_CLAUSES: past this many clauses the second MiniSat's build, which cannot be
  interrupted, would hold up a deadline and have little time before HARD_AFTER: none then.
- HARD_AFTER: a puzzle still open this long gets the hard strategy (`find_two_hard`) on the
  other core, in place of the second MiniSat or the search.
- GUIDED_AFTER: where the encoding has hard phases and a core is spare, the hard strategy
  (then CaDiCaL from those phases) joins this soon instead, before any second MiniSat.
- REFINED_HARD_AFTER: where the encoding refines (connectivity) and has no hard phases,
  the hard strategy is CaDiCaL taking the cuts between its solves; None: MiniSat runs
  alone, which was faster on every Masyu and Slitherlink measured (benchmarks/README.md,
  a hard racer for the loops).
"""


from enum import Enum
from typing import NamedTuple

from .contract import Encoding

PARTNER_AFTER = 0.05
PARTNER_MAX_CLAUSES = 100_000
HARD_AFTER = 1.0
GUIDED_AFTER = 0.05
REFINED_HARD_AFTER: float | None = None


class Role(Enum):
    """A racer's part in the race; its value is what the outcome's solver fact grows from."""

    MINISAT = "minisat"  # the encoding's own solver, in a thread of this process
    PARTNER = "partner"  # a second MiniSat from the partner phases, in another thread
    SEARCH = "search"  # the kind's own search, started before the encoding
    HARD = "hard"  # find_two_hard in a forked child: Kissat then CaDiCaL, or guided CaDiCaL


OTHER_CORE = (Role.SEARCH, Role.PARTNER)  # the roles that take turns on the spare core


class Timings(NamedTuple):
    """The plan's constants, as one value (a test may pass its own)."""

    partner_after: float = PARTNER_AFTER
    guided_after: float = GUIDED_AFTER
    hard_after: float = HARD_AFTER
    partner_max_clauses: int = PARTNER_MAX_CLAUSES
    refined_hard_after: float | None = REFINED_HARD_AFTER


DEFAULT_TIMINGS = Timings()


class Facts(NamedTuple):
    """What the plan needs to know of an encoding."""

    clauses: int
    atmosts: bool = False  # Glucose's native constraints: no other solver reads them
    partner_phases: bool = False
    hard_phases: bool = False
    refine: bool = False  # only solvers that take clauses between solves may run it

    @classmethod
    def of(cls, encoding: Encoding) -> "Facts":
        return cls(
            clauses=len(encoding.clauses),
            atmosts=bool(encoding.atmosts),
            partner_phases=encoding.partner_phases is not None,
            hard_phases=encoding.hard_phases is not None,
            refine=encoding.refine is not None,
        )


class Join(NamedTuple):
    """A racer joining at `at`, stopping first the racers in `replaces` (whose core it takes)."""

    role: Role
    at: float
    replaces: tuple[Role, ...] = ()


class Plan(NamedTuple):
    """The joins in the order they come, and the deadline (None: none)."""

    joins: tuple[Join, ...]
    deadline: float | None = None

    def roles(self) -> tuple[Role, ...]:
        return tuple(join.role for join in self.joins)

    def join(self, role: Role) -> Join | None:
        return next((join for join in self.joins if join.role is role), None)


def searches(race: bool, spare_core: bool, timeout: float | None, isolate: bool) -> bool:
    """Whether the kind's own search may race: it needs the spare core, and it runs only
    where MiniSat runs in a thread (a time limit or `isolate`)."""
    return race and spare_core and (timeout is not None or isolate)


def plan(
    facts: Facts,
    *,
    encoded_at: float,
    race: bool = True,
    spare_core: bool = True,
    searching: bool = False,
    timeout: float | None = None,
    timings: Timings = DEFAULT_TIMINGS,
) -> Plan:
    """The race for an encoding done `encoded_at` seconds after the start. `searching`: the
    kind's search is running already (it joined at 0). Without `race` MiniSat runs alone
    (two encodings would not fit in memory); without `spare_core` (a batch runs a worker
    on each) neither the search nor a second MiniSat runs, and the hard strategy waits for
    HARD_AFTER. The hard strategy needs plain clauses, and the incremental CaDiCaL where
    the encoding refines: from its hard phases, or else after `refined_hard_after` (None:
    never)."""
    deadline = None if timeout is None else max(timeout, 0.0)
    searching = searching and race and spare_core
    joins = [Join(Role.SEARCH, 0.0)] if searching else []
    joins.append(Join(Role.MINISAT, encoded_at))
    hard_at = _hard_at(facts, race, spare_core, timings)
    partner_at = encoded_at + timings.partner_after
    partnered = (
        race
        and spare_core
        and facts.partner_phases
        and facts.clauses <= timings.partner_max_clauses
        and (hard_at is None or partner_at < hard_at)  # else the hard racer has its core
    )
    if partnered:
        joins.append(Join(Role.PARTNER, partner_at, (Role.SEARCH,) if searching else ()))
    if hard_at is not None:
        on_other_core = tuple(j.role for j in joins if j.role in OTHER_CORE)
        joins.append(Join(Role.HARD, hard_at, on_other_core))
    return Plan(tuple(joins), deadline)


def _hard_at(facts: Facts, race: bool, spare_core: bool, timings: Timings) -> float | None:
    """When the hard strategy joins, or None where it may not."""
    if not race or facts.atmosts:
        return None
    if facts.refine and not facts.hard_phases:
        return timings.refined_hard_after
    if facts.hard_phases and spare_core:
        return min(timings.hard_after, timings.guided_after)
    return timings.hard_after
