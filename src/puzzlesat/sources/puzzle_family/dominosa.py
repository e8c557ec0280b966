"""Dominosa of puzzle-dominosa.com: the task is one number a cell, in reading order, with no
skips: a digit for 0-9, `[NN]` for a number from 10 (genres.md; Tatham's own grammar). The
board is n+2 wide and n+1 high for the double-n set (Tatham's dominosa.c and the real
double-40 and double-30 tasks of a public decoder agree). No board copy is read (sites.md
documents no Dominosa markup): a copy is refused, asking for the page source. The page's
`hashedSolution` goes on with the board and is checked (the kind's `site_answer`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import ParseError
from ...kinds.dominosa import Dominosa, nearest_set, set_size

if TYPE_CHECKING:
    from .genres import Task

SLUG = "dominosa"  # `dominosa:1234567@0`
LABEL = "Dominosa"
HOST = "puzzle-dominosa.com"
PLUGINS = ("dominosa",)  # $('#game').dominosa(, ident: 'dominosa.0' [I]
SHORTHANDS = ("puzzle-dominosa",)
# size codes of the dated specials (two public fetchers agree: 10 a double-25, 5 a
# double-30, 11 a double-40); the others are the double-3 to double-20 sets
SPECIAL_SIZES = {"10": "daily", "5": "weekly", "11": "monthly"}
# (puzzle ID, size code) of the Site's example URL: no real Dominosa ID is on record, so the
# ID the other games' examples use, at the double-3 size
EXAMPLES = ((9366068, 0),)
GRAMMAR = "digits 0-9, [NN] for a number from 10"
LONGEST = 6  # the digits of a bracketed number worth reading (a double-n set's n)


def _numbers(task: Task, area: int, board: str) -> list[tuple[int, int]]:
    """(offset, number) of every cell in reading order; errors name the offset (from 0) in
    the task and the cells the board has. Reading stops past `area` cells."""
    text = task.task
    out: list[tuple[int, int]] = []
    pos = 0
    while pos < len(text) and len(out) <= area:
        ch = text[pos]
        if "0" <= ch <= "9":
            out.append((pos, int(ch)))
            pos += 1
        elif ch == "[":
            end = pos + 1
            while end < len(text) and "0" <= text[end] <= "9" and end - pos <= LONGEST:
                end += 1
            if end == pos + 1 or end >= len(text) or text[end] != "]":
                raise ParseError(
                    f"the Dominosa task opens '[' at offset {pos} and does not close it after "
                    f"a number ({GRAMMAR}); {board}",
                    hint="the site's encoding may have changed; save the page source (Ctrl-U) "
                    "again",
                )
            out.append((pos, int(text[pos + 1 : end])))
            pos = end + 1
        else:
            raise ParseError(
                f"the Dominosa task holds {ch!r} at offset {pos}, which is not part of its "
                f"grammar ({GRAMMAR}); {board}",
                hint="the site's encoding may have changed; save the page source (Ctrl-U) again",
            )
    return out


def _size(task: Task) -> int:
    """n of the double-n set the page's size holds: W = n+2, H = n+1."""
    width, height = task.width, task.height
    if width <= 0 or height <= 0:
        raise ParseError(f"the page gives the board as {width}x{height}")
    if width != height + 1:
        raise ParseError(
            f"the page gives the Dominosa board as {width}x{height}, which is no double-n set's "
            f"size ({set_size(nearest_set(width * height))})",
            hint="the page may be damaged; save the whole page source again",
        )
    return height - 1


def decode(task: Task) -> Dominosa:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    n = _size(task)
    area = task.width * task.height
    board = f"the {task.width}x{task.height} board has {area} cells"
    cells = _numbers(task, area, board)
    if len(cells) < area:
        raise ParseError(
            f"the Dominosa task ends at offset {len(task.task)} after {len(cells)} cells; "
            f"{board}",
            hint="the page may be cut off; save the whole page source again",
        )
    if len(cells) > area:
        raise ParseError(
            f"the Dominosa task runs past the last cell at offset {cells[area][0]}; {board}",
            hint="the page may be damaged; save the whole page source again",
        )
    high = next(((pos, v) for pos, v in cells if v > n), None)
    if high is not None:
        raise ParseError(
            f"the Dominosa task holds {high[1]} at offset {high[0]}, above {n}: {board}, a "
            f"double-{n} set, numbers 0 to {n}",
            hint="the page may be damaged; save the whole page source again",
        )
    width = task.width
    values = [v for _, v in cells]
    return Dominosa(
        grid=tuple(tuple(values[r * width : (r + 1) * width]) for r in range(task.height)),
        source=task.source,
        title=task.title,
        puzzle_id=task.puzzle_id,
        note=task.note,
        hashed_solution=task.hashed_solution,
    )
