"""Kakuro of puzzle-kakuro.com: the kind, its sums by digit sets (grid/sums.py) and the
family game.

The solver agrees with trying every filling on small boards; the decoded puzzles of the
shared data solve to their known answers and every real pair of the site to the page's own
hash, uniqueness proven; the task's faults are exit 65 naming the offset; board JSON
round-trips; the drawings show every sum, fit 80 columns where they can and are never
cropped where they cannot.
"""

from __future__ import annotations

import json
import random
from itertools import product

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
from puzzlesat.grid.sums import digit_sets
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.kakuro import Kakuro, is_solution
from puzzlesat.render import plain_text
from puzzlesat.solve import solve

FIXTURE = FIXTURES / "puzzle-kakuro.com"
PAGE = FIXTURE / "kakuro_8x8_1234504.source.html"
KIND = kind_named("kakuro")
B, _ = (0, 0), None


def digits(answer) -> str:
    """The site's text: `n` a black cell, else its digit, row by row."""
    return "".join(str(v) if v else "n" for row in answer for v in row)


def janko(token: str):
    """A cell of the decoded puzzles: `0` white, `-` black, `down,across` sums."""
    if token == "0":
        return None
    if token == "-":
        return B
    down, across = token.split(",")
    return int(down or 0), int(across or 0)


# --------------------------------------------------------------------------- the rules


def every_answer(board: Kakuro) -> list:
    whites = board.whites()
    out = []
    for values in product(range(1, 10), repeat=len(whites)):
        found = dict(zip(whites, values))
        answer = tuple(tuple(found.get((r, c), 0) for c in range(board.width))
                       for r in range(board.height))
        if is_solution(board, answer):
            out.append(answer)
    return out


def small_board(rng: random.Random) -> Kakuro:
    """Up to four white cells below and right of a black row and column; a black cell's
    sums mostly those of a random filling, else none or any."""
    h, w = rng.choice(((3, 3), (2, 4), (4, 2), (3, 2)))
    whites = set(rng.sample([(r, c) for r in range(1, h) for c in range(1, w)],
                            rng.randint(1, min(4, (h - 1) * (w - 1)))))
    filled = {cell: rng.randint(1, 9) for cell in whites}

    def total(r: int, c: int, dr: int, dc: int) -> int:
        run = 0
        while (r + dr, c + dc) in whites:
            r, c = r + dr, c + dc
            run += filled[(r, c)]
        return rng.choice((run, run, run, 0, rng.randint(1, 17))) if run else 0

    return Kakuro(tuple(tuple(None if (r, c) in whites else
                              (total(r, c, 1, 0), total(r, c, 0, 1)) for c in range(w))
                        for r in range(h)))


@pytest.mark.parametrize("seed", range(24))
def test_the_solver_agrees_with_trying_every_filling(seed):
    board = small_board(random.Random(seed))
    every = every_answer(board)
    result = solve(board)
    assert result.status is (Status.NONE, Status.UNIQUE, Status.MULTIPLE)[min(len(every), 2)]
    assert all(answer in every for answer in result.solutions)


def test_the_checker_knows_each_rule():
    board = KIND.examples[0].board  # across 3 and 4, down 4 and 3
    assert is_solution(board, ((0, 0, 0), (0, 1, 2), (0, 3, 1)))
    assert not is_solution(board, ((0, 0, 0), (0, 2, 1), (0, 2, 2)))  # a digit twice
    assert not is_solution(board, ((0, 0, 0), (0, 1, 2), (0, 1, 3)))  # a wrong sum
    assert not is_solution(board, ((5, 0, 0), (0, 1, 2), (0, 3, 1)))  # a digit on black
    assert not is_solution(board, ((0, 0, 0), (0, 0, 3), (0, 3, 1)))  # a white cell empty
    assert not is_solution(board, ((0, 0, 0), (0, 1, 2)))  # the wrong shape
    open_ = Kakuro(((B, B, B), (B, _, _)))  # a run without a sum: no digit twice
    assert is_solution(open_, ((0, 0, 0), (0, 9, 8)))
    assert not is_solution(open_, ((0, 0, 0), (0, 9, 9)))


def test_a_sum_no_white_cell_follows_cannot_hold():
    assert solve(Kakuro(((B, (3, 0)), ((0, 3), _)))).solutions == (((0, 0), (0, 3)),)
    assert solve(Kakuro(((B, (3, 3)), ((0, 3), _)))).status is Status.NONE  # across, at the edge


def test_digit_sets_are_the_sets_of_distinct_digits_that_make_a_sum():
    assert digit_sets(9, 3, 6) == (frozenset({1, 2, 3}),)
    assert len(digit_sets(9, 2, 10)) == 4 and digit_sets(9, 2, 18) == ()
    assert max(len(digit_sets(9, n, s)) for n in range(10) for s in range(46)) == 12


def test_every_decoded_puzzle_solves_to_its_known_answer():
    solves_every_decoded_puzzle(
        "kakuro", lambda rows: Kakuro(tuple(tuple(map(janko, row)) for row in rows)),
        lambda rows: tuple(tuple(0 if v == "-" else int(v) for v in row) for row in rows))


def test_every_site_pair_solves_to_the_pages_own_hash():
    for pair in pairs("kakuro"):
        solves_to_its_hash("kakuro", pair, digits)


def test_the_site_writes_across_times_100_plus_down():
    board = board_of("kakuro", next(p for p in pairs("kakuro") if p["ident"] == "kakuro.0"))
    assert board.grid[0][3:5] == ((6, 0), (5, 0))  # `_6_5`: sums down
    assert board.grid[1][2] == (0, 3)  # `_300`: 3 across
    assert board.grid[2][2] == (8, 10)  # `_1008`
    assert board.grid[0][0] == B and board.grid[1][3] is None  # `B`, then `b` two white


# --------------------------------------------------------------------------- the page


def test_the_fixture_page_solves_to_its_hash():
    (entry,) = json.loads((FIXTURE / "index.json").read_text(encoding="utf-8"))
    env = streams()
    assert main(["solve", str(PAGE), "--json"], env=env) == 0
    out = json.loads(written(env))
    assert out["kind"] == "kakuro" and out["status"] == "unique"
    assert out["site_check"] == "match" and out["site_answer"] == entry["answer"]
    assert digits(out["solution"]) == entry["answer"]


@pytest.mark.parametrize("task, says", [
    ("BBBB_19_17BBBB_22_1110b27BB", "ends at offset 27 after 17 cells; a 8x8 board has 64"),
    ("BBBB_19_17BBBB_22_1110b27BB_3100e8B_2210c1500b1400bB_8_415b500b1606cBB_2000eBBB_400bBBBB",
     "runs past the last cell at offset 87"),
    ("BBBB_19_17BBBX_22_1110b27BB_3100e8B_2210c1500b1400bB_8_415b500b1606cBB_2000eBBB_400bBBB",
     "holds 'X' at offset 13, which is not part of its grammar"),
    ("BBBB_19_17BBBB_22_1110b_27BB_3100e8B_2210c1500b1400bB_8_415b500b1606cBB_2000eBBB_400bBB",
     "holds '_' at offset 23"),
])
def test_a_bad_task_is_exit_65_naming_its_offset(tmp_path, task, says):
    err = task_refused(PAGE, task, tmp_path)
    assert says in err and "Kakuro" in err


def test_board_json_round_trips(tmp_path):
    env = streams()
    assert main(["parse", str(PAGE)], env=env) == 0
    path = tmp_path / "board.json"
    path.write_text(written(env), encoding="utf-8")
    assert json.loads(written(env))["puzzle"]["grid"][1][2:5] == [[22, 0], [10, 11], None]
    again = streams()
    assert main(["solve", str(path), "--json"], env=again) == 0
    assert json.loads(written(again))["site_check"] == "match"


@pytest.mark.parametrize("cell", ["x", [1], [1, -2], 3])
def test_board_json_refuses_a_cell_of_other_things(tmp_path, cell):
    path = tmp_path / "board.json"
    path.write_text(json.dumps({"kind": "kakuro", "puzzle": {"grid": [[[0, 0], cell]]}}))
    env = streams()
    assert main(["solve", str(path)], env=env) == 65
    assert "Kakuro row 1 holds" in env.stderr.getvalue()


# --------------------------------------------------------------------------- the looks


def sums_of(board: Kakuro) -> list[str]:
    return [str(v) for row in board.grid for clue in row if clue for v in clue if v]


def test_the_drawing_writes_every_sum_and_fits_80_columns_up_to_22_wide():
    for ident in ("kakuro.0", "kakuro.11"):
        board = board_of("kakuro", next(p for p in pairs("kakuro") if p["ident"] == ident))
        result = solve(board)
        for style in (Style(width=80, colour=False), Style(width=80, colour=False, ascii=True)):
            text = plain_text(board, result, style)
            assert all(len(line) <= 80 for line in text.splitlines())
            slash = "\\" if style.ascii else "╲"
            assert all(f"{v}{slash}" in text or f"{slash}{v}" in text for v in sums_of(board))
            assert text.isascii() or not style.ascii


def test_a_board_too_wide_for_80_columns_is_compact_or_whole_never_cropped():
    board = board_of("kakuro", next(p for p in pairs("kakuro") if p["ident"] == "kakuro.12"))
    result = solve(board)
    compact = plain_text(board, result, Style(width=80, colour=False)).splitlines()
    assert sum(len(line) == 32 for line in compact) == 32  # a column a cell
    full = plain_text(board, result, Style(width=80, colour=False, compact=False)).splitlines()
    assert sum(len(line) == 3 * 32 + 2 for line in full) == 2 * 32 + 2  # whole, not cropped
    assert all(v in "\n".join(full) for v in sums_of(board))


def test_the_wide_cells_the_tall_cells_and_the_differences():
    board = KIND.examples[0].board
    wide = plain_text(board, solve(board), Style(colour=False)).splitlines()
    assert wide[2:5] == ["│█████ 4╲   3╲  │", "│  ╲3   1    2  │", "│  ╲4   3    1  │"]
    tall = plain_text(board, solve(board), Style(colour=False, width=16)).splitlines()
    assert tall[2:4] == ["│███╲  ╲  │", "│███ 4╲ 3╲│"]
    open_ = KIND.examples[1].board
    first, second = solve(open_).solutions[:2]
    drawing = KIND.draw(open_, second, first, Style(colour=False))
    assert "*" in drawing.picture.plain and "differs from solution 1" in drawing.legend[0]
    compact = KIND.draw(open_, second, first, Style(colour=False, compact=True))
    assert "*" in compact.picture.plain and "with * after them" in compact.legend[0]


def test_the_picture_shows_the_sums_and_the_digits():
    board = KIND.examples[0].board
    svg = KIND.svg(board, solve(board).solutions[0])
    assert svg.count('class="black"') == 5 and svg.count('class="sum"') == 4
    assert svg.count('class="found"') == 4 and ">3<" in svg
    assert 'class="found"' not in KIND.svg(board, None)
