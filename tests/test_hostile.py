"""Hostile input: random and mutated markup must end in a board or our ParseError, quickly.

Mutations start from the saved fixtures (delete, duplicate, shuffle and truncate slices;
swap numbers for huge or negative ones; non-UTF-8 bytes), so they stay close to real pages.
"""

from __future__ import annotations

import contextlib
import io

import pytest
from conftest import FIXTURES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mutation import mutated_text
from test_linear_parse import assert_linear

from puzzlesat.core import InputMissing, Page, ParseError
from puzzlesat.fetch import read_stream
from puzzlesat.load import READERS, read_page
from puzzlesat.sources.nonograms_org import decode_var_d
from puzzlesat.sources.puzzle_family import decode_cells

SEEDS = sorted(
    p
    for p in FIXTURES.rglob("*")
    if p.suffix in (".html", ".json", ".txt", ".nin", ".non") and not p.name.endswith(".render.txt")
)
TEXTS = [p.read_text(encoding="utf-8") for p in SEEDS]
SETTINGS = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def parses_or_refuses(text: str, kind: str | None = None) -> None:
    """The property: a Board, or a ParseError (or one of its kinds) with a message. (How
    long parsing takes is test_linear_parse's: there as ratios, never in seconds.)"""
    try:
        read_page(Page(source="-", text=text), kind)
    except ParseError as error:
        assert str(error).strip(), "a ParseError must say what is wrong"


@st.composite
def mutated(draw) -> str:
    numbers = [str(v) for v in (-1, 0, -99999, 10**6, 10**12, 2**63, 123456789)]
    return mutated_text(draw, draw(st.sampled_from(TEXTS)), 400, numbers)


@SETTINGS
@given(mutated())
def test_mutated_fixtures_parse_or_fail_cleanly(text):
    parses_or_refuses(text)


@SETTINGS
@given(mutated(), st.sampled_from([site.name for site in READERS]))
def test_every_parser_on_mutated_input(text, kind):
    parses_or_refuses(text, kind)


@SETTINGS
@given(st.text(max_size=2000))
def test_random_text(text):
    parses_or_refuses(text)


@SETTINGS
@given(st.binary(max_size=2000))
def test_non_utf8_bytes(data):
    try:
        text = read_stream(io.BytesIO(data)).text
    except InputMissing:  # nothing but white space arrived: its own error, exit 66
        return
    parses_or_refuses(text)


@SETTINGS
@given(st.lists(st.lists(st.integers(-(2**40), 2**40), min_size=0, max_size=6), max_size=60))
def test_var_d_decoder_on_any_records(records):
    with contextlib.suppress(ParseError):
        decode_var_d(records)


@SETTINGS
@given(st.text(alphabet="abcz_0123456789x!", max_size=200), st.integers(0, 30), st.integers(0, 30))
def test_task_decoder_on_any_string(task, width, height):
    try:
        cells = decode_cells(task, width, height)
    except ParseError:
        return
    assert len(cells) == width * height


def test_two_megabyte_single_line_page():
    def page(n: int) -> str:
        return "<html><body>" + "<span>x</span>" * (n // 14) + "</body></html>"

    def refused(outcome):
        assert isinstance(outcome, ParseError)

    def read(text: str):
        return read_page(Page(source="-", text=text))

    assert_linear(read, page, 2 * 2**20 // 8, refused)


@pytest.mark.parametrize("depth", [1000, 30_000])
def test_deeply_nested_tags(depth):
    text = "<div>" * depth + '<td class="nmtt">1</td>' + "</div>" * depth
    with pytest.raises(ParseError):
        read_page(Page(source="-", text=text))
