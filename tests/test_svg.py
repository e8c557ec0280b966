"""The SVG pictures to share: well-formed, deterministic, every clue shown, and the pixels of
the rendered PNG saying what the solution says (filled cells, colours, walls)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import replace

import pytest
from conftest import FIXTURES

from puzzlesat.core import ServiceUnavailable
from puzzlesat.kinds import BY_NAME, KINDS, kind_named
from puzzlesat.kinds.sudoku.board import digit_text
from puzzlesat.picture import picture_png, picture_svg
from puzzlesat.solve import solve
from puzzlesat.svg import ink_on, png_of

NS = "{http://www.w3.org/2000/svg}"
EXAMPLES = [(kind, example) for kind in KINDS for example in kind.examples]
IDS = [f"{kind.name}-{example.name}" for kind, example in EXAMPLES]


# --------------------------------------------------------------------------- helpers


def fixture_board(kind: str, name: str):
    """A board from a fixture's board JSON (its "puzzle" object), read by its kind."""
    puzzle = json.loads(FIXTURES.joinpath(f"{name}.board.json").read_text("utf-8"))["puzzle"]
    return kind_named(kind).from_json(puzzle, name)


def solved(board):
    """The board and its first solution."""
    result = solve(board)
    assert result.solutions, board.source
    return result.solutions[0]


def texts(svg: str, **attributes: str) -> list[str]:
    """The text of every <text> element (the title's <title> aside) with those attributes."""
    root = ET.fromstring(svg)
    return [
        node.text or ""
        for node in root.iter(f"{NS}text")
        if all(node.get(k.replace("_", "-")) == v for k, v in attributes.items())
    ]


def grid_box(svg: str) -> tuple[float, float, float, float]:
    """(x, y, width, height) of the grid, from the rect the pictures mark class="grid"."""
    rect = next(r for r in ET.fromstring(svg).iter(f"{NS}rect") if r.get("class") == "grid")
    return tuple(float(rect.get(k)) for k in ("x", "y", "width", "height"))


def cairosvg():
    """cairosvg, or a skip: not installed, or installed without the cairo library."""
    try:
        return pytest.importorskip("cairosvg")
    except OSError as error:
        pytest.skip(f"cairosvg cannot load libcairo: {error}")


class Pixels:
    """The PNG of an SVG, read back through cairocffi (cairosvg's own binding), with SVG
    coordinates scaled to pixels."""

    def __init__(self, svg: str):
        cairosvg()
        import cairocffi

        png = png_of(svg)
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        surface = cairocffi.ImageSurface.create_from_png(io.BytesIO(png))
        # an opaque PNG loads as RGB24: the same 32-bit words as ARGB32, the top byte unused
        assert surface.get_format() in (cairocffi.FORMAT_ARGB32, cairocffi.FORMAT_RGB24)
        self.width, self.stride = surface.get_width(), surface.get_stride()
        self.data = bytes(surface.get_data())
        self.scale = self.width / float(ET.fromstring(svg).get("width"))

    def rgb(self, x: float, y: float) -> tuple[int, int, int]:
        """The colour at SVG point (x, y): cairo keeps a pixel as one native-endian 32-bit
        (A)RGB word (the page is opaque white, so premultiplying changes nothing)."""
        i = int(y * self.scale) * self.stride + int(x * self.scale) * 4
        word = int.from_bytes(self.data[i : i + 4], sys.byteorder)
        return (word >> 16) & 255, (word >> 8) & 255, word & 255


def close(rgb, hex_: str, tolerance: int = 12) -> bool:
    want = [int(hex_.removeprefix("#")[i : i + 2], 16) for i in (0, 2, 4)]
    return all(abs(a - b) <= tolerance for a, b in zip(rgb, want))


def cell_centres(svg: str, board):
    """(r, c, x, y) of the centre of every cell."""
    x0, y0, width, height = grid_box(svg)
    cell_w, cell_h = width / board.width, height / board.height
    for r in range(board.height):
        for c in range(board.width):
            yield r, c, x0 + (c + 0.5) * cell_w, y0 + (r + 0.5) * cell_h


# --------------------------------------------------------------------------- every kind


def test_every_kind_has_a_picture():
    assert all(callable(kind.svg) for kind in KINDS)


@pytest.mark.parametrize("kind, example", EXAMPLES, ids=IDS)
def test_every_example_pictures_solved_and_empty(kind, example):
    result = solve(example.board)
    for answer in (None, *result.solutions):
        svg = picture_svg(example.board, answer)
        root = ET.fromstring(svg)
        assert root.tag == f"{NS}svg"
        assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
        assert svg == picture_svg(example.board, answer)  # deterministic
        assert kind.svg(example.board, answer) == svg


@pytest.mark.parametrize("kind, example", EXAMPLES, ids=IDS)
def test_every_example_renders_to_png(kind, example):
    cairosvg()
    for answer in (None, *solve(example.board).solutions):
        assert picture_png(example.board, answer).startswith(b"\x89PNG\r\n\x1a\n")


def test_a_title_is_shown_and_escaped():
    board = replace(BY_NAME["nonogram"].examples[0].board, title='Chair <3> & "friends"')
    svg = picture_svg(board, None)
    assert ET.fromstring(svg).find(f"{NS}title").text == board.title
    assert board.title in texts(svg, font_weight="bold")


def test_cairosvg_is_imported_only_for_a_png():
    code = (
        "import sys, puzzlesat.picture, puzzlesat.svg, puzzlesat.kinds;"
        "assert 'cairosvg' not in sys.modules and 'cairocffi' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_without_cairosvg_a_png_is_output_failed_with_the_install_hint(monkeypatch):
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # import cairosvg -> ImportError
    with pytest.raises(ServiceUnavailable) as failed:
        png_of('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>')
    assert "puzzlesat[png]" in failed.value.hint


def test_the_clue_ink_reads_over_its_fill():
    assert ink_on("ffff00") == "#000000" and ink_on("#0000ff") == "#ffffff"
    assert ink_on("000000") == "#ffffff" and ink_on("ffffff") == "#000000"


# --------------------------------------------------------------------------- nonograms

NONOGRAMS = [
    "puzzle-nonograms.com/house_10x10",
    "nonograms.org/4353",
    "nonograms.org/colour-3x3",
    "nonograms.org/colour-29x24",
]


def clue_numbers(board) -> Counter:
    """Every clue number the picture must show, 0 for an empty line."""
    lines = (*board.rows, *board.cols)
    return Counter(str(n) for line in lines for n in (line or (0,)))


@pytest.mark.parametrize("name", NONOGRAMS)
def test_a_nonogram_shows_every_clue(name):
    board = fixture_board("nonogram", name)
    for answer in (None, solved(board)):
        assert Counter(texts(picture_svg(board, answer))) == clue_numbers(board)


@pytest.mark.parametrize("name", NONOGRAMS)
def test_a_nonogram_png_fills_exactly_the_solution_cells(name):
    board = fixture_board("nonogram", name)
    grid = solved(board)
    svg = picture_svg(board, grid)
    pixels = Pixels(svg)
    for r, c, x, y in cell_centres(svg, board):
        value, rgb = grid[r][c], pixels.rgb(x, y)
        if not value:
            assert close(rgb, "ffffff"), (r, c, rgb)
        elif board.is_colour:
            assert close(rgb, board.palette[value - 1]), (r, c, rgb, value)
        else:
            assert max(rgb) < 60, (r, c, rgb)


def test_an_empty_nonogram_png_is_all_white_inside():
    board = fixture_board("nonogram", "puzzle-nonograms.com/house_10x10")
    svg = picture_svg(board, None)
    pixels = Pixels(svg)
    assert all(close(pixels.rgb(x, y), "ffffff") for _, _, x, y in cell_centres(svg, board))


def test_colour_clues_stand_on_boxes_of_their_block_colour():
    board = fixture_board("nonogram", "nonograms.org/colour-29x24")
    root = ET.fromstring(picture_svg(board, None))
    boxes = Counter(r.get("fill") for r in root.iter(f"{NS}rect") if r.get("class") == "clue")
    blocks = (*board.row_colours, *board.col_colours)
    assert boxes == Counter(f"#{board.palette[k - 1]}" for line in blocks for k in line)


# --------------------------------------------------------------------------- Shikaku

SHIKAKUS = ["puzzle-shikaku.com/easy_5x5_9366068", "puzzle-shikaku.com/wide_runs_15x7"]


@pytest.mark.parametrize("name", SHIKAKUS)
def test_a_shikaku_shows_its_clues_bold_and_renders(name):
    board = fixture_board("shikaku", name)
    svg = picture_svg(board, solved(board))
    want = Counter(str(v) for _, _, v in board.clues())
    assert Counter(texts(svg)) == want == Counter(texts(svg, font_weight="bold"))
    Pixels(svg)


@pytest.mark.parametrize("name", SHIKAKUS)
def test_touching_shikaku_regions_get_different_fills(name):
    board = fixture_board("shikaku", name)
    rects = solved(board)
    root = ET.fromstring(picture_svg(board, rects))
    fills = [r.get("fill") for r in root.iter(f"{NS}rect") if r.get("class") == "region"]
    assert len(fills) == len(rects)
    owner = {cell: i for i, rect in enumerate(rects) for cell in rect.cells()}
    touching = {
        (owner[r, c], owner[rr, cc])
        for (r, c) in owner
        for rr, cc in ((r + 1, c), (r, c + 1))
        if (rr, cc) in owner and owner[rr, cc] != owner[r, c]
    }
    assert touching
    assert all(fills[a] != fills[b] for a, b in touching)


# --------------------------------------------------------------------------- Sudoku

SUDOKUS = [
    "puzzle-sudoku.com/basic_9x9_1238537",
    "puzzle-sudoku.com/advanced_16x16_8720163",
    "puzzle-jigsaw-sudoku.com/advanced_7x7_3704568",
]


@pytest.mark.parametrize("name", SUDOKUS)
def test_sudoku_givens_are_bold_and_solved_digits_not(name):
    board = fixture_board("sudoku", name)
    grid = solved(board)
    svg = picture_svg(board, grid)
    givens = Counter(digit_text(v) for row in board.grid for v in row if v)
    others = Counter(
        digit_text(v) for row, given in zip(grid, board.grid) for v, g in zip(row, given) if not g
    )
    assert Counter(texts(svg, font_weight="bold")) == givens
    assert Counter(texts(svg, font_weight="normal")) == others
    assert Counter(texts(picture_svg(board, None))) == givens
    if board.size > 9:
        assert "A" in texts(svg) and "10" not in texts(svg)  # letters, as draw.py shows them
    Pixels(svg)


def test_a_thick_wall_runs_exactly_between_units():
    board = fixture_board("sudoku", "puzzle-jigsaw-sudoku.com/advanced_7x7_3704568")
    svg = picture_svg(board, solved(board))
    pixels = Pixels(svg)
    x0, y0, width, _ = grid_box(svg)
    cell = width / board.size
    units = board.region_of()
    for r in range(board.size):
        for b in range(1, board.size):  # the edge left of column b, halfway down row r
            rgb = pixels.rgb(x0 + b * cell + 0.5, y0 + (r + 0.5) * cell)
            wall = units[r][b - 1] != units[r][b]
            assert (max(rgb) < 80) == wall, (r, b, rgb)
    for a in range(1, board.size):  # the edge above row a, halfway across column c
        for c in range(board.size):
            rgb = pixels.rgb(x0 + (c + 0.5) * cell, y0 + a * cell + 0.5)
            assert (max(rgb) < 80) == (units[a - 1][c] != units[a][c]), (a, c, rgb)


# --------------------------------------------------------------------------- the command line


def test_solve_writes_the_svg_and_the_png_beside_the_drawing(monkeypatch, capsys, tmp_path):
    from conftest import run_cli

    cairosvg()  # the PNG needs it: skipped with the reason where it is missing
    source = FIXTURES / "nonograms.org" / "4374.source.html"
    svg_path, png_path = tmp_path / "a.svg", tmp_path / "a.png"
    argv = ["solve", str(source), "--svg", str(svg_path), "--png", str(png_path), "-q"]
    code, out, err = run_cli(monkeypatch, capsys, argv)
    assert code == 0 and err == "" and "unique" in out
    root = ET.fromstring(svg_path.read_text(encoding="utf-8"))
    assert root.tag.endswith("svg")
    assert png_path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_an_svg_that_cannot_be_written_is_exit_74(monkeypatch, capsys, tmp_path):
    from conftest import run_cli

    source = FIXTURES / "nonograms.org" / "4353.source.html"
    argv = ["solve", str(source), "--svg", str(tmp_path / "no" / "a.svg")]
    code, out, err = run_cli(monkeypatch, capsys, argv)
    assert code == 74 and "could not write" in err


README_PICTURES = {
    "nonogram.svg": "nonograms.org/66515.source.html",
    "colour-nonogram.svg": "nonograms.org/colour-29x24.source.html",
    "shikaku.svg": "puzzle-shikaku.com/seedbook_shikaku01_20x20.source.html",
    "sudoku.svg": "puzzle-sudoku.com/evil_9x9_9733212.source.html",
}


@pytest.mark.parametrize("name", sorted(README_PICTURES))
def test_the_readme_pictures_are_what_the_tool_makes(monkeypatch, capsys, tmp_path, name):
    """docs/pictures/NAME is `puzzlesat solve FIXTURE --svg NAME` (rerun it if this fails)."""
    from conftest import run_cli

    made = tmp_path / name
    argv = ["solve", "-qq", str(FIXTURES / README_PICTURES[name]), "--svg", str(made)]
    assert run_cli(monkeypatch, capsys, argv)[0] == 0
    committed = FIXTURES.parent / "docs" / "pictures" / name
    assert made.read_text(encoding="utf-8") == committed.read_text(encoding="utf-8")


def test_svg_to_stdout_is_the_picture_alone(monkeypatch, capsys):
    from conftest import run_cli

    argv = ["solve", str(FIXTURES / "nonograms.org" / "4353.source.html"), "--svg", "-"]
    code, out, err = run_cli(monkeypatch, capsys, argv)
    assert code == 0 and out.startswith("<svg") and out.rstrip().endswith("</svg>")
    ET.fromstring(out)


@pytest.mark.parametrize("extra", [["--svg", "-", "--json"], ["--svg", "-", "--png", "-"]])
def test_two_things_on_stdout_are_a_usage_error(monkeypatch, capsys, extra):
    from conftest import run_cli

    argv = ["solve", str(FIXTURES / "nonograms.org" / "4353.source.html"), *extra]
    code, out, err = run_cli(monkeypatch, capsys, argv)
    assert code == 2 and "would both write to stdout" in err
