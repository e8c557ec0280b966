"""What people expect of a command line: help when bare, quiet levels, the usage of the
command that was wrong, JSON for every outcome under --json, shell completion."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
import responses
from conftest import FIXTURES, run_cli

TABLE_4353 = FIXTURES / "nonograms.org" / "4353.table.html"


run = run_cli


def test_bare_command_prints_the_help(monkeypatch, capsys):
    code, out, err = run(monkeypatch, capsys, [], tty=True)
    assert code == 0 and err == ""
    assert out.startswith("usage: puzzlesat") and "solve" in out and "cache" in out


def test_missing_source_prints_the_usage_of_solve(monkeypatch, capsys):
    code, out, err = run(monkeypatch, capsys, ["solve"], tty=True)
    assert code == 2 and out == ""
    assert err.startswith("usage: puzzlesat solve") and "no SOURCE given" in err


@pytest.mark.parametrize("value", ["nan", "-1", "inf", "abc", "1e7"])
def test_bad_time_limits_are_usage_errors_of_solve(monkeypatch, capsys, value):
    code, _, err = run(monkeypatch, capsys, ["solve", str(TABLE_4353), "--timeout", value])
    assert code == 2 and err.startswith("usage: puzzlesat solve")
    assert "--timeout" in err and "Traceback" not in err


def test_quiet_prints_only_the_verdict_and_qq_nothing(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, ["solve", str(TABLE_4353), "-q"])
    assert code == 0 and len(out.splitlines()) == 1 and out.startswith("unique solution")
    code, out, err = run(monkeypatch, capsys, ["solve", str(TABLE_4353), "-qq"])
    assert code == 0 and out == "" and err == ""


def test_qq_still_reports_errors_on_stderr(monkeypatch, capsys):
    code, out, err = run(monkeypatch, capsys, ["solve", "-", "-qq"], "<html>hello</html>")
    assert code == 65 and out == "" and err.startswith("puzzlesat: ")


def _json(out: str) -> dict:
    lines = out.splitlines()
    assert len(lines) == 1, out  # exactly one object
    return json.loads(lines[0])


def test_json_of_clues_that_cannot_fit_is_status_none_with_the_error(monkeypatch, capsys):
    board = json.dumps({"puzzle": {"rows": [[5], [1]], "cols": [[1], [1]]}})
    code, out, err = run(monkeypatch, capsys, ["solve", "--json"], board)
    record = _json(out)
    assert code == 1 and record["status"] == "none" and record["solution"] is None
    assert "row 1" in record["error"]["message"] and record["error"]["exit"] == 1
    assert record["kind"] == "nonogram" and record["puzzle"]["rows"] == [[5], [1]]
    assert err.startswith("puzzlesat: ")  # the human line is still there


def test_json_of_an_unreadable_input_is_status_error(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, ["solve", "--json", "-"], "<html>hi</html>")
    record = _json(out)
    assert code == 65 and record["status"] == "error"
    assert record["error"]["message"] and record["error"]["hint"] and record["error"]["exit"] == 65


def test_json_of_a_missing_file_and_of_a_usage_error(monkeypatch, capsys, tmp_path):
    code, out, _ = run(monkeypatch, capsys, ["solve", "--json", str(tmp_path / "no.html")])
    assert code == 66 and _json(out)["error"]["exit"] == 66
    code, out, _ = run(monkeypatch, capsys, ["solve", "--json", "x", "--timeout", "nan"])
    assert code == 2 and _json(out)["status"] == "error"


def test_json_of_a_timeout_says_why(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, ["solve", str(TABLE_4353), "--json", "--timeout", "0"])
    record = _json(out)
    assert code == 3 and record["status"] == "unknown" and record["error"]["exit"] == 3
    assert "within 0 s" in record["error"]["message"]


def test_json_timings_are_seconds(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, ["solve", str(TABLE_4353), "--json"])
    timings = _json(out)["timings"]
    assert code == 0 and set(timings) >= {"fetch", "parse", "encode", "solve", "prove"}
    assert all(0 <= v < 30 for v in timings.values())


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_scripts(monkeypatch, capsys, shell):
    code, out, _ = run(monkeypatch, capsys, ["completion", shell])
    assert code == 0 and "puzzlesat" in out and len(out) > 200


def test_completion_answers_the_shell(tmp_path):
    """What the shell's script does on TAB: run us with _ARGCOMPLETE set, read the words."""
    line = "puzzlesat solve --asc"
    words = tmp_path / "words"
    env = {
        "_ARGCOMPLETE": "1",
        "_ARGCOMPLETE_IFS": "\n",
        "_ARGCOMPLETE_STDOUT_FILENAME": str(words),
        "COMP_LINE": line,
        "COMP_POINT": str(len(line)),
        "PATH": "/usr/bin:/bin",
    }
    proc = subprocess.run(
        [sys.executable, "-m", "puzzlesat"], env=env, capture_output=True, timeout=30
    )
    assert proc.returncode == 0, proc.stderr
    assert words.read_text().split() == ["--ascii"]


@responses.activate
def test_the_cache_is_visible(monkeypatch, capsys, tmp_path):
    url = "https://www.nonograms.org/nonograms/i/4353"
    source = FIXTURES / "nonograms.org" / "4353.source.html"
    responses.get(url, body=source.read_text(), content_type="text/html; charset=utf-8")
    code, out, _ = run(monkeypatch, capsys, ["solve", url, "-q"])
    assert code == 0 and "(cached, " not in out
    code, out, _ = run(monkeypatch, capsys, ["solve", url, "-q"])
    assert code == 0 and "(cached, solve " in out and len(responses.calls) == 1
    code, out, _ = run(monkeypatch, capsys, ["cache", "path"])
    assert out.strip() == str(tmp_path / "cache" / "puzzlesat")
    code, out, _ = run(monkeypatch, capsys, ["cache", "list"])
    assert code == 0 and url in out and out.splitlines()[-1].startswith("1 page,")
    code, out, _ = run(monkeypatch, capsys, ["cache", "clear"])
    assert code == 0 and out.startswith("removed 1 page (")
    code, out, _ = run(monkeypatch, capsys, ["cache", "list"])
    assert url not in out and out.startswith("0 pages")


def test_the_help_states_the_fetch_defaults(monkeypatch, capsys):
    from puzzlesat import fetch

    code, out, _ = run(monkeypatch, capsys, ["solve", "--help"])
    assert code == 0 and f"(default: {fetch.DEADLINE:g})" in " ".join(out.split())


def test_version_and_help_import_no_heavy_module():
    """Start-up: --version imports neither rich, requests, bs4 nor the SAT solvers."""
    probe = (
        "import contextlib, io, sys\n"
        "from puzzlesat.cli import main\n"
        "for argv in (['--version'], ['solve', '--timeout', 'nan']):\n"
        "    out, err = io.StringIO(), io.StringIO()\n"
        "    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):\n"
        "        main(argv)\n"
        "heavy = {'rich', 'requests', 'bs4', 'pysat', 'puzzlesat.load', 'puzzlesat.fetch'}\n"
        "print(sorted(heavy & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True).stdout
    assert out.strip() == "[]"


def test_the_spinner_shows_the_current_step_and_the_seconds():
    import time

    from rich.console import Console

    from puzzlesat.cli.output import Steps, spinner

    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=80, color_system=None)
    steps = Steps("line logic")
    with spinner(console, steps):
        time.sleep(0.3)
        steps("SAT: MiniSat")
        time.sleep(0.3)
    text = screen.getvalue()
    assert "line logic · 0 s" in text and "SAT: MiniSat · 0 s" in text
    piped = Console(file=io.StringIO(), width=80)  # not a terminal: no spinner at all
    with spinner(piped, Steps("line logic")):
        pass
    assert piped.file.getvalue() == ""


@pytest.mark.parametrize(
    "argv, said",
    [
        (["solve", "x", "--bogus"], "unrecognized arguments: --bogus"),
        (["parse", "a", "b"], "unrecognized arguments: b"),  # solve takes many: a batch
        (["solve", "x", "--jobs", "0"], "argument --jobs/-j: '0': give a number of jobs"),
        (["convert", "x", "--to", "pdf"], "argument --to: invalid choice: 'pdf'"),
    ],
)
def test_usage_errors_of_solve_show_its_usage(monkeypatch, capsys, argv, said):
    code, out, err = run(monkeypatch, capsys, argv)
    command = argv[0]
    assert code == 2 and out == ""
    assert err.startswith(f"usage: puzzlesat {command}")
    assert f"puzzlesat {command}: error: {said}" in err


def test_a_usage_error_under_json_is_one_line_and_one_object(monkeypatch, capsys):
    code, out, err = run(monkeypatch, capsys, ["solve", "--timeout", "nan", "x", "--json"])
    assert code == 2 and _json(out)["error"]["exit"] == 2
    assert len([line for line in err.splitlines() if "error" in line]) == 1


def test_json_is_only_for_solve(monkeypatch, capsys):
    code, out, err = run(monkeypatch, capsys, ["parse", "x", "--json"])
    assert code == 2 and out == "" and err.startswith("usage: puzzlesat parse")


def test_a_source_without_a_command_gets_a_hint(monkeypatch, capsys):
    code, _, err = run(monkeypatch, capsys, ["board.json"])
    assert code == 2 and "hint: give a command first, e.g. `puzzlesat solve SOURCE`" in err


def test_a_ragged_shikaku_grid_is_a_board_json_error(monkeypatch, capsys):
    for grid in ([[1, 2], [3]], []):
        board = json.dumps({"kind": "shikaku", "puzzle": {"grid": grid}})
        code, _, err = run(monkeypatch, capsys, ["solve", "-"], board)
        assert code == 65 and "board JSON" in err and "puzzlesat parse" in err


def test_a_cache_that_cannot_be_listed_says_what_to_do(monkeypatch, capsys, tmp_path):
    def refused(path):  # what an unreadable folder gives (tests may run as root)
        raise PermissionError(13, "Permission denied")

    (tmp_path / "cache" / "puzzlesat").mkdir(parents=True)  # a missing one is empty

    monkeypatch.setattr("os.scandir", refused)
    code, _, err = run(monkeypatch, capsys, ["cache", "list"])
    assert code == 66 and "cannot list the cache" in err and "XDG_CACHE_HOME" in err


def test_json_says_whether_the_page_came_from_the_cache(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, ["solve", str(TABLE_4353), "--json"])
    assert code == 0 and _json(out)["cached"] is False


def test_the_ascii_spinner_is_ascii():
    import time

    from rich.console import Console

    from puzzlesat.cli.output import Steps, spinner

    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=80, color_system=None)
    with spinner(console, Steps("line logic", ascii=True), ascii=True):
        time.sleep(0.3)
    assert screen.getvalue().isascii() and "line logic - 0 s" in screen.getvalue()


@pytest.mark.parametrize("command", ["solve", "parse", "convert"])
def test_a_command_built_alone_parses_and_helps_as_in_the_whole_parser(command):
    """Start-up builds only the options of the command the arguments name: that command's
    help (every option) and the top-level help must be what the whole parser gives."""
    from puzzlesat.cli.parser import build_parser, command_named

    assert command_named(["--version", command, "-q", "x.json"]) == command
    alone, whole = build_parser(only=command), build_parser()
    assert alone.command(command).format_help() == whole.command(command).format_help()
    assert alone.format_help() == whole.format_help()
    argv = [command, "x.json", "--format", "json", *(["--to", "non"] * (command == "convert"))]
    assert alone.parse_known_args(argv) == whole.parse_known_args(argv)


def test_an_option_of_another_command_is_still_refused(monkeypatch, capsys):
    code, out, err = run_cli(monkeypatch, capsys, ["parse", "--jobs", "2", "x.json"])
    assert code == 2 and "--jobs" in err
