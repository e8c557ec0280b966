"""Write fixtures/puzzle-shikaku.com/: constructed pages and board copies of known puzzles.

No complete saved page of puzzle-shikaku.com exists in public (docs/sites.md 4), so the
pages are built here around real or known puzzles, in the shape the public scrapers read
(docs/sites.md 3b, 3f). Run from anywhere; the output is the same every time:

    python tools/make_shikaku_fixtures.py

Per puzzle NAME it writes NAME.source.html (the page source, as Ctrl-U shows it),
NAME.board.html (a devtools copy of div.board-back) and the "puzzle" of NAME.board.json
({"grid": ...}; tools/update_golden.py writes the rest: run it after this); index.json
lists them with what a parser should read from the page. bad/ holds pages that must be
refused.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

from update_golden import board_with_puzzle

from puzzlesat.letter_runs import encode_cells

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "fixtures" / "puzzle-shikaku.com"
SHARED = ROOT.parent / "shared" / "data"
HOST = "puzzle-shikaku.com"
MARK = "CONSTRUCTED by tools/make_shikaku_fixtures.py"


# --------------------------------------------------------------------------- encoding


def encode_task(grid: list[list[int]]) -> str:
    """The site's task of a grid (puzzlesat's own encoder)."""
    return encode_cells([v for row in grid for v in row])


def decode_task(task: str, width: int) -> list[list[int]]:
    """Inverse of encode_task (independent of the package, to check real tasks)."""
    cells, number = [], ""
    for ch in task + "_":
        if ch.isdigit():
            number += ch
            continue
        if number:
            cells.append(int(number))
            number = ""
        if ch.isalpha():
            cells.extend([0] * (ord(ch) - ord("a") + 1))
    return [cells[i : i + width] for i in range(0, len(cells), width)]


# --------------------------------------------------------------------------- puzzles


@dataclass
class Puzzle:
    name: str
    grid: list[list[int]]
    origin: str
    puzzle_id: int | None  # None: a special (daily/weekly/monthly) page showing ID 0
    size: int  # the site's size code in ident 'shikaku.<size>'
    title: str
    one_line_script: bool = False
    shuffle_board: bool = False
    task: str | None = None  # a real task verbatim; else encoded from grid
    cell: int = 32  # px step of the board copy
    date: str | None = None  # the date picker of a special page

    @property
    def width(self) -> int:
        return len(self.grid[0])

    @property
    def height(self) -> int:
        return len(self.grid)

    def the_task(self) -> str:
        return self.task if self.task is not None else encode_task(self.grid)


def read_seed_book(name: str) -> list[list[int]]:
    text = (SHARED / "seed-book" / name).read_text(encoding="utf-8")
    return [[int(v) for v in line.split()] for line in text.splitlines() if line.strip()]


def puzzles() -> list[Puzzle]:
    known = json.loads((SHARED / "known-answers.json").read_text(encoding="utf-8"))
    shikaku = known["puzzle_shikaku_com"]
    easy, large = shikaku["5x5_easy"], shikaku["40x50_task"]
    # The real 40x50 task: only 40 columns x 50 rows solves (50x40 leaves the clue 144 at
    # row 10, column 20 without a rectangle); its page is a monthly special with ID 0.
    large_grid = decode_task(large["task"], 40)
    assert len(large_grid) == 50 and all(len(row) == 40 for row in large_grid)
    assert encode_task(easy["board"]) == easy["task_constructed"]
    wide = [[0] * 15 for _ in range(7)]
    for r, c, v in ((0, 6, 14), (0, 7, 14), (5, 13, 56), (5, 14, 6), (6, 2, 3), (6, 3, 12)):
        wide[r][c] = v
    return [
        Puzzle("easy_5x5_9366068", easy["board"],
               f"{easy['url']} ({easy['_note']})", 9366068, 0, "5x5 Easy Shikaku",
               one_line_script=True),
        Puzzle("monthly_40x50", large_grid,
               f"real task from {large['source']}; page built around it", None, 8,
               "Monthly Shikaku", task=large["task"], shuffle_board=True, cell=20,
               date="2024-03-01"),
        Puzzle("seedbook_shikaku01_20x20", read_seed_book("shikaku01.txt"),
               "ruoyu0088/thinking_code thinking_code/data/shikaku01.txt (MIT); ID invented",
               4815162, 3, "20x20 Normal Shikaku"),
        Puzzle("seedbook_shikaku02_25x25", read_seed_book("shikaku02.txt"),
               "ruoyu0088/thinking_code thinking_code/data/shikaku02.txt (MIT); ID invented",
               12703388, 5, "25x25 Hard Shikaku", shuffle_board=True, cell=24),
        Puzzle("wide_runs_15x7", wide,
               "hand-made: adjacent 2-digit clues (14_14, 56_6, 3_12), a run of 80 empty "
               "cells (zzzb); ID invented", 777001, 7, "Daily Shikaku", date="2024-05-17"),
    ]


# --------------------------------------------------------------------------- page source


def script(p: Puzzle, task: str | None = None) -> str:
    """The inline script in the shape of docs/sites.md 3b."""
    task = p.the_task() if task is None else task
    # no hashedSolution: Shikaku's hashed form is not known (sites.md 3g), and a made-up
    # one would pass for the site's
    fields = [
        f"ident: 'shikaku.{p.size}' ",
        "task: task",
        "token: document.forms['answerForm'].param.value",
        "puzzleID: $('#puzzleID').text()",
        f"puzzleWidth: {p.width}",
        f"puzzleHeight: {p.height} ",
        "lang: 'en'",
        "stopClock: false",
        f"zoomable: {'true' if p.width > 15 else 'false'}",
    ]
    head = [
        "var Game = {}; ",
        "var Puzzle = {}; ",
        f"var task = '{task}'; ",
        f"var loadedId = {p.puzzle_id or 0}; ",
        "$(document).ready(function(){ ",
    ]
    tail = ["}); ", f"Game.plSize = {p.size}; ", "Game.init(); ", "}); "]
    if p.one_line_script:  # 2023 style: all on one line
        call = "Game = $('#game').shikaku({ " + ", ".join(fields) + " "
        return " " + "".join(head) + call + "".join(tail)
    # the galaxies sample: a newline after each ';' (and after each field)
    body = ", \n        ".join(fields)
    lines = [*head[:4], head[4], "    Game = $('#game').shikaku({ ", f"        {body}",
             *("    " + t for t in tail[:3]), tail[3]]
    return "\n ".join(lines) + "\n"


MENU = ["nonograms", "sudoku", "masyu", "loop", "bridges", "star-battle", "norinori",
        "galaxies", "binairo", "futoshiki", "pipes", "lits", "hitori", "dominosa"]
SIZES = [("0", "5x5 Easy"), ("1", "7x7 Normal"), ("2", "10x10 Normal"), ("3", "15x15 Normal"),
         ("4", "20x20 Normal"), ("5", "25x25 Hard"), ("7", "Daily Shikaku"),
         ("6", "Weekly Shikaku"), ("8", "Monthly Shikaku")]


def head(title: str) -> str:
    return f"""<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<meta name="description"
      content="Shikaku (Rectangles) is a logic puzzle with simple rules and challenging solutions.">
<link rel="canonical" href="https://www.{HOST}/">
<link rel="alternate" hreflang="fr" href="https://fr.{HOST}/">
<link rel="alternate" hreflang="de" href="https://de.{HOST}/">
<link rel="alternate" hreflang="ja" href="https://ja.{HOST}/">
<link rel="stylesheet" href="/css/main.css?v=238">
<link rel="stylesheet" href="/css/shikaku.css?v=238">
<script src="/js/jquery-3.6.0.min.js"></script>
<script src="/js/puzzle.common.js?v=238"></script>
<script src="/js/shikaku.js?v=238"></script>
</head>"""


def menu(host: str = HOST) -> str:
    links = "\n".join(
        f'    <li><a href="https://www.puzzle-{g}.com/">{g.replace("-", " ").title()}</a></li>'
        for g in MENU if f"puzzle-{g}.com" != host
    )
    langs = " ".join(
        f'<a href="https://{lang}.{host}/">{lang.upper()}</a>' for lang in ("fr", "de", "ja", "ko")
    )
    return f"""<div id="header">
  <a href="/" id="logo"><img src="/img/logo.png" alt="{host}"></a>
  <div id="languages">{langs}</div>
</div>
<div id="menu">
  <ul>
{links}
  </ul>
</div>"""


def size_links(current: int) -> str:
    selected = ' class="selected"'
    return "\n".join(
        f'  <a href="/?size={code}"{selected if int(code) == current else ""}>{label}</a>'
        for code, label in SIZES
    )


def page_source(p: Puzzle, rng: random.Random, task: str | None = None) -> str:
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
{head("Shikaku - Online Puzzle Game")}
<body>
{menu()}
<div id="pageContent">
<h1>Shikaku</h1>
<div class="sizes">
{size_links(p.size)}
  <a href="/specific.php">Specific Puzzle</a>
</div>
{date_picker}
<div class="puzzleInfo">{p.title} Puzzle ID: <span id="puzzleID">{shown_id}</span></div>
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
  <p>Divide the grid into rectangles. Each rectangle holds exactly one number,
     which is its area.</p>
</div>
</div>
<div id="footer">&copy; {HOST} | <a href="/privacy.php">Privacy</a></div>
</body>
</html>
"""


# --------------------------------------------------------------------------- board copy


def board_copy(p: Puzzle, rng: random.Random, drop: tuple[int, int] | None = None) -> str:
    step = p.cell
    divs = []
    for r, row in enumerate(p.grid):
        for c, value in enumerate(row):
            if (r, c) == drop:
                continue
            mark = rng.choice(("cell-off", "cell-off", "cell-on", "cell-off cell-x"))
            text = str(value) if value else ""
            divs.append(
                f'  <div tabindex="1" class="cell selectable {mark}" style="top: {3 + r * step}px; '
                f'left: {3 + c * step}px; width: {step - 3}px; height: {step - 3}px;">{text}</div>'
            )
    if p.shuffle_board:
        rng.shuffle(divs)
    size = (3 + p.width * step, 3 + p.height * step)
    return (
        f'<div class="board-back" style="width: {size[0]}px; height: {size[1]}px;">\n'
        + "\n".join(divs)
        + '\n  <div class="board-lines" style="display: none;"></div>\n</div>\n'
    )


# --------------------------------------------------------------------------- bad pages


def unread_page(rng: random.Random) -> str:
    task = "bpdziccl"  # any task: the game is refused by name before its task is read
    token = "".join(rng.choice("0123456789abcdef") for _ in range(64))
    host = "puzzle-slant.com"
    lines = [
        "var Game = {}; ", " var Puzzle = {}; ", f" var task = '{task}'; ",
        " var loadedId = 0; ", " $(document).ready(function(){ ",
        "    Game = $('#game').slant({ ", "        ident: 'slant.0' , ",
        "        task: task, ",
        "        token: document.forms['answerForm'].param.value, ",
        "        puzzleID: $('#puzzleID').text(), ", "        puzzleWidth: 5, ",
        "        puzzleHeight: 5 ,", "    }); ", "    Game.plSize = 0; ", " }); ",
    ]
    return f"""<!DOCTYPE html>
<!-- {MARK}: a Slant page of the same engine, which puzzlesat must refuse by name -->
<html lang="en">
<head>
<meta charset="utf-8">
<title>Slant - Online Puzzle Game</title>
<script src="/js/jquery-3.6.0.min.js"></script>
<script src="/js/slant.js?v=238"></script>
</head>
<body>
{menu(host)}
<div class="puzzleInfo">5x5 Normal Slant Puzzle ID: <span id="puzzleID">6,813,781</span></div>
<form id="puzzleForm" name="answerForm" method="post" action="/">
  <div id="puzzleContainer"><div id="puzzleContainerOverflowDiv">
    <div id="puzzleContainerRalativeDiv"><div id="game"></div></div>
  </div></div>
  <div class="puzzleButtons">
    <input type="hidden" name="param" value="{token}">
    <input type="hidden" name="ansH" id="ansH" value="">
    <input type="hidden" name="robot" id="robot" value="">
  </div>
</form>
<script>{chr(10).join(lines)}</script>
</body>
</html>
"""


def specific_form_page() -> str:
    options = "\n".join(f'      <option value="{code}">{label}</option>' for code, label in SIZES)
    return f"""<!DOCTYPE html>
<!-- {MARK}: the 'specific puzzle' form (specific.php), which holds no puzzle -->
<html lang="en">
{head("Specific Shikaku Puzzle")}
<body>
{menu()}
<div id="pageContent">
<h1>Specific Puzzle</h1>
<form method="post" action="/">
  <input type="hidden" name="specific" value="1">
  <p>Puzzle ID: <input type="text" name="specid" value=""></p>
  <p>Puzzle type:
    <select name="size">
{options}
    </select>
  </p>
  <input type="submit" value="Go">
</form>
</div>
</body>
</html>
"""


# --------------------------------------------------------------------------- main


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def main() -> None:
    index = []
    for p in puzzles():
        rng = random.Random(p.name)
        write(OUT / f"{p.name}.source.html", page_source(p, rng))
        write(OUT / f"{p.name}.board.html", board_copy(p, rng))
        expected = OUT / f"{p.name}.board.json"
        write(expected, board_with_puzzle(expected, {"grid": p.grid}))
        index.append({
            "name": p.name, "width": p.width, "height": p.height,
            "puzzle_id": str(p.puzzle_id) if p.puzzle_id else None, "size": p.size,
            "title": p.title, "task": p.the_task(), "board_shuffled": p.shuffle_board,
            "one_line_script": p.one_line_script, "origin": p.origin,
        })
        if p.name.startswith("easy_5x5"):
            grid_text = "\n".join(" ".join(str(v) for v in row) for row in p.grid) + "\n"
            write(OUT / f"{p.name}.txt", grid_text)
            easy = p
    write(OUT / "index.json", json.dumps(index, indent=1) + "\n")

    rng = random.Random("bad")
    write(OUT / "bad" / "slant_5x5.source.html", unread_page(rng))
    short_task = easy.the_task()[:-2]  # drop the last 'a2': 23 cells for a 5x5 board
    write(OUT / "bad" / "task_short.source.html", page_source(easy, rng, task=short_task))
    write(OUT / "bad" / "missing_cell.board.html", board_copy(easy, rng, drop=(2, 2)))
    write(OUT / "bad" / "specific_form.source.html", specific_form_page())
    print(f"wrote {len(index)} puzzles and 4 bad pages under {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
