"""The terminal experience as a user meets it: whole processes on a pseudo-terminal of a fixed
size and through pipes. Every cell of the answer must be on screen (decoded back from the
drawing and compared with the JSON answer), nothing is cropped, marks have a legend."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import random
import re
import struct
import subprocess
import sys
import tempfile
import termios
import time

import pytest
from conftest import FIXTURES, PtyOutput

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
HALF = {" ": (0, 0), "▀": (1, 0), "▄": (0, 1), "█": (1, 1)}
SHIKAKU_40x50 = FIXTURES / "puzzle-shikaku.com" / "monthly_40x50.board.json"


def _runs(line) -> list[int]:
    out, n = [], 0
    for v in [*line, 0]:
        if v:
            n += 1
        elif n:
            out.append(n)
            n = 0
    return out


def random_nonogram(tmp_path, size: int, density: float, seed: int):
    """A board JSON file of a random picture (its own answer need not be the only one)."""
    rng = random.Random(seed)
    grid = [[int(rng.random() < density) for _ in range(size)] for _ in range(size)]
    rows = [_runs(row) for row in grid]
    cols = [_runs([grid[r][c] for r in range(size)]) for c in range(size)]
    path = tmp_path / f"random-{size}-{seed}.json"
    path.write_text(json.dumps({"kind": "nonogram", "puzzle": {"rows": rows, "cols": cols}}))
    return path


def _env(**extra) -> dict:
    drop = ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR", "COLORTERM")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    return {**env, "TERM": "xterm-256color", **extra}


def on_terminal(argv, columns: int = 80, **env) -> tuple[int, str, str]:
    """Run puzzlesat with stdout on a pseudo-terminal `columns` wide (stderr a file).

    The parent reads the terminal while the child runs, and once it has exited, up to an end
    mark written after it (conftest.PtyOutput): the kernel may hand the child's last writes
    on late, and the mark comes after them. A child still running after 120 s is killed and
    the test fails."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    output = PtyOutput(master, slave)
    try:
        with tempfile.TemporaryFile() as err_file:
            code = _run_reading(argv, output, err_file, env)
            output.end()
            err_file.seek(0)
            err = err_file.read().decode()
    finally:
        os.close(slave)
        os.close(master)
    return code, bytes(output.data).decode().replace("\r\n", "\n"), err


def _run_reading(argv, output: PtyOutput, err_file, env: dict, within: float = 120) -> int:
    """Run puzzlesat, its stdout the terminal of `output`, reading it as it goes; its exit
    status. Killed past `within` seconds (TimeoutExpired): no child outlives the test."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "puzzlesat", *argv],
        stdin=subprocess.DEVNULL,
        stdout=output.slave,
        stderr=err_file,
        env=_env(**env),
    )
    deadline = time.monotonic() + within
    try:
        while proc.poll() is None and time.monotonic() < deadline:
            output.read(0.05)
        if proc.poll() is None:
            raise subprocess.TimeoutExpired(proc.args, within)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
    return proc.returncode


def piped(argv, **env) -> tuple[int, str, str]:
    proc = subprocess.run(
        [sys.executable, "-m", "puzzlesat", *argv],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        env=_env(**env),
        timeout=120,
    )
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


def answer_of(path) -> list[list[int]]:
    code, out, _ = piped(["solve", str(path), "--json"])
    assert code == 0
    return json.loads(out)["solution"]


def decode_half_blocks(lines: list[str], width: int, height: int) -> list[list[int]]:
    grid = [[0] * width for _ in range(height)]
    for i, line in enumerate(lines):
        for c, glyph in enumerate(line):
            top, bottom = HALF[glyph]
            grid[2 * i][c] = top
            if 2 * i + 1 < height:
                grid[2 * i + 1][c] = bottom
    return grid


def decode_full(out: str, path, cell: str = "█", empty: str = " ", guide: str = "│"):
    """The cells of a full drawing: each row's line is its clue right-aligned to the widest
    row clue, a space, then the cells (guide lines dropped)."""
    rows = json.loads(path.read_text())["puzzle"]["rows"]
    size = len(rows)
    clues = [" ".join(map(str, row)) for row in rows]
    left = max(map(len, clues)) + 1
    lines = iter(out.splitlines())
    grid = []
    for clue in clues:
        line = next(line for line in lines if line[:left] == clue.rjust(left - 1) + " ")
        cells = line[left:].replace(guide, "")
        width = 2 if len(cells) <= 2 * size else 3
        glyphs = cells.ljust(width * size)[::width]
        assert set(glyphs) <= {cell, empty}, glyphs
        grid.append([int(g == cell) for g in glyphs])
    return grid


@pytest.mark.parametrize("size, seed", [(60, 1), (100, 2)])
def test_random_nonograms_show_every_cell_on_an_80_column_terminal(tmp_path, size, seed):
    path = random_nonogram(tmp_path, size, 0.75, seed)
    expected = answer_of(path)
    code, out, err = on_terminal(["solve", str(path), "--color", "never"], columns=80)
    assert code == 0
    picture = [line for line in out.splitlines() if line and line[0] in HALF][: (size + 1) // 2]
    assert decode_half_blocks(picture, size, size) == expected
    if size > 80:  # even compact is wider: printed whole, and said so in one line
        assert "100 columns wide, wider than this 80-column terminal" in err
        assert "less -S" in err and len(err.strip().splitlines()) == 1
    else:
        assert err == ""


@pytest.mark.parametrize("size, seed", [(60, 3), (100, 4)])
def test_random_nonograms_piped_are_drawn_full_at_their_natural_width(tmp_path, size, seed):
    path = random_nonogram(tmp_path, size, 0.75, seed)
    expected = answer_of(path)
    code, out, err = piped(["solve", str(path)])
    assert code == 0 and err == ""
    assert decode_full(out, path) == expected
    assert max(len(line) for line in out.splitlines()) > 2 * size  # not cut at 80
    assert all(line == line.rstrip() for line in out.splitlines())  # no trailing spaces


def test_ascii_piped_is_ascii_and_whole(tmp_path):
    path = random_nonogram(tmp_path, 100, 0.75, 5)
    expected = answer_of(path)
    code, out, _ = piped(["solve", str(path), "--ascii"])
    assert code == 0 and out.isascii()
    assert decode_full(out, path, "#", ".", "|") == expected


def test_shikaku_40x50_at_80_columns_is_compact_and_whole():
    code, out, err = on_terminal(["solve", str(SHIKAKU_40x50), "--color", "never"], columns=80)
    assert code == 0 and err == ""
    board = json.loads(SHIKAKU_40x50.read_text())["puzzle"]["grid"]
    title, *lines = out.splitlines()
    assert title == "Monthly Shikaku"  # the board file's title, kept from its page
    assert len(lines[0]) == 80 and len(lines) > 50
    assert all(len(line) <= 80 for line in lines)  # the legend too: wrapped between words
    at = next(i for i, line in enumerate(lines) if line.startswith("## is a clue"))
    legend = " ".join(" ".join(lines[at:]).split())
    hidden = {  # the legend gives each clue shown as ##: too long, or right after another
        (int(r) - 1, int(c) - 1): int(v)
        for v, r, c in re.findall(r"(\d+) at row (\d+) column (\d+)", legend)
    }
    for r, row in enumerate(board):  # every clue in its cell, two columns a cell
        cells = [lines[r][2 * c : 2 * c + 2] for c in range(40)]
        shown = [
            int(x) if x.strip().isdigit() else hidden[r, c] if x == "##" else 0
            for c, x in enumerate(cells)
        ]
        assert shown == list(row)
    assert "## is a clue that does not fit its cell here: 144 at row 6 column 6" in out


def test_shikaku_40x50_piped_is_full_with_every_column():
    code, out, _ = piped(["solve", str(SHIKAKU_40x50)])
    assert code == 0
    title, *lines = out.splitlines()
    assert title == "Monthly Shikaku"
    picture = lines[: 2 * 50 + 1]  # a wall line above every row, and one below the last
    assert lines[0].startswith("┌") and picture[-1].startswith("└")
    assert all(len(line) == 40 * 4 + 1 for line in picture)  # 3-digit clues: 3 + wall


def test_full_60x60_is_never_cut_at_200_columns(tmp_path):
    path = random_nonogram(tmp_path, 60, 0.75, 6)
    code, out, err = on_terminal(["solve", str(path), "--full", "--color", "never"], columns=200)
    assert code == 0
    width = max(len(line) for line in out.splitlines()[:-1])
    assert width > 200 and f"{width} columns wide, wider than this 200-column terminal" in err
    assert decode_full(out, path) == answer_of(path)


def test_several_solutions_are_marked_and_explained_without_colour(tmp_path):
    board = tmp_path / "two.json"
    board.write_text(json.dumps({"puzzle": {"rows": [[1], [1]], "cols": [[1], [1]]}}))
    for argv in (["--compact"], ["--full"]):
        code, out, _ = on_terminal(["solve", str(board), *argv], NO_COLOR="1")
        assert code == 0 and "\x1b[3" not in out  # no colour at all
        text = ANSI.sub("", out)
        assert "▓" in text and "░" in text
        assert "▓ filled here, ░ empty here" in text
    code, out, _ = piped(["solve", str(board), "--ascii"])
    assert "%" in out and ":" in out and "% filled here, : empty here" in out


def test_shikaku_second_answer_is_marked_with_a_legend():
    grid = [[2, 0], [0, 2]]
    proc = subprocess.run(
        [sys.executable, "-m", "puzzlesat", "solve", "-", "--compact"],
        input=json.dumps({"kind": "shikaku", "puzzle": {"grid": grid}}).encode(),
        capture_output=True,
        env=_env(),
    )
    out = proc.stdout.decode()
    assert proc.returncode == 0
    assert "CAPITAL letters show the regions that differ from solution 1" in out


def test_verdict_wraps_between_words_on_a_narrow_terminal(tmp_path):
    path = random_nonogram(tmp_path, 30, 0.6, 7)
    code, out, _ = on_terminal(["solve", str(path), "-q", "--color", "never"], columns=40)
    lines = [line.rstrip() for line in ANSI.sub("", out).splitlines() if line.strip()]
    assert len(lines) > 1 and all(len(line) <= 40 for line in lines)
    joined = " ".join(lines)
    assert re.fullmatch(
        r"(unique solution|several solutions) · 30×30 · .*[\d.]+ m?s "
        r"\(read [\d.]+, solve [\d.]+\)",
        joined,
    ), joined


def test_colour_always_and_never(tmp_path):
    path = random_nonogram(tmp_path, 10, 0.6, 8)
    _, always, _ = piped(["solve", str(path), "--color", "always"])
    _, never, _ = on_terminal(["solve", str(path), "--color", "never"])
    _, auto_piped, _ = piped(["solve", str(path)])
    _, always_over_no_color, _ = piped(["solve", str(path), "--color", "always"], NO_COLOR="1")
    _, auto_no_color, _ = on_terminal(["solve", str(path)], NO_COLOR="1")
    assert "\x1b[" in always and "\x1b[3" not in never and "\x1b[" not in auto_piped
    assert "\x1b[3" in always_over_no_color and "\x1b[3" not in auto_no_color


def test_two_compact_answers_are_drawn_alike(tmp_path):
    board = tmp_path / "two.json"
    board.write_text(json.dumps({"puzzle": {"rows": [[1], [1], [], []], "cols": [[1], [1]]}}))
    code, out, _ = piped(["solve", str(board), "--compact"])
    pictures = out.split("solution 2")
    assert code == 0 and len(pictures) == 2
    first = [line for line in pictures[0].splitlines()[1:] if line.strip()]
    second = [line for line in pictures[1].splitlines()[1:3]]
    assert len(first) == 2 and len(second) == 2  # one line a row, both


def test_empty_lines_show_a_zero_clue(tmp_path):
    board = tmp_path / "empty.json"
    board.write_text(json.dumps({"puzzle": {"rows": [[1], []], "cols": [[1], []]}}))
    code, out, _ = piped(["solve", str(board), "--full"])
    assert code == 0 and out.splitlines()[:3] == ["   1 0", "1 ██", "0"]


def test_compact_shikaku_without_colour_never_runs_clues_together():
    grid = [[0] * 9 + [10, 10] + [0] * 9]
    proc = subprocess.run(
        [sys.executable, "-m", "puzzlesat", "solve", "-", "--compact"],
        input=json.dumps({"kind": "shikaku", "puzzle": {"grid": grid}}).encode(),
        capture_output=True,
        env=_env(),
    )
    out = proc.stdout.decode()
    assert "1010" not in out and "10##" in out
    assert "## is a clue that does not fit its cell here: 10 at row 1 column 11" in out


def test_colour_always_is_colour_even_on_a_dumb_terminal(tmp_path):
    path = random_nonogram(tmp_path, 5, 0.6, 9)
    _, out, _ = piped(["solve", str(path), "--color", "always"], TERM="dumb")
    assert "\x1b[" in out


FILL = """import os, sys, time
os.set_blocking(1, False)
n = 0
for _ in range(3):  # the kernel moves some on to the reading side meanwhile: again
    time.sleep(0.05)
    try:
        while True:
            n += os.write(1, b"z" * 512)
    except BlockingIOError:
        pass
print(n, file=sys.stderr)
"""  # a child that fills its terminal, then exits


def test_the_terminal_reader_has_a_last_burst_whole_and_outlives_no_child():
    """A child that exits with the terminal full (its writes do not block) is read whole: the
    end mark waits for room. A child past its time is killed."""
    master, slave = pty.openpty()
    output = PtyOutput(master, slave)
    try:
        proc = subprocess.run([sys.executable, "-c", FILL], stdout=slave, stderr=subprocess.PIPE,
                              timeout=60, check=True)
        output.end()
        assert bytes(output.data) == b"z" * int(proc.stderr)
        start = time.monotonic()
        with tempfile.TemporaryFile() as err_file, pytest.raises(subprocess.TimeoutExpired):
            _run_reading(["solve", str(SHIKAKU_40x50)], output, err_file, {}, within=0.05)
        assert time.monotonic() - start < 5  # killed, not waited for
    finally:
        os.close(slave)
        os.close(master)
