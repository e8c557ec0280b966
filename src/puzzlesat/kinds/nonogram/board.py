"""The nonogram board: row and column clues (with their colours), and its board JSON.

A colour puzzle keeps its block lengths in `rows`/`cols`, exactly as a black-and-white one,
and the colour of every block beside them (`row_colours`/`col_colours`, 1-based indices into
`colors`): everything that reasons about lengths alone (line bounds, counting, the order
encoding of block starts) serves both, and the black-and-white path pays nothing.
"""

from __future__ import annotations

from ...core import Grid, LazyPattern, ParseError, is_json_int, json_excerpt
from ...grid.board import Board, board
from ...site_check import yes_no

Line = tuple[int, ...]
BLACK = "000000"
LETTERS = "abcdefghijklmnopqrstuvwxyz"  # colours told apart without colour: a, b, c...
HEX = LazyPattern(r"[0-9a-f]{6}")


def colour_letter(k: int) -> str:
    """Colour k's letter (1-based), as the lettered drawing and the hints name it."""
    return LETTERS[(k - 1) % len(LETTERS)]


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


def gaps_between(colours: Line) -> list[int]:
    """Cells that must part each two neighbouring blocks: one between blocks of one colour,
    none between blocks of different colours (black and white: every gap is one)."""
    return [int(a == b) for a, b in zip(colours, colours[1:])]


def colour_runs(cells) -> tuple[Line, Line]:
    """The clue a line of colour indices shows: (lengths, colours) of its maximal runs of
    one non-zero colour. Blocks of different colours may touch; of one colour, they merge."""
    lengths: list[int] = []
    colours: list[int] = []
    previous = 0
    for v in cells:
        if v and v == previous:
            lengths[-1] += 1
        elif v:
            lengths.append(1)
            colours.append(v)
        previous = v
    return tuple(lengths), tuple(colours)


@board
class Nonogram(Board):
    """Nonogram clues; `picture` is a decoded answer, only to double-check.

    `colors` lists the puzzle's colours as rrggbb (empty: black alone). With more than one,
    `row_colours[i][j]` is the colour (1-based) of block j of row i, and likewise for columns.
    """

    kind = "nonogram"

    rows: tuple[Line, ...]
    cols: tuple[Line, ...]
    picture: Grid | None = None
    colors: tuple[str, ...] = ()
    row_colours: tuple[Line, ...] = ()
    col_colours: tuple[Line, ...] = ()

    @property
    def width(self) -> int:
        return len(self.cols)

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def is_colour(self) -> bool:
        """More than one colour: blocks carry colours and may touch."""
        return len(self.colors) > 1

    @property
    def palette(self) -> tuple[str, ...]:
        """The colours, black when the puzzle names none."""
        return self.colors or (BLACK,)


def from_picture(grid: Grid, colors: tuple[str, ...] = (), **fields) -> Nonogram:
    """The clues of a picture of colour indices (0 = background)."""
    if len(colors) <= 1:
        return Nonogram(
            rows=tuple(runs(row) for row in grid),
            cols=tuple(runs(col) for col in zip(*grid)),
            colors=tuple(colors),
            **fields,
        )
    rows = [colour_runs(row) for row in grid]
    cols = [colour_runs(col) for col in zip(*grid)]
    return Nonogram(
        rows=tuple(r[0] for r in rows),
        cols=tuple(c[0] for c in cols),
        colors=tuple(colors),
        row_colours=tuple(r[1] for r in rows),
        col_colours=tuple(c[1] for c in cols),
        **fields,
    )


def to_json(board: Nonogram) -> dict:
    """Lengths alone for one colour; [length, colour] pairs when there are several."""
    if not board.is_colour:
        out: dict = {
            "rows": [list(r) for r in board.rows],
            "cols": [list(c) for c in board.cols],
        }
        if board.colors:
            out["colors"] = list(board.colors)
        return out
    return {
        "colors": list(board.colors),
        "rows": [[[n, k] for n, k in zip(r, rc)] for r, rc in zip(board.rows, board.row_colours)],
        "cols": [[[n, k] for n, k in zip(c, cc)] for c, cc in zip(board.cols, board.col_colours)],
    }


def _is_count(value) -> bool:
    """A whole number of cells."""
    return is_json_int(value) and value >= 0


def _block(value, ncolours: int) -> tuple[int, int] | None:
    """(length, colour) of one clue entry: a number (colour 1) or a [length, colour] pair."""
    if _is_count(value):
        return value, 1
    if (
        isinstance(value, list)
        and len(value) == 2
        and _is_count(value[0])
        and is_json_int(value[1])
        and 1 <= value[1] <= max(ncolours, 1)
    ):
        return value[0], value[1]
    return None


def _lines_of(value, what: str, ncolours: int) -> tuple[tuple[Line, ...], tuple[Line, ...]]:
    if not isinstance(value, list):
        raise ParseError(f"board JSON: {what} must be a list of clue lists")
    lengths, colours = [], []
    for i, line in enumerate(value, 1):
        if _is_count(line):
            line = [line]
        blocks = [_block(v, ncolours) for v in line] if isinstance(line, list) else [None]
        if None in blocks:
            colour = f" or [length, colour] pairs with colours 1..{ncolours}" if ncolours else ""
            raise ParseError(
                f"board JSON: {what} {i} is not a list of whole numbers{colour}: "
                f"{json_excerpt(line)}"
            )
        kept = [b for b in blocks if b[0] > 0]  # 0 marks an empty line
        lengths.append(tuple(n for n, _ in kept))
        colours.append(tuple(k for _, k in kept))
    return tuple(lengths), tuple(colours)


def _colours_of(value) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not value:
        raise ParseError('board JSON: "colors" must be a list of "rrggbb" strings')
    out = []
    for colour in value:
        text = colour.lower().removeprefix("#") if isinstance(colour, str) else ""
        if not HEX.fullmatch(text):
            raise ParseError(f'board JSON: colour {json_excerpt(colour)} is not "rrggbb"')
        out.append(text)
    return tuple(out)


def from_json(puzzle: dict, source: str) -> Nonogram:
    """The board from the "puzzle" object of board JSON: {"rows": [...], "cols": [...]},
    with "colors" and [length, colour] pairs for a colour puzzle."""
    cols = puzzle.get("cols", puzzle.get("columns"))
    if "rows" not in puzzle or cols is None:
        raise ParseError('a nonogram\'s board JSON needs "rows" and "cols"')
    colors = _colours_of(puzzle.get("colors", puzzle.get("colours")))
    rows, row_colours = _lines_of(puzzle["rows"], "row", len(colors))
    cols, col_colours = _lines_of(cols, "column", len(colors))
    if len(colors) <= 1:
        return Nonogram(rows=rows, cols=cols, source=source, colors=colors)
    return Nonogram(
        rows=rows,
        cols=cols,
        source=source,
        colors=colors,
        row_colours=row_colours,
        col_colours=col_colours,
    )


def site_answer(board: Nonogram, answer: Grid) -> str:
    """What puzzle-nonograms.com hashes: `y` a filled cell, `n` an empty one (genres.md 2)."""
    return yes_no(answer)
