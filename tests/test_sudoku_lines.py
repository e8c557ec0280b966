"""Sudoku lines (81 characters a puzzle) and solving many Sudokus at once (kinds.sudoku.many)."""

from __future__ import annotations

import random

import pytest
from conftest import SHARED_DATA
from test_linear_parse import assert_linear

from puzzlesat import load
from puzzlesat.core import CheckFailed, InvalidPuzzle, Page, ParseError, Status, UnsupportedPuzzle
from puzzlesat.formats import FORMATS, sudoku_lines
from puzzlesat.formats.sudoku_lines import read_all, recognises, write
from puzzlesat.kinds.sudoku import KIND, many
from puzzlesat.kinds.sudoku.board import Sudoku, default_box
from puzzlesat.kinds.sudoku.check import is_solution
from puzzlesat.kinds.sudoku.incremental import Incremental
from puzzlesat.kinds.sudoku.many import solve_many

np = pytest.importorskip("numpy")

# the seed book's puzzle and the answer it prints
SEED = "000000185007030000000021400800000020003905600050000004004860000000040300931000000"
SEED_ANSWER = (
    "362794185417538269598621437879416523243975618156382794724863951685149372931257846"
)
# a 17-clue puzzle that needs search (propagation alone leaves it open)
HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
EMPTY_4 = "." * 16


def board(line: str, box=None, regions=None) -> Sudoku:
    n = int(len(line) ** 0.5)
    values = [0 if ch in ".0" else int(ch, 36) for ch in line]
    grid = tuple(tuple(values[r * n : r * n + n]) for r in range(n))
    if regions is not None:
        return Sudoku(grid=grid, regions=regions)
    return Sudoku(grid=grid, box=box or default_box(n))


def flat(grid) -> str:
    return "".join(str(v) for row in grid for v in row)


# --------------------------------------------------------------------------- an oracle


def units_of(b: Sudoku) -> list[list[int]]:
    n = b.size
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    regions: dict[int, list[int]] = {}
    for r, row in enumerate(b.region_of()):
        for c, label in enumerate(row):
            regions.setdefault(label, []).append(r * n + c)
    return rows + cols + list(regions.values())


def oracle(b: Sudoku, limit: int = 2) -> list[tuple[int, ...]]:
    """Up to `limit` answers by plain backtracking (fewest candidates first): no bit sets,
    no propagation beyond the candidates of one cell, nothing shared with puzzlesat."""
    n = b.size
    cells = [v for row in b.grid for v in row]
    units = units_of(b)
    peers = [set() for _ in cells]
    for unit in units:
        for i in unit:
            peers[i].update(j for j in unit if j != i)
    for i, v in enumerate(cells):
        if v and (v > n or any(cells[j] == v for j in peers[i])):
            return []
    found: list[tuple[int, ...]] = []

    def go():
        best, best_options = None, None
        for i, v in enumerate(cells):
            if not v:
                options = set(range(1, n + 1)) - {cells[j] for j in peers[i]}
                if best is None or len(options) < len(best_options):
                    best, best_options = i, options
                    if len(options) <= 1:
                        break
        if best is None:
            found.append(tuple(cells))
            return
        for d in sorted(best_options):
            cells[best] = d
            go()
            cells[best] = 0
            if len(found) >= limit:
                return

    go()
    return found


def solved_grid(n: int, box: tuple[int, int], seed: int) -> list[int]:
    """A valid filled grid: the shifted pattern, its digits and bands shuffled."""
    rows, cols = box
    rng = random.Random(seed)
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    order = [band * rows + r for band in rng.sample(range(n // rows), n // rows)
             for r in rng.sample(range(rows), rows)]
    return [digits[(cols * (r % rows) + r // rows + c) % n] for r in order for c in range(n)]


def as_board(cells: list[int], n: int, box=None, regions=None) -> Sudoku:
    grid = tuple(tuple(cells[r * n : r * n + n]) for r in range(n))
    if regions is not None:
        return Sudoku(grid=grid, regions=regions)
    return Sudoku(grid=grid, box=box or default_box(n))


def blanked(cells: list[int], count: int, seed: int) -> list[int]:
    out = list(cells)
    for i in random.Random(seed).sample(range(len(cells)), count):
        out[i] = 0
    return out


def several(n: int, box, seed: int) -> Sudoku:
    """Blank the cells of a solved grid one by one until a second answer appears."""
    cells = solved_grid(n, box, seed)
    for i in random.Random(seed).sample(range(n * n), n * n):
        cells[i] = 0
        candidate = as_board(cells, n, box)
        if len(oracle(candidate)) == 2:
            return candidate
    raise AssertionError("never two answers")


def agrees_with_oracle(b: Sudoku, status: Status, solutions) -> None:
    answers = oracle(b)
    assert status is (Status.NONE, Status.UNIQUE, Status.MULTIPLE)[len(answers)]
    for s in solutions:
        assert is_solution(b, s)
    if status is Status.UNIQUE:
        assert flat(solutions[0]) == "".join(map(str, answers[0]))
    if status is Status.MULTIPLE:
        assert solutions[0] != solutions[1]


# --------------------------------------------------------------------------- reading


def test_dots_and_zeros_are_empty_cells():
    a, b = read_all(SEED.replace("0", ".") + "\n" + SEED + "\n")
    assert a.grid == b.grid == board(SEED).grid
    assert a.box == (3, 3) and a.size == 9 and a.grid[0] == (0, 0, 0, 0, 0, 0, 1, 8, 5)


def test_comments_blank_lines_crlf_spaces_and_extra_text():
    text = (
        "\ufeff# a collection\r\n"
        "\r\n"
        f"  {SEED}   \r\n"
        "#another comment\r\n"
        f"{HARD} rating 9.4 (some name)\r\n"
        f"{SEED},{SEED_ANSWER}\r\n"
        f"{HARD}\t#{SEED_ANSWER}\r\n"
        "   \r\n"
    )
    assert recognises(text)
    assert load.recognise(text) is sudoku_lines.FORMAT
    boards = read_all(text, "file.txt")
    assert [flat(b.grid) for b in boards] == [
        SEED,
        HARD.replace(".", "0"),
        SEED,
        HARD.replace(".", "0"),
    ]
    assert all(b.source == "file.txt" for b in boards)


def test_read_gives_the_first_puzzle_and_counts_the_others():
    first = load.read_page(Page("many.txt", f"{SEED}\n{HARD}\n{HARD}\n"))
    assert flat(first.grid) == SEED and first.source == "many.txt"
    assert first.note == "the first of 3 puzzles in the file"
    assert load.read_page(Page("one.txt", SEED)).note is None


def test_four_and_sixteen_cells_a_side():
    four = read_all("12343.1.2.....1.\n")[0]
    assert four.size == 4 and four.box == (2, 2) and four.grid[0] == (1, 2, 3, 4)
    line16 = ("123456789ABCDEFG" + "." * 15 + "a") + "0" * 224
    sixteen = read_all(line16)[0]
    assert sixteen.size == 16 and sixteen.box == (4, 4)
    assert sixteen.grid[0] == tuple(range(1, 17)) and sixteen.grid[1][15] == 10
    assert write(sixteen).startswith("123456789ABCDEFG...............A")


def test_write_reads_back():
    for b in (board(SEED), board(HARD), board(EMPTY_4), read_all("G" + "." * 255)[0]):
        text = write(b)
        assert text.endswith("\n") and "\n" not in text[:-1]
        assert load.recognise(text) is sudoku_lines.FORMAT
        assert read_all(text)[0].grid == b.grid


def test_write_refuses_what_a_line_cannot_hold():
    twelve = Sudoku(grid=tuple((0,) * 12 for _ in range(12)), box=(3, 4))
    with pytest.raises(UnsupportedPuzzle):
        write(twelve)
    jigsaw = Sudoku(grid=board(EMPTY_4).grid, regions=board(EMPTY_4).region_of())
    with pytest.raises(UnsupportedPuzzle):
        write(jigsaw)


@pytest.mark.parametrize(
    "text",
    [
        SEED[:80],  # one short
        SEED + "1",  # one long
        SEED.replace("0", "x", 1),
        SEED.replace("0", "A", 1),  # a letter in a 9x9 puzzle
        SEED.replace("0", "\u0661", 1),  # an Arabic-Indic one is a digit, not ours
        f"{SEED}\nnot a puzzle\n",
        "# only a comment\n\n",
        "",
        "1 2 3\n4 5 6\n",
        "0 0 4\n2 0 0\n0 0 3\n",
    ],
)
def test_other_text_is_not_sudoku_lines(text):
    assert not recognises(text)


def test_shikaku_grids_and_nonogram_files_stay_theirs():
    assert load.recognise("2 0\n0 2\n").name == "shikaku-grid"
    assert load.recognise("2 1\n1\n1\n1\n").name == "nin"
    assert load.recognise("0" * 16 + "\n").name == "sudoku-lines"  # an empty 4x4
    names = [f.name for f in FORMATS]
    assert names.index("sudoku-lines") < names.index("shikaku-grid")


def test_a_bad_line_is_named():
    text = f"# header\n{SEED}\n\n{SEED[:-1]}x\n{SEED}\n"
    with pytest.raises(ParseError) as refused:
        load.read_page(Page("f", text), "sudoku-lines")
    assert "line 4 is not a puzzle" in str(refused.value)
    assert "'" + SEED[:40] in str(refused.value)
    assert "Sudoku lines" in refused.value.hint
    with pytest.raises(ParseError, match="no puzzle"):
        read_all("# nothing\n\n")


def test_reading_is_linear():
    def check(outcome):
        assert isinstance(outcome, list) and len(outcome) > 100

    assert_linear(read_all, lambda n: (SEED + "\n") * (n // 82), 40_000, check)
    assert_linear(recognises, lambda n: "\n" * n + SEED, 400_000, lambda ok: ok is True)


def test_a_file_of_many_puzzles(tmp_path):
    lines = []
    for seed in range(30):
        cells = blanked(solved_grid(9, (3, 3), seed), 30 + seed, seed)
        lines.append("".join(str(v) if v else "." for v in cells))
    path = tmp_path / "many.txt"
    path.write_text("# thirty\n" + "\n".join(lines) + "\n", encoding="utf-8")
    boards = read_all(path.read_text(encoding="utf-8"))
    assert [write(b).strip() for b in boards] == lines
    for b, status, solutions in solve_many(boards):
        agrees_with_oracle(b, status, solutions)


# --------------------------------------------------------------------------- solving many

ENGINES = ["auto", "sat"]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_known_answer(engine):
    ((b, status, solutions),) = solve_many([board(SEED)], engine=engine)
    assert status is Status.UNIQUE and flat(solutions[0]) == SEED_ANSWER


@pytest.mark.parametrize("engine", ENGINES)
def test_a_puzzle_that_needs_search(engine):
    ((b, status, solutions),) = solve_many([board(HARD)], engine=engine)
    assert status is Status.UNIQUE and is_solution(b, solutions[0])


@pytest.mark.parametrize("engine", ENGINES)
def test_statuses_against_the_oracle(engine):
    boards = []
    for seed in range(40):
        n, box = [(9, (3, 3)), (4, (2, 2)), (6, (2, 3))][seed % 3]
        cells = solved_grid(n, box, seed)
        boards.append(as_board(blanked(cells, (seed * 7) % (n * n - 3) + 1, seed), n, box))
    boards += [several(9, (3, 3), seed) for seed in range(3)]
    boards += [several(4, (2, 2), 1), several(6, (2, 3), 2)]
    results = list(solve_many(boards, engine=engine))
    assert [r[0] for r in results] == boards  # input order
    for b, status, solutions in results:
        agrees_with_oracle(b, status, solutions)
    statuses = {status for _, status, _ in results}
    assert {Status.UNIQUE, Status.MULTIPLE} <= statuses


@pytest.mark.parametrize("engine", ENGINES)
def test_contradictory_givens_are_no_solution(engine):
    clash = board("55" + SEED[2:])  # two 5s in row 1
    out_of_range = Sudoku(grid=((10,) + board(SEED).grid[0][1:],) + board(SEED).grid[1:])
    negative = Sudoku(grid=((-1,) + board(SEED).grid[0][1:],) + board(SEED).grid[1:])
    # no given repeats in a unit, yet row 1 column 3 has no digit left
    stuck = Sudoku(grid=((1, 2, 0, 0), (0, 0, 0, 0), (0, 0, 3, 0), (0, 0, 4, 0)), box=(2, 2))
    boards = [board(SEED), clash, out_of_range, negative, stuck, board(SEED)]
    results = list(solve_many(boards, engine=engine))
    assert [status for _, status, _ in results] == [
        Status.UNIQUE, Status.NONE, Status.NONE, Status.NONE, Status.NONE, Status.UNIQUE,
    ]
    assert all(solutions == () for _, status, solutions in results if status is Status.NONE)


def test_an_empty_grid_has_several_answers_found_quickly():
    boards = [board("." * 81), board(EMPTY_4), board("." * 256)]
    for b, status, solutions in solve_many(boards):
        assert status is Status.MULTIPLE and solutions[0] != solutions[1]
        assert all(is_solution(b, s) for s in solutions)


def test_larger_and_oblong_boxes():
    boards = [
        as_board(blanked(solved_grid(16, (4, 4), 5), 80, 5), 16),
        as_board(blanked(solved_grid(12, (3, 4), 6), 50, 6), 12, (3, 4)),
        as_board(blanked(solved_grid(8, (2, 4), 7), 30, 7), 8, (2, 4)),
        as_board(blanked(solved_grid(25, (5, 5), 3), 200, 3), 25),  # 32-bit masks
    ]
    for engine in ENGINES:
        for b, status, solutions in solve_many(boards, engine=engine):
            agrees_with_oracle(b, status, solutions)


def test_jigsaw_regions_go_to_sat_and_agree_with_boxes():
    boxed = [as_board(blanked(solved_grid(6, (2, 3), s), 20, s), 6, (2, 3)) for s in range(5)]
    jigsaw = [Sudoku(grid=b.grid, regions=b.region_of()) for b in boxed]
    irregular = ((1, 1, 1, 2), (1, 3, 2, 2), (3, 3, 4, 2), (3, 4, 4, 4))
    jigsaw += [Sudoku(grid=((0,) * 4,) * 4, regions=irregular)]
    jigsaw += [Sudoku(grid=((1, 0, 0, 0),) + ((0,) * 4,) * 3, regions=irregular)]
    for b, status, solutions in solve_many(jigsaw):
        agrees_with_oracle(b, status, solutions)
    boxed_statuses = [s for _, s, _ in solve_many(boxed)]
    assert [s for _, s, _ in solve_many(jigsaw[:5])] == boxed_statuses


def test_mixed_shapes_keep_their_order_across_chunks(monkeypatch):
    monkeypatch.setattr(many, "CHUNK", 3)
    boards = [board(SEED), board(EMPTY_4), board(HARD), board("1234" + "." * 12), board(SEED)]
    results = list(solve_many(boards))
    assert [r[0] for r in results] == boards
    assert [r[1] for r in results] == [
        Status.UNIQUE, Status.MULTIPLE, Status.UNIQUE, Status.MULTIPLE, Status.UNIQUE,
    ]


def test_small_batches_and_the_node_budget_hand_over_to_sat(monkeypatch):
    boards = [board(HARD), several(9, (3, 3), 0), board(SEED), board(HARD)]
    expected = list(solve_many(boards))
    assert [s for _, s, _ in expected] == [Status.UNIQUE, Status.MULTIPLE] + [Status.UNIQUE] * 2
    monkeypatch.setattr(many, "BATCH", 3)
    assert list(solve_many(boards))[0::2] == expected[0::2]
    monkeypatch.setattr(many, "NODE_BUDGET", 1)
    again = list(solve_many(boards))
    assert [s for _, s, _ in again] == [s for _, s, _ in expected]
    assert again[0::2] == expected[0::2]


def test_without_numpy_every_puzzle_goes_to_sat(monkeypatch):
    monkeypatch.setattr(many, "np", False)
    with pytest.raises(ImportError):
        list(solve_many([board(SEED)], engine="search"))
    boards = [board(SEED), board("55" + SEED[2:]), several(9, (3, 3), 1), board(HARD)]
    statuses = [s for _, s, _ in solve_many(boards)]
    assert statuses == [Status.UNIQUE, Status.NONE, Status.MULTIPLE, Status.UNIQUE]


def test_progress_names_each_chunk(monkeypatch):
    monkeypatch.setattr(many, "CHUNK", 2)
    steps = []
    list(solve_many([board(SEED)] * 5, progress=steps.append))
    assert steps == ["solving puzzles 1-2", "solving puzzles 3-4", "solving puzzles 5-5"]


def test_a_grid_that_is_not_square_is_refused():
    with pytest.raises(InvalidPuzzle):
        list(solve_many([Sudoku(grid=((1, 2), (3,)), box=(1, 2))]))
    with pytest.raises(InvalidPuzzle):
        list(solve_many([Sudoku(grid=board(EMPTY_4).grid, regions=((1, 1, 2, 2),) * 4)]))
    with pytest.raises(InvalidPuzzle):
        list(solve_many([Sudoku(grid=board(EMPTY_4).grid, box=(3, 3))]))
    with pytest.raises(ValueError):
        list(solve_many([board(SEED)], engine="bogus"))


def test_a_wrong_answer_is_caught_by_the_check():
    engine = many._Batch(9, (3, 3))
    values = np.frombuffer(bytes(board(SEED).grid[0]) + bytes(72), dtype=np.uint8).reshape(1, 81)
    right = bytes(int(ch) for ch in SEED_ANSWER)
    engine.check(values, [[right]], np.array([True]))
    swapped = bytes([right[1], right[0]]) + right[2:]  # rows still fine, columns not
    with pytest.raises(CheckFailed):
        engine.check(values, [[swapped]], np.array([True]))


# --------------------------------------------------------------------------- the act trick


def lits(b: Sudoku) -> list[int]:
    n = b.size
    return [i * n + v for i, v in enumerate(v for row in b.grid for v in row) if v]


def test_one_solver_for_many_puzzles_blocks_each_answer_for_its_puzzle_only():
    unique, other = board(SEED), board(HARD)
    multiple = several(9, (3, 3), 2)
    solver = Incremental(9, many.layout(unique).units)
    counts = [len(solver.answers(lits(b))) for b in (unique, unique, multiple, other, unique)]
    assert counts == [1, 1, 2, 1, 1]
    assert solver.solver.nof_vars() == 729 + 5  # one activation literal a puzzle
    again = solver.answers(lits(multiple))
    assert len(again) == 2 and again[0] != again[1]
    solver.close()


def test_the_solver_is_replaced_every_recycle_puzzles():
    solver = Incremental(4, many.layout(board(EMPTY_4)).units, recycle=2)
    puzzles = [board("1234" + "." * 12), board(EMPTY_4), board("12..........3...")]
    first = [len(solver.answers(lits(b))) for b in puzzles * 3]
    assert first == [2, 2, len(oracle(puzzles[2]))] * 3
    assert solver.solver.nof_vars() <= 64 + 2
    solver.close()


# --------------------------------------------------------------------------- real data


@pytest.mark.skipif(
    not (SHARED_DATA / "sudoku" / "puzzles2_17_clue.txt").exists(), reason="no shared data"
)
def test_the_first_puzzles_of_the_17_clue_collection():
    text = (SHARED_DATA / "sudoku" / "puzzles2_17_clue.txt").read_text(encoding="utf-8")
    boards = read_all("\n".join(text.splitlines()[:300]))  # the header's comments, then lines
    assert len(boards) >= 290
    results = list(solve_many(boards))
    assert {s for _, s, _ in results} == {Status.UNIQUE}
    assert all(sum(v > 0 for row in b.grid for v in row) == 17 for b in boards)


def test_the_timeout_bounds_each_puzzles_sat_part():
    """No time at all: every puzzle SAT takes is unknown, and the shared solver still answers
    the next ones once there is time; the numpy search, which has no SAT part, is not
    bounded. The batch path (the kind's solve_many) says unknown too."""
    boards = [board(HARD)] * 3 + [board(SEED)]
    assert [s for _, s, _ in solve_many(boards, engine="sat", timeout=0)] == [Status.UNKNOWN] * 4
    assert [s for _, s, _ in solve_many(boards, engine="sat", timeout=30)] == [Status.UNIQUE] * 4
    assert [s for _, s, _ in solve_many(boards, timeout=0)] == [Status.UNIQUE] * 4
    boxed = board(SEED)
    jigsaw = Sudoku(grid=boxed.grid, regions=boxed.region_of())  # SAT with no propagation
    ((_, result, error),) = KIND.solve_many([jigsaw], 0)
    assert error is None and result.status is Status.UNKNOWN and result.solutions == ()
