"""Binairo of puzzle-binairo.com: the task is one character a cell (genres.md D2): `0` and
`1` are givens, `a`-`z` skip 1-26 empty cells. The site's rules are the three of Binairo:
as many 0s as 1s a line, never three alike in a row, no two rows or columns equal.

Binairo+ (`/binairo-plus-6x6-easy/` on the same host, ident `binairo-plus`) adds marks
between cells, whose grammar no real task confirms (genres.md knows it only from the
puzzles-mobile bot): its pages are refused by name, never read as plain Binairo. No board
copy is read (sites.md documents no Binairo markup): a copy is refused, asking for the page
source. The page's `hashedSolution` goes on with the board and is checked (the kind's
`site_answer`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import ParseError, UnsupportedPuzzle
from ....kinds.binairo import Binairo
from ....letter_runs import EMPTY
from ..genres import task_characters

if TYPE_CHECKING:
    from ..genres import Task

EXAMPLES = ((438243, 0),)  # puzzle-resolution/Binairo's saved 6x6 page (binairo.0)
SYMBOLS = "01"
GRAMMAR = "letters a-z, digits 0 and 1"
PLUS = "binairo-plus"


def is_plus(task: Task) -> bool:
    """Whether the page is Binairo+'s: its script or its address says so."""
    names = [name.replace("_", "-") for name in task.script_names]
    return any(name in (PLUS, "binairoplus") for name in names) or PLUS in task.source.lower()


def decode(task: Task) -> Binairo:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    if is_plus(task):
        raise UnsupportedPuzzle(
            "this is a Binairo+ page (puzzle-binairo.com): Binairo+ is not supported (no "
            "real task has confirmed its marks between cells); plain Binairo is",
            hint="open a plain Binairo instead, e.g. https://www.puzzle-binairo.com/?size=0",
        )
    if task.width <= 0 or task.height <= 0:
        raise ParseError(f"the page gives the board as {task.width}x{task.height}")
    characters = task_characters(task, task.genre.label, SYMBOLS, GRAMMAR)
    cells = [None if ch == EMPTY else int(ch) for ch in characters]
    width = task.width
    return Binairo(
        grid=tuple(tuple(cells[r * width : (r + 1) * width]) for r in range(task.height)),
        **task.page,
    )
