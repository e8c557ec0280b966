"""The C engine for many boxed Sudokus (kinds/sudoku/_solver.c, native.py) against brute force,
the other engines and known answers; its budget handing puzzles on; the same results without
it; and the check every answer it finds goes through (check.answers_hold)."""

from __future__ import annotations

import random

import pytest
from conftest import SHARED_DATA
from hypothesis import given, settings
from hypothesis import strategies as st
from test_solve_sudoku import GRIDS_4X4
from test_sudoku_lines import as_board, blanked, board, oracle, several, solved_grid

from puzzlesat.core import CheckFailed, Status
from puzzlesat.formats.sudoku_lines import read_all
from puzzlesat.kinds.sudoku import many, native
from puzzlesat.kinds.sudoku.check import answers_hold
from puzzlesat.kinds.sudoku.many import solve_many

needs_c = pytest.mark.skipif(native._solver is None, reason="built without a C compiler")
SHAPES = [(4, (2, 2)), (6, (2, 3)), (8, (4, 2)), (9, (3, 3)), (12, (3, 4)), (16, (4, 4))]


def flat_bytes(b) -> bytes:
    return bytes(v for row in b.grid for v in row)


def c_engine(boards, n, box, budget=many.NODE_BUDGET):
    """The C engine's answers (as flat tuples) and what it gave up on."""
    values = b"".join(flat_bytes(b) for b in boards)
    found, gave_up = native.solve(values, [True] * len(boards), n, box, budget)
    return [[tuple(a) for a in answers] for answers in found], gave_up


def status_of(count: int) -> Status:
    return (Status.NONE, Status.UNIQUE, Status.MULTIPLE)[min(count, 2)]


# --------------------------------------------------------------------------- brute force


@needs_c
@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=16, max_size=16))
def test_any_4x4_givens_agree_with_brute_force(cells):
    """Givens thrown at random, clashes included: the answers are exactly the grids of the
    288 that keep them (one, two of several, or none)."""
    puzzle = as_board(cells, 4)
    answers = {
        tuple(v for row in g for v in row)
        for g in GRIDS_4X4
        if all(c in (0, v) for c, v in zip(cells, (v for row in g for v in row)))
    }
    (found,), gave_up = c_engine([puzzle], 4, (2, 2))
    assert gave_up == [] and status_of(len(found)) is status_of(len(answers))
    assert set(found) <= answers and len(set(found)) == len(found)


@needs_c
@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SHAPES[:4]), st.integers(0, 10**6), st.floats(0.2, 0.9))
def test_blanked_grids_of_every_boxed_shape_agree_with_the_oracle(shape, seed, share):
    """9x9 runs on bit boards a digit, the other sizes on masks a cell: both against plain
    backtracking, with a given thrown in at random now and then (often a clash)."""
    n, box = shape
    rng = random.Random(seed)
    cells = blanked(solved_grid(n, box, seed), int(share * n * n), seed)
    if rng.random() < 0.3:
        cells[rng.randrange(n * n)] = rng.randint(1, n)
    puzzle = as_board(cells, n, box)
    (found,), _ = c_engine([puzzle], n, box)
    expected = oracle(puzzle)
    assert status_of(len(found)) is status_of(len(expected))
    if len(expected) == 1:
        assert found == [expected[0]]


# --------------------------------------------------------------------------- known answers


@needs_c
@pytest.mark.parametrize("name", ["puzzles2_17_clue.txt", "puzzles3_magictour_top1465.txt"])
def test_the_shared_collections_agree_with_sat(name):
    path = SHARED_DATA / "sudoku" / name
    if not path.exists():
        pytest.skip("no shared data")
    lines = [line for line in path.read_text().splitlines() if line[:1] not in ("#", "")]
    boards = read_all("\n".join(lines[:150]))
    c_answers = list(solve_many(boards))
    assert [r[1:] for r in c_answers] == [r[1:] for r in solve_many(boards, engine="sat")]
    assert {status for _, status, _ in c_answers} == {Status.UNIQUE}


@needs_c
def test_several_answers_none_and_clashes():
    boards = [several(9, (3, 3), 4), board("." * 81), board("55" + "." * 79)]
    boards += [board("12" + "." * 14), board("." * 256)]
    stuck = as_board([1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 4, 0], 4)  # a cell without digit
    out_of_range = as_board([5] + [0] * 15, 4)
    results = list(solve_many([*boards, stuck, out_of_range]))
    assert [s for _, s, _ in results] == [Status.MULTIPLE] * 2 + [Status.NONE] + [
        Status.MULTIPLE
    ] * 2 + [Status.NONE] * 2
    for _, status, solutions in results:
        assert len(solutions) == (2 if status is Status.MULTIPLE else 0)
        assert status is not Status.MULTIPLE or solutions[0] != solutions[1]


# --------------------------------------------------------------------------- handing on


HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


@needs_c
def test_past_the_budget_a_puzzle_goes_on_to_numpy_and_sat(monkeypatch):
    boards = [board(HARD), several(9, (3, 3), 1), board(HARD)]
    _, gave_up = c_engine(boards, 9, (3, 3), budget=1)
    assert gave_up == [0, 1, 2]
    expected = [r[1:] for r in solve_many(boards)]
    monkeypatch.setattr(many, "NODE_BUDGET", 1)
    assert [r[1:] for r in solve_many(boards)] == expected
    monkeypatch.setattr(many, "np", False)  # and without numpy, SAT
    assert [r[1:] for r in solve_many(boards)] == expected


def test_without_the_c_engine_the_results_are_the_same(monkeypatch):
    boards = [board(HARD), several(9, (3, 3), 2), board("55" + "." * 79), board("." * 16)]
    boards += [as_board(blanked(solved_grid(6, (2, 3), 3), 20, 3), 6, (2, 3))]
    expected = [(s, len(sol)) for _, s, sol in solve_many(boards)]
    monkeypatch.setattr(native, "_solver", None)
    assert [(s, len(sol)) for _, s, sol in solve_many(boards)] == expected
    assert expected[:3] == [(Status.UNIQUE, 1), (Status.MULTIPLE, 2), (Status.NONE, 0)]


@needs_c
def test_a_wrong_answer_from_the_engine_is_caught(monkeypatch):
    real = native._solver.solve

    class Broken:
        @staticmethod
        def solve(values, n, rows, cols, budget):
            statuses, answers = real(values, n, rows, cols, budget)
            swapped = bytearray(answers)
            swapped[0], swapped[1] = swapped[1], swapped[0]  # rows still fine, columns not
            return statuses, bytes(swapped)

    monkeypatch.setattr(native, "_solver", Broken)
    with pytest.raises(CheckFailed, match="Sudoku 1 "):
        list(solve_many([board(HARD)]))


# --------------------------------------------------------------------------- the check


@pytest.mark.parametrize("n, box", [*SHAPES, (25, (5, 5)), (32, (4, 8))])
def test_the_check_takes_right_answers_and_refuses_every_kind_of_wrong_one(n, box):
    right = [bytes(solved_grid(n, box, seed)) for seed in range(3)]
    givens = [bytes(blanked(list(a), n * n // 2, seed)) for seed, a in enumerate(right)]
    assert answers_hold(n, box, b"".join(givens), b"".join(right))

    def holds(changed: bytes, at: int = 1) -> bool:
        answers = right[:at] + [changed] + right[at + 1 :]
        return answers_hold(n, box, b"".join(givens), b"".join(answers))

    a = bytearray(right[1])
    a[0], a[1] = a[1], a[0]  # two cells of a row swapped: its columns and maybe a box break
    assert not holds(bytes(a))
    a = bytearray(right[1])
    a[0], a[n] = a[n], a[0]  # two cells of a column swapped: its rows break
    assert not holds(bytes(a))
    for value in (0, n + 1, 255):
        a = bytearray(right[1])
        a[n * n - 1] = value
        assert not holds(bytes(a))
    latin = bytes((r + c) % n + 1 for r in range(n) for c in range(n))  # rows, columns: fine
    assert not answers_hold(n, box, bytes(n * n), latin)  # its boxes are not
    other = bytes(solved_grid(n, box, 99))
    assert answers_hold(n, box, bytes(n * n), other)
    if other != right[1]:  # the givens of puzzle 2 are not kept
        assert not holds(other) or all(g in (0, v) for g, v in zip(givens[1], other))
    assert not answers_hold(n, box, b"".join(givens), b"".join(right)[:-1])
