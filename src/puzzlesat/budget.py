"""The memory one solve may take, and the cost record every kind bounds its encoding with.

A board well under the cell cap can still need gigabytes to encode. Each kind bounds its
encoding's size from the clues alone, before building it, and turns that into bytes with
figures measured on real encodings (benchmarks/README.md); here that bound meets the memory
this machine can spare. A board that does not fit is refused with TooLarge; one whose two
copies would not fit gets no solver race.
"""

import os
from pathlib import Path
from typing import NamedTuple

from .core import TooLarge

MAX_BYTES = 8 << 30  # never more than this, however large the machine
MEMORY_SHARE = 0.5  # of the memory available now, what one solve may take in all


class Cost(NamedTuple):
    """An upper bound on the encoding's size, and what it takes in memory. `deferred`: the
    kind will bound it again, tighter, before building anything (a nonogram after line logic)."""

    literals: int
    clauses: int
    candidates: int = 0
    bytes: int = 0
    deferred: bool = False
    # bytes spent before that tighter bound is known (a nonogram's line logic): these must
    # fit whatever the later bound says
    floor: int = 0


# Peak bytes of one solver child per literal and per cell of a grid game's encoding of
# short clauses, rounded up from each kind's densest boards (tests/test_memory_bound.py
# measures them): Python's clause lists take about 57 bytes a literal, MiniSat's copy 24.
BYTES_PER_LITERAL = 100
BYTES_PER_CELL = 250
# What a solve takes beyond its encoding: the solver's learnt clauses and Python's working
# set, under 25 MB on every kind's densest boards searched to a 20 s timeout.
SEARCH_BYTES = 32 << 20


def grid_cost(cells: int, literals_per_cell: int, clauses_per_cell: int) -> Cost:
    """The bound of a grid game whose encoding is a few short clauses a cell (or a lattice
    point): what every such kind's `cost` returns."""
    literals = cells * literals_per_cell
    return Cost(literals, cells * clauses_per_cell, 0,
                literals * BYTES_PER_LITERAL + cells * BYTES_PER_CELL)


def _cgroup_room() -> int | None:
    """Bytes left under this process's cgroup (v2) memory limit, or None if it has none."""
    try:
        limit, used = (
            Path(f"/sys/fs/cgroup/memory.{name}").read_text(encoding="ascii").strip()
            for name in ("max", "current")
        )
        return max(0, int(limit) - int(used))
    except (OSError, ValueError):  # no cgroup v2, or "max": no limit
        return None


def _address_space_room() -> int | None:
    """Bytes of address space left under this process's RLIMIT_AS (`ulimit -v`), or None
    where it has none: an allocation past it fails however much memory is free."""
    try:
        import resource

        limit = resource.getrlimit(resource.RLIMIT_AS)[0]
        if limit == resource.RLIM_INFINITY:
            return None
        with open("/proc/self/statm", encoding="ascii") as statm:
            used = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        return max(0, limit - used)
    except (ImportError, OSError, ValueError):
        return None


def available_memory() -> int:
    """Bytes that can be had now: the smallest of MemAvailable, the room left under a
    container's memory limit (a container sees the host's MemAvailable) and the address
    space left under `ulimit -v`."""
    rooms = [room for room in (_cgroup_room(), _address_space_room()) if room is not None]
    return min([_mem_available(), *rooms])


def _mem_available() -> int:
    """Bytes the kernel says can be had now without swapping (MemAvailable)."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, AttributeError):
        return MAX_BYTES  # no way to tell: the fixed cap alone


def memory_limit() -> int:
    """Bytes one encoding may take: a share of what is free now, and never past MAX_BYTES."""
    return min(MAX_BYTES, int(available_memory() * MEMORY_SHARE))


def memory_allows_race(estimate_bytes: int) -> bool:
    """Whether two encodings of `estimate_bytes` (a Cost's `bytes`) fit in memory at once,
    within the same share of what is available now: if not, the hard solver must not race
    MiniSat with a solver's copy of its own (sat.run_within's `race`)."""
    return 2 * estimate_bytes <= memory_limit()


def _size(size: int) -> str:
    return f"{size / (1 << 30):.1f} GB" if size >= 1 << 29 else f"{size / (1 << 20):.0f} MB"


def refuse_unless_fits(cost: Cost) -> Cost:
    """The cost, or TooLarge naming it and the limit when it will not fit (unless the kind
    deferred the decision to a later, tighter bound: its `floor` must fit all the same)."""
    limit = memory_limit()
    if cost.floor > limit:
        raise TooLarge(
            f"the puzzle would need about {_size(cost.floor)} before it is even encoded "
            f"(its longest line's tables); this machine allows {_size(limit)}"
        )
    if cost.bytes + SEARCH_BYTES > limit and not cost.deferred:
        raise TooLarge(
            f"the puzzle would need about {_size(cost.bytes)} to encode "
            f"({cost.literals:,} literals); this machine allows {_size(limit)}"
        )
    return cost
