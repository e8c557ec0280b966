"""The proof that a genre is added without touching the engine, the registries or a format:
a throw-away game, "toy" (fill a row of N cells with exactly K black ones), is declared here,
as a kind package and a family game module written to the test's own folder, registered
through the public API, and then read from a family page, named by its shorthand, refused a
board copy it does not claim, solved, drawn, and put through the kinds' contract.
docs/adding-a-genre.md walks through the same steps for a real game.
"""

from __future__ import annotations

import os
import sys
import textwrap
from pathlib import Path

import pytest
from test_contract import check_kind, check_site

from puzzlesat import load, sources
from puzzlesat.core import Page, ParseError, Status
from puzzlesat.drawing import Style
from puzzlesat.kinds import kind_named, register_kind, unregister_kind
from puzzlesat.render import plain_text
from puzzlesat.solve import solve
from puzzlesat.sources import puzzle_family

KIND_FILES = {
    "board.py": '''
        """The toy board: a row of `length` cells, `count` of them to be black."""
        from dataclasses import dataclass, field

        from puzzlesat.core import ParseError, is_json_int

        @dataclass(frozen=True)
        class Toy:
            length: int
            count: int
            source: str = ""
            title: str | None = None
            puzzle_id: str | None = None
            note: str | None = None
            kind: str = field(default="toy", init=False)

            @property
            def width(self) -> int:
                return self.length

            @property
            def height(self) -> int:
                return 1

        def to_json(board):
            return {"length": board.length, "count": board.count}

        def from_json(puzzle, source):
            values = [puzzle.get(key) for key in ("length", "count")]
            if not all(is_json_int(v) and 0 < v <= 8 for v in values):
                raise ParseError("a toy needs a length and a count of 1 to 8")
            return Toy(*values, source=source)
    ''',
    "encode.py": '''
        """A variable per cell; every assignment with another count is blocked (N <= 8)."""
        from itertools import product

        from puzzlesat.sat import Encoding

        def encode(board, progress=None):
            cells = range(1, board.length + 1)
            clauses = [
                [-v if bit else v for v, bit in zip(cells, bits)]
                for bits in product((False, True), repeat=board.length)
                if sum(bits) != board.count
            ]
            return Encoding(clauses=clauses, decision_vars=list(cells))

        def decode(board, values):
            return tuple(bool(v) for v in values[: board.length])
    ''',
    "check.py": '''
        from puzzlesat.budget import Cost

        def validate(board):
            """Any count may be asked; more than the row holds has no answer."""

        def is_solution(board, answer):
            return len(answer) == board.length and sum(answer) == board.count

        def cost(board):
            return Cost(literals=board.length << board.length, clauses=1 << board.length)
    ''',
    "draw.py": '''
        from rich.text import Text

        from puzzlesat.drawing import Drawing

        def draw(board, answer, other, style):
            black = "#" if style.ascii else "\\u2588"
            return Drawing(Text("".join(black if cell else "." for cell in answer)))
    ''',
    "picture.py": '''
        def svg(board, answer):
            cells = "".join(
                f'<rect x="{10 * i}" width="10" height="10" fill="{"black" if on else "white"}"/>'
                for i, on in enumerate(answer or [False] * board.length)
            )
            return f'<svg xmlns="http://www.w3.org/2000/svg">{cells}</svg>'
    ''',
    "__init__.py": '''
        """Toy: fill a row of N cells with exactly K black ones."""
        from puzzlesat.core import Status
        from puzzlesat.kinds import Example, Kind, drawing_of, picture_of

        from . import board, check, encode
        from .board import Toy

        KIND = Kind(
            name="toy",
            board_type=Toy,
            from_json=board.from_json,
            to_json=board.to_json,
            answer_json=list,
            cost=check.cost,
            validate=check.validate,
            encode=encode.encode,
            decode=encode.decode,
            is_solution=check.is_solution,
            draw=drawing_of(__name__),
            svg=picture_of(__name__),
            races=False,
            examples=(
                Example("full", Toy(2, 2, title="Full", puzzle_id="7"), Status.UNIQUE),
                Example("one of three", Toy(3, 1), Status.MULTIPLE),
                Example("too many", Toy(2, 3), Status.NONE),
            ),
        )
    ''',
}

GAME_MODULE = '''
    """Toy of puzzle-toy.com: the task is the count of black cells, the width the row's."""
    import re

    from puzzlesat.core import ParseError
    from toykind.board import Toy

    SLUG = "toy"
    LABEL = "Toy"
    HOST = "puzzle-toy.com"
    PLUGINS = ("toy",)
    SHORTHANDS = ("puzzle-toy",)
    SPECIAL_SIZES = {"9": "daily"}
    EXAMPLES = ((1234, 0),)

    COPY = re.compile(r'class="toy-row" data-count="(\\d)" data-length="(\\d)"')

    def decode(task):
        if not task.task.isdigit():
            raise ParseError(f"the toy task {task.task[:10]!r} is not a count")
        return Toy(task.width, int(task.task), source=task.source, title=task.title,
                   puzzle_id=task.puzzle_id, note=task.note)

    def claims_copy(text):
        return "toy-row" in text

    def read_copy(page):
        match = COPY.search(page.text)
        if match is None:
            raise ParseError("the toy copy has no data-count and data-length")
        return Toy(int(match.group(2)), int(match.group(1)), source=page.source)
'''

PAGE = """<html><head><title>Toy puzzles</title></head><body>
<div class="puzzleInfo">Toy 4x1 <span id="puzzleID">1,234</span></div>
<script>
var task = '{count}';
$(document).ready(function() {{
  $('#game').toy({{ puzzleWidth: 4, puzzleHeight: 1, ident: 'toy.0' }});
}});
</script></body></html>"""


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """The toy kind and game, written to tmp_path and registered; unregistered after."""
    package = tmp_path / "toykind"
    package.mkdir()
    for name, text in KIND_FILES.items():
        (package / name).write_text(textwrap.dedent(text), encoding="utf-8")
    (tmp_path / "toygame.py").write_text(textwrap.dedent(GAME_MODULE), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    register_kind("toy", "toykind")
    genre = puzzle_family.register_game("toygame")
    yield genre
    puzzle_family.unregister_game("toy")
    unregister_kind("toy")
    for name in [m for m in sys.modules if m.split(".")[0] in ("toykind", "toygame")]:
        del sys.modules[name]


def test_a_page_of_the_new_game_is_recognised_and_decoded(toy):
    url = "https://www.puzzle-toy.com/?size=0"
    site = sources.site_for_url(url)
    assert site.name == "puzzle-toy.com"
    text = PAGE.format(count=2)
    assert load.recognise(text) is site
    board = load.read_page(Page(source=url, text=text, url=url))
    assert (board.kind, board.length, board.count, board.puzzle_id) == ("toy", 4, 2, "1234")
    assert "toy:1234@0" in board.note  # a random page says how to fetch it again


def test_its_shorthand_expands_to_its_url(toy):
    url = sources.expand_shorthand("toy:1,234@9")
    assert url == "https://www.puzzle-toy.com/?specific=1&size=9&specid=1234"
    (request,) = sources.site_for_url(url).requests(url)
    assert request.method == "POST" and request.expires == "daily"


def test_a_board_copy_it_claims_is_read_and_one_nobody_claims_is_refused(toy):
    site = sources.site_for_url("https://www.puzzle-toy.com/")
    copy = '<div class="toy-row" data-count="1" data-length="3"></div>'
    assert site.read(Page(source="-", text=copy)).count == 1
    with pytest.raises(ParseError, match="claims this board copy") as info:
        site.read(Page(source="-", text='<div class="cell">1</div>'))
    assert "page source" in info.value.hint


def test_it_solves_draws_and_keeps_the_contract(toy):
    board = load.read_page(Page(source="-", text=PAGE.format(count=4)))
    result = solve(board)
    assert result.status is Status.UNIQUE
    assert "####" in plain_text(board, result, Style(ascii=True, colour=False))
    check_kind(kind_named("toy"))
    check_site(sources.site_for_url("https://www.puzzle-toy.com/"))


def test_unregistered_it_is_gone(toy):
    puzzle_family.unregister_game("toy")
    assert sources.expand_shorthand("toy:1234") is None
    assert "toy" not in puzzle_family.BY_NAME


# --------------------------------------------------------------------------- no edit elsewhere
TOY_KIND = '''
    """Toy: fill a row of N cells with exactly K black ones (one module: rules, declaration)."""
    from itertools import product

    from puzzlesat.budget import grid_cost
    from puzzlesat.core import Status
    from puzzlesat.grid.board import Board, board
    from puzzlesat.grid.looks import Look
    from puzzlesat.grid.rows import natural, value_rows
    from puzzlesat.kinds import Example, declare
    from puzzlesat.sat import Encoding


    @board
    class Toy(Board):
        kind = "toy"
        grid: tuple
        count: int = 1


    def to_json(toy):
        return {"grid": [list(row) for row in toy.grid], "count": toy.count}


    def from_json(puzzle, source):
        grid = value_rows(puzzle, "Toy", "grid", "[[0, 0]]", "0", natural(0, 0))
        return Toy(grid, puzzle.get("count", 1), source=source)


    def cost(toy):
        return grid_cost(toy.width, 2 ** toy.width, 2 ** toy.width // max(toy.width, 1) + 1)


    def stress(height, width):
        return Toy(((0,) * min(width * height, 8),), 1)


    def validate(toy):
        pass


    def encode(toy, progress=None):
        cells = range(1, toy.width + 1)
        clauses = [[-v if bit else v for v, bit in zip(cells, bits)]
                   for bits in product((False, True), repeat=toy.width) if sum(bits) != toy.count]
        return Encoding(clauses, list(cells))


    def decode(toy, values):
        return (tuple(int(bool(v)) for v in values[: toy.width]),)


    def is_solution(toy, answer):
        return len(answer[0]) == toy.width and sum(answer[0]) == toy.count


    def site_answer(toy, answer):
        return "".join("y" if cell else "n" for cell in answer[0])


    LOOKS = {"black": Look("#", "#", fill="#000000"), "white": Look(".", ".")}


    def look(toy, answer, r, c):
        return "black" if answer is not None and answer[r][c] else "white"


    KIND = declare(__name__, Toy, examples=(
        Example("full", Toy(((0, 0),), 2, title="Full", puzzle_id="7"), Status.UNIQUE),
        Example("one of three", Toy(((0, 0, 0),), 1), Status.MULTIPLE),
        Example("too many", Toy(((0, 0),), 3), Status.NONE),
    ))
'''

TOY_GAME = '''
    """Toy of puzzle-toy.com, a game the genre table does not name: its row is declared here."""
    from puzzlesat.kinds.toy import Toy

    SLUG, LABEL, HOST, PLUGINS = "toy", "Toy", "puzzle-toy.com", ("toy",)


    def decode(task):
        return Toy(((0,) * task.width,), int(task.task), **task.page)
'''


def test_a_game_is_its_two_files_with_no_edit_anywhere_else(tmp_path):
    """The package copied, the toy's kind and game modules dropped into it, and nothing else
    changed: its page is solved by a fresh process, and `puzzlesat games` lists it."""
    import shutil
    import subprocess

    package = Path(sys.modules["puzzlesat"].__file__).parent
    copy = tmp_path / "puzzlesat"
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "kinds" / "toy.py").write_text(textwrap.dedent(TOY_KIND), encoding="utf-8")
    (copy / "sources" / "puzzle_family" / "games" / "toy.py").write_text(
        textwrap.dedent(TOY_GAME), encoding="utf-8")
    page = tmp_path / "toy.html"
    page.write_text(PAGE.format(count=4), encoding="utf-8")

    def run(*argv: str) -> str:
        env = {**os.environ, "PYTHONPATH": str(tmp_path)}
        done = subprocess.run([sys.executable, "-m", "puzzlesat", *argv], capture_output=True,
                              text=True, env=env, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert run("solve", str(page), "--json", "--no-cache").count('"status":"unique"') == 1
    assert "puzzle-toy.com" in run("games")
