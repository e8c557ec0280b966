"""Nonograms of puzzle-nonograms.com: the task is the clue lines, `/` between lines and `.`
between the numbers of a line, columns first; a board copy is the clue areas `#taskTop` /
`#taskLeft` > `.task-group` > `.task-cell`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import LazyPattern, Page, ParseError, whole_number
from ....kinds.nonogram.board import Nonogram
from ...markup import soup_of

if TYPE_CHECKING:
    from ..genres import Task

SPECIAL_SIZES = {"6": "daily", "5": "weekly", "7": "monthly"}
EXAMPLES: tuple[tuple[int, int], ...] = ()

NUMBER = LazyPattern(r"[0-9]+")


def _clue_line(numbers: list[str], what: str) -> tuple[int, ...]:
    """One nonogram line from its numbers as text; a lone `0` (or nothing) is an empty line."""
    if not numbers or numbers == ["0"]:
        return ()
    line = []
    for text in numbers:
        if NUMBER.fullmatch(text) is None:
            shown = repr(text[:10]) if text else "an empty number (a '.' too many)"
            raise ParseError(f"{what} of the clues holds {shown}, not a number")
        value = whole_number(text, f"a clue of {what}")
        if value == 0:
            raise ParseError(f"{what} of the clues has a 0 beside other numbers: {numbers[:8]}")
        line.append(value)
    return tuple(line)


def _line_name(index: int, width: int) -> str:
    return f"column {index + 1}" if index < width else f"row {index - width + 1}"


def decode(task: Task) -> Nonogram:
    """puzzle-nonograms.com's task: `/` between lines, `.` between the numbers of a line;
    the first `puzzleWidth` lines are the columns (top to bottom), then the rows."""
    width, height = task.width, task.height
    groups = task.task.count("/") + 1
    if groups != width + height:
        raise ParseError(
            f"the Nonograms task has {groups} clue lines but the board is {width}x{height}, "
            f"which has {width} columns and {height} rows",
            hint="the page may be cut off; save the whole page source again",
        )
    lines = [
        _clue_line(group.split(".") if group else [], _line_name(i, width))
        for i, group in enumerate(task.task.split("/"))
    ]
    return Nonogram(
        rows=tuple(lines[width:]),
        cols=tuple(lines[:width]),
        **task.page,
    )


TASK_TOP = LazyPattern(r"\bid\s*=\s*[\"']taskTop[\"']")
TASK_LEFT = LazyPattern(r"\bid\s*=\s*[\"']taskLeft[\"']")


def claims_copy(text: str) -> bool:
    """A devtools copy of puzzle-nonograms.com's clue areas (#taskTop, #taskLeft): either
    area claims it, so that a copy missing the other is told which one it misses."""
    return "task-group" in text and (
        TASK_TOP.search(text) is not None or TASK_LEFT.search(text) is not None
    )


def _clue_groups(area, what: str) -> list[tuple[int, ...]]:
    groups = area.find_all("div", class_="task-group")
    if not groups:
        raise ParseError(f"the {what} clues (#{area.get('id')}) hold no div.task-group")
    if any(group.find("div", class_="task-group") for group in groups):  # read twice
        raise ParseError(f"a div.task-group of the {what} clues holds another one")
    lines = []
    for i, group in enumerate(groups, 1):
        cells = group.find_all("div", class_="task-cell")
        if any(cell.find("div", class_="task-cell") for cell in cells):
            raise ParseError(f"a div.task-cell of the {what} clues holds another one")
        numbers = [text for cell in cells if (text := cell.get_text().strip())]
        lines.append(_clue_line(numbers, f"{what} {i}"))
    return lines


def read_copy(page: Page) -> Nonogram:
    """A Nonogram from the devtools copy of puzzle-nonograms.com's clue areas: #taskTop holds
    a div.task-group per column, #taskLeft one per row, each numbered div.task-cells."""
    soup = soup_of(page.text)
    lines = {}
    for area_id, what in (("taskTop", "column"), ("taskLeft", "row")):
        area = soup.find(id=area_id)
        if area is None:
            raise ParseError(
                f"the board copy has no #{area_id} (the {what} clues)",
                hint="copy the outerHTML of the whole puzzle (div#game) from the developer tools",
            )
        lines[what] = _clue_groups(area, what)
    return Nonogram(rows=tuple(lines["row"]), cols=tuple(lines["column"]), source=page.source)
