"""The Binairo (Takuzu) board: a grid of cells, some given as 0 or 1, and whether its rows
(and its columns) must all differ. Board JSON: `{"grid": [[null, 1, 0, ...], ...]}` (null
an empty cell), with `"distinct_lines": false` only for a puzzle without that rule (a
Tatham Unruly ID without its `u`); an answer is rows of 0/1."""

from __future__ import annotations

from ...core import ParseError, json_excerpt
from ...grid.board import Board, board

Cell = int | None  # a given 0 or 1, None where empty
Grid = tuple[tuple[Cell, ...], ...]
Answer = tuple[tuple[int, ...], ...]  # rows of 0/1


@board
class Binairo(Board):
    """Rows of givens. `distinct_lines`: no two rows and no two columns are equal, as
    puzzle-binairo.com plays it; Tatham's Unruly asks it only with its `u` parameter."""

    kind = "binairo"

    grid: Grid
    distinct_lines: bool = True

    def givens(self) -> list[tuple[int, int, int]]:
        """(row, col, digit) of every given cell, in reading order."""
        return [
            (r, c, v) for r, row in enumerate(self.grid) for c, v in enumerate(row)
            if v is not None
        ]


def to_json(board: Binairo) -> dict:
    out: dict = {"grid": [list(row) for row in board.grid]}
    if not board.distinct_lines:
        out["distinct_lines"] = False
    return out


def from_json(puzzle: dict, source: str) -> Binairo:
    """The board from board JSON's "puzzle": {"grid": [[null, 1, 0], ...]}."""
    rows = puzzle.get("grid")
    if (
        not isinstance(rows, list) or not rows
        or not all(isinstance(row, list) and row for row in rows)
    ):
        raise ParseError(
            'a Binairo\'s board JSON needs "grid", a list of rows of 0, 1 or null (empty) '
            "such as [[null, 1, 0], ...]"
        )
    for r, row in enumerate(rows, 1):
        bad = next((v for v in row if v is not None and (type(v) is not int or v not in (0, 1))),
                   None)
        if bad is not None:
            raise ParseError(
                f"board JSON: Binairo row {r} holds {json_excerpt(bad)}, not 0, 1 or null: "
                f"{json_excerpt(row)}"
            )
    if any(len(row) != len(rows[0]) for row in rows):
        lengths = sorted({len(row) for row in rows})
        raise ParseError(
            "board JSON: a Binairo needs rows of one length "
            f"(its rows have {', '.join(map(str, lengths[:5]))} cells)"
        )
    distinct = puzzle.get("distinct_lines", True)
    if not isinstance(distinct, bool):
        raise ParseError(
            'board JSON: a Binairo\'s "distinct_lines" is true or false (whether no two rows '
            f"and no two columns may be equal), not {json_excerpt(distinct)}"
        )
    return Binairo(grid=tuple(tuple(row) for row in rows), distinct_lines=distinct,
                   source=source)


def answer_json(answer: Answer) -> list[list[int]]:
    return [list(row) for row in answer]


def site_answer(board: Binairo, answer: Answer) -> str:
    """What puzzle-binairo.com hashes (genres.md section 2): a `0` or `1` a cell, in
    reading order."""
    return "".join(str(digit) for row in answer for digit in row)
