"""Board + Result -> rich renderables (never prints) and the stable JSON scripts rely on.

The picture of an answer is its kind's to draw (`Kind.draw`); here is what every kind
shares: the title, the note, the order of the answers, full or compact, and the verdict.
"""

from __future__ import annotations  # rich is imported where something is drawn

import io
from typing import TYPE_CHECKING, NamedTuple

from .core import Result, Status
from .drawing import Drawing, Style, separator, to_ascii
from .kinds import Board, board_record, kind_of
from .site_check import answer_text

if TYPE_CHECKING:
    from rich.text import Text

__all__ = [
    "Rendered",
    "Style",
    "ansi_text",
    "board_json",
    "plain_text",
    "render",
    "result_json",
    "verdict",
]

_VERDICT_STYLE = {Status.UNIQUE: "bold green", Status.MULTIPLE: "bold yellow"}
VERDICTS = {
    Status.UNIQUE: "unique solution",
    Status.MULTIPLE: "several solutions",
    Status.NONE: "no solution",
    Status.UNKNOWN: "timed out before an answer",
}


class Rendered(NamedTuple):
    """What `solve` shows: the pictures with their titles and legends, then the verdict."""

    parts: tuple[Text, ...]
    verdict: Text
    width: int  # columns the widest picture needs (0 without one)
    compact: bool


# The verdict's first words when the answer was checked against its page's own hash
# (site_check.py): in the place of "unique solution" or "several solutions", which keeps
# the verdict within 80 columns; after a count (--solutions), a remark of its own
SITE_CHECKS = {
    "match": ("unique, the site's", "bold green"),
    "mismatch": ("unique, not site's", "bold red"),
}
SITE_CHECKS_OF_SEVERAL = {
    "match": "several, one the site's",
    "mismatch": "several, none the site's",
}
SITE_CHECKS_OF_MANY = {"match": "one is the site's", "mismatch": "none is the site's"}


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds >= 0.01 else f"{seconds * 1000:.1f} ms"


# The verdict's groups of steps: reading the puzzle, and solving it (proof included).
STEP_GROUPS = (("read", ("fetch", "parse")), ("solve", ("encode", "solve", "prove")))


def _times(timings: dict[str, float], waited: float | None, from_cache: bool = False) -> str:
    """The verdict's times as one short group: the time the user waited first (the whole
    process, when known; else the steps' sum), then reading and solving, in its unit, e.g.
    "312 ms (read 37, solve 5)" or "12.3 s (read 0.4, solve 11.9)"; a page from the cache
    says so in place of its reading time ("(cached, solve 5)"), which keeps the line within
    80 columns. Every step is in --json's timings."""
    total = sum(timings.values()) if waited is None else waited
    in_ms = total < 0.9995  # what rounds to 1000 ms is 1.0 s

    def amount(seconds: float) -> str:
        if in_ms:
            return f"{seconds * 1000:.0f}" if seconds >= 0.001 else f"{seconds * 1000:.1f}"
        return f"{seconds:.1f}" if seconds < 100 else f"{seconds:.0f}"

    steps = [
        "cached"
        if name == "read" and from_cache
        else f"{name} {amount(sum(timings[key] for key in keys if key in timings))}"
        for name, keys in STEP_GROUPS
        if any(key in timings for key in keys)
    ]
    said = f"{amount(total)} {'ms' if in_ms else 's'}"
    return f"{said} ({', '.join(steps)})" if steps else said


def verdict(
    board: Board,
    result: Result,
    timings: dict[str, float],
    ascii: bool = False,
    from_cache: bool = False,
    waited: float | None = None,
    limit: int | None = None,
) -> Text:
    """The last line: the verdict, the size, the kind's remarks, and the times (`waited`:
    the seconds the whole process took so far). On a narrow terminal it wraps between
    words. `limit`: the answers were counted up to this many (--solutions)."""
    from rich.text import Text

    dot, times = separator(ascii), "x" if ascii else "×"
    text = Text()
    said = _counted(result, limit) if limit is not None else VERDICTS[result.status]
    style = _VERDICT_STYLE.get(result.status, "bold red")
    checked = result.site_check in SITE_CHECKS
    counted = checked and said not in (VERDICTS[Status.UNIQUE], VERDICTS[Status.MULTIPLE])
    if checked and said == VERDICTS[Status.UNIQUE]:
        said, style = SITE_CHECKS[result.site_check]
    elif checked and said == VERDICTS[Status.MULTIPLE]:
        said = SITE_CHECKS_OF_SEVERAL[result.site_check]
    text.append(said, style=style)
    text.append(f"{dot}{board.width}{times}{board.height}")
    for remark in kind_of(board).remarks(result):
        text.append(f"{dot}{remark}")
    if counted:  # exactly 3 solutions, one of them the site's
        text.append(f"{dot}{SITE_CHECKS_OF_MANY[result.site_check]}")
    if from_cache and not timings:
        text.append(f"{dot}page from the cache")
    if timings:
        text.append(f"{dot}{_times(timings, waited, from_cache)}", style="dim")
    return text


def _counted(result: Result, limit: int) -> str:
    """The verdict of answers counted up to `limit`: how many, and whether that is all."""
    found = len(result.solutions)
    if not result.complete and found:
        if found == 1:
            return "1 solution found, time ran out before a second"
        return f"at least {found} solutions (time ran out)"
    if result.status not in (Status.UNIQUE, Status.MULTIPLE):
        return VERDICTS[result.status]
    if found >= limit:
        return f"{found} solutions (limit {limit} reached)"
    return VERDICTS[Status.UNIQUE] if found == 1 else f"exactly {found} solutions"


def _label(text: str, style: str, ascii: bool) -> Text:
    from rich.text import Text

    return Text(to_ascii(text) if ascii else text, style=style, no_wrap=True, overflow="ignore")


def _drawings(board: Board, result: Result, style: Style) -> list[Drawing]:
    draw = kind_of(board).draw
    first = result.solutions[0] if result.solutions else None
    style = style._replace(paired=len(result.solutions) > 1)
    return [
        draw(board, answer, first if i else None, style)
        for i, answer in enumerate(result.solutions)
    ]


def _pick(board: Board, result: Result, style: Style) -> tuple[list[Drawing], bool]:
    """The drawings in the style asked for; when it leaves the choice open, full if the
    widest fits `style.width` (or there is no limit), else compact."""
    if style.compact is not None:
        return _drawings(board, result, style), style.compact
    full = _drawings(board, result, style._replace(compact=False))
    if style.width is None or max((d.width for d in full), default=0) <= style.width:
        return full, False
    return _drawings(board, result, style._replace(compact=True)), True


def render(
    board: Board,
    result: Result,
    timings: dict[str, float],
    style: Style,
    from_cache: bool = False,
    waited: float | None = None,
    limit: int | None = None,
    pictures: bool = True,
) -> Rendered:
    """The solved picture(s), any note about the board, the legends, and the verdict
    (`waited`, `limit`: see `verdict`); without `pictures` (`-q`), the verdict alone, not
    drawn first to be dropped."""
    from rich.text import Text

    drawings, compact = _pick(board, result, style) if pictures else ([], False)
    parts: list[Text] = []
    if board.title:
        parts.append(_label(board.title, "bold", style.ascii))
    if board.note:
        parts.append(_label(board.note, "italic", style.ascii))
    for i, drawing in enumerate(drawings):
        if len(drawings) > 1:
            parts.append(Text(f"solution {i + 1}", style="bold"))
        parts.append(drawing.picture)
        parts.extend(Text(line, style="dim") for line in drawing.legend)
    width = max((d.width for d in drawings), default=0)
    line = verdict(board, result, timings, style.ascii, from_cache, waited, limit)
    return Rendered(tuple(parts), line, width, compact)


def plain_text(board: Board, result: Result, style: Style, timings=None) -> str:
    """The drawing as plain text, without colour and never cropped: files and golden tests."""
    return _text(board, result, style, timings, no_color=True, color_system=None)


def ansi_text(board: Board, result: Result, style: Style, timings=None) -> str:
    """The drawing with its colours as truecolor escape codes: golden tests of colour."""
    return _text(board, result, style, timings, color_system="truecolor", force_terminal=True)


def _text(board: Board, result: Result, style: Style, timings, **console) -> str:
    from rich.console import Console

    rendered = render(board, result, timings or {}, style)
    out = io.StringIO()
    printer = Console(file=out, width=style.width or 10_000, **console)
    for part in rendered.parts:
        printer.print(part, soft_wrap=True)
    printer.print(rendered.verdict, soft_wrap=style.width is None)
    return out.getvalue()


# --------------------------------------------------------------------------- JSON


def board_json(board: Board) -> dict:
    """The board alone: what `puzzlesat parse` prints and `solve` reads back."""
    return board_record(board)


def result_json(
    board: Board,
    result: Result,
    timings: dict[str, float],
    limit: int | None = None,
    into: dict | None = None,
) -> dict:
    """`solve --json`: scripts depend on these keys (the README lists them). Answers
    counted up to `limit` (--solutions) add every answer found, their count and the
    limit. Added to `into` when given (a batch's record). A board from a puzzle-*.com page
    adds `site_answer`, the text that page hashes for the first answer."""
    kind = kind_of(board)
    answer = kind.answer_json
    out = board_record(board, into)
    if getattr(board, "note", None):  # what the reader noticed: a goal ignored, 1 of N
        out["note"] = board.note
    out["status"] = result.status.value
    out["solution"] = answer(result.solutions[0]) if result.solutions else None
    if len(result.solutions) > 1:
        out["other_solution"] = answer(result.solutions[1])
    if limit is not None:
        out["solutions"] = [answer(solution) for solution in result.solutions]
        out["solution_count"] = len(result.solutions)
        out["solution_limit"] = limit
        out["solutions_complete"] = result.complete  # false: --timeout cut the count short
    out["site_check"] = result.site_check
    site_text = answer_text(board, result.solutions, kind.site_answer)
    if site_text is not None:
        out["site_answer"] = site_text
    out["timings"] = {k: round(v, 6) for k, v in timings.items()}
    out["stats"] = {"variables": result.variables, "clauses": result.clauses, **result.facts}
    return out


STATUS_ORDER = ("unique", "multiple", "none", "unknown", "error")


def batch_line(
    counts: dict[str, int],
    seconds: float,
    work_seconds: float,
    where: str,
    ascii: bool = False,
    stopped: bool = False,
    left: str = "",
) -> str:
    """A batch in one line: puzzles by status (and, `left`, what a stopped one left), the
    time and where it ran ("on 2 jobs"), puzzles a second, and the mean time a puzzle took
    its worker."""
    dot = separator(ascii)
    puzzles = sum(counts.values())
    said = ", ".join(f"{counts[k]:,} {k}" for k in STATUS_ORDER if k in counts) or "none done"
    said += f"; {left}" if left else ""
    rate = puzzles / seconds if seconds > 0 else float("inf")
    each = f"{dot}{_ms(work_seconds / puzzles)} a puzzle" if puzzles else ""
    head = f"{puzzles:,} puzzle{'' if puzzles == 1 else 's'}"
    head += " (interrupted)" if stopped else ""
    rate_said = f"{rate:,.0f}" if rate >= 10 else f"{rate:.1f}"
    return f"{head}: {said}{dot}{seconds:.2f} s {where}{dot}{rate_said} puzzles/s{each}"


def batch_tables(
    counts: dict[str, int],
    slowest: list[tuple[float, str, str]],
    ascii: bool = False,
    unsolved: list[tuple[str, str]] = (),
    more: int = 0,
) -> list:
    """The batch's statuses, its slowest puzzles and (`unsolved`, `more` not shown) those
    without an answer, as tables."""
    from rich import box
    from rich.table import Table

    style = box.ASCII if ascii else box.SIMPLE
    statuses = Table("status", "puzzles", box=style, title="puzzles by status")
    for status in STATUS_ORDER:
        if status in counts:
            statuses.add_row(status, f"{counts[status]:,}")
    slow = Table("seconds", "status", box=style, title="slowest")
    slow.add_column("puzzle", overflow="fold")  # a path is never cut short
    for seconds, source, status in slowest:
        slow.add_row(f"{seconds:.3f}", status, _name(source, ascii))
    if not unsolved:
        return [statuses, slow]
    failed = Table("status", box=style, title="not solved")
    failed.add_column("puzzle", overflow="fold")
    for status, source in unsolved:
        failed.add_row(status, _name(source, ascii))
    if more:
        failed.add_row("", f"and {more:,} more (--json lists each)")
    return [statuses, slow, failed]


def _name(source: str, ascii: bool) -> Text:
    """A puzzle's name in a table: Text, since a str cell is read as rich markup, and a
    file may be called `[bold red]x.non` or `a[/x].non`."""
    from rich.text import Text

    return Text(to_ascii(source) if ascii else source)
