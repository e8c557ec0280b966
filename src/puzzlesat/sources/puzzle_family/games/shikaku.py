"""Shikaku (puzzle-shikaku.com): the task is the letters-and-numbers grid of its clues; a
board copy is `div.cell`s whose text is the clue, placed by position."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ....core import Page, ParseError, as_grid, whole_number
from ....kinds.shikaku.board import Shikaku
from ...markup import soup_of
from ..board_copy import NUMBER_CLASS, cell_grid, has_cell_div
from ..genres import decode_cells

if TYPE_CHECKING:
    from ..genres import Task

# size codes of the dated specials (sites.md §3a, [I]: one fetcher's reading; codes drift)
SPECIAL_SIZES = {"7": "daily", "6": "weekly", "8": "monthly"}
EXAMPLES = ((9366068, 0),)  # (puzzle ID, size code) of real puzzles


def decode(task: Task) -> Shikaku:
    """The board a page's task describes."""
    cells = decode_cells(task.task, task.width, task.height, "Shikaku task")
    grid = [cells[r * task.width : (r + 1) * task.width] for r in range(task.height)]
    return Shikaku(
        grid=as_grid(grid),
        **task.page,
    )


def claims_copy(text: str) -> bool:
    """A board copy of numbered cells with no Sudoku givens (div.number) in it."""
    return has_cell_div(text) and NUMBER_CLASS.search(text) is None


def read_copy(page: Page) -> Shikaku:
    """A Shikaku board from the devtools copy of `div.board-back`: cells placed by position."""
    cells = cell_grid(soup_of(page.text).find_all("div", class_="cell"))
    grid = []
    for row in cells:
        values = []
        for cell in row:
            text = cell.get_text().strip()
            if text and not re.fullmatch(r"[0-9]+", text):
                raise ParseError(f"a board cell holds {text[:10]!r}, not a number")
            values.append(whole_number(text, "a board cell") if text else 0)
        grid.append(values)
    return Shikaku(grid=as_grid(grid), source=page.source)
