"""Bridges (Hashi) of puzzle-bridges.com, whose script's ident is `hashi`: the task is D2
(genres.md section 2), one character a cell: `a`-`z` skip 1-26 cells of water, a digit
1-8 is an island and its number. No board copy is read (sites.md documents no Bridges
markup): a copy is refused, asking for the page source. The page's `hashedSolution` goes
on with the board: its answer text is each island's `right,down` bridge counts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....kinds.bridges import Bridges
from ..grammar import characters, task_text

if TYPE_CHECKING:
    from ..genres import Task

# the real saves of the specials carry their dates: 13 on a Saturday, 12 on Mondays, 14 on
# the first of the month
SPECIAL_SIZES = {"13": "daily", "12": "weekly", "14": "monthly"}
EXAMPLES = ((3843650, 4),)  # a real 10x10 of ../shared/data/genres/bridges
ISLANDS = "12345678"
GRAMMAR = "letters a-z, digits 1-8"


def decode(task: Task) -> Bridges:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    cells = characters(task_text(task, task.genre.label), ISLANDS, GRAMMAR)
    width = task.width
    return Bridges(
        tuple(tuple(int(v) if v in ISLANDS else None for v in cells[r * width : (r + 1) * width])
              for r in range(task.height)),
        **task.page,
    )
