"""--solutions N: up to N distinct answers, each checked, for every kind, against brute
force on boards small enough to try every filling; what the verdict and --json say of them."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from conftest import brute_force_answers, streams, written
from pysat.solvers import Solver

from puzzlesat.cli import main
from puzzlesat.core import Status, as_grid
from puzzlesat.kinds.nonogram.board import Nonogram, runs
from puzzlesat.kinds.shikaku.board import Rect, Shikaku
from puzzlesat.kinds.shikaku.generate import generate
from puzzlesat.kinds.sudoku.board import Sudoku
from puzzlesat.sat import Encoding, count_within, find_models
from puzzlesat.solve import solve

LIMITS = (2, 3, 5, 1000)


def _assert_counted(board, answers: list, limit: int) -> None:
    """`solve` with `limit` finds min(count, limit) distinct answers, all of them real."""
    result = solve(board, limit=limit)
    found = result.solutions
    assert len(found) == min(len(answers), limit) == len(set(found))
    assert set(found) <= set(answers)
    expected = (Status.NONE, Status.UNIQUE, Status.MULTIPLE)[min(len(answers), 2)]
    assert result.status is expected


# --------------------------------------------------------------------------- the loop


def test_find_models_blocks_each_answer_and_stops_at_the_limit_or_the_last():
    for limit, count in ((2, 2), (3, 3), (5, 3)):
        with Solver(name="minisat22", bootstrap_with=[[1, 2]]) as solver:
            found = find_models(solver, [1, 2], limit=limit)
        assert len(found.answers) == count == len(set(found.answers))
        assert set(found.answers) <= {(True, False), (False, True), (True, True)}


def test_find_models_under_a_guard_leaves_the_solver_as_it_was():
    with Solver(name="minisat22", bootstrap_with=[[1, 2]]) as solver:
        solver.add_clause([3, -3])  # the guard's variable exists
        found = find_models(solver, [1, 2], limit=5, guard=3)
        solver.add_clause([-3])
        assert len(found.answers) == 3 and solver.solve()


# --------------------------------------------------------------------------- every kind


def _random_nonogram(rng: random.Random, height: int, width: int) -> Nonogram:
    grid = [[int(rng.random() < 0.5) for _ in range(width)] for _ in range(height)]
    return Nonogram(
        rows=tuple(runs(row) for row in grid), cols=tuple(runs(col) for col in zip(*grid))
    )


@pytest.mark.parametrize("limit", LIMITS)
def test_nonograms_count_as_brute_force_does(limit):
    rng = random.Random(31 + limit)
    for _ in range(25):
        board = _random_nonogram(rng, rng.randint(2, 4), rng.randint(2, 5))
        answers = brute_force_answers(board.rows, board.cols)
        _assert_counted(board, [as_grid(a) for a in answers], limit)


def test_an_empty_picture_of_many_answers_counts_them_all():
    board = Nonogram(rows=((1,),) * 4, cols=((1,),) * 4)  # the 24 permutation matrices
    assert len(solve(board, limit=1000).solutions) == 24
    assert len(solve(board, limit=7).solutions) == 7


def test_a_colour_nonogram_counts_its_answers():
    board = Nonogram(
        rows=((1,), (1, 1)),
        cols=((1,), (1,), (1,)),
        colors=("ff0000", "0000ff"),
        row_colours=((2,), (2, 1)),
        col_colours=((2,), (2,), (1,)),
    )
    assert len(solve(board, limit=10).solutions) == 2


def _sudoku_4x4_grids() -> list[tuple[tuple[int, ...], ...]]:
    """Every filled 4x4 Sudoku: rows from the permutations, each column and box whole."""
    perms = list(itertools.permutations(range(1, 5)))
    grids = []
    for rows in itertools.product(perms, repeat=4):
        columns = all(len(set(col)) == 4 for col in zip(*rows))
        boxes = all(
            len({rows[r + i][c + j] for i in (0, 1) for j in (0, 1)}) == 4
            for r in (0, 2)
            for c in (0, 2)
        )
        if columns and boxes:
            grids.append(rows)
    return grids


@pytest.mark.parametrize("limit", LIMITS)
def test_sudokus_count_as_brute_force_does(limit):
    grids = _sudoku_4x4_grids()
    assert len(grids) == 288
    rng = random.Random(7 + limit)
    for givens in (0, 3, 5, 8):
        grid = rng.choice(grids)
        keep = set(rng.sample(range(16), givens))
        cells = [[grid[r][c] if 4 * r + c in keep else 0 for c in range(4)] for r in range(4)]
        board = Sudoku(as_grid(cells), box=(2, 2))
        answers = [
            as_grid(g)
            for g in grids
            if all(cells[r][c] in (0, g[r][c]) for r in range(4) for c in range(4))
        ]
        _assert_counted(board, answers, limit)


def _shikaku_answers(grid) -> list[tuple[Rect, ...]]:
    """Every way to cut `grid` into rectangles, each holding one clue equal to its area:
    the clues' rectangles in reading order, as the kind decodes them."""
    height, width = len(grid), len(grid[0])
    clues = [(r, c, v) for r, row in enumerate(grid) for c, v in enumerate(row) if v]

    def fits(r, c, area):
        for h in range(1, area + 1):
            if area % h:
                continue
            w = area // h
            for top in range(r - h + 1, r + 1):
                for left in range(c - w + 1, c + 1):
                    if top >= 0 and left >= 0 and top + h <= height and left + w <= width:
                        yield Rect(top, left, h, w)

    answers = []

    def place(i, used, chosen):
        if i == len(clues):
            if len(used) == height * width:
                answers.append(tuple(chosen))
            return
        for rect in fits(*clues[i]):
            cells = set(rect.cells())
            others = {(r, c) for r, c, _ in clues} - {clues[i][:2]}
            if cells & used or cells & others:
                continue
            place(i + 1, used | cells, [*chosen, rect])

    place(0, set(), [])
    return answers


@pytest.mark.parametrize("limit", LIMITS)
def test_shikakus_count_as_brute_force_does(limit):
    for seed in range(12):
        grid = generate(5, 5, seed, max_area=10)  # answers: 1, 2, 3 and 8 among them
        _assert_counted(Shikaku(grid=as_grid(grid)), _shikaku_answers(grid), limit)


def test_a_shikaku_of_twos_has_them_all():
    grid = [[2, 0], [0, 2]]  # two dominoes: both across or both down
    answers = _shikaku_answers(grid)
    assert len(answers) == 2
    assert len(solve(Shikaku(grid=as_grid(grid)), limit=100).solutions) == len(answers)


def test_counting_is_the_same_with_a_time_limit_as_without():
    board = Nonogram(rows=((1,),) * 4, cols=((1,),) * 4)
    assert len(solve(board, limit=30, timeout=60).solutions) == 24
    assert len(solve(board, limit=30, isolate=True).solutions) == 24


# --------------------------------------------------------------------------- the command


PERMUTATIONS = "width 3\nheight 3\nrows\n1\n1\n1\ncolumns\n1\n1\n1\n"  # six answers


def _run(argv: list[str], stdin: str = PERMUTATIONS) -> tuple[int, str, str]:
    env = streams(stdin.encode())
    code = main(argv, env=env)
    return code, written(env), env.stderr.getvalue()


@pytest.mark.parametrize(
    "limit, said",
    [
        ("3", "3 solutions (limit 3 reached)"),
        ("6", "6 solutions (limit 6 reached)"),
        ("10", "exactly 6 solutions"),
    ],
)
def test_the_verdict_says_how_many_and_whether_that_is_all(limit, said):
    code, out, err = _run(["solve", "-", "--solutions", limit, "-q"])
    assert code == 0 and err == "" and out.startswith(f"{said} · 3×3 · ")


def test_every_answer_found_is_drawn():
    code, out, _ = _run(["solve", "-", "--solutions", "4"])
    assert code == 0 and [f"solution {i}" in out for i in range(1, 6)] == [True] * 4 + [False]


def test_a_unique_answer_counted_is_unique():
    code, out, _ = _run(
        ["solve", "-", "--solutions", "5", "-q"], "width 1\nheight 1\nrows\n1\ncolumns\n1\n"
    )
    assert code == 0 and out.startswith("unique solution · 1×1")


def test_json_carries_every_answer_and_keeps_its_fields():
    code, out, _ = _run(["solve", "-", "--solutions", "10", "--json"])
    record = json.loads(out)
    assert code == 0 and record["status"] == "multiple"
    assert record["solution_count"] == len(record["solutions"]) == 6
    assert record["solution_limit"] == 10
    assert record["solution"] == record["solutions"][0]
    assert record["other_solution"] == record["solutions"][1]
    assert len({json.dumps(s) for s in record["solutions"]}) == 6


def test_json_without_solutions_is_as_it_was():
    record = json.loads(_run(["solve", "-", "--json"])[1])
    assert "solutions" not in record and "solution_count" not in record


@pytest.mark.parametrize("value", ["1", "0", "x", "100001"])
def test_fewer_than_two_or_not_a_number_is_a_usage_error(value):
    code, out, err = _run(["solve", "-", "--solutions", value])
    assert code == 2 and "give a number of solutions from 2" in err


def test_a_batch_does_not_count(tmp_path):
    for name in ("a.non", "b.non"):
        (tmp_path / name).write_text(PERMUTATIONS)
    code, _, err = _run(["solve", str(tmp_path), "--solutions", "3"])
    assert code == 2 and "--solutions counts the answers of one puzzle" in err


# --------------------------------------------------------------------------- a count cut short


def _one_easy_answer_then_pigeons(holes: int = 9) -> Encoding:
    """x1 is the answer; with x1 blocked, the rest is holes+1 pigeons in `holes` holes, which
    MiniSat takes far longer than the deadline below to refute."""
    pigeon = {(p, h): 2 + p * holes + h for p in range(holes + 1) for h in range(holes)}
    clauses = [[1, *(pigeon[p, h] for h in range(holes))] for p in range(holes + 1)]
    clauses += [
        [1, -pigeon[p, h], -pigeon[q, h]]
        for h in range(holes)
        for p in range(holes + 1)
        for q in range(p + 1, holes + 1)
    ]
    return Encoding(clauses, [1], phases=[1])


def test_a_count_cut_short_keeps_the_one_answer_it_found():
    outcome = count_within(lambda progress: _one_easy_answer_then_pigeons(), 0.3, limit=5)
    assert outcome.models == ((True,),) and outcome.complete is False


def test_a_count_cut_short_keeps_its_answers_and_says_so():
    open_board = "width 12\nheight 12\nrows\n" + "1\n" * 12 + "columns\n" + "1\n" * 12
    code, out, err = _run(
        ["solve", "-", "--solutions", "100000", "--timeout", "0.3", "--json"], open_board
    )
    record = json.loads(out)
    assert code == 0 and record["status"] == "multiple" and "error" not in record
    assert record["solutions_complete"] is False
    assert 2 <= record["solution_count"] == len(record["solutions"]) < 100_000
    assert "the count stopped at the 0.3 s limit" in err


def test_a_complete_count_says_so():
    assert json.loads(_run(["solve", "-", "--solutions", "10", "--json"])[1])[
        "solutions_complete"
    ] is True
