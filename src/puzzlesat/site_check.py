"""The site's own check: an answer compared with the `hashedSolution` of its puzzle-*.com page.

The page hashes its answer as md5(task + the answer's text), each game's text confirmed on
real pairs (genres.md section 2): one `y`/`n` a cell in reading order for the games that
shade or mark cells, a `y`/`n` an edge or wall for the loops and Shikaku, the digits for
Sudoku and Binairo, a letter a cell for Dominosa. A kind that knows its game's text says so
with `Kind.site_answer(board, answer)` (its board.py); a board that came from such a page
carries the page's `hashed_solution` and `site_task`. Where either is missing the check is
"unknown": nothing is guessed (Shakashaka, whose text no real page has shown).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

MATCH, MISMATCH, UNKNOWN = "match", "mismatch", "unknown"


def yes_no(*grids: Iterable[Iterable[Any]]) -> str:
    """One `y` (a true or non-zero cell: a bulb, a star, a filled cell, an edge of the loop,
    a wall) or `n` a cell, row by row, one grid after the other: the answer's text for the
    games that mark cells, and for those that mark edges or walls (two grids, the site's
    order first)."""
    return "".join("y" if cell else "n" for rows in grids for row in rows for cell in row)


def hashed(task: str, answer_text: str) -> str:
    """The page's hash of an answer: md5 of the task followed by the answer's text."""
    import hashlib  # only a board from a family page with a hash is ever checked

    return hashlib.md5((task + answer_text).encode()).hexdigest()


def answer_text(board: Any, solutions: Sequence[Any], site_answer: Any) -> str | None:
    """The text a page hashes for the first of `solutions` (`solve --json`'s `site_answer`),
    or None where there is none, no page to compare with (the board has no `site_task`: the
    text would be no site's), or the kind does not know its game's form."""
    if not solutions or site_answer is None or getattr(board, "site_task", None) is None:
        return None
    return site_answer(board, solutions[0])


def check(board: Any, solutions: Sequence[Any], site_answer: Any) -> str:
    """Whether an answer found is the site's: "match" when one of `solutions` hashes to the
    page's `hashed_solution`, "mismatch" when none does, "unknown" when the board has no
    hash, no answer was found, or its kind does not know its game's hashed form (for this
    board: `site_answer` gives None)."""
    expected = getattr(board, "hashed_solution", None)
    task = getattr(board, "site_task", None)
    if not (expected and task is not None and solutions and site_answer is not None):
        return UNKNOWN
    texts = [site_answer(board, answer) for answer in solutions]
    if None in texts:  # the game's form is not known for this board (an 11x11 Renzoku)
        return UNKNOWN
    found = {hashed(task, text) for text in texts}
    return MATCH if expected.lower() in found else MISMATCH
