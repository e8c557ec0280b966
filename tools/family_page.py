"""The page of a puzzle-*.com game in the family's 2025 layout, for the fixture tools.

Every game of the family serves the same page around its plugin (sites.md 3b, 3g): the head
and menu of make_sister_fixtures, a list of sizes, the puzzle's title and ID, the answer form
with its hidden `w` and `h`, and the whole script on one line. A game's tool gives what differs
(a FamilyGame) and its puzzle; the hashed solution, where the tool gives one, is made by the
site's rule (md5 of the task and a `y`/`n` a cell), never with the package's code.
"""

from __future__ import annotations

import hashlib
import random
from typing import NamedTuple

from make_sister_fixtures import head, menu


class FamilyGame(NamedTuple):
    """What differs between the family's pages (head() and menu() read the first four)."""

    host: str  # puzzle-light-up.com
    plugin: str  # the jQuery plugin: lightup
    description: str
    menu: tuple[str, ...]  # the games the page's menu links
    ident: str  # the ident's slug: light-up
    name: str  # the heading: Light Up
    sizes: tuple[tuple[str, str], ...]  # (size code, label), as the page lists them
    mark: str  # CONSTRUCTED by tools/...
    origin: str  # the page's first comment: where its layout and task come from
    square_size: int = 17
    links: tuple[tuple[str, str], ...] = ()  # (href, label): more of the list after the sizes
    heading: str = ""  # the page's <h1>, where it is not `name`: Loop (Slitherlink)
    size_inputs: bool = True  # the form's hidden `w` and `h`; else its `ansH` (sites.md 3)


def hashed(task: str, marks: str) -> str:
    """The site's hashedSolution: md5 of the task followed by a `y`/`n` a cell."""
    return hashlib.md5((task + marks).encode()).hexdigest()


def script(
    game: FamilyGame,
    task: str,
    size: int,
    width: int,
    height: int,
    hashed_solution: str | None = None,
    options: str = "",
) -> str:
    """The 2025 script: one line, as the real pages carry it (sites.md 3g). `options` are
    the game's own, after the size (Star Battle's ` ,stars:2`)."""
    check = "" if hashed_solution is None else f"hashedSolution: '{hashed_solution}', "
    return (
        f"var Game = {{}}; var Puzzle = {{}}; var task = '{task}'; var loadedId = 0; "
        f"$(document).ready(function(){{ Game = $('#game').{game.plugin}({{ "
        f"ident: '{game.ident}.{size}' , task: task, {check}"
        "token: document.forms['answerForm'].param.value, puzzleID: $('#puzzleID').text(), "
        f"puzzleWidth: {width}, puzzleHeight: {height}{options} ,localTimer: new Date()"
        ".getTime() ,relativeTo: '#puzzleContainerOverflowDiv' ,noCheck: true ,squareSize: "
        f"{game.square_size} ,gutter: 5 ,separatorWidth: 1 }}).initGame(); "
        f"Game.plSize = {size}; }});"
    )


def page(
    game: FamilyGame,
    task: str,
    title: str,
    puzzle_id: int,
    size: int,
    width: int,
    height: int,
    rng: random.Random,
    hashed_solution: str | None = None,
    options: str = "",
) -> str:
    """The whole page source, as a browser's "view source" shows it."""
    token = "".join(rng.choice("0123456789abcdef") for _ in range(64))
    info = (
        f'<div class="puzzleInfo"><p><label for="mainclock">{title}   Puzzle ID: '
        f'<span id="puzzleID">{puzzle_id:,}</span></label></p></div>'
    )
    items = [(f"/?size={code}", label) for code, label in game.sizes] + list(game.links)
    sizes = "\n".join(f'  <li><a href="{href}">{label}</a></li>' for href, label in items)
    code = script(game, task, size, width, height, hashed_solution, options)
    hidden = (
        f'<input type="hidden" name="w" value="{width}">\n'
        f'    <input type="hidden" name="h" value="{height}">'
        if game.size_inputs
        else '<input type="hidden" name="ansH" id="ansH" value="">'
    )
    return f"""<!DOCTYPE html>
<!-- {game.mark}: {game.origin} -->
<html lang="en">
{head(game, f"{game.name} - Online Puzzle Game")}
<body>
{menu(game)}
<div id="pageContent">
<h1>{game.heading or game.name}</h1>
<ul class="sizes">
{sizes}
  <li><a href="/specific.php">Specific Puzzle</a></li>
</ul>
{info}
<form id="puzzleForm" name="answerForm" method="post" action="/">
  <div id="puzzleContainer"><div id="puzzleContainerOverflowDiv"><div id="game"></div></div></div>
  <div class="puzzleButtons">
    <input type="hidden" name="param" value="{token}">
    {hidden}
    <input type="submit" id="btnNew" name="new" value="   New Puzzle   ">
    <input type="submit" id="btnReady" name="ready" value="   Done   ">
  </div>
</form>
<div id="ajaxResponse"></div>
<div id="rel"><script>{code}</script></div>
</div>
</body>
</html>
"""
