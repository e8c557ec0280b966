"""Build fixtures/nonograms.org/: page sources, devtools table copies and expected boards.

Run once from the repository root (the output is committed; rerunning rewrites the same bytes):

    python tools/make_nonogram_fixtures.py

No saved nonograms.org page exists in public repositories (docs/sites.md section 4), so every
file here is CONSTRUCTED from the documented facts: the `var d` array is encoded with the
inverse of the documented decoder (sites.md 1b) using seeded random keys, and the clue tables
follow the devtools markup of sites.md 1c. Clues and solutions are real (known-answers.json);
titles, authors, dates and the text around the puzzle are invented. Each file says so in a
comment.

For every puzzle it writes `<id>.source.html`, `<id>.table.html` and the "puzzle" of
`<id>.board.json` (tools/update_golden.py writes the rest: run it after this), and in `bad/`
the pages a parser must refuse. Every encoded array is decoded back with
`puzzlesat.sources.nonograms_org.decode_var_d` and every file is parsed back before it is kept.

Colour puzzles: the real #4374 (known-answers.json) and three from
../shared/data/nonogram/colour/colour-set.jsonl (known answers, shown as if they were pages of
the site). Their table copies carry the palette (`table.nonogram_color_table` in `td#nmti`) and
clue cells styled `background-color:#rrggbb;color:...` (sites.md 1c); their board JSON holds
[length, colour] pairs. Their drawings (`*.render.txt`) are not written here.
"""

# The HTML templates below keep the long lines a real page has.
# ruff: noqa: E501

from __future__ import annotations

import json
import math
import random
import re
import sys
import zlib
from dataclasses import dataclass
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "fixtures" / "nonograms.org"
KNOWN = ROOT.parent / "shared" / "data" / "known-answers.json"
COLOUR_SET = ROOT.parent / "shared" / "data" / "nonogram" / "colour" / "colour-set.jsonl"

sys.path.insert(0, str(ROOT / "src"))

from update_golden import board_with_puzzle  # noqa: E402

from puzzlesat.core import Page, ParseError, Status  # noqa: E402
from puzzlesat.kinds.nonogram.board import BLACK, Nonogram, from_picture, to_json  # noqa: E402
from puzzlesat.solve import solve  # noqa: E402
from puzzlesat.sources.nonograms_org import decode_var_d, parse  # noqa: E402

NOTE = (
    "CONSTRUCTED by tools/make_nonogram_fixtures.py for parser tests, not a capture of {site}. "
    "Clues/solution: {source}. Title, author and surrounding text are invented; "
    "the var d keys are seeded random numbers."
)


def check(condition: bool, message: str) -> None:
    """An assert that survives `python -O`."""
    if not condition:
        raise SystemExit(f"make_nonogram_fixtures: {message}")


# --------------------------------------------------------------------------- var d encoding


def v3(r: list[int]) -> int:
    return r[0] % r[3] + r[1] % r[3] - r[2] % r[3]


def sq(r: list[int]) -> int:
    return (r[0] % r[3]) ** 2 + 2 * (r[1] % r[3]) + r[2] % r[3]


def v3_record(value: int, rng: random.Random) -> list[int]:
    """Four numbers whose V3 is `value`: residues a + b - c = value, all below r3 > 0."""
    r3 = rng.randint(max(value // 2 + 2, 7), max(value // 2 + 2, 7) + 60)
    c = rng.randint(0, min(r3 - 1, 2 * (r3 - 1) - value))
    a = rng.randint(max(0, value + c - (r3 - 1)), min(r3 - 1, value + c))
    b = value + c - a
    record = [res + r3 * rng.randint(0, 4) for res in (a, b, c)] + [r3]
    check(v3(record) == value and min(record) >= 0, f"V3 encoding of {value}")
    return record


def sq_record(value: int, rng: random.Random) -> list[int]:
    """Four numbers whose SQ is `value`: a^2 + 2b + c with a, b, c below m > 0."""
    low = max(math.isqrt(value) + 2, 5)
    while True:
        m = rng.randint(low, low + 60)
        choices = [a for a in range(m) if 0 <= value - a * a <= 3 * (m - 1)]
        if choices:
            break
    a = rng.choice(choices)
    rest = value - a * a
    b = rng.randint(max(0, -(-(rest - (m - 1)) // 2)), min(m - 1, rest // 2))
    c = rest - 2 * b
    record = [res + m * rng.randint(0, 3) for res in (a, b, c)] + [m]
    check(sq(record) == value and 0 <= c < m, f"SQ encoding of {value}")
    return record


def key(rng: random.Random) -> list[int]:
    return [rng.randint(3, 160) for _ in range(4)]


def colour_runs(picture) -> list[tuple[int, int, int, int]]:
    """(row, col, length, colour) of every maximal run of one colour, row by row."""
    out = []
    for r, row in enumerate(picture):
        c = 0
        while c < len(row):
            if row[c]:
                start = c
                while c < len(row) and row[c] == row[start]:
                    c += 1
                out.append((r, start, c - start, row[start]))
            else:
                c += 1
    return out


def encode_var_d(
    picture, colours: list[str], rng: random.Random, puzzle_id: int | None, extra: int
) -> list[list[int]]:
    """The inverse of sites.md 1b, plus a second block of `extra` records after the runs.

    Real pages carry more records than the runs need (#4353: 40 for 16, #4374: 45 for 18);
    the site's script reads a second block at W = ncolors + 7 + nruns in the run format. Its
    meaning is unknown; here it holds `extra` short runs at random cells.
    """
    height, width = len(picture), len(picture[0])
    first = sq_record(puzzle_id, rng) if puzzle_id else [rng.randint(20, 400) for _ in range(4)]
    d = [first, v3_record(width, rng), v3_record(height, rng), v3_record(len(colours), rng)]
    colour_key = key(rng)
    d.append(colour_key)
    for hexcode in colours:
        red, green, blue = bytes.fromhex(hexcode)
        dark = 0.299 * red + 0.587 * green + 0.114 * blue < 128
        flag = 1 if dark else 0  # white text on dark clues (an inferred meaning)
        d.append(
            [
                red + colour_key[1],
                green + colour_key[0],
                blue + colour_key[3],
                flag + red + colour_key[2],
            ]
        )
    found = colour_runs(picture)
    d.append(sq_record(len(found), rng))
    run_key = key(rng)
    d.append(run_key)
    for row, col, length, colour in found:
        d.append(
            [col + run_key[0] + 1, length + run_key[1], colour + run_key[2], row + run_key[3] + 1]
        )
    check(len(d) == len(colours) + 7 + len(found), "run block layout")
    if extra:
        d.append(sq_record(extra, rng))
        second_key = key(rng)
        d.append(second_key)
        cells = rng.sample([(r, c) for r in range(height) for c in range(width)], extra)
        for row, col in cells:
            length = rng.randint(1, min(3, width - col))
            colour = rng.randint(1, len(colours))
            d.append(
                [
                    col + second_key[0] + 1,
                    length + second_key[1],
                    colour + second_key[2],
                    row + second_key[3] + 1,
                ]
            )
    return d


def var_d_line(d: list[list[int]]) -> str:
    return "var d=" + json.dumps(d, separators=(",", ":")) + ";"


# --------------------------------------------------------------------------- puzzles


@dataclass
class Puzzle:
    id: str
    title: str
    author: str
    author_id: int
    added: str
    picture: tuple[tuple[int, ...], ...]
    colours: list[str]
    source: str
    site: str = "org"  # "org" or "ru" (the Russian mirror, same database)
    extra: int = 0  # records of the second block
    live_state: bool = False  # the table copy carries a player's marks
    row_clue_id: str = "nmh"  # the kacevnik clone names row clues nml{row}_{k}

    @property
    def number(self) -> int | None:
        return int(self.id) if self.id.isdigit() else None

    @property
    def width(self) -> int:
        return len(self.picture[0])

    @property
    def height(self) -> int:
        return len(self.picture)

    def clues(self):
        """Rows and columns as lists of (length, colour) pairs."""

        def line(cells):
            out, prev, count = [], 0, 0
            for v in (*cells, 0):
                if v == prev and v:
                    count += 1
                    continue
                if prev:
                    out.append((count, prev))
                prev, count = v, 1
            return out

        return [line(r) for r in self.picture], [line(c) for c in zip(*self.picture)]

    @property
    def is_colour(self) -> bool:
        return len(self.colours) > 1

    def board(self) -> Nonogram:
        """The board the clues of the picture make (black alone: no colours, as ever)."""
        colors = () if self.colours == [BLACK] else tuple(self.colours)
        return from_picture(self.picture, colors)

    def board_json(self) -> dict:
        return to_json(self.board())


def solved(entry: dict, name: str) -> tuple[tuple[int, ...], ...]:
    board = Nonogram(rows=tuple(map(tuple, entry["rows"])), cols=tuple(map(tuple, entry["cols"])))
    result = solve(board)
    check(result.status in (Status.UNIQUE, Status.MULTIPLE), f"{name} has no solution")
    if result.status is not Status.UNIQUE:
        print(f"warning: {name} is not unique; building it with the first solution found")
    return result.solutions[0]


def puzzles(known: dict) -> tuple[list[Puzzle], list[Puzzle]]:
    org = known["nonograms_org"]
    answer_4353 = tuple(tuple(r) for r in org["4353"]["solution"])
    check(solved(org["4353"], "4353") == answer_4353, "4353: the solver disagrees with the answer")
    bw = [
        Puzzle(
            "4353",
            "Little chair",
            "nonofan",
            1187,
            "14.03.2011",
            answer_4353,
            ["000000"],
            org["4353"]["source"],
            extra=org["4353"]["encoded_record_count"] - 16 - 2,
        ),
        Puzzle(
            "50196",
            "Stairs",
            "Marina K.",
            20544,
            "02.09.2019",
            solved(org["50196"], "50196"),
            ["000000"],
            org["50196"]["source"],
            extra=15,
        ),
        Puzzle(
            "66825",
            "Snail & leaf",
            "Oleg_S",
            31702,
            "27.11.2023",
            solved(org["66825"], "66825"),
            ["000000"],
            org["66825"]["source"],
            extra=140,
            live_state=True,
        ),
        Puzzle(
            "66515",
            "Teapot",
            "pixel_hedgehog",
            29950,
            "18.10.2023",
            solved(org["66515"], "66515"),
            ["000000"],
            org["66515"]["source"],
            extra=396,
        ),
        Puzzle(
            "kacevnik-10x10",
            "Парусник",
            "Кацевник",
            77,
            "05.05.2016",
            solved(org["kacevnik_clone_10x10"], "kacevnik"),
            ["000000"],
            org["kacevnik_clone_10x10"]["source"],
            site="ru",
            extra=97,
            row_clue_id="nml",
        ),
    ]
    colour = org["4374"]
    picture = tuple(tuple(r) for r in colour["solution"])
    colour_4374 = Puzzle(
        "4374",
        "Sunflower",
        "nonofan",
        1187,
        "16.03.2011",
        picture,
        colour["colors"],
        colour["source"],
        extra=colour["encoded_record_count"] - 18 - 2,
    )
    rows, cols = colour_4374.clues()
    as_pairs = [[tuple(p) for p in line] for line in colour["rows_colored"]]
    check([[tuple(p) for p in r] for r in rows] == as_pairs, "4374 row clues")
    as_pairs = [[tuple(p) for p in line] for line in colour["cols_colored"]]
    check([[tuple(p) for p in c] for c in cols] == as_pairs, "4374 column clues")
    return bw, [colour_4374, *colour_set()]


# name in colour-set.jsonl -> (fixture name, title, author, author id, added, extra records)
COLOUR_SET_PUZZLES = {
    "color-nonogram example": ("colour-29x24", "Six colours", "kolorist", 40117, "03.02.2024", 64),
    "pynogram color_board_def (empty middle row)": (
        "colour-3x3",
        "Two stripes",
        "nonofan",
        1187,
        "21.06.2023",
        5,
    ),
    "UK flag (simplified)": ("uk-flag-31x15", "Union Jack", "flagmaker", 38211, "22.06.2023", 40),
}


def colour_set() -> list[Puzzle]:
    """The colour puzzles of colour-set.jsonl named in COLOUR_SET_PUZZLES, checked against
    their own clues."""
    entries = {}
    for line in COLOUR_SET.read_text(encoding="utf-8").splitlines():
        if line.strip():
            entry = json.loads(line)
            entries[entry["name"]] = entry
    out = []
    for name, (fixture, title, author, author_id, added, extra) in COLOUR_SET_PUZZLES.items():
        entry = entries[name]
        picture = tuple(tuple(r) for r in entry["solution"])
        check(
            (len(picture[0]), len(picture)) == (entry["width"], entry["height"]),
            f"{fixture}: size",
        )
        p = Puzzle(
            fixture, title, author, author_id, added, picture, entry["colors"],
            entry["source"].split(" (")[0], extra=extra,
        )
        rows, cols = p.clues()
        check([[list(b) for b in r] for r in rows] == entry["rows"], f"{fixture}: row clues")
        check([[list(b) for b in c] for c in cols] == entry["cols"], f"{fixture}: column clues")
        out.append(p)
    return out


# --------------------------------------------------------------------------- page source

TEXT = {
    "org": {
        "lang": "en",
        "host": "www.nonograms.org",
        "brand": "Nonograms",
        "menu": [
            ("/", "Home"),
            ("/nonograms", "Nonograms"),
            ("/nonograms2", "Color nonograms"),
            ("/search", "Search"),
            ("/authors", "Authors"),
            ("/forum", "Forum"),
            ("/rules", "Rules"),
        ],
        "size": "Size",
        "author": "Author",
        "added": "Added",
        "colours": "Colors",
        "answer": "Show answer",
        "comments": "Comments",
        "login": "Log in",
        "register": "Register",
        "noscript": "Please enable JavaScript to solve this nonogram.",
        "footer": "Nonograms — Japanese crosswords online",
        "search": "Search nonograms",
    },
    "ru": {
        "lang": "ru",
        "host": "www.nonograms.ru",
        "brand": "Японские кроссворды",
        "menu": [
            ("/", "Главная"),
            ("/nonograms", "Японские кроссворды"),
            ("/nonograms2", "Цветные кроссворды"),
            ("/search", "Поиск"),
            ("/authors", "Авторы"),
            ("/forum", "Форум"),
            ("/rules", "Правила"),
        ],
        "size": "Размер",
        "author": "Автор",
        "added": "Добавлен",
        "colours": "Цветов",
        "answer": "Показать ответ",
        "comments": "Комментарии",
        "login": "Вход",
        "register": "Регистрация",
        "noscript": "Для решения кроссворда включите JavaScript.",
        "footer": "Японские кроссворды онлайн",
        "search": "Поиск кроссвордов",
    },
}


def page(site: str, head_title: str, content: str, note: str) -> str:
    t = TEXT[site]
    description = re.sub(r" - nonograms\.\w+$", "", head_title)
    menu = "\n".join(f'    <li><a href="{url}">{escape(name)}</a></li>' for url, name in t["menu"])
    return f"""<!DOCTYPE html>
<!-- {escape(note, quote=False)} -->
<html lang="{t["lang"]}">
<head>
<meta charset="utf-8">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{head_title}</title>
<meta name="description" content="{description}">
<link rel="icon" href="/favicon.ico" type="image/x-icon">
<link rel="stylesheet" type="text/css" href="/css/style.min.062.css">
<link rel="stylesheet" type="text/css" href="/css/nonogram.min.062.css">
<script type="text/javascript" src="/js/jquery-1.12.4.min.js"></script>
<script type="text/javascript" src="/js/jquery.cookie.min.js"></script>
<script type="text/javascript" src="/js/nonogram.min.062.js"></script>
</head>
<body>
<div class="wrapper">
<div class="header">
  <a class="logo" href="/"><img src="/img/logo.png" width="200" height="48" alt="{escape(t["brand"])}"></a>
  <div class="login"><a href="/login">{t["login"]}</a> | <a href="/register">{t["register"]}</a></div>
  <ul class="menu">
{menu}
  </ul>
  <div class="lang"><a href="https://www.nonograms.org/">EN</a> <a href="https://www.nonograms.ru/">RU</a></div>
</div>
<div class="main">
<div class="content">
{content}
</div>
<div class="sidebar">
  <form action="/search" method="get"><input type="text" name="name" placeholder="{t["search"]}"><input type="submit" value="OK"></form>
  <div class="block"><b>{t["comments"]}</b><ul><li><a href="/nonograms/i/2214#c">…</a></li></ul></div>
</div>
</div>
<div class="footer">
  <p>&copy; 2008&ndash;2026 {t["host"]} &mdash; {t["footer"]}</p>
  <p><a href="/contacts">Contacts</a> | <a href="/privacy">Privacy</a></p>
</div>
</div>
<script type="text/javascript">
(function(m,e,t,r,i,k,a){{m[i]=m[i]||function(){{(m[i].a=m[i].a||[]).push(arguments)}};
m[i].l=1*new Date();k=e.createElement(t),a=e.getElementsByTagName(t)[0],k.async=1,k.src=r,a.parentNode.insertBefore(k,a)}})
(window, document, "script", "/js/counter.js", "cnt");
cnt(1234567, "init", {{clickmap:true, trackLinks:true}});
</script>
<noscript><div><img src="/counter/1234567" style="position:absolute; left:-9999px;" alt=""></div></noscript>
</body>
</html>
"""


def puzzle_content(p: Puzzle, d_line: str, section: str) -> str:
    t = TEXT[p.site]
    number = p.number or 0
    colour_row = ""
    if len(p.colours) > 1:
        colour_row = f"<tr><td>{t['colours']}: {len(p.colours)}</td></tr>\n"
    section_name = escape(t["menu"][1 if section == "nonograms" else 2][1])
    return f"""<div class="breadcrumbs"><a href="/">{escape(t["brand"])}</a> &raquo; <a href="/{section}">{section_name}</a> &raquo; #{number}</div>
<h1 id="nonogram_title">{escape(p.title)}</h1>
<table class="nonogram_info">
<tr><td>{t["size"]}: {p.width}x{p.height}</td></tr>
{colour_row}<tr><td>{t["author"]}: <a id="nonogram_author_name" href="/authors/i/{p.author_id}">{escape(p.author)}</a></td></tr>
<tr><td>{t["added"]}: {p.added}</td></tr>
</table>
<div id="nonogram_place"><noscript>{t["noscript"]}</noscript></div>
<div class="nonogram_buttons">
  <input type="button" id="nonogram_check" value="Check">
  <input type="button" id="nonogram_undo" value="Undo">
  <input type="button" id="nonogram_clear" value="Clear">
</div>
<script type="text/javascript">
var nonogram_id={number};
var nonogram_lang="{t["lang"]}";
var nonogram_ver=62;
{d_line}
var ns=0,nt=0,nbw={1 if len(p.colours) == 1 else 0};
$(document).ready(function(){{nonogram_load();nonogram_timer_start();}});
</script>
<p><a id="nonogram_answer" href="/{section}answer/i/{number}" rel="nofollow">{t["answer"]}</a></p>
<div class="comments"><h2>{t["comments"]}</h2><p>—</p></div>"""


def source_page(p: Puzzle, d: list[list[int]]) -> str:
    t = TEXT[p.site]
    section = "nonograms" if len(p.colours) == 1 else "nonograms2"
    head_title = f"{escape(t['brand'])} «{escape(p.title)}» - nonograms.{p.site}"
    note = NOTE.format(site=f"nonograms.{p.site}", source=p.source)
    return page(p.site, head_title, puzzle_content(p, var_d_line(d), section), note)


# --------------------------------------------------------------------------- devtools table


FILLED = ' style="background-color: rgb(0, 0, 0);"'
CROSSED = ' style="background-image: url(&quot;/img/x.png&quot;);"'
GREYED = ' style="color: rgb(170, 170, 170);"'


def thick(i: int, prefix: str) -> str:
    return f"{prefix}5" if (i + 1) % 5 == 0 else ""


def classes(*names: str) -> str:
    joined = " ".join(n for n in names if n)
    return f' class="{joined}"' if joined else ""


def empty(*extra: str) -> str:
    return f"<td{classes('num_empty', *extra)}><div>&nbsp;</div></td>"


def clue_style(p: Puzzle, colour: int) -> str:
    if len(p.colours) == 1:
        return ""
    hexcode = p.colours[colour - 1]
    red, green, blue = bytes.fromhex(hexcode)
    text = "ffffff" if 0.299 * red + 0.587 * green + 0.114 * blue < 128 else "000000"
    return f' style="background-color:#{hexcode};color:#{text};"'


def table_copy(p: Puzzle, rng: random.Random) -> str:
    """`<table id="nonogram_table">` as devtools "Copy outerHTML" gives it: one line."""
    rows, cols = p.clues()
    depth = max(len(c) for c in cols)
    slots = max(len(r) for r in rows)
    greyed = set()
    state: dict[tuple[int, int], str] = {}
    if p.live_state:  # a player half-way: fills (one wrong), crosses, a clicked clue number
        for r in range(p.height // 2):
            for c in range(p.width):
                state[(r, c)] = FILLED if p.picture[r][c] else CROSSED
        wrong = next(
            (r, c)
            for r in range(p.height - 1, 0, -1)
            for c in range(p.width)
            if not p.picture[r][c]
        )
        state[wrong] = FILLED
        greyed = {("col", 0, depth - 1), ("row", 0, slots - 1)}

    out = ['<table class="nonogram_table" id="nonogram_table"><tbody><tr>']
    if len(p.colours) > 1:  # the palette cells show their numbers (read as `int(td.text)`)
        palette = "".join(
            f'<td id="nmc{i + 1}" onmousedown="fcc(event,{i + 1})" class="nmcs'
            f'{" nmcs_sel" if i == 0 else ""}"{clue_style(p, i + 1)}>{i + 1}</td>'
            for i in range(len(p.colours))
        )
        out.append(
            f'<td id="nmti"><table class="nonogram_color_table"><tbody><tr>{palette}'
            "</tr></tbody></table></td>"
        )
    else:
        out.append('<td id="nmti">&nbsp;</td>')
    out.append('<td class="nmtt"><table><tbody>')
    for k in range(depth):
        cells = []
        for c, clue in enumerate(cols):
            j = k - (depth - len(clue))
            if j < 0:
                cells.append(empty(thick(c, "nmt_td")))
                continue
            length, colour = clue[j]
            style = GREYED if ("col", c, k) in greyed else clue_style(p, colour)
            cells.append(
                f'<td id="nmv{c}_{k}" onmousedown="fc7(event,{c},{k})"'
                f"{classes('num', thick(c, 'nmt_td'))}{style}><div>{length}</div></td>"
            )
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append('</tbody></table></td></tr><tr><td class="nmtl"><table><tbody>')
    for r, clue in enumerate(rows):
        cells = []
        for k in range(slots):
            j = k - (slots - len(clue))
            if j < 0:
                cells.append(empty())
                continue
            length, colour = clue[j]
            ident = f"nml{r}_{k}" if p.row_clue_id == "nml" else f"nmh{k}_{r}"
            style = GREYED if ("row", r, k) in greyed else clue_style(p, colour)
            cells.append(
                f'<td id="{ident}" onmousedown="fc3(event,{k},{r})" class="num"{style}>'
                f"<div>{length}</div></td>"
            )
        out.append(f"<tr{classes(thick(r, 'nmt_tr'))}>" + "".join(cells) + "</tr>")
    out.append('</tbody></table></td><td class="nmtc"><table><tbody>')
    for r in range(p.height):
        cells = []
        for c in range(p.width):
            cells.append(
                f'<td id="nmf{c}_{r}" onmousedown="fcm(event,{c},{r})" '
                f'onmouseover="fco(event,{c},{r})"{classes(thick(c, "nmt_td"))}'
                f"{state.get((r, c), '')}><div>&nbsp;</div></td>"
            )
        out.append(f'<tr id="l{r}"{classes(thick(r, "nmt_tr"))}>' + "".join(cells) + "</tr>")
    out.append("</tbody></table></td></tr></tbody></table>")
    note = NOTE.format(site=f"nonograms.{p.site}", source=p.source).replace(
        "the var d keys are seeded random numbers", "markup per docs/sites.md 1c"
    )
    return f"<!-- {note} -->\n" + "".join(out) + "\n"


# --------------------------------------------------------------------------- bad pages


def error_404() -> str:
    content = """<h1><span>Error 404</span></h1>
<p>Page not found. Check the address or use the <a href="/search">search</a>.</p>"""
    note = "CONSTRUCTED: nonograms.org 404 page (div.content h1 span 'Error 404', sites.md 1a)."
    return page("org", "Error 404 - nonograms.org", content, note)


def deleted() -> str:
    content = """<div class="breadcrumbs"><a href="/">Nonograms</a> &raquo; <a href="/nonograms">Nonograms</a></div>
<div style="color:red;font-size:16px;font-weight:bold;">This nonogram has been deleted.</div>
<p><a href="/nonograms">Back to the list of nonograms</a></p>"""
    note = "CONSTRUCTED: a deleted puzzle's page (red notice div, sites.md 1a); wording invented."
    return page("org", "Nonograms - nonograms.org", content, note)


def search_list(puzzles: list[Puzzle]) -> str:
    items = "\n".join(
        f'<tr><td class="nonogram_list_img"><a href="/nonograms/i/{p.id}">'
        f'<img src="/nonogramimg/i/{p.id}.png" alt=""></a></td>'
        f'<td><a href="/nonograms/i/{p.id}">{escape(p.title)}</a><br>'
        f"Size: {p.width}x{p.height} &middot; {escape(p.author)}</td></tr>"
        for p in puzzles
        if p.number
    )
    content = f"""<h1>Search</h1>
<form action="/search" method="get" class="search_form">
<input type="text" name="name" value=""> <select name="sort"><option value="6" selected>newest</option></select>
<input type="submit" value="Search"></form>
<table class="nonogram_list">
{items}
</table>
<div class="pager"><span>1</span> <a href="/search/p/2?sort=6">2</a> <a href="/search/p/3?sort=6">3</a> &hellip;</div>"""
    note = "CONSTRUCTED: a search/list page (/search/p/1?sort=6) that holds no puzzle."
    return page("org", "Search - nonograms.org", content, note)


def truncated(source: str, record: int) -> str:
    """The page cut off inside record `record` of its `var d` line (an interrupted download)."""
    cut = source.index("var d=")
    for _ in range(record):
        cut = source.index("],[", cut) + 3
    cut = source.index(",", cut) + 2
    check("];" not in source[cut - 10 : cut] and cut < source.index(";\n", cut), "truncation")
    return source[:cut]


def half_table(table: str, which: str) -> str:
    """What devtools copies when the user picked td.nmtt (or td.nmtl) instead of the table."""
    match = re.search(rf'<td class="{which}"><table>.*?</table></td>', table)
    check(match is not None, f"{which} in the table copy")
    return (
        f"<!-- CONSTRUCTED: devtools copy of td.{which} alone (half the table) -->\n"
        f"{match.group(0)}\n"
    )


# --------------------------------------------------------------------------- main


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="\n")
    print(f"wrote {path.relative_to(ROOT)}")


def expect_error(text: str, error: type[Exception], name: str) -> None:
    try:
        parse(Page(source=name, text=text))
    except error:
        return
    raise SystemExit(f"make_nonogram_fixtures: {name} did not raise {error.__name__}")


def main() -> None:
    known = json.loads(KNOWN.read_text(encoding="utf-8"))
    bw, colour = puzzles(known)
    sources = {}
    for p in [*bw, *colour]:
        rng = random.Random(zlib.crc32(f"nonograms.org fixture {p.id}".encode()))
        d = encode_var_d(p.picture, p.colours, rng, p.number, p.extra)
        picture, colours = decode_var_d(d)
        check(picture == p.picture, f"{p.id}: var d decodes to another picture")
        check(colours == p.colours, f"{p.id}: var d decodes to colours {colours}")
        if p.number:
            check(sq(d[0]) == p.number, f"{p.id}: SQ(d[0]) is the puzzle id")
        if p.id in ("4353", "4374"):
            expected = known["nonograms_org"][p.id]["encoded_record_count"]
            check(len(d) == expected, f"{p.id}: {len(d)} records, real pages have {expected}")
        source, table = source_page(p, d), table_copy(p, rng)
        check(source.count("\nvar d=") == 1, f"{p.id}: var d alone on its line")
        sources[p.id] = source
        board = p.board_json()
        from_source = parse(Page(source=f"{p.id}.source.html", text=source))
        from_table = parse(Page(source=f"{p.id}.table.html", text=table))
        check(to_json(from_source) == board, f"{p.id}: source parses to another board")
        check(to_json(from_table) == board, f"{p.id}: table parses to another board")
        check(from_source.title == p.title, f"{p.id}: title {from_source.title!r}")
        check(from_source.picture == p.picture, f"{p.id}: picture")
        check(from_source.is_colour == p.is_colour, f"{p.id}: colour or not")
        write(OUT / f"{p.id}.source.html", source)
        write(OUT / f"{p.id}.table.html", table)
        expected = OUT / f"{p.id}.board.json"
        write(expected, board_with_puzzle(expected, board))

    table_4353 = (OUT / "4353.table.html").read_text(encoding="utf-8")
    bad = {
        "error-404.html": error_404(),
        "deleted.html": deleted(),
        "search-list.html": search_list(bw),
        "truncated-4353.source.html": truncated(sources["4353"], 11),  # inside the runs
        "half-table-nmtt.html": half_table(table_4353, "nmtt"),
        "half-table-nmtl.html": half_table(table_4353, "nmtl"),
    }
    for name, text in bad.items():
        expect_error(text, ParseError, name)
        write(OUT / "bad" / name, text)


if __name__ == "__main__":
    main()
