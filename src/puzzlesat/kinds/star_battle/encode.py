"""Star Battle to CNF: a star variable per cell (genres.md's sketch): exactly k in every row,
column and region (native cardinality constraints, which Glucose propagates at once), and
never two in touching cells (the pairs of every 2x2 block). One implied rule more: each
strip two rows (or columns) wide holds 2k stars, and cut into 2x2 blocks, each holding at
most one, it has exactly 2k blocks with a star, the count players reason by; with it the
25x25s solve several times faster (benchmarks/README.md).

Where the page does not say k, the counts near the one the size suggests are tried, that
one first, then one fewer and one more; the first with exactly one answer is kept (the
site's puzzles have one), and what each gave goes into the facts for the verdict line and
`--json` (`stars`, `stars_tried`). None giving one answer: the suggested count is solved,
and the verdict says how it came out.
"""

from __future__ import annotations

from ...grid import clauses as rules
from ...grid.geometry import cells, regions_from_ids, strip_blocks, touching_pairs
from ...sat import Encoding, Progress
from .board import Answer, StarBattle, most_stars, suggested_stars


def encode(board: StarBattle, progress: Progress | None = None) -> Encoding:
    """Star variables 1..N in reading order, then one a block of the strips. `progress`
    hears "encoding" (and, where k is tried, "trying k stars a unit" for each count)."""
    if board.stars is not None:
        if progress is not None:
            progress("encoding")
        return _encoding(board, board.stars, {"stars": board.stars})
    return _chosen(board, progress)


def candidates(side: int) -> list[int]:
    """The counts worth trying on a side x side board, the suggested one first."""
    k = suggested_stars(side)
    return [n for n in (k, k - 1, k + 1) if 1 <= n <= most_stars(side)] or [k]


def _chosen(board: StarBattle, progress: Progress | None) -> Encoding:
    """The encoding of the first count with exactly one answer, each tried with the
    uniqueness check the solver does; else the suggested count's."""
    from ...sat import find_two  # at encoding time: reading a board never imports pysat

    tried = []
    for k in candidates(board.height):
        if progress is not None:
            progress(f"trying {k} star{'s' * (k > 1)} a unit")
        outcome = find_two(_encoding(board, k, {}))
        found = len(outcome.models) if outcome is not None else 0
        tried.append({"stars": k, "status": ("none", "unique", "multiple")[min(found, 2)]})
        if found == 1:
            break
    chosen = next((t["stars"] for t in tried if t["status"] == "unique"), tried[0]["stars"])
    return _encoding(board, chosen, {"stars": chosen, "stars_tried": tried})


def _encoding(board: StarBattle, k: int, facts: dict) -> Encoding:
    h, w = board.height, board.width
    variables = rules.Variables()
    star = {cell: variables.of(cell) for cell in cells(h, w)}
    units = [
        *([star[r, c] for c in range(w)] for r in range(h)),
        *([star[r, c] for r in range(h)] for c in range(w)),
        *([star[cell] for cell in region] for region in regions_from_ids(board.regions).values()),
    ]
    out = rules.never_both([(star[a], star[b]) for a, b in touching_pairs(h, w, True)])
    atmosts = [bound for unit in units for bound in rules.exactly_native(unit, k)]
    for strip in strip_blocks(h, w):
        flags = [variables.new() for _ in strip]
        for flag, block in zip(flags, strip):
            out += rules.any_of(flag, [star[cell] for cell in block])
        atmosts += rules.exactly_native(flags, 2 * k)
    return Encoding(out, list(range(1, h * w + 1)), atmosts, facts=facts)


def decode(board: StarBattle, values) -> Answer:
    """Rows of 0/1 from the star variables (reading order)."""
    on = [int(bool(v)) for v in values]
    w = board.width
    return tuple(tuple(on[r * w : (r + 1) * w]) for r in range(board.height))
