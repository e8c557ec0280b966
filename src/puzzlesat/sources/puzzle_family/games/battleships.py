"""Battleships of puzzle-battleships.com: the task is `column counts,row counts;hints`
(genres.md section 2): W then H ship-cell counts between commas, then the hints one
character a cell, `a`-`z` skipping 1-26 cells: `0` water, `1` a one-cell ship, `2` a
middle, `3` a top end, `4` a right end, `5` a bottom end, `6` a left end. The fleet is not
in the task: the kind takes the size's (kinds/battleships.py). No board copy is read
(sites.md documents no Battleships markup): a copy is refused, asking for the page source.
The page's `hashedSolution` goes on with the board: its answer text is `y`/`n` a cell, `y`
a ship cell."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....kinds.battleships import OPEN, Battleships
from ..grammar import characters, numbers, parts, task_text

if TYPE_CHECKING:
    from ..genres import Task

SPECIAL_SIZES: dict[str, str] = {}  # the specials' size codes are not on record
EXAMPLES = ((6865469, 7),)  # the 15x15 of ../shared/data/genres/battleships/site-pairs.jsonl
GRAMMAR = "letters a-z, digits 0-6"
HINTS = "xomnesw"  # the site's digit 0-6 -> the board's hint


def decode(task: Task) -> Battleships:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    text = task_text(task, task.genre.label)
    counts, hints = parts(text, ";", 2)
    width, height = task.width, task.height
    ships = numbers(counts, ",", width + height)
    marks = "".join(OPEN if ch == OPEN else HINTS[int(ch)]
                    for ch in characters(hints, "0123456", GRAMMAR))
    return Battleships(
        tuple(marks[r * width : (r + 1) * width] for r in range(height)),
        tuple(ships[:width]), tuple(ships[width:]),
        **task.page,
    )
