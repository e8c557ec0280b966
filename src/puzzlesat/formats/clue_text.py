"""What the plain-text nonogram formats share: a line of block lengths, in words and back."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..core import LazyPattern, ParseError, UnsupportedPuzzle, excerpt, whole_number

if TYPE_CHECKING:
    from ..kinds.nonogram.board import Line

NUMBERS = LazyPattern(r"^[\d\s,]*$")


def fits(clue: Line, length: int) -> bool:
    return sum(clue) + len(clue) - 1 <= length if clue else True


def read_clue(text: str, where: str) -> Line:
    """Block lengths from `3 1 2`, `3,1,2` or `3\t1\t2`; `0` or nothing is an empty line."""
    out = []
    for token in re.split(r"[\s,]+", text.strip()):
        if not token:
            continue
        if not token.isdecimal():  # isdigit() would also take '²', which int() refuses
            if re.fullmatch(r"\d+[A-Za-z]", token):
                raise UnsupportedPuzzle(
                    f"{where}: {excerpt(token)} is a coloured block; "
                    "colour nonograms are not supported yet",
                    hint="pick a black-and-white puzzle for now",
                )
            raise ParseError(f"{where}: {excerpt(token)} is not a block length")
        if length := whole_number(token, f"{where}: a block length"):
            out.append(length)  # a 0 marks an empty line
    return tuple(out)


def write_clue(clue: Line, separator: str) -> str:
    """A clue as its line of a file; `0` for an empty line, which every format reads."""
    return separator.join(map(str, clue)) or "0"


def black_and_white(board, format_name: str) -> None:
    """Refuse to write a colour puzzle in a format that holds black and white alone."""
    if board.is_colour:
        raise UnsupportedPuzzle(
            f"the {format_name} format holds black-and-white nonograms only; this one has "
            f"{len(board.colors)} colours",
            hint="write it as board JSON (`puzzlesat parse`), which keeps its colours",
        )
