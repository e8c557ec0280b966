"""The Format record every file-format module declares."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core import Page
from ..kinds import Board


@dataclass(frozen=True)
class Format:
    """One file format: how to recognise it by content, read it, and write a board in it.

    `kinds` names the puzzle kinds it can hold (empty: every kind).
    """

    name: str
    recognises: Callable[[str], bool]
    read: Callable[[Page], Board]
    write: Callable[[Board], str]
    kinds: tuple[str, ...] = ()
