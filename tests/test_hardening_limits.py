"""Hardening, round three, at the limits: a Dask scheduler address checked before anything
connects and a peer that is no Dask scheduler refused in bounded time and memory; boards past
what the native modules take; a file of many puzzles read and solved as a stream."""

from __future__ import annotations

import random
import socket
import threading
from concurrent.futures import Executor, Future
from contextlib import contextmanager
from importlib.util import find_spec

import pytest
from conftest import streams, written

from puzzlesat import cluster
from puzzlesat.cli import main

ONE_CELL = "width 1\nheight 1\nrows\n1\ncolumns\n1\n"
# Dask installed (found, not imported: the scheduler's greeting is read before it is)
needs_dask = pytest.mark.skipif(find_spec("distributed") is None, reason="needs Dask")


# --------------------------------------------------------------------------- --dask-scheduler


@contextmanager
def fake_scheduler(greeting: bytes):
    """A peer on 127.0.0.1 that sends `greeting` to whoever connects, then stays silent
    with the connection open until the test ends."""
    server = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []
    done = threading.Event()

    def serve() -> None:
        server.settimeout(0.1)
        while not done.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            held.append(conn)
            if greeting:
                conn.sendall(greeting)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        done.set()
        thread.join()
        for conn in held:
            conn.close()
        server.close()


def _solve_on(address: str, tmp_path) -> tuple[int, str]:
    (tmp_path / "a.non").write_text(ONE_CELL)
    env = streams()
    code = main(["solve", "--dask-scheduler", address, str(tmp_path)], env=env)
    return code, env.stderr.getvalue()


@pytest.mark.parametrize("address", ["garbage", "tcp://", "inproc://x", "tcp://[::1", "tcp://h:0"])
def test_a_scheduler_address_of_no_accepted_form_is_a_usage_error(address, tmp_path):
    code, err = _solve_on(address, tmp_path)
    assert code == 2, err
    assert "tcp://HOST:PORT" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("address", "meant"),
    [
        ("tcp://h.example:8786", "tcp://h.example:8786"),
        ("h:1", "tcp://h:1"),
        ("tcp://[::1]:9", "tcp://[::1]:9"),
        ("TCP://h", "tcp://h:8786"),
    ],
)
def test_the_accepted_forms_of_a_scheduler_address(address, meant):
    assert cluster.scheduler_address(address) == meant


GREETINGS = {
    "http": (b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n", "speaks HTTP"),
    "random bytes": (random.Random(32).randbytes(4096), "not a Dask scheduler"),
    "an 8 GiB frame": ((8 << 30).to_bytes(8, "little") + b"\0" * 4096, "not a Dask scheduler"),
    "a greeting that is no Dask's": (
        (16).to_bytes(8, "little") + (1).to_bytes(8, "little") + (0).to_bytes(8, "little"),
        "not a Dask scheduler",
    ),
    "nothing": (b"", "did not answer within 0.5 s"),
}


@needs_dask
@pytest.mark.parametrize("greeting", list(GREETINGS), ids=list(GREETINGS))
def test_a_peer_that_is_no_dask_scheduler_is_exit_69_in_bounded_time(
    greeting, tmp_path, monkeypatch
):
    """Whatever the peer sends (or not), the first exchange ends within the connect time
    and reads at most what a scheduler's greeting takes: never a frame the peer sizes."""
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 0.5)
    sent, said = GREETINGS[greeting]
    with fake_scheduler(sent) as address:
        code, err = _solve_on(address, tmp_path)
    assert code == 69, err
    assert said in err and "(hint: " in err and err.count("\n") == 1, err


@needs_dask
def test_nothing_listening_is_exit_69(tmp_path):
    with socket.create_server(("127.0.0.1", 0)) as closed:
        port = closed.getsockname()[1]
    code, err = _solve_on(f"tcp://127.0.0.1:{port}", tmp_path)
    assert code == 69 and f"cannot reach the Dask scheduler at tcp://127.0.0.1:{port}" in err


# --------------------------------------------------------------------------- native limits


@pytest.mark.parametrize(("height", "width"), [(100_001, 1), (1, 100_001)])
def test_the_native_line_logic_takes_any_side_the_cell_cap_allows(height, width):
    """A board of one long line is a board: the C line logic and encoding once refused a
    side over 100,000 ("no board of that size", exit 70; 5 x 199,999 too)."""
    native = pytest.importorskip("puzzlesat.kinds.nonogram._native")
    rows, cols = ((width,),) * height, ((height,),) * width
    grid = native.line_logic(rows, cols)
    assert grid == b"\1" * (height * width)
    clauses, _top = native.order_encoding(rows, cols, grid, height * width + 1)
    assert clauses == [[cell] for cell in range(1, height * width + 1)]


def test_a_board_past_the_old_native_side_limit_is_encoded():
    from puzzlesat.kinds.nonogram.board import Nonogram
    from puzzlesat.kinds.nonogram.encode import encode

    encoding = encode(Nonogram(rows=((1,),) * 100_001, cols=((100_001,),)))
    assert encoding.facts["line_solvable"] and len(encoding.clauses) == 100_001


def test_the_native_module_says_what_it_takes():
    """The C module names its limits, which the Python reads rather than repeats: every
    board the cell cap lets through is within them."""
    from puzzlesat.kinds.nonogram import encode
    from puzzlesat.kinds.nonogram.board import Nonogram
    from puzzlesat.solve import MAX_CELLS

    native = pytest.importorskip("puzzlesat.kinds.nonogram._native")
    assert native.MOST_SIDE >= MAX_CELLS and native.MOST_CELLS >= MAX_CELLS
    with pytest.raises(ValueError, match="no board of that size"):
        native.line_logic(_Lines(2), _Lines(native.MOST_CELLS // 2 + 1))
    tall = Nonogram(rows=((1,),) * (MAX_CELLS + 1), cols=((MAX_CELLS + 1,),))
    assert encode._native_for(tall) is native


class _Lines:
    """`count` clues of one block of one cell, without a tuple of that many."""

    def __init__(self, count: int):
        self.count = count

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, index: int) -> tuple[int, ...]:
        if not 0 <= index < self.count:
            raise IndexError(index)
        return (1,)


# --------------------------------------------------------------------------- files of many

SUDOKU = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
MANY = 100  # puzzles before the one that does not read: more than a reader reads at once


def _taai(count: int) -> str:
    """`count` 1x1 TAAI puzzles, then a puzzle whose clue is no number."""
    return "".join(f"${n}\n1\n1\n" for n in range(1, count + 1)) + "$0\nx\n1\n"


@pytest.mark.parametrize(
    ("name", "text"),
    [("taai", _taai(MANY)), ("sudoku-lines", f"{SUDOKU}\n" * MANY + "not a puzzle\n")],
    ids=["taai", "sudoku-lines"],
)
def test_a_file_of_many_is_read_as_it_is_asked_for(name, text, monkeypatch):
    """The first puzzles come without the rest being read: the broken last one is never
    reached (a reader that read the whole file first would refuse it)."""
    import inspect
    from itertools import islice

    monkeypatch.setattr("puzzlesat.formats.sudoku_lines.BLOCK", MANY // 10)
    from puzzlesat.core import Page, ParseError
    from puzzlesat.formats import format_named

    reader = format_named(name)
    each = reader.read_each(Page("many", text))
    assert inspect.isgenerator(each)
    assert len(list(islice(each, 3))) == 3
    with pytest.raises(ParseError, match="not a|is not"):
        list(each)


def test_a_batch_reads_no_further_ahead_than_its_window(monkeypatch):
    """An endless file of many: outcomes come in input order while its groups are drawn
    only as far as the open tasks allow (here a worker finishes a task when the batch
    waits for it)."""
    from itertools import count, islice

    from puzzlesat import batch
    from puzzlesat.kinds.nonogram.board import Nonogram

    board = Nonogram(rows=((1,),), cols=((1,),))
    drawn = []

    def endless():
        for g in count():
            drawn.append(g)
            yield batch.More(
                batch.Puzzle(g * 10 + k + 1, f"f#{g * 10 + k + 1}", board) for k in range(10)
            )

    futures: list[Future] = []

    class Held(Executor):
        def submit(self, fn, /, *args, **kwargs) -> Future:
            futures.append(Future())
            return futures[-1]

    open_most = []

    def finish(waited, any_of=False):
        open_most.append(sum(not f.done() for f in futures))
        for future in waited:
            future.set_result([("answer", None, 0.0)])

    monkeypatch.setattr(batch, "wait_for", finish)
    work = batch.Batch(Held(), jobs=1, timeout=None)
    outcomes = list(islice(batch.run(endless(), work), 200))
    assert [o.puzzle.index for o in outcomes] == list(range(1, 201))
    assert max(open_most) <= work.window + 10
    assert len(drawn) <= (200 + work.window) // 10 + 1


def test_a_puzzle_that_does_not_read_ends_its_file_in_its_place(tmp_path, monkeypatch):
    """The puzzles before it are solved and reported, the file's error comes in its place,
    and the exit status is the most serious seen."""
    import json

    monkeypatch.setattr("puzzlesat.formats.sudoku_lines.BLOCK", 2)
    path = tmp_path / "many.txt"
    path.write_text(f"{SUDOKU}\n{SUDOKU}\n{SUDOKU}\n{SUDOKU}\nnot a puzzle\n")
    env = streams()
    code = main(["solve", "--json", "--format", "line", str(path)], env=env)
    records = [json.loads(line) for line in written(env).splitlines()]
    assert code == 65
    assert [r["status"] for r in records] == ["unique"] * 4 + ["error"]
    assert records[-1]["index"] == 5 and records[-1]["source"] == str(path)
    assert "line 5 is not a puzzle" in records[-1]["error"]["message"]
