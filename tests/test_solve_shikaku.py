"""Shikaku solving: every fixture is unique and checked; ambiguity and bad boards are reported."""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES, fixture_text

from puzzlesat.core import InvalidPuzzle, Page, Status, as_grid
from puzzlesat.formats import grid_text
from puzzlesat.kinds.shikaku import KIND as shikaku
from puzzlesat.kinds.shikaku.board import Rect, Shikaku
from puzzlesat.kinds.shikaku.generate import generate
from puzzlesat.solve import solve
from puzzlesat.sources.puzzle_family import SHIKAKU

SITE_DIR = "puzzle-shikaku.com"
NAMES = [e["name"] for e in json.loads((FIXTURES / SITE_DIR / "index.json").read_text("utf-8"))]


def board_of(grid) -> Shikaku:
    return Shikaku(grid=as_grid(grid))


def picture(board: Shikaku, rects) -> list[str]:
    """One letter per rectangle, in clue reading order."""
    out = [["?"] * board.width for _ in range(board.height)]
    for letter, rect in zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", rects):
        for r, c in rect.cells():
            out[r][c] = letter
    return ["".join(row) for row in out]


@pytest.mark.parametrize("name", NAMES)
def test_every_fixture_has_one_checked_solution(name):
    board = SHIKAKU.read(Page(source=name, text=fixture_text(SITE_DIR, f"{name}.source.html")))
    result = solve(board)
    assert result.status is Status.UNIQUE
    assert len(result.solutions) == 1
    assert shikaku.is_solution(board, result.solutions[0])


def test_the_5x5_share_link_solution_by_hand():
    # Reasoned by hand: (0,0) can only be the 3 at row 3 col 1 standing upright, (0,1) the
    # 3 beside it; then the top-right 2s lie flat, the 2 at row 2 col 3 stands, and so on.
    board = grid_text.read(Page(source="-", text=fixture_text(SITE_DIR, "easy_5x5_9366068.txt")))
    result = solve(board)
    assert result.status is Status.UNIQUE
    assert picture(board, result.solutions[0]) == [
        "DEBAA",
        "DEBCC",
        "DEFFF",
        "GGJHH",
        "IIJKK",
    ]
    assert result.solutions[0][3] == Rect(top=0, left=0, height=3, width=1)


def test_two_solutions_are_reported_as_multiple():
    board = board_of([[2, 0], [0, 2]])
    result = solve(board)
    assert result.status is Status.MULTIPLE
    first, second = result.solutions
    assert first != second
    assert shikaku.is_solution(board, first) and shikaku.is_solution(board, second)
    pictures = {tuple(picture(board, s)) for s in result.solutions}
    assert pictures == {("AA", "BB"), ("AB", "AB")}


def test_a_board_whose_clues_do_not_add_up_is_invalid():
    with pytest.raises(InvalidPuzzle, match="add up to 5 but the board has 6 cells"):
        solve(board_of([[2, 0, 0], [0, 0, 3]]))


def test_a_clue_without_any_rectangle_is_named():
    # the 4 at row 2, column 1 could only be 2x2, which holds the 2 beside it
    with pytest.raises(InvalidPuzzle, match="clue 4 at row 2, column 1 fits no rectangle"):
        solve(board_of([[0, 0, 0], [4, 2, 0]]))


def test_a_board_without_a_solution_is_none():
    # each clue has a rectangle and the sum is right, but nothing can cover the top-left cell
    board = board_of([[0, 0, 2], [1, 2, 1]])
    assert solve(board).status is Status.NONE


def test_is_solution_rejects_wrong_answers():
    board = board_of([[2, 0], [0, 2]])
    assert not shikaku.is_solution(board, (Rect(0, 0, 1, 2), Rect(0, 0, 1, 2)))
    assert not shikaku.is_solution(board, (Rect(0, 0, 1, 2),))
    assert not shikaku.is_solution(board, (Rect(0, 0, 2, 1), Rect(0, 0, 2, 1)))
    assert shikaku.is_solution(board, (Rect(0, 0, 1, 2), Rect(1, 0, 1, 2)))


@pytest.mark.parametrize("seed", range(4))
def test_a_generated_12x12_board_solves(seed):
    grid = generate(12, 12, seed)
    assert len(grid) == 12 and all(len(row) == 12 for row in grid)
    assert sum(map(sum, grid)) == 144
    assert max(v for row in grid for v in row) <= 36
    board = board_of(grid)
    result = solve(board)
    assert result.status in (Status.UNIQUE, Status.MULTIPLE)
    assert all(shikaku.is_solution(board, s) for s in result.solutions)


def test_the_generator_is_reproducible():
    assert generate(9, 7, 5) == generate(9, 7, 5)
    assert generate(1, 1, 0) == [[1]]
