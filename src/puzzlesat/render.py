"""Board + Result -> rich renderables (never prints) and the stable JSON of design.md.

Pictures are built from glyphs, so they read the same under NO_COLOR: colour only adds.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.text import Text

from .board import Board, Nonogram, Rect, Result, Shikaku, Status

GUIDE_EVERY = 5
_VERDICT_STYLE = {Status.UNIQUE: "bold green", Status.MULTIPLE: "bold yellow"}
VERDICTS = {
    Status.UNIQUE: "unique solution",
    Status.MULTIPLE: "several solutions (two shown)",
    Status.NONE: "no solution",
    Status.UNKNOWN: "timed out before an answer",
}


@dataclass(frozen=True)
class Style:
    """How to draw: plain ASCII or Unicode, full or compact, and the width available."""

    ascii: bool = False
    compact: bool | None = None  # None: compact only when the full drawing would not fit
    width: int = 80
    colour: bool = True  # False (NO_COLOR, a pipe): compact Shikaku letters its regions


# --------------------------------------------------------------------------- shared


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds >= 0.01 else f"{seconds * 1000:.1f} ms"


def verdict(board: Board, result: Result, timings: dict[str, float]) -> Text:
    """The last line: the verdict, the size, what line logic did, and the timings."""
    total = sum(timings.values())
    text = Text(no_wrap=True, overflow="ignore")  # one line, however narrow the terminal
    text.append(VERDICTS[result.status], style=_VERDICT_STYLE.get(result.status, "bold red"))
    text.append(f" · {board.width}×{board.height}")
    if result.facts.get("line_solvable"):
        text.append(" · line logic suffices")
    elif result.facts.get("line_solvable") is False and result.status is Status.UNIQUE:
        text.append(" · needs more than line logic")
    if timings:
        steps = " ".join(f"{k} {v * 1000:.1f}" for k, v in timings.items())
        text.append(f" · {_ms(total)} ({steps} ms)", style="dim")
    return text


def render(board: Board, result: Result, timings: dict[str, float], style: Style) -> RenderableType:
    """The solved picture(s), any note about the board, and the verdict line."""
    draw = _nonogram if isinstance(board, Nonogram) else _shikaku
    parts: list[RenderableType] = []
    if board.title:
        parts.append(Text(board.title, style="bold"))
    if board.note:
        parts.append(Text(board.note, style="italic"))
    for i, solution in enumerate(result.solutions):
        if len(result.solutions) > 1:
            parts.append(Text(f"solution {i + 1}", style="bold"))
        first = result.solutions[0] if i else None
        parts.append(draw(board, solution, first, style))
    parts.append(verdict(board, result, timings))
    return Group(*parts)


# --------------------------------------------------------------------------- nonograms


def _row_clue_width(board: Nonogram) -> int:
    return max((len(" ".join(map(str, r))) for r in board.rows), default=0)


def _nonogram_full_width(board: Nonogram, cell: int) -> int:
    return _row_clue_width(board) + 1 + board.width * cell + (board.width - 1) // GUIDE_EVERY


def _nonogram(board: Nonogram, grid, other, style: Style) -> Text:
    digits = max([1] + [len(str(n)) for col in board.cols for n in col])
    cell = 2 if digits == 1 else digits + 1  # a space between stacked many-digit clues
    compact = style.compact
    if compact is None:
        compact = _nonogram_full_width(board, cell) > style.width
    if compact:
        return _nonogram_compact(grid, other, style)
    return _nonogram_full(board, grid, other, style, cell)


def _cell_glyph(value: int, differs: bool, style: Style, cell: int) -> tuple[str, str]:
    colour = "magenta" if differs else ""
    if style.ascii:
        if differs:
            return ("%" if value else ":") * cell, colour
        return ("#" * cell if value else ".".ljust(cell)), colour
    if differs:
        return ("▓" if value else "░") * cell, colour
    return ("█" if value else " ") * cell, colour


def _nonogram_full(board: Nonogram, grid, other, style: Style, cell: int) -> Text:
    vbar, hbar, cross = ("|", "-", "+") if style.ascii else ("│", "─", "┼")
    left = _row_clue_width(board)
    depth = max((len(c) for c in board.cols), default=0)
    text = Text(no_wrap=True, overflow="crop")

    def guide(c: int) -> str:
        return vbar if c and c % GUIDE_EVERY == 0 else ""

    for level in range(depth):
        text.append(" " * (left + 1))
        for c, clue in enumerate(board.cols):
            k = level - (depth - len(clue))
            text.append(guide(c) and " ")
            text.append(str(clue[k]).rjust(cell) if k >= 0 else " " * cell, style="cyan")
        text.append("\n")
    for r, row in enumerate(grid):
        if r and r % GUIDE_EVERY == 0:
            text.append(" " * (left + 1))
            for c in range(board.width):
                text.append(cross if guide(c) else "")
                text.append(hbar * cell, style="dim")
            text.append("\n")
        text.append(" ".join(map(str, board.rows[r])).rjust(left) + " ", style="cyan")
        for c, value in enumerate(row):
            text.append(guide(c), style="dim")
            differs = other is not None and other[r][c] != value
            glyph, colour = _cell_glyph(value, differs, style, cell)
            text.append(glyph, style=colour)
        text.append("\n")
    text.rstrip()
    return text


def _nonogram_compact(grid, other, style: Style) -> Text:
    """Half blocks: one character covers two rows (ASCII: one character per cell)."""
    text = Text(no_wrap=True, overflow="crop")
    if style.ascii:
        for r, row in enumerate(grid):
            for c, v in enumerate(row):
                differs = other is not None and other[r][c] != v
                text.append(("%" if v else ":") if differs else ("#" if v else "."))
            text.append("\n")
    else:
        glyphs = {(0, 0): " ", (1, 0): "▀", (0, 1): "▄", (1, 1): "█"}
        for r in range(0, len(grid), 2):
            top = grid[r]
            bottom = grid[r + 1] if r + 1 < len(grid) else (0,) * len(top)
            for c in range(len(top)):
                differs = other is not None and (
                    other[r][c] != top[c] or (r + 1 < len(grid) and other[r + 1][c] != bottom[c])
                )
                text.append(glyphs[top[c], bottom[c]], style="magenta" if differs else "")
            text.append("\n")
    text.rstrip()
    return text


# --------------------------------------------------------------------------- Shikaku

PALETTE = (
    "on #4e79a7",
    "on #f28e2b",
    "on #59a14f",
    "on #b07aa1",
    "on #e15759",
    "on #76b7b2",
    "on #edc948",
    "on #9c755f",
)
REGION_LETTERS = "abcdefghijklmnopqrstuvwxyz"
BOX = {  # (up, down, left, right) -> corner glyph
    (0, 0, 0, 0): " ",
    (1, 1, 0, 0): "│",
    (0, 0, 1, 1): "─",
    (0, 1, 0, 1): "┌",
    (0, 1, 1, 0): "┐",
    (1, 0, 0, 1): "└",
    (1, 0, 1, 0): "┘",
    (1, 1, 0, 1): "├",
    (1, 1, 1, 0): "┤",
    (0, 1, 1, 1): "┬",
    (1, 0, 1, 1): "┴",
    (1, 1, 1, 1): "┼",
    (1, 0, 0, 0): "╵",
    (0, 1, 0, 0): "╷",
    (0, 0, 1, 0): "╴",
    (0, 0, 0, 1): "╶",
}


def _ascii_corner(up: bool, down: bool, left: bool, right: bool) -> str:
    if not (up or down):
        return "-" if left or right else " "
    if not (left or right):
        return "|"
    return "+"


def _owners(board: Shikaku, rects: tuple[Rect, ...]) -> list[list[int]]:
    owner = [[-1] * board.width for _ in range(board.height)]
    for i, rect in enumerate(rects):
        for r, c in rect.cells():
            owner[r][c] = i
    return owner


def region_colours(board: Shikaku, rects: tuple[Rect, ...]) -> list[int]:
    """A palette index per rectangle such that touching rectangles never share one."""
    owner = _owners(board, rects)
    neighbours: list[set[int]] = [set() for _ in rects]
    for r in range(board.height):
        for c in range(board.width):
            for rr, cc in ((r + 1, c), (r, c + 1)):
                if rr < board.height and cc < board.width and owner[rr][cc] != owner[r][c]:
                    neighbours[owner[r][c]].add(owner[rr][cc])
                    neighbours[owner[rr][cc]].add(owner[r][c])
    # Smallest-last order: the rectangles' touch graph is planar, so every subgraph has a
    # region with at most 5 neighbours and greedy colouring in this order needs at most 6
    # colours; the palette has 8, so touching regions never share one.
    degree = [len(n) for n in neighbours]
    heap = [(d, i) for i, d in enumerate(degree)]
    heapq.heapify(heap)
    removed = [False] * len(rects)
    order = []
    while heap:
        d, i = heapq.heappop(heap)
        if removed[i] or d != degree[i]:
            continue  # a stale entry: the region lost neighbours since it was pushed
        removed[i] = True
        order.append(i)
        for j in neighbours[i]:
            if not removed[j]:
                degree[j] -= 1
                heapq.heappush(heap, (degree[j], j))
    colours = [-1] * len(rects)
    for i in reversed(order):
        taken = {colours[j] for j in neighbours[i]}
        colours[i] = next(k for k in range(len(rects) + 1) if k not in taken)
    return colours


def _shikaku(board: Shikaku, rects, other, style: Style) -> Text:
    cell = max([2] + [len(str(v)) for _, _, v in board.clues()])
    full_width = board.width * (cell + 1) + 1
    compact = style.compact if style.compact is not None else full_width > style.width
    owner = _owners(board, rects)
    colours = region_colours(board, rects)
    text = Text(no_wrap=True, overflow="crop")
    if compact:
        for r in range(board.height):
            for c in range(board.width):
                v = board.grid[r][c]
                region = owner[r][c]
                if v:
                    label = str(v)
                elif style.colour and not style.ascii:
                    label = "·"
                else:  # no colour to tell regions apart: touching regions get other letters
                    label = REGION_LETTERS[colours[region] % len(REGION_LETTERS)]
                text.append(label.rjust(cell), style=PALETTE[colours[region] % len(PALETTE)])
            text.append("\n")
        text.rstrip()
        return text

    def edge_v(r: int, c: int) -> bool:  # a wall on the left of cell (r, c)
        return c in (0, board.width) or owner[r][c - 1] != owner[r][c]

    def edge_h(r: int, c: int) -> bool:  # a wall above cell (r, c)
        return r in (0, board.height) or owner[r - 1][c] != owner[r][c]

    for r in range(board.height + 1):
        for c in range(board.width + 1):  # the corner row above row r
            up = r > 0 and edge_v(r - 1, c)
            down = r < board.height and edge_v(r, c)
            left = c > 0 and edge_h(r, c - 1)
            right = c < board.width and edge_h(r, c)
            if style.ascii:
                text.append(_ascii_corner(up, down, left, right))
            else:
                text.append(BOX[int(up), int(down), int(left), int(right)])
            if c < board.width:
                wall = edge_h(r, c)
                text.append(("-" if style.ascii else "─") * cell if wall else " " * cell)
        text.append("\n")
        if r == board.height:
            break
        for c in range(board.width + 1):
            text.append(("|" if style.ascii else "│") if edge_v(r, c) else " ")
            if c < board.width:
                v = board.grid[r][c]
                region = owner[r][c]
                paint = "" if style.ascii else PALETTE[colours[region] % len(PALETTE)]
                text.append(str(v).rjust(cell) if v else " " * cell, style=paint)
        text.append("\n")
    text.rstrip()
    return text


# --------------------------------------------------------------------------- JSON


def board_json(board: Board) -> dict:
    """The board alone: what `puzzlesat parse` prints and `solve` reads back."""
    out = {
        "kind": board.kind,
        "source": board.source,
        "width": board.width,
        "height": board.height,
        "puzzle": board.puzzle_json(),
    }
    if board.title:
        out["title"] = board.title
    if isinstance(board, Shikaku) and board.puzzle_id:
        out["puzzle_id"] = board.puzzle_id
    return out


def _solution_json(solution):
    if solution and isinstance(solution[0], Rect):
        return [
            {"top": s.top, "left": s.left, "height": s.height, "width": s.width} for s in solution
        ]
    return [list(row) for row in solution]


def result_json(board: Board, result: Result, timings: dict[str, float]) -> dict:
    """`solve --json` as design.md fixes it; scripts depend on these keys."""
    out = board_json(board)
    out["status"] = result.status.value
    out["solution"] = _solution_json(result.solutions[0]) if result.solutions else None
    if len(result.solutions) > 1:
        out["other_solution"] = _solution_json(result.solutions[1])
    out["timings"] = {k: round(v, 6) for k, v in timings.items()}
    out["stats"] = {"variables": result.variables, "clauses": result.clauses, **result.facts}
    return out
