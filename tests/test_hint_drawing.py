"""The hint's drawing (issue 48): the step's cells and the clues its rules use marked on the
board, by glyphs (ASCII under --ascii) and, where colour is on, by colour too; the counts
around a counted game's board; a drawing for the kinds that draw their own answer."""

from __future__ import annotations

import json
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
    assert lines[7] == "1  >.  >.  >.  >.  >1*  5"  # row 4, column 5 is 1; row 4's rules
    assert "a value with * after it: decided by this step" in lines


FUTOSHIKI = FIXTURES / "puzzle-futoshiki.com" / "easy_5x5_futoshiki_1234501.source.html"
RENZOKU = FIXTURES / "puzzle-futoshiki.com" / "easy_5x5_renzoku_1234502.source.html"
BINAIRO_PLUS = FIXTURES / "puzzle-binairo.com" / "plus_6x6_1234514.source.html"


def test_a_latin_games_rules_cells_are_marked_in_a_free_column_before_them(capsys):
    lines = _hint(capsys, RENZOKU)  # row 1: each value once
    assert lines[0] == ">.  >. o 3  >.  >."  # a column more before the first, none by a dot
    assert "> where the rules below apply" in lines
    lines = _hint(capsys, BINAIRO_PLUS)  # the x between row 3, column 3 and the cell below
    assert lines[4] == " .   .  >0   . x .   ."  # (the column more: a hint's marks)


def test_a_board_without_clues_around_has_a_column_more_for_its_first_cells_mark(capsys):
    lines = _hint(capsys, FUTOSHIKI)  # the sign at row 1, column 1
    assert lines[:3] == [">.   .   .   . < .", " v           v   ^", " .   . < .   .   ."]
    assert main(["solve", str(FUTOSHIKI), "--ascii"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "4   5   1   2 < 3"  # solve: unshifted


def test_a_skyscrapers_column_is_marked_above_its_clue(capsys):
    board = kind_named("skyscrapers").examples[0].board
    said = explain(board, every=True)
    one = said._replace(steps=said.steps[:1], known=tuple(
        set(said.known) - {key for step in said.steps for key, _ in step.decided}))
    drawing = step_drawing(board, one, Style(True, False, None, False))
    assert drawing.picture.plain.splitlines()[:2] == ["   v3   2", "   >1*  .   ."]


KAKURO = FIXTURES / "puzzle-kakuro.com" / "kakuro_8x8_1234504.source.html"


def test_a_kakuro_steps_run_is_marked_cell_by_cell():
    from puzzlesat.load import LoadOptions, load

    board = load(str(KAKURO), LoadOptions()).board
    said = explain(board, every=True)
    at = next(i for i, step in enumerate(said.steps)  # down run at row 2, column 4
              if step.because[0].scope == ("down run", (1, 3)))
    decided = {key for step in said.steps for key, _ in step.decided}
    before = {key for step in said.steps[:at] for key, _ in step.decided}
    one = said._replace(steps=(said.steps[at],),
                        known=tuple((set(said.known) - decided) | before))
    lines = step_drawing(board, one, Style(True, False, None, False)).picture.plain.splitlines()
    assert lines[3][11:21] == "  .  > .  " and lines[4][11:21] == "  .  > .  "
    assert scope_cells(board, ("down run", (1, 3))) == {(1, 3), (2, 3), (3, 3)}


def test_a_nonogram_hint_draws_its_clues_the_cells_so_far_and_what_is_open(capsys):
    lines = _hint(capsys, NONOGRAM)
    assert lines[:5] == ["     1", "     1 1", "    v2 2 6 1", "  3 %%? ? ?", "  2 ::? ? ?"]
    assert lines[10:13] == ["v where the rules below apply",  # column 1's clue: v above
                            "% filled and : empty: decided by this step", "? not decided yet"]


NONOGRAM_ROW = FIXTURES / "nonograms.org" / "50196.source.html"


def test_a_nonogram_hints_row_is_marked_between_its_clue_and_the_grid(capsys):
    lines = _hint(capsys, NONOGRAM_ROW)
    assert lines[:5] == ["   1 2 3 1", "2 ? ? ? ?", "1 ? ? ? ?", "3>? %%%%?", "1 ? ? ? ?"]
    assert lines[5:7] == ["> where the rules below apply", "% filled: decided by this step"]


def test_a_nonogram_hints_clue_is_reversed_in_colour_and_marked_without(capsys):
    terminal = {"stdout_isatty": True, "terminal_width": 100}
    coloured = streams(environ={"TERM": "xterm-256color"}, **terminal)
    assert main(["hint", str(NONOGRAM)], env=coloured) == 0
    text = written(coloured)
    assert re.search(r"▾\x1b\[(?:\d+;)*7;[\d;]*m2", text)  # column 1's clue: 1 1 2
    plain = streams(environ={"TERM": "xterm-256color", "NO_COLOR": "1"}, **terminal)
    assert main(["hint", str(NONOGRAM)], env=plain) == 0
    text = written(plain)
    assert "    ▾2 2 6 1" in text and COLOUR not in text and not REVERSE.search(text)


def test_a_loop_games_hint_draws_the_edges_so_far(capsys):
    lines = _hint(capsys, MASYU)
    assert lines[3] == "|>.x@===# . o |" and lines[4] == "|   !         |"
    assert lines.count("=!# (circles O @) decided by this step") == 1


def test_a_loop_games_hint_marks_its_clue_and_crosses_out_its_edges(capsys):
    lines = _hint(capsys, MASYU)  # the black circle at row 2, column 2: a turn
    assert lines[0] == "+---v---------+"  # its column, above the frame
    assert lines[2:4] == ["|   x         |",  # the line up from it crossed out
                          "|>.x@===# . o |"]  # its row; the line left of it crossed out
    assert lines[13:15] == [">/v where the rules below apply", "x crossed out by this step"]


SLITHERLINK = FIXTURES / "puzzle-loop.com" / "hard_5x5_1012753.source.html"
SHINGOKI = FIXTURES / "puzzle-shingoki.com" / "easy_4x4_4040404.source.html"


def test_a_slitherlinks_hint_marks_the_number_it_uses(capsys):
    lines = _hint(capsys, SLITHERLINK)
    assert lines[:2] == ["+===-   .   .   .   .", "!>3       3"]  # the 3 at row 1, column 1
    assert "> where the rules below apply" in lines


def test_a_shingoki_hint_marks_its_circle_on_the_lattice(capsys):
    lines = _hint(capsys, SHINGOKI)  # the circle at point row 5, column 5
    assert lines[0] == "+-------------v--+" and lines[9] == "|>.  .  .  #==@4 |"


def test_a_loop_games_crossed_edges_and_clue_show_without_colour_and_reversed_with(capsys):
    terminal = {"stdout_isatty": True, "terminal_width": 100}
    plain = streams(environ={"TERM": "xterm-256color", "NO_COLOR": "1"}, **terminal)
    assert main(["hint", str(MASYU)], env=plain) == 0
    text = written(plain)
    assert "│▸·×◉━━━╸ · ○ │" in text and "× crossed out by this step" in text
    assert COLOUR not in text and not REVERSE.search(text)
    coloured = streams(environ={"TERM": "xterm-256color"}, **terminal)
    assert main(["hint", str(MASYU)], env=coloured) == 0
    assert REVERSE.search(written(coloured)) and "×" in written(coloured)


def _partly_drawn() -> list[str]:
    import sys

    from puzzlesat.kinds import BY_NAME

    for name in BY_NAME:
        kind_named(name)  # loaded
    return sorted(name for name in BY_NAME
                  if getattr(sys.modules[BY_NAME.modules[name]], "DRAWS_PARTLY", False))


MARKS_USED = {"sudoku", "killer-sudoku", "battleships", "nonogram", "masyu", "slitherlink",
              "shingoki", "futoshiki", "renzoku", "skyscrapers", "binairo-plus"}
# own drawings marking rules' cells, lines or clues (Kakuro's too, but each step of its
# tiny example uses the cell it decides, whose own mark stays: test_a_kakuro_steps_run...)


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
            used += style.ascii and any(line.endswith(" where the rules below apply")
                                        for line in drawing.legend)
        known |= decided
    assert used or name not in MARKS_USED


def _step_lines(board, where, compact: bool = False) -> tuple[list[str], object]:
    """The ASCII drawing (no colour; full, else `compact`) of the first step of the walk
    whose rules `where` accepts, with what the steps before it decided, and that step."""
    said = explain(board, every=True)
    at = next(i for i, step in enumerate(said.steps) if where(step))
    decided = {key for step in said.steps for key, _ in step.decided}
    before = {key for step in said.steps[:at] for key, _ in step.decided}
    one = said._replace(steps=(said.steps[at],),
                        known=tuple((set(said.known) - decided) | before))
    drawing = step_drawing(board, one, Style(True, compact, None, False))
    return drawing.picture.plain.splitlines() + list(drawing.legend), said.steps[at]


def _load(path):
    from puzzlesat.load import LoadOptions, load

    return load(str(path), LoadOptions()).board


def test_a_dominos_rule_marks_every_two_cells_that_could_hold_it():
    board = _load(FIXTURES / "puzzle-dominosa.com" / "double_6_4815162.board.json")
    lines, step = _step_lines(board, lambda step: any(
        reason.scope == ("domino", "3-5") for reason in step.because))
    cells = {(r, c) for r in range(board.height) for c in range(board.width)
             if lines[1 + 2 * r][1 + 3 * c] == ">"}  # a cell: a blank, then its number
    placed = {tuple(cell) for key, _ in step.decided for cell in json.loads(key[1])}
    from puzzlesat.kinds.dominosa import placements

    pairs = [(a, b) for a, b in placements(board)
             if sorted((board.grid[a[0]][a[1]], board.grid[b[0]][b[1]])) == [3, 5]]
    assert cells == {cell for pair in pairs for cell in pair} - placed
    assert cells and "> where the rules below apply" in lines


def test_a_seams_rule_marks_the_cells_along_it():
    board = _load(FIXTURES / "puzzle-stitches.com" / "easy_5x5_1234701.board.json")
    lines, step = _step_lines(board, lambda step: [reason.scope for reason in step.because]
                              == [("regions", "1 and 2")])
    holes = [lines[2 + 2 * r][3:5] for r in range(4)]  # column 1's, a wall between each
    assert holes == [" O", "  ", ">@", ">@"]  # regions 1 and 2 meet at rows 3-4
    assert sum(line.count(">") for line in lines[:11]) == 2


def test_a_galaxys_rule_is_said_by_its_galaxy_and_a_cells_rule_marks_the_cell(capsys):
    path = FIXTURES / "puzzle-galaxies.com" / "easy_5x5_5151515.board.json"
    assert main(["hint", str(path), "--ascii"]) == 0
    assert "because: a centre's cells in its galaxy (galaxy 1)" in capsys.readouterr().out
    lines, step = _step_lines(_load(path), lambda step: step.because[0][:2]
                              == ("a galaxy turns into itself", ("cell", (1, 4))))
    assert lines[3][9] == ">" and sum(line.count(">") for line in lines[:11]) == 1


def test_a_kakuro_cell_its_sums_settle_marks_both_its_runs():
    board = _load(KAKURO)
    lines, step = _step_lines(board, lambda step: step.because[0].rule
                              == "the digit its runs' sums leave")
    assert step.because[0].text == "the runs of the cell at row 4, column 7"
    assert lines[4].endswith("> \\15 *8* > .  |")  # its across run: the clue, the cells
    assert [line[31:36] for line in lines[3:8]] == ["> .  ", " *8* ", "> .  ", "> .  ", "> .  "]


def test_a_shikaku_step_draws_the_rectangles_so_far_and_marks_its_row():
    board = _load(FIXTURES / "puzzle-shikaku.com" / "easy_5x5_9366068.board.json")
    lines, step = _step_lines(board, lambda step: [reason.scope for reason in step.because]
                              == [("row", 3)])
    assert lines[7] == "|>: >2|> |> |>2|"  # row 4: every cell marked; the new rectangle ':'
    assert lines[9] == "|    2| 2|    2|"  # rectangles decided before: walled, not marked
    assert lines[5] == "| 3| 3|  | 3|  |"  # not decided yet: a wall around every cell
    assert "':' shows the regions decided by this step" in lines


def test_a_shikaku_step_marks_its_row_in_the_compact_drawing_too():
    """The compact drawing (a board wider than the terminal) marks the cells the step's
    rules speak of as the full one does."""
    board = _load(FIXTURES / "puzzle-shikaku.com" / "easy_5x5_9366068.board.json")
    lines, _ = _step_lines(board, lambda step: [reason.scope for reason in step.because]
                           == [("row", 3)], compact=True)
    assert lines[3] == ">C>2>a>.>2"  # row 4: every cell marked, the new rectangle capital
    assert lines[2] == " 3 3 . 3 ."  # not marked
    assert "> where the rules below apply" in lines
