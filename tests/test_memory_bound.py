"""Memory is bounded before it is spent: a board under the cell cap whose lines are long and
full of blocks needs more than the machine has for line logic alone, which its cells do not
show. It ends with a clean 65 naming the limit, under an address-space limit too, in a few
seconds and without touching the memory it would need (issue 49)."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from memory_probe import SHAPES

from puzzlesat.budget import SEARCH_BYTES, Cost, available_memory, refuse_unless_fits
from puzzlesat.core import TooLarge
from puzzlesat.kinds import BY_NAME, kind_named
from puzzlesat.kinds.nonogram.board import Nonogram
from puzzlesat.kinds.nonogram.cost import line_logic_bytes, upfront

ADDRESS_SPACE = 3 << 30


def _thin(height: int, width: int) -> dict:
    """Rows of blocks of one with one free cell between, columns that add up the same."""
    rows = [[1] * ((width + 1) // 2) for _ in range(height)]
    total = sum(map(len, rows))
    cols = [[1] * (total // width + (c < total % width)) for c in range(width)]
    if height == 1:
        cols = [[1] if c % 2 == 0 else [] for c in range(width)]
    return {"kind": "nonogram", "width": width, "height": height,
            "puzzle": {"rows": rows, "cols": cols}}


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


@pytest.mark.parametrize("height, width", [(5, 199_999), (1, 999_999)])
def test_long_lines_of_many_blocks_end_cleanly_under_an_address_space_limit(
        height, width, tmp_path):
    board = tmp_path / "board.json"
    board.write_text(json.dumps(_thin(height, width)))
    child = subprocess.Popen(
        [sys.executable, "-m", "puzzlesat", "solve", str(board), "-q", "--timeout", "20"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, preexec_fn=_limited,
    )
    said = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    assert child.returncode == 65, said
    assert "before it is even encoded" in said and "Traceback" not in said
    assert usage.ru_maxrss * 1024 < 1 << 30  # it never started on the tables


def test_line_logic_tables_are_the_floor_of_a_deferred_cost():
    board = Nonogram(rows=((1,) * 50,) * 2, cols=((1,),) * 99)
    cost = upfront(board)
    assert cost.deferred and cost.floor == line_logic_bytes(board) == 3 * 101 * 100
    with pytest.raises(TooLarge, match="before it is even encoded"):
        refuse_unless_fits(Cost(1, 1, bytes=1, deferred=True, floor=available_memory() * 2))


PROBE = Path(__file__).with_name("memory_probe.py")
CLEAN = {0, 1, 3, 65}  # unique or several, none, timed out, refused as too large


def _built(encoding) -> tuple[int, int]:
    """(literals, clauses) an encoding really holds, its native constraints included."""
    literals = sum(map(len, encoding.clauses)) + sum(len(lits) for lits, _ in encoding.atmosts)
    return literals, len(encoding.clauses) + len(encoding.atmosts)


@pytest.mark.parametrize("name", sorted(BY_NAME))
def test_every_kinds_cost_bounds_what_its_worst_boards_build(name):
    """The cost is what memory is judged by before anything is built: on the densest boards
    a kind reads, long and thin, tall and square, the encoding holds no more literals and
    clauses than it said (a new kind declares `stress` and is checked with no edit here)."""
    kind = kind_named(name)
    assert kind.stress is not None, f"{name} declares no stress(height, width)"
    for height, width in SHAPES:
        board = kind.stress(height, width)
        cost = kind.cost(board)
        kind.validate(board)
        literals, clauses = _built(kind.encode(board))
        assert literals <= cost.literals and clauses <= cost.clauses, (height, width)


@pytest.mark.parametrize("name", sorted(BY_NAME))
def test_every_kinds_worst_boards_end_cleanly_within_their_estimate(name):
    """Measured, not counted: each of a kind's densest boards, long and thin, tall and
    square, solved from its file under a 3 GB address-space limit ends cleanly, and its
    process's peak (its solver children's included) rises above the kind's smallest
    example's by no more than its cost's bytes and a search's room (a new kind is checked
    with no edit here)."""
    ran = subprocess.run(
        [sys.executable, str(PROBE), name, str(ADDRESS_SPACE), "3"],
        capture_output=True, text=True, timeout=300,
    )
    assert ran.returncode == 0, ran.stderr
    first, *worst = map(json.loads, ran.stdout.splitlines())
    assert first["exit"] == 0 and len(worst) == len(SHAPES), ran.stdout
    for board in worst:
        assert board["exit"] in CLEAN and not board["traceback"], board
        if board["exit"] != 65:
            assert board["peak"] - first["peak"] <= board["cost"] + SEARCH_BYTES, board
