"""What every kind's drawing shares: the style it is asked to draw in.

Pictures are built from glyphs, so they read the same under NO_COLOR: colour only adds.
"""

from __future__ import annotations

from dataclasses import dataclass

GUIDE_EVERY = 5  # a guide line every this many cells, as on paper


@dataclass(frozen=True)
class Style:
    """How to draw: plain ASCII or Unicode, full or compact, and the width available."""

    ascii: bool = False
    compact: bool | None = None  # None: compact only when the full drawing would not fit
    width: int = 80
    colour: bool = True  # False (NO_COLOR, a pipe): draw so that glyphs alone tell things apart
