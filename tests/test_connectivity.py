"""The connectivity engine (grid/connectivity.py) against brute force on tiny graphs: every
answer the solver finds through the rule, and no other, is a single loop, a connected
region, a tree, over literals of either polarity; a model short of a variable in no clause;
and the checkers' twin (grid/connected.py) against the rule."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pysat.solvers import Solver

from puzzlesat import sat
from puzzlesat.grid import connectivity
from puzzlesat.grid.clauses import Variables
from puzzlesat.grid.connected import components, connected
from puzzlesat.grid.geometry import cell_edges, lattice_edges
from puzzlesat.sat.models import answer_of, find_models


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


# -- literals of either polarity


def test_a_negated_literal_asks_the_cells_where_it_is_false_connected():
    """Hitori's unshaded cells: the region is where the variable is false. Every answer is
    a set of cells whose complement is connected, and every such set is one."""
    horizontal, vertical = cell_edges(3, 3)
    cells = {(r, c): r * 3 + c + 1 for r in range(3) for c in range(3)}
    rule = connectivity.connected_cells({cell: -var for cell, var in cells.items()},
                                        horizontal + vertical)
    everything = frozenset(cells.values())
    expected = {everything - region for region in brute_regions(cells, horizontal + vertical)}
    assert every_answer(rule, list(cells.values())) == expected


def test_both_colours_connected_over_one_variable_a_cell():
    """Yin-Yang's rule: the true cells and the false cells are each one region."""
    pairs = [*(p for p in cell_edges(3, 3)[0]), *cell_edges(3, 3)[1]]
    cells = {(r, c): r * 3 + c + 1 for r in range(3) for c in range(3)}
    white = connectivity.connected_cells(cells, pairs)
    black = connectivity.connected_cells({cell: -var for cell, var in cells.items()}, pairs)
    both = connectivity.Rule([], connectivity.combined(white.refine, black.refine))
    regions = brute_regions(cells, pairs)
    everything = frozenset(cells.values())
    expected = {region for region in regions if everything - region in regions}
    assert every_answer(both, list(cells.values())) == expected


def test_a_loop_and_a_tree_take_negated_edge_literals_too():
    """An edge that holds where its variable is false ("no wall here"): the same loops and
    trees, each variable's value turned over."""
    loop_edges = [(-var, a, b) for var, a, b in lattice(2, 2)]
    rule = connectivity.single_loop(loop_edges, cut="crossing")
    decision = [-lit for lit, _, _ in loop_edges]
    everything = frozenset(decision)
    assert every_answer(rule, decision) == {
        everything - loop for loop in brute_loops(lattice(2, 2))}
    horizontal, vertical = cell_edges(2, 3)
    edges = [(i, a, b) for i, (a, b) in enumerate(horizontal + vertical, 1)]
    vertices = [(r, c) for r in range(2) for c in range(3)]
    rule = connectivity.tree(vertices, [(-var, a, b) for var, a, b in edges])
    everything = frozenset(var for var, _, _ in edges)
    assert every_answer(rule, sorted(everything)) == {
        everything - tree for tree in brute_trees(vertices, edges)}


# -- a model shorter than the highest variable


def test_every_refine_and_the_projection_read_a_model_short_of_a_variable_in_no_clause():
    """pysat's model ends at the highest variable in a clause: one past it is false."""
    horizontal, vertical = cell_edges(2, 2)
    cells = {(r, c): r * 2 + c + 1 for r in range(2) for c in range(2)}
    region = connectivity.connected_cells(cells, horizontal + vertical)
    assert region.refine([1, -2, -3]) == []  # 4 is not in the model: false
    assert region.refine([1, -2, -3, 4]) != []  # the diagonal: cut
    assert connectivity.connected_cells({(0, 0): 1, (0, 1): -2}, [((0, 0), (0, 1))]).refine(
        [1]) == []
    assert connectivity.single_loop(lattice(1, 2)).refine([]) == []
    assert connectivity.loop_components(lattice(1, 1), [1]) == [[1]]
    tree = connectivity.tree([(0, 0), (0, 1)], [(3, (0, 0), (0, 1))])
    assert tree.refine([1]) == [[3], [3]]  # the one edge off: each part needs it
    assert answer_of([1, -2], [1, 2, 3, 4]) == (True, False, False, False)


def _free_top_cell() -> sat.Encoding:
    """Three cells in a row that are one region, the first on; the third cell's variable,
    the highest decision variable, is in no clause, so a model stops before it."""
    rule = connectivity.connected_cells({(0, c): c + 1 for c in range(3)},
                                        [((0, 0), (0, 1)), ((0, 1), (0, 2))])
    return sat.Encoding([[1], [-1, 2]], [1, 2, 3], refine=rule.refine)


def test_a_variable_in_no_clause_is_read_as_false_through_the_solver_paths():
    """find_two, the race's run_within (alone and in its thread) and the hard strategy:
    {0, 1} is the first answer, {0, 1, 2} the second; {0, 2} is cut."""
    expected = {(True, True, False), (True, True, True)}
    assert set(sat.find_two(_free_top_cell()).models) == expected
    assert set(sat.find_two_hard(_free_top_cell()).models) == expected
    alone = sat.run_within(lambda progress: _free_top_cell(), None)
    raced = sat.run_within(lambda progress: _free_top_cell(), 30.0, isolate=True)
    assert set(alone.models) == set(raced.models) == expected


# -- the checkers' twin


def test_the_twin_finds_the_parts_of_cells_or_of_any_graph():
    cells = [(0, 0), (0, 1), (1, 1), (2, 0), (3, 3)]
    assert components(cells) == [[(0, 0), (0, 1), (1, 1)], [(2, 0)], [(3, 3)]]
    assert connected([]) and connected([(5, 5)]) and not connected(cells)
    ring = {0: [1], 1: [0, 2], 2: [1]}
    assert connected(ring, ring.__getitem__)
    assert not connected([0, 2], ring.__getitem__)  # 1 is not among them: not followed


@given(st.integers(1, 4), st.integers(1, 4), st.integers(0, 2**16 - 1), st.booleans())
def test_the_twin_agrees_with_the_sat_rule(height, width, bits, negated):
    """On any subset of a small grid: the SAT rule cuts nothing exactly where the twin says
    the cells are one part (either polarity)."""
    horizontal, vertical = cell_edges(height, width)
    grid = [(r, c) for r in range(height) for c in range(width)]
    cells = {cell: i for i, cell in enumerate(grid, 1)}
    chosen = [cell for i, cell in enumerate(grid) if bits >> i & 1]
    sign = -1 if negated else 1
    rule = connectivity.connected_cells({cell: sign * var for cell, var in cells.items()},
                                        horizontal + vertical)
    model = [var if (cell in chosen) != negated else -var for cell, var in cells.items()]
    assert (rule.refine(model) == []) == connected(chosen)
    parts = components(chosen)
    assert sorted(cell for part in parts for cell in part) == sorted(chosen)
    assert all(connected(part) for part in parts)
