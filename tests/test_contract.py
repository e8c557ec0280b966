"""The contract every kind, site and file format keeps, checked on what each declares.

A new kind is self-testing through its `Kind.examples`: solved to the status it vouches for,
its board JSON read back, its answer accepted by the checker and a mutated one refused, and
drawn. A new site through its example URLs; a new format through a round trip of every
example board of a kind it holds.
"""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlesat import formats, load, sources
from puzzlesat.cli import main
from puzzlesat.core import Page, Status, UnsupportedPuzzle
from puzzlesat.drawing import Style
from puzzlesat.kinds import BY_NAME, KINDS, kind_named, kind_of
from puzzlesat.letter_runs import encode_cells
from puzzlesat.render import board_json, plain_text
from puzzlesat.render import verdict as verdict_line
from puzzlesat.sat import find_two
from puzzlesat.solve import solve
from puzzlesat.sources.puzzle_family import decode_cells

EXAMPLES = [(kind, example) for kind in KINDS for example in kind.examples]
IDS = [f"{kind.name}-{example.name}" for kind, example in EXAMPLES]


def test_every_kind_vouches_for_each_status():
    for kind in KINDS:
        assert {e.status for e in kind.examples} >= {Status.UNIQUE, Status.MULTIPLE, Status.NONE}


def check_solves_and_draws(kind, example) -> None:
    """The example solves to the status it vouches for, and draws within every style."""
    result = solve(example.board)
    assert result.status is example.status
    assert kind_of(example.board) is kind and isinstance(example.board, kind.board_type)
    for style in (Style(), Style(ascii=True, colour=False), Style(compact=True, width=40)):
        text = plain_text(example.board, result, style)
        verdict = next(
            i for i, line in enumerate(text.splitlines())
            if line.startswith(("unique", "several", "no solution"))
        )
        tail = text.splitlines()[verdict:]  # the verdict, wrapped between words at 40
        assert all(len(line) <= style.width for line in tail if style.width)
        expected = verdict_line(example.board, result, {}, style.ascii).plain
        assert " ".join(line.rstrip() for line in tail) == expected  # wrapped at spaces
        if style.ascii:
            assert text.isascii()


def check_board_json_round_trips(kind, example) -> None:
    """board -> board JSON -> board gives the board back, its title and ID too, and the
    page's hash with the task it covers where its board keeps them (every grid board: a
    saved board is checked against its page)."""
    boards = [example.board]
    if {"hashed_solution", "site_task"} <= {f.name for f in dataclasses.fields(example.board)}:
        boards.append(
            dataclasses.replace(example.board, hashed_solution="ab" * 16, site_task="a2b"))
    for before in boards:
        again = load.read_page(Page("example.json", json.dumps(board_json(before))))
        assert kind_of(again) is kind
        assert kind.to_json(again) == kind.to_json(before)
        for name in ("title", "puzzle_id", "hashed_solution", "site_task"):
            assert getattr(again, name, None) == getattr(before, name, None)


def check_checker(kind, example) -> None:
    """The checker takes each answer and refuses every answer one variable away."""
    result = solve(example.board)
    for answer in result.solutions:
        assert kind.is_solution(example.board, answer)
    if result.status is Status.UNIQUE:  # every other assignment is not an answer
        (values,) = find_two(kind.encode(example.board)).models
        assert kind.decode(example.board, values) == result.solutions[0]
        for i in range(len(values)):
            changed = [v != (j == i) for j, v in enumerate(values)]
            assert not kind.is_solution(example.board, kind.decode(example.board, changed))


def check_kind(kind) -> None:
    """Every check of the contract on every example of `kind` (a kind declared elsewhere,
    a test's own, calls this)."""
    assert {e.status for e in kind.examples} >= {Status.UNIQUE, Status.MULTIPLE, Status.NONE}
    for example in kind.examples:
        check_solves_and_draws(kind, example)
        check_board_json_round_trips(kind, example)
        check_checker(kind, example)


@pytest.mark.parametrize("kind, example", EXAMPLES, ids=IDS)
def test_an_example_solves_to_its_status_and_draws(kind, example):
    check_solves_and_draws(kind, example)


@pytest.mark.parametrize("kind, example", EXAMPLES, ids=IDS)
def test_the_board_json_round_trips(kind, example):
    check_board_json_round_trips(kind, example)


@pytest.mark.parametrize("kind, example", EXAMPLES, ids=IDS)
def test_the_checker_takes_each_answer_and_refuses_a_changed_one(kind, example):
    check_checker(kind, example)


def check_site(site) -> None:
    """Each example URL of the site is its own, and asks for something."""
    assert site.examples
    for url in site.examples:
        assert sources.site_for_url(url) is site
        assert site.requests(url)


@pytest.mark.parametrize("site", sources.SITES, ids=[s.name for s in sources.SITES])
def test_each_example_url_is_its_sites(site):
    check_site(site)


@pytest.mark.parametrize("fmt", formats.FORMATS, ids=[f.name for f in formats.FORMATS])
def test_each_format_reads_back_what_it_writes(fmt):
    held = [(k, e) for k, e in EXAMPLES if not fmt.kinds or k.name in fmt.kinds]
    assert held
    if fmt.read is None:  # written for other tools only (a Sugar program): nothing to read
        assert all(fmt.write(example.board).strip() for _, example in held)
        return
    written = 0
    for kind, example in held:
        if fmt.name == "taai" and example.board.width != example.board.height:
            continue
        try:
            text = fmt.write(example.board)
        except UnsupportedPuzzle:  # a board the format cannot hold: a colour puzzle in a
            continue  # black-and-white format, a 2x2 in Tatham's Unequal (3 to 32 a side)
        written += 1
        assert load.recognise(text) is fmt, (fmt.name, example.name, text)
        again = fmt.read(Page("written", text))
        assert kind.to_json(again) == kind.to_json(example.board)
    assert written, fmt.name


def test_a_board_json_of_a_kind_puzzlesat_lacks_is_exit_65(tmp_path, capsys):
    path = tmp_path / "board.json"
    path.write_text(json.dumps({"kind": "kurotto", "puzzle": {"grid": [[0, 7], [7, 0]]}}))
    assert main(["solve", str(path)]) == 65
    err = capsys.readouterr().err
    assert "no puzzle kind 'kurotto'" in err and all(name in err for name in BY_NAME)
    assert err.count("\n") == 1


def test_the_kind_named_in_board_json_wins_over_its_keys():
    nonogram = kind_named("nonogram")
    text = json.dumps({"kind": "nonogram", "puzzle": {"rows": [[1]], "cols": [[1]], "grid": 1}})
    assert kind_of(load.read_page(Page("b.json", text))) is nonogram


@given(st.lists(st.integers(0, 40), min_size=1, max_size=60))
def test_the_task_encoder_is_the_decoders_inverse(cells):
    assert decode_cells(encode_cells(cells), len(cells), 1) == cells
