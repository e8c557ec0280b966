"""Sudoku's own next step: singles, in the order people find them, then locked candidates
and naked pairs where those lead to a single.

Candidates are bit sets (bit d-1 for digit d), as encode.propagate keeps them, over the
layout's units (rows, columns, then boxes or jigsaw regions). A step is a hidden single in
a box (or region), then in a row or column, then a naked single: scanning a box for a digit
is what players do first. When none is left, eliminations that decide nothing alone
(pointing and claiming, a naked pair) are applied one at a time until a single shows; the
step names the eliminations it still needs (each dropped in turn and the chain replayed,
its premises checked again), so the words follow the whole chain and nothing else.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import NamedTuple

from ...grid.steps import Found, cell_words, known_cells, listed, spans
from .board import Sudoku
from .encode import digits_of
from .layout import Layout, layout

TRIED = ("singles", "locked candidates", "naked pairs")  # what a stalled step has tried


class Elimination(NamedTuple):
    """Candidates `bits` of unit `source` that rule the same bits out of the rest of unit
    `target`: a digit locked where two units meet, or a pair of cells (`pair`)."""

    kind: str  # "locked" or "pair"
    source: int  # unit index (rows, columns, boxes)
    target: int
    bits: int
    pair: tuple[int, ...] = ()


class Shape(NamedTuple):
    """A board's layout with what the scans need: unit cell sets and names, the unit order."""

    lay: Layout
    members: tuple[frozenset[int], ...]
    order: tuple[int, ...]  # boxes (or regions), then rows, then columns
    scopes: tuple[tuple[str, int], ...]


def easy_step(board: Sudoku, known: Mapping[tuple[int, int], int]) -> Found | None:
    """The next step from the cells decided in `known` and the givens (the rest open), or
    None when singles, locked candidates and naked pairs find nothing."""
    shape = _shape(board)
    n = board.size
    digits = [v for row in board.grid for v in row]
    for r, c, value in known_cells(known):
        if not 1 <= value <= n:
            return None  # not a digit of this board: no step (the engine reports the marks)
        digits[r * n + c] = value
    cands = _candidates(digits, shape.lay)
    if cands is None:
        return None  # a cell with no digit left: the engine reports the wrong marks
    found = _single(shape, digits, cands)
    return found or _after_eliminations(shape, digits, cands)


def _shape(board: Sudoku) -> Shape:
    lay = layout(board)
    n = lay.size
    block = "region" if board.regions is not None else "box"
    scopes = tuple([("row", k) for k in range(n)] + [("column", k) for k in range(n)]
                   + [(block, k) for k in range(n)])
    order = tuple(range(2 * n, 3 * n)) + tuple(range(2 * n))
    return Shape(lay, tuple(frozenset(u) for u in lay.units), order, scopes)


def _candidates(digits: Sequence[int], lay: Layout) -> list[int] | None:
    """Per cell its candidates: a decided cell its digit, an open one every digit none of
    its peers holds; None when an open cell has none."""
    full = (1 << lay.size) - 1
    out = []
    for i, value in enumerate(digits):
        if value:
            out.append(1 << (value - 1))
            continue
        seen = 0
        for p in lay.peers[i]:
            if digits[p]:
                seen |= 1 << (digits[p] - 1)
        if seen == full:
            return None
        out.append(full & ~seen)
    return out


# --------------------------------------------------------------------------- singles


def _single(shape: Shape, digits: Sequence[int], cands: Sequence[int],
            base: Sequence[int] | None = None) -> Found | None:
    """A hidden single (boxes first, then rows and columns), else a naked single. `base`:
    the candidates before eliminations, to say which digits those ruled out."""
    for found in _hidden(shape, digits, cands):
        return found
    return _naked(shape, digits, cands, base)


def _hidden(shape: Shape, digits: Sequence[int], cands: Sequence[int]) -> Iterator[Found]:
    n = shape.lay.size
    for u in shape.order:
        unit = shape.lay.units[u]
        placed = 0
        for i in unit:
            if digits[i]:
                placed |= cands[i]
        for d in digits_of(((1 << n) - 1) & ~placed):
            places = [i for i in unit if not digits[i] and cands[i] >> d & 1]
            if len(places) == 1:
                r, c = divmod(places[0], n)
                kind, index = shape.scopes[u]
                text = f"{shape.lay.names[u]}: {d + 1} fits only at {cell_words(r, c)}"
                yield Found(((r, c, d + 1),), f"once in a {kind}", (kind, index), text)


def _naked(shape: Shape, digits: Sequence[int], cands: Sequence[int],
           base: Sequence[int] | None) -> Found | None:
    n = shape.lay.size
    full = (1 << n) - 1
    block = shape.scopes[2 * n][0]
    for i, mask in enumerate(cands):
        if digits[i] or mask & (mask - 1) or not mask:
            continue
        r, c = divmod(i, n)
        d = mask.bit_length()
        peers = full & ~(base[i] if base is not None else mask)
        text = f"{cell_words(r, c)}: {d} is the only digit left"
        if peers:
            text += f": {spans(digits_of(peers))} are in its row, column and {block}"
        ruled = (base[i] & ~mask) if base is not None else 0
        if ruled:
            verb = "is" if ruled.bit_count() == 1 else "are"
            text += f", and {_digit_list(ruled)} {verb} ruled out"
        return Found(((r, c, d),), "one digit a cell", ("cell", (r, c)), text)
    return None


def _digit_list(bits: int) -> str:
    """Digits as words: "the 5", "the 2 and 7"."""
    found = [str(d + 1) for d in digits_of(bits)]
    return "the " + listed(found)


# --------------------------------------------------------------------------- eliminations


def _after_eliminations(shape: Shape, digits: Sequence[int], base: list[int]) -> Found | None:
    """Eliminations one at a time until a single shows; the step with only the eliminations
    it needs, or None when they run out first."""
    cands = list(base)
    chain: list[Elimination] = []
    while True:
        elimination = next(_eliminations(shape, digits, cands), None)
        if elimination is None:
            return None
        cands = _replay(shape, digits, cands, [elimination]) or cands
        chain.append(elimination)
        found = _single(shape, digits, cands, base)
        if found is not None:
            break
    for k in range(len(chain) - 1, -1, -1):
        shorter = chain[:k] + chain[k + 1:]
        replayed = _replay(shape, digits, base, shorter)
        if replayed is not None and _single(shape, digits, replayed, base) == found:
            chain = shorter
    cands = _replay(shape, digits, base, chain)
    assert cands is not None  # the chain found replays
    found = _single(shape, digits, cands, base)
    assert found is not None
    kinds = sorted({"locked candidates" if e.kind == "locked" else "a naked pair"
                    for e in chain})
    words = ", then ".join(_elimination_words(shape, e) for e in chain)
    return found._replace(rule=f"{found.rule}, after {' and '.join(kinds)}",
                          text=f"after {words}: {found.text}")


def _eliminations(shape: Shape, digits: Sequence[int], cands: Sequence[int]
                  ) -> Iterator[Elimination]:
    """Every elimination that rules something out, locked candidates before pairs."""
    lay, n = shape.lay, shape.lay.size
    for source in shape.order:
        unit = lay.units[source]
        for d in range(n):
            places = frozenset(i for i in unit if not digits[i] and cands[i] >> d & 1)
            if len(places) < 2:
                continue
            for target, members in enumerate(shape.members):
                if target != source and places <= members:
                    found = Elimination("locked", source, target, 1 << d)
                    if _removals(shape, digits, cands, found):
                        yield found
    for u in shape.order:
        pairs: dict[int, list[int]] = {}
        for i in lay.units[u]:
            mask = cands[i]
            if not digits[i] and mask.bit_count() == 2:
                pairs.setdefault(mask, []).append(i)
        for mask, cells in pairs.items():
            if len(cells) == 2:
                found = Elimination("pair", u, u, mask, tuple(cells))
                if _removals(shape, digits, cands, found):
                    yield found


def _removals(shape: Shape, digits: Sequence[int], cands: Sequence[int],
              e: Elimination) -> list[int] | None:
    """The cells of the target that lose candidates, or None when the premise fails now."""
    if e.kind == "pair":
        if any(digits[i] or cands[i] != e.bits for i in e.pair):
            return None
        keep = set(e.pair)
    else:
        keep = {i for i in shape.lay.units[e.source] if not digits[i] and cands[i] & e.bits}
        if len(keep) < 2 or not keep <= shape.members[e.target]:
            return None
    return [i for i in shape.lay.units[e.target]
            if i not in keep and not digits[i] and cands[i] & e.bits]


def _replay(shape: Shape, digits: Sequence[int], base: Sequence[int],
            chain: Sequence[Elimination]) -> list[int] | None:
    """The candidates after `chain`, each premise checked again; None where one fails or
    rules nothing out."""
    cands = list(base)
    for e in chain:
        gone = _removals(shape, digits, cands, e)
        if not gone:
            return None
        for i in gone:
            cands[i] &= ~e.bits
    return cands


def _elimination_words(shape: Shape, e: Elimination) -> str:
    """"the 5s of box 2 are locked in row 1", "row 3, column 1 and row 3, column 5 take the
    2 and 7 of row 3"."""
    names = shape.lay.names
    if e.kind == "locked":
        d = e.bits.bit_length()
        return f"the {d}s of {names[e.source]} are locked in {names[e.target]}"
    n = shape.lay.size
    cells = " and ".join(cell_words(*divmod(i, n)) for i in e.pair)
    return f"{cells} take {_digit_list(e.bits)} of {names[e.target]}"


def places(board: Sudoku) -> list:
    """What each digit variable of the encoding says (cell by cell, digit by digit): its
    cell holds its digit; for the engine's Place of each (puzzlesat.hints)."""
    from ...grid.steps import Place

    n = board.size
    return [Place(divmod(i // n, n), i % n + 1) for i in range(n ** 3)]


def givens(board: Sudoku) -> dict[tuple[int, int], int]:
    """The digits the puzzle gives: known before any step (the encoding has decided more,
    by singles, before solving: those are steps to explain)."""
    return {(r, c): v for r, row in enumerate(board.grid) for c, v in enumerate(row) if v}
