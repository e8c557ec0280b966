"""Every saved page and copy under fixtures/<site>/ parses to the board written beside it, and
every bad page to the error written beside it (tools/update_golden.py writes both; a new
fixture is a new page and a run of that tool, never new test code here)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from conftest import ROOT

from puzzlesat.core import PuzzleError


def _tool():
    """tools/update_golden.py, which finds the inputs and says what each must give: the
    test and the tool share one definition of both."""
    path = ROOT / "tools" / "update_golden.py"
    spec = importlib.util.spec_from_file_location("update_golden", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


golden = _tool()
INPUTS = golden.every_input()
BAD = golden.every_bad_input()
UPDATE = "run `python tools/update_golden.py` and review the diff"


def _relative(path: Path) -> str:
    return str(path.relative_to(golden.FIXTURES))


def _expected(path: Path) -> dict:
    if not path.exists():
        pytest.fail(f"{_relative(path)} is missing: {UPDATE}")
    return json.loads(path.read_text(encoding="utf-8"))


def test_every_site_has_pages_and_bad_pages():
    sites = {path.parent.name for path in INPUTS}
    assert sites == {site.name for site in golden.site_dirs()}
    assert {path.parents[1].name for path in BAD} == sites


@pytest.mark.parametrize("path", INPUTS, ids=_relative)
def test_a_page_gives_the_board_beside_it(path):
    board = _expected(golden.expected_board_of(path))
    assert golden.parsed(path) == golden.expected_for(path, board), UPDATE


@pytest.mark.parametrize("path", BAD, ids=_relative)
def test_a_bad_page_gives_the_error_beside_it(path):
    expected = _expected(golden.expected_error_of(path))
    with pytest.raises(PuzzleError) as refused:
        golden.parsed(path)
    error = refused.value
    assert {"error": type(error).__name__, "message": str(error), "hint": error.hint} == expected
    assert "\n" not in str(error) and str(error).strip()


def test_every_expected_file_belongs_to_a_fixture():
    """A page renamed or deleted leaves no expected file behind to pass for it."""
    wanted = {golden.expected_board_of(p) for p in INPUTS} | {
        golden.expected_error_of(p) for p in BAD
    }
    written = {
        p for site in golden.site_dirs() for p in (*site.glob("*.json"), *site.glob("bad/*.json"))
    } - {site / "index.json" for site in golden.site_dirs()}
    assert written <= wanted, sorted(map(_relative, written - wanted))
