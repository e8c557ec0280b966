"""Masyu of puzzle-masyu.com: the task is one character a cell (genres.md D2): `a`-`z` skip
1-26 empty cells, `W` is a white circle, `B` a black one, on the W x H cell grid. No board
copy is read (sites.md documents no Masyu markup): a copy is refused, asking for the page
source. The page's `hashedSolution` goes on with the board: the kind's `site_answer` (y/n
per edge between cell centres) is what the page hashes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import ParseError
from ...kinds.masyu import CIRCLES, Masyu
from .genres import task_characters

if TYPE_CHECKING:
    from .genres import Task

SLUG = "masyu"  # `masyu:6813781@0`
LABEL = "Masyu"
HOST = "puzzle-masyu.com"
PLUGINS = ("masyu",)  # $('#game').masyu(, ident: 'masyu.0'
SHORTHANDS = ("puzzle-masyu",)
# size codes drift (sites.md 3a): 0 is 6x6, 1-12 are 8x8 to 20x20 easy/medium/hard; the
# dated specials are 13/14/15 (30x30, 35x35, 40x40) on the site of 2026 ([I])
SPECIAL_SIZES = {"13": "daily", "14": "weekly", "15": "monthly"}
EXAMPLES = ((1044580, 0),)  # a real 6x6 easy of ../shared/data/genres/masyu
GRAMMAR = "letters a-z, W, B"


def decode(task: Task) -> Masyu:
    """The board a page's task describes, with the page's title, ID and note."""
    if task.width <= 0 or task.height <= 0:
        raise ParseError(f"the page gives the board as {task.width}x{task.height}")
    cells = "".join(task_characters(task, LABEL, CIRCLES, GRAMMAR))
    width = task.width
    return Masyu(
        cells=tuple(cells[r * width : (r + 1) * width] for r in range(task.height)),
        source=task.source,
        title=task.title,
        puzzle_id=task.puzzle_id,
        note=task.note,
    )
