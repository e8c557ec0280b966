"""Loop (Slitherlink) of puzzle-loop.com: the task is one character a cell (genres.md D2):
`a`-`z` skip 1-26 cells without a clue, `0`-`3` a clue, so `12` is two cells. A devtools
copy of the board is read as sites.md 3f describes it: `div.loop-task-cell`s placed by
their `top`/`left` style, a clue the cell's text. The page's `hashedSolution` goes on with
the board (its form is not known for loop games: the check says unknown)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...core import Page, ParseError
from ...kinds.slitherlink.board import CLUES, Slitherlink
from ...letter_runs import EMPTY, read_chars
from ..markup import soup_of
from .board_copy import cell_grid

if TYPE_CHECKING:
    from .genres import Task

SLUG = "loop"  # `loop:1012753@4`, the `ident` slug of puzzle-loop.com
LABEL = "Loop (Slitherlink)"
HOST = "puzzle-loop.com"
PLUGINS = ("loop", "slitherlink")
SHORTHANDS = ("slitherlink", "puzzle-loop")
# the size codes of the real tasks (../shared/data/genres/loop): 0-3 5x5 to 20x20 normal,
# 4-7 the same hard, 8/9 25x30 normal/hard, 10/11 7x7 normal/hard; the specials' codes are
# not on record, so none is declared (such a puzzle is cached as any other)
SPECIAL_SIZES: dict[str, str] = {}
EXAMPLES = ((1012753, 4),)  # a real 5x5 hard of the shared data
GRAMMAR = "letters a-z, digits 0-3"
LOOP_CELL = re.compile(r"\bclass\s*=\s*[\"'][^\"']*(?<![\w-])loop-task-cell(?![\w-])", re.I)


def _cells(task: Task) -> list[str]:
    """Row-major cells of the task, each EMPTY or a digit; errors name the offset (from
    0) in the task and the cells the board has."""
    text, area = task.task, task.width * task.height
    board = f"a {task.width}x{task.height} board has {area} cells"

    def bad(pos: int) -> ParseError:
        return ParseError(
            f"the Slitherlink task holds {text[pos]!r} at offset {pos}, which is not part of "
            f"its grammar ({GRAMMAR}); {board}",
            hint="the site's encoding may have changed; save the page source (Ctrl-U) again",
        )

    cells, pos = read_chars(text, area, CLUES, bad)
    if len(cells) < area:
        raise ParseError(
            f"the Slitherlink task ends at offset {len(text)} after {len(cells)} cells; {board}",
            hint="the page may be cut off; save the whole page source again",
        )
    if len(cells) > area:
        raise ParseError(
            f"the Slitherlink task runs past the last cell at offset {pos - 1}; {board}",
            hint="the page may be damaged; save the whole page source again",
        )
    return cells


def decode(task: Task) -> Slitherlink:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    if task.width <= 0 or task.height <= 0:
        raise ParseError(f"the page gives the board as {task.width}x{task.height}")
    cells = [None if ch == EMPTY else int(ch) for ch in _cells(task)]
    width = task.width
    return Slitherlink(
        grid=tuple(tuple(cells[r * width : (r + 1) * width]) for r in range(task.height)),
        source=task.source,
        title=task.title,
        puzzle_id=task.puzzle_id,
        note=task.note,
        hashed_solution=task.hashed_solution,
    )


def claims_copy(text: str) -> bool:
    """A board copy of `div.loop-task-cell`s (sites.md 3f). The plain find first: every
    text a copy might be is asked, and most never name the class."""
    return "loop-task-cell" in text.lower() and LOOP_CELL.search(text) is not None


def read_copy(page: Page) -> Slitherlink:
    """The board of a devtools copy: cells placed by position, a clue 0-3 or nothing."""
    rows = cell_grid(soup_of(page.text).find_all("div", class_="loop-task-cell"),
                     "div.loop-task-cell")
    grid = []
    for r, row in enumerate(rows, 1):
        clues: list[int | None] = []
        for c, cell in enumerate(row, 1):
            text = cell.get_text().strip()
            if text and text not in CLUES:
                raise ParseError(f"the board copy's cell at row {r}, column {c} holds "
                                 f"{text[:10]!r}, not a clue 0-3")
            clues.append(int(text) if text else None)
        grid.append(tuple(clues))
    return Slitherlink(grid=tuple(grid), source=page.source)
