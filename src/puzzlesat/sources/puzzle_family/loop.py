"""Loop (Slitherlink) of puzzle-loop.com: the task is one character a cell (genres.md D2):
`a`-`z` skip 1-26 cells without a clue, `0`-`3` a clue, so `12` is two cells. No board
copy is read (sites.md documents no markup a copy keeps the clues in): a copy is refused,
asking for the page source. The page's `hashedSolution` goes on with the board (its form
is not known for loop games: the check says unknown)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import ParseError
from ...kinds.slitherlink.board import CLUES, Slitherlink
from ...letter_runs import EMPTY, read_chars

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
