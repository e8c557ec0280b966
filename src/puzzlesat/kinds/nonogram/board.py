"""The nonogram board: row and column clues, and its board JSON."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core import Grid, ParseError, is_json_int, json_excerpt

Line = tuple[int, ...]


def runs(cells) -> Line:
    """The clue a line of cells shows: lengths of its runs of non-zero values."""
    out, count = [], 0
    for v in (*cells, 0):
        if v:
            count += 1
        elif count:
            out.append(count)
            count = 0
    return tuple(out)


@dataclass(frozen=True)
class Nonogram:
    """Black-and-white nonogram clues; `picture` is a decoded answer, only to double-check."""

    rows: tuple[Line, ...]
    cols: tuple[Line, ...]
    source: str = ""
    title: str | None = None
    picture: Grid | None = None
    note: str | None = None
    kind: str = field(default="nonogram", init=False)

    @property
    def width(self) -> int:
        return len(self.cols)

    @property
    def height(self) -> int:
        return len(self.rows)


def to_json(board: Nonogram) -> dict:
    return {"rows": [list(r) for r in board.rows], "cols": [list(c) for c in board.cols]}


def _lines_of(value, what: str) -> tuple[Line, ...]:
    if not isinstance(value, list):
        raise ParseError(f"board JSON: {what} must be a list of clue lists")
    out = []
    for i, line in enumerate(value, 1):
        if _is_count(line):
            line = [line]
        if not isinstance(line, list) or not all(_is_count(v) for v in line):
            raise ParseError(
                f"board JSON: {what} {i} is not a list of whole numbers: {json_excerpt(line)}"
            )
        out.append(tuple(v for v in line if v > 0))  # 0 marks an empty line
    return tuple(out)


def _is_count(value) -> bool:
    """A whole number of cells."""
    return is_json_int(value) and value >= 0


def from_json(puzzle: dict, source: str) -> Nonogram:
    """The board from the "puzzle" object of board JSON: {"rows": [...], "cols": [...]}."""
    cols = puzzle.get("cols", puzzle.get("columns"))
    if "rows" not in puzzle or cols is None:
        raise ParseError('a nonogram\'s board JSON needs "rows" and "cols"')
    return Nonogram(
        rows=_lines_of(puzzle["rows"], "row"), cols=_lines_of(cols, "column"), source=source
    )
