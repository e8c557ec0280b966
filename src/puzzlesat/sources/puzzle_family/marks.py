"""The player's marks a devtools copy of a family board carries, as board JSON's "state".

A copy of the live page (or of its board) holds the board as the game drew it, each cell a
`div.cell.selectable`; sites.md (3f) documents the engine's three mark classes on them:
`cell-on` (filled: the answer's 1), `cell-x` (crossed out: its 0) and `cell-off` (not
marked yet). They say what a player means only where the answer is a mark a cell (a
filled cell, a star, a bulb, a shaded cell: `SITE_CELLS` "yn", and the black-and-white
nonogram). A copy of another game that shows those classes gets `MarksUnread`, which
`puzzlesat hint` refuses by the game's name instead of silently starting from the empty
board; so does a copy whose marked board is not the puzzle's shape, saying so. A solve
never looks at them: its puzzle is read from the page's script. A page source carries no
marks: the board is drawn by the page's script.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import replace
from itertools import islice
from typing import TYPE_CHECKING, Any

from ...core import LazyPattern, ParseError
from ...grid.board import MarksUnread
from ..markup import soup_of
from .board_copy import CELL_CLASS, MAX_SIDE, STYLE_PX, cell_grid

if TYPE_CHECKING:
    from bs4 import SoupStrainer

MARK_VALUES = {"cell-on": 1, "cell-x": 0}  # the answer's value each class says; others: unmarked
# a class attribute naming a mark: the cheap test before the markup is parsed, which tells
# a drawn cell's class from a script's or a style sheet's text naming it
MARKED = LazyPattern(r"\bclass\s*=\s*[\"'][^\"'<>]*(?<![\w-])cell-(?:on|x)(?![\w-])", re.I)
MOST_CELLS = MAX_SIDE * MAX_SIDE  # div.cells a copy of one board can hold
COPY_HINT = "copy the outerHTML of the whole page (the html element) or of div.board-back"


def with_marks(board: Any, text: str) -> Any:
    """The board with the marks `text` shows, as its `state` (the board itself where it
    shows none, as a page source never does)."""
    if MARKED.search(text) is None:
        return board
    if not _within_a_board(text):
        return replace(board, state=MarksUnread(board.game(), f"it holds more than "
                                                f"{MOST_CELLS:,} cells, more than a board has"))
    try:
        soup = soup_of(text, _cells_and_rows())
        if not any(map(_shows_mark, soup.find_all("div", class_="cell"))):
            return board  # the classes named by a script or a style sheet, not on a cell
        if not marks_cells(board):
            return replace(board, state=MarksUnread(board.game()))
        return replace(board, state=_marks(soup, board))
    except ParseError as error:  # the puzzle is read all the same: only a hint needs marks
        return replace(board, state=MarksUnread(board.game(), str(error)))


def _within_a_board(text: str) -> bool:
    """Whether the copy's `class="... cell ..."` attributes are no more than a board's
    cells can be (a page padded with hundreds of thousands is not read into a tree)."""
    return next(islice(CELL_CLASS.finditer(text), MOST_CELLS, None), None) is None


def _cells_and_rows() -> SoupStrainer:
    """What of a copy the marks are read from: a page padded with megabytes of other tags
    builds no tree of them (a solve reads its puzzle from the script, never this)."""
    from bs4 import SoupStrainer

    # matched against the whole class attribute while parsing, not against each class
    return SoupStrainer("div", class_=re.compile(r"(?:^|\s)(?:cell|row)(?:\s|$)"))


def marks_cells(board: Any) -> bool:
    """Whether the game's answer is a mark a cell, 1 where `cell-on` is: its kind's page
    hashes `y`/`n` a cell (SITE_CELLS "yn"), or it is the nonogram, which says so in its own
    decode."""
    from ...kinds import BY_NAME

    module = importlib.import_module(BY_NAME.modules[board.kind])
    return getattr(module, "SITE_CELLS", None) == "yn" or board.kind == "nonogram"


def _marks(soup: Any, board: Any) -> list[list[int | None]]:
    """Rows of 1, 0 and None (unmarked) in the board's shape."""
    rows = _cell_rows(soup)
    shape = (len(rows), len(rows[0]) if rows else 0)
    if shape != (board.height, board.width):
        raise ParseError(
            f"the copy's board has {shape[0]} x {shape[1]} marked cells, but the puzzle is "
            f"{board.height} x {board.width}", hint=COPY_HINT)
    return [[_mark(cell, r, c) for c, cell in enumerate(row)] for r, row in enumerate(rows)]


def _cell_rows(soup: Any) -> list[list[Any]]:
    """The board's cells as rows: placed by their style's top/left where they have one,
    else in their `div.row`s in document order (puzzle-nonograms.com's board)."""
    cells = soup.find_all("div", class_="cell")  # a wall drawn as a cell too, if unmarkable
    if cells and all(STYLE_PX["top"].search(cell.get("style", "")) for cell in cells):
        return cell_grid(cells)
    rows = [[cell for cell in row.find_all("div", class_="cell", recursive=False)
             if "selectable" in (cell.get("class") or [])]
            for row in soup.find_all("div", class_="row")]
    rows = [row for row in rows if row]
    if not rows or any(len(row) != len(rows[0]) for row in rows):
        raise ParseError("the copy's marked cells are neither placed by position nor in "
                         "rows of one length", hint=COPY_HINT)
    return rows


def _shows_mark(cell: Any) -> bool:
    return not MARK_VALUES.keys().isdisjoint(cell.get("class") or ())


def _mark(cell: Any, r: int, c: int) -> int | None:
    """The answer's value the cell's classes say; a cell both filled and crossed out says
    neither, and the copy is not guessed at."""
    said = {value for name, value in MARK_VALUES.items() if name in (cell.get("class") or ())}
    if len(said) > 1:
        raise ParseError(f"the copy's cell at row {r + 1}, column {c + 1} is both filled "
                         "(cell-on) and crossed out (cell-x)", hint=COPY_HINT)
    return next(iter(said), None)
