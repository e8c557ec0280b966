"""Tents of puzzle-tents.com: the task is Tatham's Tents description (tents.c): the trees
as runs, `_` a tree in the next cell, a letter `a`-`y` that many empty cells (1-25) and
then a tree, `z` 25 empty cells, the last tree landing one past the board; then `,` and
the W column counts and the H row counts (genres.md section 2). No board copy is read
(sites.md documents no Tents markup): a copy is refused, asking for the page source. The
page's `hashedSolution` goes on with the board: its answer text is `y`/`n` a cell, `y` a
tent."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import ParseError
from ....kinds.tents import Tents, board_cells, tree_runs
from ..grammar import RESAVE_WHOLE, Text, numbers, parts, task_text

if TYPE_CHECKING:
    from ..genres import Task

# 0-9 are 6x6 to 20x20 easy/hard (the real pairs: 0 6x6, 5 10x10, 6-7 15x15); the specials
# are saved as `special`, their size codes unknown: none is guessed
SPECIAL_SIZES: dict[str, str] = {}
EXAMPLES = ((9804067, 0),)  # the 6x6 of ../shared/data/genres/tents/site-pairs.jsonl
GRAMMAR = "`_` a tree, a-y empty cells then a tree, z 25 empty cells"


def decode(task: Task) -> Tents:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    text = task_text(task, task.genre.label)
    trees, counts = parts(text, ",", 2)
    rows = _trees(trees)
    numbers_ = numbers(counts, ",", task.width + task.height)
    return Tents(tuple(numbers_[: task.width]), tuple(numbers_[task.width :]), rows,  # type: ignore[arg-type]
                 **task.page)


def _trees(text: Text) -> tuple[str, ...]:
    """The rows of cells the runs describe; a fault names its offset."""
    cells, pos = tree_runs(text.text, text.area)
    if pos < len(text.text) and len(cells) <= text.area + 1:
        raise text.fault(pos, "", GRAMMAR)
    rows = board_cells(cells, text.width, text.height)
    if rows is None:
        where = "end" if len(cells) < text.area else "run past the last cell"
        raise ParseError(
            f"the {text.label} task's trees {where} at offset {text.offset + pos} after "
            f"{len(cells)} cells; {text.board()}, and the last tree lands one past them",
            hint=f"the page may be damaged or cut off; {RESAVE_WHOLE}")
    return rows
