"""Titles are read from tokens, without a tree: the same text bs4's tree gives, on the
shapes titles come in (entities, nested tags, comments, void elements, unclosed tags)."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from puzzlesat.sources.markup import text_around

CASES = [
    '<h1 id="t">Little chair</h1>',
    '<h1 id="t">  Little <b>red</b>\n chair </h1><p>after</p>',
    '<h1 id="t">Caf&eacute; &amp; <!-- no --> tea<br>time</h1>',
    '<div><h1 id="t">Кошка <img src="x"> на <span>крыше</span></h1></div>',
    '<h1 id="t">open <i>italic</h1> after',
    '<p>before</p><h1 id="x">not it</h1><h1 id="t">it</h1>',
]


@pytest.mark.parametrize("markup", CASES)
def test_text_around_reads_what_a_tree_reads(markup):
    tag = BeautifulSoup(markup, "html.parser").find(id="t")
    expected = " ".join(tag.get_text(" ").split())
    assert text_around(markup, 'id="t"', lambda attrs: attrs.get("id") == "t") == expected


def test_text_stops_at_the_element_asked_for():
    markup = '<div class="puzzleInfo big">Monthly 40x50 <span id="puzzleID">ID: 12</span></div>'
    found = text_around(
        markup,
        "puzzleInfo",
        lambda attrs: "puzzleInfo" in (attrs.get("class") or "").split(),
        lambda attrs: attrs.get("id") == "puzzleID",
    )
    assert found == "Monthly 40x50"


def test_absent_marker_or_element_is_none():
    assert text_around("<p>x</p>", "nonogram_title", lambda a: True) is None
    assert text_around("<p>nonogram_title</p>", "nonogram_title", lambda a: False) is None
