"""Thermometers of puzzle-thermometers.com: the task is `counts;thermometer;...` (genres.md
section 2): W column counts then H row counts separated by `_`, then each thermometer
after a `;`, either `5,i1,i2,...` (its cells' indices in reading order, from the bulb) or
`k,L`, a straight one of L cells from the first cell no thermometer before it covers,
rightwards (k = 1 its bulb left, 2 right) or downwards (3 its bulb on top, 4 at the
bottom). No board copy is read: a copy is refused, asking for the page source. The page's
`hashedSolution` goes on with the board: its answer text is `y`/`n` a cell, `y` filled."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import ParseError
from ....kinds.thermometers import Path, Thermometers
from ..grammar import RESAVE, RESAVE_WHOLE, Text, line_counts, numbers, parts, task_text

if TYPE_CHECKING:
    from ..genres import Task

SPECIAL_SIZES: dict[str, str] = {}
EXAMPLES = ((1620433, 7),)  # the 15x15 of ../shared/data/genres/thermometers/site-pairs.jsonl
CELLS, STRAIGHT = 5, {1: (0, 1, False), 2: (0, 1, True), 3: (1, 0, False), 4: (1, 0, True)}


def _fault(text: Text, what: str) -> ParseError:
    return ParseError(f"the {text.label} task {what}; {text.board()}",
                      hint=f"the site's encoding may have changed; {RESAVE}")


def _thermometer(text: Text, covered: set[int]) -> Path:
    """One thermometer's cells from its bulb; `covered` gains them."""
    width, area = text.width, text.area
    head = numbers(text.part(0, text.text.find(",")), "_", 1) if "," in text.text else None
    if head is None or head[0] not in (CELLS, *STRAIGHT):
        raise _fault(text, f"gives the thermometer at offset {text.offset} as {text.text[:12]!r}"
                     f", not `{CELLS},cells...` or `k,length` with k from 1 to 4")
    rest = text.part(text.text.find(",") + 1, len(text.text))
    if head[0] == CELLS:
        indices = numbers(rest, ",", rest.text.count(",") + 1)
    else:
        (length,) = numbers(rest, ",", 1, least=1)
        start = next((i for i in range(area) if i not in covered), area)
        down, right, backwards = STRAIGHT[head[0]]
        indices = [start + k * (down * width + right) for k in range(length)]
        indices = indices[::-1] if backwards else indices
    if any(i >= area or i in covered for i in indices):  # type: ignore[operator]
        raise _fault(text, f"lays the thermometer at offset {text.offset} off the board or "
                     "over another")
    covered.update(indices)  # type: ignore[arg-type]
    return tuple(divmod(i, width) for i in indices)  # type: ignore[misc]


def _ends(text: Text, covered: set[int]) -> ParseError:
    return ParseError(
        f"the {text.label} task ends at offset {text.offset + len(text.text)} with "
        f"{len(covered)} cells on its thermometers; {text.board()}",
        hint=f"the page may be cut off; {RESAVE_WHOLE}")


def decode(task: Task) -> Thermometers:
    """The board a page's task describes, with the page's title, ID, note and hash. Every
    cell of the site's boards is on a thermometer: a task that leaves one free was cut."""
    text = task_text(task, task.genre.label)
    if task.width <= 0 or task.height <= 0:
        raise ParseError(f"the page gives the board as {task.width}x{task.height}")
    counts, rest = parts(text, ";", 2)
    columns, rows = line_counts(counts)
    covered: set[int] = set()
    thermometers, start = [], 0
    while start <= len(rest.text) and len(covered) < text.area:
        end = rest.text.find(";", start)
        end = len(rest.text) if end < 0 else end
        if start == end == len(rest.text):
            break
        thermometers.append(_thermometer(rest.part(start, end), covered))
        start = end + 1
    if len(covered) < text.area:
        raise _ends(text, covered)
    if start <= len(rest.text):
        raise _fault(text, f"runs on past its last cell at offset {rest.offset + start}")
    return Thermometers(columns, rows, tuple(thermometers), **task.page)
