"""Futoshiki and Renzoku of puzzle-futoshiki.com: one host, one task grammar (genres.md
section 2): comma-separated cells, each an optional given (0 none) and letters D, U, R, L
toward neighbours, every cell ending in a comma. Futoshiki's letter points at the smaller
neighbour; Renzoku's marks a dot (consecutive values) toward it. Renzoku's pages
(`/renzoku-7x7-easy/`) are told apart by their script's ident or plugin (`renzoku.22`), or
their address. No board copy is read: a copy is refused, asking for the page source."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import MAX_DIGITS, ParseError
from ....grid.latin import MARK_LETTERS
from ....kinds.futoshiki import Futoshiki
from ..grammar import Text, task_text

if TYPE_CHECKING:
    from ..genres import Task

# $('#game').futoshiki(, ident: 'futoshiki.1'. Renzoku's pages share the host, and a host is
# one game's in the table: they come here by it or by their own plugin or ident
# ('renzoku.22'), and `is_renzoku` tells them apart whichever script they run.
SPECIAL_SIZES: dict[str, str] = {}
EXAMPLES = ((9882825, 1),)  # a real 5x5 of ../shared/data/genres/futoshiki
RENZOKU = "renzoku"
GRAMMAR = "comma-separated cells: a number, then letters D, U, R, L"


def is_renzoku(task: Task) -> bool:
    """Whether the page is Renzoku's: its script's ident or plugin, or its address, says so."""
    return RENZOKU in task.script_names or f"/{RENZOKU}-" in task.source.lower()


def marked_cells(text: Text) -> tuple[list[int | None], list[str]]:
    """(givens, letters) of every cell, row-major: `3DR,` is a 3 with letters D and R, `0,`
    an empty cell; the last cell's comma may be left off."""
    givens: list[int | None] = []
    letters: list[str] = []
    pos, task = 0, text.text
    while pos < len(task) and len(givens) <= text.area:
        end = pos
        while end < len(task) and task[end].isascii() and task[end].isdigit():
            end += 1
        if end == pos or end - pos > MAX_DIGITS:
            raise text.fault(pos, "each cell starts with its number (0: none)", GRAMMAR)
        start = end
        while end < len(task) and task[end] in MARK_LETTERS:
            end += 1
        if end < len(task) and task[end] != ",":
            raise text.fault(end, "", GRAMMAR)
        value = int(task[pos:start])
        givens.append(value or None)
        letters.append(task[start:end])
        pos = end + 1
    return text.counted(givens, pos), letters


def decode(task: Task) -> Futoshiki:
    """The board a page's task describes (a Renzoku where the page is Renzoku's)."""
    renzoku = is_renzoku(task)
    if task.width <= 0 or task.width != task.height:
        raise ParseError(f"the page gives the board as {task.width}x{task.height}, not a square")
    givens, letters = marked_cells(task_text(task, "Renzoku" if renzoku else task.genre.label))
    n = task.width
    grid = tuple(tuple(givens[r * n : (r + 1) * n]) for r in range(n))
    marks = tuple(tuple(letters[r * n : (r + 1) * n]) for r in range(n))
    if renzoku:
        from ....kinds.renzoku import Renzoku

        return Renzoku(grid, marks, **task.page)
    return Futoshiki(grid, marks, **task.page)
