"""The family's task grammars (genres.md section 2), one reader each: what they read, and
that every fault names its offset in the whole task and the board's cells."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlesat.core import ParseError
from puzzlesat.letter_runs import EMPTY, encode_cells, encode_chars
from puzzlesat.sources.puzzle_family import grammar
from puzzlesat.sources.puzzle_family.grammar import Text


def text(task: str, width: int = 3, height: int = 2) -> Text:
    return Text(task, "Toy", width, height)


def test_parts_keep_their_offsets_in_the_whole_task():
    givens, cages, sums = grammar.parts(text("a1e;1,1,2;5"), ";", 3)
    assert (givens.text, cages.text, sums.text) == ("a1e", "1,1,2", "5")
    assert (givens.offset, cages.offset, sums.offset) == (0, 4, 10)
    with pytest.raises(ParseError, match=r"has 2 part\(s\) where its grammar has 3.*offset 7"):
        grammar.parts(text("a1e;1,1"), ";", 3)


def test_characters_skip_with_letters_and_name_the_offset():
    assert grammar.characters(text("B1d"), "B01234", "B, 0-4") == ["B", "1", *EMPTY * 4]
    with pytest.raises(ParseError, match=r"holds 'X' at offset 5.*a 3x2 board has 6 cells"):
        grammar.characters(text("B1d", 3, 2)._replace(text="B1X", offset=3), "B1", "B, 1")
    with pytest.raises(ParseError, match=r"ends at offset 2 after 2 cells"):
        grammar.characters(text("B1"), "B1", "B, 1")
    with pytest.raises(ParseError, match=r"runs past the last cell at offset 1"):
        grammar.characters(text("fB"), "B", "B")


def test_digit_runs_are_one_number_a_cell():
    assert grammar.digit_runs(text("12_3d")) == [12, 3, None, None, None, None]
    with pytest.raises(ParseError, match=r"'0' at offset 1.*a 0 is no clue"):
        grammar.digit_runs(text("a0d"))
    assert grammar.digit_runs(text("a0d"), zero=True)[1] == 0
    with pytest.raises(ParseError, match=r"'_' at offset 0"):
        grammar.digit_runs(text("_1e"))


def test_tapa_lists_are_one_cell_each():
    assert grammar.digit_lists(text("113_2d")) == [(1, 1, 3), (2,), None, None, None, None]


def test_symbols_read_base_36_and_hex_without_skips():
    assert grammar.symbols(text("19az00"), grammar.BASE_36, "base 36") == [1, 9, 10, 35, 0, 0]
    assert grammar.symbols(text("0f3c21"), grammar.HEX, "hex") == [0, 15, 3, 12, 2, 1]
    with pytest.raises(ParseError, match=r"'g' at offset 2"):
        grammar.symbols(text("0fg"), grammar.HEX, "hex")
    with pytest.raises(ParseError, match=r"runs past the last cell at offset 6"):
        grammar.symbols(text("0000000"), grammar.HEX, "hex")


def test_numbers_between_separators_blank_where_allowed():
    assert grammar.numbers(text("1,2,2"), ",", 3, least=1) == [1, 2, 2]
    assert grammar.numbers(text("3//1"), "/", 3, blank=True) == [3, None, 1]
    with pytest.raises(ParseError, match=r"'' at offset 2 where a number from 1 belongs"):
        grammar.numbers(text("1,,2"), ",", 3, least=1)
    with pytest.raises(ParseError, match=r"more than 2 numbers at offset 3"):
        grammar.numbers(text("1,2,3"), ",", 2)
    with pytest.raises(ParseError, match=r"ends at offset 3 after 2 of its 3 numbers"):
        grammar.numbers(text("1,2"), ",", 3)


@given(st.lists(st.integers(0, 40), min_size=1, max_size=60))
def test_digit_runs_read_what_the_encoder_writes(cells):
    read = grammar.digit_runs(Text(encode_cells(cells), "Toy", len(cells), 1))
    assert [v or 0 for v in read] == cells


@given(st.lists(st.sampled_from([EMPTY, "B", "1"]), min_size=1, max_size=80))
def test_characters_read_what_the_encoder_writes(cells):
    assert grammar.characters(Text(encode_chars(cells), "Toy", len(cells), 1), "B1", "B1") == cells
