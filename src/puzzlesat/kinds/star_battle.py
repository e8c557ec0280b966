"""Star Battle: put k stars in every row, column and region of a square, no two touching,
not even at a corner.

A star variable per cell: exactly k a unit (native counts); never two touching (the pairs
of every 2x2 block); and the count players reason by, implied: a strip two rows (or
columns) wide, cut into 2x2 blocks of at most one star, has exactly 2k blocks with a star
(the 25x25s solve several times faster with it: benchmarks/README.md). Where the page does
not say k, the counts near the size's are tried, its own first (`candidates`); the first
with one answer is kept, and what each gave goes into the facts (`stars`, `stars_tried`)
for the verdict and `--json`. Board JSON: `{"regions": [[1, 1, 2, ...], ...], "stars": k}`
(`null` where the page does not say); an answer is rows of 0/1.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import isqrt

from ..budget import Cost, grid_cost
from ..core import InvalidPuzzle, ParseError, Result, Status, is_json_int, json_excerpt
from ..drawing import GOLD
from ..grid import clauses as rules
from ..grid.board import Board, board
from ..grid.geometry import Walls, regions_from_ids, strip_blocks, touching_pairs
from ..grid.looks import Look
from ..grid.rows import bit_rows, is_bit_rows, natural, rectangular, value_rows
from ..sat import Encoding, Progress
from ..site_check import yes_no
from . import Example, declare

Answer = tuple[tuple[int, ...], ...]  # rows of 0/1, 1 a star


@board
class StarBattle(Board):
    """Rows of region ids (positive numbers). `stars` is k, None when the page does not say
    (the solver then tries the counts near what the size suggests)."""

    kind = "star-battle"
    GRID = "regions"

    regions: tuple[tuple[int, ...], ...]
    stars: int | None = None


def suggested_stars(side: int) -> int:
    """The stars a unit the site's sizes have (5 and 8: 1, 10: 2, 14: 3, 17: 4, 21: 5,
    25: 6; genres.md, from the puzzles-mobile bot): one, and one more from each of those
    sides on."""
    return 1 + sum(side >= step for step in (10, 14, 17, 21, 25))


def most_stars(side: int) -> int:
    """The most stars a unit of a side x side board can hold: any two rows next to each
    other hold 2k stars, no two touching, and a strip two cells high holds at most one
    star in each two columns."""
    return 1 if side == 1 else (side + 1) // 2 // 2


def to_json(board: StarBattle) -> dict:
    return {"regions": [list(row) for row in board.regions], "stars": board.stars}


def from_json(puzzle: dict, source: str) -> StarBattle:
    """The board from board JSON's "puzzle": {"regions": [[1, 1, 2, ...], ...], "stars": k}."""
    regions = value_rows(puzzle, "Star Battle", "regions", "[[1, 1, 2], ...]",
                         "a region id (a whole number from 1)", natural(1))
    stars = puzzle.get("stars")
    if stars is not None and not (is_json_int(stars) and stars > 0):
        raise ParseError(
            f'board JSON: a Star Battle\'s "stars" is how many stars a row, column and region '
            f"hold (a whole number from 1, or null), not {json_excerpt(stars)}"
        )
    return StarBattle(regions, stars=stars, source=source)


def site_answer(board: StarBattle, answer: Answer) -> str:
    """What puzzle-star-battle.com hashes: `y` a star, `n` an empty cell (genres.md 2)."""
    return yes_no(answer)


def cost(board: StarBattle) -> Cost:
    """Per cell: four touching pairs, and in each of its three units a sequential counter's
    share (k helpers, about three clauses of up to three literals each)."""
    k = board.stars or most_stars(max(board.height, board.width)) or 1
    return grid_cost(board.height * board.width, 8 + 3 * 9 * k, 4 + 3 * 3 * k)


def remarks(result: Result) -> list[str]:
    """k (stars in every row, column and region), and where the page did not say it, that
    it did not and how many counts were tried (what each gave is in --json's
    `stars_tried`). Short: the verdict is one line in 80 columns, several answers, the
    site's check and the cache included."""
    k = result.facts.get("stars")
    if k is None:
        return []
    said = f"{k} star{'s' * (k > 1)}"
    tried = result.facts.get("stars_tried")
    if not tried:
        return [said]
    return [f"{said} (not stated)" if len(tried) == 1 else f"{said} ({len(tried)} tried)"]


# --------------------------------------------------------------------------- the rules
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
    from ..sat import find_two  # at encoding time: reading a board never imports pysat

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
    star = [[variables.of((r, c)) for c in range(w)] for r in range(h)]
    out = rules.Named()
    out.add("stars never touch", ("grid",), rules.never_both([
        (star[r][c], star[rr][cc]) for (r, c), (rr, cc) in touching_pairs(h, w, True)]))
    atmosts = [bound for scope, unit in zip(_unit_scopes(board), _units(board, star))
               for bound in rules.exactly_native(unit, k, ("stars a unit", scope))]
    for i, strip in enumerate(strip_blocks(h, w)):
        flags = [variables.new() for _ in strip]
        starred: list[list[int]] = []
        for flag, block in zip(flags, strip):
            starred += rules.any_of(flag, [star[r][c] for r, c in block])
        out.add("a block is starred just when it holds a star", _strip_scope(board, i), starred)
        atmosts += rules.exactly_native(flags, 2 * k, ("stars a strip", _strip_scope(board, i)))
    return Encoding(out, list(range(1, h * w + 1)), atmosts, facts=facts, rules=out.names)


def _strip_scope(board: StarBattle, i: int) -> tuple[str, str]:
    """Strip i of `strip_blocks`: two cuts of each two rows next to each other, then of
    each two columns: ("rows", "3 and 4")."""
    across = 2 * (board.height - 1)
    what, line = ("rows", i // 2) if i < across else ("columns", (i - across) // 2)
    return what, f"{line + 1} and {line + 2}"


def _unit_scopes(board: StarBattle) -> list[tuple]:
    """The scopes of `_units`, in their order."""
    return [*(("row", r) for r in range(board.height)),
            *(("column", c) for c in range(board.width)),
            *(("region", i) for i in range(len(regions_from_ids(board.regions))))]


def _units(board: StarBattle, grid: Sequence[Sequence[int]]) -> list[list[int]]:
    """What `grid` holds (a star's variable, an answer's 0/1) in every row, every column,
    then every region: the units that hold k stars."""
    return [*map(list, grid), *map(list, zip(*grid)), *(
        [grid[r][c] for r, c in region] for region in regions_from_ids(board.regions).values())]


def decode(board: StarBattle, values) -> Answer:
    """Rows of 0/1 from the star variables (reading order)."""
    return bit_rows(values, board.height, board.width)


# --------------------------------------------------------------------------- the checker
def validate(board: StarBattle) -> None:
    """A square with as many regions as rows: its rows hold k x height stars, its columns
    k x width, its regions k each."""
    h, w = board.height, board.width
    rectangular(board.regions, "Star Battle")
    if h != w:
        raise InvalidPuzzle(f"a Star Battle is square (each row and each column holds as "
                            f"many stars), not {w}x{h}")
    count = len(regions_from_ids(board.regions))
    if count != h:
        raise InvalidPuzzle(f"this {w}x{h} Star Battle has {count} regions; as many stars lie "
                            f"in its regions as in its rows, so it needs {h}")


def is_solution(board: StarBattle, answer) -> bool:
    """0/1 cells; k stars (the board's, else those of the first row, at least one) in every
    row, column and region; no two stars touching, not even at a corner. No SAT."""
    h, w = board.height, board.width
    if not is_bit_rows(answer, h, w):
        return False
    k = board.stars if board.stars is not None else sum(answer[0]) if answer else 0
    if k < 1 or any(sum(unit) != k for unit in _units(board, answer)):
        return False
    return not any(answer[r][c] and answer[rr][cc] for (r, c), (rr, cc) in
                   touching_pairs(h, w, True))


# --------------------------------------------------------------------------- the looks
LOOKS = {  # inside the regions' walls: stars yellow, empty cells grey (colour only adds)
    "star": Look("★", "*", f"bold {GOLD}", ("✪", "@"), "a star", mark="star", ink="#f2b705",
                 rim="#5a4a00"),
    "empty": Look("·", ".", "grey50", ("∘", "o"), "an empty cell"),
}


def look(board: StarBattle, answer: Answer | None, r: int, c: int) -> str:
    return "star" if answer is not None and answer[r][c] else "empty"


def walls(board: StarBattle) -> Walls:
    return Walls(board.regions)


def stress(height: int, width: int) -> StarBattle:
    """The square of about those cells, a region a row, the most stars its side allows."""
    side = max(4, isqrt(height * width))
    return StarBattle(tuple((r + 1,) * side for r in range(side)),
                      stars=max(1, most_stars(side)))


# board JSON's `puzzle` and `solution`, and the answer text the site hashes, as the
# README's table of kinds shows them (catalogue.kinds)
PUZZLE_JSON = (
    '`{"regions": rows of region ids, "stars": k}` (`stars` may be left out: tried from 1)'
)
SOLUTION_JSON = 'rows of 0/1, 1 a star'
SITE_TEXT = '`y`/`n` a cell, `y` a star'
CELL_WORDS = ('no star', 'a star')  # a cell's two values, as a hint says them

KIND = declare(
    __name__, StarBattle,
    examples=(
        Example("6x6", StarBattle(((4, 2, 1, 1, 1, 1), (4, 2, 2, 1, 1, 1), (4, 4, 4, 4, 3, 1),
                                   (4, 4, 4, 4, 4, 4), (4, 4, 5, 5, 4, 4), (4, 4, 5, 5, 5, 6)),
                                  stars=1, title="Tiny", puzzle_id="7"), Status.UNIQUE),
        Example("4x4 two cells touching", StarBattle(((1, 2, 3, 3), (3, 3, 4, 4), (4, 4, 4, 4),
                                                      (4, 4, 4, 4)), stars=1), Status.NONE),
        Example("4x4 stripes", StarBattle(((1, 1, 1, 1), (2, 2, 2, 2), (3, 3, 3, 3),
                                           (4, 4, 4, 4)), stars=1), Status.MULTIPLE),
    ),
)
