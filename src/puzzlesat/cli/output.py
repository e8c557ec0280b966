"""What a run shows: rich consoles on the Environment's streams, colour as --colour and
NO_COLOR say, a spinner or progress bar only where stderr is a terminal, and the pictures
with their verdict line. rich is imported only when a console is made."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext, suppress
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ..core import json_text
from .environment import Environment
from .errors import PipeClosed, writing

if TYPE_CHECKING:
    from rich.console import Console

# JSON lines are flushed at most this often: a pipe reading along sees each within this,
# and a file of thousands of puzzles is not a write a line (benchmarks/README.md)
JSON_FLUSH_SECONDS = 0.1


def _console(file: Any, env: Environment, **options: Any) -> Console:
    """A rich Console on stdout or stderr, reading the Environment's variables, not the
    process's: a closed pipe stops us quietly, as Unix tools do (rich itself would exit 1,
    "no solution" to us). No markup: what we print holds names from input, never styles."""
    from rich.console import Console

    class Output(Console):
        def on_broken_pipe(self) -> None:
            raise PipeClosed

    return Output(
        file=file, emoji=False, highlight=False, markup=False, _environ=env.environ, **options
    )


def _colour_options(env: Environment, colour: str, terminal: bool | None) -> dict:
    """rich Console options for --color: never is no colour at all; always forces it, over
    NO_COLOR and TERM=dumb, in truecolor where COLORTERM says so (else 256 colours); auto
    leaves it to rich (a terminal without NO_COLOR). `terminal` is whether the stream is
    one (None: rich looks, FORCE_COLOR included)."""
    if colour == "never":
        return {"no_color": True, "color_system": None, "force_terminal": terminal}
    if colour == "always":
        return {
            "no_color": False,
            "color_system": "truecolor" if env.truecolor else "256",
            "force_terminal": True if terminal is None else terminal,
        }
    return {"force_terminal": terminal}


class Steps:
    """The spinner's text: the current step and the time since the start, redrawn by rich on
    every frame, so that a long solve never looks hung."""

    def __init__(self, step: str, ascii: bool = False):
        self.step = step
        self.start = time.monotonic()
        self.ascii = ascii

    def __call__(self, step: str) -> None:
        self.step = step

    def __rich__(self):
        from rich.text import Text

        from ..drawing import separator

        dot = separator(self.ascii)
        return Text(f"{self.step}{dot}{time.monotonic() - self.start:.0f} s", style="dim")


def spinner(stderr: Console, steps: Steps, ascii: bool = False) -> AbstractContextManager:
    """The spinner on a terminal's stderr (in ASCII with --ascii), nothing elsewhere."""
    if not stderr.is_terminal:
        return nullcontext()
    return stderr.status(steps, spinner="line" if ascii else "dots")


def _done_of() -> Any:
    """The progress bar's count: `12/70`, or `12` where the total is not known (rich's own
    column would say `12/?`)."""
    from rich.progress import ProgressColumn
    from rich.text import Text

    class DoneOf(ProgressColumn):
        def render(self, task: Any) -> Text:
            total = "" if task.total is None else f"/{int(task.total):,}"
            return Text(f"{int(task.completed):,}{total}", style="progress.download")

    return DoneOf()


def _unwrapped(part: Any) -> bool:
    """Whether a part is printed as it is on a terminal too: a picture or a title (a Text
    marked never to wrap) or a table, not a legend's words."""
    return getattr(part, "no_wrap", True) is True


class Output:
    """One run's output: its consoles and how much it says (-q, -qq)."""

    def __init__(self, env: Environment, colour: str = "auto", ascii: bool = False, quiet: int = 0):
        self.env = env
        self.ascii = ascii
        self.quiet = quiet
        self.tty = env.stdout_isatty
        self.colour_asked = "never" if ascii else colour
        self.json_flush_due = 0.0  # the first line goes out at once
        self.bar: Any = None  # the progress bar while it is shown (`say` prints above it)

    # The consoles (and rich with them) are made when something is drawn or a bar shown: a
    # batch under -q or --json writes plain lines, and need not import rich at all.

    @cached_property
    def stdout(self) -> Console:
        return _console(
            self.env.stdout,
            self.env,
            safe_box=True,
            width=self.env.terminal_width,
            **_colour_options(self.env, self.colour_asked, True if self.tty else None),
        )

    @cached_property
    def stderr(self) -> Console:
        """A terminal only if it is one: no spinner in a log, whatever is forced."""
        env = self.env
        options = _colour_options(env, self.colour_asked, env.stderr_isatty)
        return _console(env.stderr, env, **options)

    @cached_property
    def steps(self) -> Steps:
        return Steps("reading", self.ascii)

    @property
    def colour(self) -> bool:
        return self.stdout.color_system is not None and not self.stdout.no_color

    def spinner(self) -> AbstractContextManager:
        if self.quiet >= 2 or not self.env.stderr_isatty:
            return nullcontext()
        return spinner(self.stderr, self.steps, self.ascii)

    @contextmanager
    def progress(self) -> Iterator[tuple[Callable[[int | None, int], Any], Callable[[int], Any]]]:
        """A progress bar on a terminal's stderr (not with -qq), as two callbacks: the
        batch's total as far as it is known (None: not known) with how many puzzles have
        loaded so far, and how many more are done. Elsewhere they do nothing."""
        if self.quiet >= 2 or not self.env.stderr_isatty:
            yield (lambda total, count: None), (lambda count: None)
            return
        from rich.progress import BarColumn, Progress, TimeElapsedColumn

        columns = ("{task.description}", BarColumn(), _done_of(), TimeElapsedColumn())
        with Progress(*columns, console=self.stderr, transient=True) as bar:
            task = bar.add_task("solving", total=None)
            self.bar = bar
            try:
                yield (
                    lambda total, count: bar.update(task, total=total and max(total, count)),
                    lambda count: bar.advance(task, count),
                )
            finally:
                self.bar = None

    def say(self, line: str) -> None:
        """One line on stderr (Environment.say), above the progress bar while there is one:
        written past it, the line would be drawn over by its next frame."""
        if self.bar is None:
            self.env.say(line)
            return
        from rich.text import Text

        from ..core import safe_text

        with suppress(OSError, ValueError):
            self.bar.console.print(Text(safe_text(line)), soft_wrap=True)

    def lines(self, *lines: str) -> None:
        """Plain lines on stdout, as they are (no markup, no highlighting)."""
        with writing(self.env):
            self.env.stdout.write("".join(line + "\n" for line in lines))

    def text(self, text: str) -> None:
        """Text on stdout exactly as given (a completion script)."""
        with writing(self.env):
            self.env.stdout.write(text)

    def json(self, record: dict) -> None:
        """One JSON line, written as it is: no console in between (a batch writes thousands),
        flushed once JSON_FLUSH_SECONDS have passed since the last flush; `flush()` sends
        the rest."""
        now = time.monotonic()
        due = now >= self.json_flush_due
        with writing(self.env, flush=due):
            self.env.stdout.write(json_text(record) + "\n")
        if due:
            self.json_flush_due = now + JSON_FLUSH_SECONDS

    def flush(self) -> None:
        """Whatever is still buffered, now (the end of a batch)."""
        with writing(self.env):
            pass

    def parts(self, parts: list, line: str) -> None:
        """Renderables (the batch's tables) unless -q, then a closing line."""
        with writing(self.env):
            for part in parts if self.quiet == 0 else ():
                self.stdout.print(part)
            self.env.stdout.write(line + "\n")

    def binary(self, data: bytes) -> None:
        """A picture or a file's text on stdout, as bytes."""
        with writing(self.env):
            self.env.stdout.buffer.write(data)

    def show(self, rendered: Any) -> None:
        """The pictures whole, at their natural width (the terminal wraps what it must), their
        legends and then the verdict wrapped between words on a terminal, one line each in
        a pipe."""
        stdout = self.stdout
        with writing(self.env):
            if self.quiet == 0:
                for part in rendered.parts:  # a picture or a title is a Text never wrapped
                    stdout.print(part, soft_wrap=not self.tty or _unwrapped(part))
            if self.quiet < 2:
                stdout.print(rendered.verdict, soft_wrap=not self.tty)
        if self.tty and self.quiet == 0 and rendered.width > stdout.width:
            self.env.say(
                f"puzzlesat: the drawing is {rendered.width} columns wide, wider than this "
                f"{stdout.width}-column terminal (hint: view it whole with `| less -S`, "
                "or widen the terminal)"
            )
