"""Tatham's Pattern (nonograms; pattern.c), `W[xH]:desc`:

The description is W+H clue lines parted by `/`: first the columns left to right (runs top
to bottom), then the rows top to bottom (runs left to right). Within a line `.` parts the
run lengths; an empty line has no black cell. A lone `0` is read as an empty line too (an
older pattern.c took it; the current one refuses it). A clue that cannot fit its line is
refused as Tatham's own reader refuses it. The optional `,squares` suffix pre-fills cells
(letters: lower-case skip then fix a white cell, upper-case a black one, `z` skips 25): it is
checked and then IGNORED, and the board's note says how many cells it fixed. The clues
alone are solved; an answer of the clues that breaks a pre-filled square cannot be told
apart. Written: `WxH:` and empty clue lines left empty, as the generator writes them.
Black-and-white only.
"""

from __future__ import annotations

from ...core import ParseError, whole_number
from ...kinds.nonogram.board import Line, Nonogram
from ..clue_text import black_and_white, fits
from .common import refuse


def _line_name(index: int, width: int) -> str:
    return f"column {index + 1}" if index < width else f"row {index - width + 1}"


def _pattern_clue(text: str, index: int, width: int, height: int) -> Line:
    """One clue line: run lengths parted by '.'; empty or a lone 0 for no black cell."""
    name = _line_name(index, width)
    if text in ("", "0"):
        return ()
    clue = []
    for number in text.split("."):
        if not number.isascii() or not number.isdigit():
            bad = next((ch for ch in number if ch not in "0123456789"), None)
            what = f"unrecognised character {bad!r}" if bad else "an empty number (a '.' too many)"
            raise ParseError(f"Tatham Pattern ID: {what} in the clue of {name}")
        value = whole_number(number, f"Tatham Pattern ID: a clue of {name}")
        if value == 0:
            raise ParseError(f"Tatham Pattern ID: all clues must be positive; {name} holds a 0")
        clue.append(value)
    line = tuple(clue)
    length = height if index < width else width
    if not fits(line, length):
        side = "column" if index < width else "row"
        raise ParseError(
            f"Tatham Pattern ID: at least one {side} contains more numbers than will fit: "
            f"{name}'s clue {text[:40]} needs {sum(line) + len(line) - 1} cells of {length}"
        )
    return line


def _fixed_squares(text: str, area: int) -> int:
    """How many cells the `,squares` suffix fixes (checked as pattern.c checks it)."""
    pos = fixed = 0
    for ch in text:
        if pos >= area:
            raise ParseError("Tatham Pattern ID: too much data in clue-squares section")
        if not ("a" <= ch <= "z" or "A" <= ch <= "Z"):
            raise ParseError(
                f"Tatham Pattern ID: unrecognised character {ch!r} in clue-squares section"
            )
        skip = ord(ch.lower()) - ord("a")
        pos += skip
        if skip < 25 and pos < area:
            fixed += 1
            pos += 1
        if pos > area:
            raise ParseError("Tatham Pattern ID: too much data in clue-squares section")
    if pos < area:
        raise ParseError("Tatham Pattern ID: too little data in clue-squares section")
    return fixed


def read_pattern(width: int, height: int, desc: str, source: str = "") -> Nonogram:
    """A Pattern description (after `WxH:`) as a nonogram; see the module's docstring."""
    main, comma, squares = desc.partition(",")
    count = main.count("/") + 1
    lines = width + height
    if count != lines:
        many = "many" if count > lines else "few"
        raise ParseError(
            f"Tatham Pattern ID: too {many} row/column specifications ({count} clue lines; a "
            f"{width}x{height} puzzle has {width} columns and {height} rows)"
        )
    clues = [_pattern_clue(text, i, width, height) for i, text in enumerate(main.split("/"))]
    note = None
    if comma:
        fixed = _fixed_squares(squares, width * height)
        if fixed:
            note = f"the ID's {fixed} pre-filled square{'s' * (fixed > 1)} ignored"
    return Nonogram(rows=tuple(clues[width:]), cols=tuple(clues[:width]), source=source, note=note)



def write_pattern(board: Nonogram) -> str:
    black_and_white(board, "Tatham Pattern")
    if board.width * board.height < 2:
        raise refuse("Tatham's Pattern needs a grid of at least two squares")
    desc = "/".join(".".join(map(str, clue)) for clue in (*board.cols, *board.rows))
    return f"{board.width}x{board.height}:{desc}\n"

