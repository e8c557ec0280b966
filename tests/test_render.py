"""The drawings: golden text at a fixed width, ASCII, compact mode, colour-free reading."""

from __future__ import annotations

import pytest
from conftest import FIXTURES

from puzzlesat.core import Result, Status, as_grid
from puzzlesat.fetch import read_file
from puzzlesat.kinds.nonogram.board import Nonogram
from puzzlesat.kinds.shikaku.board import Rect, Shikaku
from puzzlesat.kinds.shikaku.draw import PALETTE, region_colours
from puzzlesat.kinds.shikaku.generate import generate
from puzzlesat.load import read_page
from puzzlesat.render import Style, ansi_text, plain_text, result_json
from puzzlesat.solve import solve

WIDTH = 100  # the golden files' width (tools/update_golden.py writes them)

GOLDEN = sorted(FIXTURES.glob("*/*.render.txt"))


def draw(board, result, style, timings=None) -> str:
    return plain_text(board, result, style, timings)


def golden_text(board_path) -> str:
    board = read_page(read_file(str(board_path)))
    return draw(board, solve(board), Style(width=WIDTH, colour=False))


@pytest.mark.parametrize("golden", GOLDEN, ids=[p.name for p in GOLDEN])
def test_fixture_drawings_match_golden_text(golden):
    board_json = golden.with_name(golden.name.replace(".render.txt", ".board.json"))
    assert golden_text(board_json) == golden.read_text(encoding="utf-8")


COLOUR_GOLDEN = sorted(FIXTURES.glob("*/*.render.ansi"))


@pytest.mark.parametrize("golden", COLOUR_GOLDEN, ids=[p.name for p in COLOUR_GOLDEN])
def test_colour_fixture_drawings_match_golden_escape_codes(golden):
    board_json = golden.with_name(golden.name.replace(".render.ansi", ".board.json"))
    board = read_page(read_file(str(board_json)))
    assert ansi_text(board, solve(board), Style(width=WIDTH)) == golden.read_text(encoding="utf-8")


def test_there_are_colour_goldens():
    assert len(COLOUR_GOLDEN) >= 4


def test_there_are_golden_drawings_for_both_kinds():
    assert {p.parent.name for p in GOLDEN} >= {"nonograms.org", "puzzle-shikaku.com"}


SMALL = Nonogram(
    rows=((3,), (2,), (1, 1), (2,), (3,), (1, 1)), cols=((1, 1, 2), (1, 2), (6,), (1,))
)


def test_nonogram_full_ascii_drawing():
    text = draw(SMALL, solve(SMALL), Style(ascii=True, width=80))
    assert text.splitlines()[:5] == [
        "     1",
        "     1 1",
        "     2 2 6 1",
        "  3 ######.",
        "  2 . . ####",
    ]
    assert text.splitlines()[-1] == "unique solution - 4x6 - line logic suffices"
    assert text.isascii()


def test_guide_lines_every_five_cells():
    board = Nonogram(rows=((6,),) * 6, cols=((6,),) * 6)
    lines = draw(board, solve(board), Style(width=80)).splitlines()
    assert lines[1] == "6 " + "██" * 5 + "│" + "██"
    assert lines[6] == "  " + "──" * 5 + "┼" + "──"


def test_compact_mode_when_the_grid_does_not_fit():
    board = Nonogram(rows=((1,), (1,), (1,)), cols=((3,), (), ()))
    result = solve(board)
    compact = draw(board, result, Style(width=3)).splitlines()
    assert compact[:2] == ["█", "▀"]
    assert draw(board, result, Style(width=3, ascii=True)).splitlines()[:3] == ["#..", "#..", "#.."]
    assert "1" in draw(board, result, Style(width=80))  # full mode keeps the clues


def test_multiple_solutions_are_both_drawn_with_differences_marked():
    board = Nonogram(rows=((1,), (1,)), cols=((1,), (1,)))
    result = solve(board)
    text = draw(board, result, Style(width=80))
    assert "solution 1" in text and "solution 2" in text
    assert "▓▓" in text and "░░" in text
    assert "several solutions" in text.splitlines()[-1]


def test_verdict_shows_timings_and_no_solution():
    board = Nonogram(rows=((1,), (1,)), cols=((2,), ()))
    text = draw(board, Result(Status.NONE), Style(width=80), {"solve": 0.5})
    assert text.strip() == "no solution · 2×2 · 500 ms (solve 500)"


GRID = as_grid([[2, 0, 0], [0, 0, 3], [4, 0, 0]])
RECTS = (Rect(0, 0, 1, 2), Rect(0, 2, 3, 1), Rect(1, 0, 2, 2))


def test_shikaku_box_drawing_and_ascii():
    board = Shikaku(grid=GRID)
    result = Result(Status.UNIQUE, (RECTS,))
    text = draw(board, result, Style(width=80, compact=False))
    assert text.splitlines()[:3] == ["┌─────┬──┐", "│ 2   │  │", "├─────┤  │"]
    ascii_text = draw(board, result, Style(width=80, ascii=True, compact=False))
    assert ascii_text.splitlines()[:3] == ["+-----+--+", "| 2   |  |", "+-----+  |"]


def test_touching_rectangles_never_share_a_colour():
    colours = region_colours(Shikaku(grid=GRID), RECTS)
    assert colours[0] != colours[1] and colours[0] != colours[2] and colours[1] != colours[2]


def test_shikaku_json_lists_rectangles():
    data = result_json(Shikaku(grid=GRID), Result(Status.UNIQUE, (RECTS,)), {})
    assert data["puzzle"] == {"grid": [[2, 0, 0], [0, 0, 3], [4, 0, 0]]}
    assert data["solution"][0] == {"top": 0, "left": 0, "height": 1, "width": 2}


def test_colouring_fits_the_palette_on_a_big_board():

    board = Shikaku(grid=as_grid(generate(60, 60, 7)))
    rects = solve(board).solutions[0]
    colours = region_colours(board, rects)
    assert max(colours) < len(PALETTE)
    owner = {cell: i for i, rect in enumerate(rects) for cell in rect.cells()}
    for (r, c), i in owner.items():
        for other in (owner.get((r + 1, c)), owner.get((r, c + 1))):
            assert other is None or other == i or colours[other] != colours[i]


def test_ascii_titles_are_transliterated():
    board = Nonogram(rows=((1,),), cols=((1,),), title="Кошка «½» Café")
    text = plain_text(board, solve(board), Style(ascii=True, colour=False))
    assert text.isascii() and text.splitlines()[0] == "Koshka <<1/2>> Cafe"
