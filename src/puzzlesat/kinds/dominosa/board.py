"""The Dominosa board: a grid of numbers 0..n, (n+2) x (n+1) cells, which a full double-n set
of dominoes covers, each domino once. Board JSON: `{"grid": [[3, 2, ...], ...]}`; an answer
is the dominoes, each `((r1, c1), (r2, c2))`, the first cell the earlier in reading order,
in reading order of their first cells."""

from __future__ import annotations

from ...core import ParseError, is_json_int, json_excerpt
from ...grid.board import Board, board

Cell = tuple[int, int]
Domino = tuple[Cell, Cell]
Answer = tuple[Domino, ...]
Grid = tuple[tuple[int, ...], ...]


@board
class Dominosa(Board):
    """Rows of numbers 0..n. The site's and Tatham's boards are n+2 wide and n+1 high; the
    kind takes the other way round too (the rules do not care)."""

    kind = "dominosa"

    grid: Grid

    @property
    def top(self) -> int:
        """n, the highest number of the set the size holds."""
        return min(self.width, self.height) - 1


def set_size(n: int) -> str:
    """How the double-n set lies: its width and height, its cells."""
    return f"a double-{n} set is {n + 2}x{n + 1}, {(n + 2) * (n + 1)} cells"


def nearest_set(cells: int) -> int:
    """The n whose double-n set has the count of cells nearest `cells`."""
    n = 0
    while (n + 3) * (n + 2) <= cells:
        n += 1
    above = (n + 3) * (n + 2)
    return n + 1 if above - cells < cells - (n + 2) * (n + 1) else n


def shape_fault(grid: Grid) -> str | None:
    """What keeps `grid` from being a double-n board, or None: rows of one length, a size
    of (n+2) x (n+1) either way round, numbers 0..n."""
    height = len(grid)
    width = len(grid[0]) if grid else 0
    if not width or any(len(row) != width for row in grid):
        return "its rows are empty or differ in length"
    n = min(width, height) - 1
    if abs(width - height) != 1:
        near = set_size(nearest_set(width * height))
        return f"{width}x{height} is no double-n set's size ({near})"
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if not 0 <= v <= n:
                return (f"row {r + 1}, column {c + 1} holds {v}; the {width}x{height} board is a "
                        f"double-{n} set, numbers 0 to {n}")
    return None


def to_json(board: Dominosa) -> dict:
    return {"grid": [list(row) for row in board.grid]}


def from_json(puzzle: dict, source: str) -> Dominosa:
    """The board from board JSON's "puzzle": {"grid": [[3, 2, ...], ...]}."""
    rows = puzzle.get("grid")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, list) for r in rows):
        raise ParseError(
            'a Dominosa\'s board JSON needs "grid", a list of rows of numbers 0..n such as '
            "[[0, 1, 1], [0, 0, 1]]"
        )
    for r, row in enumerate(rows, 1):
        bad = next((v for v in row if not (is_json_int(v) and v >= 0)), None)
        if bad is not None:
            raise ParseError(
                f"board JSON: Dominosa row {r} holds {json_excerpt(bad)}, not a number "
                f"0..n: {json_excerpt(row)}"
            )
    grid = tuple(tuple(row) for row in rows)
    fault = shape_fault(grid)
    if fault is not None:
        raise ParseError(f"board JSON: a Dominosa board: {fault}")
    return Dominosa(grid=grid, source=source)


def answer_json(answer: Answer) -> list[list[list[int]]]:
    return [[list(a), list(b)] for a, b in answer]


def site_answer(board: Dominosa, answer: Answer) -> str:
    """What puzzle-dominosa.com hashes (genres.md section 2): a letter a cell in reading
    order, `h` where a domino starts and covers the cell to its right, `v` where it covers
    the cell below, `n` on a domino's second cell."""
    letters = [["n"] * board.width for _ in range(board.height)]
    for domino in answer:
        (r, c), (r2, _) = sorted(domino)  # it starts on the earlier cell in reading order
        letters[r][c] = "h" if r2 == r else "v"
    return "".join(letter for row in letters for letter in row)


def owners(height: int, width: int, answer: Answer) -> list[list[int]]:
    """Per cell, the index of the domino on it (-1 where none is)."""
    owner = [[-1] * width for _ in range(height)]
    for i, domino in enumerate(answer):
        for r, c in domino:
            owner[r][c] = i
    return owner
