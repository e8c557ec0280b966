"""Hostile inputs made from valid ones: slices deleted, duplicated, cut off, shuffled by tag,
a number replaced, something inserted. Shared by the property tests of every reader."""

from __future__ import annotations

import re
from collections.abc import Sequence

from hypothesis import strategies as st

OPS = ("delete", "duplicate", "truncate", "shuffle", "number", "insert")


def mutated_text(
    draw, text: str, span: int, numbers: Sequence[str], pieces: Sequence[str] = ()
) -> str:
    """`text` changed one to four times: each change takes a slice of at most `span`
    characters; `number` puts one of `numbers` in place of the slice's first number,
    `insert` one of `pieces` (when given) or random text."""
    for _ in range(draw(st.integers(1, 4))):
        n = len(text)
        a = draw(st.integers(0, n))
        b = draw(st.integers(a, min(n, a + span)))
        op = draw(st.sampled_from(OPS))
        if op == "delete":
            text = text[:a] + text[b:]
        elif op == "duplicate":
            text = text[:b] + text[a:b] + text[b:]
        elif op == "truncate":
            text = text[:a]
        elif op == "shuffle":
            tags = re.split(r"(?=<)", text[a:b])
            draw(st.randoms()).shuffle(tags)
            text = text[:a] + "".join(tags) + text[b:]
        elif op == "number":
            value = draw(st.sampled_from(numbers))
            text = re.sub(r"\d+", value, text[a:b], count=1).join((text[:a], text[b:]))
        else:
            text_ = st.text(max_size=40)
            inserted = draw(st.sampled_from(pieces) | text_ if pieces else text_)
            text = text[:a] + inserted + text[a:]
    return text
