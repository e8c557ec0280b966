"""Loop (Slitherlink) of puzzle-loop.com: the task is one character a cell (genres.md D2):
`a`-`z` skip 1-26 cells without a clue, `0`-`3` a clue, so `12` is two cells. A devtools
copy of the board is read as sites.md 3f describes it: `div.loop-task-cell`s placed by
their `top`/`left` style, a clue the cell's text. The page's `hashedSolution` goes on with
the board: the kind's `site_answer` (y/n per lattice edge) is what the page hashes."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...core import LazyPattern, Page, ParseError
from ...kinds.slitherlink import CLUES, Slitherlink
from ...letter_runs import EMPTY
from ..markup import soup_of
from .board_copy import cell_grid
from .genres import task_characters

if TYPE_CHECKING:
    from .genres import Task

SLUG = "loop"  # `loop:1012753@4`, the `ident` slug of puzzle-loop.com
LABEL = "Loop (Slitherlink)"
HOST = "puzzle-loop.com"
PLUGINS = ("loop", "slitherlink")
SHORTHANDS = ("slitherlink", "puzzle-loop")
# the size codes of the real tasks (../shared/data/genres/loop): 0-3 5x5 to 20x20 normal,
# 4-7 the same hard, 8/9 25x30 normal/hard, 10/11 7x7 normal/hard; the specials' codes are
# not on record, so none is declared (such a puzzle is cached as any other)
SPECIAL_SIZES: dict[str, str] = {}
EXAMPLES = ((1012753, 4),)  # a real 5x5 hard of the shared data
GRAMMAR = "letters a-z, digits 0-3"
LOOP_CELL = LazyPattern(r"\bclass\s*=\s*[\"'][^\"']*(?<![\w-])loop-task-cell(?![\w-])", re.I)


def decode(task: Task) -> Slitherlink:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    if task.width <= 0 or task.height <= 0:
        raise ParseError(f"the page gives the board as {task.width}x{task.height}")
    digits = task_characters(task, "Slitherlink", CLUES, GRAMMAR)
    cells = [None if ch == EMPTY else int(ch) for ch in digits]
    width = task.width
    return Slitherlink(
        grid=tuple(tuple(cells[r * width : (r + 1) * width]) for r in range(task.height)),
        source=task.source,
        title=task.title,
        puzzle_id=task.puzzle_id,
        note=task.note,
        hashed_solution=task.hashed_solution,
    )


def claims_copy(text: str) -> bool:
    """A board copy of `div.loop-task-cell`s (sites.md 3f). The plain find first: every
    text a copy might be is asked, and most never name the class."""
    return "loop-task-cell" in text.lower() and LOOP_CELL.search(text) is not None


def read_copy(page: Page) -> Slitherlink:
    """The board of a devtools copy: cells placed by position, a clue 0-3 or nothing."""
    rows = cell_grid(soup_of(page.text).find_all("div", class_="loop-task-cell"),
                     "div.loop-task-cell")
    grid = []
    for r, row in enumerate(rows, 1):
        clues: list[int | None] = []
        for c, cell in enumerate(row, 1):
            text = cell.get_text().strip()
            if text and text not in CLUES:
                raise ParseError(f"the board copy's cell at row {r}, column {c} holds "
                                 f"{text[:10]!r}, not a clue 0-3")
            clues.append(int(text) if text else None)
        grid.append(tuple(clues))
    return Slitherlink(grid=tuple(grid), source=page.source)
