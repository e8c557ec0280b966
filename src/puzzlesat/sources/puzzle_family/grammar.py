"""The task grammars of the family's games (genres.md section 2), each read by one small
function with one set of messages, every fault naming its offset in the whole task and
the cells the board has.

A game's `decode` reads its task as a `Text` (the task, the game's label and its board's
size), splits it into `parts` where the grammar has several (`givens;cage ids;sums`,
`givens|marks`, `counts,hints`), and reads each part with the reader its grammar names:

* `digit_runs`: D1, a letter skips 1-26 cells, a maximal digit run is one number in one
  cell, `_` only separates two numbers (Shikaku, Sudoku, Nurikabe); `marked_runs` the
  same with characters that are a cell each (Kakuro's `B`, a black cell without a sum);
* `digit_lists`: Tapa's D1, a digit run is one cell's list of one-digit clues;
* `characters`: D2, a letter skips 1-26 cells, every other character of the game is one
  cell (Light Up, Masyu, Binairo, Bridges, Minesweeper, ...);
* `marked_numbers`: D2 where a cell is a mark and its number (Shingoki's `W3`, `B12`);
* `symbols`: one character a cell from a table, no skips (Hitori's base 36, Pipes' hex);
* `numbers`: numbers between separators (comma region ids, `_` or `/` counts), blanks
  allowed where the grammar has them (Skyscrapers' clues);
* `line_counts`: `_`-separated counts of the columns, then of the rows (Thermometers,
  Aquarium, Stitches).

Every reader stops once it has read more than the board holds, so an overlong task costs
no more than its board.
"""

from __future__ import annotations

from typing import NamedTuple

from ...core import MAX_DIGITS, ParseError
from ...letter_runs import EMPTY

RESAVE = "save the page source (Ctrl-U) again"
RESAVE_WHOLE = "save the whole page source (Ctrl-U) again"  # where part of it is missing
BASE_36 = "0123456789abcdefghijklmnopqrstuvwxyz"
HEX = "0123456789abcdef"


class Text(NamedTuple):
    """A task, or one part of it: its text, where it starts in the whole task, the game's
    label and the board's size, for the messages."""

    text: str
    label: str
    width: int
    height: int
    offset: int = 0

    @property
    def area(self) -> int:
        return self.width * self.height

    def part(self, start: int, end: int) -> Text:
        return self._replace(text=self.text[start:end], offset=self.offset + start)

    def fault(self, pos: int, what: str, grammar: str) -> ParseError:
        """The character at `pos` (of this part) does not belong."""
        return ParseError(
            f"the {self.label} task holds {self.text[pos]!r} at offset {self.offset + pos}, "
            f"which is not part of its grammar ({grammar}); {self.board()}"
            + (f" ({what})" if what else ""),
            hint=f"the site's encoding may have changed; {RESAVE}",
        )

    def board(self) -> str:
        return f"a {self.width}x{self.height} board has {self.area} cells"

    def counted(self, cells: list, pos: int, area: int | None = None) -> list:
        """`cells`, if the part described exactly `area` (default: the board's) of them."""
        area = self.area if area is None else area
        if len(cells) < area:
            raise ParseError(
                f"the {self.label} task ends at offset {self.offset + len(self.text)} after "
                f"{len(cells)} cells; {self.board()}",
                hint=f"the page may be cut off; {RESAVE_WHOLE}",
            )
        if len(cells) > area:
            raise ParseError(
                f"the {self.label} task runs past the last cell at offset "
                f"{self.offset + pos - 1}; {self.board()}",
                hint=f"the page may be damaged; {RESAVE_WHOLE}",
            )
        return cells


def task_text(task: object, label: str) -> Text:
    """The Text of a page's Task (its task, width and height)."""
    return Text(task.task, label, task.width, task.height)  # type: ignore[attr-defined]


def parts(text: Text, separator: str, count: int) -> list[Text]:
    """The `count` parts of `text` between `separator`s (the last may hold more of them
    only if count is 1); a task with fewer or more is refused at the offset it ends or
    where the extra part starts."""
    pieces, start = [], 0
    for _ in range(count - 1):
        end = text.text.find(separator, start)
        if end < 0:
            raise ParseError(
                f"the {text.label} task has {len(pieces) + 1} part(s) where its grammar has "
                f"{count}, separated by {separator!r}: it ends at offset "
                f"{text.offset + len(text.text)}",
                hint=f"the page may be cut off; {RESAVE_WHOLE}",
            )
        pieces.append(text.part(start, end))
        start = end + 1
    pieces.append(text.part(start, len(text.text)))
    return pieces


def characters(text: Text, symbols: str, grammar: str, area: int | None = None) -> list[str]:
    """D2: row-major cells, EMPTY where a letter skipped it, else the game's character."""
    area = text.area if area is None else area
    cells: list[str] = []
    pos = 0
    while pos < len(text.text) and len(cells) <= area:
        ch = text.text[pos]
        if "a" <= ch <= "z":
            cells.extend(EMPTY * (ord(ch) - 96))
        elif ch in symbols:
            cells.append(ch)
        else:
            raise text.fault(pos, "", grammar)
        pos += 1
    return text.counted(cells, pos, area)


def marked_numbers(text: Text, marks: str, grammar: str,
                   area: int | None = None) -> list[tuple[str, int | None] | None]:
    """D2 with numbers: a letter a-z skips 1-26 cells (None each), a mark (`W`, `B`) is a
    cell, the digits after it its number (Shingoki's `W3`, `B12`; None where it has none)."""
    area = text.area if area is None else area
    cells: list[tuple[str, int | None] | None] = []
    pos, task = 0, text.text
    while pos < len(task) and len(cells) <= area:
        ch = task[pos]
        if "a" <= ch <= "z":
            cells.extend([None] * (ord(ch) - 96))
            pos += 1
            continue
        if ch not in marks:
            raise text.fault(pos, "", grammar)
        end = pos + 1
        while end < len(task) and task[end].isascii() and task[end].isdigit():
            end += 1
        digits = task[pos + 1 : end]
        cells.append((ch, _number(text, (pos + 1, digits), False) if digits else None))
        pos = end
    return text.counted(cells, pos, area)


def digit_runs(text: Text, area: int | None = None, zero: bool = False) -> list[int | None]:
    """D1: row-major cells, None where a letter skipped it, else its number (0 refused
    unless `zero`: a 0 is no clue in most games)."""
    return [None if run is None else _number(text, run, zero) for run in _runs(text, area)]


def marked_runs(text: Text, marks: str, area: int | None = None) -> list[int | str | None]:
    """D1 with marks: as `digit_runs` (0 allowed), and each character of `marks` a cell of
    its own, which a `_` may follow as it follows a number (Kakuro's `B_17`)."""
    return [None if run is None else run[1] if run[1] in marks else _number(text, run, True)
            for run in _runs(text, area, marks)]


def digit_lists(text: Text, area: int | None = None) -> list[tuple[int, ...] | None]:
    """Tapa's D1: row-major cells, None where skipped, else the cell's one-digit clues."""
    return [None if run is None else tuple(map(int, run[1])) for run in _runs(text, area)]


def _runs(text: Text, area: int | None, marks: str = "") -> list[tuple[int, str] | None]:
    """(offset, digits) of each numbered cell, (offset, mark) of each marked one and None
    for each skipped one."""
    area = text.area if area is None else area
    cells: list[tuple[int, str] | None] = []
    pos, task = 0, text.text
    while pos < len(task) and len(cells) <= area:
        ch = task[pos]
        if "a" <= ch <= "z":
            cells.extend([None] * (ord(ch) - 96))
            pos += 1
        elif ch.isdigit() and ch.isascii():
            end = pos
            while end < len(task) and task[end].isdigit() and task[end].isascii():
                end += 1
            cells.append((pos, task[pos:end]))
            pos = end
        elif ch in marks:
            cells.append((pos, ch))
            pos += 1
        elif ch == "_" and pos and (task[pos - 1].isdigit() or task[pos - 1] in marks):
            pos += 1
        else:
            marked = "".join(f", {mark!r}" for mark in marks)
            raise text.fault(pos, "", f"letters a-z, numbers{marked}, '_' between two numbers")
    return text.counted(cells, pos, area)


def _number(text: Text, run: tuple[int, str], zero: bool) -> int:
    pos, digits = run
    if len(digits) > MAX_DIGITS:
        raise text.fault(pos, f"a number of {len(digits)} digits", "numbers")
    value = int(digits)
    if value == 0 and not zero:
        raise text.fault(pos, "a 0 is no clue", "letters a-z, numbers from 1")
    return value


def symbols(text: Text, table: str, grammar: str, area: int | None = None) -> list[int]:
    """One character a cell, no skips: each its place in `table` (BASE_36: `a` = 10)."""
    area = text.area if area is None else area
    values = []
    for pos, ch in enumerate(text.text[: area + 1]):
        value = table.find(ch)
        if value < 0:
            raise text.fault(pos, "", grammar)
        values.append(value)
    return text.counted(values, min(len(text.text), area + 1), area)


def numbers(
    text: Text, separator: str, count: int, blank: bool = False, least: int = 0
) -> list[int | None]:
    """`count` whole numbers from `least` between `separator`s (comma region ids, `_` or `/`
    counts); a blank one is None where `blank`, else refused."""
    values: list[int | None] = []
    start = 0
    for piece in text.text.split(separator, count):
        if len(values) == count:
            raise ParseError(
                f"the {text.label} task has more than {count} numbers at offset "
                f"{text.offset + start - 1}; {text.board()}",
                hint=f"the page may be damaged; {RESAVE_WHOLE}",
            )
        values.append(_whole(text, piece, start, blank, least))
        start += len(piece) + 1
    if len(values) < count:
        raise ParseError(
            f"the {text.label} task ends at offset {text.offset + len(text.text)} after "
            f"{len(values)} of its {count} numbers; {text.board()}",
            hint=f"the page may be cut off; {RESAVE_WHOLE}",
        )
    return values


def _whole(text: Text, piece: str, start: int, blank: bool, least: int) -> int | None:
    if piece == "" and blank:
        return None
    if piece.isascii() and piece.isdigit() and len(piece) <= MAX_DIGITS and int(piece) >= least:
        return int(piece)
    raise ParseError(
        f"the {text.label} task holds {piece[:12]!r} at offset {text.offset + start} where a "
        f"number from {least} belongs; {text.board()}",
        hint=f"the site's encoding may have changed; {RESAVE}",
    )


def line_counts(text: Text) -> tuple[tuple[int | None, ...], tuple[int | None, ...]]:
    """(columns, rows): W then H counts separated by `_` (a blank one: no count)."""
    values = numbers(text, "_", text.width + text.height, blank=True)
    return tuple(values[: text.width]), tuple(values[text.width :])


def region_ids(task: object, label: str) -> tuple[tuple[int, ...], ...]:
    """A task of comma region ids from 1, one a cell in reading order (LITS, Norinori), as
    rows of the board's width."""
    text = task_text(task, label)
    ids = numbers(text, ",", text.area, least=1)
    return tuple(tuple(ids[r * text.width : (r + 1) * text.width])  # type: ignore[misc]
                 for r in range(text.height))
