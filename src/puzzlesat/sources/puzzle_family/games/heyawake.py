"""Heyawake of puzzle-heyawake.com: the task is its rooms, `;`-separated, each
`number,width,height` (`b` for a room without a number), placed in turn at the first cell
in reading order that no room holds yet (genres.md section 2). No board copy is read
(sites.md documents no Heyawake markup): a copy is refused, asking for the page source. The
page's `hashedSolution` goes on with the board: its answer text is `y`/`n` a cell, `y`
shaded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import ParseError
from ....kinds.heyawake import Heyawake
from ..grammar import RESAVE, Text, numbers, task_text

if TYPE_CHECKING:
    from ..genres import Task

# the pairs' size codes: 0-14 are 6x6 to 20x20, the daily is `special` (25x25)
SPECIAL_SIZES = {"15": "daily", "16": "weekly", "17": "monthly"}
EXAMPLES = ((6487682, 14),)  # the 20x20 of ../shared/data/genres/heyawake/site-pairs.jsonl


def _room(text: Text) -> tuple[int | None, int, int]:
    """(number or None, width, height) of one room's `n,w,h` or `b,w,h`."""
    if text.text.startswith("b,"):
        width, height = numbers(text.part(2, len(text.text)), ",", 2, least=1)
        return None, width, height  # type: ignore[return-value]
    k, width, height = numbers(text, ",", 3)
    if not width or not height:
        raise ParseError(f"the {text.label} task gives a room no cells at offset "
                         f"{text.offset}; {text.board()}",
                         hint=f"the page may be damaged; {RESAVE}")
    return k, width, height  # type: ignore[return-value]


def rooms(text: Text) -> tuple[list[list[int]], list[list[int | None]]]:
    """Room ids (1-based) and numbers of every cell, each room at the first free cell."""
    ids = [[0] * text.width for _ in range(text.height)]
    clues: list[list[int | None]] = [[None] * text.width for _ in range(text.height)]
    free, start = 0, 0
    for i, piece in enumerate(text.text.split(";"), 1):
        part = text.part(start, start + len(piece))
        start += len(piece) + 1
        while free < text.area and ids[free // text.width][free % text.width]:
            free += 1
        if free == text.area:
            raise ParseError(f"the {text.label} task runs past the last cell at offset "
                             f"{part.offset}; {text.board()}",
                             hint=f"the page may be damaged; {RESAVE}")
        k, width, height = _room(part)
        top, left = divmod(free, text.width)
        inside = [(r, c) for r in range(top, top + height) for c in range(left, left + width)]
        if top + height > text.height or left + width > text.width or any(
                ids[r][c] for r, c in inside):
            raise ParseError(f"the {text.label} task's room at offset {part.offset} does not "
                             f"fit at row {top + 1}, column {left + 1}; {text.board()}",
                             hint=f"the page may be damaged; {RESAVE}")
        for r, c in inside:
            ids[r][c] = i
        clues[top][left] = k
    left_over = sum(row.count(0) for row in ids)
    if left_over:
        raise ParseError(f"the {text.label} task ends at offset {text.offset + len(text.text)} "
                         f"with {left_over} cells in no room; {text.board()}",
                         hint=f"the page may be cut off; {RESAVE}")
    return ids, clues


def decode(task: Task) -> Heyawake:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    ids, clues = rooms(task_text(task, task.genre.label))
    return Heyawake(tuple(map(tuple, ids)), tuple(map(tuple, clues)),
                    **task.page)
