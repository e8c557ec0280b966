"""Every saved page and copy under fixtures/<site>/ parses to the board written beside it, and
every bad page to the error written beside it (tools/update_golden.py writes both; a new
fixture is a new page and a run of that tool, never new test code here)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest
from conftest import ROOT


def _tool() -> ModuleType:
    """tools/update_golden.py, loaded by its path: the tool and this test share one definition
    of the inputs and of what each must give. By path, not by name: nothing is added to
    sys.path, and tools/ is no package to install (it is in every clone, as fixtures/ is)."""
    path = ROOT / "tools" / "update_golden.py"
    spec = importlib.util.spec_from_file_location("update_golden", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


golden = _tool()
INPUTS = golden.every_input()
BAD = golden.every_bad_input()
UPDATE = "run python tools/update_golden.py and review the diff"


def _relative(path: Path) -> str:
    return str(path.relative_to(golden.FIXTURES))


def _expected(path: Path) -> dict:
    """The expected file's content; a fixture without one fails, saying how to write it."""
    if not path.exists():
        pytest.fail(f"no {_relative(path)}: {UPDATE}")
    return json.loads(path.read_text(encoding="utf-8"))


def test_every_site_has_pages():
    """An empty list would parametrize no case and pass: the inputs are found at all."""
    assert {path.parent.name for path in INPUTS} == {site.name for site in golden.site_dirs()}
    assert BAD


@pytest.mark.parametrize("path", INPUTS, ids=_relative)
def test_a_page_gives_the_board_beside_it(path: Path):
    board = _expected(golden.expected_board_of(path))
    assert golden.parsed(path) == golden.expected_for(path, board), UPDATE


@pytest.mark.parametrize("path", BAD, ids=_relative)
def test_a_bad_page_gives_the_error_beside_it(path: Path):
    expected = _expected(golden.expected_error_of(path))
    refused = golden.refusal(path)  # fails when the page parses
    assert refused == expected, UPDATE
    assert "\n" not in refused["message"] and refused["message"].strip()  # one line on stderr


def test_every_expected_file_belongs_to_a_fixture():
    """A page renamed or deleted leaves no expected file behind to pass for it."""
    wanted = {golden.expected_board_of(p) for p in INPUTS} | {
        golden.expected_error_of(p) for p in BAD
    }
    written = {
        p for site in golden.site_dirs() for p in (*site.glob("*.json"), *site.glob("bad/*.json"))
    } - {site / "index.json" for site in golden.site_dirs()}
    assert written <= wanted, sorted(map(_relative, written - wanted))
