"""Which cells hang together, in plain Python: the checkers' twin of `connectivity`'s rules.

An independent checker must not ask the solver whether its answer is connected, so it
asks this: the parts of a graph, and whether there is one. The SAT rules' refines use the
same walk to find the parts they cut (connectivity.py), so both sides mean one thing by
"connected": by default, cells next to each other up, down, left or right.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

from .geometry import ORTHOGONAL

Node = Hashable
NextTo = Callable[[Node], Iterable[Node]]


def components(nodes: Iterable[Node], next_to: NextTo | None = None) -> list[list]:
    """The connected parts of the graph on `nodes`, each in the order the walk met it, the
    parts in the order of their first node. `next_to(node)` gives its neighbours (those
    outside `nodes` are not followed); by default a cell's four orthogonal neighbours."""
    order = list(nodes)
    inside = set(order)
    step = next_to or _orthogonal
    seen: set = set()
    parts = []
    for start in order:
        if start in seen:
            continue
        seen.add(start)
        part, stack = [start], [start]
        while stack:
            for other in step(stack.pop()):
                if other in inside and other not in seen:
                    seen.add(other)
                    part.append(other)
                    stack.append(other)
        parts.append(part)
    return parts


def connected(nodes: Iterable[Node], next_to: NextTo | None = None) -> bool:
    """Whether `nodes` are one connected part (none at all counts as connected, as in the
    SAT rule: a game that needs a cell says so)."""
    return len(components(nodes, next_to)) < 2


def _orthogonal(cell: Node) -> list[Node]:
    r, c = cell  # type: ignore[misc]
    return [(r + dr, c + dc) for dr, dc in ORTHOGONAL]
