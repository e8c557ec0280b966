"""Star Battle of puzzle-star-battle.com: the task is the region id of every cell, 1-based,
comma-separated, in reading order (genres.md; the puzzles-mobile bot's Boxes).

The stars a row, column and region hold (k) are not in the task. The page states them in
its plugin call's options (`stars:2`, as a public solver reads them) or in its title
(`10x10 2★ Normal`, the site's size menu); where neither does, the board leaves k open and
the kind tries the counts near what the size suggests. No board copy is read (sites.md
documents no Star Battle markup): a copy is refused, asking for the page source. The
page's `hashedSolution` goes on with the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import LazyPattern, ParseError, whole_number
from ....kinds.star_battle import StarBattle

if TYPE_CHECKING:
    from ..genres import Task

# size codes of the dated specials ([I]: one public fetcher's list): 0-8 are 5x5 1★ to
# 14x14 3★, easy to hard
SPECIAL_SIZES = {"9": "daily", "10": "weekly", "11": "monthly"}
EXAMPLES = ((9366068, 0),)  # (puzzle ID, size code): an ID of the family's 5x5 size
GRAMMAR = "region ids 1, 2, ... separated by commas"
STARS_IN_TITLE = LazyPattern(r"(\d{1,3})\s*★")
ITEM = LazyPattern(r"[^,]*")


def _ids(task: Task) -> list[int]:
    """The region id of every cell; errors name the offset (from 0) in the task and the
    cells the board has."""
    text, area = task.task, task.width * task.height
    board = f"a {task.width}x{task.height} board has {area} cells"

    def fault(what: str, hint: str) -> ParseError:
        return ParseError(f"the Star Battle task {what}; {board}", hint=hint)

    changed = "the site's encoding may have changed; save the page source (Ctrl-U) again"
    ids: list[int] = []
    pos = 0
    while True:
        item = ITEM.match(text, pos).group()
        bad = next((i for i, ch in enumerate(item) if not ch.isascii() or not ch.isdigit()), None)
        if bad is not None:
            raise fault(f"holds {item[bad]!r} at offset {pos + bad}, which is not part of its "
                        f"grammar ({GRAMMAR})", changed)
        if not item:
            raise fault(f"has an empty region id at offset {pos}", changed)
        if len(ids) == area:
            raise fault(f"runs past the last cell at offset {pos}",
                        "the page may be damaged; save the whole page source (Ctrl-U) again")
        value = whole_number(item, "a region id")
        if value == 0:
            raise fault(f"gives the region id 0 at offset {pos}; ids count from 1", changed)
        ids.append(value)
        pos += len(item)
        if pos == len(text):
            break
        pos += 1  # the comma
    if len(ids) < area:
        raise fault(f"ends at offset {len(text)} after {len(ids)} cells",
                    "the page may be cut off; save the whole page source (Ctrl-U) again")
    return ids


def stars_stated(task: Task) -> int | None:
    """k where the page states it: its plugin call's `stars` option, else its title's `2★`."""
    stars = task.options.get("stars")
    if stars is None and task.title:
        found = STARS_IN_TITLE.search(task.title)
        stars = int(found.group(1)) if found else None
    return stars or None


def decode(task: Task) -> StarBattle:
    """The board a page's task describes, with the page's k (if stated), title, ID, note
    and hash."""
    if task.width <= 0 or task.height <= 0:
        raise ParseError(f"the page gives the board as {task.width}x{task.height}")
    ids, width = _ids(task), task.width
    return StarBattle(
        regions=tuple(tuple(ids[r * width : (r + 1) * width]) for r in range(task.height)),
        stars=stars_stated(task),
        **task.page,
    )
