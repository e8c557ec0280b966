"""Killer Sudoku of puzzle-killer-sudoku.com: the task is `givens;cage ids;sums` (genres.md
section 2): D1 givens (a letter skips 1-26 cells, a digit run is one digit), a comma cage
id a cell, then D1 sums, each on its cage's first cell in reading order. The boxes are
the usual ones of the size (4x4: 2x2, 6x6: 2 rows of 3, 9x9: 3x3). The page hashes the
digits joined by `,`, row-major. The weekly and monthly form of four parts (a second list
of ids) is refused by name. No board copy is read: a copy is refused, asking for the page
source."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import ParseError, UnsupportedPuzzle
from ....grid.boxes import BOXES, default_box
from ....kinds.killer_sudoku import KillerSudoku
from ..grammar import RESAVE, digit_runs, numbers, parts, task_text

if TYPE_CHECKING:
    from ..genres import Task

SPECIAL_SIZES: dict[str, str] = {}  # the specials' size codes are not known
EXAMPLES = ((8790969, 8),)  # the 9x9 of ../shared/data/genres/killer-sudoku, with its answer
PARTS = 3


def decode(task: Task) -> KillerSudoku:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    n = task.width
    if n <= 0 or n != task.height:
        raise ParseError(f"the page gives the board as {task.width}x{task.height}, not a square")
    if n not in BOXES:
        raise UnsupportedPuzzle(f"this {task.genre.label} page is {n}x{n}, whose boxes "
                                "puzzlesat cannot know", hint="its sizes are 4x4, 6x6 and 9x9")
    text = task_text(task, task.genre.label)
    if text.text.count(";") > PARTS - 1:
        raise UnsupportedPuzzle(
            f"this {task.genre.label} task has {text.text.count(';') + 1} parts, the form of "
            f"the weekly and monthly specials, which puzzlesat does not read",
            hint=f"puzzlesat reads the task of {PARTS} parts (givens;cage ids;sums); {RESAVE}")
    givens_text, ids_text, sums_text = parts(text, ";", PARTS)
    givens = digit_runs(givens_text)
    cages = numbers(ids_text, ",", n * n, least=1)
    sums = digit_runs(sums_text)

    def rows(cells: list) -> tuple:
        return tuple(tuple(cells[r * n : (r + 1) * n]) for r in range(n))

    return KillerSudoku(rows(givens), rows(cages), rows(sums), default_box(n), **task.page)
