"""Game IDs of Simon Tatham's Portable Puzzle Collection: Pattern, Rectangles, Solo,
Light Up, Unruly, Loopy, Dominosa and Tents, each read and written by its module here
(pattern.py, rectangles.py, solo.py, lightup.py, unruly.py, loopy.py, dominosa.py,
tents.py); Towers, Unequal and Singles (towers.py, unequal.py, singles.py); Bridges,
Net and Galaxies (rule 4).

A game ID is one line `params:description`, what the games' Game > Specific dialog shows and
takes (`--game-id` on their command lines). The collection's own reader (midend.c) splits it
at the first `:` or `#`; no game name ever comes in front, so none is read here either.
`params#seed` is a random seed: the puzzle it makes depends on the generator's version, so
it is refused with a hint to copy the descriptive ID instead.

Which game an ID is, since all start with a size (params never name the game):
  0. Loopy's params letters (`t` and the grid type first, as Loopy always writes them): Loopy;
     params of one number N (and a difficulty `d`) and clues of digits and `/` alone, more
     than the 2N lines of Pattern's N x N (Towers has 4N) or after a difficulty: Towers;
  1. a `/` or `.` before any `,` in the description: Pattern (it always has W+H-1 slashes);
     params of a difficulty alone (`de`) and a description of tree runs (letters, `_`,
     `!`, `-`; no digit) then `,` and counts, the runs holding `_`, `!` or `-`, or
     reaching one past the last cell, or the params naming the difficulty: Tents;
     params of one number (Adjacent's `a`, a difficulty) and a description of cells, each
     a number and flags `URDL`, separated by `,` (no `_`, at least one `,`): Unequal;
     a description of exactly W*H characters, each a number from 1 to the longer side in
     1-9, a-z, A-Z, at least one a digit: digits alone, or with letters where Light Up,
     Rectangles and Solo read no grid of it: Singles (a digit run is one Rectangles cell;
     Light Up reads digits as numbered walls, and a board of those alone, with no 0, has
     no answer; the bound keeps out Net's hex digits);
     Unruly's own params (`u`), or a description of letters alone that reaches one past
     the last cell as Unruly counts and that Light Up cannot read: Unruly; Light Up's own
     params (`b`, `s`) or a wall `B` in the description: Light Up;
     params of one number N and a description of digits and `[NN]` that holds a bracket or
     more than one digit, not N x N of them (a Light Up's): Dominosa, whose double-N set has
     (N+2) x (N+1) cells (the others read a one-number size as N x N cells, and a digit run
     as one cell);
  2. otherwise a Solo-only params letter (`j`, `x`, `k`, `d`, `r`, `m`) or a `,` in the
     description: Solo; an `e` in the params: Rectangles;
  3. otherwise the number of cells the description covers: W*H is Rectangles, (W*H)**2 is
     Solo (W*H > 1, so never both): `3x3:` with 81 cells is Solo, with 9 Rectangles;
     W*H cells of one character each (`a`-`z`, `0`-`4`) is Light Up. A Light Up ID with
     no wall `B` that Rectangles reads as W*H cells too (`2x2:1c`) is read as Rectangles:
     Tatham's generator leaves unnumbered walls in all but the rarest grids.
  4. Bridges, Net and Galaxies (bridges.py, net.py, galaxies.py):
     - before rule 1, Bridges' own params (`m`, `i`, `L`; encode_params always writes
       `mN`) and a description of runs and islands `1`-`9`, `A`-`G` (with `m` alone, a
       Solo letter too, not covering Solo's (W*H)**2 cells): Bridges; Net's wrapping `w`
       and a description of hex digits and barriers `h`, `v`: Net;
     - after Tents, a description that no other game counts as its grid (Unruly's W*H+1,
       Light Up's, Rectangles' W*H or Solo's (W*H)**2 cells): Net where it is one hex
       digit a tile over exactly W*H tiles with the 2(W*H-1) arms of a tree (as every
       Net with an answer has: another game's digits seldom add up so), Galaxies where
       it is letters alone (its dots on the (2W-1)x(2H-1) half grid), but for one whose
       only uppercase letter is Light Up's wall `B`. So Tatham's own `5x5:eBbbMlaBbOEnf`
       (uppercase black dots) and `7x7dh:...` (a difficulty) are Galaxies, not an Unruly
       or a Solo of the wrong count.
     A non-wrapping Net that Rectangles counts as W*H cells too (its digits run together
     into Rectangles' numbers: 3% of random 5x5 Nets, 1% of 7x7) is read as Rectangles;
     puzzlesat writes such a board, and one without a tree's arms, as Net itself treats
     it, wrapping with barriers all round its border (`WxHw:` and `v`, `h`), which reads
     back as not wrapping. A Galaxies
     ID that an earlier rule takes by its count is not written: `write` refuses it.
  The rule leaves nothing for an override to choose, so there is one format, `tatham`, with
  no game names for aliases (`--to solo` could not make a Shikaku a Sudoku): writing picks
  the game by the board's kind.
"""

from __future__ import annotations

from ...core import LazyPattern, Page, ParseError, whole_number
from ...kinds import kind_of, kinds_written_as
from ..format import Format, with_hint
from .bridges import is_bridges, read_bridges, write_bridges
from .common import cell_count, refuse
from .dominosa import is_dominosa, read_dominosa, write_dominosa
from .galaxies import is_galaxies, read_galaxies, write_galaxies
from .lightup import covers, is_lightup, read_lightup, write_lightup
from .loopy import is_loopy, read_loopy, write_loopy
from .net import is_net, is_wrapping_net, read_net, write_net
from .pattern import read_pattern, write_pattern
from .rectangles import read_rectangles, write_rectangles
from .singles import is_singles, read_singles, write_singles
from .solo import read_solo, write_solo
from .tents import is_tents, read_tents, write_tents
from .towers import is_towers, read_towers, write_towers
from .unequal import is_unequal, read_unequal, write_unequal
from .unruly import LETTERS, is_unruly, read_unruly, write_unruly
from .unruly import cells_covered as unruly_cells

HINT = (
    "check the game ID: one line `params:description` as a Tatham game's Game > Specific "
    "dialog shows it, e.g. `5x5:2/1.1/...` (Pattern), `7x7:b2_2f3...` (Rectangles), "
    "`3x3:a7a6...` or `9j:...,...` (Solo), `7x7:aB1c...` (Light Up), `6x6u:bAd...` (Unruly), "
    "`7x7t0:a3b2...` (Loopy), `3:0123...` (Dominosa), `6x6de:_c_ndg_a,2,0,...` (Tents), "
    "`4:2/2/1/3/...` (Towers), `4:0D,0,0L,...` (Unequal), `6x6:361566...` (Singles), "
    "`7x7m2:2b4b...` (Bridges), `5x5:1115...` or `5x5w:...` (Net), `7x7:chpg...` (Galaxies)"
)

# params: a number, an optional `x` and number, then letters (the first not a digit, so
# that a failed match gives back digits one at a time without rescanning: linear time)
PARAMS = LazyPattern(r"([0-9]+)(?:x([0-9]+))?([a-z.][a-z0-9.L]*)?")  # L: Bridges
DESC = LazyPattern(r"[0-9A-Za-z./_,\[\]!-]*")
SEPARATOR = LazyPattern(r"[:#]")
SPACE = LazyPattern(r"\s")
SOLO_LETTERS = frozenset("jkxdrm")


# --------------------------------------------------------------------------- recognition


ID_START = LazyPattern(r"\ufeff?\s*\d")


def _split(text: str) -> tuple[str, str, str] | None:
    """(params, ':' or '#', the rest) of a whole text that is one game ID, else None."""
    if not ID_START.match(text):  # a page or another file, told at its first characters
        return None
    text = text.removeprefix("\ufeff").strip()
    if not text or SPACE.search(text):
        return None
    cut = SEPARATOR.search(text)
    if cut is None:
        return None
    params, sep, rest = text[: cut.start()], cut.group(), text[cut.end() :]
    if PARAMS.fullmatch(params) is None:
        return None
    if sep == ":" and DESC.fullmatch(rest) is None:
        return None
    return params, sep, rest


def looks_like_game_id(text: str) -> bool:
    """Whether `text` (a file's whole text, or a command-line argument) is one Tatham game
    ID: params such as `5x5`, `7x7e2a` or `9j`, then `:` and a description of letters,
    digits, `.`, `/`, `_` and `,` (or `#` and a random seed, which `read` refuses by name).
    One line, no spaces; linear time. A command line should look for a file of that name
    first: `5x5:2/1.1/...` holds slashes."""
    return _split(text) is not None


recognises = looks_like_game_id


# --------------------------------------------------------------------------- reading


def _params(params: str) -> tuple[int, int | None, str]:
    """(first number, second number or None, the letters after them)."""
    match = PARAMS.fullmatch(params)
    if match is None:
        raise ParseError(
            f"Tatham game ID: the parameters {params[:30]!r} are not `WxH` (or `CxR`, `Nj`)"
        )
    first, second, suffix = match.groups()
    if second is None and (suffix or "").startswith("x"):
        raise ParseError(f"Tatham game ID: the parameters {params[:30]!r} have no number after 'x'")
    return (
        whole_number(first, "Tatham game ID: a size"),
        None if second is None else whole_number(second, "Tatham game ID: a size"),
        suffix or "",
    )



# ----------------------------------------------------------------- which game


def game_of(params: str, desc: str) -> str:
    """Which game an ID is ("pattern", "rectangles", "solo", "lightup", "unruly", "loopy",
    "dominosa", "tents", "towers", "unequal", "singles", "bridges", "net", "galaxies"), by
    the module's rule."""
    first, second, suffix = _params(params)
    if is_loopy(suffix):
        return "loopy"
    grid_text = desc.partition(",")[0]
    if is_towers(first, second, suffix, grid_text):
        return "towers"
    if "/" in grid_text or "." in grid_text:
        return "pattern"
    area = first * (first if second is None else second)
    if is_bridges(suffix, desc, area):
        return "bridges"
    if is_wrapping_net(suffix, desc):
        return "net"
    if is_tents(suffix, desc, area):
        return "tents"
    if is_unequal(second, suffix, desc):
        return "unequal"
    height = first if second is None else second
    if is_singles(first, height, suffix, desc, _read_as_cells(desc, area)):
        return "singles"
    if not claimed_by_others(desc, area):
        if is_net(suffix, desc, area):
            return "net"
        if is_galaxies(suffix, desc):
            return "galaxies"
    if is_unruly(suffix, desc, area, covers(desc, area)):
        return "unruly"
    if is_lightup(suffix, desc):
        return "lightup"
    if is_dominosa(first, second, suffix, desc):
        return "dominosa"
    if SOLO_LETTERS.intersection(suffix) or "," in desc:
        return "solo"
    if "e" in suffix:
        return "rectangles"
    if covers(desc, area) and cell_count_or_none(desc) != area:
        return "lightup"
    cells = cell_count(desc, "Rectangles or Solo")
    if cells == area:
        return "rectangles"
    if cells == area * area and area > 1:
        return "solo"
    size = f"{first}x{first if second is None else second}"
    grids = f"a {size} Rectangles grid has {area} cells, a {size} Solo grid {area * area}"
    if cells < area:
        why = "not enough data to fill grid"
    elif cells > area * area or cells - area < area * area - cells:
        why = "too much data to fit in grid"
    else:
        why = "not enough data to fill grid"
    raise ParseError(f"Tatham game ID: {why}: the description covers {cells} cells; {grids}")


def claimed_by_others(desc: str, area: int) -> bool:
    """Whether Unruly, Light Up, Rectangles or Solo count a description as their grid, or
    Light Up claims it by its wall `B`, the one uppercase letter there (rule 4: Net and
    Galaxies take only what none of them does)."""
    if LETTERS.fullmatch(desc) and unruly_cells(desc) == area + 1:
        return True
    if {ch for ch in desc if ch.isupper()} == {"B"}:
        return True
    return _read_as_cells(desc, area)


def _read_as_cells(desc: str, area: int) -> bool:
    """Whether Light Up, Rectangles or Solo reads a description as a grid of that area."""
    return covers(desc, area) or cell_count_or_none(desc) in (area, area * area)


def cell_count_or_none(desc: str) -> int | None:
    """The cells a description covers as Rectangles reads it, None where it cannot."""
    try:
        return cell_count(desc, "Rectangles")
    except ParseError:
        return None


@with_hint(HINT)
def read_game_id(text: str, source: str = ""):
    """The board of a game ID: a Nonogram, Shikaku, Sudoku, Light Up, Binairo, Slitherlink,
    Dominosa or Tents; a Skyscrapers, Futoshiki, Renzoku or Hitori, by the rule of the
    module's docstring."""
    text = text.removeprefix("\ufeff").strip()
    if not text:
        raise ParseError("Tatham game ID: the input is empty")
    if SPACE.search(text):
        raise ParseError(
            "Tatham game ID: a game ID is one line without spaces (`params:description`)"
        )
    cut = SEPARATOR.search(text)
    if cut is None:
        raise ParseError("Tatham game ID: no ':' between the parameters and the description")
    params, desc = text[: cut.start()], text[cut.end() :]
    first, second, suffix = _params(params)
    if cut.group() == "#":
        raise ParseError(
            f"Tatham game ID: `{params[:30]}#...` is a random seed, whose puzzle depends on the "
            "version of the game that made it",
            hint="copy the descriptive ID instead: Game > Specific in the game shows it",
        )
    game = game_of(params, desc)
    if game == "towers":
        return read_towers(first, desc, source)
    if game == "unequal":
        return read_unequal(first, suffix, desc, source)
    if game == "dominosa":
        return read_dominosa(first, desc, source)
    if game == "solo":
        return read_solo(first, second, suffix, desc, source)
    height = first if second is None else second
    if first <= 0 or height <= 0:
        raise ParseError("Tatham game ID: width and height must both be greater than zero")
    if game == "pattern":
        return read_pattern(first, height, desc, source)
    if game == "lightup":
        return read_lightup(first, height, desc, source)
    if game == "unruly":
        return read_unruly(first, height, suffix, desc, source)
    if game == "loopy":
        return read_loopy(first, height, suffix, desc, source)
    if game == "tents":
        return read_tents(first, height, desc, source)
    if game == "singles":
        return read_singles(first, height, desc, source)
    if game in TOLD_LAST:
        return TOLD_LAST[game](first, height, suffix, desc, source)
    return read_rectangles(first, height, desc, source)


def read(page: Page):
    return read_game_id(page.text, page.source)


# rule 4's games, told by what the others miss: their readers of (W, H, params, description)
TOLD_LAST = {"bridges": read_bridges, "net": read_net, "galaxies": read_galaxies}

WRITERS = {
    "pattern": write_pattern,
    "rectangles": write_rectangles,
    "solo": write_solo,
    "lightup": write_lightup,
    "unruly": write_unruly,
    "loopy": write_loopy,
    "dominosa": write_dominosa,
    "tents": write_tents,
    "towers": write_towers,
    "unequal": write_unequal,
    "singles": write_singles,
    "bridges": write_bridges,
    "net": write_net,
    "galaxies": write_galaxies,
}


def write(board) -> str:
    """The board's game ID and a newline: Pattern, Rectangles, Solo, Light Up, Unruly, Loopy,
    Dominosa or Tents; Towers, Unequal or Singles; Bridges, Net or Galaxies, by its kind."""
    game = kind_of(board).written_as.get("tatham", "")
    writer = WRITERS.get(game)
    if writer is None:
        raise refuse(
            "Tatham game IDs hold nonograms, Shikaku, Sudoku, Light Up, Binairo, Slitherlink, "
            "Dominosa, Tents, Skyscrapers, Futoshiki, Renzoku, Hitori, Bridges, Pipes (Net) "
            f"and Galaxies, not a {board.kind}"
        )
    text = writer(board)
    if game in TOLD_LAST and _read_as(text) != game:
        text = write_net(board, bordered=True) if game == "net" else text
        _refuse_unless_read_as(game, text)
    return text




def _read_as(text: str) -> str:
    """The game an ID reads as, "none" where no game's rule takes it."""
    params, _, desc = text.strip().partition(":")
    try:
        return game_of(params, desc)
    except ParseError:
        return "none"


def _refuse_unless_read_as(game: str, text: str) -> None:
    """Refuse an ID of rule 4's games that the rule would read as another game (a cell
    count that happens to fit that game's)."""
    other = _read_as(text)
    if other != game:
        raise refuse(f"this board's Tatham {game.title()} ID would read as {other.title()}'s "
                     "(its description happens to cover that game's cells)")


FORMAT = Format(
    name="tatham",
    recognises=recognises,
    read=read,
    write=write,
    kinds=kinds_written_as("tatham"),
    hint=HINT,
    suffix=".tatham",
    inline=True,  # `puzzlesat solve 5x5:2/1.1/...`
)
