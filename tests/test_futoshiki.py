"""Futoshiki and Renzoku of puzzle-futoshiki.com: the kinds on grid/latin.py, the family game.

Every real pair of the shared data (../shared/data/genres/{futoshiki,renzoku}, read from
there) solves, uniquely, to the answer its page's own hashedSolution names (the 11x11
Renzoku's text is unknown: its check says so); the rules agree with brute force on small
boards; a task's fault is exit 65 naming its offset.
"""

from __future__ import annotations

import hashlib
import json
from itertools import permutations, product

import pytest
from conftest import SHARED_DATA, streams, written
from family_game import pictured

from puzzlesat.cli import main
from puzzlesat.core import Status
from puzzlesat.drawing import Style
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.futoshiki import Futoshiki
from puzzlesat.kinds.renzoku import Renzoku
from puzzlesat.solve import solve
from puzzlesat.sources.puzzle_family import BY_NAME, Task

GENRES = SHARED_DATA / "genres"


def pairs(game: str) -> list[dict]:
    path = GENRES / game / "site-pairs.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def page(task: str, n: int, ident: str = "futoshiki.1", hashed: str = "") -> str:
    """A family page of puzzle-futoshiki.com around `task` (its script on one line)."""
    plugin = ident.split(".")[0]
    check = f"hashedSolution: '{hashed}', " if hashed else ""
    return (
        '<html><head><link rel="canonical" href="https://www.puzzle-futoshiki.com/">'
        f"</head><body><div id=\"game\"></div><script>var task = '{task}'; "
        f"$(document).ready(function(){{ Game = $('#game').{plugin}({{ ident: '{ident}' , "
        f"task: task, {check}puzzleWidth: {n}, puzzleHeight: {n} }}).initGame(); }});"
        "</script></body></html>"
    )


def site_hash(task: str, answer) -> str:
    return hashlib.md5((task + "".join(str(v) for row in answer for v in row)).encode()).hexdigest()


@pytest.mark.parametrize("game", ["futoshiki", "renzoku"])
def test_every_real_pair_solves_to_its_pages_hash(game):
    for pair in pairs(game):
        task = Task(genre=BY_NAME["futoshiki"], task=pair["task"], width=pair["width"],
                    height=pair["height"], source="saved",
                    hashed_solution=pair["hashedSolution"],
                    script_names=(pair["ident"].split(".")[0],))
        board = BY_NAME["futoshiki"].decode(task)
        assert board.kind == game
        result = solve(board)
        assert result.status is Status.UNIQUE
        if pair["width"] <= 9:
            assert result.site_check == "match"
            assert site_hash(pair["task"], result.solutions[0]) == pair["hashedSolution"]
        else:  # the 11x11 special: what it hashes is not known
            assert result.site_check == "unknown"


@pytest.mark.parametrize("plugin", ["renzoku", "futoshiki"])
def test_a_renzoku_page_is_told_by_its_ident(tmp_path, plugin):
    """Whether the page runs Renzoku's script or Futoshiki's, its ident says `renzoku`."""
    pair = next(p for p in pairs("renzoku") if p["width"] == 5)
    path = tmp_path / "page.html"
    text = page(pair["task"], 5, pair["ident"], pair["hashedSolution"])
    path.write_text(text.replace("$('#game').renzoku(", f"$('#game').{plugin}("))
    env = streams()
    assert main(["solve", "--json", str(path)], env=env) == 0
    out = json.loads(written(env))
    assert (out["kind"], out["status"], out["site_check"]) == ("renzoku", "unique", "match")


def brute_force(board) -> list:
    """Every Latin square the checker takes (rows drawn from the permutations)."""
    n = board.height
    rows = list(permutations(range(1, n + 1)))
    kind = kind_named(board.kind)
    return [square for square in product(rows, repeat=n) if kind.is_solution(board, square)]


MARKS = ["", "D", "R", "DR", "L", "U"]


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("made", [Futoshiki, Renzoku])
def test_the_rules_agree_with_brute_force(made, seed):
    import random

    rng = random.Random(seed)
    n = 3 if seed % 3 else 4
    grid = tuple(tuple(rng.choice([None] * 6 + list(range(1, n + 1))) for _ in range(n))
                 for _ in range(n))
    marks = tuple(tuple(rng.choice(MARKS) if 0 < r < n - 1 or True else "" for _ in range(n))
                  for r in range(n))
    marks = tuple(tuple("".join(ch for ch in m if _inside(ch, r, c, n)) for c, m in enumerate(row))
                  for r, row in enumerate(marks))
    board = made(grid, marks)
    expected = brute_force(board)
    result = solve(board)
    assert {Status.NONE: 0, Status.UNIQUE: 1}.get(result.status, 2) == min(len(expected), 2)
    assert all(tuple(map(tuple, s)) in expected for s in result.solutions)


def _inside(letter: str, r: int, c: int, n: int) -> bool:
    dr, dc = {"D": (1, 0), "U": (-1, 0), "R": (0, 1), "L": (0, -1)}[letter]
    return 0 <= r + dr < n and 0 <= c + dc < n


@pytest.mark.parametrize(
    "task, says",
    [
        ("0,0,0,0,0,0,0,0,", "ends at offset 16 after 8 cells; a 3x3 board has 9 cells"),
        ("0,0,0,0X,0,0,0,0,0,", "holds 'X' at offset 7"),
        ("0,0,0,0,,0,0,0,0,", "holds ',' at offset 8"),
        ("0,0,0,0,0,0,0,0,0,0,", "runs past the last cell"),
    ],
)
def test_a_bad_task_is_exit_65_naming_its_offset(tmp_path, task, says):
    path = tmp_path / "page.html"
    path.write_text(page(task, 3))
    env = streams()
    assert main(["solve", str(path)], env=env) == 65
    assert says in env.stderr.getvalue()


@pytest.mark.parametrize("name", ["futoshiki", "renzoku"])
def test_board_json_round_trips_and_draws_within_80_columns(tmp_path, name):
    kind = kind_named(name)
    board = kind.examples[0].board
    path = tmp_path / "board.json"
    record = {"kind": name, "puzzle": kind.to_json(board)}
    path.write_text(json.dumps(record))
    env = streams()
    assert main(["solve", "--json", str(path)], env=env) == 0
    assert json.loads(written(env))["status"] == "unique"
    assert kind.from_json(kind.to_json(board), "") == kind.examples[1].board.__class__(
        board.grid, board.marks)
    big = kind.stress(9, 9)
    answer = tuple(tuple((r + c) % 9 + 1 for c in range(9)) for r in range(9))
    for ascii_ in (False, True):
        text = kind.draw(big, answer, None, Style(ascii=ascii_)).picture.plain
        assert max(len(line) for line in text.splitlines()) <= 80
    assert kind.svg(board, solve(board).solutions[0]).startswith("<svg")


def test_a_futoshiki_draws_its_signs_toward_the_larger():
    board = kind_named("futoshiki").examples[0].board
    answer = solve(board).solutions[0]
    text = kind_named("futoshiki").draw(board, answer, None, Style(ascii=True)).picture.plain
    assert text.splitlines()[0].replace(" ", "") == "2>13"


def real_board(game: str):
    """The first real pair of `game` as its page reads, and its answer."""
    pair = pairs(game)[0]
    task = Task(genre=BY_NAME["futoshiki"], task=pair["task"], width=pair["width"],
                height=pair["height"], source="saved", script_names=(game,))
    board = BY_NAME["futoshiki"].decode(task)
    return board, solve(board).solutions[0]


def test_the_picture_draws_every_sign_pointing_at_the_smaller_cell():
    board, answer = real_board("futoshiki")
    chevrons, cell_at = pictured(kind_named("futoshiki").svg(board, answer), "sign")
    drawn = set()
    for chevron in chevrons:
        (x1, y1), tip, (x3, y3) = (tuple(map(float, point.split(",")))
                                   for point in chevron.get("points").split())
        drawn.add((cell_at((x1 + x3) / 2, (y1 + y3) / 2), cell_at(*tip)))  # (larger, smaller)
    assert len(chevrons) == len(board.signs()) > 0
    assert drawn == set(board.signs())


def test_the_picture_draws_a_dot_between_every_consecutive_pair():
    board, answer = real_board("renzoku")
    dots, cell_at = pictured(kind_named("renzoku").svg(board, answer), "dot")
    drawn = set()
    for dot in dots:
        x, y = float(dot.get("cx")), float(dot.get("cy"))
        drawn.add(frozenset({cell_at(x - 1, y - 1), cell_at(x + 1, y + 1)}))  # its edge's cells
    assert len(dots) == len(board.dots()) > 0
    assert drawn == board.dots()
