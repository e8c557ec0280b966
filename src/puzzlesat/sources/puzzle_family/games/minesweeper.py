"""Minesweeper and Mosaic of puzzle-minesweeper.com: one host, one task grammar (genres.md
section 2): D2, one digit a numbered cell, a letter a-z skipping 1-26 cells, W*H cells in
reading order. Mosaic's pages (`/mosaic-5x5-easy/`, size codes from 13) are told apart by
their script's ident or plugin (`mosaic.13`), or their address. Both pages hash `y`/`n` a
cell after the task, `y` a mine or a shaded cell. No board copy is read: a copy is
refused, asking for the page source."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....kinds.minesweeper import Minesweeper
from ..grammar import characters, task_text

if TYPE_CHECKING:
    from ..genres import Task

# $('#game').minesweeper(, ident: 'minesweeper.9'. Mosaic's pages share the host, and a host
# is one game's in the table: they come here by it or by their own plugin or ident
# ('mosaic.21'), and `is_mosaic` tells them apart whichever script they run. Size codes
# 0-9 are Minesweeper's 5x5 to 20x20, 13-22 Mosaic's (the shared pairs); which codes are
# the dated specials no save shows, so none is offered.
SPECIAL_SIZES: dict[str, str] = {}
EXAMPLES = ((4458648, 9),)  # the 20x20 of ../shared/data/genres/minesweeper/site-pairs.jsonl
MOSAIC = "mosaic"
GRAMMAR = "digits, letters a-z skipping 1-26 cells"


def is_mosaic(task: Task) -> bool:
    """Whether the page is Mosaic's: its script's ident or plugin, or its address, says so."""
    return MOSAIC in task.script_names or f"/{MOSAIC}-" in task.source.lower()


def decode(task: Task) -> Minesweeper:
    """The board a page's task describes (a Mosaic where the page is Mosaic's), with the
    page's title, ID, note and hash."""
    made = Minesweeper
    if is_mosaic(task):
        from ....kinds.mosaic import Mosaic

        made = Mosaic
    digits = "0123456789"[: made.MOST + 1]
    found = characters(task_text(task, made.game()), digits, GRAMMAR)
    numbers = [int(ch) if ch in digits else None for ch in found]
    width = task.width
    return made(tuple(tuple(numbers[r * width : (r + 1) * width]) for r in range(task.height)),
                **task.page)
