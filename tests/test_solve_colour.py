"""Colour nonograms: the colour line solver against brute force, whole puzzles against brute
force and known answers, errors that say what to do, and drawings in colour and in letters."""

from __future__ import annotations

import io
import itertools
import json

import pytest
import responses
from conftest import FIXTURES, SHARED_DATA
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from puzzlesat.cli import main
from puzzlesat.core import InvalidPuzzle, Status
from puzzlesat.kinds.nonogram.board import colour_runs, from_json, from_picture
from puzzlesat.kinds.nonogram.check import is_solution, validate
from puzzlesat.kinds.nonogram.lines import ColourAutomaton
from puzzlesat.render import Style, plain_text, render
from puzzlesat.solve import solve

COLOUR_SET = SHARED_DATA / "nonogram" / "colour" / "colour-set.jsonl"
KNOWN_ANSWERS = SHARED_DATA / "known-answers.json"
needs_data = pytest.mark.skipif(
    not (KNOWN_ANSWERS.exists() and COLOUR_SET.exists()), reason="../shared/data is not there"
)
PALETTE = ("fbf204", "000000", "f4951c", "4e79a7", "59a14f", "e15759")
RB = ["ff0000", "0000ff"]


def _brute_line(clue, colours, known, ncolours):
    """Every value each cell can take in some filling of the line that shows the clue."""
    out = [0] * len(known)
    found = False
    for cells in itertools.product(range(ncolours + 1), repeat=len(known)):
        if all(known[i] >> v & 1 for i, v in enumerate(cells)) and colour_runs(cells) == (
            clue,
            colours,
        ):
            found = True
            for i, v in enumerate(cells):
                out[i] |= 1 << v
    return out if found else None


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_the_colour_line_solver_is_exact(data):
    ncolours = data.draw(st.integers(1, 3))
    n = data.draw(st.integers(0, 7))
    picture = data.draw(st.lists(st.integers(0, ncolours), min_size=n, max_size=n))
    clue, colours = colour_runs(picture)
    everything = (1 << (ncolours + 1)) - 1
    known = data.draw(st.lists(st.integers(1, everything), min_size=n, max_size=n))
    swept = ColourAutomaton(clue, colours).sweep(known)
    expected = _brute_line(clue, colours, known, ncolours)
    assert (swept[0] if swept else None) == expected


def _brute_count(board, ncolours) -> int:
    """Answers of a small board, counted up to two, row by row."""
    rows = [
        [
            cells
            for cells in itertools.product(range(ncolours + 1), repeat=board.width)
            if colour_runs(cells) == (clue, colours)
        ]
        for clue, colours in zip(board.rows, board.row_colours)
    ]
    count = 0
    for grid in itertools.product(*rows):
        if all(
            colour_runs(col) == clue
            for col, clue in zip(zip(*grid), zip(board.cols, board.col_colours))
        ):
            count += 1
            if count == 2:
                break
    return count


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_small_colour_puzzles_agree_with_brute_force(data):
    ncolours = data.draw(st.integers(2, 3))
    h, w = data.draw(st.integers(1, 4)), data.draw(st.integers(1, 4))
    cells = st.integers(0, ncolours)
    picture = data.draw(st.lists(st.lists(cells, min_size=w, max_size=w), min_size=h, max_size=h))
    board = from_picture(picture, PALETTE[:ncolours])
    result = solve(board)
    expected = (Status.NONE, Status.UNIQUE, Status.MULTIPLE)[_brute_count(board, ncolours)]
    assert result.status is expected
    for answer in result.solutions:  # the answer shows the same clues
        assert from_picture(answer, PALETTE[:ncolours]) == board
        assert is_solution(board, answer)


def test_a_colour_puzzle_with_no_answer():
    board = from_json(
        {
            "colors": ["ff0000", "0000ff"],
            "rows": [[[1, 1], [1, 2]], []],
            "cols": [[[1, 2]], [[1, 1]]],
        },
        "",
    )
    assert solve(board).status is Status.NONE


def _colour_set():
    """The shared colour set; none where ../shared/data is not beside this checkout (the
    tests built on it are then skipped, not broken at collection)."""
    if not COLOUR_SET.exists():
        return []
    return [json.loads(line) for line in COLOUR_SET.read_text().splitlines()]


@pytest.mark.parametrize("puzzle", _colour_set(), ids=lambda p: p["name"])
def test_the_colour_set_solves_to_its_known_answers(puzzle):
    board = from_json({k: puzzle[k] for k in ("colors", "rows", "cols")}, puzzle["name"])
    result = solve(board, isolate=True)
    assert result.status is Status.UNIQUE
    assert [list(row) for row in result.solutions[0]] == puzzle["solution"]


def test_a_long_colour_puzzle_needs_search_and_stays_unique():
    """Line logic does not finish this one; the order encoding with colour gaps does."""
    picture = [[(r * 7 + c * 3) % 4 for c in range(12)] for r in range(12)]
    board = from_picture(picture, PALETTE[:3])
    result = solve(board)
    assert result.status in (Status.UNIQUE, Status.MULTIPLE)
    assert all(is_solution(board, answer) for answer in result.solutions)


@pytest.mark.parametrize(
    "puzzle, message",
    [
        (
            {"colors": RB, "rows": [[[2, 1]], [[1, 2]]], "cols": [[[1, 1]], [[1, 1]]]},
            "colour 2 (#0000ff): the rows need 1 cells of it, the columns 0",
        ),
        (
            {"colors": RB, "rows": [[[1, 1], [1, 1]]], "cols": [[[1, 1]], [[1, 1]]]},
            "row 1 clue [[1, 1], [1, 1]] needs 3 cells but the row has 2",
        ),
    ],
)
def test_colour_clues_that_cannot_hold_say_why(puzzle, message):
    with pytest.raises(InvalidPuzzle) as error:
        validate(from_json(puzzle, ""))
    assert message in str(error.value)


def test_blocks_of_different_colours_may_touch_but_not_of_one():
    touching = from_json(
        {"colors": ["ff0000", "0000ff"], "rows": [[[1, 1], [1, 2]]], "cols": [[[1, 1]], [[1, 2]]]},
        "",
    )
    assert solve(touching).solutions == (((1, 2),),)
    same = from_json(
        {"colors": ["ff0000", "0000ff"], "rows": [[[1, 1], [1, 1]]], "cols": [[[1, 1]], [[1, 1]]]},
        "",
    )
    with pytest.raises(InvalidPuzzle):
        validate(same)


def _uk():
    puzzle = next(p for p in _colour_set() if p["name"].startswith("UK"))
    return from_json({k: puzzle[k] for k in ("colors", "rows", "cols")}, "")


@needs_data
def test_drawn_in_letters_without_colour_with_a_legend():
    board = _uk()
    text = plain_text(board, solve(board), Style(width=None, colour=False))
    assert "a #0000ff, b #ff0000" in text
    assert "bbbbbb" in text and "3b" in text and "11a" in text
    ascii_text = plain_text(board, solve(board), Style(width=None, ascii=True, colour=False))
    assert ascii_text.isascii() and "a #0000ff, b #ff0000" in ascii_text


@needs_data
def test_drawn_in_true_colours():
    board = _uk()
    out = io.StringIO()
    console = Console(file=out, color_system="truecolor", force_terminal=True, width=200)
    for part in render(board, solve(board), {}, Style(width=200)).parts:
        console.print(part, soft_wrap=True)
    text = out.getvalue()
    assert "38;2;0;0;255" in text and "38;2;255;0;0" in text  # blue and red cells
    assert "48;2;255;0;0" in text  # a clue number on its block's red


def test_compact_colour_half_blocks_carry_both_cells_colours():
    board = from_picture([[1], [2]], PALETTE[2:4])
    out = io.StringIO()
    console = Console(file=out, color_system="truecolor", force_terminal=True, width=80)
    for part in render(board, solve(board), {}, Style(compact=True, width=80)).parts:
        console.print(part, soft_wrap=True)
    assert "▀" in out.getvalue() and "38;2;244;149;28;48;2;78;121;167" in out.getvalue()


def test_colours_a_theme_would_hide_are_drawn_a_shade_that_shows_in_half_blocks_too():
    """Yellow over black: one half block, yellow a shade deeper and black a dark grey, each
    showing on a dark and a light terminal (test_terminal_colours.py)."""
    board = from_picture([[1], [2]], PALETTE[:2])
    text = render(board, solve(board), {}, Style(compact=True, width=80)).parts[0]
    assert text.plain == "▀"
    assert {str(span.style) for span in text.spans} == {"#e2da04 on #404040"}


@pytest.mark.parametrize("compact", [False, True])
def test_a_run_of_a_colour_a_theme_would_hide_is_one_solid_bar_not_stripes(compact):
    """Black, yellow and white runs: whole blocks, no half-block frame between cells."""
    board = from_picture([[1, 1, 1, 2, 2, 3, 3, 3]], ("000000", "ffff00", "ffffff"))
    text = render(board, solve(board), {}, Style(compact=compact, width=80)).parts[0]
    cells = text.plain.splitlines()[-1].replace("│", "").split(" ")[-1]  # past the clues
    assert cells == ("▀" * 8 if compact else "█" * 16)


@needs_data
def test_colour_board_json_end_to_end(tmp_path, capsys):
    puzzle = next(p for p in _colour_set() if p["colors"] and len(p["colors"]) == 6)
    path = tmp_path / "colour.json"
    path.write_text(
        json.dumps(
            {"kind": "nonogram", "puzzle": {k: puzzle[k] for k in ("colors", "rows", "cols")}}
        )
    )
    assert main(["solve", str(path), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "unique" and record["solution"] == puzzle["solution"]
    assert record["puzzle"]["colors"] == puzzle["colors"]
    assert record["puzzle"]["rows"] == puzzle["rows"]
    assert main(["solve", str(path), "--ascii"]) == 0
    out = capsys.readouterr().out
    assert out.isascii() and "a #" in out


NONOGRAMS_ORG = FIXTURES / "nonograms.org"


@needs_data
@pytest.mark.parametrize("shape", ["source", "table"])
def test_4374_solves_from_its_page_and_its_devtools_copy(capsys, shape):
    known = json.loads(KNOWN_ANSWERS.read_text())["nonograms_org"]["4374"]
    assert main(["solve", str(NONOGRAMS_ORG / f"4374.{shape}.html"), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "unique" and record["solution"] == known["solution"]
    assert record["puzzle"]["colors"] == known["colors"]


@responses.activate
def test_a_colour_url_is_fetched_from_nonograms2_and_solved(capsys):
    url = "https://www.nonograms.org/nonograms/i/4374"
    responses.get(url, status=404)
    responses.get(
        "https://www.nonograms.org/nonograms2/i/4374",
        body=(NONOGRAMS_ORG / "4374.source.html").read_text(),
        content_type="text/html; charset=utf-8",
    )
    assert main(["solve", url, "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "unique" and len(record["puzzle"]["colors"]) == 3


@needs_data
@pytest.mark.parametrize("name", ["colour-29x24", "colour-3x3", "uk-flag-31x15"], ids=lambda n: n)
def test_colour_fixtures_solve_to_the_colour_set_answers(capsys, monkeypatch, name):
    table = (NONOGRAMS_ORG / f"{name}.table.html").read_text()
    monkeypatch.setattr("sys.stdin", io.StringIO(table))
    assert main(["solve", "--json"]) == 0  # pasted devtools copy
    record = json.loads(capsys.readouterr().out)
    known = {tuple(map(tuple, p["solution"])) for p in _colour_set()}
    assert record["status"] == "unique"
    assert tuple(map(tuple, record["solution"])) in known
