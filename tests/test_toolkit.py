"""What a game is declared with (issue 42's toolkit): the board base, kinds found by their
files and declared by one call, the table of looks, board JSON's rows, named rules."""

from __future__ import annotations

import dataclasses
import os

import pytest

from puzzlesat.core import ParseError
from puzzlesat.drawing import Style
from puzzlesat.grid import clauses as rules
from puzzlesat.grid.board import PAGE_FIELDS, Board, CellRows, board
from puzzlesat.grid.looks import Look, draw_looks, picture_looks
from puzzlesat.grid.rows import (
    bit_rows,
    character_rows,
    fields_json,
    is_bit_rows,
    natural,
    or_null,
    value_rows,
)
from puzzlesat.kinds import BY_NAME, kind_named

KINDS_FOLDER = os.path.dirname(__import__("puzzlesat.kinds").kinds.__file__)


@board
class Dots(Board):
    """A stand-in grid game: rows of 0/1."""

    kind = "dots"
    grid: tuple[tuple[int, ...], ...]


def test_a_board_takes_the_page_fields_by_keyword_and_makes_them_safe():
    dots = Dots(((0, 1),), title="a\x1b[31mred", puzzle_id="7", hashed_solution="ab" * 16)
    assert "\x1b" not in dots.title and (dots.width, dots.height) == (2, 1)
    assert {f.name for f in dataclasses.fields(dots)} >= set(PAGE_FIELDS)
    # where the board came from is not what the puzzle is
    assert dots == Dots(((0, 1),), title=dots.title, puzzle_id="7", site_task="other")


def test_rows_of_characters_say_which_cells_are_white_and_numbered():
    @board
    class Walls(CellRows):
        kind = "walls"

    walls = Walls(("..B", "2.0"), title="x")
    assert (walls.width, walls.height, walls.title) == (3, 2, "x")
    assert [walls.is_white(0, c) for c in range(3)] == [True, True, False]
    assert (walls.clue(1, 0), walls.clue(0, 2), walls.clue(0, 0)) == (2, None, None)
    assert walls.clues() == [(1, 0, 2), (1, 2, 0)]
    puzzle = fields_json(walls)  # board JSON, as character_rows reads it back
    assert character_rows(puzzle, "Walls", "..B", "", ".B012") == walls.cells


def test_every_kind_is_found_by_its_file_and_declares_its_own_name():
    files = {
        entry.partition(".")[0].replace("_", "-") for entry in os.listdir(KINDS_FOLDER)
        if not entry.startswith("_") and (entry.endswith(".py") or "." not in entry)
    }
    assert set(BY_NAME) == files
    for name in BY_NAME:
        kind = kind_named(name)
        assert kind.name == name == kind.board_type.kind
        assert all(callable(getattr(kind, part)) for part in (
            "from_json", "to_json", "answer_json", "cost", "validate", "encode", "decode",
            "is_solution", "draw", "svg"))


LOOKS = {
    "on": Look("●", "O", "bold", ("◉", "@"), "a dot", fill="#eeeeee", mark="disc"),
    "off": Look("·", ".", "dim", ("∘", "o"), "an empty cell"),
    "wall": Look("█", "#", wide=True, fill="#202020"),
}


def _look(dots, answer, r, c):
    if dots.grid[r][c] == 2:
        return "wall"
    if answer is None:
        return "off"
    return "on" if answer[r][c] else "off"


def test_the_looks_draw_every_cell_and_mark_what_a_second_answer_changes():
    dots = Dots(((0, 0, 2),))
    plain = Style(ascii=True, colour=False, compact=True)
    alone = draw_looks(dots, ((1, 0, 0),), None, plain, LOOKS, _look)
    assert alone.picture.plain == "O.#" and alone.legend == ()
    both = draw_looks(dots, ((1, 0, 0),), ((0, 1, 0),), plain, LOOKS, _look)
    assert both.picture.plain == "@o#"
    assert both.legend == ("@ a dot and o an empty cell where this answer differs from solution 1",)
    full = draw_looks(dots, ((1, 0, 0),), None, Style(colour=False, compact=False), LOOKS, _look)
    assert full.picture.plain.splitlines()[1] == "│ ● ·██│"


def test_the_picture_comes_from_the_same_table():
    svg = picture_looks(Dots(((0, 0, 2),)), ((1, 0, 0),), LOOKS, _look)
    assert svg.count('class="on"') == 2 and svg.count('class="wall"') == 1
    assert svg.count("<circle") == 1


def test_board_json_rows_are_read_with_one_wording():
    assert character_rows({"cells": [".B", "1."]}, "Toy", "..", "legend", ".B1") == (".B", "1.")
    with pytest.raises(ParseError, match=r"Toy row 2 holds 'x', not one of"):
        character_rows({"cells": [".B", "x."]}, "Toy", "..", "legend", ".B1")
    accepts = or_null(natural(0, 1))
    assert value_rows({"grid": [[None, 1]]}, "Toy", "grid", "[[null, 1]]", "0, 1 or null",
                      accepts) == ((None, 1),)
    with pytest.raises(ParseError, match=r"Toy row 1 holds 2, not 0, 1 or null"):
        value_rows({"grid": [[2, 1]]}, "Toy", "grid", "[[null, 1]]", "0, 1 or null", accepts)
    with pytest.raises(ParseError, match=r"rows of one length.*\(its rows have 1, 2 cells\)"):
        value_rows({"grid": [[1], [1, 0]]}, "Toy", "grid", "[[1]]", "0 or 1", accepts)
    with pytest.raises(ParseError, match=r'needs "grid", a list of rows'):
        value_rows({"grid": "11"}, "Toy", "grid", "[[1]]", "0 or 1", accepts)


def test_an_answer_of_rows_of_0_and_1_is_decoded_and_checked_for_its_shape():
    assert bit_rows([True, False, 0, 3, False, True, True], 2, 3) == ((1, 0, 0), (1, 0, 1))
    assert is_bit_rows(((1, 0, 0), (1, 0, 1)), 2, 3)
    assert not is_bit_rows(((1, 0, 0),), 2, 3) and not is_bit_rows(((1, 0), (1, 0)), 2, 3)
    assert not is_bit_rows(((1, 0, 2), (1, 0, 1)), 2, 3)


def test_named_rules_say_where_each_clause_came_from():
    out = rules.Named()
    out.add("one a row", ("row", 2), [[1, 2], [-1, -2]])
    out.add("the loop", ("loop",), [[3]])
    out.add("a clue", ("clue", (0, 3)), [[4]])
    assert out == [[1, 2], [-1, -2], [3], [4]]
    assert rules.rule_of(out.names, 1) == ("one a row", ("row", 2))
    assert [rules.scope_text(scope) for _, scope, _, _ in out.names] == [
        "row 3", "the loop", "clue at row 1, column 4"]
    assert rules.rule_of(out.names, 9) is None


@pytest.mark.parametrize(
    "name", ["light-up", "shikaku", "dominosa", "shakashaka", "binairo", "star-battle"])
def test_a_declared_kind_names_every_clause_family_it_adds(name):
    kind = kind_named(name)
    for example in kind.examples:
        encoding = kind.encode(example.board)
        covered = sum(end - start for _, _, start, end in encoding.rules)
        assert covered == len(encoding.clauses)
