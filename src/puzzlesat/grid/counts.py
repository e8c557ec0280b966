"""Counts of marked cells along every row and column, given outside the grid: what the
games of filled cells share (Thermometers, Aquarium; Tents, Stitches and Battleships count
the same way). One board base with the counts, their board JSON, their rule (a native
exact count a line), their check, and their drawing: the column counts above the grid,
the row counts left of it, in the terminal and in the picture.

A count is a whole number, or None where the page gives none (that line is free).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..core import InvalidPuzzle
from .board import Board, board
from .clauses import AtMost, Named, cell_variables, exactly_native
from .geometry import Cell, Walls
from .rows import natural, or_null, value_rows

Counts = tuple[int | None, ...]


@board
class Counted(Board):
    """A board whose lines are counted: `columns` (left to right) and `rows` (top to bottom)
    give its width and height; a kind adds its cells' own fields after them."""

    columns: Counts
    rows: Counts

    @property
    def width(self) -> int:
        return len(self.columns)

    @property
    def height(self) -> int:
        return len(self.rows)

    def counted_lines(self) -> list[tuple[tuple[str, int], int, list[tuple[int, int]]]]:
        """(scope, count, cells) of every line with a count: the rows, then the columns."""
        h, w = self.height, self.width
        return [*((("row", r), n, [(r, c) for c in range(w)])
                  for r, n in enumerate(self.rows) if n is not None),
                *((("column", c), n, [(r, c) for r in range(h)])
                  for c, n in enumerate(self.columns) if n is not None)]


def counts_json(board: Counted) -> dict:
    """Board JSON's counts: {"columns": [...], "rows": [...]}."""
    return {"columns": list(board.columns), "rows": list(board.rows)}


def counts_from_json(puzzle: dict, game: str) -> tuple[Counts, Counts]:
    """(columns, rows) of board JSON's "puzzle", each a list of whole numbers or null;
    else a ParseError naming the game and the list."""
    return tuple(  # type: ignore[return-value]
        value_rows({key: [puzzle.get(key)]}, game, key, f'[{example}]',
                   f"the {key}' counts: whole numbers or null", or_null(natural()))[0]
        for key, example in (("columns", "[2, 1, null]"), ("rows", "[1, 2, 0]")))


def check_counts(board: Counted, game: str) -> None:
    """No count above its line's length (the solver would find no answer; say why)."""
    for (what, i), n, line in board.counted_lines():
        if n > len(line):
            raise InvalidPuzzle(f"{what} {i + 1} of this {game} counts {n} cells; it has "
                                f"{len(line)}")


def cell_rules(board: Counted, progress: Any = None) -> tuple[dict[Cell, int], Named]:
    """A counted game's `encode` begun: "encoding" heard, a variable a cell (1..N in reading
    order: the answer's cells), and the Named its rules go into."""
    if progress is not None:
        progress("encoding")
    return cell_variables(board.height, board.width)[1], Named()


def count_rule(board: Counted, filled: dict[Cell, int], out: Named) -> list[AtMost]:
    """Every counted line holds exactly its count of `filled` cells, as native constraints
    (Encoding.atmosts); a count its line cannot hold is an empty clause named for that
    line."""
    atmosts: list[AtMost] = []
    for scope, n, line in board.counted_lines():
        if n > len(line):
            out.add("filled cells a line", scope, [[]])
        atmosts += exactly_native([filled[cell] for cell in line], n,
                                  ("filled cells a line", scope))
    return atmosts


def counts_hold(board: Counted, answer: Sequence[Sequence[int]]) -> bool:
    """Whether every counted line of an answer of 0/1 rows holds its count."""
    return all(sum(answer[r][c] for r, c in line) == n for _, n, line in board.counted_lines())


# --------------------------------------------------------------------------- the drawing
def _texts(counts: Counts) -> list[str]:
    return ["" if n is None else str(n) for n in counts]


def with_counts(drawing: Any, board: Counted, walls: Walls | None, compact: bool) -> Any:
    """`drawing` (grid.looks.draw_looks' of the same board and walls) with the column
    counts above it, the row counts left of it, each right under (beside) its line: a count
    wider than a column is written downwards, a digit a line."""
    from rich.text import Text

    from ..drawing import Drawing, picture_text

    width = 1 if compact else 2
    if walls is None and not compact:
        walls = Walls.frame(board.height, board.width)
    xs = [c * width + (sum(walls.cols[: c + 1]) if walls else 0) for c in range(board.width)]
    row_lines = [r + (sum(walls.rows[: r + 1]) if walls else 0) for r in range(board.height)]
    rows, columns = _texts(board.rows), _texts(board.columns)
    margin = max(map(len, rows), default=0) + 1
    out = picture_text()
    for line in _header(columns, xs, width):
        out.append(" " * margin + line + "\n")
    by_line = dict(zip(row_lines, rows))
    for i, line in enumerate(drawing.picture.split("\n", allow_blank=True)):
        out.append("\n" if i else "")
        out.append(by_line.get(i, "").rjust(margin - 1) + " ")
        out.append_text(line if isinstance(line, Text) else Text(str(line)))
    return Drawing(out, drawing.legend)


def _header(columns: list[str], xs: list[int], width: int) -> list[str]:
    """The lines above the grid: each column's count ending at its cell's last column, on
    one line where every count fits its cell with a blank before it (a compact cell, one
    column, holds a digit: the grid's own column sets it apart), else a digit a line, the
    last digits level (`10` and `12` side by side would read as 1012)."""
    room = width - 1 if width > 1 else 1
    deep = max(map(len, columns), default=0) if any(len(t) > room for t in columns) else 1
    lines = [[" "] * (xs[-1] + width if xs else 0) for _ in range(deep)]
    for x, text in zip(xs, columns):
        if deep == 1:
            lines[0][x + width - len(text) : x + width] = list(text)
        else:
            for line, digit in zip(lines, text.rjust(deep)):
                line[x + width - 1] = digit
    return ["".join(line).rstrip() for line in lines]


def counted_drawing(looks: Any, look: Any, walls: Callable[[Any], Walls | None]
                    ) -> tuple[Callable[..., Any], Callable[[Any, Any], str]]:
    """A counted kind's `draw` and `svg`: its table of looks (grid.looks) inside its
    `walls(board)`, with the counts around."""
    from .looks import CELL, TEXT_SIZE, draw_looks, picture_looks

    def draw(board: Counted, answer: Any, other: Any, style: Any) -> Any:
        units = walls(board)
        return with_counts(draw_looks(board, answer, other, style, looks, look, units), board,
                           units, style.compact)

    def svg(board: Counted, answer: Any) -> str:
        return picture_looks(board, answer, looks, look, walls(board),
                             Around(board, CELL, TEXT_SIZE))

    return draw, svg


class Around:
    """The picture's room for the counts (`left`, `top`, in px) and their drawing."""

    def __init__(self, board: Counted, cell: float, size: float) -> None:
        self.board, self.cell, self.size = board, cell, size
        self.left = self.top = cell

    def draw(self, out: Any, x0: float, y0: float) -> None:
        """Each count centred beside its row, above its column."""
        for c, text in enumerate(_texts(self.board.columns)):
            if text:
                out.text(x0 + (c + 0.5) * self.cell, y0 - self.cell / 2, text, self.size)
        for r, text in enumerate(_texts(self.board.rows)):
            if text:
                out.text(x0 - self.cell / 2, y0 + (r + 0.5) * self.cell, text, self.size)
