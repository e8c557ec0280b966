"""The Star Battle board: a square of regions, each cell carrying its region's id, and the
stars a row, column and region holds (k), when known. Board JSON: `{"regions": [[1, 1, 2,
...], ...], "stars": k}`, `"stars": null` where the page does not say; an answer is rows
of 0/1, 1 a star."""

from __future__ import annotations

from ...core import ParseError, is_json_int, json_excerpt
from ...grid.board import Board, board
from ...site_check import yes_no

Answer = tuple[tuple[int, ...], ...]  # rows of 0/1, 1 a star
Regions = tuple[tuple[int, ...], ...]


@board
class StarBattle(Board):
    """Rows of region ids (positive numbers). `stars` is k, None when the page does not say
    (the solver then tries the counts near what the size suggests: encode.py).
    `hashed_solution` is the page's md5 of its task and answer, when a page gave one
    (sites.md 3g)."""

    kind = "star-battle"
    GRID = "regions"

    regions: Regions
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
    rows = puzzle.get("regions")
    if (
        not isinstance(rows, list) or not rows
        or not all(isinstance(row, list) and row for row in rows)
    ):
        raise ParseError(
            'a Star Battle\'s board JSON needs "regions", a list of rows of region ids '
            "such as [[1, 1, 2], ...]"
        )
    for r, row in enumerate(rows, 1):
        bad = next((v for v in row if not (is_json_int(v) and v > 0)), None)
        if bad is not None:
            raise ParseError(
                f"board JSON: Star Battle row {r} holds {json_excerpt(bad)}, not a region id "
                f"(a whole number from 1): {json_excerpt(row)}"
            )
    if any(len(row) != len(rows[0]) for row in rows):
        lengths = sorted({len(row) for row in rows})
        raise ParseError(
            "board JSON: a Star Battle needs rows of one length "
            f"(its rows have {', '.join(map(str, lengths[:5]))} cells)"
        )
    stars = puzzle.get("stars")
    if stars is not None and not (is_json_int(stars) and stars > 0):
        raise ParseError(
            f'board JSON: a Star Battle\'s "stars" is how many stars a row, column and region '
            f"hold (a whole number from 1, or null), not {json_excerpt(stars)}"
        )
    return StarBattle(regions=tuple(tuple(row) for row in rows), stars=stars, source=source)


def answer_json(answer: Answer) -> list[list[int]]:
    return [list(row) for row in answer]


def site_answer(board: StarBattle, answer: Answer) -> str:
    """What puzzle-star-battle.com hashes: `y` a star, `n` an empty cell (genres.md 2)."""
    return yes_no(answer)
