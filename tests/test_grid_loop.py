"""The loop games' shared answer (grid/loop.py): its shape check, the one-loop check that
twins the solver's rule, and the y/n text the site hashes, on real site pairs."""

from __future__ import annotations

import json

import pytest
from conftest import SHARED_DATA

from puzzlesat.grid.loop import Loop, answer_json, is_one_loop, links, site_answer
from puzzlesat.kinds import kind_named
from puzzlesat.site_check import hashed
from puzzlesat.solve import solve
from puzzlesat.sources.puzzle_family import BY_NAME, Task

SQUARE = Loop(((1,), (1,)), ((1, 1),))  # the four edges of 2 x 2 points
TWO_SQUARES = Loop(((1, 0, 1), (1, 0, 1)), ((1, 1, 1, 1),))  # 2 x 4 points, two loops


def test_a_square_is_one_loop_and_its_json_and_text_follow_the_edge_rows():
    assert is_one_loop(links(2, 2, SQUARE))
    assert answer_json(SQUARE) == {"horizontal": [[1], [1]], "vertical": [[1, 1]]}
    assert site_answer(None, SQUARE) == "yyyy"


@pytest.mark.parametrize("answer", [
    TWO_SQUARES,  # every point of degree 2, but two parts
    Loop(((0, 0, 0), (0, 0, 0)), ((0, 0, 0, 0),)),  # no edge at all
    Loop(((1, 1, 1), (1, 0, 1)), ((1, 1, 1, 1),)),  # a point of degree 3
])
def test_what_is_not_one_loop_is_refused(answer):
    assert not is_one_loop(links(2, 4, answer))


def test_rows_of_the_wrong_shape_have_no_links():
    assert links(2, 3, SQUARE) is None and links(3, 2, SQUARE) is None
    assert not is_one_loop(None)


@pytest.mark.parametrize("game, kind", [("masyu", "masyu"), ("loop", "slitherlink")])
def test_the_smallest_real_pair_solves_to_the_sites_text_and_hash(game, kind):
    lines = (SHARED_DATA / "genres" / game / "site-pairs.jsonl").read_text(encoding="utf-8")
    entry = min(map(json.loads, lines.splitlines()), key=lambda e: e["width"] * e["height"])
    genre = BY_NAME[game]
    board = genre.decode(Task(genre, entry["task"], entry["width"], entry["height"], "site"))
    text = kind_named(kind).site_answer(board, solve(board).solutions[0])
    assert text == entry["answer"] and hashed(entry["task"], text) == entry["hashedSolution"]
