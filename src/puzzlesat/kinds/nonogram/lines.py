"""Nonogram line logic: the automaton of one clue, run over a line with some cells known.

State sets are Python ints used as bitsets (bit q = state q), so one layer of the
forward/backward sweep is a few shifts and masks: O(k * length) per line, in C.
The same sweep gives the line solver (which cells are forced) and the states the CNF
encoding needs (only states alive at each layer get a variable).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

from .board import Line, colour_runs

UNKNOWN = -1


class LineAutomaton:
    """The DFA of 0* 1^b1 0+ ... 1^bk 0*: states 0..m+1, m = sum + k - 1, accepting {m, m+1}.

    Every state remembers the value of the cell that led into it (`label`), which is what
    lets the encoding tie a state to a cell with one binary clause.
    """

    def __init__(self, clue: Line):
        pattern: list[int] = []
        for i, block in enumerate(clue):
            if i:
                pattern.append(0)
            pattern.extend([1] * block)
        self.m = m = len(pattern)
        self.label = [0] + pattern + [0]
        loop = advance0 = advance1 = 0
        for q in range(m + 2):
            if q == 0 or q == m + 1 or pattern[q - 1] == 0:
                loop |= 1 << q  # leading, gap and trailing zeros stay put
            elif q == m or pattern[q] == 0:
                advance0 |= 1 << q  # a block just ended: a 0 moves on
            if q < m and pattern[q] == 1:
                advance1 |= 1 << q
        self.loop, self.advance0, self.advance1 = loop, advance0, advance1
        self.accepting = (1 << m) | (1 << (m + 1))

    @cached_property
    def step(self) -> list[tuple[int | None, int | None]]:
        """step[q] = (state after a 0, state after a 1), None where the line would break.

        Only the CNF encoding needs this table; line logic works on the bit masks, so it is
        built on first use (building it for every line of a large grid is measurable).
        """
        loop, advance0, advance1 = self.loop, self.advance0, self.advance1
        return [
            (
                q if loop >> q & 1 else q + 1 if advance0 >> q & 1 else None,
                q + 1 if advance1 >> q & 1 else None,
            )
            for q in range(self.m + 2)
        ]

    def after0(self, states: int) -> int:
        return (states & self.loop) | ((states & self.advance0) << 1)

    def after1(self, states: int) -> int:
        return (states & self.advance1) << 1

    def before0(self, states: int) -> int:
        return (states & self.loop) | ((states >> 1) & self.advance0)

    def before1(self, states: int) -> int:
        return (states >> 1) & self.advance1

    def alive(self, known: Sequence[int]) -> list[int] | None:
        """States alive at layers 0..n given known cells (0, 1 or UNKNOWN); None if impossible."""
        forward = [1]
        for v in known:
            s = forward[-1]
            forward.append((self.after0(s) if v != 1 else 0) | (self.after1(s) if v != 0 else 0))
        layers = [0] * len(forward)
        layers[-1] = forward[-1] & self.accepting
        if not layers[-1]:
            return None
        for i in range(len(known) - 1, -1, -1):
            nxt, v = layers[i + 1], known[i]
            back = (self.before0(nxt) if v != 1 else 0) | (self.before1(nxt) if v != 0 else 0)
            layers[i] = forward[i] & back
        return layers

    def solve_line(self, known: Sequence[int]) -> list[int] | None:
        """Every cell forced by this clue alone (UNKNOWN where both values fit), or None.

        One forward sweep keeps the states each value of each cell leads to; the backward
        sweep then only has to intersect them with the states that can still finish, so a
        cell costs a handful of int operations (this is the hot loop of line logic).
        """
        loop, adv0, adv1 = self.loop, self.advance0, self.advance1
        n = len(known)
        into0, into1 = [0] * n, [0] * n
        states = 1
        for i, v in enumerate(known):
            a0 = ((states & loop) | ((states & adv0) << 1)) if v != 1 else 0
            a1 = ((states & adv1) << 1) if v != 0 else 0
            into0[i], into1[i] = a0, a1
            states = a0 | a1
            if not states:
                return None
        states &= self.accepting
        if not states:
            return None
        out = list(known)
        for i in range(n - 1, -1, -1):
            c0, c1 = into0[i] & states, into1[i] & states
            if c0 and c1:
                states = (c0 & loop) | ((c0 >> 1) & adv0) | ((c1 >> 1) & adv1)
            elif c0:
                out[i] = 0
                states = (c0 & loop) | ((c0 >> 1) & adv0)
            else:
                out[i] = 1
                states = (c1 >> 1) & adv1
        return out


def propagate(rows: Sequence[Line], cols: Sequence[Line]) -> list[list[int]] | None:
    """Line logic to its fixpoint: the grid with forced cells (UNKNOWN elsewhere), or None
    when line logic alone finds a contradiction."""
    h, w = len(rows), len(cols)
    grid = [[UNKNOWN] * w for _ in range(h)]
    row_dfa = [LineAutomaton(c) for c in rows]
    col_dfa = [LineAutomaton(c) for c in cols]
    dirty_rows, dirty_cols = set(range(h)), set(range(w))
    while dirty_rows or dirty_cols:
        for r in sorted(dirty_rows):
            line = row_dfa[r].solve_line(grid[r])
            if line is None:
                return None
            for c, v in enumerate(line):
                if v != grid[r][c]:
                    grid[r][c] = v
                    dirty_cols.add(c)
        dirty_rows = set()
        for c in sorted(dirty_cols):
            line = col_dfa[c].solve_line([grid[r][c] for r in range(h)])
            if line is None:
                return None
            for r, v in enumerate(line):
                if v != grid[r][c]:
                    grid[r][c] = v
                    dirty_rows.add(r)
        dirty_cols = set()
    return grid


# --------------------------------------------------------------------------- colour
# A cell of a colour puzzle is a set of values still possible, as a bitmask: bit 0 the
# background, bit k colour k. A black-and-white line is the special case {0, 1} and keeps
# the faster automaton above.


class ColourAutomaton:
    """The automaton of a colour clue: blocks of lengths and colours, a gap state between
    every two blocks that must be passed through when they share a colour and may be jumped
    over when they do not (blocks of different colours may touch)."""

    def __init__(self, clue: Line, colours: Line):
        pattern: list[int] = []
        for i, (block, colour) in enumerate(zip(clue, colours)):
            if i:
                pattern.append(0)
            pattern.extend([colour] * block)
        self.m = m = len(pattern)
        top = max(colours, default=0)
        loop = advance0 = 0
        advance = [0] * (top + 1)  # by colour: states a cell of it moves on from
        skip = [0] * (top + 1)  # by colour: states it jumps a gap from, into the next block
        for q in range(m + 2):
            if q == 0 or q == m + 1 or pattern[q - 1] == 0:
                loop |= 1 << q
            if q == m or (q < m and pattern[q] == 0):
                advance0 |= 1 << q
            if q < m and pattern[q]:
                advance[pattern[q]] |= 1 << q
            if q < m and pattern[q] == 0 and pattern[q + 1] != pattern[q - 1]:
                skip[pattern[q + 1]] |= 1 << q
        self.loop, self.advance0, self.advance, self.skip = loop, advance0, advance, skip
        self.allowed = 1 | sum(1 << c for c in set(colours))  # the values this line can hold
        self.accepting = (1 << m) | (1 << (m + 1))

    def sweep(self, known: Sequence[int]) -> tuple[list[int], list[int]] | None:
        """(values still possible per cell, states alive per layer 0..n), or None when the
        clue cannot fit the cells' possible values. The hot loop of colour line logic: the
        bits of each cell's value set are walked, not the clue's colours."""
        loop, advance0, advance, skip = self.loop, self.advance0, self.advance, self.skip
        line_values = self.allowed
        n = len(known)
        into: list[list[tuple[int, int]]] = []
        forward = [1]
        states = 1
        for allowed in known:
            allowed &= line_values
            step = []
            reached = 0
            if allowed & 1:
                after = (states & loop) | ((states & advance0) << 1)
                if after:
                    step.append((0, after))
                    reached = after
            allowed >>= 1
            colour = 1
            while allowed:
                if allowed & 1:
                    after = ((states & advance[colour]) << 1) | ((states & skip[colour]) << 2)
                    if after:
                        step.append((colour, after))
                        reached |= after
                allowed >>= 1
                colour += 1
            if not reached:
                return None
            states = reached
            into.append(step)
            forward.append(states)
        states &= self.accepting
        if not states:
            return None
        values = [0] * n
        layers = [0] * (n + 1)
        layers[n] = states
        for i in range(n - 1, -1, -1):
            before = found = 0
            for value, after in into[i]:
                alive = after & states
                if alive:
                    found |= 1 << value
                    if value:
                        before |= ((alive >> 1) & advance[value]) | ((alive >> 2) & skip[value])
                    else:
                        before |= (alive & loop) | ((alive >> 1) & advance0)
            values[i] = found
            states = before & forward[i]
            layers[i] = states
        return values, layers


def _decided(cells: Sequence[int]) -> bool:
    """Every cell down to one value (a single bit)."""
    return all(v & (v - 1) == 0 for v in cells)


def propagate_colours(
    rows: Sequence[Line],
    cols: Sequence[Line],
    row_colours: Sequence[Line],
    col_colours: Sequence[Line],
    ncolours: int,
) -> list[list[int]] | None:
    """Colour line logic to its fixpoint: per cell the bitmask of values still possible, or
    None when line logic alone finds a contradiction."""
    h, w = len(rows), len(cols)
    everything = (1 << (ncolours + 1)) - 1
    grid = [[everything] * w for _ in range(h)]
    row_dfa = [ColourAutomaton(c, k) for c, k in zip(rows, row_colours)]
    col_dfa = [ColourAutomaton(c, k) for c, k in zip(cols, col_colours)]
    row_clues, col_clues = list(zip(rows, row_colours)), list(zip(cols, col_colours))
    dirty_rows, dirty_cols = set(range(h)), set(range(w))
    while dirty_rows or dirty_cols:
        for r in sorted(dirty_rows):
            if _decided(grid[r]):  # nothing left to fix: only whether it shows its clue
                if _shown(grid[r]) != row_clues[r]:
                    return None
                continue
            swept = row_dfa[r].sweep(grid[r])
            if swept is None:
                return None
            for c, v in enumerate(swept[0]):
                if v != grid[r][c]:
                    grid[r][c] = v
                    dirty_cols.add(c)
        dirty_rows = set()
        for c in sorted(dirty_cols):
            column = [grid[r][c] for r in range(h)]
            if _decided(column):
                if _shown(column) != col_clues[c]:
                    return None
                continue
            swept = col_dfa[c].sweep(column)
            if swept is None:
                return None
            for r, v in enumerate(swept[0]):
                if v != grid[r][c]:
                    grid[r][c] = v
                    dirty_rows.add(r)
        dirty_cols = set()
    return grid


def _shown(cells: Sequence[int]) -> tuple[Line, Line]:
    """The clue a line of decided cells (single bits) shows."""
    return colour_runs([v.bit_length() - 1 for v in cells])
