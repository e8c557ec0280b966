"""Sudoku solving: statuses against brute force, known puzzles of every size, jigsaw regions,
contradictory givens named before any solving, the CLI's JSON, and the drawing."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from conftest import SHARED_DATA

from puzzlesat.cli import main
from puzzlesat.core import InvalidPuzzle, Page, Status, as_grid
from puzzlesat.drawing import TEAL, Style
from puzzlesat.kinds.sudoku import KIND as sudoku
from puzzlesat.kinds.sudoku import check, cost, encode
from puzzlesat.kinds.sudoku.board import Sudoku
from puzzlesat.kinds.sudoku.layout import layout
from puzzlesat.load import read_page
from puzzlesat.render import plain_text
from puzzlesat.solve import solve

SUDOKU_DATA = SHARED_DATA / "sudoku"
HEAVY = set("━┃┏┓┗┛┣┫┳┻╋")
LIGHT = set("─│┼┌┐└┘├┤┬┴")


def parse_line(line: str) -> Sudoku:
    """81 characters, '.' or '0' for an empty cell, as the tdoku sets have them."""
    cells = [0 if ch in ".0" else int(ch) for ch in line.strip()[:81]]
    return Sudoku(as_grid([cells[r * 9 : r * 9 + 9] for r in range(9)]), box=(3, 3))


def data_lines(name: str, count: int) -> list[str]:
    path = SUDOKU_DATA / name
    if not path.exists():
        pytest.skip(f"{path} is not here")
    out = []
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if line.strip() and not line.startswith("#"):
                out.append(line.strip())
                if len(out) == count:
                    break
    return out


def latin_solution(box: tuple[int, int], rng: random.Random) -> list[list[int]]:
    """A valid filled grid for boxes of box[0] rows x box[1] columns: the shifted pattern
    (bw * (r % bh) + r // bh + c) mod n, with bands, rows in bands, stacks, columns in
    stacks and the digits shuffled (all of which keep it valid)."""
    bh, bw = box
    n = bh * bw

    def order(groups: int, size: int) -> list[int]:
        return [
            g * size + i
            for g in rng.sample(range(groups), groups)
            for i in rng.sample(range(size), size)
        ]

    rows, cols = order(n // bh, bh), order(n // bw, bw)
    digits = rng.sample(range(1, n + 1), n)
    return [[digits[(bw * (r % bh) + r // bh + c) % n] for c in cols] for r in rows]


def blanked(solution, blank, box) -> Sudoku:
    n = len(solution)
    grid = [[0 if (r, c) in blank else solution[r][c] for c in range(n)] for r in range(n)]
    return Sudoku(as_grid(grid), box=box)


# --------------------------------------------------------------------------- brute force


def all_4x4_grids() -> list[tuple[tuple[int, ...], ...]]:
    """Every filled 4x4 Sudoku (there are 288), row by row from the permutations."""
    perms = list(itertools.permutations(range(1, 5)))
    out = []

    def fits(rows, row) -> bool:
        if any(row[c] == prev[c] for prev in rows for c in range(4)):
            return False
        if len(rows) % 2:  # the second row of a band completes two boxes
            top = rows[-1]
            return {*top[:2], *row[:2]} == {*top[2:], *row[2:]} == {1, 2, 3, 4}
        return True

    def extend(rows):
        if len(rows) == 4:
            out.append(tuple(rows))
            return
        for row in perms:
            if fits(rows, row):
                extend([*rows, row])

    extend([])
    return out


GRIDS_4X4 = all_4x4_grids()


def random_4x4(rng: random.Random) -> Sudoku:
    """Givens that pass validate: a few from a real grid, or a few thrown at random."""
    if rng.random() < 0.5:
        grid = rng.choice(GRIDS_4X4)
        keep = set(rng.sample(range(16), rng.randint(2, 7)))
        cells = [grid[i // 4][i % 4] if i in keep else 0 for i in range(16)]
    else:
        while True:
            cells = [0] * 16
            for i in rng.sample(range(16), rng.randint(2, 6)):
                cells[i] = rng.randint(1, 4)
            board = Sudoku(as_grid([cells[r * 4 : r * 4 + 4] for r in range(4)]), box=(2, 2))
            try:
                check.validate(board)
                break
            except InvalidPuzzle:
                continue
    return Sudoku(as_grid([cells[r * 4 : r * 4 + 4] for r in range(4)]), box=(2, 2))


def test_there_are_288_4x4_grids():
    assert len(GRIDS_4X4) == 288
    board = Sudoku(as_grid([[0] * 4] * 4), box=(2, 2))
    assert all(check.is_solution(board, grid) for grid in GRIDS_4X4)


def test_random_4x4_statuses_agree_with_brute_force():
    rng = random.Random(20240614)
    seen = set()
    for _ in range(150):
        board = random_4x4(rng)
        answers = [
            g
            for g in GRIDS_4X4
            if all(v in (0, g[r][c]) for r, row in enumerate(board.grid) for c, v in enumerate(row))
        ]
        expected = (
            (Status.NONE, Status.UNIQUE)[len(answers)] if len(answers) < 2 else Status.MULTIPLE
        )
        result = solve(board)
        assert result.status is expected, board.grid
        assert all(s in answers for s in result.solutions)
        assert len(set(result.solutions)) == len(result.solutions)
        seen.add(expected)
    assert seen == {Status.NONE, Status.UNIQUE, Status.MULTIPLE}


# --------------------------------------------------------------------------- 9x9


def test_17_clue_puzzles_are_unique_and_checked():
    for line in data_lines("puzzles2_17_clue.txt", 12):
        board = parse_line(line)
        result = solve(board)
        assert result.status is Status.UNIQUE, line
        (answer,) = result.solutions
        assert check.is_solution(board, answer)
        assert all(v in (0, a) for row, arow in zip(board.grid, answer) for v, a in zip(row, arow))


def test_the_hardest_puzzles_need_search_and_are_unique():
    for line in data_lines("puzzles6_forum_hardest_1106.txt", 5):
        board = parse_line(line)
        result = solve(board)
        assert result.status is Status.UNIQUE
        assert check.is_solution(board, result.solutions[0])
        assert result.facts["singles_solve"] is False
        assert sudoku.remarks(result) == ["needs search"]


def test_singles_alone_solve_an_easy_one_and_the_verdict_says_so():
    # the second 17-clue puzzle of the set: naked and hidden singles fill it
    board = parse_line(
        ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7....."
    )
    cands = encode.givens(board)
    assert encode.propagate(cands, layout(board))
    result = solve(board)
    assert result.facts == {**result.facts, "singles_solve": True, "open_cells": 0}
    assert sudoku.remarks(result) == ["singles suffice"]
    assert all(not m & (m - 1) for m in cands)
    assert (
        tuple(tuple(m.bit_length() for m in cands[r * 9 : r * 9 + 9]) for r in range(9))
        == result.solutions[0]
    )


@pytest.mark.parametrize("box", [(3, 3), (2, 3), (3, 4)], ids=lambda b: f"{b[0]}x{b[1]}")
def test_singles_never_take_away_the_true_digit(box):
    """Propagation only removes what the rules forbid: on givens taken from a grid, that
    grid's digit stays a candidate of every cell, and a filled board stays consistent."""
    rng = random.Random(99)
    for _ in range(40):
        solution = latin_solution(box, rng)
        n = len(solution)
        keep = rng.randint(n, n * n // 2)
        cells = set(rng.sample([(r, c) for r in range(n) for c in range(n)], keep))
        board = blanked(solution, {(r, c) for r in range(n) for c in range(n)} - cells, box)
        cands = encode.givens(board)
        assert encode.propagate(cands, layout(board))
        flat = [v for row in solution for v in row]
        assert all(m >> (v - 1) & 1 for m, v in zip(cands, flat))


def test_a_contradiction_singles_find_still_goes_to_the_solver():
    # row 1 holds 1 and 2 and column 3 holds 3 and 4: cell (1, 3) has no digit left
    board = Sudoku(as_grid([[1, 2, 0, 0], [0, 0, 0, 0], [0, 0, 3, 0], [0, 0, 4, 0]]), box=(2, 2))
    cands = encode.givens(board)
    assert not encode.propagate(cands, layout(board))
    encoding = encode.encode(board)
    assert len(encoding.clauses) > 20  # the full CNF, not a shortcut
    result = solve(board)
    assert result.status is Status.NONE and result.facts["singles_solve"] is False
    assert sudoku.remarks(result) == []


def test_an_empty_9x9_has_many_solutions():
    board = Sudoku(as_grid([[0] * 9] * 9), box=(3, 3))
    result = solve(board)
    assert result.status is Status.MULTIPLE
    first, second = result.solutions
    assert first != second and all(check.is_solution(board, s) for s in result.solutions)


# --------------------------------------------------------------------------- 12x12, 16x16


@pytest.mark.parametrize("box", [(3, 4), (4, 4), (2, 3), (4, 3)], ids=lambda b: f"{b[0]}x{b[1]}")
def test_a_blank_row_and_column_are_unique(box):
    """Each cell of a blanked row and column but their crossing is alone in its column or
    row, and the crossing follows: one answer, the grid we started from."""
    rng = random.Random(sum(box))
    solution = latin_solution(box, rng)
    n = len(solution)
    assert check.is_solution(Sudoku(as_grid([[0] * n] * n), box=box), as_grid(solution))
    r0, c0 = rng.randrange(n), rng.randrange(n)
    blank = {(r0, c) for c in range(n)} | {(r, c0) for r in range(n)}
    result = solve(blanked(solution, blank, box))
    assert result.status is Status.UNIQUE
    assert result.solutions[0] == as_grid(solution)


@pytest.mark.parametrize("box", [(3, 4), (4, 4)], ids=lambda b: f"{b[0]}x{b[1]}")
def test_two_digits_swapped_everywhere_give_two_solutions(box):
    """Blank every cell holding a or b: the grid with a and b swapped fits too."""
    rng = random.Random(7)
    solution = latin_solution(box, rng)
    n = len(solution)
    blank = {(r, c) for r in range(n) for c in range(n) if solution[r][c] in (1, 2)}
    board = blanked(solution, blank, box)
    result = solve(board)
    assert result.status is Status.MULTIPLE
    swapped = as_grid([[{1: 2, 2: 1}.get(v, v) for v in row] for row in solution])
    assert set(result.solutions) == {as_grid(solution), swapped}


@pytest.mark.parametrize("box, givens", [((3, 4), 60), ((4, 4), 120)], ids=["12x12", "16x16"])
def test_sparse_boards_that_need_search_keep_their_grid(box, givens):
    """The grid the givens were taken from is an answer: never none, and when the answer
    is unique it is that grid; with two, both are checked and differ."""
    rng = random.Random(11)
    for _ in range(3):
        solution = latin_solution(box, rng)
        n = len(solution)
        keep = set(rng.sample([(r, c) for r in range(n) for c in range(n)], givens))
        board = blanked(solution, {(r, c) for r in range(n) for c in range(n)} - keep, box)
        result = solve(board)
        assert result.status in (Status.UNIQUE, Status.MULTIPLE)
        assert all(check.is_solution(board, s) for s in result.solutions)
        if result.status is Status.UNIQUE:
            assert result.solutions[0] == as_grid(solution)
        else:
            assert result.solutions[0] != result.solutions[1]


# --------------------------------------------------------------------------- jigsaw

# puzzle-sudoku.com jigsaw 5x5 #9,960,573 (puzzle-sudoku-tasks/jigsaw_5x5_advanced.txt)
JIGSAW = {
    "kind": "sudoku",
    "puzzle": {
        "grid": [
            [0, 0, 3, 0, 2],
            [0, 0, 0, 0, 0],
            [0, 5, 0, 2, 0],
            [0, 0, 0, 0, 0],
            [1, 0, 4, 0, 0],
        ],
        "regions": [
            [1, 1, 1, 1, 2],
            [1, 2, 2, 2, 2],
            [3, 3, 3, 4, 4],
            [5, 3, 3, 4, 4],
            [5, 5, 5, 5, 4],
        ],
    },
}
JIGSAW_ANSWER = [
    [4, 1, 3, 5, 2],
    [2, 3, 5, 4, 1],
    [3, 5, 1, 2, 4],
    [5, 4, 2, 1, 3],
    [1, 2, 4, 3, 5],
]


def test_a_jigsaw_from_board_json_is_unique():
    board = read_page(Page("jigsaw.json", json.dumps(JIGSAW)))
    assert board.regions is not None
    result = solve(board)
    assert result.status is Status.UNIQUE
    assert result.solutions[0] == as_grid(JIGSAW_ANSWER)
    assert check.is_solution(board, as_grid(JIGSAW_ANSWER))


def test_a_jigsaw_with_a_region_digit_twice_is_named(tmp_path, capsys):
    data = json.loads(json.dumps(JIGSAW))
    data["puzzle"]["grid"][1][1] = 2  # region 2 already has the 2 at row 1, column 5
    path = tmp_path / "jigsaw.json"
    path.write_text(json.dumps(data))
    assert main(["solve", str(path)]) == 1
    err = capsys.readouterr().err
    assert "region 2 has two 2s (row 1, column 5 and row 2, column 2)" in err


# --------------------------------------------------------------------------- bad givens


def board_file(tmp_path, grid, **extra) -> str:
    path = tmp_path / "board.json"
    path.write_text(json.dumps({"kind": "sudoku", "puzzle": {"grid": grid, **extra}}))
    return str(path)


def grid_with(n: int, *givens: tuple[int, int, int]) -> list[list[int]]:
    """An empty n x n grid with (row, column, digit) givens, 1-based as the messages are."""
    grid = [[0] * n for _ in range(n)]
    for r, c, v in givens:
        grid[r - 1][c - 1] = v
    return grid


@pytest.mark.parametrize(
    "givens, message",
    [
        (((3, 2, 7), (3, 8, 7)), "row 3 has two 7s (columns 2 and 8)"),
        (((1, 5, 3), (9, 5, 3)), "column 5 has two 3s (rows 1 and 9)"),
        (((1, 4, 5), (3, 6, 5)), "box 2 has two 5s (row 1, column 4 and row 3, column 6)"),
    ],
    ids=["row", "column", "box"],
)
def test_contradictory_givens_exit_1_naming_the_line(tmp_path, capsys, givens, message):
    assert main(["solve", board_file(tmp_path, grid_with(9, *givens))]) == 1
    out, err = capsys.readouterr()
    assert out == "" and message in err and err.count("\n") == 1


def test_bad_boards_are_refused_before_solving():
    def refused(board, message):
        with pytest.raises(InvalidPuzzle, match=message):
            check.validate(board)

    refused(Sudoku(as_grid(grid_with(4, (1, 1, 5))), box=(2, 2)), "row 1, column 1 holds 5")
    refused(Sudoku(as_grid(grid_with(6)), box=(2, 2)), "box of 2x2 cells does not fit")
    refused(Sudoku(as_grid(grid_with(4)), regions=as_grid([[1] * 4] * 4)), "needs 4 regions")
    uneven = as_grid([[1, 1, 1, 1], [1, 2, 2, 2], [3, 3, 3, 4], [3, 4, 4, 4]])
    refused(Sudoku(as_grid(grid_with(4)), regions=uneven), "region 1 has 5 cells")
    refused(Sudoku(((0, 0), (0,))), "must be square")
    refused(Sudoku(()), "empty")


def test_the_checker_refuses_a_broken_answer():
    board = sudoku.examples[0].board
    answer = solve(board).solutions[0]
    assert check.is_solution(board, answer)
    swapped = (answer[1], answer[0], *answer[2:])  # rows swapped: boxes still fine
    assert not check.is_solution(board, swapped)  # but the givens moved
    free = Sudoku(as_grid([[0] * 4] * 4), box=(2, 2))
    assert check.is_solution(free, swapped)
    assert not check.is_solution(free, (answer[0], answer[2], answer[1], answer[3]))  # boxes
    assert not check.is_solution(free, answer[:3])
    assert not check.is_solution(free, tuple(tuple(v % 4 for v in row) for row in answer))


# --------------------------------------------------------------------------- CLI


def test_board_json_through_the_cli_to_json(tmp_path, capsys):
    rng = random.Random(3)
    solution = latin_solution((3, 4), rng)
    blank = {(4, c) for c in range(12)} | {(r, 7) for r in range(12)}
    grid = [
        [0 if (r, c) in blank else v for c, v in enumerate(row)] for r, row in enumerate(solution)
    ]
    assert main(["solve", board_file(tmp_path, grid, box=[3, 4]), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kind"] == "sudoku" and data["status"] == "unique"
    assert data["puzzle"] == {"grid": grid, "box": [3, 4]}
    assert data["solution"] == solution
    assert data["width"] == data["height"] == 12
    assert data["stats"]["singles_solve"] is True


def test_the_verdict_names_the_kind_of_logic(tmp_path, capsys):
    board = parse_line(data_lines("puzzles6_forum_hardest_1106.txt", 1)[0])
    grid = [list(row) for row in board.grid]
    assert main(["solve", board_file(tmp_path, grid), "--ascii"]) == 0
    out = capsys.readouterr().out
    assert "unique solution - 9x9 - needs search" in out and out.isascii()


# --------------------------------------------------------------------------- drawing


def solved(board: Sudoku):
    result = solve(board)
    assert result.status is Status.UNIQUE
    return result.solutions[0]


def test_givens_are_bold_and_solved_digits_teal():
    board = parse_line(data_lines("puzzles2_17_clue.txt", 1)[0])
    answer = solved(board)
    picture = sudoku.draw(board, answer, None, Style()).picture
    lines = picture.plain.split("\n")
    assert len(lines) == 13 and lines[0] == "┏━━━━━━━┳━━━━━━━┳━━━━━━━┓"
    assert lines[4] == "┣━━━━━━━╋━━━━━━━╋━━━━━━━┫" and lines[-1][0] == "┗"
    bold = teal = 0
    for span in picture.spans:
        text = picture.plain[span.start : span.end].strip()
        if span.style == "bold":
            bold += 1
        elif span.style == TEAL:
            teal += 1
        assert text.isdigit()
    givens = sum(1 for row in board.grid for v in row if v)
    assert (bold, teal) == (givens, 81 - givens)


def test_unit_walls_are_heavy_and_cells_inside_have_none():
    board = parse_line(data_lines("puzzles2_17_clue.txt", 1)[0])
    text = sudoku.draw(board, solved(board), None, Style()).picture.plain
    assert set(text) - set("0123456789 \n") <= HEAVY
    assert not set(text) & LIGHT
    row = text.split("\n")[1]
    assert row.count("┃") == 4  # the frame and the two walls between boxes


def test_without_colour_givens_are_bracketed_and_ascii_is_ascii():
    board = sudoku.examples[0].board
    answer = solved(board)
    drawing = sudoku.draw(board, answer, None, Style(ascii=True, colour=False))
    text = drawing.picture.plain
    assert text.isascii() and all(line.isascii() for line in drawing.legend)
    assert text.split("\n") == [
        "+------+------+",
        "| 1  2 | 3 [4]|",
        "|[3] 4 | 1  2 |",
        "+------+------+",
        "|[2] 1 | 4  3 |",
        "| 4  3 | 2 [1]|",
        "+------+------+",
    ]
    assert any("[ ]" in line and "givens" in line for line in drawing.legend)


def test_numbers_from_ten_are_letters():
    rng = random.Random(5)
    solution = latin_solution((4, 4), rng)
    board = blanked(solution, {(0, c) for c in range(16)}, (4, 4))
    drawing = sudoku.draw(board, as_grid(solution), None, Style())
    text = drawing.picture.plain
    assert "10" not in text and "16" not in text
    assert all(letter in text for letter in "ABCDEFG")
    assert "A to G stand for 10 to 16" in drawing.legend
    compact = sudoku.draw(board, as_grid(solution), None, Style(compact=True)).picture.plain
    first = compact.split("\n")[0]
    assert len(first) == 16 + 3 and first.count(" ") == 3  # a character a cell, boxes apart


def test_compact_is_a_character_a_cell_with_boxes_apart():
    board = parse_line(data_lines("puzzles2_17_clue.txt", 1)[0])
    answer = solved(board)
    text = sudoku.draw(board, answer, None, Style(compact=True)).picture.plain
    lines = text.split("\n")
    assert len(lines) == 11 and lines[3] == lines[7] == ""
    assert lines[0] == " ".join("".join(map(str, answer[0][i : i + 3])) for i in (0, 3, 6))


def test_a_jigsaw_draws_its_regions():
    board = read_page(Page("jigsaw.json", json.dumps(JIGSAW)))
    answer = solved(board)
    text = sudoku.draw(board, answer, None, Style()).picture.plain
    lines = text.split("\n")
    assert lines[0] == "┏━━━━━━━━━━━━━━━┳━━━┓"  # region 1 takes four cells of row 1
    assert lines[1].startswith("┃ 4   1   3   5 ┃ 2 ┃")
    ascii_text = sudoku.draw(board, answer, None, Style(ascii=True, colour=False)).picture.plain
    assert ascii_text.isascii() and "[3]" in ascii_text


def test_a_second_answer_marks_the_cells_that_differ():
    board = Sudoku(as_grid([[1, 2, 0, 0], [3, 4, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]), box=(2, 2))
    result = solve(board)
    assert result.status is Status.MULTIPLE
    first, second = result.solutions
    differ = sum(a != b for ra, rb in zip(first, second) for a, b in zip(ra, rb))
    for style in (
        Style(),
        Style(colour=False),
        Style(ascii=True, colour=False),
        Style(compact=True, paired=True),
    ):
        drawing = sudoku.draw(board, second, first, style)
        assert drawing.picture.plain.count("*") in (differ, 2 * differ)
        assert any("differs from solution 1" in line for line in drawing.legend)
    assert "*" not in sudoku.draw(board, first, None, Style()).picture.plain
    text = plain_text(board, result, Style(ascii=True, colour=False))
    assert text.isascii() and "solution 2" in text


# --------------------------------------------------------------------------- cost


@pytest.mark.parametrize("n, box", [(4, (2, 2)), (9, (3, 3)), (12, (3, 4)), (16, (4, 4))])
def test_the_cost_bound_holds_for_an_empty_board(n, box):
    board = Sudoku(as_grid([[0] * n] * n), box=box)
    encoding = encode.encode(board)
    bound = cost.upfront(board)
    assert sum(map(len, encoding.clauses)) <= bound.literals
    assert len(encoding.clauses) <= bound.clauses
    assert not encoding.atmosts and sudoku.races


def test_a_huge_board_is_refused_before_encoding():
    from puzzlesat import budget

    n = 100  # 10x10 boxes: hundreds of millions of literals
    assert cost.upfront(Sudoku(as_grid([[0] * n] * n), box=(10, 10))).bytes > budget.MAX_BYTES
