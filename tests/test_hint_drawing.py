"""The hint's drawing (issue 48): the step's cells and the clues its rules use marked on the
board, by glyphs (ASCII under --ascii) and, where colour is on, by colour too; the counts
around a counted game's board; a drawing for the kinds that draw their own answer."""

from __future__ import annotations

import re

from conftest import FIXTURES, streams, written

from puzzlesat.cli import main
from puzzlesat.grid.looks import scope_cells
from puzzlesat.kinds import kind_named

LIGHT_UP = FIXTURES / "puzzle-light-up.com" / "easy_7x7_309662.source.html"
HITORI = FIXTURES / "puzzle-hitori.com" / "easy_5x5_5550001.source.html"
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
