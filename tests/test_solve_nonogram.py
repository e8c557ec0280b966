"""Nonogram solving: unique / multiple / none, the checker, validation, line-solvability."""

from __future__ import annotations

import gc
import json
import random
from collections import Counter
from pathlib import Path

import pytest
from conftest import brute_force_answers

import puzzlesat.solve
from puzzlesat.core import InvalidPuzzle, Page, ParseError, Status, TooLarge
from puzzlesat.kinds import kind_of
from puzzlesat.kinds.nonogram.board import Nonogram, runs
from puzzlesat.kinds.nonogram.check import is_solution, validate
from puzzlesat.solve import solve
from puzzlesat.sources.nonograms_org import parse

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures" / "nonograms.org"
SHARED_DATA = Path(__file__).parents[1] / ".." / "shared" / "data"

IDS = ("4353", "50196", "66825", "66515", "kacevnik-10x10")
SOLUTION_4353 = (
    (1, 1, 1, 0),
    (0, 0, 1, 1),
    (1, 0, 1, 0),
    (0, 1, 1, 0),
    (1, 1, 1, 0),
    (1, 0, 1, 0),
)


def nonogram(rows, cols) -> Nonogram:
    return Nonogram(rows=tuple(map(tuple, rows)), cols=tuple(map(tuple, cols)))


def fixture_board(puzzle_id: str) -> Nonogram:
    data = json.loads((FIXTURES / f"{puzzle_id}.board.json").read_text(encoding="utf-8"))["puzzle"]
    return nonogram(data["rows"], data["cols"])


@pytest.mark.parametrize("puzzle_id", IDS)
def test_fixture_boards_solve_unique(puzzle_id):
    board = fixture_board(puzzle_id)
    result = solve(board)
    assert result.status is Status.UNIQUE
    assert len(result.solutions) == 1
    assert is_solution(board, result.solutions[0])


@pytest.mark.parametrize("puzzle_id", IDS)
def test_source_picture_is_the_unique_solution(puzzle_id):
    path = FIXTURES / f"{puzzle_id}.source.html"
    board = parse(Page(source=str(path), text=path.read_text(encoding="utf-8")))
    result = solve(board)  # also runs the picture cross-check, which raises on a mismatch
    assert result.status is Status.UNIQUE
    assert result.solutions[0] == board.picture


def test_4353_solution_is_the_known_one():
    result = solve(fixture_board("4353"))
    assert result.solutions == (SOLUTION_4353,)
    known = SHARED_DATA / "known-answers.json"
    if known.exists():
        entry = json.loads(known.read_text(encoding="utf-8"))["nonograms_org"]["4353"]
        assert result.solutions[0] == tuple(tuple(r) for r in entry["solution"])


@pytest.mark.parametrize("name", ["nonogram01", "nonogram02", "nonogram03"])
def test_seed_book_puzzles_solve_unique(name):
    path = SHARED_DATA / "seed-book" / f"{name}.json"
    if not path.exists():
        pytest.skip(f"{path} is not beside the repository")
    data = json.loads(path.read_text(encoding="utf-8"))
    board = nonogram(data["rows"], data["cols"])
    result = solve(board)
    assert result.status is Status.UNIQUE
    assert is_solution(board, result.solutions[0])


def test_two_solutions_come_out_multiple():
    board = nonogram([[1], [1]], [[1], [1]])
    result = solve(board)
    assert result.status is Status.MULTIPLE
    first, second = result.solutions
    assert first != second
    assert is_solution(board, first) and is_solution(board, second)
    assert {first, second} == {((1, 0), (0, 1)), ((0, 1), (1, 0))}


@pytest.mark.parametrize(
    ("rows", "cols"),
    [
        # line logic alone finds the contradiction
        ([[2], []], [[2], []]),
        # every clue fits, totals agree, line logic stalls with all 16 cells unknown; SAT says no
        ([[2], [2], [1], [1, 1]], [[2], [1, 1], [1, 1], [1]]),
    ],
    ids=["line-logic-contradiction", "sat-contradiction"],
)
def test_contradictory_clues_come_out_none(rows, cols):
    board = nonogram(rows, cols)
    validate(board)  # each clue fits its line and the totals agree
    result = solve(board)
    assert result.status is Status.NONE
    assert result.solutions == ()


@pytest.mark.parametrize("was_on", [True, False])
@pytest.mark.parametrize("fails", [False, True])
def test_encoding_runs_with_the_collector_paused_and_gives_it_back(monkeypatch, fails, was_on):
    board = fixture_board("4353")
    kind = kind_of(board)
    seen = []

    def encode(board, progress=None):
        seen.append(gc.isenabled())
        if fails:
            raise TooLarge("stands for any error of an encoding")
        return kind.encode(board, progress)

    monkeypatch.setattr(puzzlesat.solve, "kind_of", lambda board: kind._replace(encode=encode))
    if not was_on:
        gc.disable()
    try:
        for timeout in (None, 5.0):  # the plain solve and the one in a thread
            if fails:
                with pytest.raises(TooLarge):
                    solve(board, timeout=timeout)
            else:
                assert solve(board, timeout=timeout).status is Status.UNIQUE
            assert gc.isenabled() is was_on  # as it was before, whatever the encoding did
    finally:
        gc.enable()
    assert seen == [False, False]


def test_is_solution_rejects_wrong_grids():
    board = fixture_board("4353")
    assert is_solution(board, SOLUTION_4353)
    flipped = tuple(tuple(1 - v for v in row) for row in SOLUTION_4353)
    assert not is_solution(board, flipped)
    assert not is_solution(board, SOLUTION_4353[:-1])
    assert not is_solution(board, tuple(row[:-1] for row in SOLUTION_4353))
    moved = (SOLUTION_4353[1], SOLUTION_4353[0], *SOLUTION_4353[2:])
    assert not is_solution(board, moved)


def test_validate_names_a_row_clue_that_does_not_fit():
    board = nonogram([[1], [1, 1, 1]], [[1], [1], [1, 1]])  # row 2 needs 5 cells of 3
    with pytest.raises(InvalidPuzzle, match=r"row 2 clue \[1, 1, 1\] needs 5 cells"):
        validate(board)
    with pytest.raises(InvalidPuzzle, match="row 2"):
        solve(board)


def test_validate_names_a_column_clue_that_does_not_fit():
    board = nonogram([[1], [1]], [[3], []])
    message = r"column 1 clue \[3\] needs 3 cells but the column has 2"
    with pytest.raises(InvalidPuzzle, match=message):
        validate(board)


def test_validate_refuses_unequal_totals():
    board = nonogram([[1], [1]], [[2], [1]])
    message = "row clues add up to 2 filled cells but the column clues to 3"
    with pytest.raises(InvalidPuzzle, match=message):
        validate(board)


def test_unique_but_not_line_solvable():
    # Tatham's Pattern ID 4x4:2/1/2/1/1.1/2/1/1: the first 4 groups are columns, then rows.
    board = nonogram(rows=[[1, 1], [2], [1], [1]], cols=[[2], [1], [2], [1]])
    result = solve(board)
    assert result.status is Status.UNIQUE
    assert result.facts["line_solvable"] is False
    assert is_solution(board, result.solutions[0])


def test_line_solvable_puzzle_says_so():
    result = solve(fixture_board("66515"))
    assert result.facts["line_solvable"] is True


def test_a_decoded_picture_that_is_not_the_answer_is_a_decoding_problem():
    rows, cols = ((3,), (2,), (1, 1), (2,), (3,), (1, 1)), ((1, 1, 2), (1, 2), (6,), (1,))
    wrong = ((1, 1, 1, 0),) * 6
    with pytest.raises(ParseError, match="picture decoded from the page differs"):
        solve(Nonogram(rows=rows, cols=cols, picture=wrong))


def _random_clues(rng, width, height):
    """Clues of a random grid (solvable), or its rows with the columns of the same grid with
    one row shuffled (equal totals, often no solution)."""
    density = rng.choice((0.3, 0.5, 0.7))
    grid = [[int(rng.random() < density) for _ in range(width)] for _ in range(height)]
    rows = [runs(row) for row in grid]
    if rng.random() < 0.4:
        rng.shuffle(grid[rng.randrange(height)])
    return rows, [runs(col) for col in zip(*grid)]


def test_solution_count_matches_brute_force_on_random_small_puzzles():
    """The encoding (order + counting constraints) against enumeration: status none / unique /
    multiple on 300 boards, about 60 of them with counting constraints."""
    rng = random.Random(20261122)
    seen, counted = Counter(), 0
    for _ in range(300):
        rows, cols = _random_clues(rng, rng.randint(1, 6), rng.randint(1, 5))
        board = nonogram(rows, cols)
        try:
            validate(board)
        except InvalidPuzzle:
            continue
        answers = brute_force_answers(rows, cols, cap=2)
        expected = (Status.NONE, Status.UNIQUE, Status.MULTIPLE)[len(answers)]
        result = solve(board)
        assert result.status is expected, (rows, cols)
        assert all(is_solution(board, grid) for grid in result.solutions)
        seen[expected] += 1
        counted += bool(result.facts.get("counting_constraints"))
    assert min(seen[s] for s in (Status.NONE, Status.UNIQUE, Status.MULTIPLE)) >= 10, seen
    assert counted >= 40
