"""The site's own check: a puzzle-*.com page's `hashedSolution` is the md5 of its task
followed by one `y`/`n` a cell in reading order (sites.md 3g). Only real pairs prove the
rule: the puzzle-nonograms.com 5x5 of known-answers.json end to end, the Star Battle 5x5 and
the two saved puzzle-light-up.com pages by the rule itself (their answers found here by a
small solver of the test's own, not by puzzlesat's)."""

from __future__ import annotations

import hashlib
import json
import re

import pytest
from conftest import FIXTURES, SHARED_DATA, streams, written
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Minisat22

from puzzlesat.cli import main
from puzzlesat.core import Page
from puzzlesat.site_check import hashed, yes_no
from puzzlesat.sources.puzzle_family import BY_NAME
from puzzlesat.sources.puzzle_family.page import read_task

HASH = re.compile(r"hashedSolution: '[0-9a-f]{32}'")
LIGHT_UP_PAGES = sorted((SHARED_DATA / "genres" / "light-up" / "pages").glob("*.html"))


def _known_5x5() -> dict:
    known = json.loads((SHARED_DATA / "known-answers.json").read_text(encoding="utf-8"))
    return known["puzzle_nonograms_com"]["5x5_task"]


def _nonograms_page(tmp_path, hashed_solution: str):
    """The puzzle-nonograms.com page of the real 5x5 task, with the given hashedSolution."""
    known = _known_5x5()
    page = (FIXTURES / "puzzle-nonograms.com" / "real_5x5.source.html").read_text()
    assert f"var task = '{known['task']}'" in page
    page = HASH.sub(f"hashedSolution: '{hashed_solution}'", page, count=1)
    assert hashed_solution in page
    path = tmp_path / "5x5.source.html"
    path.write_text(page, encoding="utf-8")
    return path


def _solve_json(*argv: str) -> tuple[int, dict, str]:
    env = streams()
    code = main(["solve", "--json", *argv], env=env)
    return code, json.loads(written(env)), env.stderr.getvalue()


def test_the_real_nonograms_5x5_matches_its_page(tmp_path):
    path = _nonograms_page(tmp_path, _known_5x5()["hashedSolution"])
    code, record, err = _solve_json(str(path))
    assert (code, record["status"], record["site_check"], err) == (0, "unique", "match", "")
    env = streams()
    assert main(["solve", "-q", str(path)], env=env) == 0
    assert written(env).startswith("unique, the site's · 5×5")


def test_a_page_whose_hash_differs_by_one_digit_is_a_mismatch(tmp_path):
    real = _known_5x5()["hashedSolution"]
    altered = real[:-1] + ("0" if real[-1] != "0" else "1")
    path = _nonograms_page(tmp_path, altered)
    code, record, err = _solve_json(str(path))
    assert (code, record["status"], record["site_check"]) == (65, "unique", "mismatch")
    assert record["solution"] is not None  # the answer is still given
    assert err.startswith("puzzlesat: warning: the answer differs from the site's")
    assert err.count("\n") == 1
    env = streams()
    assert main(["solve", str(path)], env=env) == 65
    assert "\nunique, not site's · 5×5" in written(env)
    assert env.stderr.getvalue().count("\n") == 1


def test_a_saved_board_keeps_the_check(tmp_path):
    """`parse` keeps the page's hash and task in board JSON, so the board solved later is
    still checked against the site."""
    path = _nonograms_page(tmp_path, _known_5x5()["hashedSolution"])
    env = streams()
    assert main(["parse", str(path)], env=env) == 0
    board = json.loads(written(env))
    assert board["hashed_solution"] == _known_5x5()["hashedSolution"]
    assert board["site_task"] == _known_5x5()["task"]
    saved = tmp_path / "board.json"
    saved.write_text(json.dumps(board))
    assert _solve_json(str(saved))[1]["site_check"] == "match"


@pytest.mark.parametrize(
    "change, message",
    [
        ({"hashed_solution": "abc"}, "32 hex digits"),
        ({"site_task": None}, '"site_task"'),
    ],
)
def test_board_json_with_a_broken_check_is_refused(tmp_path, change, message):
    path = _nonograms_page(tmp_path, _known_5x5()["hashedSolution"])
    env = streams()
    main(["parse", str(path)], env=env)
    board = {**json.loads(written(env)), **change}
    saved = tmp_path / "board.json"
    saved.write_text(json.dumps({k: v for k, v in board.items() if v is not None}))
    code, record, err = _solve_json(str(saved))
    assert code == 65 and message in record["error"]["message"]


def _sudoku_page(tmp_path, hashed_solution: str, name: str = "sudoku"):
    """The Sudoku fixture page (a real task) with the given hashedSolution."""
    page = (FIXTURES / "puzzle-sudoku.com" / "basic_9x9_1238537.source.html").read_text()
    page = HASH.sub("", page).replace(
        "task: task,", f"task: task, hashedSolution: '{hashed_solution}',")
    path = tmp_path / f"{name}.source.html"
    path.write_text(page)
    return path


def _sudoku_text() -> tuple[str, str]:
    """(task, the text its page hashes) of the Sudoku fixture: its known answer's digits
    joined by commas (genres.md section 2)."""
    index = json.loads((FIXTURES / "puzzle-sudoku.com" / "index.json").read_text())
    entry = next(entry for entry in index if entry["name"] == "basic_9x9_1238537")
    return entry["task"], ",".join(str(digit) for row in entry["answer"] for digit in row)


def test_a_sudoku_page_is_checked_by_its_digits_and_commas(tmp_path):
    """The fixture's known answer hashed so is the site's, and --json gives that text."""
    task, text = _sudoku_text()
    code, record, err = _solve_json(str(_sudoku_page(tmp_path, hashed(task, text))))
    assert (code, record["site_check"], record["site_answer"], err) == (0, "match", text, "")
    code, record, _ = _solve_json(str(_sudoku_page(tmp_path, "0" * 32)))
    assert (code, record["status"], record["site_check"]) == (65, "unique", "mismatch")


def test_a_batch_of_sudoku_pages_is_checked_as_one_page_is(tmp_path):
    """Sudokus in a batch are solved many at once (the kind's own solve_many), each still
    checked against its page."""
    task, text = _sudoku_text()
    good = _sudoku_page(tmp_path, hashed(task, text), "good")
    bad = _sudoku_page(tmp_path, "0" * 32, "bad")
    env = streams()
    assert main(["solve", "--json", "--jobs", "1", str(good), str(bad)], env=env) == 65
    records = [json.loads(line) for line in written(env).splitlines()]
    assert [(r["site_check"], r["site_answer"]) for r in records] == [
        ("match", text), ("mismatch", text)]


def test_a_puzzle_of_no_family_page_says_unknown():
    code, record, _ = _solve_json(str(FIXTURES / "nonograms.org" / "4353.source.html"))
    assert (code, record["site_check"]) == (0, "unknown") and "site_answer" not in record


# ------------------------------------------------------------------ the rule on real pairs


def test_the_rule_on_the_real_star_battle_5x5():
    line = (SHARED_DATA / "genres" / "star-battle" / "site-tasks.jsonl").read_text().splitlines()
    pair = next(json.loads(text) for text in line if json.loads(text).get("hashedSolution"))
    stars = [[ch == "y" for ch in pair["answer"][r * 5 : r * 5 + 5]] for r in range(5)]
    assert hashed(pair["task"], yes_no(stars)) == pair["hashedSolution"]


def _light_up_cells(task: str, width: int, height: int) -> list[str]:
    """The site's Light Up grammar, read here on its own: a-z skip 1-26 white cells (`.`),
    `B` a wall, a digit a numbered wall."""
    cells: list[str] = []
    for ch in task:
        cells.extend("." * (ord(ch) - 96) if ch.islower() else ch)
    assert len(cells) == width * height
    return cells


def _light_up_answer(cells: list[str], width: int, height: int) -> list[list[bool]]:
    """A bulb on each white cell or none: every white cell lit, no bulb seeing another, each
    numbered wall with its number of bulbs beside it."""
    pool = IDPool()
    white = {(r, c) for r in range(height) for c in range(width) if cells[r * width + c] == "."}
    bulb = {cell: pool.id(cell) for cell in sorted(white)}
    clauses: list[list[int]] = []

    def segment(r, c, dr, dc):
        out = []
        while (r, c) in white:
            out.append((r, c))
            r, c = r + dr, c + dc
        return out

    for r, c in white:
        row = segment(r, c, 0, -1)[::-1] + segment(r, c, 0, 1)[1:]
        col = segment(r, c, -1, 0)[::-1] + segment(r, c, 1, 0)[1:]
        clauses.append([bulb[cell] for cell in {*row, *col}])
        for line in (row, col):
            if line[0] == (r, c):  # each segment once, from its first cell
                clauses += CardEnc.atmost([bulb[x] for x in line], 1, vpool=pool).clauses
    for index, ch in enumerate(cells):
        if ch.isdigit():
            r, c = divmod(index, width)
            near = [bulb[x] for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if x in white]
            clauses += CardEnc.equals(
                near, int(ch), vpool=pool, encoding=EncType.seqcounter
            ).clauses
    with Minisat22(bootstrap_with=clauses) as solver:
        assert solver.solve()
        true = {v for v in solver.get_model() if v > 0}
    return [[bulb.get((r, c)) in true for c in range(width)] for r in range(height)]


@pytest.mark.parametrize("path", LIGHT_UP_PAGES, ids=[p.name[:40] for p in LIGHT_UP_PAGES])
def test_the_rule_on_the_real_light_up_pages(path):
    """The page reader keeps each page's hashedSolution, and md5(task + y/n a cell) of the
    page's answer is that hash."""
    assert len(LIGHT_UP_PAGES) == 2
    text = path.read_text(encoding="utf-8")
    task = read_task(Page(str(path), text), BY_NAME["light-up"])
    assert task.hashed_solution == re.search(r"hashedSolution: '(\w+)'", text).group(1)
    answer = _light_up_answer(_light_up_cells(task.task, task.width, task.height),
                              task.width, task.height)
    marks = "".join("y" if bulb else "n" for row in answer for bulb in row)
    assert hashlib.md5((task.task + marks).encode()).hexdigest() == task.hashed_solution
    assert hashed(task.task, yes_no(answer)) == task.hashed_solution


def test_a_batch_says_which_page_differs_and_exits_65(tmp_path):
    real = _known_5x5()["hashedSolution"]
    good = _nonograms_page(tmp_path, real).rename(tmp_path / "good.html")
    bad = _nonograms_page(tmp_path, real[:-1] + ("0" if real[-1] != "0" else "1"))
    env = streams()
    assert main(["solve", "-qq", "--jobs", "1", str(good), str(bad)], env=env) == 65
    err = env.stderr.getvalue()
    assert err == f"puzzlesat: {bad}: warning: the answer differs" + err.split("differs", 1)[1]
    assert err.count("\n") == 1
    env = streams()
    assert main(["solve", "--json", "--jobs", "1", str(good), str(bad)], env=env) == 65
    records = [json.loads(line) for line in written(env).splitlines()]
    assert [r["site_check"] for r in records] == ["match", "mismatch"]
