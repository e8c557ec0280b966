"""Write fixtures for puzzle-shikaku.com's sister sites: puzzle-sudoku.com,
puzzle-jigsaw-sudoku.com and puzzle-nonograms.com (page sources and devtools copies).

No complete saved page of these sites exists in public (docs/sites.md 4), so the pages are
built here in the shape the public scrapers read (docs/sites.md 3b, 3d-3f), the same shape
as tools/make_shikaku_fixtures.py builds for Shikaku. The Sudoku puzzles are REAL tasks
with their IDs and answers (../shared/data/puzzle-sudoku-tasks/, from
joshprzybyszewski/puzzle_sudoku_solver `puzzles/`); the nonograms are the real 5x5 task of
known-answers.json and pictures drawn for these fixtures, encoded in the site's grammar.
Run from anywhere; the output is the same every time:

    python tools/make_sister_fixtures.py

Per puzzle NAME, under fixtures/<host>/: NAME.source.html (the page source, as Ctrl-U
shows it), NAME.board.html (a devtools copy of the board, or of the clue areas for
puzzle-nonograms.com) and the "puzzle" of NAME.board.json (the board kind's to_json of the
puzzle, made from this tool's own decoding of the task, not the package's;
tools/update_golden.py writes the rest: run it after this); index.json lists them with what
a parser should read from the page (and the Sudoku answers). bad/ holds pages to refuse.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from pathlib import Path

from make_shikaku_fixtures import decode_task  # the site grammar, independent of the package
from update_golden import board_with_puzzle

from puzzlesat.core import as_grid
from puzzlesat.kinds.nonogram import board as nonogram_board
from puzzlesat.kinds.sudoku import board as sudoku_board
from puzzlesat.sources.puzzle_family import BY_NAME

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"
SHARED = ROOT.parent / "shared" / "data"
TASKS = SHARED / "puzzle-sudoku-tasks"
MARK = "CONSTRUCTED by tools/make_sister_fixtures.py"


# --------------------------------------------------------------------------- games


@dataclass(frozen=True)
class Game:
    name: str  # the game's row of the genre table gives its host and plugin name
    heading: str
    description: str
    rules: str
    sizes: tuple[tuple[str, str], ...]
    menu: tuple[str, ...]

    @property
    def host(self) -> str:
        return BY_NAME[self.name].host

    @property
    def plugin(self) -> str:
        """$('#game').<plugin>({ ident: '<plugin>.<size>' }): [I] for these sites."""
        return BY_NAME[self.name].plugins[0]

    @property
    def out(self) -> Path:
        return FIXTURES / self.host


MENU = ("shikaku", "nonograms", "sudoku", "jigsaw-sudoku", "killer-sudoku", "masyu", "loop",
        "bridges", "star-battle", "norinori", "galaxies", "binairo", "futoshiki", "pipes")

SUDOKU = Game(
    "sudoku", "Sudoku",
    "Sudoku is a logic puzzle with simple rules and challenging solutions.",
    "Fill the grid so that every row, every column and every box holds each digit once.",
    (("0", "9x9 Basic"), ("1", "9x9 Easy"), ("2", "9x9 Intermediate"), ("3", "9x9 Advanced"),
     ("4", "9x9 Extreme"), ("5", "9x9 Evil"), ("6", "12x12 Advanced"), ("7", "16x16 Advanced"),
     ("8", "Daily Sandwich"), ("9", "Daily Sudoku"), ("10", "Weekly Sudoku"),
     ("11", "Monthly Sudoku")),
    MENU,
)
# Size codes of the jigsaw site are [I]: josh's iterators 100..108 less 100.
JIGSAW = Game(
    "jigsaw-sudoku", "Jigsaw Sudoku",
    "Jigsaw Sudoku is a Sudoku with irregular regions instead of boxes.",
    "Fill the grid so that every row, every column and every region holds each digit once.",
    (("0", "5x5 Easy"), ("1", "5x5 Intermediate"), ("2", "5x5 Advanced"), ("3", "7x7 Easy"),
     ("4", "7x7 Intermediate"), ("5", "7x7 Advanced"), ("6", "9x9 Easy"),
     ("7", "9x9 Intermediate"), ("8", "9x9 Advanced")),
    MENU,
)
NONOGRAMS = Game(
    "nonograms", "Nonograms",
    "Nonograms (Griddlers, Picross) is a logic puzzle with simple rules and challenging "
    "solutions.",
    "Paint the cells so that each row and column has the blocks of black cells its numbers "
    "give, in order, with at least one empty cell between two blocks.",
    (("0", "5x5 Nonograms"), ("1", "10x10 Nonograms"), ("2", "15x15 Nonograms"),
     ("3", "20x20 Nonograms"), ("4", "25x25 Nonograms"), ("6", "Daily Nonograms"),
     ("5", "Weekly Nonograms"), ("7", "Monthly Nonograms")),
    MENU,
)


@dataclass
class Puzzle:
    name: str
    game: Game
    task: str
    width: int
    height: int
    board: dict  # the board kind's to_json
    origin: str
    puzzle_id: int | None  # None: a special page showing ID 0
    size: int
    title: str
    answer: list[list[int]] | None = None
    one_line_script: bool = False
    shuffle_board: bool = False
    cell: int = 36  # px step of the board copy
    date: str | None = None
    grid: list[list[int]] | None = None  # sudoku givens
    regions: list[list[int]] | None = None  # jigsaw regions
    box: tuple[int, int] | None = None  # box borders drawn in the copy (a classic board)
    zero_lines: bool = False  # nonogram: empty lines as a `0` in the copy
    # the page's hashedSolution, only where the game's hashed form is known (sites.md 3g):
    # never a made-up one, which the site's check would report as a mismatch
    hashed: str | None = None


# --------------------------------------------------------------------------- sudoku tasks


def task_line(file: str, puzzle_id: str) -> dict:
    """The task line of one puzzle ID (as the data writes it, "1,238,537") of a data file."""
    for line in (TASKS / file).read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if entry["Answer"] and entry["ID"] == puzzle_id:
            return entry
    raise SystemExit(f"no task {puzzle_id} with an answer in {file}")


def sudoku_puzzle(name: str, game: Game, file: str, puzzle_id: str, size: int,
                  title: str, **more) -> Puzzle:
    entry = task_line(file, puzzle_id)
    cells_text, _, regions_text = entry["Task"].partition(";")
    side = round(len(entry["Answer"].split(",")) ** 0.5)
    grid = decode_task(cells_text, side)
    answer_flat = [int(v) for v in entry["Answer"].split(",")]
    answer = [answer_flat[i : i + side] for i in range(0, side * side, side)]
    assert len(grid) == side and all(len(row) == side for row in grid), name
    assert all(g in (0, a) for gr, ar in zip(grid, answer) for g, a in zip(gr, ar)), name
    if regions_text:
        flat = [int(v) for v in regions_text.split(",")]
        regions = [flat[i : i + side] for i in range(0, side * side, side)]
        board = sudoku_board.Sudoku(grid=as_grid(grid), regions=as_grid(regions))
        more.setdefault("regions", regions)
    else:
        board = sudoku_board.Sudoku(grid=as_grid(grid), box=sudoku_board.default_box(side))
    number = int(entry["ID"].replace(",", ""))
    origin = (f"real task {entry['ID']} of joshprzybyszewski/puzzle_sudoku_solver "
              f"puzzles/{file}; page built around it")
    return Puzzle(name, game, entry["Task"], side, side, sudoku_board.to_json(board), origin,
                  number, size, title, answer=answer, grid=grid, **more)


# --------------------------------------------------------------------------- nonograms

PICTURES = {
    "house_10x10": """
....##....
...####...
..######..
.########.
##########
.#......#.
.#.##.#.#.
.#.##.#.#.
.#.##...#.
##########
""",
    # wide, with an empty first and last row and an empty last column
    "fish_15x10": """
...............
.....####......
...#######...#.
.##########.##.
###.#########..
###########.##.
.##########..#.
...#######.....
.....###.......
...............
""",
    "rocket_8x12": """
...##...
..####..
..####..
.##..##.
.##..##.
..####..
..####..
.######.
###..###
##.##.##
#..##..#
...##...
""",
}


def runs(line: list[int]) -> list[int]:
    out, count = [], 0
    for v in [*line, 0]:
        if v:
            count += 1
        elif count:
            out.append(count)
            count = 0
    return out


def nonogram_task(cols: list[list[int]], rows: list[list[int]]) -> str:
    """docs/sites.md 3d: columns then rows, `/` between lines, `.` between numbers, and `0`
    for an empty line ([?] on the site; puzzlesat accepts it)."""
    return "/".join(".".join(map(str, line)) if line else "0" for line in (*cols, *rows))


def site_hash(task: str, grid: list[list[int]]) -> str:
    """docs/sites.md 3g, computed here and not by the package: md5 of the task followed by
    `y` (a filled cell) or `n` for each cell of the answer, row by row."""
    marks = "".join("y" if cell else "n" for row in grid for cell in row)
    return hashlib.md5((task + marks).encode()).hexdigest()


def nonogram_puzzle(name: str, picture: str | None, size: int, title: str, origin: str,
                    puzzle_id: int | None, task: str | None = None, **more) -> Puzzle:
    if picture is not None:
        grid = [[1 if ch == "#" else 0 for ch in line] for line in picture.strip().splitlines()]
        rows = [runs(row) for row in grid]
        cols = [runs(list(col)) for col in zip(*grid)]
        task = nonogram_task(cols, rows)
        more["hashed"] = site_hash(task, grid)  # the picture is the answer
    else:  # a real task: split it the way docs/sites.md 3d says (first `width` are columns)
        width = more.pop("width")
        lines = [[int(v) for v in g.split(".") if v != "0"] for g in task.split("/")]
        cols, rows = lines[:width], lines[width:]
    board = nonogram_board.Nonogram(rows=tuple(map(tuple, rows)), cols=tuple(map(tuple, cols)))
    return Puzzle(name, NONOGRAMS, task, len(cols), len(rows), nonogram_board.to_json(board),
                  origin, puzzle_id, size, title, **more)


# --------------------------------------------------------------------------- puzzles


def puzzles() -> list[Puzzle]:
    known = json.loads((SHARED / "known-answers.json").read_text(encoding="utf-8"))
    five = known["puzzle_nonograms_com"]["5x5_task"]
    drawn = "picture drawn for these fixtures, clues and task computed from it; ID invented"
    return [
        sudoku_puzzle("basic_9x9_1238537", SUDOKU, "3x3_basic.txt", "1,238,537", 0,
                      "9x9 Basic Sudoku", one_line_script=True, box=(3, 3)),
        sudoku_puzzle("evil_9x9_9733212", SUDOKU, "3x3_evil.txt", "9,733,212", 5,
                      "9x9 Evil Sudoku", shuffle_board=True),
        sudoku_puzzle("advanced_12x12_1122127", SUDOKU, "3x4_advanced.txt", "1,122,127", 6,
                      "12x12 Advanced Sudoku", box=(3, 4), cell=30),
        sudoku_puzzle("advanced_16x16_8720163", SUDOKU, "4x4_advanced.txt", "8,720,163", 7,
                      "16x16 Advanced Sudoku", shuffle_board=True, cell=28),
        sudoku_puzzle("advanced_7x7_3704568", JIGSAW, "jigsaw_7x7_advanced.txt", "3,704,568", 5,
                      "7x7 Advanced Jigsaw Sudoku", one_line_script=True),
        sudoku_puzzle("easy_9x9_8651179", JIGSAW, "jigsaw_9x9_easy.txt", "8,651,179", 6,
                      "9x9 Easy Jigsaw Sudoku", shuffle_board=True),
        nonogram_puzzle("real_5x5", None, 0, "5x5 Nonograms",
                        f"real task from {five['source']}; ID invented", 4102233,
                        task=five["task"], width=five["width"], one_line_script=True,
                        hashed=five["hashedSolution"]),  # the real page's
        nonogram_puzzle("house_10x10", PICTURES["house_10x10"], 1, "10x10 Nonograms", drawn,
                        5550123),
        nonogram_puzzle("daily_fish_15x10", PICTURES["fish_15x10"], 6, "Daily Nonograms",
                        drawn + " (a daily page shows ID 0)", None, date="2024-06-03",
                        zero_lines=True),
        nonogram_puzzle("weekly_rocket_8x12", PICTURES["rocket_8x12"], 5, "Weekly Nonograms",
                        drawn, 881234, date="2024-06-03"),
    ]


# --------------------------------------------------------------------------- page source


def script(p: Puzzle, task: str | None = None) -> str:
    """The inline script in the shape of docs/sites.md 3b."""
    task = p.task if task is None else task
    plugin = p.game.plugin
    fields = [
        f"ident: '{plugin}.{p.size}' ",
        "task: task",
        *([f"hashedSolution: '{p.hashed}'"] if p.hashed else []),
        "token: document.forms['answerForm'].param.value",
        "puzzleID: $('#puzzleID').text()",
        f"puzzleWidth: {p.width}",
        f"puzzleHeight: {p.height} ",
        "lang: 'en'",
        "stopClock: false",
        f"zoomable: {'true' if max(p.width, p.height) > 12 else 'false'}",
    ]
    head = ["var Game = {}; ", "var Puzzle = {}; ", f"var task = '{task}'; ",
            f"var loadedId = {p.puzzle_id or 0}; ", "$(document).ready(function(){ "]
    tail = ["}); ", f"Game.plSize = {p.size}; ", "Game.init(); ", "}); "]
    if p.one_line_script:  # 2023 style: all on one line
        call = f"Game = $('#game').{plugin}({{ " + ", ".join(fields) + " "
        return " " + "".join(head) + call + "".join(tail)
    body = ", \n        ".join(fields)
    lines = [*head, f"    Game = $('#game').{plugin}({{ ", f"        {body}",
             *("    " + t for t in tail[:3]), tail[3]]
    return "\n ".join(lines) + "\n"


def head(game: Game, title: str) -> str:
    langs = "\n".join(
        f'<link rel="alternate" hreflang="{lang}" href="https://{lang}.{game.host}/">'
        for lang in ("fr", "de", "ja")
    )
    return f"""<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<meta name="description" content="{game.description}">
<link rel="canonical" href="https://www.{game.host}/">
{langs}
<link rel="stylesheet" href="/css/main.css?v=238">
<link rel="stylesheet" href="/css/{game.plugin}.css?v=238">
<script src="/js/jquery-3.6.0.min.js"></script>
<script src="/js/puzzle.common.js?v=238"></script>
<script src="/js/{game.plugin}.js?v=238"></script>
</head>"""


def menu(game: Game) -> str:
    links = "\n".join(
        f'    <li><a href="https://www.puzzle-{g}.com/">{g.replace("-", " ").title()}</a></li>'
        for g in game.menu if f"puzzle-{g}.com" != game.host
    )
    langs = " ".join(
        f'<a href="https://{lang}.{game.host}/">{lang.upper()}</a>'
        for lang in ("fr", "de", "ja", "ko")
    )
    return f"""<div id="header">
  <a href="/" id="logo"><img src="/img/logo.png" alt="{game.host}"></a>
  <div id="languages">{langs}</div>
</div>
<div id="menu">
  <ul>
{links}
  </ul>
</div>"""


def size_links(game: Game, current: int) -> str:
    selected = ' class="selected"'
    return "\n".join(
        f'  <a href="/?size={code}"{selected if int(code) == current else ""}>{label}</a>'
        for code, label in game.sizes
    )


def page_source(p: Puzzle, rng: random.Random, task: str | None = None,
                title: str | None = None) -> str:
    game = p.game
    token = "".join(rng.choice("0123456789abcdef") for _ in range(64))
    shown_id = f"{p.puzzle_id:,}" if p.puzzle_id else "0"
    date_picker = ""
    if p.date:
        date_picker = (
            f'<div class="puzzleDate"><select name="date"><option value="{p.date}" selected>'
            f"{p.date}</option><option value=\"2024-01-01\">2024-01-01</option></select></div>"
        )
    return f"""<!DOCTYPE html>
<!-- {MARK}: page layout after docs/sites.md 3b/3f; puzzle: {p.origin} -->
<html lang="en">
{head(game, f"{game.heading} - Online Puzzle Game")}
<body>
{menu(game)}
<div id="pageContent">
<h1>{game.heading}</h1>
<div class="sizes">
{size_links(game, p.size)}
  <a href="/specific.php">Specific Puzzle</a>
</div>
{date_picker}
<div class="puzzleInfo">{title or p.title} Puzzle ID: <span id="puzzleID">{shown_id}</span></div>
<form id="puzzleForm" name="answerForm" method="post" action="/">
  <div id="puzzleContainer">
    <div id="puzzleContainerOverflowDiv">
      <div id="puzzleContainerRalativeDiv">
        <div id="game"></div>
      </div>
    </div>
  </div>
  <div class="puzzleButtons">
    <input type="hidden" name="param" value="{token}">
    <input type="hidden" name="w" value="{p.width}">
    <input type="hidden" name="h" value="{p.height}">
    <input type="hidden" name="size" value="{p.size}">
    <input type="hidden" name="ansH" id="ansH" value="">
    <input type="hidden" name="jstimerPersonal" id="jstimerPersonal" value="">
    <input type="hidden" name="robot" id="robot" value="">
    <input type="submit" id="btnNew" name="new" value="   New Puzzle   ">
    <input type="submit" id="btnReady" name="ready" value="   Done   ">
  </div>
</form>
<div id="ajaxResponse"></div>
<div id="rel"><script>{script(p, task)}</script></div>
<div class="rules">
  <h2>Rules</h2>
  <p>{game.rules}</p>
</div>
</div>
<div id="footer">&copy; {game.host} | <a href="/privacy.php">Privacy</a></div>
</body>
</html>
"""


# --------------------------------------------------------------------------- board copies


def shown(value: int) -> str:
    """How the board shows a digit: 1-9, then A, B, ... for 10, 11, ... (docs/sites.md 3e)."""
    return "" if value == 0 else "123456789ABCDEFG"[value - 1]


def borders(p: Puzzle, r: int, c: int) -> list[str]:
    """The border classes of a cell: region edges inside the board (jigsaw), box edges
    (a classic board drawn with them)."""
    if p.regions is not None:
        unit = p.regions
    elif p.box is not None:
        rows, cols = p.box
        unit = [[(y // rows) * 100 + x // cols for x in range(p.width)] for y in range(p.height)]
    else:
        return []
    out = []
    for name, (dr, dc) in (("bt", (-1, 0)), ("bb", (1, 0)), ("bl", (0, -1)), ("br", (0, 1))):
        r2, c2 = r + dr, c + dc
        if 0 <= r2 < p.height and 0 <= c2 < p.width and unit[r2][c2] != unit[r][c]:
            out.append(name)
    return out


def sudoku_copy(p: Puzzle, rng: random.Random) -> str:
    step = p.cell
    divs = []
    for r, row in enumerate(p.grid):
        for c, value in enumerate(row):
            classes = " ".join(["cell", "selectable", *borders(p, r, c)])
            pencil = "" if value or rng.random() < 0.8 else '<div class="pencil"></div>'
            divs.append(
                f'  <div tabindex="1" class="{classes}" style="top: {2 + r * step}px; '
                f'left: {2 + c * step}px; width: {step - 2}px; height: {step - 2}px;">'
                f'<div class="number">{shown(value)}</div>{pencil}</div>'
            )
    if p.shuffle_board:
        rng.shuffle(divs)
    size = (2 + p.width * step, 2 + p.height * step)
    return (
        f'<div class="board-back" style="width: {size[0]}px; height: {size[1]}px;">\n'
        + "\n".join(divs)
        + '\n  <div class="board-lines" style="display: none;"></div>\n</div>\n'
    )


def clue_area(area_id: str, lines: list[list[int]], zero_lines: bool, horizontal: bool) -> str:
    """#taskTop / #taskLeft: a div.task-group per line, padded to the longest clue with empty
    (not selectable) task cells, each number a div.task-cell.selectable (docs/sites.md 3f)."""
    depth = max(1, *(len(line) for line in lines))
    groups = []
    for line in lines:
        numbers = line or ([0] if zero_lines else [])
        cells = ['<div class="task-cell"></div>'] * (depth - len(numbers))
        cells += [f'<div class="task-cell selectable">{n}</div>' for n in numbers]
        groups.append(f'    <div class="task-group">{"".join(cells)}</div>')
    style = "float: left;" if not horizontal else "margin-left: 0px;"
    return f'  <div id="{area_id}" style="{style}">\n' + "\n".join(groups) + "\n  </div>\n"


def nonogram_copy(p: Puzzle, rng: random.Random) -> str:
    rows = p.board["rows"]
    cols = p.board["cols"]
    grid_rows = []
    for _ in range(p.height):
        cells = "".join(
            f'<div class="cell selectable {rng.choice(("cell-off", "cell-off", "cell-x"))}">'
            "</div>"
            for _ in range(p.width)
        )
        grid_rows.append(f'    <div class="row">{cells}</div>')
    return (
        '<div id="game">\n'
        + clue_area("taskTop", cols, p.zero_lines, True)
        + clue_area("taskLeft", rows, p.zero_lines, False)
        + '  <div class="board-back nonograms-board">\n'
        + "\n".join(grid_rows)
        + "\n  </div>\n</div>\n"
    )


# --------------------------------------------------------------------------- main


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def main() -> None:
    index: dict[Game, list[dict]] = {SUDOKU: [], JIGSAW: [], NONOGRAMS: []}
    by_name = {}
    for p in puzzles():
        rng = random.Random(p.name)
        out = p.game.out
        write(out / f"{p.name}.source.html", page_source(p, rng))
        copy = nonogram_copy(p, rng) if p.game is NONOGRAMS else sudoku_copy(p, rng)
        write(out / f"{p.name}.board.html", copy)
        expected = out / f"{p.name}.board.json"
        write(expected, board_with_puzzle(expected, p.board))
        entry = {
            "name": p.name, "width": p.width, "height": p.height,
            "puzzle_id": str(p.puzzle_id) if p.puzzle_id else None, "size": p.size,
            "title": p.title, "task": p.task, "board_shuffled": p.shuffle_board,
            "one_line_script": p.one_line_script, "origin": p.origin,
        }
        if p.answer is not None:
            entry["answer"] = p.answer
        index[p.game].append(entry)
        by_name[p.name] = p
    for game, entries in index.items():
        write(game.out / "index.json", json.dumps(entries, indent=1) + "\n")

    rng = random.Random("bad")
    basic = by_name["basic_9x9_1238537"]
    sandwich = Puzzle(**{**basic.__dict__, "size": 8, "puzzle_id": None, "date": "2024-06-03",
                         "title": "Daily Sandwich Sudoku"})
    write(SUDOKU.out / "bad" / "daily_sandwich.source.html", page_source(sandwich, rng))
    jigsaw = by_name["advanced_7x7_3704568"]
    write(JIGSAW.out / "bad" / "no_regions.source.html",
          page_source(jigsaw, rng, task=jigsaw.task.partition(";")[0]))
    house = by_name["house_10x10"]
    write(NONOGRAMS.out / "bad" / "task_short.source.html",
          page_source(house, rng, task=house.task.rpartition("/")[0]))
    print(f"wrote {sum(map(len, index.values()))} puzzles and 3 bad pages under "
          f"{', '.join(str(g.out.relative_to(ROOT)) for g in index)}")


if __name__ == "__main__":
    main()
