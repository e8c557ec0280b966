"""The connectivity engine (grid/connectivity.py) against brute force on tiny graphs: every
answer the solver finds through the rule, and no other, is a single loop, a connected
region, a tree."""

from __future__ import annotations

from itertools import product

import pytest
from pysat.solvers import Solver

from puzzlesat.grid import connectivity
from puzzlesat.grid.clauses import Variables
from puzzlesat.grid.geometry import cell_edges, lattice_edges
from puzzlesat.sat.models import find_models


def lattice(height: int, width: int) -> list[connectivity.EdgeVar]:
    """The lattice edges of an H x W board, variables 1.. in reading order."""
    horizontal, vertical = lattice_edges(height, width)
    return [(i, a, b) for i, (a, b) in enumerate(horizontal + vertical, 1)]


def every_answer(rule: connectivity.Rule, decision: list[int], extra=(), top: int = 0) -> set:
    """Every answer the solver finds with the rule (its refine included), as sets of the
    decision variables that hold."""
    with Solver(name="minisat22", bootstrap_with=[*rule.clauses, *extra]) as solver:
        top = max(top, *decision)
        solver.add_clause([top, -top])  # every variable known, a rule without clauses too
        found = find_models(solver, decision, limit=10_000, refine=rule.refine)
    return {frozenset(v for v, on in zip(decision, answer) if on) for answer in found.answers}


def one_component(ends: dict[int, tuple], chosen) -> bool:
    """Whether the chosen edges (at least one) form one connected graph."""
    if not chosen:
        return False
    graph: dict = {}
    for var in chosen:
        a, b = ends[var]
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set()).add(a)
    start = next(iter(graph))
    seen, stack = {start}, [start]
    while stack:
        for other in graph[stack.pop()] - seen:
            seen.add(other)
            stack.append(other)
    return len(seen) == len(graph)


def brute_loops(edges) -> set:
    """Every edge set that is one single loop: degrees 0 or 2, one component."""
    ends = {var: (a, b) for var, a, b in edges}
    out = set()
    for bits in product((0, 1), repeat=len(edges)):
        chosen = {var for (var, _, _), on in zip(edges, bits) if on}
        degree: dict = {}
        for var in chosen:
            for v in ends[var]:
                degree[v] = degree.get(v, 0) + 1
        if all(d == 2 for d in degree.values()) and one_component(ends, chosen):
            out.add(frozenset(chosen))
    return out


@pytest.mark.parametrize("method, cut", [("lazy", "crossing"), ("lazy", "subloop"),
                                         ("eager", "crossing")])
@pytest.mark.parametrize("height, width, loops", [(1, 4, 10), (2, 2, 13)])
def test_single_loop_finds_every_loop_and_nothing_else(method, cut, height, width, loops):
    edges = lattice(height, width)  # 1x4: separate squares; 2x2: every shape of a loop
    variables = Variables()
    variables.count = len(edges)
    rule = connectivity.single_loop(edges, variables, method=method, cut=cut)
    decision = [var for var, _, _ in edges]
    expected = brute_loops(edges)
    assert every_answer(rule, decision, top=variables.count) == expected
    assert len(expected) == loops


def test_a_second_answer_counts_only_once_it_is_one_loop_too():
    """Clues that two separate squares meet, or one loop round both: only the loop counts."""
    edges = lattice(1, 3)
    ends = {var: (a, b) for var, a, b in edges}
    rule = connectivity.single_loop(edges)
    # the middle cell's top and bottom edges are off: two 1x1 squares, or nothing
    middle = [var for var, (a, b) in ends.items() if {a, b} in ({(0, 1), (0, 2)}, {(1, 1), (1, 2)})]
    left = [var for var, (a, b) in ends.items() if {a, b} == {(0, 0), (1, 0)}]
    right = [var for var, (a, b) in ends.items() if {a, b} == {(0, 3), (1, 3)}]
    extra = [[-v] for v in middle] + [left, right]
    assert every_answer(rule, [v for v, _, _ in edges], extra) == set()


def test_the_loop_components_of_a_model():
    edges = lattice(1, 3)
    on = {1, 4, 7, 8} | {3, 6, 9, 10}  # the left and right squares: 1-3 top, 4-6 bottom, 7-10 up
    model = [v if v in on else -v for v in range(1, 11)]
    parts = connectivity.loop_components(edges, model)
    assert sorted(map(sorted, parts)) == [[1, 4, 7, 8], [3, 6, 9, 10]]


def brute_regions(cells, pairs) -> set:
    out = set()
    names = list(cells)
    for bits in product((0, 1), repeat=len(names)):
        chosen = {cell for cell, on in zip(names, bits) if on}
        graph = {cell: {b for a, b in pairs if a == cell and b in chosen}
                 | {a for a, b in pairs if b == cell and a in chosen} for cell in chosen}
        seen: set = set()
        if chosen:
            stack = [next(iter(chosen))]
            seen.add(stack[0])
            while stack:
                for other in graph[stack.pop()] - seen:
                    seen.add(other)
                    stack.append(other)
        if seen == chosen:
            out.add(frozenset(cells[c] for c in chosen))
    return out


def test_connected_cells_are_every_connected_region():
    horizontal, vertical = cell_edges(3, 3)
    cells = {(r, c): r * 3 + c + 1 for r in range(3) for c in range(3)}
    rule = connectivity.connected_cells(cells, horizontal + vertical)
    expected = brute_regions(cells, horizontal + vertical)
    assert every_answer(rule, list(cells.values())) == expected
    assert len(expected) == 219  # the empty region among them


def brute_trees(vertices, edges) -> set:
    ends = {var: (a, b) for var, a, b in edges}
    out = set()
    for bits in product((0, 1), repeat=len(edges)):
        chosen = {var for (var, _, _), on in zip(edges, bits) if on}
        spans = {v for var in chosen for v in ends[var]} == set(vertices)
        if len(chosen) == len(vertices) - 1 and spans and one_component(ends, chosen):
            out.add(frozenset(chosen))
    return out


def test_tree_is_every_spanning_tree():
    horizontal, vertical = cell_edges(3, 3)
    edges = [(i, a, b) for i, (a, b) in enumerate(horizontal + vertical, 1)]
    vertices = [(r, c) for r in range(3) for c in range(3)]
    rule = connectivity.tree(vertices, edges)
    expected = brute_trees(vertices, edges)
    assert every_answer(rule, [v for v, _, _ in edges]) == expected
    assert len(expected) == 192


def test_combined_refines_give_every_cut_and_none_stays_none():
    assert connectivity.combined(None, None) is None
    one = lambda model: [[1]]  # noqa: E731
    assert connectivity.combined(one, None) is one
    assert connectivity.combined(one, one)([]) == [[1], [1]]


def test_an_unknown_method_or_an_eager_loop_without_variables_is_refused():
    with pytest.raises(ValueError):
        connectivity.single_loop(lattice(1, 1), method="magic")
    with pytest.raises(ValueError):
        connectivity.single_loop(lattice(1, 1), method="eager")
