"""Every colour shows on a dark and on a light terminal: drawn in forced truecolor, no cell,
clue or mark is seen only through a colour that black or white would hide (a black cell on
a dark theme, a yellow one on a light theme). Colours the terminal's theme picks (the 16
named ones, the default foreground) are the theme's to make readable."""

from __future__ import annotations

import io

import pytest
from conftest import FIXTURES
from rich.color import ColorType
from rich.console import Console

from puzzlesat.fetch import read_file
from puzzlesat.kinds.nonogram.board import Nonogram
from puzzlesat.load import read_page
from puzzlesat.render import Style, render
from puzzlesat.solve import solve

BACKGROUNDS = {"dark": (0, 0, 0), "light": (255, 255, 255)}
SEEN = 1.25  # the least contrast (WCAG ratio) at which a cell is told from the background
BOARDS = sorted(FIXTURES.glob("*/*.board.json"))
# two answers, in black and yellow: the differing cells are marked in these colours too
BLACK_AND_YELLOW = Nonogram(
    rows=((1,), (1, 1)),
    cols=((1,), (1,), (1,)),
    colors=("000000", "ffff00"),
    row_colours=((2,), (2, 1)),
    col_colours=((2,), (2,), (1,)),
)
NAVY_AND_WHITE = Nonogram(
    rows=((1, 1), (2,)),
    cols=((1, 1), (2,)),
    colors=("000080", "ffffff"),
    row_colours=((1, 2), (2,)),
    col_colours=((1, 2), (2,)),
)


def _luminance(rgb) -> float:
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = map(linear, rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def _shows(colour, background) -> bool:
    """Whether `colour` is told from `background`; None (the default) and the theme's own
    colours are."""
    if colour is None or colour.type is not ColorType.TRUECOLOR:
        return True
    light, dark = sorted((_luminance(colour.triplet), _luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05) >= SEEN


def unseen(board, style: Style) -> list[str]:
    """Every piece of the drawing that a dark or a light terminal would hide."""
    console = Console(file=io.StringIO(), width=200, color_system="truecolor", force_terminal=True)
    rendered = render(board, solve(board), {}, style)
    hidden = []
    for part in rendered.parts:
        for segment in console.render(part):
            text, ink = segment.text, segment.style
            if not text.strip("\n") or ink is None:
                continue
            for name, background in BACKGROUNDS.items():
                fore = _shows(ink.color, background)
                back = ink.bgcolor is not None and _shows(ink.bgcolor, background)
                if not text.strip():  # blanks: only a background can show them
                    seen = ink.bgcolor is None or back
                elif set(text) <= {"█"}:  # all foreground
                    seen = fore
                else:
                    seen = fore or back
                if not seen:
                    hidden.append(f"{text!r} in {ink} on a {name} terminal")
    return hidden


@pytest.mark.parametrize("compact", [False, True])
@pytest.mark.parametrize("path", BOARDS, ids=[p.name for p in BOARDS])
def test_every_fixture_shows_on_dark_and_light_terminals(path, compact):
    board = read_page(read_file(str(path)))
    assert unseen(board, Style(width=None, compact=compact)) == []


@pytest.mark.parametrize("compact", [False, True])
@pytest.mark.parametrize("board", [BLACK_AND_YELLOW, NAVY_AND_WHITE], ids=["black", "navy"])
def test_colours_a_theme_would_hide_are_drawn_a_shade_that_shows(board, compact):
    assert unseen(board, Style(width=None, compact=compact)) == []


def test_a_colour_that_shows_everywhere_is_drawn_as_it_was():
    """Orange fills its cells as before; black and yellow a shade that shows."""
    path = FIXTURES / "nonograms.org" / "4374.board.json"
    board = read_page(read_file(str(path)))
    text = render(board, solve(board), {}, Style(width=None, compact=False)).parts[1]
    styles = {str(span.style) for span in text.spans if "█" in text.plain[span.start : span.end]}
    assert {"#f4951c", "#404040", "#e2da04"} <= styles
    assert not {"#000000", "#fbf204"} & styles
