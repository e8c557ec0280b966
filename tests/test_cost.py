"""The memory bound: boards whose encoding would not fit are refused before it is built, real
puzzles never are, the bound is above the real encoding, and the race needs room for two."""

from __future__ import annotations

import random
import re

import pytest
from conftest import FIXTURES, SHARED_DATA

from puzzlesat import budget
from puzzlesat.cli import exit_status, main
from puzzlesat.core import PuzzleError, Status, TooLarge, as_grid
from puzzlesat.fetch.local import read_file
from puzzlesat.formats.taai import read_taai
from puzzlesat.kinds import BY_NAME, kind_of
from puzzlesat.kinds.nonogram import cost as nonogram_cost
from puzzlesat.kinds.nonogram import encode as nonogram_encode
from puzzlesat.kinds.nonogram.board import Nonogram, runs
from puzzlesat.kinds.nonogram.lines import UNKNOWN, propagate
from puzzlesat.kinds.shikaku import check as shikaku_check
from puzzlesat.kinds.shikaku import cost as shikaku_cost
from puzzlesat.kinds.shikaku import encode as shikaku_encode
from puzzlesat.kinds.shikaku.board import Shikaku
from puzzlesat.kinds.shikaku.generate import generate
from puzzlesat.load import read_page
from puzzlesat.solve import solve

GB = 1 << 30
REFUSAL = re.compile(
    r"^the puzzle would need about [\d.]+ GB to encode \([\d,]+ literals\); "
    r"this machine allows [\d.]+ [GM]B$"
)


def estimate(board, known=None):
    """The kind's bound from the clues (and, for a nonogram, from what line logic left)."""
    if board.kind == "nonogram":
        return nonogram_cost.estimate(board, known)
    return shikaku_cost.estimate(board)


def check(board, known=None):
    """What solve asks before encoding, or (with `known`) the encoder after line logic."""
    cost = kind_of(board).cost(board) if known is None else nonogram_cost.estimate(board, known)
    return budget.refuse_unless_fits(cost)


@pytest.fixture
def machine(monkeypatch):
    """A machine with 4 GB available: the limit is 2 GB, whatever runs the tests."""
    monkeypatch.setattr(budget, "available_memory", lambda: 4 * GB)


@pytest.fixture
def nothing_built(monkeypatch):
    """Any attempt to build an encoding or the candidate rectangles fails the test."""

    def forbidden(*args, **kwargs):
        raise AssertionError("an encoding was started")

    for name in BY_NAME:
        monkeypatch.setitem(BY_NAME, name, BY_NAME[name]._replace(encode=forbidden))
    for module in (shikaku_check, shikaku_encode):
        monkeypatch.setattr(module, "candidates", forbidden)


def many_small_blocks(size: int = 1000, blocks: int = 100) -> Nonogram:
    """Every line [1] * blocks: no cell is forced, and blocks x slack order variables."""
    line = ((1,) * blocks,) * size
    return Nonogram(rows=line, cols=line)


def staggered_shikaku(size: int, tile_h: int, tile_w: int) -> Shikaku:
    """The board cut into equal tiles, each clue in a row and a column of its own: nothing
    narrows any clue's rectangles (a valid board: the tiles are a solution)."""
    grid = [[0] * size for _ in range(size)]
    across, down = size // tile_w, size // tile_h
    for i in range(down):
        for j in range(across):
            grid[tile_h * i + j % tile_h][tile_w * j + i % tile_w] = tile_h * tile_w
    return Shikaku(grid=as_grid(grid))


def real_literals(encoding) -> int:
    return sum(map(len, encoding.clauses)) + sum(len(lits) for lits, _ in encoding.atmosts)


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(many_small_blocks, id="nonogram 1000x1000, [1]*100 lines"),
        pytest.param(lambda: staggered_shikaku(300, 30, 30), id="shikaku 300x300, 100 of 900"),
        pytest.param(lambda: staggered_shikaku(1000, 40, 25), id="shikaku 1000x1000, 1000 of 1000"),
    ],
)
def test_a_board_too_big_to_encode_is_refused_at_once(make, machine, nothing_built):
    board = make()
    with pytest.raises(TooLarge) as refused:  # at once: `nothing_built` fails any encoding
        solve(board, timeout=10)
    message = str(refused.value)
    assert REFUSAL.match(message), message
    assert message.endswith("this machine allows 2.0 GB")
    assert exit_status(refused.value) == 65


def test_the_cli_refuses_it_in_one_line_with_exit_65(tmp_path, machine, capsys):
    board = staggered_shikaku(300, 30, 30)
    path = tmp_path / "huge.txt"
    path.write_text("\n".join(" ".join(map(str, row)) for row in board.grid) + "\n")
    assert main(["solve", str(path)]) == 65
    err = capsys.readouterr().err
    assert err.startswith("puzzlesat: the puzzle would need about ") and err.count("\n") == 1
    assert "literals); this machine allows 2.0 GB (hint: " in err


def sparse_with_a_full_row(size: int, seed: int = 5) -> Nonogram:
    """Line logic fixes the full row and a little more, and leaves most of the board open."""
    rng = random.Random(seed)
    picture = [[int(rng.random() < 0.15) for _ in range(size)] for _ in range(size)]
    picture[0] = [1] * size
    return Nonogram(
        rows=tuple(runs(r) for r in picture), cols=tuple(runs(c) for c in zip(*picture))
    )


@pytest.mark.parametrize("isolate", [False, True])
def test_what_line_logic_leaves_open_is_checked_before_any_clause(monkeypatch, isolate):
    """Line logic may shrink a nonogram a lot (the 512x512 cauldron to unit clauses), so it
    is let through and checked again after line logic, in the child, before encoding."""
    monkeypatch.setattr(budget, "available_memory", lambda: 64 << 20)  # a limit of 32 MB
    board = sparse_with_a_full_row(100)
    assert estimate(board).bytes > budget.memory_limit()
    assert check(board).deferred  # let through: line logic may help

    def forbidden(*args, **kwargs):
        raise AssertionError("a line was encoded")

    monkeypatch.setattr(nonogram_encode, "encode_line", forbidden)
    with pytest.raises(TooLarge, match=r"this machine allows 32 MB$"):
        solve(board, isolate=isolate)


# --------------------------------------------------------------------------- upper bound


def random_picture(rng: random.Random) -> Nonogram:
    h, w = rng.randint(1, 12), rng.randint(1, 12)
    density = rng.choice([0.2, 0.5, 0.8])
    picture = [[int(rng.random() < density) for _ in range(w)] for _ in range(h)]
    return Nonogram(
        rows=tuple(runs(r) for r in picture), cols=tuple(runs(c) for c in zip(*picture))
    )


def random_clues(rng: random.Random) -> Nonogram:
    """Clues that fit their lines but rarely agree: contradictions, counting, all paths."""

    def clue(length: int) -> tuple[int, ...]:
        out: list[int] = []
        used = -1
        while rng.random() < 0.75:
            block = rng.randint(1, max(1, length // 3))
            if used + 1 + block > length:
                break
            out.append(block)
            used += 1 + block
        return tuple(out)

    h, w = rng.randint(1, 12), rng.randint(1, 12)
    return Nonogram(rows=tuple(clue(w) for _ in range(h)), cols=tuple(clue(h) for _ in range(w)))


def domino(n: int) -> Nonogram:
    """N-Dom (../shared/data/README.md): unique only by counting, so it gets counting clauses."""
    rows = [(3,)] + [(1,), (3, 1)] * (n - 1) + [(1,), (1,)]
    cols = [(1,), (1,)] + [(1, 3), (1,)] * (n - 1) + [(3,)]
    return Nonogram(rows=tuple(rows), cols=tuple(cols))


def nonograms():
    rng = random.Random(2024)
    yield from (random_picture(rng) for _ in range(150))
    yield from (random_clues(rng) for _ in range(150))
    yield from (domino(n) for n in (2, 3, 5, 9))


def test_the_nonogram_bound_is_above_the_real_encoding():
    counted = 0
    for board in nonograms():
        encoding = nonogram_encode.encode(board)
        literals, clauses = real_literals(encoding), len(encoding.clauses)
        forced = propagate(board.rows, board.cols)
        known = forced or [[UNKNOWN] * board.width for _ in range(board.height)]
        for bound in (estimate(board), estimate(board, known)):
            assert bound.literals >= literals and bound.clauses >= clauses, board
        counted += encoding.facts.get("counting_constraints", 0) > 0
    assert counted > 10  # the counting bound was put to the test too


def test_the_shikaku_bound_is_above_the_real_encoding():
    rng = random.Random(7)
    for seed in range(200):
        h, w = rng.randint(1, 16), rng.randint(1, 16)
        board = Shikaku(grid=as_grid(generate(h, w, seed, rng.choice([4, 12, 36, 100]))))
        encoding = shikaku_encode.encode(board)
        bound = estimate(board)
        assert bound.literals >= real_literals(encoding), board
        assert bound.clauses >= len(encoding.clauses) + len(encoding.atmosts), board
        assert bound.candidates >= sum(map(len, shikaku_encode.candidates(board))), board


def test_the_shikaku_bound_is_exact_on_a_lattice():
    """Clues on a lattice: a rectangle that passes no clue in its clue's row and column
    meets no other clue at all, so the bound counts exactly the candidates (and counts the
    at-most-one constraint of a clause of one literal, which the encoding leaves out)."""
    size, side = 60, 6
    grid = [[0] * size for _ in range(size)]
    for r in range(side // 2, size, side):
        for c in range(side // 2, size, side):
            grid[r][c] = side * side
    board = Shikaku(grid=as_grid(grid))
    bound, encoding = estimate(board), shikaku_encode.encode(board)
    assert bound.candidates == sum(map(len, shikaku_encode.candidates(board)))
    singles = sum(len(lits) == 1 for lits in encoding.clauses)
    assert bound.literals == real_literals(encoding) + singles


# --------------------------------------------------------------------------- real puzzles


def real_puzzles():
    paths = sorted(p for p in FIXTURES.rglob("*") if p.is_file() and "bad" not in p.parts)
    if SHARED_DATA.is_dir():
        paths += sorted(p for p in SHARED_DATA.rglob("*") if p.is_file())
    for path in paths:
        try:
            board = read_page(read_file(str(path)))
        except PuzzleError:
            continue
        yield path.name, board
        if path.name.endswith(".question.txt"):  # TAAI/ICGA: one puzzle in twenty of the set
            yield from ((path.name + b.title, b) for b in read_taai(path.read_text())[1::20])


def test_real_puzzles_stay_well_inside_the_limit(machine):
    seen = 0
    for name, board in real_puzzles():
        bound = check(board)
        if name != "cauldron-512x512.non":
            assert bound.bytes < budget.memory_limit() / 8, name
            assert budget.memory_allows_race(bound.bytes), name
        seen += 1
    assert seen > 20


def test_the_cauldron_fits_once_line_logic_has_run(machine):
    path = SHARED_DATA / "nonogram" / "large" / "cauldron-512x512.non"
    if not path.exists():
        pytest.skip("../shared/data is not beside this checkout")
    board = read_page(read_file(str(path)))
    assert estimate(board).bytes > budget.memory_limit()  # from the clues alone
    assert check(board).bytes > 0  # ...but line logic solves it: let through
    known = propagate(board.rows, board.cols)
    after = check(board, known)
    assert after.literals == board.width * board.height  # unit clauses only


# --------------------------------------------------------------------------- the race

FAASE = FIXTURES / "formats" / "webpbn-faase.nin"


class Launched(Exception):
    """run_within was called; the test only wants to know how."""


def race_asked(monkeypatch, board) -> bool:
    """The `race` that solve passes to run_within for this board."""
    asked = []

    def run_within(encode, timeout, isolate=False, race=True, progress=None, **racers):
        asked.append(race)
        raise Launched

    monkeypatch.setattr("puzzlesat.solve.run_within", run_within)
    with pytest.raises(Launched):
        solve(board, timeout=1)
    return asked[0]


def test_faase_still_races(machine, monkeypatch):
    assert race_asked(monkeypatch, read_page(read_file(str(FAASE)))) is True


def test_no_race_when_two_encodings_would_not_fit(monkeypatch):
    board = read_page(read_file(str(FAASE)))
    need = estimate(board).bytes
    monkeypatch.setattr(budget, "available_memory", lambda: 3 * need)  # one fits, two do not
    assert check(board) and not budget.memory_allows_race(need)
    assert race_asked(monkeypatch, board) is False
    monkeypatch.setattr(budget, "available_memory", lambda: 5 * need)
    assert budget.memory_allows_race(need)


def test_shikaku_never_races(machine, monkeypatch):
    """The hard solvers cannot take at-most-one constraints: a racer would only encode."""
    path = FIXTURES / "puzzle-shikaku.com" / "easy_5x5_9366068.txt"
    assert race_asked(monkeypatch, read_page(read_file(str(path)))) is False


def test_a_board_that_fits_is_solved_as_before(machine):
    assert solve(domino(3), timeout=10).status is Status.UNIQUE
