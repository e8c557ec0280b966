"""The Format record every file-format module declares, and how its errors get its hint."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from ..core import LazyPattern, Page, ParseError
from ..kinds import Board

Reader = TypeVar("Reader", bound=Callable)
# where str.splitlines ends a line
LINE_END = LazyPattern(r"\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]")


def lines_starting(text: str, start: LazyPattern) -> int:
    """How many lines of `text` begin with what `start` matches (an empty lookahead at each
    line start, in multiline mode): a count in C, without a string made per line."""
    return len(start.findall(text))


def each_line(text: str) -> Iterator[str]:
    """The lines of `text` as str.splitlines gives them, one at a time: a file of millions
    of lines is never a list of millions of strings."""
    at = 0
    for end in LINE_END.finditer(text):
        yield text[at : end.start()]
        at = end.end()
    if at < len(text):
        yield text[at:]


def multi_note(count: int, what: str) -> str | None:
    """The note of a puzzle read from a file of several: the rest are read by a batch."""
    return f"the first of {count} puzzles in the {what}" if count > 1 else None


def with_hint(hint: str) -> Callable[[Reader], Reader]:
    """A reader whose ParseErrors that carry no hint of their own get `hint`.

    ParseError's default hint speaks of pages and devtools copies, which is right for the
    sites and wrong for a file: the clue, kind and number errors raised under a format (by
    clue_text, the kinds' from_json, core) know nothing of the file they came from. An error
    raised with a hint of its own keeps it.
    """

    def wrap(read: Reader) -> Reader:
        @functools.wraps(read)
        def hinted(*args, **kwargs):
            try:
                result = read(*args, **kwargs)
            except ParseError as error:
                _hint(error, hint)
                raise
            return _each_hinted(result, hint) if isinstance(result, Iterator) else result

        return hinted  # type: ignore[return-value]

    return wrap


def _hint(error: ParseError, hint: str) -> None:
    if error.hint == ParseError.hint:
        error.hint = hint


def _each_hinted(boards: Iterator, hint: str) -> Iterator:
    """A reader's puzzles one at a time, the errors met on the way hinted as its own."""
    try:
        yield from boards
    except ParseError as error:
        _hint(error, hint)
        raise


class Format:
    """One file format: how to recognise it by content, read it, and write a board in it.

    `kinds` names the puzzle kinds it can hold (empty: every kind); `write` raises
    UnsupportedPuzzle for a board the format cannot hold (a colour nonogram in `.nin`).
    `hint` says how to check a file of the format; `read` is wrapped so that its errors
    carry it (see with_hint). `read_all`, for a format whose files hold many puzzles, reads
    every one of them; `read_each`, for one whose files hold millions (TAAI, Sudoku lines),
    gives them one at a time as they are asked for, so that a batch holds only those it is
    solving, and `count` says how many there are without reading them (a batch's
    progress bar). A format written for other tools only (a Sugar program) has no `read`
    and `recognises` nothing. `write_all`, for a format whose files hold many
    puzzles, writes them all in one. `aliases` are the short names `convert --to` and
    `--format` also take (`xml`, `json`). `grid_refusal`, for a format of one kind's text
    grids (formats.text_grid), says why a grid is not its kind's (None: it claims it):
    recognition asks every such format, and only one may claim.

    A plain class, not a dataclass: every run builds the formats it may meet, and a frozen
    dataclass of these many fields is generated with `exec` at start-up.
    """

    def __init__(
        self,
        name: str,
        write: Callable[[Board], str],
        recognises: Callable[[str], bool] = lambda text: False,
        read: Callable[[Page], Board] | None = None,
        kinds: tuple[str, ...] = (),
        hint: str = "",
        read_all: Callable[[Page], list[Board]] | None = None,
        read_each: Callable[[Page], Iterator[Board]] | None = None,
        aliases: tuple[str, ...] = (),
        write_all: Callable[[Sequence[Board]], str] | None = None,  # many puzzles in one file
        suffix: str = "",  # the file name ending `convert -o` and folders of puzzles know it by
        inline: bool = False,  # one line, typed on the command line: `solve 5x5:2/1.1/...`
        grid_refusal: Callable[[Any], str | None] | None = None,
        count: Callable[[str], int] | None = None,  # its puzzles, counted without reading
    ) -> None:
        wrapped = with_hint(hint) if hint and read is not None else lambda reader: reader
        self.name, self.write, self.recognises, self.kinds = name, write, recognises, kinds
        self.read = None if read is None else wrapped(read)
        self.read_all = None if read_all is None else wrapped(read_all)
        self.read_each = None if read_each is None else wrapped(read_each)
        self.hint, self.aliases, self.write_all = hint, aliases, write_all
        self.suffix, self.inline, self.grid_refusal = suffix, inline, grid_refusal
        self.count = count

    def __repr__(self) -> str:
        return f"Format({self.name!r})"

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)

    @property
    def short_name(self) -> str:
        """What `convert --to` calls it: its first short name, else its name."""
        return self.aliases[0] if self.aliases else self.name
