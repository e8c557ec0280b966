"""Shakashaka of puzzle-shakashaka.com: the task is one character a cell (genres.md D2):
`a`-`z` skip 1-26 white cells, `B` is a black cell, `0`-`4` a numbered one, so `12` is two
cells. No board copy is read (sites.md documents no Shakashaka markup): a copy is refused,
asking for the page source. The page's `hashedSolution` goes on with the board, though
what the site hashes for a triangle is not known: no real page has shown it (genres.md
section 2), so site_check says "unknown"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import ParseError
from ...kinds.shakashaka import BLACK, CLUES, Shakashaka
from .genres import task_characters

if TYPE_CHECKING:
    from .genres import Task

SLUG = "shakashaka"  # `shakashaka:1234567@0`
LABEL = "Shakashaka"
HOST = "puzzle-shakashaka.com"
PLUGINS = ("shakashaka",)  # $('#game').shakashaka(, ident: 'shakashaka.0'
SHORTHANDS = ("puzzle-shakashaka",)
# size codes 0-7 are 5x5 to 50x50 (a public scraper's list, genres.md P3); no dated special's
# code is on record, so none is cached by period
SPECIAL_SIZES: dict[str, str] = {}
EXAMPLES = ((1234567, 0),)  # (puzzle ID, size code): the fixture page's, an ID of the 5x5
SYMBOLS = BLACK + CLUES
GRAMMAR = "letters a-z, B, digits 0-4"


def decode(task: Task) -> Shakashaka:
    """The board a page's task describes, with the page's title, ID and note."""
    if task.width <= 0 or task.height <= 0:
        raise ParseError(f"the page gives the board as {task.width}x{task.height}")
    cells = "".join(task_characters(task, LABEL, SYMBOLS, GRAMMAR))
    width = task.width
    return Shakashaka(
        cells=tuple(cells[r * width : (r + 1) * width] for r in range(task.height)),
        source=task.source,
        title=task.title,
        puzzle_id=task.puzzle_id,
        note=task.note,
    )
