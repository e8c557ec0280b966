"""Norinori of puzzle-norinori.com: the task is the region id of every cell, 1-based,
comma-separated, in reading order (genres.md section 2, the grammar of LITS). No board
copy is read (sites.md documents no Norinori markup): a copy is refused, asking for the
page source. The page's `hashedSolution` goes on with the board: its answer text is `y`/`n`
a cell, `y` shaded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....kinds.norinori import Norinori
from ..grammar import region_ids

if TYPE_CHECKING:
    from ..genres import Task

# 0-9 are 6x6 to 20x20 normal/hard (the real pairs: 0-1 6x6, 2-3 8x8, 6-7 15x15, 8-9
# 20x20); the specials are saved as `special`, their size codes unknown: none is guessed
SPECIAL_SIZES: dict[str, str] = {}
EXAMPLES = ((201547, 8),)  # the 20x20 of ../shared/data/genres/norinori/site-pairs.jsonl


def decode(task: Task) -> Norinori:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    return Norinori(region_ids(task, task.genre.label), **task.page)
