"""The grid toolkit (src/puzzlesat/grid): geometry, clause shapes checked against brute
force, walls, and the one drawing every grid game shares."""

from __future__ import annotations

from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from puzzlesat.drawing import Style
from puzzlesat.grid import clauses
from puzzlesat.grid.draw import walled
from puzzlesat.grid.geometry import (
    Walls,
    cell_edges,
    column_segments,
    lattice_edges,
    neighbours,
    regions_from_borders,
    regions_from_ids,
    row_segments,
    segment_of,
    strip_blocks,
    touching_pairs,
)

OPEN = [[True, False, True, True], [True, True, True, False]]


def test_neighbours_stay_on_the_board_and_add_corners_when_asked():
    assert neighbours(3, 3, 0, 0) == [(1, 0), (0, 1)]
    assert sorted(neighbours(3, 3, 1, 1, diagonal=True)) == [
        (r, c) for r in range(3) for c in range(3) if (r, c) != (1, 1)
    ]


def test_touching_pairs_are_every_two_neighbours_once():
    pairs = touching_pairs(3, 4, diagonal=True)
    assert len(pairs) == len(set(pairs)) and all(a < b for a, b in pairs)
    every = {
        tuple(sorted((cell, other)))
        for cell in ((r, c) for r in range(3) for c in range(4))
        for other in neighbours(3, 4, *cell, diagonal=True)
    }
    assert set(pairs) == every
    assert touching_pairs(2, 2) == [((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1)),
                                    ((1, 0), (1, 1))]


def test_segments_run_between_walls():
    assert row_segments(OPEN) == [[(0, 0)], [(0, 2), (0, 3)], [(1, 0), (1, 1), (1, 2)]]
    assert column_segments(OPEN) == [[(0, 0), (1, 0)], [(1, 1)], [(0, 2), (1, 2)], [(0, 3)]]
    assert segment_of(row_segments(OPEN))[1, 2] == 2


def test_regions_from_ids_and_from_borders_agree():
    ids = [[1, 1, 2], [3, 1, 2], [3, 3, 2]]
    by_id = regions_from_ids(ids)
    assert by_id[1] == [(0, 0), (0, 1), (1, 1)] and list(by_id) == [1, 2, 3]
    again = regions_from_borders(
        3, 3, lambda r, c: ids[r][c] != ids[r][c + 1], lambda r, c: ids[r][c] != ids[r + 1][c]
    )
    assert again == [[1, 1, 2], [3, 1, 2], [3, 3, 2]]


def test_cell_and_lattice_edges_count_as_masyu_and_slitherlink_answers_do():
    horizontal, vertical = cell_edges(3, 4)
    assert (len(horizontal), len(vertical)) == (3 * 3, 2 * 4)
    horizontal, vertical = lattice_edges(3, 4)
    assert (len(horizontal), len(vertical)) == (4 * 4, 3 * 5)
    assert horizontal[0] == ((0, 0), (0, 1)) and vertical[0] == ((0, 0), (1, 0))


def test_walls_run_between_units_and_round_the_frame():
    walls = Walls([[1, 1], [2, 1]])
    assert walls.vertical(1, 1) and not walls.vertical(0, 1) and walls.vertical(0, 0)
    assert walls.horizontal(1, 0) and not walls.horizontal(1, 1)
    assert walls.corner(1, 1) == (False, True, True, False)
    assert walls.inner_runs() == ([(1, 1, 2)], [(1, 0, 1)])
    assert Walls.frame(2, 3).inner_runs() == ([], [])


def models(clause_list, n):
    """The assignments of variables 1..n that some values of the helpers satisfy."""
    top = max([n, *(abs(lit) for clause in clause_list for lit in clause)])
    found = set()
    for bits in product((False, True), repeat=top):
        if all(any(bits[abs(lit) - 1] == (lit > 0) for lit in clause) for clause in clause_list):
            found.add(bits[:n])
    return found


@given(st.integers(1, 8))
def test_at_most_one_is_at_most_one_with_or_without_helpers(n):
    variables = clauses.Variables()
    lits = [variables.new() for _ in range(n)]
    got = models(clauses.at_most_one(lits, variables), n)
    assert got == {bits for bits in product((False, True), repeat=n) if sum(bits) <= 1}


@given(st.integers(0, 5), st.integers(-1, 6))
def test_exactly_few_is_exactly_k(n, k):
    lits = list(range(1, n + 1))
    got = models(clauses.exactly_few(lits, k), n)
    assert got == {bits for bits in product((False, True), repeat=n) if sum(bits) == k}


@given(st.integers(1, 7), st.integers(0, 7))
def test_exactly_native_is_exactly_k_of_any_many(n, k):
    """Each assignment of the literals, as assumptions: satisfiable exactly when k hold."""
    from pysat.solvers import Solver

    lits = list(range(1, n + 1))
    with Solver(name="gluecard4") as solver:
        for bound in clauses.exactly_native(lits, k):
            solver.add_atmost(*bound)
        for bits in product((False, True), repeat=n):
            assumed = [lit if bit else -lit for lit, bit in zip(lits, bits)]
            assert solver.solve(assumptions=assumed) == (sum(bits) == k), (bits, k)


def test_any_of_is_the_or():
    got = models(clauses.any_of(1, [2, 3]), 3)
    assert got == {bits for bits in product((False, True), repeat=3) if bits[0] == any(bits[1:])}


@given(st.integers(2, 6), st.integers(2, 6))
def test_strip_blocks_cut_every_two_lines_into_blocks_of_two(h, w):
    strips = strip_blocks(h, w)
    assert len(strips) == 2 * (h - 1) + 2 * (w - 1)
    for strip in strips:
        covered = [cell for block in strip for cell in block]
        rows, cols = {r for r, _ in covered}, {c for _, c in covered}
        across = len(rows) == 2 and len(covered) == 2 * w
        down = len(cols) == 2 and len(covered) == 2 * h
        assert len(covered) == len(set(covered)) and (across or down)
        for block in strip:  # each block within a 2x2 square, none empty
            assert block and all(abs(a - c) <= 1 and abs(b - d) <= 1
                                 for a, b in block for c, d in block)


def test_the_walled_drawing_draws_units_in_light_or_ascii_walls():
    walls = Walls([[1, 1], [2, 1]], every_boundary=True)
    label = lambda r, c: (str(r * 2 + c), "")  # noqa: E731
    assert walled(walls, label, 1, Style()).plain.splitlines() == [
        "┌───┐", "│0 1│", "├─┐ │", "│2│3│", "└─┴─┘",
    ]
    framed = walled(Walls.frame(2, 2), label, 1, Style(ascii=True)).plain.splitlines()
    assert framed == ["+--+", "|01|", "|23|", "+--+"]
