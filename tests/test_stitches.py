"""Stitches of puzzle-stitches.com: the kind and the family game.

The solver agrees with trying every placement of stitches on small boards; the decoded
puzzles of the shared data solve to their known answers and every real pair of the site to
the page's own hash, uniqueness proven, k from the size code or from the counts; the task's
faults are exit 65 naming the offset; board JSON round-trips; the drawings fit 80 columns.
"""

from __future__ import annotations

import json
from itertools import product

import pytest
from conftest import FIXTURES, streams, written
from family_game import pairs, solves_every_decoded_puzzle, solves_to_its_hash, task_refused
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.cli import main
from puzzlesat.core import InvalidPuzzle, Status
from puzzlesat.drawing import Style
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.stitches import Stitches, is_solution, validate
from puzzlesat.render import plain_text
from puzzlesat.solve import solve
from puzzlesat.sources.puzzle_family import BY_NAME, Task

FIXTURE = FIXTURES / "puzzle-stitches.com"
PAGE = FIXTURE / "easy_5x5_1234701.source.html"


def marks(answer) -> str:
    """The site's text: `y` a cell whose stitch goes right, then `y` one whose goes down."""
    return "".join("y" if ch == way else "n" for way in "es" for row in answer for ch in row)


def placements(regions) -> list[tuple[str, ...]]:
    """Every set of stitches between cells of different regions, no hole shared: rows of
    letters toward each hole's partner."""
    h, w = len(regions), len(regions[0])
    edges = [((r, c), (rr, cc)) for r in range(h) for c in range(w)
             for rr, cc in ((r, c + 1), (r + 1, c))
             if rr < h and cc < w and regions[r][c] != regions[rr][cc]]
    out = []
    for bits in product((0, 1), repeat=len(edges)):
        grid = [["."] * w for _ in range(h)]
        chosen = [edge for edge, on in zip(edges, bits) if on]
        if len({cell for edge in chosen for cell in edge}) < 2 * len(chosen):
            continue
        for (r, c), (rr, cc) in chosen:
            grid[r][c], grid[rr][cc] = ("e", "w") if rr == r else ("s", "n")
        out.append(tuple("".join(row) for row in grid))
    return out


# --------------------------------------------------------------------------- the rules


boards = st.tuples(st.integers(1, 3), st.integers(1, 3)).flatmap(
    lambda shape: st.tuples(
        st.lists(st.lists(st.integers(1, 3), min_size=shape[1], max_size=shape[1]),
                 min_size=shape[0], max_size=shape[0]),
        st.integers(0, 2 ** (shape[0] * shape[1] * 2) - 1), st.integers(1, 2)))


@settings(max_examples=40, deadline=None)
@given(boards)
def test_the_solver_agrees_with_trying_every_placement(drawn):
    rows, pick, k = drawn
    regions = tuple(map(tuple, rows))
    every = placements(regions)
    chosen = every[pick % len(every)]  # counts some placement has: most boards are solvable
    h, w = len(regions), len(regions[0])
    board = Stitches(regions, tuple(sum(chosen[r][c] != "." for r in range(h)) for c in range(w)),
                     tuple(sum(ch != "." for ch in row) for row in chosen), stitches=k)
    try:
        validate(board)
    except InvalidPuzzle:
        return
    found = [answer for answer in every if is_solution(board, answer)]
    result = solve(board)
    assert result.status is (Status.NONE, Status.UNIQUE, Status.MULTIPLE)[min(len(found), 2)]
    assert all(answer in found for answer in result.solutions)


def test_the_checker_knows_each_rule():
    board = Stitches(((1, 1, 2), (1, 3, 2), (3, 3, 2)), (2, 2, 2), (2, 1, 3), stitches=1)
    assert is_solution(board, (".ew", "s..", "new"))
    assert not is_solution(board, (".ew", "s..", "n.."))  # regions 2 and 3 not stitched
    assert not is_solution(board, (".e.", "s..", "new"))  # a stitch without its partner
    assert not is_solution(board, ("ew.", "s..", "new"))  # a stitch inside region 1
    assert not is_solution(Stitches(((1, 2), (1, 2)), (2, 2), (2, 2), stitches=1),
                           ("ew", "ew"))  # two stitches where k is 1
    assert not is_solution(board, (".ew",))  # the wrong shape


def test_k_comes_from_the_counts_where_the_page_does_not_give_it():
    board = Stitches(((1, 2), (1, 2)), (2, 2), (2, 2))
    result = solve(board)
    assert result.status is Status.UNIQUE and result.solutions[0] == ("ew", "ew")
    assert result.facts["stitches"] == 2 and result.facts["stitches_from"] == "counts"
    assert kind_named("stitches").remarks(result) == ["2 stitches a pair (from the counts)"]
    with pytest.raises(InvalidPuzzle, match="does not fit"):
        validate(Stitches(((1, 2), (1, 2)), (2, 1), (2, 1)))  # three holes: no whole k
    with pytest.raises(InvalidPuzzle, match="does not fit"):
        validate(Stitches(((1, 2), (1, 2)), (2, 2), (2, 2), stitches=1))


def test_every_decoded_puzzle_solves_to_its_known_answer():
    """janko's: one stitch a pair, from the counts where every line has one."""
    solves_every_decoded_puzzle(
        "stitches",
        lambda rows: Stitches(tuple(tuple(map(int, row)) for row in rows[2:]),
                              *(tuple(None if v == "-" else int(v) for v in line)
                                for line in rows[:2]),
                              stitches=1 if "-" in rows[0] + rows[1] else None),
        lambda rows: tuple("".join("." if v == "-" else v for v in row) for row in rows))


def _board(pair: dict, size: bool = True) -> Stitches:
    """The pair's board, read with its size code (`stitches.15`) where `size`."""
    genre = BY_NAME["stitches"]
    code = pair["ident"].rpartition(".")[2]
    return genre.decode(Task(genre, pair["task"], pair["width"], pair["height"], "site pair",
                             size=int(code) if size and code.isdigit() else None,
                             hashed_solution=pair["hashedSolution"]))


def test_every_site_pair_solves_to_the_pages_own_hash():
    for pair in pairs("stitches"):
        solves_to_its_hash("stitches", pair, marks)  # k from the counts alone
        board = _board(pair)
        result = solve(board)
        assert result.status is Status.UNIQUE and result.site_check == "match", pair["ident"]
        assert result.facts["stitches_from"] == ("page" if board.stitches else "counts")


def test_the_size_code_gives_k():
    pair = next(p for p in pairs("stitches") if p["ident"] == "stitches.15")
    assert _board(pair).stitches == 3
    assert _board(pair, size=False).stitches is None
    assert "3 stitches a pair" in kind_named("stitches").remarks(solve(_board(pair)))


# --------------------------------------------------------------------------- the page


def test_the_fixture_page_solves_to_its_hash():
    (entry,) = json.loads((FIXTURE / "index.json").read_text(encoding="utf-8"))
    env = streams()
    assert main(["solve", str(PAGE), "--json"], env=env) == 0
    out = json.loads(written(env))
    assert out["kind"] == "stitches" and out["status"] == "unique"
    assert out["site_check"] == "match" and out["puzzle"]["stitches"] == 1
    assert marks(out["solution"]) == entry["answer"]


@pytest.mark.parametrize("task, says", [
    ("1_1", "has 1 part(s) where its grammar has 2, separated by ';': it ends at offset 3"),
    ("1_1;1", "ends at offset 3 after 2 of its 10 numbers"),
    ("1_1_1_1_1_1_1_1_1_x;" + ",".join(["1"] * 25), "holds 'x' at offset 18"),
    ("0_0_0_0_0_0_0_0_0_0;" + ",".join(["1"] * 24) + ",0", "holds '0' at offset 68"),
    ("0_0_0_0_0_0_0_0_0_0;" + ",".join(["1"] * 26), "more than 25 numbers at offset 69"),
])
def test_a_faulty_task_is_exit_65_naming_the_offset(tmp_path, task, says):
    err = task_refused(PAGE, task, tmp_path)
    assert says in err and "Stitches" in err


def test_board_json_round_trips(tmp_path):
    env = streams()
    assert main(["parse", str(PAGE)], env=env) == 0
    path = tmp_path / "board.json"
    path.write_text(written(env), encoding="utf-8")
    assert json.loads(written(env))["puzzle"]["regions"][0] == [2, 5, 5, 5, 5]
    again = streams()
    assert main(["solve", str(path), "--json"], env=again) == 0
    assert json.loads(written(again))["site_check"] == "match"


@pytest.mark.parametrize("puzzle, says", [
    ({"regions": [[1, "x"]], "columns": [0, 0], "rows": [0]}, "Stitches row 1 holds"),
    ({"regions": [[1, 2]], "columns": [0, -1], "rows": [0]}, "Stitches row 1 holds"),
    ({"regions": [[1, 2]], "columns": [1, 1], "rows": [2], "stitches": 0}, '"stitches"'),
])
def test_board_json_refuses_what_is_not_a_stitches(tmp_path, puzzle, says):
    path = tmp_path / "board.json"
    path.write_text(json.dumps({"kind": "stitches", "puzzle": puzzle}))
    env = streams()
    assert main(["solve", str(path)], env=env) == 65
    assert says in env.stderr.getvalue()


# --------------------------------------------------------------------------- the looks


def test_the_drawings_fit_80_columns_and_show_every_stitch():
    pair = max(pairs("stitches"), key=lambda p: p["width"])
    board = _board(pair)
    result = solve(board)
    for style in (Style(width=80, colour=False), Style(width=80, colour=False, ascii=True),
                  Style(width=80, compact=True, colour=False)):
        text = plain_text(board, result, style)
        assert all(len(line) <= 80 for line in text.splitlines())
        holes = sum(ch != "." for row in result.solutions[0] for ch in row)
        assert text.count("O" if style.ascii else "●") == holes
        if style.ascii:
            assert text.isascii()


def test_stitches_drawn_through_the_walls_and_pictured():
    board = Stitches(((1, 1, 2), (1, 3, 2), (3, 3, 2)), (2, 2, 2), (2, 1, 3), stitches=1)
    result = solve(board)
    full = plain_text(board, result, Style(colour=False)).splitlines()
    assert full[0] == "    2  2  2" and full[2] == "2 │    ●┿━●│"
    assert "╂" in full[5]
    ascii_ = plain_text(board, result, Style(ascii=True, colour=False)).splitlines()
    assert ascii_[2] == "2 |    O--O|" and "-|+" in ascii_[5]
    svg = kind_named("stitches").svg(board, result.solutions[0])
    assert svg.count('class="hole"') == 6 and svg.count('class="stitch"') == 3
