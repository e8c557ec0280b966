"""Connectivity: one single loop, one connected region, one tree, for every grid game.

No clause of a few cells says "connected", so each rule comes as a `Rule`: the clauses it
can say up front (a loop's vertex degrees, "at least one edge") and a `refine` for
`Encoding.refine`, which looks at a model, finds its components and returns a cut that
the model breaks and every connected answer keeps (genres.md section 3, the lazy way).
The solver takes the cuts and goes on, incrementally; a second answer is an answer only
once it is connected too, so uniqueness is proven under the same rule.

The eager way (`method="eager"`: a root and binary ranks, every other vertex on the loop
next to one of smaller rank along a loop edge) needs no refine, and was measured against
the lazy one (benchmarks/README.md); the lazy one is the default.

Edges are `(literal, one end, other end)`; ends are any hashable vertex (a lattice
point, a cell). What says an edge holds or a cell is in the region is a literal of either
polarity (Hitori's unshaded cells are `-shaded`; Yin-Yang asks both colours connected over
one variable a cell). A model is what pysat returns, `model[abs(lit) - 1] == lit` when lit
holds; it may stop short of a variable in no clause (false), so each refine pads it to its
own highest variable first (`_full`).

The checkers' twin, the same parts in plain Python without a solver, is `connected.py`;
its `connected` and `components` are named here too, so that a game imports the rule and
its check together.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from itertools import combinations
from typing import NamedTuple

from .clauses import Clause, Variables, at_most_one
from .connected import components as components
from .connected import connected as connected

Vertex = Hashable
EdgeVar = tuple[int, Vertex, Vertex]  # (literal, one end, other end)
Refine = Callable[[list[int]], list[list[int]]]
CUTS = ("subloop", "crossing")


class Rule(NamedTuple):
    """What a connectivity rule adds to an Encoding: clauses, and a refine (None: none)."""

    clauses: list[Clause]
    refine: Refine | None = None


def incidence(edges: Sequence[EdgeVar]) -> dict[Vertex, list[int]]:
    """Each vertex's edge literals, vertices in the order the edges first name them."""
    out: dict[Vertex, list[int]] = {}
    for var, a, b in edges:
        out.setdefault(a, []).append(var)
        out.setdefault(b, []).append(var)
    return out


def degree_zero_or_two(edges: Sequence[EdgeVar]) -> list[Clause]:
    """Every vertex touches no edge or exactly two: an edge on asks for a second one, and
    no three are on together. No helper (a lattice point has at most four edges)."""
    out: list[Clause] = []
    for around in incidence(edges).values():
        for i, var in enumerate(around):
            out.append([-var, *around[:i], *around[i + 1:]])
        if len(around) > 2:
            out += [[-a, -b, -c] for a, b, c in combinations(around, 3)]
    return out


def single_loop(
    edges: Sequence[EdgeVar],
    variables: Variables | None = None,
    *,
    method: str = "lazy",
    cut: str = "subloop",
    degrees: bool = True,
) -> Rule:
    """The edges that hold form one single loop: degree 0 or 2 everywhere (unless the
    kind says those itself, `degrees=False`), at least one edge, and one component.

    `cut` (lazy) is the clause that breaks a closed sub-loop C with vertex set S while an
    edge f of another component holds: "subloop" says not all of C together with f;
    "crossing" says an edge of C and f together need an edge with one end in S. The
    first took fewer rounds and less time on the real Slitherlinks (benchmarks/README.md). `method`
    "eager" needs `variables` for its helpers and has no refine."""
    out = degree_zero_or_two(edges) if degrees else []
    out.append([var for var, _, _ in edges])
    if method == "eager":
        if variables is None:
            raise ValueError("the eager single loop needs Variables for its helpers")
        return Rule(out + _ranked_loop(edges, variables))
    if method != "lazy" or cut not in CUTS:
        raise ValueError(f"no single loop method {method!r} with cut {cut!r}")
    return Rule(out, _loop_refine(edges, cut))


def connected_cells(cells: Mapping[Vertex, int],
                    adjacent: Iterable[tuple[Vertex, Vertex]] | None = None) -> Rule:
    """The cells whose literal holds form one connected region (none at all counts as
    connected: a kind that needs one says so). `cells[cell]` says the cell is in the region,
    a literal of either polarity: `-shaded` asks the unshaded cells connected. `adjacent`
    lists pairs of cells that touch; by default, of (row, col) cells, those side by side
    (each with its right and lower neighbour, in the order of `cells`: on a whole grid in
    reading order, geometry.touching_pairs). The cut for a component S while a cell b
    outside it holds: a cell of S and b together need a cell next to S (not in it) to hold."""
    if adjacent is None:
        adjacent = [((r, c), n) for r, c in cells for n in ((r, c + 1), (r + 1, c))
                    if n in cells]
    around: dict[Vertex, list[Vertex]] = {cell: [] for cell in cells}
    for a, b in adjacent:
        around[a].append(b)
        around[b].append(a)
    looked_up = [(cell, abs(lit) - 1, lit) for cell, lit in cells.items()]
    top = max((abs(lit) for lit in cells.values()), default=0)

    def refine(model: list[int]) -> list[list[int]]:
        model = _full(model, top)
        on = [cell for cell, at, lit in looked_up if model[at] == lit]
        parts = components(on, around.__getitem__)
        if len(parts) < 2:
            return []
        out = []
        for i, part in enumerate(parts):
            other, inside = parts[(i + 1) % len(parts)], set(part)
            rim = {n for cell in part for n in around[cell] if n not in inside}
            out.append([-cells[part[0]], -cells[other[0]], *sorted(cells[n] for n in rim)])
        return out

    return Rule([], refine)


def tree(vertices: Sequence[Vertex], edges: Sequence[EdgeVar]) -> Rule:
    """The edges that hold form a tree through every one of `vertices`: no cycle (a cycle
    found is cut as "not all of these edges") and one component (`spanning`'s cuts)."""
    ends = {lit: (a, b) for lit, a, b in edges}
    connect = spanning(vertices, edges).refine
    top = max((abs(lit) for lit in ends), default=0)

    def refine(model: list[int]) -> list[list[int]]:
        model = _full(model, top)
        cycle = _a_cycle([lit for lit in ends if model[abs(lit) - 1] == lit], ends)
        return [[-var for var in cycle]] if cycle else connect(model)

    return Rule([], refine)


def spanning(vertices: Sequence[Vertex], edges: Sequence[EdgeVar]) -> Rule:
    """The edges that hold join every one of `vertices` into one component, cycles allowed
    (Bridges' islands): a part that is not all the vertices needs an edge leaving it."""
    touching = incidence(edges)
    ends = {lit: (a, b) for lit, a, b in edges}
    top = max((abs(lit) for lit in ends), default=0)

    def refine(model: list[int]) -> list[list[int]]:
        model = _full(model, top)
        graph: dict[Vertex, list[Vertex]] = {v: [] for v in vertices}
        for var, (a, b) in ends.items():
            if model[abs(var) - 1] == var:
                graph[a].append(b)
                graph[b].append(a)
        parts = components(graph, graph.__getitem__)
        if len(parts) < 2:
            return []
        return [_leaving(set(part), touching, ends) for part in parts]

    return Rule([], refine)


def combined(*refines: Refine | None) -> Refine | None:
    """One refine from several (a game with a loop and a region, say): all their cuts."""
    present = [refine for refine in refines if refine is not None]
    if not present:
        return None
    if len(present) == 1:
        return present[0]
    return lambda model: [cut for refine in present for cut in refine(model)]


def loop_components(edges: Sequence[EdgeVar], model: Sequence[int]) -> list[list[int]]:
    """The edge literals that hold, grouped by component (each a closed loop where the
    degrees hold), in the order of their first edge."""
    return _Components(edges)(model)


class _Components:
    """The components of a model's edges, by a walk over vertex numbers made once: the
    refine runs after every solve, so it is kept to a few list passes. An edge is known
    inside by its variable (`slot`); its literal comes back out only where one is negated."""

    def __init__(self, edges: Sequence[EdgeVar]) -> None:
        number: dict[Vertex, int] = {}
        self.lits = [(abs(lit), lit) for lit, _, _ in edges]
        self.first = [number.setdefault(a, len(number)) for _, a, _ in edges]
        self.around: list[list[tuple[int, int]]] = [[] for _ in range(len(number) + 1)]
        for lit, a, b in edges:
            va, vb = number.setdefault(a, len(number)), number.setdefault(b, len(number))
            while len(self.around) <= max(va, vb):
                self.around.append([])
            self.around[va].append((abs(lit), vb))
            self.around[vb].append((abs(lit), va))
        self.top = max((slot for slot, _ in self.lits), default=0)
        negated = any(lit < 0 for _, lit in self.lits)
        self.literal = dict(self.lits) if negated else None  # slot -> literal

    def __call__(self, model: Sequence[int]) -> list[list[int]]:
        return [edges for edges, _ in self.walk(model)]

    def walk(self, model: Sequence[int]) -> list[tuple[list[int], list[int]]]:
        """(edge literals, vertex numbers) of each component."""
        model = _full(model, self.top)
        on = bytearray(self.top + 1)
        for slot, lit in self.lits:
            if model[slot - 1] == lit:
                on[slot] = 1
        around = self.around
        parts = []
        for (slot, _), start in zip(self.lits, self.first):
            if on[slot] != 1:
                continue
            part, stack, seen = [], [start], [start]
            while stack:
                for edge, other in around[stack.pop()]:
                    if on[edge] == 1:
                        on[edge] = 2
                        part.append(edge)
                        stack.append(other)
                        seen.append(other)
            parts.append((self.literals(part), seen))
        return parts

    def leaving(self, vertices: Iterable[int]) -> list[int]:
        """The edges with one end among `vertices` and the other elsewhere."""
        inside = set(vertices)
        return self.literals(sorted({edge for v in inside for edge, other in self.around[v]
                                     if other not in inside}))

    def literals(self, slots: list[int]) -> list[int]:
        """The edges' literals (their variables, unless one is negated)."""
        return slots if self.literal is None else [self.literal[slot] for slot in slots]


def _full(model: Sequence[int], top: int) -> Sequence[int]:
    """The model up to variable `top`: pysat's stops at the highest variable of a clause,
    and one in none (false) would be looked up past its end."""
    if len(model) >= top:
        return model
    return [*model, *range(-len(model) - 1, -top - 1, -1)]


def _loop_refine(edges: Sequence[EdgeVar], cut: str) -> Refine:
    """The lazy single loop: one cut a component while there are several."""
    components = _Components(edges)

    def refine(model: list[int]) -> list[list[int]]:
        parts = components.walk(model)
        if len(parts) < 2:
            return []
        out = []
        for i, (part, inside) in enumerate(parts):
            other = parts[(i + 1) % len(parts)][0][0]
            if cut == "subloop":
                out.append([*(-lit for lit in part), -other])
            else:
                out.append([-part[0], -other, *components.leaving(inside)])
        return out

    return refine


def _leaving(inside: set, touching: Mapping[Vertex, list[int]], ends) -> list[int]:
    """The edges with one end in `inside` and the other outside it."""
    out = []
    for v in inside:
        for var in touching.get(v, ()):
            a, b = ends[var]
            if (a in inside) != (b in inside):
                out.append(var)
    return sorted(set(out))


def _a_cycle(on: Sequence[int], ends: Mapping[int, tuple[Vertex, Vertex]]) -> list[int]:
    """The edges of one cycle among `on`, or [] (union-find finds the closing edge, a
    search in the tree so far the path it closes)."""
    parent: dict[Vertex, Vertex] = {}

    def root(v: Vertex) -> Vertex:
        while parent.get(v, v) != v:
            v = parent[v]
        return v

    tree_so_far: dict[Vertex, list[tuple[int, Vertex]]] = {}
    for var in on:
        a, b = ends[var]
        ra, rb = root(a), root(b)
        if ra == rb:
            return [var, *_path(tree_so_far, a, b)]
        parent[ra] = rb
        tree_so_far.setdefault(a, []).append((var, b))
        tree_so_far.setdefault(b, []).append((var, a))
    return []


def _path(
    graph: Mapping[Vertex, list[tuple[int, Vertex]]], start: Vertex, goal: Vertex
) -> list[int]:
    """The edges on the one path between two vertices of a forest."""
    back: dict[Vertex, tuple[int, Vertex] | None] = {start: None}
    stack = [start]
    while stack:
        v = stack.pop()
        for var, other in graph.get(v, ()):
            if other not in back:
                back[other] = (var, v)
                stack.append(other)
    out, v = [], goal
    while back[v] is not None:
        var, v = back[v]
        out.append(var)
    return out


def _ranked_loop(edges: Sequence[EdgeVar], variables: Variables) -> list[Clause]:
    """The eager single loop: at most one root; a vertex on the loop is the root or has a
    loop edge to a vertex of smaller rank (ranks in binary). Every vertex of a component
    without the root would need an endless descent, so there is one component."""
    touching = incidence(edges)
    vertices = list(touching)
    bits = max(1, (len(vertices) - 1).bit_length())
    rank = {v: [variables.new() for _ in range(bits)] for v in vertices}
    roots = {v: variables.new() for v in vertices}
    out = at_most_one(list(roots.values()), variables)
    ends: dict[Vertex, list[tuple[int, Vertex]]] = {v: [] for v in vertices}
    for var, a, b in edges:
        ends[a].append((var, b))
        ends[b].append((var, a))
    for v in vertices:
        out.append([-roots[v], *touching[v]])  # the root is on the loop
        parents = []
        for var, other in ends[v]:
            chosen = variables.new()  # v's parent is `other`, along `var`
            parents.append(chosen)
            out.append([-chosen, var])
            out += _less(chosen, rank[other], rank[v], variables)
        for var in touching[v]:
            out.append([-var, roots[v], *parents])
    return out


def _less(guard: int, a: list[int], b: list[int], variables: Variables) -> list[Clause]:
    """guard -> a < b, both binary with the highest bit first: `lt[i]` says a < b on the
    bits from i on."""
    lt = [guard] + [variables.new() for _ in range(len(a) - 1)]
    out: list[Clause] = []
    for i, (x, y) in enumerate(zip(a, b)):
        here = lt[i]
        out.append([-here, -x, y])  # not x=1, y=0
        if i + 1 < len(a):
            out += [[-here, -x, lt[i + 1]], [-here, y, lt[i + 1]]]  # equal: decided later
        else:
            out += [[-here, -x], [-here, y]]  # the last bit decides: x=0, y=1
    return out
