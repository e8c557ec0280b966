"""What the options take: argparse types that say what a good value is, and lists (choices,
shorthands) looked up only when they are asked for: listing them imports every site and
format, which `--version` and a run need not wait for."""

from __future__ import annotations

import argparse
import math

MAX_SECONDS = 1_000_000  # a time limit beyond this is a typo (and past what timers take)


def seconds(text: str) -> float:
    """An argparse type: a finite number of seconds, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or not 0 <= value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(
            f"{text!r}: give a number of seconds from 0 to {MAX_SECONDS:,}"
        )
    return value


MAX_SOLUTIONS = 100_000  # counting further is a job for a model counter, not for blocking


def solutions(text: str) -> int:
    """An argparse type: how many answers to look for, 2 or more (two tell unique from
    several; one would prove nothing)."""
    if not text.isdecimal() or not 2 <= int(text) <= MAX_SOLUTIONS:
        raise argparse.ArgumentTypeError(
            f"{text!r}: give a number of solutions from 2 to {MAX_SOLUTIONS:,}"
        )
    return int(text)


def jobs(text: str) -> int:
    """An argparse type: a number of worker processes, 1 or more."""
    if not text.isdecimal() or not 1 <= int(text) <= 1024:
        raise argparse.ArgumentTypeError(f"{text!r}: give a number of jobs from 1 to 1024")
    return int(text)


def dask_scheduler(text: str) -> str:
    """An argparse type: a Dask scheduler's address, as `tcp://HOST:PORT` (cluster)."""
    from ..cluster import scheduler_address

    try:
        return scheduler_address(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


class ReaderNames:
    """`--format`'s choices, looked up only when the option is given or help is printed:
    listing them imports every site and format, which `--version` need not wait for."""

    def _names(self) -> list[str]:
        from ..load import reader_names

        return reader_names()

    def __contains__(self, name: object) -> bool:
        return name in self._names()

    def __iter__(self):
        return iter(self._names())


class WriterNames(ReaderNames):
    """`convert --to`'s choices, looked up only when needed (as `--format`'s)."""

    def _names(self) -> list[str]:
        from ..formats import writable_names

        return writable_names()


class Shorthands:
    """The sites' shorthands as the registry lists them, for SOURCE's help: looked up only
    when help is printed (`%(shorthands)s`), as `--format`'s choices are."""

    def __str__(self) -> str:
        from ..sources import shorthand_forms

        return ", ".join(shorthand_forms())
