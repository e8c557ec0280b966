"""The site's own answer: each kind's `site_answer` is the exact text its puzzle-*.com page
hashes after the task (genres.md section 2), so a solved page says "the site's".

The proof is the real (task, hashedSolution) pairs the sites saved (`../shared/data/genres/
<game>/site-pairs.jsonl`): a sample of every game read here, decoded by the game's own
`decode`, must solve to one answer that hashes to its page's hash (all of them:
`benchmarks/bench_genres.py --site-pairs`, whose reading of a pair this test shares). The
games come from the family's registry; a game without real pairs (Shakashaka) is skipped and
its kind gives no text: nothing is guessed. Then each kind's text on a tiny board, by hand.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from hashlib import md5
from types import ModuleType

import pytest
from conftest import ROOT, SHARED_DATA, streams, written

from puzzlesat.cli import main
from puzzlesat.core import Status, as_grid
from puzzlesat.kinds import board_record, kind_named
from puzzlesat.kinds.shikaku.board import Rect
from puzzlesat.site_check import MATCH, UNKNOWN
from puzzlesat.solve import solve
from puzzlesat.sources.puzzle_family.genres import games


def _board_type(name: str) -> type:
    return kind_named(name).board_type


Binairo, Dominosa = (_board_type(n) for n in ("binairo", "dominosa"))
LightUp, Masyu = (_board_type(n) for n in ("light-up", "masyu"))
Nonogram, Shikaku, Slitherlink = (_board_type(n) for n in ("nonogram", "shikaku", "slitherlink"))
StarBattle, Sudoku = (_board_type(n) for n in ("star-battle", "sudoku"))


def _bench() -> ModuleType:
    """benchmarks/bench_genres.py, loaded by its path: the test and the benchmark read a
    pair into a board the one way (`pair_board`). Its dataclasses look their module up by
    name, so it is in sys.modules while it runs."""
    path = ROOT / "benchmarks" / "bench_genres.py"
    spec = importlib.util.spec_from_file_location("bench_genres", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)
    spec.loader.exec_module(module)
    return module


bench = _bench()
GAMES = games()  # every game the family reads, from its registry


def _pairs(genre) -> list[dict]:
    """The game's real pairs, smallest board first; a game without any is skipped (a
    checkout without ../shared is skipped by conftest, as the file is missing)."""
    path = SHARED_DATA / "genres" / genre.name / "site-pairs.jsonl"
    if SHARED_DATA.exists() and not path.exists():
        pytest.skip(f"no real page of {genre.name} has shown its hashed answer")
    pairs = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return sorted(pairs, key=lambda pair: (pair["width"] or 0) * (pair["height"] or 0))


def _sample(pairs: list[dict]) -> list[dict]:
    """The smallest, the middle and the largest board: fixed, and few."""
    return [pairs[i] for i in sorted({0, len(pairs) // 2, len(pairs) - 1})]


@pytest.mark.parametrize("genre", GAMES, ids=[genre.name for genre in GAMES])
def test_real_pairs_solve_to_their_pages_hash(genre):
    for pair in _sample(_pairs(genre)):
        board = bench.pair_board(genre, pair)
        result = solve(board)
        name = f"{pair['ident']} {pair['width']}x{pair['height']}"
        known = kind_named(board.kind).site_answer(board, result.solutions[0]) is not None
        # a board whose hashed text is not known (the 11x11 Renzoku) is checked as unknown
        site = MATCH if known else UNKNOWN
        assert (result.status, result.site_check) == (Status.UNIQUE, site), name


@pytest.mark.parametrize("genre", GAMES, ids=[genre.name for genre in GAMES])
def test_solve_json_gives_the_text_the_page_hashed(genre, tmp_path):
    """The smallest pair saved as board JSON (the page's hash and task kept) and solved by
    the CLI: the verdict says "the site's", and `site_answer` is the site's own text (the
    smallest pair whose answer the data holds, else the smallest, by its hash alone)."""
    pairs = _pairs(genre)
    pair = next((pair for pair in pairs if pair.get("answer")), pairs[0])
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board_record(bench.pair_board(genre, pair))), encoding="utf-8")
    env = streams()
    assert main(["solve", "--json", str(path)], env=env) == 0
    record = json.loads(written(env))
    assert (record["status"], record["site_check"]) == ("unique", "match")
    text = pair.get("answer") or record["site_answer"]
    assert record["site_answer"] == text
    assert md5((pair["task"] + text).encode()).hexdigest() == pair["hashedSolution"]
    env = streams()
    assert main(["solve", "-q", str(path)], env=env) == 0
    assert written(env).startswith("unique, the site's · ")


def test_a_board_from_no_page_has_no_site_answer(tmp_path):
    """The text is what a page hashes: a board without the page's task gets none."""
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board_record(Binairo(((0, None), (None, 0))))), encoding="utf-8")
    env = streams()
    assert main(["solve", "--json", str(path)], env=env) == 0
    record = json.loads(written(env))
    assert record["site_check"] == "unknown" and "site_answer" not in record


def test_shakashaka_gives_no_text():
    """No real page of Shakashaka has shown what it hashes: its check stays unknown."""
    assert kind_named("shakashaka").site_answer is None


# --------------------------------------------------------------------------- the texts


CELLS = ((1, 0), (0, 1))  # a mark (bulb, star, filled cell) on the diagonal


@pytest.mark.parametrize(
    "board, answer, text",
    [
        pytest.param(LightUp(("..", "..")), CELLS, "ynny", id="light-up"),
        pytest.param(StarBattle(((1, 1), (2, 2))), CELLS, "ynny", id="star-battle"),
        pytest.param(Nonogram(rows=((1,), (1,)), cols=((1,), (1,))), CELLS, "ynny",
                     id="nonogram"),
        # the walls between columns, a row at a time, then those between rows
        pytest.param(Shikaku(as_grid([[2, 1], [0, 1]])),
                     (Rect(0, 0, 2, 1), Rect(0, 1, 1, 1), Rect(1, 1, 1, 1)), "yyny",
                     id="shikaku"),
        pytest.param(Shikaku(as_grid([[3, 0, 0], [3, 0, 0]])),
                     (Rect(0, 0, 1, 3), Rect(1, 0, 1, 3)), "nnnnyyy", id="shikaku-rows"),
        pytest.param(Sudoku(as_grid([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]),
                            box=(2, 2)),
                     ((1, 2, 3, 4), (3, 4, 1, 2), (2, 1, 4, 3), (4, 3, 2, 1)),
                     "1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1", id="sudoku"),
        pytest.param(Sudoku(as_grid([[0] * 16] * 16)), ((16, 10, *range(1, 10), 11, 12, 13,
                                                         14, 15),) + ((0,) * 16,) * 15,
                     "16,10,1,2,3,4,5,6,7,8,9,11,12,13,14,15," + ",".join("0" * 240),
                     id="sudoku-16"),
        pytest.param(Binairo(((None, 1), (None, None))), ((0, 1), (1, 0)), "0110",
                     id="binairo"),
        # the H rows of W-1 edges across first, then the H-1 rows of W down
        pytest.param(Masyu(("...", "...")), (((1, 0), (0, 1)), ((1, 0, 0),)),
                     "ynnyynn", id="masyu"),
        # the H+1 rows of W lattice edges across first, then the H rows of W+1 down
        pytest.param(Slitherlink(((None, 3),)), (((1, 1), (1, 1)), ((1, 0, 1),)), "yyyyyny",
                     id="slitherlink"),
        # `h` starts a domino to the right, `v` one below, `n` its second cell; the
        # dominoes in any order, their cells either way round
        pytest.param(Dominosa(((0, 0, 1), (1, 1, 0))),
                     (((1, 2), (0, 2)), ((0, 0), (0, 1)), ((1, 0), (1, 1))), "hnvhnn",
                     id="dominosa"),
    ],
)
def test_each_kinds_text(board, answer, text):
    assert kind_named(board.kind).site_answer(board, answer) == text
