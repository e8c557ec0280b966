"""Skyscrapers of puzzle-skyscrapers.com: the task is `clues,givens` (genres.md section 2):
4n clues separated by `/`, blank where a side has none, in the order top (left to right),
bottom, left (top to bottom), right; then D1 givens (a letter skips 1-26 cells, a digit
run is one height). No board copy is read: a copy is refused, asking for the page source."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import ParseError
from ....kinds.skyscrapers import SIDES, Skyscrapers
from ..grammar import digit_runs, numbers, parts, task_text

if TYPE_CHECKING:
    from ..genres import Task

SPECIAL_SIZES: dict[str, str] = {}
EXAMPLES = ((5835434, 8),)  # a real 6x6 of ../shared/data/genres/skyscrapers


def decode(task: Task) -> Skyscrapers:
    """The board a page's task describes, with the page's title, ID, note and hash."""
    n = task.width
    if n <= 0 or n != task.height:
        raise ParseError(f"the page gives the board as {task.width}x{task.height}, not a square")
    clues_text, givens_text = parts(task_text(task, task.genre.label), ",", 2)
    clues = numbers(clues_text, "/", 4 * n, blank=True, least=1)
    givens = digit_runs(givens_text)
    sides = {side: tuple(clues[k * n : (k + 1) * n]) for k, side in enumerate(SIDES)}
    return Skyscrapers(
        tuple(tuple(givens[r * n : (r + 1) * n]) for r in range(n)), **sides, **task.page,
    )
