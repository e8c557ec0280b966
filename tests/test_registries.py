"""The registries of kinds, sites and formats are lazy: a module is imported only when its
input is met or its name asked, so loading and solving a board JSON pays for the board JSON
format and the board's own kind, no site and no other format or kind."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from conftest import FIXTURES

from puzzlesat import load
from puzzlesat.core import Page, ParseError, UnsupportedSource
from puzzlesat.kinds import board_record

SOLVE_AND_LIST = """
import sys
from puzzlesat.cli import main
code = main(["solve", "-q", sys.argv[1]])
print("\\n" + " ".join(sorted(m for m in sys.modules if m.startswith("puzzlesat"))))
sys.exit(code)
"""


def modules_for_solving(path) -> set[str]:
    """The puzzlesat modules a fresh interpreter holds after `puzzlesat solve -q path`."""
    proc = subprocess.run(
        [sys.executable, "-c", SOLVE_AND_LIST, str(path)],
        capture_output=True, text=True, timeout=120, env=os.environ.copy(),
    )
    assert proc.returncode == 0, proc.stderr
    return set(proc.stdout.splitlines()[-1].split())


def test_solving_a_board_json_imports_no_site_no_other_kind_and_no_other_format():
    modules = modules_for_solving(FIXTURES / "nonograms.org" / "4353.board.json")
    sites = {m for m in modules if m.startswith("puzzlesat.sources.")}
    kinds = {m.split(".")[2] for m in modules if m.startswith("puzzlesat.kinds.")}
    readers = {m for m in modules if m.startswith("puzzlesat.formats.")}
    assert sites == set()
    assert kinds == {"nonogram"}
    assert readers == {"puzzlesat.formats.board_json", "puzzlesat.formats.format"}


def test_a_file_of_sudoku_lines_imports_no_other_reader_and_no_drawing(tmp_path):
    """The readers tried before Sudoku lines (TAAI, .non, .nin) say cheaply that the file is
    not theirs, and the nonograms' clue module is not needed; -q draws nothing."""
    path = tmp_path / "two.txt"
    line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    path.write_text(f"{line}\n{line}\n")
    modules = modules_for_solving(path)
    readers = {m for m in modules if m.startswith("puzzlesat.formats.")}
    assert readers == {"puzzlesat.formats.sudoku_lines", "puzzlesat.formats.format"}
    assert not {m for m in modules if m.endswith((".draw", ".picture"))}
    assert not {m for m in modules if m.startswith("puzzlesat.sources.")}


FAMILY_PAGES = {
    "light_up": FIXTURES / "puzzle-light-up.com" / "easy_7x7_309662.source.html",
    "masyu": FIXTURES / "puzzle-masyu.com" / "easy_6x6_1044580.source.html",
    "dominosa": FIXTURES / "puzzle-dominosa.com" / "double_6_4815162.source.html",
}


@pytest.mark.parametrize("game", list(FAMILY_PAGES))
def test_a_family_page_imports_its_own_game_and_kind_alone(game):
    """A family page is read by its game only: its kind is the one kind imported, its game
    module the one game module, and nonograms.org's reader (whose markup a family page's
    `var` might have looked like) is never imported."""
    modules = modules_for_solving(FAMILY_PAGES[game])
    kinds = {m.split(".")[2] for m in modules if m.startswith("puzzlesat.kinds.")}
    family_games = {m.rsplit(".", 1)[1] for m in modules
                    if m.startswith("puzzlesat.sources.puzzle_family.games.")}
    assert kinds == {game}
    assert family_games == {game}
    assert "puzzlesat.sources.nonograms_org" not in modules


def test_title_and_puzzle_id_survive_a_board_json_round_trip():
    text = (FIXTURES / "puzzle-shikaku.com" / "easy_5x5_9366068.board.json").read_text()
    board = load.read_page(Page("easy.json", json.dumps({
        "kind": "shikaku", "title": "Easy 5x5", "puzzle_id": "9366068",
        "puzzle": {"grid": json.loads(text)["puzzle"]["grid"]},
    })))
    assert (board.title, board.puzzle_id) == ("Easy 5x5", "9366068")
    again = load.read_page(Page("again.json", json.dumps(board_record(board))))
    assert again == board


def test_keys_alone_read_only_the_shapes_written_before_kind():
    grid = {"grid": [[2, 0], [0, 2]]}
    assert load.read_page(Page("g.json", json.dumps(grid))).kind == "shikaku"
    with pytest.raises(ParseError, match="needs a \"kind\""):
        load.read_page(Page("t.json", json.dumps({"count": 2, "length": 4})))
    with pytest.raises(UnsupportedSource, match="no puzzle kind 'toy'"):
        load.read_page(Page("t.json", json.dumps({"kind": "toy", "puzzle": {}})))
