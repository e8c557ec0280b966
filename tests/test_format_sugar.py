"""The Sugar CSP writer, tested for its meaning since nothing here runs Sugar.

The program is read back by a small S-expression reader that also checks it is well formed
(balanced, every variable, domain and predicate declared before use), then evaluated by a
small complete CSP search with three-valued constraint checks. On tiny boards the set of
its solutions, projected on the cells, must equal the set brute force finds from the
puzzle's own rules; on real boards, the known answer must satisfy every constraint.
"""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass, field

import pytest
from conftest import FIXTURES, SHARED_DATA, fixture_text, run_cli
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from puzzlesat import load
from puzzlesat.core import Page, ParseError, Status, UnsupportedSource, as_grid
from puzzlesat.formats import FORMATS
from puzzlesat.formats.sugar import FORMAT, write
from puzzlesat.kinds import BY_NAME, KINDS
from puzzlesat.kinds.nonogram.board import Nonogram, colour_runs, from_picture, runs
from puzzlesat.kinds.shikaku.board import Rect, Shikaku
from puzzlesat.kinds.sudoku.board import Sudoku
from puzzlesat.solve import solve

# --------------------------------------------------------------------------- reading it back

TOKEN = re.compile(r"[()]|[^\s()]+")
INTEGER = re.compile(r"-?\d+")
BOOLEAN = {"and", "or", "not", "imp", "iff", "xor"}
COMPARE = {"=", "!=", "<", "<=", ">", ">="}
ARITH = {"+", "-", "*", "if"}
OPERATORS = BOOLEAN | COMPARE | ARITH | {"alldifferent"}
CONSTANTS = {"true", "false"}


def tokens(text: str) -> list[str]:
    return TOKEN.findall("\n".join(line.split(";", 1)[0] for line in text.splitlines()))


def sexprs(text: str) -> list:
    """The top-level S-expressions; integers as int, symbols as str."""
    stack: list[list] = [[]]
    for token in tokens(text):
        if token == "(":
            stack.append([])
        elif token == ")":
            assert len(stack) > 1, "a `)` closes nothing"
            done = stack.pop()
            stack[-1].append(done)
        else:
            stack[-1].append(int(token) if INTEGER.fullmatch(token) else token)
    assert len(stack) == 1, "an unclosed `(`"
    return stack[0]


@dataclass
class Program:
    domains: dict[str, list[int]] = field(default_factory=dict)
    variables: dict[str, list[int]] = field(default_factory=dict)  # in declaration order
    predicates: dict[str, tuple[list[str], object]] = field(default_factory=dict)
    constraints: list = field(default_factory=list)


def domain_of(spec: list, domains: dict) -> list[int]:
    """(int x 0 5), (int x d), (int x (1 (3 5))), (int x 7): the values."""
    if len(spec) == 2 and isinstance(spec[0], int) and isinstance(spec[1], int):
        assert spec[0] <= spec[1], f"an empty domain {spec}"
        return list(range(spec[0], spec[1] + 1))
    assert len(spec) == 1, f"a domain of {spec}"
    (one,) = spec
    if isinstance(one, int):
        return [one]
    if isinstance(one, str):
        assert one in domains, f"domain {one} used before it is declared"
        return domains[one]
    values = []
    for item in one:
        values += [item] if isinstance(item, int) else list(range(item[0], item[1] + 1))
    assert values, "an empty domain"
    return values


def check_symbols(expr, known_vars, params, program: Program) -> None:
    """Every symbol is an operator, a constant, a parameter or a variable declared before."""
    if isinstance(expr, int):
        return
    if isinstance(expr, str):
        assert expr in CONSTANTS or expr in params or expr in known_vars, (
            f"{expr} is used before it is declared"
        )
        return
    assert expr, "an empty ()"
    head, *args = expr
    assert isinstance(head, str), f"a list in head position: {expr}"
    if head in program.predicates:
        assert len(args) == len(program.predicates[head][0]), f"{head} takes its parameters"
    else:
        assert head in OPERATORS, f"{head} is neither an operator nor a declared predicate"
    for arg in args:
        check_symbols(arg, known_vars, params, program)


def read_program(text: str) -> Program:
    """The program, asserting it is well formed: every name declared once, before use."""
    program = Program()
    names: set[str] = set()
    for form in sexprs(text):
        if isinstance(form, str):
            assert form in CONSTANTS, f"a bare symbol {form} at top level"
            program.constraints.append(form)
            continue
        head = form[0]
        if head in ("int", "bool", "domain", "predicate"):
            if head == "predicate":
                (name, *params), body = form[1], form[2]
                assert len(form) == 3
            else:
                name = form[1]
            assert isinstance(name, str) and name not in names, f"{name} declared twice"
            names.add(name)
            if head == "domain":
                program.domains[name] = domain_of(form[2:], program.domains)
            elif head == "int":
                program.variables[name] = domain_of(form[2:], program.domains)
            elif head == "bool":
                program.variables[name] = [0, 1]
            else:
                check_symbols(body, program.variables, set(params), program)
                program.predicates[name] = (params, body)
        else:
            check_symbols(form, program.variables, set(), program)
            program.constraints.append(form)
    return program


# --------------------------------------------------------------------------- evaluating it


def value(expr, env: dict, program: Program):
    """Three-valued: a term's int or a constraint's bool, None while a variable is unset."""
    if isinstance(expr, int):
        return expr
    if isinstance(expr, str):
        if expr in CONSTANTS:
            return expr == "true"
        return env.get(expr)
    head, *args = expr
    if head in program.predicates:
        params, body = program.predicates[head]
        bound = dict(env)
        bound.update(zip(params, (value(a, env, program) for a in args)))
        return value(body, bound, program)
    if head == "alldifferent":
        values = [value(a, env, program) for a in args]
        known = [v for v in values if v is not None]
        if len(set(known)) < len(known):
            return False
        return None if len(known) < len(values) else True
    if head == "if":
        cond, then, other = (value(a, env, program) for a in args)
        return (then if then == other else None) if cond is None else (then if cond else other)
    values = [value(a, env, program) for a in args]
    if head == "and":
        return False if False in values else (None if None in values else True)
    if head == "or":
        return True if True in values else (None if None in values else False)
    if head == "not":
        return None if values[0] is None else not values[0]
    if head == "imp":
        a, b = values
        return True if a is False or b is True else (None if None in values else False)
    if None in values:
        return None
    if head in ("iff", "xor"):
        return (values[0] == values[1]) == (head == "iff")
    if head in COMPARE:
        a, b = values
        return {"=": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[head]
    if head == "+":
        return sum(values)
    if head == "-":
        return -values[0] if len(values) == 1 else values[0] - sum(values[1:])
    if head == "*":
        return values[0] * values[1]
    raise AssertionError(f"no value for {head}")


def variables_of(expr, program: Program, params=frozenset()) -> set[str]:
    if isinstance(expr, int):
        return set()
    if isinstance(expr, str):
        return set() if expr in CONSTANTS or expr in params else {expr}
    head, *args = expr
    found = set().union(*(variables_of(a, program, params) for a in args)) if args else set()
    if head in program.predicates:
        own, body = program.predicates[head]
        found |= variables_of(body, program, frozenset(own))
    return found


def solutions(program: Program, shown: list[str], limit: int = 100_000) -> set[tuple]:
    """Every solution, projected on `shown`: a complete search, each constraint checked
    (three-valued) as soon as one of its variables is set."""
    scopes = [variables_of(c, program) for c in program.constraints]
    watching: dict[str, list[int]] = {name: [] for name in program.variables}
    for i, scope in enumerate(scopes):
        for name in scope:
            watching[name].append(i)
    if any(value(c, {}, program) is False for c, s in zip(program.constraints, scopes) if not s):
        return set()
    # static order: next the variable that shares the most constraints with those chosen
    order: list[str] = []
    touched = {name: 0 for name in program.variables}
    left = dict.fromkeys(program.variables)
    while left:
        best = max(left, key=lambda n: (touched[n], len(watching[n]), -len(program.variables[n])))
        del left[best]
        order.append(best)
        for i in watching[best]:
            for other in scopes[i]:
                if other in left:
                    touched[other] += 1
    found: set[tuple] = set()
    env: dict[str, int] = {}

    def search(depth: int) -> None:
        if depth == len(order):
            found.add(tuple(env[name] for name in shown))
            assert len(found) <= limit, "too many solutions for a test"
            return
        name = order[depth]
        for v in program.variables[name]:
            env[name] = v
            if all(
                value(program.constraints[i], env, program) is not False for i in watching[name]
            ):
                search(depth + 1)
        del env[name]

    search(0)
    return found


def satisfied(program: Program, env: dict) -> list:
    """The constraints a full assignment breaks (or leaves open: a variable missing)."""
    assert set(env) == set(program.variables), set(program.variables) ^ set(env)
    return [c for c in program.constraints if value(c, env, program) is not True]


# --------------------------------------------------------------------------- brute force


def line_values(length: int, ncolours: int, clue) -> list[tuple]:
    """Every line of cells (0..K) whose runs give the clue."""
    shown = colour_runs if ncolours > 1 else runs
    return [
        cells
        for cells in itertools.product(range(ncolours + 1), repeat=length)
        if shown(cells) == clue
    ]


def nonogram_answers(board: Nonogram) -> set:
    ncolours = len(board.colors) if board.is_colour else 1
    rows = board.rows if not board.is_colour else list(zip(board.rows, board.row_colours))
    options = [line_values(board.width, ncolours, clue) for clue in rows]
    is_solution = BY_NAME["nonogram"].is_solution
    return {grid for grid in map(as_grid, itertools.product(*options)) if is_solution(board, grid)}


def cells_of(board) -> list[str]:
    return [f"x_{r}_{c}" for r in range(board.height) for c in range(board.width)]


def grids(found: set[tuple], width: int) -> set:
    return {as_grid(t[i : i + width] for i in range(0, len(t), width)) for t in found}


def rects_around(board: Shikaku, r: int, c: int, area: int) -> list[Rect]:
    """Every rectangle of the area inside the grid covering (r, c): the rules, not the
    writer's candidates (which also leave out rectangles over other clues)."""
    out = []
    for height in range(1, area + 1):
        if area % height:
            continue
        width = area // height
        for top in range(r - height + 1, r + 1):
            for left in range(c - width + 1, c + 1):
                inside = top + height <= board.height and left + width <= board.width
                if top >= 0 and left >= 0 and inside:
                    out.append(Rect(top, left, height, width))
    return out


def shikaku_answers(board: Shikaku) -> set:
    """Owner grids (the clue index of every cell) of every answer."""
    clues = board.clues()
    options = [rects_around(board, r, c, v) for r, c, v in clues]
    is_solution = BY_NAME["shikaku"].is_solution
    out = set()
    for rects in itertools.product(*options):
        if is_solution(board, rects):
            owner = [[0] * board.width for _ in range(board.height)]
            for k, rect in enumerate(rects):
                for rr, cc in rect.cells():
                    owner[rr][cc] = k
            out.add(as_grid(owner))
    return out


def latin_squares(n: int) -> list:
    rows = list(itertools.permutations(range(1, n + 1)))
    out = []

    def extend(done):
        if len(done) == n:
            out.append(as_grid(done))
            return
        for row in rows:
            if all(row[c] != prev[c] for prev in done for c in range(n)):
                extend([*done, row])

    extend([])
    return out


LATIN4 = latin_squares(4)


def sudoku_answers(board: Sudoku) -> set:
    is_solution = BY_NAME["sudoku"].is_solution
    return {grid for grid in LATIN4 if is_solution(board, grid)}


def program_of(board) -> Program:
    text = write(board)
    assert text.startswith(f"; puzzlesat: {board.kind} {board.width}x{board.height}, ")
    assert text.endswith("\n") and "\r" not in text
    return read_program(text)


def owners_of(program: Program, board: Shikaku) -> set:
    names = [f"o_{r}_{c}" for r in range(board.height) for c in range(board.width)]
    if not all(name in program.variables for name in names):  # a cell no rectangle reaches
        assert "false" in program.constraints
        return set()
    return grids(solutions(program, names), board.width)


# --------------------------------------------------------------------------- the format


def test_the_format_is_write_only_and_last():
    assert FORMATS[-1] is FORMAT
    assert FORMAT.name == "sugar" and FORMAT.suffix == ".csp" and FORMAT.aliases == ()
    assert FORMAT.read is None and FORMAT.read_all is None
    assert set(FORMAT.kinds) == {kind.name for kind in KINDS if "sugar" in kind.written_as}
    assert {"nonogram", "shikaku", "sudoku"} <= set(FORMAT.kinds)
    text = write(BY_NAME["nonogram"].examples[0].board)
    assert not FORMAT.recognises(text)
    with pytest.raises(UnsupportedSource):
        load.reader_named("sugar")
    with pytest.raises(ParseError):  # nobody claims a Sugar program as a puzzle
        load.read_page(Page("p.csp", text))


def test_the_header_names_kind_size_and_title():
    board = Nonogram(rows=((1,),), cols=((1,),), title="Dot\nnew line")
    assert write(board).splitlines()[0] == "; puzzlesat: nonogram 1x1, Dot new line"
    untitled = Shikaku(grid=((1,),))
    assert write(untitled).splitlines()[0] == "; puzzlesat: shikaku 1x1, untitled"


def test_nonogram_follows_tamuras_model():
    text = write(Nonogram(rows=((4,), (2, 2)), cols=((1,),) * 2 + ((2,),) * 4 + ((1,),) * 2))
    assert "(int x_0_0 0 1)" in text
    assert "(int h_0_0 0 4)" in text and "(int h_1_0 0 3)" in text and "(int h_1_1 3 6)" in text
    assert "(predicate (r_0 j) (and (<= h_0_0 j) (< j (+ h_0_0 4))))" in text
    assert "(iff (= x_0_3 1) (r_0 3))" in text
    assert "(< (+ h_1_0 2) h_1_1)" in text
    assert "(iff (= x_1_5 1) (c_5 1))" in text


def test_colour_blocks_of_different_colours_may_touch():
    board = BY_NAME["nonogram"].examples[3].board  # "colour": red and blue touch in row 0
    text = write(board)
    assert "(<= (+ h_0_0 1) h_0_1)" in text and "(int x_0_0 0 2)" in text
    assert "(iff (= x_0_0 2) (r_0_2 0))" in text and "(= x_1_0 0)" in text


def test_a_clue_that_cannot_fit_writes_false():
    board = Nonogram(rows=((3,),), cols=((1,), (1,)))
    program = program_of(board)
    assert "false" in program.constraints
    assert solutions(program, cells_of(board)) == set() == nonogram_answers(board)


@pytest.mark.parametrize(
    "example",
    [e for kind in KINDS if "sugar" in kind.written_as for e in kind.examples],
    ids=lambda e: e.name,
)
def test_kind_examples_have_the_solutions_of_the_rules(example):
    board = example.board
    program = program_of(board)
    if board.kind == "nonogram":
        found = grids(solutions(program, cells_of(board)), board.width)
        assert found == nonogram_answers(board)
    elif board.kind == "shikaku":
        found = owners_of(program, board)
        assert found == shikaku_answers(board)
    else:
        found = grids(solutions(program, cells_of(board)), board.width)
        if board.size == 4:
            assert found == sudoku_answers(board)
        else:
            assert all(BY_NAME["sudoku"].is_solution(board, grid) for grid in found)
    expected = {Status.NONE: 0, Status.UNIQUE: 1}.get(example.status, 2)
    assert min(len(found), 2) == expected


# --------------------------------------------------------------------------- tiny boards


TINY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PALETTE = ("e15759", "4e79a7", "59a14f")


@st.composite
def pictures(draw, ncolours: int):
    width, height = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    cells = st.integers(0, ncolours)
    return as_grid(
        draw(
            st.lists(
                st.lists(cells, min_size=width, max_size=width), min_size=height, max_size=height
            )
        )
    )


def nonogram_of(grid, ncolours: int) -> Nonogram:
    return from_picture(grid, PALETTE[:ncolours] if ncolours > 1 else ())


@TINY
@given(
    st.integers(1, 3).flatmap(lambda k: st.tuples(st.just(k), pictures(k), pictures(k))),
    st.booleans(),
)
def test_tiny_nonograms_have_the_solutions_of_the_rules(drawn, mix):
    ncolours, picture, other = drawn
    board = nonogram_of(picture, ncolours)
    if mix and (len(other), len(other[0])) == (len(picture), len(picture[0])):
        # the rows of one picture, the columns of another: often no answer at all
        columns = nonogram_of(other, ncolours)
        board = Nonogram(
            rows=board.rows,
            cols=columns.cols,
            colors=board.colors,
            row_colours=board.row_colours,
            col_colours=columns.col_colours,
        )
    program = program_of(board)
    found = grids(solutions(program, cells_of(board)), board.width)
    assert found == nonogram_answers(board)
    if not mix:
        assert picture in found


@st.composite
def shikaku_boards(draw):
    """A tiling of a small grid by rectangles, a clue in each (so an answer exists), and
    sometimes a clue moved, changed or dropped (so often none does)."""
    width, height = draw(st.integers(1, 4)), draw(st.integers(1, 3))
    owner = [[None] * width for _ in range(height)]
    grid = [[0] * width for _ in range(height)]
    for r in range(height):
        for c in range(width):
            if owner[r][c] is not None:
                continue
            w = 1
            while c + w < width and owner[r][c + w] is None and draw(st.booleans()):
                w += 1
            h = 1
            while r + h < height and draw(st.booleans()):
                h += 1
            for rr in range(r, r + h):
                for cc in range(c, c + w):
                    owner[rr][cc] = (r, c)
            cells = [(rr, cc) for rr in range(r, r + h) for cc in range(c, c + w)]
            rr, cc = draw(st.sampled_from(cells))
            grid[rr][cc] = w * h
    if draw(st.booleans()):
        r, c = draw(st.integers(0, height - 1)), draw(st.integers(0, width - 1))
        grid[r][c] = draw(st.integers(0, 5))
    return Shikaku(grid=as_grid(grid))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shikaku_boards())
def test_tiny_shikaku_have_the_solutions_of_the_rules(board):
    assume(board.clues())
    program = program_of(board)
    assert owners_of(program, board) == shikaku_answers(board)


@pytest.mark.parametrize(
    "grid",
    [
        [[2, 0, 2]],  # two rectangles would overlap on the middle cell: no answer
        [[2, 0, 3]],
        [[2, 0], [0, 2]],  # two answers
        [[1, 0, 2]],
        [[0, 3, 0]],
        [[2, 2], [0, 0]],
        [[3, 0, 0], [0, 0, 3]],
        [[4, 0], [0, 0]],
        [[0, 0], [0, 0]],  # no clue: no rectangle covers a cell
    ],
)
def test_small_shikaku_have_the_solutions_of_the_rules(grid):
    board = Shikaku(grid=as_grid(grid))
    assert owners_of(program_of(board), board) == shikaku_answers(board)


JIGSAW = as_grid([[1, 1, 1, 2], [1, 3, 2, 2], [3, 3, 4, 2], [3, 4, 4, 4]])


@TINY
@given(
    st.sampled_from(LATIN4),
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), max_size=9),
    st.booleans(),
    st.sampled_from([None, (0, 0, 1)]),
)
def test_tiny_sudoku_have_the_solutions_of_the_rules(square, givens, jigsaw, bad):
    grid = [[0] * 4 for _ in range(4)]
    for r, c in givens:
        grid[r][c] = square[r][c]
    if bad is not None:  # a given that may well contradict the others
        grid[bad[0]][bad[1]] = bad[2]
    board = (
        Sudoku(grid=as_grid(grid), regions=JIGSAW)
        if jigsaw
        else Sudoku(grid=as_grid(grid), box=(2, 2))
    )
    expected = sudoku_answers(board)
    assume(len(expected) <= 300)
    program = program_of(board)
    assert grids(solutions(program, cells_of(board)), 4) == expected


# --------------------------------------------------------------------------- real boards


def seed_book() -> list:
    folder = SHARED_DATA / "seed-book"
    if not folder.is_dir():
        return []
    return [load.read_page(Page(path.name, path.read_text())) for path in sorted(folder.iterdir())]


def sudoku_boards() -> list[Sudoku]:
    out = []
    path = SHARED_DATA / "sudoku" / "puzzles2_17_clue.txt"
    if path.exists():
        line = next(x for x in path.read_text().splitlines() if x and not x.startswith("#"))
        out.append(load.read_page(Page("17.txt", line + "\n")))
    path = SHARED_DATA / "puzzle-sudoku-tasks" / "jigsaw_5x5_easy.txt"
    if path.exists():
        entry = json.loads(path.read_text().splitlines()[0])
        regions = [int(v) for v in entry["Task"].split(";")[1].split(",")]
        answer = [int(v) for v in entry["Answer"].split(",")]
        givens = [v if i % 3 == 0 else 0 for i, v in enumerate(answer)]
        out.append(
            Sudoku(
                grid=as_grid(givens[i : i + 5] for i in range(0, 25, 5)),
                regions=as_grid(regions[i : i + 5] for i in range(0, 25, 5)),
                title="jigsaw",
            )
        )
    return out


REAL = seed_book() + sudoku_boards()


@pytest.mark.skipif(not REAL, reason="../shared/data is not beside this checkout")
@pytest.mark.parametrize("board", REAL, ids=lambda b: f"{b.kind}-{b.source or b.title}")
def test_real_boards_are_well_formed(board):
    text = write(board)
    assert text.count("(") == text.count(")")
    program = read_program(text)
    assert program.variables and program.constraints
    assert "false" not in program.constraints  # these puzzles have answers


def block_starts(cells, coloured: bool) -> list[int]:
    starts, previous = [], 0
    for i, v in enumerate(cells):
        if v and (v != previous if coloured else not previous):
            starts.append(i)
        previous = v
    return starts


def nonogram_assignment(board: Nonogram, grid) -> dict:
    env = {f"x_{r}_{c}": v for r, row in enumerate(grid) for c, v in enumerate(row)}
    for r, row in enumerate(grid):
        env.update({f"h_{r}_{k}": s for k, s in enumerate(block_starts(row, board.is_colour))})
    for c, col in enumerate(zip(*grid)):
        env.update({f"v_{c}_{k}": s for k, s in enumerate(block_starts(col, board.is_colour))})
    return env


CANDIDATE = re.compile(r";   s_(\d+) = (\d+): rows (\d+)-(\d+), columns (\d+)-(\d+)")


def shikaku_assignment(text: str, answer) -> dict:
    """s_K and o_R_C from an answer, read through the candidates the program lists."""
    listed = {}
    for k, t, top, bottom, left, right in CANDIDATE.findall(text):
        rect = Rect(int(top), int(left), int(bottom) - int(top) + 1, int(right) - int(left) + 1)
        listed[(int(k), rect)] = int(t)
    env = {}
    for k, rect in enumerate(answer):
        env[f"s_{k}"] = listed[(k, rect)]
        env.update({f"o_{r}_{c}": k for r, c in rect.cells()})
    return env


SOLVABLE = [b for b in REAL if not (b.kind == "nonogram" and b.width * b.height > 1000)]


@pytest.mark.skipif(not SOLVABLE, reason="../shared/data is not beside this checkout")
@pytest.mark.parametrize("board", SOLVABLE, ids=lambda b: f"{b.kind}-{b.source or b.title}")
def test_the_answer_of_a_real_board_satisfies_every_constraint(board):
    answer = solve(board).solutions[0]
    text = write(board)
    program = read_program(text)
    if board.kind == "nonogram":
        env = nonogram_assignment(board, answer)
    elif board.kind == "shikaku":
        env = shikaku_assignment(text, answer)
    else:
        env = {f"x_{r}_{c}": v for r, row in enumerate(answer) for c, v in enumerate(row)}
    assert satisfied(program, env) == []
    if board.kind == "sudoku":  # a swap of two digits in a row breaks a column
        env["x_0_0"], env["x_0_1"] = env["x_0_1"], env["x_0_0"]
        assert satisfied(program, env)


def test_known_colour_answers_satisfy_every_constraint():
    page = Page("easy.pbn", fixture_text("formats", "ianprime-easy.pbn"))
    for board in load.reader_named("xml").read_all(page):
        program = read_program(write(board))
        env = nonogram_assignment(board, board.picture)
        assert satisfied(program, env) == []
        env["x_4_4"] = 0 if env["x_4_4"] else 1  # one cell changed: its lines break
        assert len(satisfied(program, env)) == 2


# --------------------------------------------------------------------------- the CLI


def test_convert_to_sugar(monkeypatch, capsys):
    path = FIXTURES / "formats" / "webpbn-00001-dancer.non"
    code, out, err = run_cli(monkeypatch, capsys, ["convert", str(path), "--to", "sugar"])
    assert code == 0 and err == ""
    assert out.startswith("; puzzlesat: nonogram 5x10, Dancer\n")
    assert read_program(out).variables["x_9_4"] == [0, 1]
