"""Jan Wolter's webpbn XML (pbn 0.3): `<puzzleset>` of `<puzzle>`s, black and white or colour.

A puzzle names its colours (`<color name="red" char="r">f00</color>`, hex of 3 or 6 digits;
`black` X 000 and `white` . fff are there unless redefined), its `<clues type="rows">` and
`<clues type="columns">` as `<line>`s of `<count color="...">N</count>` (no `color=`: the
puzzle's `defaultcolor`, black unless it says), and may carry a `<solution type="goal">`
image, rows of colour chars (`|.XX..|`). The background is `backgroundcolor` (white by
default); should the counts use white, it is the one declared colour no count uses.
Every other declared colour is the board's: one alone makes a black-and-white board (drawn
in it unless it is black, as nonograms.org's reader does), more make a colour board, in the
order they are declared. The goal is kept as the board's `picture` only when it satisfies
the clues, as `.non` keeps its goal; otherwise a note says why it was dropped. A puzzle
without clues but with a goal takes its clues from the goal, as the format allows.

The document is parsed by expat into an ElementTree (the line of every element kept for
messages), in linear time; entity declarations are refused before parsing (a few lines of
nested entities expand to gigabytes), and the DOCTYPE's DTD is never fetched: an entity
it would define is read as the HTML entity of that name (webpbn writes `&copy;`).
"""

from __future__ import annotations

import functools
import html.entities
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from dataclasses import replace
from xml.parsers import expat

from ..core import (
    Grid,
    LazyPattern,
    Page,
    ParseError,
    UnsupportedPuzzle,
    as_grid,
    one_line,
    whole_number,
    xml_attr,
    xml_escape,
)
from ..kinds.nonogram.board import BLACK, Line, Nonogram, from_picture
from ..kinds.nonogram.check import mismatch
from .format import Format, multi_note, with_hint

HINT = (
    "check the webpbn XML (pbn 0.3, https://webpbn.com/pbn_fmt.html): a <puzzleset> of "
    '<puzzle> elements, each with <clues type="rows"> and <clues type="columns"> holding one '
    "<line> of <count>N</count> per row or column, and a <color> for every colour a count names"
)
WHERE = "webpbn XML"
WHITE = "ffffff"
PREDEFINED = {"black": (BLACK, "X"), "white": (WHITE, ".")}  # name -> (rrggbb, char)
HEX = LazyPattern(r"#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
DIGITS = LazyPattern(r"[0-9]+")
SNIFF = 64 * 1024  # the prolog before the root element is looked for this far
ROOT_NAME = LazyPattern(r"<([A-Za-z_][\w.:-]*)")


# --------------------------------------------------------------------------- recognising


def _root_tag(text: str) -> str | None:
    """The name of the first element, past the XML declaration, comments, processing
    instructions and a DOCTYPE (its internal subset too); None if it is not near the start."""
    head = text[:SNIFF].lstrip("\ufeff")
    at = 0
    while True:
        while at < len(head) and head[at].isspace():
            at += 1
        if head.startswith("<?", at):
            end = head.find("?>", at + 2)
            at = end + 2 if end >= 0 else -1
        elif head.startswith("<!--", at):
            end = head.find("-->", at + 4)
            at = end + 3 if end >= 0 else -1
        elif head.startswith("<!DOCTYPE", at):
            close, subset = head.find(">", at), head.find("[", at)
            if 0 <= subset < close:
                close = head.find("]", subset)
                close = head.find(">", close) if close >= 0 else -1
            at = close + 1 if close >= 0 else -1
        else:
            name = ROOT_NAME.match(head, at)
            return name.group(1) if name else None
        if at < 0:
            return None


def recognises(text: str) -> bool:
    """XML whose root is <puzzleset> or <puzzle>, with clues (or a solution image) in it:
    never an HTML page, whose root is <html>."""
    return _root_tag(text) in ("puzzleset", "puzzle") and ("<clues" in text or "<image" in text)


# --------------------------------------------------------------------------- the tree


def _line_of(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def _entity_text(name: str) -> str:
    """An entity the unread DTD would define: the HTML entity of that name, else as written."""
    return html.entities.html5.get(name + ";", f"&{name};")


def _refuse_entities(*_args) -> None:
    raise ParseError(f"{WHERE}: the document declares an entity, which puzzlesat refuses")


def _parse_tree(text: str) -> tuple[ET.Element, dict[ET.Element, int]]:
    """The document's root element, and the line each element starts on."""
    declared = text.find("<!ENTITY")
    if declared >= 0:
        raise ParseError(
            f"{WHERE} line {_line_of(text, declared)}: the document declares entities "
            "(<!ENTITY>), which puzzlesat refuses: nested ones expand without bound"
        )
    builder = ET.TreeBuilder()
    lines: dict[ET.Element, int] = {}
    parser = expat.ParserCreate()
    parser.UseForeignDTD(True)  # undeclared entities are skipped, not fatal, and no DTD read
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.buffer_text = True

    def start(tag: str, attrs: dict[str, str]) -> None:
        lines[builder.start(tag, attrs)] = parser.CurrentLineNumber

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.SkippedEntityHandler = lambda name, _param: builder.data(_entity_text(name))
    parser.EntityDeclHandler = _refuse_entities
    try:
        parser.Parse(text, True)
    except expat.ExpatError as error:
        raise ParseError(
            f"{WHERE} line {error.lineno}, column {error.offset + 1}: "
            f"{expat.ErrorString(error.code)} (not well-formed XML)"
        ) from None
    except UnicodeEncodeError as error:  # a lone surrogate: text that was never Unicode
        raise ParseError(
            f"{WHERE} line {_line_of(text, error.start)}: a character that is not Unicode "
            f"(U+{ord(text[error.start]):04X})"
        ) from None
    return builder.close(), lines


def _own_text(elem: ET.Element) -> str:
    """The text directly inside an element (the text of its children left out)."""
    return (elem.text or "") + "".join(child.tail or "" for child in elem)


def _words(elem: ET.Element | None) -> str | None:
    """An element's text on one line, or None when it is missing or blank."""
    if elem is None:
        return None
    return " ".join(_own_text(elem).split()) or None


def _cut(value: str, limit: int = 30) -> str:
    value = " ".join(value.split())
    return value if len(value) <= limit else value[:limit] + "..."


def _shown(value: str) -> str:
    """A value for a one-line message: on one line, cut short, quoted."""
    return repr(_cut(value))


def _attr(value: str) -> str:
    """An attribute value for a message, as it would be written: `"red"`."""
    return xml_attr(_cut(value))


# --------------------------------------------------------------------------- one puzzle


class _Puzzle:
    """Reads one <puzzle> element; `at(elem)` names an element's line in messages."""

    def __init__(self, elem: ET.Element, lines: dict, meta: dict[str, str | None]):
        self.elem = elem
        self.lines = lines
        self.meta = meta

    def at(self, elem: ET.Element) -> str:
        line = self.lines.get(elem)
        return f"{WHERE} line {line}" if line else WHERE

    # ------------------------------------------------------------------ colours

    def colours(self) -> tuple[dict[str, tuple[str, str | None]], list[str]]:
        """name -> (rrggbb, char), the predefined black and white included; and the names
        declared, in order."""
        table: dict[str, tuple[str, str | None]] = dict(PREDEFINED)
        declared: dict[str, None] = {}  # ordered, and found in constant time
        for colour in self.elem.findall("color"):
            name = (colour.get("name") or "").strip()
            if not name:
                raise ParseError(f"{self.at(colour)}: <color> has no name= attribute")
            if name in declared:
                raise ParseError(f"{self.at(colour)}: a second <color name={_attr(name)}>")
            value = HEX.fullmatch(_own_text(colour).strip())
            if value is None:
                raise ParseError(
                    f"{self.at(colour)}: <color name={_attr(name)}> holds "
                    f"{_shown(_own_text(colour))}, not a hex colour of 3 or 6 digits (f00, ff0000)"
                )
            digits = value.group(1).lower()
            rgb = "".join(d * 2 for d in digits) if len(digits) == 3 else digits
            char = colour.get("char")
            if char is not None and len(char) != 1:
                raise ParseError(
                    f"{self.at(colour)}: <color name={_attr(name)}> has char={_shown(char)}; "
                    "it must be one character"
                )
            if char is None and name in PREDEFINED:
                char = PREDEFINED[name][1]
            table[name] = (rgb, char)
            declared[name] = None
        return table, list(declared)

    # ------------------------------------------------------------------ clues

    def clue_sets(self) -> dict[str, ET.Element]:
        found: dict[str, ET.Element] = {}
        for clues in self.elem.findall("clues"):
            kind = clues.get("type")
            if kind not in ("rows", "columns"):
                shown = "no type=" if kind is None else f"type={_attr(kind)}"
                raise ParseError(
                    f'{self.at(clues)}: <clues> with {shown}; expected type="rows" or '
                    'type="columns"'
                )
            if kind in found:
                raise ParseError(f"{self.at(clues)}: a second <clues type={_attr(kind)}>")
            found[kind] = clues
        return found

    def lines_of(
        self, clues: ET.Element, what: str, default: str, table: dict
    ) -> list[tuple[Line, tuple[str, ...]]]:
        """(lengths, colour names) of every <line> of a <clues>."""
        out = []
        for number, line in enumerate(clues.findall("line"), 1):
            counts = []
            for count in line.findall("count"):
                text = _own_text(count).strip()
                where = f"{self.at(count)} ({what} {number})"
                if not DIGITS.fullmatch(text):
                    raise ParseError(f"{where}: <count> holds {_shown(text)}, not a block length")
                length = whole_number(text, f"{where}: <count>")
                name = (count.get("color") or default).strip()
                if name not in table:
                    known = ", ".join(_cut(known) for known in sorted(table)[:12])
                    raise ParseError(
                        f"{where}: <count> is in colour {_shown(name)}, which no <color> "
                        f"declares (known: {known})"
                    )
                counts.append((length, name))
            if any(n == 0 for n, _ in counts) and any(n for n, _ in counts):
                raise UnsupportedPuzzle(
                    f"{self.at(line)}: {what} {number} has a count of 0 among its blocks (a "
                    "blotted clue); puzzlesat needs the length of every block",
                    hint="give every count, or leave the line's counts out for an empty line",
                )
            kept = [(n, name) for n, name in counts if n]
            out.append((tuple(n for n, _ in kept), tuple(name for _, name in kept)))
        if not out:
            raise ParseError(f'{self.at(clues)}: <clues type="{clues.get("type")}"> has no <line>')
        return out

    # ------------------------------------------------------------------ the goal

    def goal(self) -> ET.Element | None:
        """The image of the goal solution (or of a `solution`), if the puzzle has one."""
        images = {}
        for solution in self.elem.findall("solution"):
            kind = solution.get("type", "goal")
            image = solution.find("image")
            if image is not None and kind in ("goal", "solution"):
                images.setdefault(kind, image)
        return images.get("goal", images.get("solution"))

    def image_rows(self, image: ET.Element) -> list[str]:
        """The rows of an image: `|...|` wrapped, or one line a row; white space between."""
        text = _own_text(image)
        if "|" in text:
            return [row for row in re.sub(r"\s+", "", text).split("|") if row]
        return [re.sub(r"\s+", "", row) for row in text.splitlines() if row.strip()]

    def picture(
        self, image: ET.Element, width: int | None, height: int | None, index: dict[str, int]
    ) -> tuple[Grid | None, str | None]:
        """The goal as colour indices (0 background), or None and why it cannot be read."""
        rows = self.image_rows(image)
        if width is not None and height is not None and len(rows) == 1 and height > 1:
            flat = rows[0]  # one run of W*H characters
            if len(flat) == width * height:
                rows = [flat[r * width : (r + 1) * width] for r in range(height)]
        if not rows:
            return None, "it is empty"
        if height is not None and len(rows) != height:
            return None, f"it has {len(rows)} rows, not {height}"
        width = len(rows[0]) if width is None else width
        grid = []
        for r, row in enumerate(rows, 1):
            unknown = next((ch for ch in row if ch not in index), None)
            if unknown is not None:
                return None, f"its row {r} has {unknown!r}, which no <color char=> names"
            if len(row) != width:
                return None, f"its row {r} has {len(row)} cells, not {width}"
            grid.append([index[ch] for ch in row])
        return as_grid(grid), None

    # ------------------------------------------------------------------ the board

    def title(self) -> str | None:
        """Title, author and copyright in one line: `Dancer by Jan Wolter, © 2004 Jan Wolter`."""
        own = {key: _words(self.elem.find(key)) for key in ("title", "author", "copyright")}
        title = own["title"]
        author = own["author"] or self.meta.get("author")
        copyright_ = own["copyright"] or self.meta.get("copyright")
        if title is None and not author and not copyright_:
            return self.meta.get("title")
        parts = [title] if title else []
        if author and (not title or author not in title):
            parts.append(f"by {author}")
        text = " ".join(parts)
        if copyright_ and copyright_ not in text:
            mark = "© " if copyright_[0].isdigit() else ""  # `2004 Jan Wolter`: a year
            text = f"{text}, {mark}{copyright_}" if text else f"{mark}{copyright_}"
        return text or None

    def board(self, source: str) -> Nonogram:
        kind = (self.elem.get("type") or "grid").strip()
        if kind != "grid":
            what = (
                "a triddler (a grid of triangles, clued along three directions)"
                if kind == "triddler"
                else f"of type {_shown(kind)}"
            )
            raise UnsupportedPuzzle(
                f"{self.at(self.elem)}: the puzzle is {what}; puzzlesat solves rectangular "
                'grids only (type="grid")',
                hint='pick a type="grid" puzzle',
            )
        table, declared = self.colours()
        default = (self.elem.get("defaultcolor") or "black").strip()
        sets = self.clue_sets()
        rows = cols = None
        if "rows" in sets:
            rows = self.lines_of(sets["rows"], "row", default, table)
        if "columns" in sets:
            cols = self.lines_of(sets["columns"], "column", default, table)
        used = {name for line in (rows or []) + (cols or []) for name in line[1]}
        background = self.background(table, declared, used)
        palette = [name for name in declared if name != background]
        palette += sorted(name for name in used if name not in palette and name != background)
        if not palette and background != "black":  # nothing declared, nothing used
            palette = ["black"]
        colours = tuple(table[name][0] for name in palette)
        number = {name: k for k, name in enumerate(palette, 1)}
        chars = {table[background][1]: 0} if table[background][1] else {}
        for name in palette:
            char = table[name][1]
            if char and char not in chars:
                chars[char] = number[name] if len(palette) > 1 else 1
        if len(palette) <= 1:
            colours = () if colours in ((), (BLACK,)) else colours
        image = self.goal()
        if rows is None or cols is None:
            return self.from_goal(sets, image, chars, colours, source)
        fields = {"source": source, "title": self.title()}
        lengths = {
            "rows": tuple(lengths for lengths, _ in rows),
            "cols": tuple(lengths for lengths, _ in cols),
        }
        if len(palette) > 1:
            lengths["row_colours"] = tuple(tuple(number[n] for n in names) for _, names in rows)
            lengths["col_colours"] = tuple(tuple(number[n] for n in names) for _, names in cols)
        board = Nonogram(**lengths, colors=colours, **fields)
        if image is None:
            return board
        grid, why = self.picture(image, board.width, board.height, chars)
        if grid is not None:
            why = mismatch(board, grid)
        if why is not None:
            return replace(board, note=f"goal ignored: {why}")
        return replace(board, picture=grid)

    def background(self, table: dict, declared: list[str], used: set[str]) -> str:
        """`backgroundcolor`, else white, else the one declared colour no count uses."""
        named = self.elem.get("backgroundcolor")
        if named is not None:
            named = named.strip()
            if named not in table:
                raise ParseError(
                    f"{self.at(self.elem)}: backgroundcolor={_attr(named)} names no <color>"
                )
            if named in used:
                raise ParseError(
                    f"{self.at(self.elem)}: the background colour {_attr(named)} is the "
                    "colour of some counts"
                )
            return named
        if "white" not in used:
            return "white"
        spare = [name for name in declared if name not in used]
        if len(spare) != 1:
            raise ParseError(
                f"{self.at(self.elem)}: counts are in white, and no single other colour is "
                "left for the background; give the puzzle a backgroundcolor= attribute"
            )
        return spare[0]

    def from_goal(self, sets, image, chars, colours, source) -> Nonogram:
        """A puzzle given by its picture alone: the clues are the picture's."""
        if sets:
            missing = "rows" if "rows" not in sets else "columns"
            raise ParseError(f'{self.at(self.elem)}: the puzzle has no <clues type="{missing}">')
        if image is None:
            raise ParseError(
                f"{self.at(self.elem)}: the puzzle has no <clues> and no goal <solution> to "
                "take them from"
            )
        grid, why = self.picture(image, None, None, chars)
        if grid is None:
            raise ParseError(f"{self.at(image)}: the puzzle has no <clues>, and its goal {why}")
        return from_picture(grid, colours, source=source, title=self.title(), picture=grid)


# --------------------------------------------------------------------------- reading


@with_hint(HINT)
def read_xml(text: str, source: str = "") -> list[Nonogram]:
    """Every puzzle of the document, in order."""
    root, lines = _parse_tree(text.lstrip("\ufeff"))
    meta: dict[str, str | None] = {}
    if root.tag == "puzzleset":
        puzzles = root.findall("puzzle")
        meta = {key: _words(root.find(key)) for key in ("title", "author", "copyright")}
        if not puzzles:
            raise ParseError(
                f"{WHERE} line {lines.get(root, 1)}: the <puzzleset> holds no <puzzle>"
            )
    elif root.tag == "puzzle":
        puzzles = [root]
    else:
        raise ParseError(
            f"{WHERE} line {lines.get(root, 1)}: the root element is <{root.tag[:30]}>, not "
            "<puzzleset> or <puzzle>"
        )
    return [_Puzzle(puzzle, lines, meta).board(source) for puzzle in puzzles]


def parse(page: Page) -> Nonogram:
    """The first puzzle of the document; a note says when there are more."""
    puzzles = read_xml(page.text, page.source)
    first = puzzles[0]
    note = multi_note(len(puzzles), "file")
    if note is None:
        return first
    return replace(first, note="; ".join(x for x in (note, first.note) if x))


# --------------------------------------------------------------------------- writing

NAMES = {
    BLACK: "black",
    "ff0000": "red",
    "00ff00": "green",
    "0000ff": "blue",
    "ffff00": "yellow",
    "ff00ff": "magenta",
    "00ffff": "cyan",
    "808080": "gray",
}
CHARS = "XABCDEFGHIJKLMNOPQRSTUVWYZabcdefghijklmnopqrstuvwxyz0123456789#$%*+-=@^~!:;/"


def _chars() -> Iterator[str]:
    """The characters colours take, in turn: the ASCII ones, then every letter of Unicode
    (a letter is never white space, `.` or `|`, which the image reserves)."""
    yield from CHARS
    yield from filter(str.isalpha, map(chr, range(0x100, 0x110000)))


@functools.cache
def most_colours() -> int:
    """How many colours a puzzle written here can have: each needs a character of its own."""
    return sum(1 for _ in _chars())


def _palette_names(palette: tuple[str, ...]) -> list[tuple[str, str]]:
    """A (name, char) for each colour: black X, basic colours by name, the rest color2 ...;
    UnsupportedPuzzle for more colours than there are characters to name them."""
    if len(palette) > len(CHARS) and len(palette) > most_colours():
        raise UnsupportedPuzzle(
            f"the webpbn-xml format names each colour by a character of its own, so at most "
            f"{most_colours():,} colours; this puzzle has {len(palette):,}",
            hint="write it as board JSON, which keeps any number of colours",
        )
    names, chars = [], []
    taken_names, taken_chars = {"white"}, {"."}
    pool = _chars()
    for k, rgb in enumerate(palette, 1):
        name = NAMES.get(rgb)
        if name is None or name in taken_names:
            name = f"color{k}"
            while name in taken_names:
                name += "x"
        taken_names.add(name)
        names.append(name)
    for rgb in palette:
        char = "X" if rgb == BLACK and "X" not in taken_chars else None
        while char is None or char in taken_chars:
            char = next(pool)
        taken_chars.add(char)
        chars.append(char)
    return list(zip(names, chars))


def _puzzle_lines(board: Nonogram) -> list[str]:
    """One <puzzle> element: its colours, clues, and goal when the board has a picture."""
    palette = board.palette
    named = _palette_names(palette)
    out = [f'<puzzle type="grid" defaultcolor="{named[0][0]}">']
    title = one_line(board.title or "")
    if title:
        out.append(f"<title>{xml_escape(title)}</title>")
    out.append(f'<color name="white" char=".">{WHITE}</color>')
    out += [
        f'<color name="{name}" char={xml_attr(char)}>{rgb}</color>'
        for (name, char), rgb in zip(named, palette)
    ]
    for kind, lines, colours in (
        ("columns", board.cols, board.col_colours),
        ("rows", board.rows, board.row_colours),
    ):
        out.append(f'<clues type="{kind}">')
        for i, line in enumerate(lines):
            ks = colours[i] if board.is_colour else (1,) * len(line)
            counts = "".join(
                f"<count>{n}</count>" if k == 1 else f'<count color="{named[k - 1][0]}">{n}</count>'
                for n, k in zip(line, ks)
            )
            out.append(f"<line>{counts}</line>" if counts else "<line/>")
        out.append("</clues>")
    if board.picture is not None:
        chars = "." + "".join(char for _, char in named)
        out += ['<solution type="goal">', "<image>"]
        out += [
            "|" + "".join(chars[v] if 0 <= v < len(chars) else "?" for v in row) + "|"
            for row in board.picture
        ]
        out += ["</image>", "</solution>"]
    out.append("</puzzle>")
    return out


def write_all(boards: Sequence[Nonogram]) -> str:
    """A pbn 0.3 document: one <puzzleset> of every board, in order."""
    out = ['<?xml version="1.0"?>', "<puzzleset>"]
    for board in boards:
        out += _puzzle_lines(board)
    out.append("</puzzleset>")
    return "\n".join(out) + "\n"


def write(board: Nonogram) -> str:
    """A pbn 0.3 document of one puzzle."""
    return write_all([board])


FORMAT = Format(
    name="webpbn-xml",
    recognises=recognises,
    read=parse,
    write=write,
    kinds=("nonogram",),
    hint=HINT,
    read_all=lambda page: read_xml(page.text, page.source),
    write_all=write_all,
    aliases=("xml",),
    suffix=".xml",
)
