"""Killer Sudoku of puzzle-killer-sudoku.com: the kind on grid/latin.py, the family game.

The rules agree with trying every 4x4 Sudoku; the decoded puzzles of the shared data solve
to their known answers and every real pair of the site to the page's own hash, uniqueness
proven; the task's faults are exit 65 naming the offset; board JSON round-trips; the
drawings fit 80 columns, ASCII is pure ASCII, the picture shows the sums.
"""

from __future__ import annotations

import json
import random
from itertools import permutations, product

import pytest
from conftest import FIXTURES, streams, written
from family_game import (
    board_of,
    pairs,
    solves_every_decoded_puzzle,
    solves_to_its_hash,
    task_refused,
)

from puzzlesat.cli import main
from puzzlesat.core import Status
from puzzlesat.drawing import Style
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.killer_sudoku import KillerSudoku, digit_sets, is_solution
from puzzlesat.render import plain_text
from puzzlesat.solve import solve

FIXTURE = FIXTURES / "puzzle-killer-sudoku.com"
PAGE = FIXTURE / "easy_6x6_1234504.source.html"
KIND = kind_named("killer-sudoku")
_ = None


def digits(answer) -> str:
    """The site's text: the digits, row by row, joined by `,`."""
    return ",".join(str(v) for row in answer for v in row)


def sudokus_4x4() -> list:
    rows = list(permutations(range(1, 5)))
    return [g for g in product(rows, repeat=4)
            if all(len(set(col)) == 4 for col in zip(*g))
            and all(len({g[r][c] for r in (a, a + 1) for c in (b, b + 1)}) == 4
                    for a in (0, 2) for b in (0, 2))]


# --------------------------------------------------------------------------- the rules


def test_digit_sets_are_every_set_of_distinct_digits_making_the_sum():
    def sets(most: int, size: int, total: int) -> list[tuple[int, ...]]:
        return [tuple(sorted(group)) for group in digit_sets(most, size, total)]

    assert sets(9, 2, 4) == [(1, 3)]
    assert sets(9, 3, 23) == [(6, 8, 9)]
    assert sets(6, 2, 7) == [(1, 6), (2, 5), (3, 4)]
    assert sets(9, 2, 2) == [] and sets(9, 9, 45) == [tuple(range(1, 10))]
    assert len(sets(16, 8, 68)) == 526  # a 16x16 cage of eight: many, and quickly


@pytest.mark.parametrize("seed", range(12))
def test_the_rules_agree_with_trying_every_4x4_sudoku(seed):
    rng = random.Random(seed)
    every = sudokus_4x4()
    answer = rng.choice(every)
    ids = [[0] * 4 for _ in range(4)]
    for k, (r, c) in enumerate(sorted(((r, c) for r in range(4) for c in range(4)),
                                      key=lambda _: rng.random())):
        join = [(r + dr, c + dc) for dr, dc in ((0, -1), (-1, 0))
                if r + dr >= 0 and c + dc >= 0 and rng.random() < 0.5]
        ids[r][c] = ids[join[0][0]][join[0][1]] if join and ids[join[0][0]][join[0][1]] else k + 1
    sums = [[None] * 4 for _ in range(4)]
    for label in {v for row in ids for v in row}:
        area = [(r, c) for r in range(4) for c in range(4) if ids[r][c] == label]
        if rng.random() < 0.8:
            r, c = area[0]
            sums[r][c] = sum(answer[x][y] for x, y in area) + (seed % 5 == 0)
    board = KillerSudoku(((_,) * 4,) * 4, tuple(map(tuple, ids)), tuple(map(tuple, sums)))
    expected = [g for g in every if is_solution(board, g)]
    result = solve(board)
    assert {Status.NONE: 0, Status.UNIQUE: 1}.get(result.status, 2) == min(len(expected), 2)
    assert all(answer in expected for answer in result.solutions)


def test_the_checker_knows_each_rule():
    board = KIND.examples[0].board
    good = solve(board).solutions[0]
    assert is_solution(board, good)
    other = next(g for g in sudokus_4x4() if g != good)
    assert not is_solution(board, other)  # a Sudoku, but not the cages' sums
    alone = tuple(tuple(r * 4 + c + 1 for c in range(4)) for r in range(4))
    latin = ((1, 2, 3, 4), (2, 3, 4, 1), (3, 4, 1, 2), (4, 1, 2, 3))
    assert not is_solution(KillerSudoku(((_,) * 4,) * 4, alone, ((_,) * 4,) * 4), latin)  # boxes
    assert good[0][0] == good[2][1]
    apart = tuple(tuple(1 if (r, c) in ((0, 0), (2, 1)) else 20 + r * 4 + c for c in range(4))
                  for r in range(4))
    assert not is_solution(KillerSudoku(((_,) * 4,) * 4, apart, ((_,) * 4,) * 4), good)
    assert is_solution(KillerSudoku(((_,) * 4,) * 4, alone, ((_,) * 4,) * 4), good)
    assert not is_solution(board, good[:3])  # the wrong shape


def test_every_decoded_puzzle_solves_to_its_known_answer():
    def board(rows):
        n = len(rows) // 2
        sums = tuple(tuple(None if v == "-" else int(v) for v in row) for row in rows[:n])
        return KillerSudoku(((None,) * n,) * n, tuple(tuple(map(int, row)) for row in rows[n:]),
                            sums)

    solves_every_decoded_puzzle("killer-sudoku", board,
                                lambda rows: tuple(tuple(map(int, row)) for row in rows), every=4)


def test_every_site_pair_is_read_as_the_site_writes_it_and_solves_to_the_pages_own_hash():
    every = pairs("killer-sudoku")
    first = board_of("killer-sudoku", next(p for p in every if p["ident"] == "killer-sudoku.1"))
    assert first.box == (2, 2) and first.grid == ((_,) * 4,) * 4  # `p`: 16 empty cells
    assert (first.cages[0], first.sums[0]) == ((1, 2, 2, 3), (6, 7, _, 9))  # `6_7a9`
    for pair in every:
        solves_to_its_hash("killer-sudoku", pair, digits)


# --------------------------------------------------------------------------- the page


def test_the_fixture_page_and_its_board_json_solve_to_its_hash(tmp_path):
    (entry,) = json.loads((FIXTURE / "index.json").read_text(encoding="utf-8"))
    parsed = streams()
    assert main(["parse", str(PAGE)], env=parsed) == 0
    saved = tmp_path / "board.json"
    saved.write_text(written(parsed), encoding="utf-8")
    for source in (PAGE, saved):
        env = streams()
        assert main(["solve", str(source), "--json"], env=env) == 0
        out = json.loads(written(env))
        assert (out["kind"], out["status"], out["site_check"]) == ("killer-sudoku", "unique",
                                                                   "match")
        assert digits(out["solution"]) == entry["answer"] == out["site_answer"]


def test_givens_are_read_from_the_first_part(tmp_path):
    (entry,) = json.loads((FIXTURE / "index.json").read_text(encoding="utf-8"))
    task = "2_3zh" + entry["task"][2:]  # zj: 36 empty cells; zh: 34
    path = tmp_path / "page.html"
    path.write_text(PAGE.read_text().replace(entry["task"], task), encoding="utf-8")
    env = streams()
    assert main(["parse", str(path)], env=env) == 0
    assert json.loads(written(env))["puzzle"]["grid"][0][:3] == [2, 3, None]


@pytest.mark.parametrize("task, says", [
    ("zj;1,1", "has 2 part(s) where its grammar has 3"),
    ("zj;1,1;5", "ends at offset 6 after 2 of its 36 numbers"),
    ("zj;" + "1," * 35 + "x;5", "holds 'x' at offset 73 where a number from 1 belongs"),
    ("zj;" + "1," * 35 + "1;5-", "holds '-' at offset 76"),
    ("zi;" + "1," * 35 + "1;zj", "ends at offset 2 after 35 cells"),
    ("zj;" + "1," * 35 + "1;zk", "runs past the last cell at offset 76"),
    ("zj;" + "1," * 35 + "1;" + "1," * 35 + "1;zj", "4 parts, the form of the weekly and"),
])
def test_a_bad_task_is_exit_65_naming_its_offset(tmp_path, task, says):
    err = task_refused(PAGE, task, tmp_path)
    assert says in err and "Killer Sudoku" in err


@pytest.mark.parametrize("puzzle, code, says", [
    ({"grid": [[None]], "cages": [["x"]], "sums": [[1]]}, 65, "Killer Sudoku row 1 holds"),
    ({"grid": [[None]], "cages": [[1]], "sums": [[1]], "box": [1]}, 65,
     '"box" is [rows, columns]'),
    ({"grid": [[None] * 4] * 4, "cages": [[1, 1, 2, 2]] * 4, "sums": [[3, 4, None, None]] * 4},
     1, "cage has two sums (its first cell: row 1, column 1)"),
    ({"grid": [[None] * 5] * 5, "cages": [[1] * 5] * 5, "sums": [[None] * 5] * 5}, 1,
     "a 5x5 Sudoku has no usual box shape"),
    ({"grid": [[None] * 4] * 4, "cages": [[1] * 4] * 4, "sums": [[None] * 4] * 4, "box": [3, 1]},
     1, "a box of 3x1 cells does not fit a 4x4 Sudoku"),
])
def test_a_broken_board_json_is_exit_65_and_one_that_cannot_hold_exit_1(tmp_path, puzzle, code,
                                                                        says):
    path = tmp_path / "board.json"
    path.write_text(json.dumps({"kind": "killer-sudoku", "puzzle": puzzle}))
    env = streams()
    assert main(["solve", str(path)], env=env) == code
    assert says in env.stderr.getvalue()


# --------------------------------------------------------------------------- the looks


def test_the_drawings_fit_80_columns_and_write_each_sum_over_its_cage():
    board = board_of("killer-sudoku", next(p for p in pairs("killer-sudoku")
                                           if p["ident"] == "killer-sudoku.8"))
    result = solve(board)
    for style in (Style(width=80, colour=False), Style(width=80, colour=False, ascii=True),
                  Style(width=80, compact=True, colour=False)):
        text = plain_text(board, result, style)
        assert all(len(line) <= 80 for line in text.splitlines())
        assert text.isascii() == style.ascii
    full = plain_text(board, result, Style(colour=False)).splitlines()
    assert full[0].startswith("┌10───┬20───┬5")  # `10a20a5`: the sums on the top wall
    compact = plain_text(board, result, Style(compact=True, colour=False)).splitlines()
    assert compact[0] == "645732189"


def test_the_picture_shows_walls_sums_and_digits():
    board = KIND.examples[0].board
    svg = KIND.svg(board, solve(board).solutions[0])
    assert svg.startswith("<svg") and svg.count('class="sum"') == 8
    assert svg.count('class="solved"') == 16
    assert KIND.svg(board, None).count('class="solved"') == 0


def test_a_page_imports_its_own_game_and_kind_alone():
    """Sudoku's box shapes come from grid/boxes.py: a Killer Sudoku page never imports
    Sudoku's kind and engine."""
    from test_registries import modules_for_solving

    modules = modules_for_solving(PAGE)
    kinds = {m.split(".")[2] for m in modules if m.startswith("puzzlesat.kinds.")}
    games = {m.rsplit(".", 1)[1] for m in modules
             if m.startswith("puzzlesat.sources.puzzle_family.games.")}
    assert kinds == games == {"killer_sudoku"}
