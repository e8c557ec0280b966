"""The kinds' own hint steps (issue 48): nonogram line logic and probing, Sudoku singles.

Every step is sound (its cells agree with every answer of the cells known before it: the
unique answer on real puzzles, every answer by brute force on small random boards), a walk
of steps reaches the answer where this reasoning suffices, and None comes back where it
stalls.
"""

from __future__ import annotations

import json
from itertools import product
from math import prod

import pytest
from conftest import FIXTURES, SHARED_DATA
from hypothesis import assume, given
from hypothesis import strategies as st

from puzzlesat.core import Status, as_grid
from puzzlesat.formats.taai import read_taai, read_taai_solutions
from puzzlesat.grid.steps import Found, spans
from puzzlesat.kinds.nonogram import KIND as NONOGRAM
from puzzlesat.kinds.nonogram import hints as nonogram_hints
from puzzlesat.kinds.nonogram.board import Nonogram, colour_runs, from_json, from_picture, runs
from puzzlesat.kinds.sudoku import KIND as SUDOKU
from puzzlesat.kinds.sudoku import hints as sudoku_hints
from puzzlesat.kinds.sudoku.board import Sudoku
from puzzlesat.solve import solve
from puzzlesat.sources.puzzle_family import BY_NAME, Task
from puzzlesat.sources.puzzle_family.games.sudoku import decode as decode_sudoku

TAAI = SHARED_DATA / "nonogram" / "taai"
TASKS = SHARED_DATA / "puzzle-sudoku-tasks"


def example(kind, name: str):
    return next(e.board for e in kind.examples if e.name == name)


def walk(easy_step, board, answer, known=None) -> tuple[dict, list[Found]]:
    """easy_step until None, every step's cells checked against `answer` on the way."""
    known = dict(known or {})
    steps = []
    while (found := easy_step(board, known)) is not None:
        assert found.cells and isinstance(found.text, str) and found.text
        for r, c, value in found.cells:
            assert (r, c) not in known, found
            assert answer[r][c] == value, found
            known[r, c] = value
        steps.append(found)
    return known, steps


def answer_of(board):
    result = solve(board)
    assert len(result.solutions) == 1
    return result.solutions[0]


# --------------------------------------------------------------------------- words


def test_spans_say_runs_as_people_count():
    assert spans([4, 5, 8]) == "5-6 and 9"
    assert spans([0]) == "1"
    assert spans([0, 1, 2, 5, 7, 8]) == "1-3, 6 and 8-9"


def test_a_line_step_says_the_line_its_clue_and_the_cells():
    chair = example(NONOGRAM, "chair")
    found = nonogram_hints.easy_step(chair, {})
    assert found.rule == "column clue" and found.scope == ("column", 0)
    assert found.text == ("column 1 (1 1 2): every way to place the blocks fills rows 1, 3 "
                          "and 5-6 and leaves rows 2 and 4 empty")


def test_a_colour_line_step_names_the_colour_as_the_drawing_does():
    found = nonogram_hints.easy_step(example(NONOGRAM, "colour"), {})
    assert found.text.startswith("column 2 (1b 1b): every way to place the blocks paints rows "
                                 "1 and 3 b (#4e79a7) and leaves row 2 empty")


# --------------------------------------------------------------------------- nonograms


def test_line_logic_walks_the_chair_to_its_answer_rows_before_columns_on_ties():
    chair = example(NONOGRAM, "chair")
    known, steps = walk(nonogram_hints.easy_step, chair, answer_of(chair))
    assert len(known) == chair.width * chair.height
    assert all(s.rule in ("row clue", "column clue") for s in steps)
    assert steps == nonogram_hints.every_line_step(chair)


def test_ties_go_to_rows_then_the_top_and_the_left():
    full = from_picture(as_grid([[1, 1], [1, 1]]))
    assert nonogram_hints.easy_step(full, {}).scope == ("row", 0)
    assert nonogram_hints.easy_step(full, {(0, 0): 1, (0, 1): 1}).scope == ("row", 1)
    columns = from_picture(as_grid([[1, 0, 1], [1, 0, 1], [1, 0, 1]]))
    assert nonogram_hints.easy_step(columns, {}).scope == ("row", 0)
    assert nonogram_hints.easy_step(
        columns, {(r, c): v for r in range(3) for c, v in enumerate([1, 0, 1]) if r < 2}
    ).scope == ("row", 2)


@pytest.mark.parametrize("name", ["nonogram01", "nonogram02"])
def test_seed_book_puzzles_are_walked_by_line_steps_alone(name):
    board = from_json(json.loads((SHARED_DATA / "seed-book" / f"{name}.json").read_text()), name)
    known, steps = walk(nonogram_hints.easy_step, board, answer_of(board))
    assert len(known) == board.width * board.height
    assert {s.rule for s in steps} <= {"row clue", "column clue"}


@pytest.mark.parametrize("name", [e.name for e in NONOGRAM.examples])
def test_every_nonogram_example_is_walked_soundly(name):
    """Each step holds in every answer (none: a step of a board without one says nothing)."""
    board = example(NONOGRAM, name)
    answers = nonogram_answers(board)
    known: dict = {}
    while (found := nonogram_hints.easy_step(board, known)) is not None:
        for r, c, value in found.cells:
            assert all(a[r][c] == value for a in answers)
            known[r, c] = value
    assert (len(known) == board.width * board.height) == (len(answers) == 1)


def test_two_answers_give_no_step():
    assert nonogram_hints.easy_step(example(NONOGRAM, "two ways"), {}) is None


def test_a_puzzle_that_needs_search_stalls_with_none():
    """One filled cell a row and a column of a 4x4: any of the 24 permutations fits, so
    neither a line nor a probe decides a cell; and TAAI 2011 #801 (several answers), whose
    empty board neither line logic nor one probe gets into."""
    diagonal = from_picture(as_grid([[int(r == c) for c in range(4)] for r in range(4)]))
    assert nonogram_hints.easy_step(diagonal, {}) is None
    board, _ = taai(801)
    assert nonogram_hints.easy_step(board, {}) is None
    assert solve(board).status is Status.MULTIPLE


def test_a_probe_decides_a_cell_where_no_line_does():
    """Line logic stalls on the empty board of TAAI 2011 #800 (no line alone decides a
    cell); a probe still does, and soundly."""
    board, answer = taai(800)
    lines = nonogram_hints._lines(board)
    grid = nonogram_hints._grid(board, {})
    assert nonogram_hints.line_step(board, lines, grid) is None
    found = nonogram_hints.easy_step(board, {})
    assert found.rule == "contradiction" and found.scope == ("cell", found.cells[0][:2])
    assert "could not be completed, so it is" in found.text
    (r, c, value), = found.cells
    assert answer[r][c] == value


def taai(number: int) -> tuple[Nonogram, list]:
    puzzles = read_taai((TAAI / "taai2011.question.txt").read_text("utf-8"))
    answers = read_taai_solutions((TAAI / "taai2011.solution.txt").read_text("utf-8"))
    return puzzles[number - 1], answers[number]


@pytest.mark.parametrize("number", [1, 2, 3])
def test_taai_steps_agree_with_the_answer_from_empty_and_half_known(number):
    board, answer = taai(number)
    walk(nonogram_hints.easy_step, board, answer)
    half = {(r, c): answer[r][c] for r in range(25) for c in range(25) if (r * 7 + c * 3) % 2}
    known, _ = walk(nonogram_hints.easy_step, board, answer, half)
    assert len(known) == 625  # half the answer: line logic and probes finish it


@pytest.mark.parametrize("name", ["4374", "colour-3x3", "colour-29x24"])
def test_colour_fixtures_are_walked_soundly(name):
    record = json.loads((FIXTURES / "nonograms.org" / f"{name}.board.json").read_text())
    board = from_json(record["puzzle"], name)
    known, steps = walk(nonogram_hints.easy_step, board, answer_of(board))
    assert steps[0].rule in ("row clue", "column clue")
    assert len(known) == board.width * board.height


def nonogram_answers(board: Nonogram, most: int | None = None) -> list | None:
    """Every answer, by brute force over each row's values (small boards only); None when
    more than `most` combinations of rows would have to be tried."""
    values = range(len(board.colors) + 1) if board.is_colour else range(2)
    shown = colour_runs if board.is_colour else runs
    row_clues = (list(zip(board.rows, board.row_colours)) if board.is_colour else board.rows)
    col_clues = (list(zip(board.cols, board.col_colours)) if board.is_colour else board.cols)
    fits = [[cells for cells in product(values, repeat=board.width) if shown(cells) == clue]
            for clue in row_clues]
    if most is not None and prod(len(f) for f in fits) > most:
        return None
    return [grid for grid in product(*fits)
            if all(shown(col) == clue for col, clue in zip(zip(*grid), col_clues))]


def _random_picture(data, colours: int, height: int, width: int):
    return as_grid([[data.draw(st.integers(0, colours)) for _ in range(width)]
                    for _ in range(height)])


@given(st.data())
def test_every_nonogram_step_holds_in_every_answer(data):
    """Small random pictures (black and white or two colours) and a random part of one of
    their answers known: each step's cells agree with every answer of those known cells;
    a line step's with every placement of its line; None only where no line decides."""
    colours = data.draw(st.sampled_from([1, 2]))
    height, width = data.draw(st.integers(1, 4)), data.draw(st.integers(1, 4))
    picture = _random_picture(data, colours, height, width)
    board = from_picture(picture, ("e15759", "4e79a7") if colours == 2 else ())
    answers = nonogram_answers(board)
    mine = data.draw(st.sampled_from(answers))
    known = {(r, c): mine[r][c] for r in range(height) for c in range(width)
             if data.draw(st.booleans())}
    found = nonogram_hints.easy_step(board, known)
    fitting = [a for a in answers if all(a[r][c] == v for (r, c), v in known.items())]
    if found is None:
        assert not _line_decides(board, known)
        return
    for r, c, value in found.cells:
        assert (r, c) not in known
        assert all(a[r][c] == value for a in fitting)
    if found.rule in ("row clue", "column clue"):
        assert _line_decides(board, known) == len(found.cells)  # the line deciding most


@given(st.data())
def test_every_probe_holds_in_every_answer(data):
    """Random pictures up to 6x6 from where line steps stop (probes are the step there
    about one time in three): a probe's cell agrees with every answer."""
    colours = data.draw(st.sampled_from([1, 2]))
    height, width = data.draw(st.integers(3, 6)), data.draw(st.integers(3, 6))
    picture = _random_picture(data, colours, height, width)
    board = from_picture(picture, ("e15759", "4e79a7") if colours == 2 else ())
    answers = nonogram_answers(board, most=20_000)
    assume(answers is not None)
    known = {(r, c): v for step in nonogram_hints.every_line_step(board)
             for r, c, v in step.cells}
    found = nonogram_hints.easy_step(board, known)
    if found is None:
        return
    assert found.rule == "contradiction" and len(found.cells) == 1
    (r, c, value), = found.cells
    assert (r, c) not in known and all(a[r][c] == value for a in answers)


def _line_decides(board: Nonogram, known: dict) -> int:
    """The most open cells one line decides, by brute force over the line's values."""
    values = range(len(board.colors) + 1) if board.is_colour else range(2)
    shown = colour_runs if board.is_colour else runs
    most = 0
    for kind, count, length in (("row", board.height, board.width),
                                ("column", board.width, board.height)):
        for k in range(count):
            clue = (board.rows if kind == "row" else board.cols)[k]
            if board.is_colour:
                paint = (board.row_colours if kind == "row" else board.col_colours)[k]
                clue = (clue, paint)
            at = [(k, i) if kind == "row" else (i, k) for i in range(length)]
            ways = [cells for cells in product(values, repeat=length) if shown(cells) == clue
                    and all(known.get(p, v) == v for p, v in zip(at, cells))]
            if ways:
                most = max(most, sum(1 for i, p in enumerate(at) if p not in known
                                     and len({w[i] for w in ways}) == 1))
    return most


# --------------------------------------------------------------------------- Sudoku


def task_boards(name: str, count: int) -> list[Sudoku]:
    jigsaw = name.startswith("jigsaw")
    side = int(name.split("_")[1][0]) if jigsaw else {"3x3": 9, "3x4": 12, "4x4": 16}[name[:3]]
    genre = BY_NAME["jigsaw-sudoku" if jigsaw else "sudoku"]
    lines = (TASKS / f"{name}.txt").read_text("utf-8").splitlines()[:count]
    return [decode_sudoku(Task(genre, json.loads(line)["Task"], side, side, name))
            for line in lines]


def test_the_sudoku_example_is_walked_by_hidden_singles_in_boxes():
    board = example(SUDOKU, "4x4")
    known, steps = walk(sudoku_hints.easy_step, board, answer_of(board))
    assert len(known) == 12
    assert steps[0].text == "box 1: 4 fits only at row 2, column 2"
    assert steps[0].rule == "once in a box" and steps[0].scope == ("box", 0)


@pytest.mark.parametrize("kind, name", [(NONOGRAM, "chair"), (SUDOKU, "4x4")])
def test_keys_other_than_a_cell_are_passed_over(kind, name):
    """The engine keeps candidates it ruled out as (cell, what it is not): not a cell."""
    board = example(kind, name)
    easy_step = (nonogram_hints if kind is NONOGRAM else sudoku_hints).easy_step
    assert easy_step(board, {((0, 0), "not 1"): True}) == easy_step(board, {})


def test_a_value_the_board_cannot_hold_gives_no_step():
    assert nonogram_hints.easy_step(example(NONOGRAM, "chair"), {(0, 0): 2}) is None
    assert sudoku_hints.easy_step(example(SUDOKU, "4x4"), {(0, 0): 5}) is None


def test_two_answers_and_no_answer_give_no_sudoku_step():
    assert sudoku_hints.easy_step(example(SUDOKU, "4x4 two ways"), {}) is None
    assert sudoku_hints.easy_step(example(SUDOKU, "4x4 none"), {}) is None


def test_a_naked_single_names_the_digits_its_peers_hold():
    board = Sudoku(as_grid([[1, 2, 3, 0], [0] * 4, [0] * 4, [0] * 4]), box=(2, 2))
    shape = sudoku_hints._shape(board)
    digits = [1, 2, 3] + [0] * 13
    found = sudoku_hints._naked(shape, digits, sudoku_hints._candidates(digits, shape.lay), None)
    assert found.cells == ((0, 3, 4),) and found.scope == ("cell", (0, 3))
    assert found.text == ("row 1, column 4: 4 is the only digit left: 1-3 are in its row, "
                          "column and box")


def test_an_elimination_chain_is_said_before_its_single():
    """The second extreme 9x9 of the shared tasks: singles stall, and the 8s locked in a
    box open a naked single; the chain names only what the single needs."""
    board = task_boards("3x3_extreme", 2)[1]
    answer = answer_of(board)
    _, steps = walk(sudoku_hints.easy_step, board, answer)
    chained = next(s for s in steps if ", after" in s.rule)
    assert chained.rule == "one digit a cell, after locked candidates"
    assert chained.text == ("after the 8s of box 2 are locked in row 3: row 3, column 3: 4 is "
                            "the only digit left: 1-3, 5-7 and 9 are in its row, column and "
                            "box, and the 8 is ruled out")


@pytest.mark.parametrize("name, count", [("3x3_basic", 4), ("4x4_advanced", 2),
                                         ("jigsaw_9x9_easy", 3), ("jigsaw_5x5_easy", 3)])
def test_singles_walk_shared_sudokus_to_their_answer(name, count):
    for board in task_boards(name, count):
        known, _ = walk(sudoku_hints.easy_step, board, answer_of(board))
        givens = sum(1 for row in board.grid for v in row if v)
        assert givens + len(known) == board.size ** 2


@pytest.mark.parametrize("name", ["3x3_extreme", "jigsaw_9x9_advanced"])
def test_hard_sudokus_are_walked_soundly_with_eliminations_named(name):
    for board in task_boards(name, 3):
        _, steps = walk(sudoku_hints.easy_step, board, answer_of(board))
        for step in steps:
            assert (", after" in step.rule) == step.text.startswith("after ")


def _all_4x4() -> list[tuple[int, ...]]:
    """Every 4x4 Sudoku with 2x2 boxes, row-major (288 of them)."""
    rows = [p for p in product(range(1, 5), repeat=4) if len(set(p)) == 4]
    out = []
    for grid in product(rows, repeat=4):
        cols_ok = all(len({grid[r][c] for r in range(4)}) == 4 for c in range(4))
        boxes_ok = all(len({grid[r][c] for r in (br, br + 1) for c in (bc, bc + 1)}) == 4
                       for br in (0, 2) for bc in (0, 2))
        if cols_ok and boxes_ok:
            out.append(tuple(v for row in grid for v in row))
    return out


ALL_4X4 = _all_4x4()


@given(st.data())
def test_every_sudoku_step_holds_in_every_completion(data):
    """A random 4x4 answer with random givens and known cells: each step's cells agree
    with every completion of them, by brute force over all 288 4x4 Sudokus."""
    cells = data.draw(st.sampled_from(ALL_4X4))
    shown = [data.draw(st.integers(0, 2)) for _ in range(16)]  # 0 open, 1 given, 2 known
    board = Sudoku(as_grid([[cells[r * 4 + c] if shown[r * 4 + c] == 1 else 0
                             for c in range(4)] for r in range(4)]), box=(2, 2))
    known = {divmod(i, 4): cells[i] for i in range(16) if shown[i] == 2}
    found = sudoku_hints.easy_step(board, known)
    if found is None:
        return
    fitting = [g for g in ALL_4X4 if all(g[i] == cells[i] for i in range(16) if shown[i])]
    for r, c, value in found.cells:
        assert not shown[r * 4 + c]
        assert all(g[r * 4 + c] == value for g in fitting)
