"""nonograms.org and nonograms.ru: the page source (`var d=[...]`) or a devtools table copy.

Page source: `var d` is an obfuscated run-length picture (decode_var_d undoes it).
We decode it to the picture of colour indices, rebuild the clues from it and keep the
picture only to double-check the SAT answer. Devtools copy: `#nonogram_table`, read by
position: the `td.nmtt` rows are clue levels (transpose them), the `td.nmtl` rows are the
row clues; in a colour puzzle each clue cell's inline style holds its background colour,
and `table.nonogram_color_table` lists the palette in order.

Black alone is a black-and-white board (`colors=()`); one colour that is not black is a
black-and-white board drawn in it (`colors=(that,)`); more colours make a colour board.

A page of the site without a puzzle (Error 404, a deleted puzzle's red notice, a search or
list page, in English or Russian) is claimed by the site's marks (`recognises_page`) and
refused in the site's words, with a hint on the right one of the two hosts.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from ..core import (
    MAX_DIGITS,
    Grid,
    LazyPattern,
    Page,
    ParseError,
    Request,
    UnsupportedSource,
    as_grid,
    host_of,
    is_json_int,
)
from ..grid.board import MarksUnread
from ..kinds.nonogram.board import BLACK, Nonogram, from_picture
from .markup import background_colour, soup_of, text_around, to_int
from .page_marks import html_lang, marked_urls, on_domain, page_title, title_names
from .site import Site

DOMAINS = ("nonograms.org", "nonograms.ru")
PUZZLE_PATH = LazyPattern(r"/nonograms(2?)/i/(\d+)")
EXAMPLE_URLS = (
    "https://www.nonograms.org/nonograms/i/4353",
    "https://www.nonograms.ru/nonograms2/i/4374",
)
# `var d = [...];` is read as VAR_D_START, then up to the first `]` that ends a statement;
# one regex `var\s+d\s*=\s*(\[.*?\])\s*;` would scan on to the end from every `var d`.
VAR_D_START = LazyPattern(r"var\s+d\s*=\s*\[")
VAR_D_END = LazyPattern(r"\]\s*;")
CLUE_CLASS = LazyPattern(r"\bnmt[tl]\b")
# The title element's own attribute: a real page's inline CSS names `a.nonogram_title` some
# 13 KB before it, and `.nonogram_title_adult` is another element's class.
TITLE_ID = LazyPattern(r"""\bid\s*=\s*["']?nonogram_title\b(?!_)""")
MAX_SIDE = 1000
# Furniture of every page of the site, puzzle or not: its script and stylesheet
# (`/js/nonogram.min.062.js`, kept by a browser's "save page" under another folder), and the
# menu's and sidebar's links to puzzles by the site's own paths.
SITE_SCRIPT = "nonogram.min."
PUZZLE_LINKS = tuple(
    f"href={q}/nonograms{colour}/i/" for q in "\"'" for colour in ("", "2")
)
DELETED_WORDS = ("delet", "remov", "удал")  # the red notice of a deleted puzzle, en and ru


def puzzle_requests(url: str) -> tuple[Request, ...]:
    """The URL as given, then the other of /nonograms/ and /nonograms2/ (same ID space)."""
    match = PUZZLE_PATH.search(url)
    if not match:
        return (Request(url),)
    other = "" if match.group(1) else "2"
    return (Request(url), Request(PUZZLE_PATH.sub(f"/nonograms{other}/i/{match.group(2)}", url, 1)))


# `nonograms.org:4353`, `nonograms.ru:23342`: the site's name, then the puzzle's ID.
SHORTHAND = LazyPattern(r"^\s*(nonograms\.(?:org|ru))\s*:\s*(?!//)(\S*?)\s*$", re.I)
SHORTHAND_ID = LazyPattern(r"\d[\d,]*")


def expand_shorthand(source: str) -> str | None:
    """`nonograms.org:4353` -> the black-and-white puzzle's URL, else None.

    One ID space holds both kinds of puzzle: a colour one is found by the fallback every
    puzzle URL of the site has (puzzle_requests), so the shorthand needs no colour form.
    """
    match = SHORTHAND.match(source)
    if match is None:
        return None
    domain, ident = match.group(1).lower(), match.group(2)
    if "/" in ident:  # `nonograms.org:443/...`: a host, its port and a path
        return None
    if SHORTHAND_ID.fullmatch(ident) is None or len(ident) > MAX_DIGITS:
        raise UnsupportedSource(
            f"{source.strip()[:80]!r} is not a puzzle reference",
            hint=f"write {domain}:ID, the number in the puzzle's address, e.g. {domain}:4353",
        )
    return f"https://www.{domain}/nonograms/i/{int(ident.replace(',', ''))}"


def _has_clue_class(text: str) -> bool:
    r"""Whether a `class=` value holds the word nmtt or nmtl (`class="?[^"]*\bnmt[tl]\b`).

    Read value by value: a `class=` inside a value that failed reads the same run again,
    unless it ends right at the closing quote and so opens the next one.
    """
    at = text.find("class=") if CLUE_CLASS.search(text) else -1
    while at >= 0:
        start = at + len("class=")
        if text.startswith('"', start):
            start += 1
        end = text.find('"', start)
        if end < 0:
            end = len(text)
        if CLUE_CLASS.search(text, start, end):
            return True
        opener = end - len("class=")
        if opener > at and text.startswith("class=", opener):
            at = opener
        else:
            at = text.find("class=", end)
    return False


def recognises(text: str) -> bool:
    return bool("nonogram_table" in text or VAR_D_START.search(text) or _has_clue_class(text))


def page_domain(text: str) -> str | None:
    """Which of nonograms.org and nonograms.ru `text` is a page of, puzzle or not; None when
    it is neither's.

    The page's own address (canonical, og:url, a browser's `saved from`) decides alone. Else
    two of the site's marks must agree: links to its hosts, a title signed with its name,
    its script, its own relative puzzle links. One link alone is any page that cites the
    site, and is not claimed.
    """
    ours = [url for url in marked_urls(text) if url.tag and on_domain(url.host, DOMAINS)]
    own = next((url.host for url in ours if url.own), None)
    if own:
        return on_domain(own, DOMAINS)
    signed = title_names(page_title(text), DOMAINS)
    relative_links = any(link in text for link in PUZZLE_LINKS)
    marks = (bool(ours), signed is not None, SITE_SCRIPT in text, relative_links)
    if sum(marks) < 2:
        return None
    return signed or ("nonograms.ru" if html_lang(text).startswith("ru") else "nonograms.org")


def recognises_page(text: str) -> bool:
    """Any page of the site's own, its error and list pages too (see page_domain)."""
    return page_domain(text) is not None


# --------------------------------------------------------------------------- var d


def _v3(r: list[int]) -> int:
    return r[0] % r[3] + r[1] % r[3] - r[2] % r[3]


def _sq(r: list[int]) -> int:
    return (r[0] % r[3]) ** 2 + 2 * (r[1] % r[3]) + r[2] % r[3]


def decode_var_d(d: list[list[int]]) -> tuple[Grid, list[str]]:
    """The picture (0 background, k = colour k) and the colour list, from the `var d` records."""
    if not isinstance(d, list) or not all(
        isinstance(r, list) and len(r) == 4 and all(is_json_int(v) for v in r) for r in d
    ):
        raise ParseError("the page's `var d` is not a list of 4-number records")
    if len(d) < 7 or any(r[3] == 0 for r in d[1:4]):
        raise ParseError("the page's `var d` is too short to hold a puzzle (truncated page?)")
    width, height, ncolors = _v3(d[1]), _v3(d[2]), _v3(d[3])
    if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE and 0 < ncolors < 256):
        raise ParseError(
            f"the page's `var d` decodes to a {width}x{height} grid with {ncolors} colours"
        )
    key = d[4]
    base = ncolors + 5
    if len(d) < base + 2 or d[base][3] == 0:
        raise ParseError("the page's `var d` ends before its runs (truncated page?)")
    colours = []
    for c in d[5 : 5 + ncolors]:
        rgb = (c[0] - key[1], c[1] - key[0], c[2] - key[3])
        if not all(0 <= v < 256 for v in rgb):
            raise ParseError("the page's `var d` holds a colour outside 00..ff")
        colours.append("".join(f"{v:02x}" for v in rgb))
    nruns, run_key = _sq(d[base]), d[base + 1]
    runs = d[base + 2 : base + 2 + nruns]
    if len(runs) < nruns:
        raise ParseError(
            f"the page's `var d` announces {nruns} runs but holds {len(runs)} (truncated?)"
        )
    grid = [[0] * width for _ in range(height)]
    for number, y in enumerate(runs, 1):
        col, length = y[0] - run_key[0] - 1, y[1] - run_key[1]
        colour, row = y[2] - run_key[2], y[3] - run_key[3] - 1
        run = f"run {number} of the page's `var d`"
        if length <= 0:
            raise ParseError(f"{run} has length {length}: a run covers at least one cell")
        if not (0 <= row < height and col >= 0 and col + length <= width):
            raise ParseError(
                f"{run} (row {row + 1}, columns {col + 1}..{col + length}) falls outside "
                f"the {width}x{height} grid"
            )
        if not 1 <= colour <= ncolors:
            raise ParseError(
                f"{run} (row {row + 1}) has colour {colour}, but the puzzle's colours are "
                f"1..{ncolors}"
            )
        grid[row][col : col + length] = [colour] * length
    return as_grid(grid), colours


def _var_d_array(text: str) -> str | None:
    """The `[...]` of the first `var d = [...];`, or None when no `];` follows it."""
    start = VAR_D_START.search(text)
    end = VAR_D_END.search(text, start.end()) if start else None
    return text[start.end() - 1 : end.start() + 1] if start and end else None


def _from_var_d(text: str, source: str, title: str | None) -> Nonogram:
    array = _var_d_array(text)
    if array is None:
        raise ParseError("the page's `var d=[...]` line is cut off or malformed")
    try:
        d = json.loads(array)
    except ValueError:
        raise ParseError("the page's `var d=[...]` is not a plain array of numbers") from None
    except RecursionError:
        raise ParseError("the page's `var d=[...]` is nested too deep to be a puzzle") from None
    picture, colours = decode_var_d(d)
    colors = () if colours == [BLACK] else tuple(colours)  # black alone: as ever
    return from_picture(picture, colors, source=source, title=title, picture=picture)


# --------------------------------------------------------------------------- devtools table


# A clue cell as read: its text, and its background colour (rrggbb, or None) with the value
# as written (for messages; None when its style sets no background).
Cell = tuple[str, str | None, str | None]
# A numbered clue: its length, colour and colour as written.
Clue = tuple[int, str | None, str | None]


def _cell(td) -> Cell:
    text = td.get_text().replace("\xa0", " ").strip()
    style = td.get("style")
    colour, written = background_colour(str(style)) if style and text else (None, None)
    return text, colour, written


def _clue_matrix(cell) -> list[list[Cell]]:
    table = cell.find("table") or cell
    rows = table.find_all("tr")
    # a row in a row (or a cell in a cell) would be read once per level: quadratic
    if any(tr.find("tr") for tr in rows) or any(td.find("td") for td in table.find_all("td")):
        raise ParseError("the clue table has a row or cell inside another one (a broken copy?)")
    return [[_cell(td) for td in tr.find_all("td")] for tr in rows]


def _clues(cells: list[Cell], what: str) -> list[Clue]:
    """The numbered clues of one line, in order; empty slots and 0 (an empty line) dropped."""
    out = []
    for text, colour, written in cells:
        if text and (n := to_int(text, what)) > 0:
            out.append((n, colour, written))
    return out


def _palette(soup) -> list[str]:
    """The colours of `table.nonogram_color_table`, in order, from its cells' background
    colours (whatever else a cell holds: its number, the selected mark); none without it."""
    table = soup.find("table", class_="nonogram_color_table")
    found: dict[str, None] = {}
    for td in table.find_all("td", style=True) if table else ():
        colour, _ = background_colour(str(td["style"]))
        if colour is not None:
            found[colour] = None
    return list(found)


def _listed(colours: list[str]) -> str:
    shown = ", ".join(f"#{c}" for c in colours[:12])
    return shown + (f", … {len(colours)} in all" if len(colours) > 12 else "")


def _colour_indices(
    lines: list[list[Clue]], what: str, palette: list[str]
) -> tuple[tuple[int, ...], ...]:
    """Each clue's colour as a 1-based index into `palette`, or a ParseError naming the clue."""
    index = {colour: i for i, colour in enumerate(palette, 1)}
    out = []
    for i, line in enumerate(lines, 1):
        colours = []
        for j, (_, colour, written) in enumerate(line, 1):
            place = f"{what} {i} clue {j}"
            if colour is None:
                raise ParseError(
                    f"{place} has no colour"
                    + (f" this reader knows ({written!r})" if written else "")
                    + f" in a colour puzzle (palette {_listed(palette)})"
                )
            if colour not in index:
                raise ParseError(
                    f"{place} has colour #{colour}, which is not in the puzzle's palette "
                    f"({_listed(palette)})"
                )
            colours.append(index[colour])
        out.append(tuple(colours))
    return tuple(out)


def _one_colour(colour: str | None) -> tuple[str, ...]:
    return () if colour in (None, BLACK) else (colour,)


def _from_table(soup, source: str, title: str | None) -> Nonogram:
    top, left = soup.find(class_="nmtt"), soup.find(class_="nmtl")
    if top is None or left is None:
        have = "column clues (td.nmtt)" if top is not None else "row clues (td.nmtl)"
        raise ParseError(
            f"only the {have} were copied, not the whole #nonogram_table",
            hint='in the developer tools select <table id="nonogram_table"> and copy its outerHTML',
        )
    levels = _clue_matrix(top)
    width = max((len(level) for level in levels), default=0)
    if any(len(level) != width for level in levels):
        raise ParseError("the column clue table (td.nmtt) has rows of different lengths")
    cols = [_clues([level[c] for level in levels], f"column {c + 1} clue") for c in range(width)]
    rows = [_clues(cells, f"row {r + 1} clue") for r, cells in enumerate(_clue_matrix(left))]
    if not cols or not rows:
        raise ParseError("the clue tables are empty (was the copy cut short?)")
    lengths = {
        "rows": tuple(tuple(n for n, _, _ in line) for line in rows),
        "cols": tuple(tuple(n for n, _, _ in line) for line in cols),
    }
    clues = [clue for line in (*cols, *rows) for clue in line]
    seen = list(dict.fromkeys(colour for _, colour, _ in clues if colour is not None))
    palette = _palette(soup)
    if palette and not seen:
        if len(palette) > 1:
            raise ParseError(
                f"the puzzle has a palette of {len(palette)} colours ({_listed(palette)}) but "
                "its clue cells carry none (were their styles lost in the copy?)"
            )
        return Nonogram(**lengths, source=source, title=title, colors=_one_colour(palette[0]))
    if not palette:
        if len(seen) == 1 and all(colour is not None for _, colour, _ in clues):
            # every clue in one colour: a black-and-white puzzle drawn in it
            return Nonogram(**lengths, source=source, title=title, colors=_one_colour(seen[0]))
        if len(seen) <= 1:  # no colour, or one on some clues only: a greyed-out clue
            return Nonogram(**lengths, source=source, title=title)
        # no palette came with the copy (it may sit outside #nonogram_table): the clue
        # colours in order of first appearance (column by column, then row by row) stand
        # for it; only the numbering of the colours may differ from the site's
        palette = seen
    col_colours = _colour_indices(cols, "column", palette)
    row_colours = _colour_indices(rows, "row", palette)
    if len(palette) == 1:
        return Nonogram(**lengths, source=source, title=title, colors=_one_colour(palette[0]))
    return Nonogram(
        **lengths,
        source=source,
        title=title,
        colors=tuple(palette),
        row_colours=row_colours,
        col_colours=col_colours,
    )


# --------------------------------------------------------------------------- the page


def _domain_of(page: Page) -> str:
    """The domain a page came from: its URL's, else its marks', else nonograms.org."""
    for url in (page.url, page.source):
        domain = on_domain(host_of(url) or "", DOMAINS) if url else None
        if domain:
            return domain
    return page_domain(page.text) or DOMAINS[0]


def _not_found_heading(content, title: str | None) -> str | None:
    """`Error 404` (`Ошибка 404`) as the page heads itself, from its h1 or else its title."""
    heading = content.find("h1") if content else None
    words = heading.get_text(" ", strip=True) if heading else ""
    if "404" not in words:
        words = title.split(" - ")[0] if title and "404" in title else ""
    return " ".join(words.split())[:60] or None


def _red_notice(content) -> str | None:
    """The text of the site's red notice (a deleted or hidden puzzle), if the page has one."""
    for div in content.find_all("div", style=True, recursive=False) if content else ():
        if "color:red" in div["style"].replace(" ", ""):
            return div.get_text(" ", strip=True)[:80] or None
    return None


def _puzzle_links(content, domain: str) -> list[str]:
    """The distinct puzzle pages the page's content links to, as URLs on `domain`."""
    found: dict[str, None] = {}
    for link in content.find_all("a", href=True) if content else ():
        href = link["href"]
        match = PUZZLE_PATH.match(href) if href.startswith("/") else None
        if match is None and on_domain(host_of(href) or "", DOMAINS):
            match = PUZZLE_PATH.search(href)
        if match:
            found[f"https://www.{domain}{match.group()}"] = None
    return list(found)


def _no_puzzle(soup, page: Page) -> ParseError:
    """What a page of the site that holds no puzzle is, in the site's own words."""
    domain = _domain_of(page)
    home = f"https://www.{domain}"
    example = f"open a puzzle page such as {home}/nonograms/i/4353"
    content = soup.find("div", class_="content")
    title = page_title(page.text)
    heading = _not_found_heading(content, title)
    if heading:
        return ParseError(
            f"the page says {heading}: no such puzzle",
            hint=f"check the puzzle's ID: its page is {home}/nonograms/i/ID, "
            "or /nonograms2/i/ID for a colour one",
        )
    notice = _red_notice(content)
    if notice and any(word in notice.lower() for word in DELETED_WORDS):
        return ParseError(
            f'the site says this puzzle was deleted: "{notice}"',
            hint=f"the puzzle is gone from {domain}; pick another at {home}/nonograms",
        )
    if notice:
        return ParseError(f"the site says: {notice}", hint=example)
    links = _puzzle_links(content, domain)
    if links:
        count = f"{len(links)} puzzle{'s' if len(links) > 1 else ''}"
        return ParseError(
            f"this is a {domain} search/list page: it holds no puzzle, only links to {count}",
            hint=f"open one of them, e.g. {links[0]}",
        )
    named = f' ("{title[:60]}")' if title else ""
    return ParseError(f"this {domain} page{named} holds no puzzle", hint=example)


def _title(text: str) -> str | None:
    """The text of the element whose id is nonogram_title, read from the tag that carries
    it (not from the first mention of the name, which may be a CSS rule)."""
    found = TITLE_ID.search(text)
    if found is None:
        return None
    tag = max(text.rfind("<", 0, found.start()), 0)
    return text_around(
        text[tag:], "nonogram_title", lambda attrs: attrs.get("id") == "nonogram_title"
    )


def _puzzle_id(page: Page) -> str | None:
    """The ID in the address the page came from (neither a saved page nor a copy names
    its own)."""
    for address in (page.url or "", page.source):
        host, match = host_of(address), PUZZLE_PATH.search(address)
        if host and match and on_domain(host, DOMAINS):
            return match.group(2)
    return None


GRID_CLASS = LazyPattern(r"\bclass\s*=\s*[\"'][^\"'<>]*\bnmtc\b", re.I)  # the drawn grid
THICK_LINES = {"nmt_td5", "nmt_tr5"}  # cosmetic: every 5th column and row (sites.md 1c)


def parse(page: Page) -> Nonogram:
    title = _title(page.text)
    soup = None
    if VAR_D_START.search(page.text):  # the page source: no tree of the page is needed
        board = _from_var_d(page.text, page.source, title)
    else:
        soup = soup_of(page.text)
        if not (soup.find(class_="nmtt") or soup.find(class_="nmtl")):
            raise _no_puzzle(soup, page)
        board = _from_table(soup, page.source, title)
    puzzle_id = _puzzle_id(page)
    board = replace(board, puzzle_id=puzzle_id) if puzzle_id else board
    if GRID_CLASS.search(page.text) and _marked(_drawn_grid(page.text, soup)):
        board = replace(board, state=MarksUnread("nonograms.org"))
    return board


def _drawn_grid(text: str, soup: Any) -> Any:
    """The grid the page drew (td.nmtc), from the page's tree where one was built (a copy of
    its table), else from a tree of the grid alone: a page source's other tags are not
    made into one (a whole page copied with its `var d`, padded with megabytes)."""
    from bs4 import SoupStrainer

    if soup is None:
        soup = soup_of(text, SoupStrainer(class_=re.compile(r"(?:^|\s)nmtc(?:\s|$)")))
    return soup.find(class_="nmtc")


def _marked(grid: Any) -> bool:
    """Whether the grid (td.nmtc) of a devtools copy shows a player's marks: a cell drawn
    otherwise than blank (a class or style on it or inside it, or text). Which marks its
    classes mean is not documented (sites.md 1d), so they are not read but refused by hints."""
    if grid is None:
        return False
    for cell in _outer_cells(grid):
        tags = (cell, *cell.find_all(True))
        if cell.get_text().strip() or any(
                set(tag.get("class") or ()) - THICK_LINES or tag.get("style") for tag in tags):
            return True
    return False


def _outer_cells(grid: Any) -> Iterator[Any]:
    """The grid's cells not inside another of its cells: each tag and text is read with one
    cell only (a copy of cells nested thousands deep read each with every cell inside it)."""
    stack = [grid]
    while stack:
        for tag in stack.pop().find_all(True, recursive=False):
            if tag.name == "td":
                yield tag
            else:
                stack.append(tag)


SITE = Site(
    name="nonograms.org",
    recognises=recognises,
    read=parse,
    domains=DOMAINS,
    examples=EXAMPLE_URLS,
    requests=puzzle_requests,
    recognises_page=recognises_page,
)
