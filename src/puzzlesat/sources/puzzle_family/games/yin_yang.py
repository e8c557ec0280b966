"""Yin-Yang of puzzle-yin-yang.com: the task is one character a cell (genres.md section 2):
`W` a white circle, `B` a black one, `a`-`z` skip 1-26 open cells. No board copy is read
(sites.md documents no Yin-Yang markup): a copy is refused, asking for the page source. The
page's `hashedSolution` goes on with the board: its answer text is a digit a cell, `0`
white, `1` black."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....kinds.yin_yang import BLACK, WHITE, YinYang
from ..grammar import characters, task_text

if TYPE_CHECKING:
    from ..genres import Task

# the real saves: 1 is 6x6, 3 and 5 10x10, 7 and 8 15x15, 9-11 20x20, 12 and 13 25x25;
# which of the 25x25 codes is daily, weekly or monthly is not known, so none is said
SPECIAL_SIZES: dict[str, str] = {}
EXAMPLES = ((3057766, 11),)  # the 20x20 of ../shared/data/genres/yin-yang/site-pairs.jsonl
GRAMMAR = "letters a-z, W and B"


def decode(task: Task) -> YinYang:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    cells = "".join(characters(task_text(task, task.genre.label), WHITE + BLACK, GRAMMAR))
    width = task.width
    return YinYang(
        tuple(cells[r * width : (r + 1) * width] for r in range(task.height)),
        **task.page,
    )
