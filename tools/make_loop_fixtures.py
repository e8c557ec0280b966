"""Write fixtures for puzzle-loop.com (Slitherlink): a page source in the family's 2025 shape,
and a bad page.

No real puzzle-loop.com page is in the shared data, so the page (and a devtools copy of its
board, as sites.md 3f describes puzzle-loop's) is built in the shape of
the family's real pages (the Light Up ones: the whole script on one line, `$('#game').loop({
ident: 'loop.N' , task: task, ..., puzzleWidth: W, puzzleHeight: H ,...`, sites.md 3g)
around a REAL task: puzzle 1,012,753 (size code 4, 5x5 hard) of joshprzybyszewski/slitherlink
`puzzles/5x5_hard.txt` (MIT; ../shared/data/genres/loop/site-tasks.jsonl). Its answer is the
site's, as that file gives it (y/n a lattice edge), checked here by this tool's own small
checker (never the package's code). The page carries no `hashedSolution`: what a loop page
hashes is not known, and none is made up. Run from anywhere; the output is the same every
time:

    python tools/make_loop_fixtures.py

then `python tools/update_golden.py` writes the golden boards and errors beside them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from make_sister_fixtures import head, menu
from update_golden import board_with_puzzle

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "fixtures" / "puzzle-loop.com"
MARK = "CONSTRUCTED by tools/make_loop_fixtures.py"
TASK = "3a3c2a22b2a12b33b2b"  # real task 1,012,753 (loop.4, 5x5 hard)
ANSWER = "yynyyynynynynynyynnynynynynyyyynyynynynnynnnyynnynnyyyyyynny"  # the site's, y/n an edge
SIZES = (("0", "5x5 Normal"), ("10", "7x7 Normal"), ("1", "10x10 Normal"),
         ("2", "15x15 Normal"), ("3", "20x20 Normal"), ("8", "25x30 Normal"),
         ("4", "5x5 Hard"), ("11", "7x7 Hard"), ("5", "10x10 Hard"), ("6", "15x15 Hard"),
         ("7", "20x20 Hard"), ("9", "25x30 Hard"))


class Game:
    """What make_sister_fixtures' page head and menu ask of a game."""

    host = "puzzle-loop.com"
    plugin = "loop"
    description = ("Loop (Slitherlink) is a logic puzzle with simple rules and challenging "
                   "solutions.")
    menu = ("shikaku", "nonograms", "sudoku", "light-up", "star-battle", "masyu", "loop")


# --------------------------------------------------------------------------- the puzzle


def decode(task: str, width: int, height: int) -> list[list[int | None]]:
    """Rows of clues (None: none): letters skip cells, every digit is a cell."""
    cells: list[int | None] = []
    for ch in task:
        cells.extend([None] * (ord(ch) - 96) if ch.islower() else [int(ch)])
    assert len(cells) == width * height, len(cells)
    return [cells[r * width : (r + 1) * width] for r in range(height)]


def edges(answer: str, width: int, height: int) -> tuple[list[list[int]], list[list[int]]]:
    """(H+1 rows of W horizontal, H rows of W+1 vertical) 0/1 from the y/n string."""
    bits = [int(ch == "y") for ch in answer]
    split = (height + 1) * width
    across = [bits[a * width : (a + 1) * width] for a in range(height + 1)]
    down = [bits[split + r * (width + 1) : split + (r + 1) * (width + 1)] for r in range(height)]
    return across, down


def checked(rows, across, down) -> None:
    """Every clue counted, every point on none or two edges, and all of them one loop."""
    for r, row in enumerate(rows):
        for c, k in enumerate(row):
            if k is not None:
                assert across[r][c] + across[r + 1][c] + down[r][c] + down[r][c + 1] == k
    around: dict = {}
    pairs = [((a, c), (a, c + 1)) for a, row in enumerate(across) for c, on in enumerate(row)
             if on] + [((r, b), (r + 1, b)) for r, row in enumerate(down)
                       for b, on in enumerate(row) if on]
    for p, q in pairs:
        around.setdefault(p, []).append(q)
        around.setdefault(q, []).append(p)
    assert all(len(v) == 2 for v in around.values())
    seen, stack = {pairs[0][0]}, [pairs[0][0]]
    while stack:
        for q in around[stack.pop()]:
            if q not in seen:
                seen.add(q)
                stack.append(q)
    assert len(seen) == len(around), "more than one loop"


# --------------------------------------------------------------------------- the page


def script(task: str, size: int, width: int, height: int) -> str:
    """The 2025 script of the family: one line, as the real pages carry it (sites.md 3g),
    without a `hashedSolution` (what a loop page hashes is not known)."""
    return (
        f"var Game = {{}}; var Puzzle = {{}}; var task = '{task}'; var loadedId = 0; "
        "$(document).ready(function(){ Game = $('#game').loop({ "
        f"ident: 'loop.{size}' , task: task, "
        "token: document.forms['answerForm'].param.value, puzzleID: $('#puzzleID').text(), "
        f"puzzleWidth: {width}, puzzleHeight: {height} ,localTimer: new Date().getTime() "
        ",relativeTo: '#puzzleContainerOverflowDiv' ,noCheck: true ,squareSize: 17 ,gutter: 5 "
        ",separatorWidth: 1 }).initGame(); "
        f"Game.plSize = {size}; }});"
    )


def page(task: str, title: str, puzzle_id: int, size: int, width: int, height: int,
         rng: random.Random) -> str:
    token = "".join(rng.choice("0123456789abcdef") for _ in range(64))
    info = (
        f'<div class="puzzleInfo"><p><label for="mainclock">{title}   Puzzle ID: '
        f'<span id="puzzleID">{puzzle_id:,}</span></label></p></div>'
    )
    sizes = "\n".join(f'  <li><a href="/?size={code}">{label}</a></li>' for code, label in SIZES)
    return f"""<!DOCTYPE html>
<!-- {MARK}: the family's 2025 page layout (sites.md 3b, 3g); task: real puzzle
1,012,753 of joshprzybyszewski/slitherlink puzzles/5x5_hard.txt (MIT) -->
<html lang="en">
{head(Game, "Loop - Online Puzzle Game")}
<body>
{menu(Game)}
<div id="pageContent">
<h1>Loop (Slitherlink)</h1>
<ul class="sizes">
{sizes}
  <li><a href="/specific.php">Specific Puzzle</a></li>
</ul>
{info}
<form id="puzzleForm" name="answerForm" method="post" action="/">
  <div id="puzzleContainer"><div id="puzzleContainerOverflowDiv"><div id="game"></div></div></div>
  <div class="puzzleButtons">
    <input type="hidden" name="param" value="{token}">
    <input type="hidden" name="w" value="{width}">
    <input type="hidden" name="h" value="{height}">
    <input type="submit" id="btnNew" name="new" value="   New Puzzle   ">
    <input type="submit" id="btnReady" name="ready" value="   Done   ">
  </div>
</form>
<div id="ajaxResponse"></div>
<div id="rel"><script>{script(task, size, width, height)}</script></div>
</div>
</body>
</html>
"""


def board_copy(rows) -> str:
    """A devtools copy of the board as sites.md 3f describes puzzle-loop's: `div.loop-task-cell`
    placed by `top`/`left` (2px offsets, a step of 30px), a clue its text, none empty."""
    cells = "\n".join(
        f'    <div class="loop-task-cell" style="top: {2 + 30 * r}px; left: {2 + 30 * c}px;">'
        f'{"" if k is None else k}</div>'
        for r, row in enumerate(rows) for c, k in enumerate(row)
    )
    return (f'<div id="puzzleContainer"><div class="board-back">\n{cells}\n'
            f"</div></div>\n<!-- {MARK}: the copy sites.md 3f describes -->\n")


def main() -> None:
    width = height = 5
    rows = decode(TASK, width, height)
    across, down = edges(ANSWER, width, height)
    checked(rows, across, down)
    rng = random.Random("loop")
    name = "hard_5x5_1012753"
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "bad").mkdir(exist_ok=True)
    text = page(TASK, "5x5 Hard Loop", 1012753, 4, width, height, rng)
    (OUT / f"{name}.source.html").write_text(text, encoding="utf-8")
    (OUT / f"{name}.board.html").write_text(board_copy(rows), encoding="utf-8")
    expected = OUT / f"{name}.board.json"
    expected.write_text(board_with_puzzle(expected, {"grid": rows}), encoding="utf-8")
    short = page(TASK[:-3], "5x5 Hard Loop", 1012753, 4, width, height, rng)
    (OUT / "bad" / "task_short.source.html").write_text(short, encoding="utf-8")
    index = [{"name": name, "width": width, "height": height, "puzzle_id": "1012753",
              "size": 4, "title": "5x5 Hard Loop", "task": TASK,
              "answer": {"horizontal": across, "vertical": down},
              "origin": "real task 1,012,753 of joshprzybyszewski/slitherlink "
                        "puzzles/5x5_hard.txt with the site's answer; page built around it"}]
    (OUT / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {name} (page, board copy) and bad/task_short under {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
