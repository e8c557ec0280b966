"""Binairo and Binairo+ of puzzle-binairo.com (genres.md section 2). Binairo's task is one
character a cell (D2): `0` and `1` are givens, `a`-`z` skip 1-26 empty cells. The site's
rules are the three of Binairo: as many 0s as 1s a line, never three alike in a row, no two
rows or columns equal.

Binairo+ (`/binairo-plus-6x6-easy/` on the same host, ident `binairo-plus.14`) adds signs
between neighbours: its task is `givens|signs`, the givens as Binairo's, the signs one
character a cell (a-z skip) where a digit is r + 3d, r the sign toward the right neighbour
and d toward the one below, each 0 none, 1 `=`, 2 `x`. Its pages run Binairo's plugin or
their own and are told apart by the script's ident or plugin, or their address
(`is_plus`). Both hash the answer's digits, `0`/`1` a cell. No board copy is read
(sites.md documents no Binairo markup): a copy is refused, asking for the page source.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import ParseError
from ....kinds.binairo import Binairo
from ....letter_runs import EMPTY
from ..grammar import Text, characters, parts, task_text

if TYPE_CHECKING:
    from ....kinds.binairo_plus import BinairoPlus
    from ..genres import Task

EXAMPLES = ((438243, 0),)  # puzzle-resolution/Binairo's saved 6x6 page (binairo.0)
SYMBOLS = "01"
GRAMMAR = "letters a-z, digits 0 and 1"
SIGN_GRAMMAR = "letters a-z, digits 0-8: the sign to the right plus 3 times the sign below"
PLUS, PLUS_LABEL = "binairo-plus", "Binairo+"
SIGNS = (None, "=", "x")  # a sign's code in the task: 0 none, 1 `=`, 2 `x`


def is_plus(task: Task) -> bool:
    """Whether the page is Binairo+'s: its script or its address says so."""
    names = [name.replace("_", "-") for name in task.script_names]
    return any(name in (PLUS, "binairoplus") for name in names) or PLUS in task.source.lower()


def decode(task: Task) -> Binairo | BinairoPlus:
    """The board a page's task describes (a Binairo+ where the page is Binairo+'s), with
    the page's title, ID, note and hash."""
    if task.width <= 0 or task.height <= 0:
        raise ParseError(f"the page gives the board as {task.width}x{task.height}")
    if is_plus(task):
        return decode_plus(task)
    return Binairo(grid=_rows(_givens(task_text(task, task.genre.label)), task.width),
                   **task.page)


def decode_plus(task: Task) -> BinairoPlus:
    """`givens|signs`: the givens as Binairo's, then each cell's signs toward its right and
    lower neighbours; a sign past the board's edge is a fault at its offset."""
    from ....kinds.binairo_plus import BinairoPlus

    givens, signs = parts(task_text(task, PLUS_LABEL), "|", 2)
    codes = [0 if ch == EMPTY else int(ch) for ch in characters(signs, "012345678",
                                                                SIGN_GRAMMAR)]
    w, h = task.width, task.height
    for index, code in enumerate(codes):
        if (code % 3 and index % w == w - 1) or (code // 3 and index // w == h - 1):
            raise _off_board(signs, index)
    across = [SIGNS[code % 3] for i, code in enumerate(codes) if i % w < w - 1]
    down = [SIGNS[code // 3] for code in codes[: w * (h - 1)]]
    return BinairoPlus(_rows(_givens(givens), w), _rows(across, w - 1), _rows(down, w),
                       **task.page)


def _givens(text: Text) -> list[int | None]:
    return [None if ch == EMPTY else int(ch) for ch in characters(text, SYMBOLS, GRAMMAR)]


def _rows(cells: list, width: int) -> tuple[tuple, ...]:
    return tuple(tuple(cells[i : i + width]) for i in range(0, len(cells), width))


def _off_board(text: Text, index: int) -> ParseError:
    """The sign of cell `index` points off the board: the fault, at the digit's offset."""
    pos = _offset_of(text, index)
    row, col = divmod(index, text.width)
    return ParseError(
        f"the {text.label} task gives row {row + 1}, column {col + 1} a sign toward a "
        f"neighbour past the board's edge ({text.text[pos]!r} at offset {text.offset + pos}); "
        f"{text.board()}",
        hint="the site's encoding may have changed, or the page's size is wrong; save the "
        "page source (Ctrl-U) again",
    )


def _offset_of(text: Text, index: int) -> int:
    """Where in `text` the character that makes cell `index` is (a letter makes several)."""
    cells = 0
    for pos, ch in enumerate(text.text):
        cells += ord(ch) - 96 if "a" <= ch <= "z" else 1
        if cells > index:
            return pos
    return len(text.text) - 1
