"""The hint's drawing (issue 48): the step's cells and the clues its rules use marked on the
board, by glyphs (ASCII under --ascii) and, where colour is on, by colour too; the counts
around a counted game's board; a drawing for the kinds that draw their own answer."""

from __future__ import annotations

import re

import pytest
from conftest import FIXTURES, streams, written

from puzzlesat.cli import main
from puzzlesat.core import Status
from puzzlesat.grid.looks import scope_cells
from puzzlesat.hint_words import step_drawing
from puzzlesat.hints import explain
from puzzlesat.kinds import kind_named
from puzzlesat.render import Style

LIGHT_UP = FIXTURES / "puzzle-light-up.com" / "easy_7x7_309662.source.html"
HITORI = FIXTURES / "puzzle-hitori.com" / "easy_5x5_5550001.source.html"
STYLES = [Style(ascii, compact, None, colour) for ascii in (True, False)
          for compact in (False, True) for colour in (True, False)]
COLOUR = "\x1b[3"  # a foreground colour
REVERSE = re.compile(r"\x1b\[(?:\d+;)*7[;m]")  # reverse video, alone or with others


def _cell(lines: list[str], r: int, c: int, width: int = 2) -> str:
    """A cell of a framed drawing: its line below the frame, its columns after it."""
    return lines[1 + r][1 + c * width: 1 + (c + 1) * width]


def test_the_clue_a_step_uses_is_marked_beside_the_cells_it_decides(capsys):
    assert main(["hint", str(LIGHT_UP), "--ascii"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert _cell(lines, 0, 5) == ">3"  # bulbs beside a number (clue at row 1, column 6)
    assert [_cell(lines, r, c) for r, c in ((0, 4), (0, 6), (1, 5))] == [" @"] * 3
    assert "> where the rules below apply" in lines and out.isascii()
    assert sum(line.count(">") for line in lines[:9]) == 1


def test_a_line_the_rules_use_is_marked_cell_by_cell(capsys):
    assert main(["hint", str(HITORI), "--ascii"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[4] == "|>3>3o2 %o5|"  # row 4: its undecided cells marked, its decided kept


def test_the_marks_are_glyphs_under_no_color_and_colour_adds_reverse_video():
    terminal = {"stdout_isatty": True, "terminal_width": 100}
    plain = streams(environ={"TERM": "xterm-256color", "NO_COLOR": "1"}, **terminal)
    assert main(["hint", str(LIGHT_UP)], env=plain) == 0
    text = written(plain)
    assert "▸3" in text and COLOUR not in text and not REVERSE.search(text)
    coloured = streams(environ={"TERM": "xterm-256color"}, **terminal)
    assert main(["hint", str(LIGHT_UP)], env=coloured) == 0
    assert REVERSE.search(written(coloured)) and "▸" in written(coloured)


def test_a_scope_names_its_cells_whatever_the_game():
    light_up = kind_named("light-up").examples[0].board
    assert scope_cells(light_up, ("row", 1)) == {(1, c) for c in range(light_up.width)}
    assert scope_cells(light_up, ("clue", (0, 1))) == {(0, 1)}
    assert scope_cells(light_up, ("block", (0, 0))) == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert scope_cells(light_up, ("board",)) == frozenset()
    assert scope_cells(light_up, ("constraint", 3)) == frozenset()
    sudoku = next(e.board for e in kind_named("sudoku").examples if e.board.size == 4)
    assert scope_cells(sudoku, ("box", 1)) == {(0, 2), (0, 3), (1, 2), (1, 3)}
    assert scope_cells(sudoku, ("left", 2)) == {(2, c) for c in range(4)}


# --------------------------------------------------------------------------- the counts around
TENTS = FIXTURES / "puzzle-tents.com" / "easy_6x6_9990001.source.html"


def test_a_counted_games_hint_has_its_counts_around_as_solve_draws_them(capsys):
    assert main(["solve", str(TENTS), "--ascii"]) == 0
    solved = capsys.readouterr().out.splitlines()
    assert main(["hint", str(TENTS), "--ascii"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == solved[1:3] == ["    1 0 2 1 1 1", "  +------------+"]
    assert lines[2] == "1 |>T T . . . .|"  # its count, the tree the step uses
    assert lines[3] == "2 | a . . . . .|"  # and the tent it decides


# --------------------------------------------------------------------------- a kind's own drawing
SUDOKU = FIXTURES / "puzzle-sudoku.com" / "basic_9x9_1238537.source.html"
SKYSCRAPERS = FIXTURES / "puzzle-skyscrapers.com" / "easy_5x5_skyscrapers_1234503.source.html"
NONOGRAM = FIXTURES / "nonograms.org" / "4353.source.html"
MASYU = FIXTURES / "puzzle-masyu.com" / "easy_6x6_1044580.source.html"


def _hint(capsys, path, *more: str) -> list[str]:
    assert main(["hint", str(path), "--ascii", *more]) == 0
    out = capsys.readouterr().out
    assert out.isascii()
    return out.splitlines()


def test_a_sudoku_hint_draws_the_digits_so_far_and_marks_the_steps(capsys):
    lines = _hint(capsys, SUDOKU)
    assert lines[1] == "|>. >. >. | .  .  . |[2][7] . |"  # givens alone, the rest open, box
    assert lines[2] == "|[6][8]*2*| .  . [5]| .  .  . |"  # 1's marked: its hidden single
    assert lines[3] == "|>. [9]>. | . [2][4]| .  . [8]|"
    assert lines[13:16] == ["> where the rules below apply",
                            "digits in [ ] are the givens, the others solved",
                            "digits between *s: decided by this step"]


def test_a_latin_games_hint_marks_its_value_by_glyph(capsys):
    lines = _hint(capsys, SKYSCRAPERS)
    assert lines[7] == "1   .   .   .   .   1*  5"  # row 4, column 5 is 1; the clues around
    assert "a value with * after it: decided by this step" in lines


def test_a_nonogram_hint_draws_its_clues_the_cells_so_far_and_what_is_open(capsys):
    lines = _hint(capsys, NONOGRAM)
    assert lines[:5] == ["     1", "     1 1", "     2 2 6 1", "  3 %%? ? ?", "  2 ::? ? ?"]
    assert "% filled here, : empty here: decided by this step" in lines
    assert "? not decided yet" in lines


def test_a_loop_games_hint_draws_the_edges_so_far(capsys):
    lines = _hint(capsys, MASYU)
    assert lines[3] == "| . @===# . o |" and lines[4] == "|   !         |"
    assert lines.count("=!# (circles O @) decided by this step") == 1


def _partly_drawn() -> list[str]:
    import sys

    from puzzlesat.kinds import BY_NAME

    for name in BY_NAME:
        kind_named(name)  # loaded
    return sorted(name for name in BY_NAME
                  if getattr(sys.modules[BY_NAME.modules[name]], "DRAWS_PARTLY", False))


MARKS_USED = {"sudoku", "killer-sudoku", "battleships"}  # own drawings marking rules' cells


@pytest.mark.parametrize("name", _partly_drawn())
def test_every_step_of_a_partly_drawn_kind_is_drawn_in_every_style(name):
    """Each step of the kind's unique example from the steps before it: a drawing in
    every style, ASCII under --ascii, its legend saying this step's marks."""
    board = next(e.board for e in kind_named(name).examples if e.status is Status.UNIQUE)
    said = explain(board, every=True)
    assert said.steps
    keys = [{key for key, _ in step.decided} for step in said.steps]
    known = set(said.known) - set().union(*keys[:-1])  # the givens
    used = 0  # the steps whose rules' cells show
    for step, decided in zip(said.steps, keys):
        one = said._replace(steps=(step,), known=tuple(known))
        for style in STYLES:
            drawing = step_drawing(board, one, style)
            assert drawing is not None
            text = drawing.picture.plain + "\n".join(drawing.legend)
            assert text.isascii() or not style.ascii
            assert "solution 1" not in text
            used += style.ascii and "> where the rules below apply" in drawing.legend
        known |= decided
    assert used or name not in MARKS_USED
