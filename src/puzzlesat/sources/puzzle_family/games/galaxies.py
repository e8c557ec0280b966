"""Galaxies of puzzle-galaxies.com: the task walks the half grid (genres.md section 2), the
(2H-1) x (2W-1) positions of cells, edges and corners in reading order: a letter `a`-`y`
skips that many positions (`a` none) and puts a centre on the next, `z` skips 25 and puts
none; the positions after the last centre may be left out. No board copy is read (sites.md
documents no Galaxies markup): a copy is refused, asking for the page source. The page's
`hashedSolution` goes on with the board: its answer text is the walls between galaxies."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....kinds.galaxies import DOT, EMPTY, Galaxies
from ..grammar import Text, task_text

if TYPE_CHECKING:
    from ..genres import Task

SPECIAL_SIZES: dict[str, str] = {}  # no dated special seen in the real saves
EXAMPLES = ((6670027, 5),)  # a real 10x10 of ../shared/data/genres/galaxies
GRAMMAR = "letters a-z: a-y skip that many positions and put a centre, z skips 25"
OPEN_ENDED = True  # a task may stop at its last centre: one cut short reads as another
SKIP_ALONE = "z"


def half_grid(text: Text) -> list[str]:
    """Each half-grid position: DOT a centre, EMPTY none; a task that runs past the last
    position is refused at the offset where it does."""
    positions = (2 * text.width - 1) * (2 * text.height - 1)
    out: list[str] = []
    for pos, ch in enumerate(text.text):
        if not ("a" <= ch <= "z"):
            raise text.fault(pos, "", GRAMMAR)
        out += [EMPTY] * (ord(ch) - ord("a"))
        if ch != SKIP_ALONE:
            out.append(DOT)
        if len(out) > positions:
            raise text.fault(pos, f"past the last of {positions} positions", GRAMMAR)
    return out + [EMPTY] * (positions - len(out))


def decode(task: Task) -> Galaxies:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    row = 2 * task.width - 1
    dots = "".join(half_grid(task_text(task, task.genre.label)))
    return Galaxies(tuple(dots[i * row : (i + 1) * row] for i in range(2 * task.height - 1)),
                    **task.page)
