"""What every kind's drawing shares: the style it is asked to draw in, and what it gives back.

Pictures are built from glyphs, so they read the same under NO_COLOR: colour only adds.
A drawing is never cropped: its lines are as long as the puzzle needs, and the caller
decides what to do when that is wider than the terminal.
"""

from __future__ import annotations  # rich is imported where a picture is made, not here

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from rich.text import Text

GUIDE_EVERY = 5  # a guide line every this many cells, as on paper

# The colours a glyph is painted in, each read at 3:1 or better on a black and on a white
# terminal alike (tests/test_terminal_colours.py). The 16 named colours are the theme's:
# xterm's yellow is 1.7:1 on white, its white 1.3:1, its cyan 2:1.
GOLD = "#af8700"  # a bulb, a star: what an answer places
TEAL = "#0087af"  # a clue, a digit found, a loop
PLUM = "#af00af"  # where a second answer differs
GREY = "#808080"  # what recedes: an empty cell, a wall
DIFFERS = f"bold {PLUM}"


def separator(ascii: bool = False) -> str:
    """What sits between the parts of a one-line report (the verdict, a batch's line, the
    spinner): a middle dot, or with --ascii a dash."""
    return " - " if ascii else " · "


class Style(NamedTuple):
    """How to draw: plain ASCII or Unicode, full or compact, and the width available."""

    ascii: bool = False
    compact: bool | None = None  # None: compact only when the full drawing would not fit
    width: int | None = 80  # columns available; None: no limit (a pipe, a file)
    colour: bool = True  # False (NO_COLOR, a pipe): draw so that glyphs alone tell things apart
    paired: bool = False  # two answers are drawn: both the same way, so that they compare
    step: bool = False  # a hint's step: what differs from the other answer is this step's,
    # marked by glyph too where a drawing marks it by colour alone
    used: frozenset = frozenset()  # a hint's: the cells its rules speak of, to mark


class Drawing(NamedTuple):
    """One answer's picture, and the lines that explain its marks (empty when it has none)."""

    picture: Text
    legend: tuple[str, ...] = ()

    @property
    def width(self) -> int:
        """Columns the picture needs."""
        from rich.cells import cell_len

        return max((cell_len(line) for line in self.picture.plain.split("\n")), default=0)


def picture_text() -> Text:
    """An empty picture: never wrapped, never cropped."""
    from rich.text import Text

    return Text(no_wrap=True, overflow="ignore", end="")


def finish(text: Text) -> Text:
    """The picture without trailing spaces on any line (a pipe or a file keeps them all)."""
    from rich.text import Text

    lines = text.split("\n", allow_blank=True)
    for line in lines:
        line.rstrip()
    out = Text("\n", no_wrap=True, overflow="ignore", end="").join(lines)
    out.rstrip()
    return out


def to_ascii(text: str) -> str:
    """`text` in ASCII for --ascii: transliterated (Кошка -> Koshka, ½ -> 1/2) by anyascii,
    which knows every script; what it cannot spell becomes ?."""
    from anyascii import anyascii

    return anyascii(text).encode("ascii", "replace").decode("ascii")
