"""Shikaku through the command line: board copies, page sources, URLs of every kind."""

from __future__ import annotations

import io
import json

import responses
from conftest import FIXTURES

from puzzlesat.cli import main

SITE = FIXTURES / "puzzle-shikaku.com"
EASY_PAGE = (SITE / "easy_5x5_9366068.source.html").read_text()
EASY_RECTS = 11  # one rectangle per clue of the 5x5 share-link board


class Stdin(io.StringIO):
    def isatty(self) -> bool:
        return False


def solve_json(argv, capsys) -> tuple[int, dict]:
    code = main(["solve", *argv, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out) if out else {}


def test_board_copy_on_stdin_is_cut_into_rectangles(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", Stdin((SITE / "easy_5x5_9366068.board.html").read_text()))
    assert main(["solve", "-", "--ascii", "--full"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("+--+--+--+-----+")
    assert (
        out.splitlines()[-1] == "unique solution - 5x5 - " + out.splitlines()[-1].split(" - ", 2)[2]
    )


def test_page_source_file_to_json(capsys):
    code, data = solve_json([str(SITE / "monthly_40x50.source.html")], capsys)
    assert code == 0 and data["kind"] == "shikaku" and data["status"] == "unique"
    assert (data["width"], data["height"]) == (40, 50)
    assert sum(r["height"] * r["width"] for r in data["solution"]) == 2000


def test_grid_text_file(capsys):
    code, data = solve_json([str(SITE / "easy_5x5_9366068.txt")], capsys)
    assert code == 0 and len(data["solution"]) == EASY_RECTS


@responses.activate
def test_random_size_url_says_so_and_gives_the_id(capsys):
    url = "https://www.puzzle-shikaku.com/?size=0"
    responses.get(url, body=EASY_PAGE)
    assert main(["solve", url, "--ascii"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # the note wraps at the terminal width
    assert "a fresh random puzzle; ID 9,366,068" in out
    assert "puzzlesat solve shikaku:9366068@0" in out
    assert main(["solve", url, "--json"]) == 0  # random pages are never cached
    assert len(responses.calls) == 2
    capsys.readouterr()


@responses.activate
def test_share_link_is_fetched_as_is_and_cached(capsys):
    url = "https://www.puzzle-shikaku.com/?e=MDo5LDM2NiwwNjg="
    responses.get(url, body=EASY_PAGE)
    for _ in range(2):
        code, data = solve_json([url], capsys)
        assert code == 0 and data["puzzle_id"] == "9366068"
    assert len(responses.calls) == 1


@responses.activate
def test_specific_puzzle_by_id_posts_the_sites_form(capsys):
    responses.post("https://fr.puzzle-shikaku.com/", body=EASY_PAGE)
    code, data = solve_json(
        ["https://fr.puzzle-shikaku.com/?specific=1&size=0&specid=9366068"], capsys
    )
    assert code == 0 and data["status"] == "unique"
    assert responses.calls[0].request.body == "specific=1&specid=9366068&size=0"


@responses.activate
def test_shorthand_id(capsys):
    responses.post("https://www.puzzle-shikaku.com/", body=EASY_PAGE)
    code, data = solve_json(["shikaku:9,366,068@0"], capsys)
    assert code == 0 and len(data["solution"]) == EASY_RECTS
    assert "specid=9366068" in responses.calls[0].request.body


@responses.activate
def test_a_page_of_another_genre_is_refused_by_name(capsys):
    url = "https://www.puzzle-shikaku.com/?size=0"
    responses.get(url, body=(SITE / "bad" / "slant_5x5.source.html").read_text())
    assert main(["solve", url]) == 65
    err = capsys.readouterr().err
    assert "Slant" in err and "shikaku" in err


def test_board_copy_with_a_missing_cell(capsys):
    assert main(["solve", str(SITE / "bad" / "missing_cell.board.html")]) == 65
    assert "copy the whole board" in capsys.readouterr().err


def test_task_that_does_not_fill_the_board(capsys):
    assert main(["solve", str(SITE / "bad" / "task_short.source.html")]) == 65
    assert "cells" in capsys.readouterr().err


def test_two_solutions_and_no_solution(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", Stdin(json.dumps({"grid": [[2, 0], [0, 2]]})))
    code, data = solve_json(["-"], capsys)
    assert code == 0 and data["status"] == "multiple"
    assert data["solution"] != data["other_solution"]
    monkeypatch.setattr("sys.stdin", Stdin("2 0 0\n0 0 0\n0 0 7\n"))
    assert main(["solve", "-"]) == 1
    assert "fits no rectangle" in capsys.readouterr().err


def test_compact_plain_text_never_runs_two_clues_together():
    """A 4 beside a 40 in plain text: ` 440` would read as one number, so the 40 is `##`
    and the legend gives it; a 40 after a letter keeps its digits."""
    from puzzlesat.drawing import Style
    from puzzlesat.kinds.shikaku.board import Rect, Shikaku
    from puzzlesat.kinds.shikaku.draw import draw

    grid = [[0] * 11 for _ in range(4)]
    grid[0][0], grid[0][1] = 4, 40
    board = Shikaku(grid=tuple(map(tuple, grid)))
    rects = (Rect(0, 0, 4, 1), Rect(0, 1, 4, 10))
    drawing = draw(board, rects, None, Style(compact=True, colour=False))
    assert drawing.picture.plain.splitlines()[0].startswith(" 4##")
    assert drawing.legend == ("## is a clue that does not fit its cell here: 40 at row 1 column 2",)
    grid[0][0], grid[3][0] = 0, 4
    board = Shikaku(grid=tuple(map(tuple, grid)))
    drawing = draw(board, rects, None, Style(compact=True, colour=False))
    assert drawing.picture.plain.splitlines()[0][2:4] == "40"
