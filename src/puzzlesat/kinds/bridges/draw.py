"""A Bridges answer in the terminal: the islands' numbers, and the bridges between them as
lines, single `─` `│` or double `═` `║` (`-` `|` and `=` `"` in ASCII).

Full: a cell and a gap, across and down, the gaps carrying the bridges on; compact: the
cells alone (a bridge between two touching islands shows only in full). Colour only adds
(islands bold, bridges teal). Where a second answer builds otherwise than the first, its
single bridges are `━` `┃` and double ones `≡` `‖` (`~` `!` and `#` `H` in ASCII) in the
differing colour, and the legend says so.
"""

from __future__ import annotations

from ...drawing import DIFFERS, TEAL, Drawing, Style, finish, picture_text
from . import Answer, Bridges

GLYPHS = {  # (across, down) for a single and a double bridge, then both where they differ
    False: (("─", "│"), ("═", "║"), ("━", "┃"), ("≡", "‖")),
    True: (("-", "|"), ("=", '"'), ("~", "!"), ("#", "H")),
}
ISLAND_STYLE, BRIDGE_STYLE = "bold", TEAL


def _over(board: Bridges, answer: Answer) -> dict[tuple[float, float], tuple[bool, int]]:
    """Where the answer's bridges run: each cell of water they pass over and each gap
    between two cells they cross (a gap is keyed half way: (r, c + 0.5) or (r + 0.5, c)),
    with (across, count)."""
    out: dict = {}
    for r, c in board.islands():
        for count, (dr, dc) in zip(answer[r][c] or (0, 0), ((0, 1), (1, 0))):
            a, b = r, c
            while count:  # on to the island ahead, which a solved answer always has
                out[(a + dr / 2, b + dc / 2)] = (dr == 0, count)
                a, b = a + dr, b + dc
                if board.grid[a][b]:
                    break
                out[(a, b)] = (dr == 0, count)
    return out


def draw(board: Bridges, answer: Answer, other: Answer | None, style: Style) -> Drawing:
    """The islands and the answer's bridges, two columns a cell, or one (compact)."""
    painted = style.colour and not style.ascii
    glyphs = GLYPHS[style.ascii]
    here = _over(board, answer)
    there = _over(board, other) if other is not None else here

    def at(key) -> tuple[str, str]:
        cell = not (key[0] % 1 or key[1] % 1)
        if cell and board.grid[int(key[0])][int(key[1])]:
            return str(board.grid[int(key[0])][int(key[1])]), ISLAND_STYLE if painted else ""
        blank = ("." if style.ascii else "·") if cell else " "
        if key not in here:  # open water, or a bridge of the other answer alone
            return blank, DIFFERS if painted and key in there else ""
        across, count = here[key]
        if here.get(key) != there.get(key):
            return glyphs[count + 1][0 if across else 1], DIFFERS if painted else ""
        return glyphs[count - 1][0 if across else 1], BRIDGE_STYLE if painted else ""

    step = 1 if style.compact else 0.5
    text = picture_text()
    for row in range(int((board.height - 1) / step) + 1):
        for column in range(int((board.width - 1) / step) + 1):
            text.append(*at((row * step, column * step)))
        text.append("\n")
    legend = ()
    if other is not None:
        mark = "~ ! (single) # H (double)" if style.ascii else "━ ┃ (single) ≡ ‖ (double)"
        legend = (f"{mark} where this answer's bridges differ from solution 1",)
    return Drawing(finish(text), legend)
