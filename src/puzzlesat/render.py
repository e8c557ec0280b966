"""Board + Result -> rich renderables (never prints) and the stable JSON scripts rely on.

The picture of an answer is its kind's to draw (`Kind.draw`); here is what every kind
shares: the title, the note, the order of the answers and the verdict line.
"""

from __future__ import annotations

import io

from rich.console import Console, Group, RenderableType
from rich.text import Text

from .core import Result, Status
from .drawing import Style
from .kinds import Board, board_record, kind_of

__all__ = ["Style", "board_json", "plain_text", "render", "result_json", "verdict"]

_VERDICT_STYLE = {Status.UNIQUE: "bold green", Status.MULTIPLE: "bold yellow"}
VERDICTS = {
    Status.UNIQUE: "unique solution",
    Status.MULTIPLE: "several solutions (two shown)",
    Status.NONE: "no solution",
    Status.UNKNOWN: "timed out before an answer",
}


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds >= 0.01 else f"{seconds * 1000:.1f} ms"


def verdict(board: Board, result: Result, timings: dict[str, float]) -> Text:
    """The last line: the verdict, the size, the kind's remarks, and the timings."""
    total = sum(timings.values())
    text = Text(no_wrap=True, overflow="ignore")  # one line, however narrow the terminal
    text.append(VERDICTS[result.status], style=_VERDICT_STYLE.get(result.status, "bold red"))
    text.append(f" · {board.width}×{board.height}")
    for remark in kind_of(board).remarks(result):
        text.append(f" · {remark}")
    if timings:
        steps = " ".join(f"{k} {v * 1000:.1f}" for k, v in timings.items())
        text.append(f" · {_ms(total)} ({steps} ms)", style="dim")
    return text


def render(board: Board, result: Result, timings: dict[str, float], style: Style) -> RenderableType:
    """The solved picture(s), any note about the board, and the verdict line."""
    draw = kind_of(board).draw
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


def plain_text(board: Board, result: Result, style: Style, timings=None) -> str:
    """The drawing as plain text at `style.width`, without colour: files and golden tests."""
    out = io.StringIO()
    console = Console(file=out, width=style.width, no_color=True, color_system=None)
    console.print(render(board, result, timings or {}, style))
    return out.getvalue()


# --------------------------------------------------------------------------- JSON


def board_json(board: Board) -> dict:
    """The board alone: what `puzzlesat parse` prints and `solve` reads back."""
    return board_record(board)


def result_json(board: Board, result: Result, timings: dict[str, float]) -> dict:
    """`solve --json`: scripts depend on these keys (the README lists them)."""
    answer = kind_of(board).answer_json
    out = board_json(board)
    out["status"] = result.status.value
    out["solution"] = answer(result.solutions[0]) if result.solutions else None
    if len(result.solutions) > 1:
        out["other_solution"] = answer(result.solutions[1])
    out["timings"] = {k: round(v, 6) for k, v in timings.items()}
    out["stats"] = {"variables": result.variables, "clauses": result.clauses, **result.facts}
    return out
