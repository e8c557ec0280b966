"""Stitches of puzzle-stitches.com: the task is the holes of each column then of each row,
`_`-separated, then `;` and the region id of every cell, 1-based, comma-separated, in
reading order (genres.md section 2). The stitches joining two neighbouring regions (k)
are not in the task: they follow the size code where the saves show it (`STITCHES`; 3 at
code 15), else the counts fix them (the kind's `stitches_of`). No board copy is read
(sites.md documents no Stitches markup): a copy is refused, asking for the page source.
The page's `hashedSolution` goes on with the board: its answer text is `y`/`n` a cell for
a stitch to the right, then `y`/`n` a cell for a stitch down."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....kinds.stitches import Stitches
from ..grammar import numbers, parts, task_text

if TYPE_CHECKING:
    from ..genres import Task

# the specials' saves say `ident: 'stitches.special'`: their size codes are not on record
SPECIAL_SIZES: dict[str, str] = {}
EXAMPLES = ((5138294, 15),)  # the 15x15 3÷ of ../shared/data/genres/stitches/site-pairs.jsonl
# k by size code, as the real saves' counts give it (genres.md: 3 at code 15); the specials
# (k 1 to 4 in the saves) and any other code: from the counts
STITCHES = {0: 1, 2: 1, 4: 2, 5: 2, 6: 1, 7: 1, 12: 1, 14: 2, 15: 3}


def decode(task: Task) -> Stitches:
    """The board a page's task describes, with k where its size code gives it, and the
    page's title, ID, note and hash."""
    counts, ids = parts(task_text(task, task.genre.label), ";", 2)
    width, height = task.width, task.height
    lines = numbers(counts, "_", width + height)
    cells = numbers(ids, ",", ids.area, least=1)
    return Stitches(
        regions=tuple(tuple(cells[r * width : (r + 1) * width]) for r in range(height)),
        columns=tuple(lines[:width]),  # type: ignore[arg-type]
        rows=tuple(lines[width:]),  # type: ignore[arg-type]
        stitches=STITCHES.get(task.size) if task.size is not None else None,
        **task.page,
    )
