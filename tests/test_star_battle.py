"""Star Battle of puzzle-star-battle.com: the kind, the family game, k where the page does
not say it.

The real 5x5 of the shared data solves to the answer its own hashedSolution names; every
decoded puzzle of the shared data, written as the site's task, solves to its known answer;
the solver agrees with brute force on small boards; the task's faults are exit 65 naming
the offset and the cells the board has. The fixture page is the tool's own puzzle
(tools/make_star_battle_fixtures.py), its hash made by the tool from its own answer.
"""

from __future__ import annotations

import hashlib
import json
import re
from itertools import combinations, product

import pytest
from conftest import FIXTURES, SHARED_DATA, streams, written
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat import load
from puzzlesat.cli import main
from puzzlesat.core import Page, ParseError, Status
from puzzlesat.drawing import Style
from puzzlesat.kinds import kind_named
from puzzlesat.kinds.star_battle import KIND, StarBattle
from puzzlesat.render import plain_text
from puzzlesat.solve import solve
from puzzlesat.sources import site_for_url
from puzzlesat.sources.puzzle_family import BY_NAME, STAR_BATTLE, Task, expand_shorthand
from puzzlesat.sources.puzzle_family.games.star_battle import decode
from puzzlesat.sources.puzzle_family.urls import puzzle_requests

is_solution = KIND.is_solution  # the checker as declared: the shape asked first

GENRE = SHARED_DATA / "genres" / "star-battle"
FIXTURE = FIXTURES / "puzzle-star-battle.com"
PAGE = FIXTURE / "normal_6x6_1234567.source.html"


def site_hash(task: str, answer) -> str:
    """The site's rule (sites.md 3g), written here apart from the package."""
    marks = "".join("yn"[not v] for row in answer for v in row)
    return hashlib.md5((task + marks).encode()).hexdigest()


def task_of(line: dict, **fields) -> Task:
    return Task(BY_NAME["star-battle"], line["task"], line["width"], line["height"], "data",
                **fields)


def site_tasks() -> list[dict]:
    lines = (GENRE / "site-tasks.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


# --------------------------------------------------------------------------- real and fixture


def test_the_real_5x5_solves_to_the_answer_its_own_hash_names():
    line = site_tasks()[0]
    board = decode(task_of(line, hashed_solution=line["hashedSolution"]))
    assert board.stars is None and board.hashed_solution == line["hashedSolution"]
    result = solve(board)
    assert result.status is Status.UNIQUE and result.facts["stars"] == 1
    yn = "".join("yn"[not v] for row in result.solutions[0] for v in row)
    assert yn == line["answer"]
    assert site_hash(line["task"], result.solutions[0]) == board.hashed_solution


def test_the_fixture_page_is_read_with_its_stars_and_hash_and_solves_to_its_answer():
    (entry,) = json.loads((FIXTURE / "index.json").read_text(encoding="utf-8"))
    board = load.read_page(Page(str(PAGE), PAGE.read_text(encoding="utf-8")))
    assert (board.stars, board.title, board.puzzle_id) == (1, entry["title"], "1234567")
    assert solve(board).site_check == "match"  # the hash the fixture tool made, checked by us
    assert board.hashed_solution == entry["hashed_solution"]
    result = solve(board)
    assert result.status is Status.UNIQUE
    assert [list(row) for row in result.solutions[0]] == entry["answer"]
    assert site_hash(entry["task"], entry["answer"]) == entry["hashed_solution"]


def page_text(stars_option: bool = True, title: str = "6x6 1★ Normal Star Battle",
              task: str | None = None) -> str:
    text = PAGE.read_text(encoding="utf-8")
    if not stars_option:
        text = text.replace(" ,stars:1 ,", " ,")
    text = text.replace("6x6 1★ Normal Star Battle", title)
    if task is not None:
        text = re.sub(r"var task = '[^']*'", f"var task = '{task}'", text)
    return text


@pytest.mark.parametrize("option, title", [(True, "6x6 Normal"), (False, "6x6 1★ Normal")])
def test_k_is_read_from_the_script_option_or_else_the_title(option, title):
    board = load.read_page(Page(str(PAGE), page_text(option, title)))
    assert board.stars == 1


def test_where_the_page_does_not_say_k_the_verdict_says_which_and_why(tmp_path):
    path = tmp_path / "page.html"
    path.write_text(page_text(False, "6x6 Normal"), encoding="utf-8")
    env = streams()
    assert main(["solve", str(path), "--ascii", "-q"], env=env) == 0
    verdict = written(env).strip().splitlines()[-1]
    assert " - 1 star (not stated) - " in verdict
    env = streams()
    assert main(["solve", str(path), "--json"], env=env) == 0
    out = json.loads(written(env))
    assert out["puzzle"]["stars"] is None and out["stats"]["stars"] == 1
    assert out["stats"]["stars_tried"] == [{"stars": 1, "status": "unique"}]


def test_a_21x21_without_k_keeps_the_count_with_one_answer():
    """The dataset's header says 1 star (several answers); the size suggests 5: unique."""
    line = next(t for t in site_tasks() if t["width"] == 21)
    board = decode(task_of(line))
    result = solve(board)
    assert result.status is Status.UNIQUE and result.facts["stars"] == 5
    assert solve(StarBattle(board.regions, stars=1)).status is Status.MULTIPLE
    remark = kind_named("star-battle").remarks(result._replace(
        facts={"stars": 5, "stars_tried": [{"stars": 5, "status": "multiple"},
                                           {"stars": 4, "status": "none"},
                                           {"stars": 6, "status": "unique"}]}))
    assert remark == ["5 stars (3 tried)"]


# --------------------------------------------------------------------------- decoded puzzles


def decoded_puzzles() -> list[dict]:
    """The decoded puzzles the site's grammar can write: janko's variant with cells outside
    every region (`@`, `#`) has no task."""
    lines = (GENRE / "decoded.jsonl").read_text(encoding="utf-8").splitlines()
    entries = [e for e in map(json.loads, lines) if not re.search(r"[@#]", e["puzzle"])]
    return entries


def test_every_decoded_puzzle_solves_to_its_known_answer():
    """Every one the grammar can write (a fraction of a second in all); k given as the
    page's option."""
    for entry in decoded_puzzles():
        head, *rows = entry["puzzle"].strip().splitlines()
        height, width, k = map(int, head.split())
        task = ",".join(v for row in rows for v in row.split())
        board = decode(Task(BY_NAME["star-battle"], task, width, height, "decoded",
                            options={"stars": k}))
        result = solve(board)
        _, *rows = entry["solution"].strip().splitlines()
        known = tuple(tuple(int(v == "x") for v in row.split()) for row in rows)
        assert result.status is Status.UNIQUE and result.solutions[0] == known, entry["id"]


# --------------------------------------------------------------------------- brute force


def brute_force(board: StarBattle) -> list:
    """Every answer, by trying every choice of k columns in every row."""
    side = board.width
    rows = [tuple(int(c in chosen) for c in range(side))
            for chosen in combinations(range(side), board.stars)]
    return [answer for answer in product(rows, repeat=side) if is_solution(board, answer)]


@st.composite
def boards(draw) -> StarBattle:
    """Square boards of side 1-5 with as many regions as rows (each id on some cell), k 1,
    or 2 up to side 4 (brute force tries every choice of k columns in every row)."""
    n = draw(st.integers(1, 5))
    k = draw(st.integers(1, 2 if n <= 4 else 1))
    ids = draw(st.lists(st.integers(1, n), min_size=n * n, max_size=n * n))
    for region, cell in enumerate(draw(st.permutations(range(n * n)))[:n], 1):
        ids[cell] = region
    return StarBattle(tuple(tuple(ids[r * n : (r + 1) * n]) for r in range(n)), stars=k)


@settings(max_examples=25, deadline=None)
@given(boards())
def test_the_solver_agrees_with_brute_force(board):
    every = brute_force(board)
    result = solve(board)
    assert result.status is (Status.NONE, Status.UNIQUE, Status.MULTIPLE)[min(len(every), 2)]
    assert all(answer in every for answer in result.solutions)


# --------------------------------------------------------------------------- the task


@pytest.mark.parametrize(
    "cut, says",
    [
        (lambda t: t[: t.rindex(",")], "ends at offset 69 after 35 cells"),
        (lambda t: t + ",1", "runs past the last cell at offset 72"),
        (lambda t: "1,x" + t[3:], "holds 'x' at offset 2, which is not part of its grammar"),
        (lambda t: "1,,2" + t[3:], "has an empty region id at offset 2"),
        (lambda t: "0" + t[1:], "gives the region id 0 at offset 0"),
    ],
)
def test_a_task_of_the_wrong_length_or_an_unknown_character_is_exit_65(tmp_path, cut, says):
    (entry,) = json.loads((FIXTURE / "index.json").read_text(encoding="utf-8"))
    path = tmp_path / "page.html"
    path.write_text(page_text(task=cut(entry["task"])), encoding="utf-8")
    env = streams()
    assert main(["solve", str(path)], env=env) == 65
    err = env.stderr.getvalue()
    assert says in err and "a 6x6 board has 36 cells" in err and err.count("\n") == 1


# --------------------------------------------------------------------------- URLs


def test_every_url_form_of_the_site():
    assert site_for_url("https://fr.puzzle-star-battle.com/?size=5") is STAR_BATTLE
    assert site_for_url("https://www.puzzle-star-battle.com/daily-star-battle/") is STAR_BATTLE
    (random_,) = puzzle_requests("https://www.puzzle-star-battle.com/?size=3")
    assert not random_.cacheable
    url = expand_shorthand("star-battle:1,234,567@5")
    assert url == "https://www.puzzle-star-battle.com/?specific=1&size=5&specid=1234567"
    (post,) = puzzle_requests(url)
    assert post.method == "POST" and ("specid", "1234567") in post.data
    (daily,) = puzzle_requests(expand_shorthand("starbattle:2923@9"))
    assert daily.expires == "daily"
    share = "https://www.puzzle-star-battle.com/?e=NToxLDIzNCw1Njc="  # "5:1,234,567"
    (shared,) = puzzle_requests(share)
    assert shared.cacheable and shared.url == share


def test_a_board_copy_asks_for_the_page_source():
    copy = '<div class="board-back"><div class="cell" style="top: 3px; left: 3px;"></div></div>'
    url = "https://www.puzzle-star-battle.com/?size=0"
    with pytest.raises(ParseError) as refused:
        STAR_BATTLE.read(Page(url, copy, url=url))
    assert "Star Battle" in str(refused.value) and "Ctrl-U" in refused.value.hint


# --------------------------------------------------------------------------- output


def test_solve_json_has_the_design_shapes():
    env = streams()
    assert main(["solve", str(PAGE), "--json"], env=env) == 0
    out = json.loads(written(env))
    assert out["kind"] == "star-battle" and out["status"] == "unique"
    assert out["puzzle"]["stars"] == 1 and out["puzzle"]["regions"][0] == [4, 2, 1, 1, 1, 1]
    assert [sum(row) for row in out["solution"]] == [1] * 6 and out["stats"]["stars"] == 1


def test_parse_then_solve_the_board_json(tmp_path):
    env = streams()
    assert main(["parse", str(PAGE)], env=env) == 0
    path = tmp_path / "board.json"
    path.write_text(written(env), encoding="utf-8")
    again = streams()
    assert main(["solve", str(path), "-q"], env=again) == 0
    assert "unique" in written(again)


def test_the_drawings_show_stars_inside_region_borders_never_cropped():
    board = StarBattle(((1, 1, 2, 2), (1, 1, 2, 2), (3, 3, 4, 4), (3, 3, 4, 4)), stars=1)
    answer = ((0, 1, 0, 0), (0, 0, 0, 1), (1, 0, 0, 0), (0, 0, 1, 0))
    draw = kind_named("star-battle").draw
    full = draw(board, answer, None, Style(ascii=True, colour=False)).picture.plain
    assert full.splitlines() == ["+----+----+", "| . *| . .|", "| . .| . *|",
                                 "+----+----+", "| * .| . .|", "| . .| * .|", "+----+----+"]
    compact = draw(board, answer, None, Style(compact=True, colour=False)).picture.plain
    assert compact.splitlines()[1] == "│·★│··│"
    big = StarBattle(tuple(tuple(range(1, 41)) for _ in range(40)), stars=1)
    wide = draw(big, ((0,) * 40,) * 40, None, Style(ascii=True, width=80)).picture.plain
    assert {len(line) for line in wide.splitlines()} == {40 * 3 + 1}
    svg = kind_named("star-battle").svg(board, answer)
    assert svg.count('class="star"') == 4


def test_the_contract_example_says_its_k_on_the_verdict():
    board = kind_named("star-battle").examples[0].board
    text = plain_text(board, solve(board), Style(ascii=True, colour=False))
    assert text.splitlines()[-1] == "unique solution - 6x6 - 1 star"
