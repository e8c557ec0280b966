"""Light Up (Akari) of puzzle-light-up.com: the task is one character a cell (genres.md D2):
`a`-`z` skip 1-26 white cells, `B` is a wall, `0`-`4` a numbered wall, so `12` is two cells.
No board copy is read (sites.md documents no Light Up markup): a copy is refused, asking for
the page source. The page's `hashedSolution` goes on with the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import ParseError
from ....kinds.light_up import CLUES, WALL, LightUp
from ..genres import task_characters

if TYPE_CHECKING:
    from ..genres import Task

# the size menu of the real pages (2025): 0-11 are 7x7 to 25x25 easy/normal/hard
SPECIAL_SIZES = {"13": "daily", "12": "weekly", "14": "monthly"}
EXAMPLES = ((9511001, 11),)  # the real 25x25 hard of ../shared/data/genres/light-up/pages
SYMBOLS = WALL + CLUES
GRAMMAR = "letters a-z, B, digits 0-4"


def decode(task: Task) -> LightUp:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    if task.width <= 0 or task.height <= 0:
        raise ParseError(f"the page gives the board as {task.width}x{task.height}")
    cells = "".join(task_characters(task, task.genre.label, SYMBOLS, GRAMMAR))
    width = task.width
    return LightUp(
        cells=tuple(cells[r * width : (r + 1) * width] for r in range(task.height)),
        **task.page,
    )
