"""Every colour shows on a dark and on a light terminal: drawn in forced truecolor, no cell,
clue or mark of any game is seen only through a colour that black or white would hide (a
black cell on a dark theme, a yellow bulb on a light theme). The 16 named colours are taken
as xterm draws them (its yellow is 1.7:1 on white); the default foreground is the theme's.
A glyph on the terminal's background needs the contrast of graphics (3:1); a filled block,
or a glyph in a box of its own colour, shows by its area and needs only to be told from
the terminal's background (1.25:1)."""

from __future__ import annotations

import io

import pytest
from conftest import FIXTURES
from rich.color import ColorType
from rich.console import Console

from puzzlesat.core import Status
from puzzlesat.fetch import read_file
from puzzlesat.kinds import KINDS
from puzzlesat.kinds.nonogram.board import Nonogram
from puzzlesat.load import read_page
from puzzlesat.render import Style, render
from puzzlesat.solve import solve

BACKGROUNDS = {"dark": (0, 0, 0), "light": (255, 255, 255)}
SEEN = 1.25  # the least contrast (WCAG ratio) at which an area is told from the background
READ = 3.0  # the least contrast at which a glyph is read (WCAG's for graphics)
AREAS = set("█▀▄▐▌▓")  # blocks, half and shaded blocks, which show by their area
XTERM = (  # the 16 named colours as xterm's default palette draws them
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
    (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
    (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
)
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


def _rgb(colour):
    """A colour's red, green and blue as a terminal shows it (None: the theme's default)."""
    if colour is None or colour.type is ColorType.DEFAULT:
        return None
    if colour.type is ColorType.STANDARD:
        return XTERM[colour.number]
    return tuple(colour.get_truecolor())


def _shows(colour, background, least: float = SEEN) -> bool:
    """Whether `colour` is told from `background` (an rgb); the default colour is."""
    rgb = _rgb(colour)
    if rgb is None:
        return True
    light, dark = sorted((_luminance(rgb), _luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05) >= least


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
                elif ink.bgcolor is not None:  # a glyph in a box: the box, or the glyph
                    seen = fore or back
                elif set(text) <= AREAS:  # all foreground: an area
                    seen = fore
                else:  # a glyph on the terminal's own background
                    seen = _shows(ink.color, background, READ)
                if not seen:
                    hidden.append(f"{text!r} in {ink} on a {name} terminal")
    return hidden


EXAMPLES = [(kind.name, example) for kind in KINDS for example in kind.examples
            if example.status is not Status.NONE]


@pytest.mark.parametrize("compact", [False, True])
@pytest.mark.parametrize("name, example", EXAMPLES,
                         ids=[f"{name}-{example.name}" for name, example in EXAMPLES])
def test_every_games_drawing_shows_on_dark_and_light_terminals(name, example, compact):
    """Both answers where there are two: the second's differing cells are marked too."""
    assert unseen(example.board, Style(width=None, compact=compact)) == []


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
