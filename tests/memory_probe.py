"""Run by tests/test_memory_bound.py in a child under an address-space limit: one kind's
first example, then its stress board of each worst shape, each solved through `main(argv)`
as a user's file is, in a process forked for it. Prints one JSON line per board: its shape,
exit status, whether a traceback was printed, the kind's cost in bytes and the peak
resident size of that board's process and the solver children it waited for. The example's
peak is the floor every process starts from; the test holds each board's peak above it to
the board's estimate."""

from __future__ import annotations

import io
import json
import os
import resource
import sys
import tempfile
from pathlib import Path

from puzzlesat.cli import main
from puzzlesat.cli.environment import Environment
from puzzlesat.kinds import board_record, kind_named

SHAPES = ((1, 900), (900, 1), (30, 30))  # long and thin, tall, square: the same cells


def solved_apart(board, path: Path, timeout: str) -> dict:
    """Solve the board in a forked process; its exit, stderr's verdict and peak."""
    path.write_text(json.dumps(board_record(board)), encoding="utf-8")
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: solve, say how it ended, leave without clean-up
        os.close(reader)
        err = io.StringIO()
        status = main(["solve", str(path), "-q", "--timeout", timeout],
                      Environment(None, io.StringIO(), err))
        with os.fdopen(writer, "w") as out:
            json.dump({"exit": int(status), "traceback": "Traceback" in err.getvalue(),
                       "said": err.getvalue().strip()[-300:]}, out)
        os._exit(0)
    os.close(writer)
    with os.fdopen(reader) as said:
        text = said.read()
    _, _, usage = os.wait4(pid, 0)
    return (json.loads(text) if text else {"exit": None, "traceback": True, "said": "died"}) | {
        "peak": usage.ru_maxrss * 1024}


def probe(name: str, timeout: str) -> None:
    kind = kind_named(name)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "board.json"
        print(json.dumps({"shape": None, "cost": 0}
                         | solved_apart(kind.examples[0].board, path, timeout)), flush=True)
        for shape in SHAPES:
            board = kind.stress(*shape)
            print(json.dumps({"shape": shape, "cost": kind.cost(board).bytes}
                             | solved_apart(board, path, timeout)), flush=True)


if __name__ == "__main__":
    limit = int(sys.argv[2])
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    probe(sys.argv[1], sys.argv[3])
