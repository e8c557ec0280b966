"""Every verdict of every fixture fits one line of 80 columns: as it solves, read from a
file and from the cache, checked against the site's answer or not, and with several
answers (a Star Battle whose page does not say its stars included)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from conftest import ROOT

from puzzlesat.core import Result, Status
from puzzlesat.fetch import read_file
from puzzlesat.load import read_page
from puzzlesat.render import verdict
from puzzlesat.solve import solve

COLUMNS = 80
# seconds of each step, and the whole process: "1.7 s (read 0.4, solve 1.2)", as long as
# the times get below 10 s
TIMINGS = {"fetch": 0.35, "parse": 0.05, "encode": 0.2, "solve": 0.9, "prove": 0.1}
WAITED = 1.74
TRIED = ({"stars": 6, "status": "multiple"}, {"stars": 5, "status": "none"})


def _inputs() -> list[Path]:
    spec = importlib.util.spec_from_file_location("golden", ROOT / "tools" / "update_golden.py")
    golden = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(golden)
    return golden.every_input()


def _verdicts(board, result: Result) -> list[str]:
    """The verdict from a file and from the cache, unchecked and checked both ways."""
    return [
        verdict(board, result._replace(site_check=check), TIMINGS, ascii, cached, WAITED).plain
        for check in ("unknown", "match", "mismatch")
        for cached in (False, True)
        for ascii in (False, True)
    ]


def _several(result: Result) -> Result:
    """The same puzzle as if it had a second answer: what line logic or singles said no
    longer holds."""
    facts = {k: v for k, v in result.facts.items() if k not in ("line_solvable", "singles_solve")}
    answers = result.solutions[:1] * 2
    return result._replace(status=Status.MULTIPLE, solutions=answers, facts=facts)


def _unstated_and_several(result: Result) -> Result:
    """A Star Battle whose page did not say k (and so has no hash of its answer): three
    counts tried, none with one answer."""
    tried = [*TRIED, {"stars": result.facts["stars"], "status": "multiple"}]
    return _several(result)._replace(facts={**result.facts, "stars_tried": tried})


def _unstated(result: Result) -> Result:
    """A Star Battle whose page did not say k, found as the size's count (one try)."""
    tried = [{"stars": result.facts["stars"], "status": "unique"}]
    return result._replace(facts={**result.facts, "stars_tried": tried})


@pytest.mark.parametrize("path", _inputs(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_verdict_of_a_fixture_fits_80_columns(path):
    board = read_page(read_file(str(path)))
    result = solve(board)
    results = [result]
    if result.solutions:
        results.append(_several(result))
    if "stars" in result.facts:
        results.append(_unstated(result))
    lines = [line for each in results for line in _verdicts(board, each)]
    if "stars" in result.facts:
        several = _unstated_and_several(result)
        lines += [verdict(board, several, TIMINGS, False, cache, WAITED).plain for cache in (0, 1)]
    for line in lines:
        assert len(line) <= COLUMNS, f"{len(line)}: {line}"
