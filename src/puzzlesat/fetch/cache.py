"""A small on-disk cache of fetched pages, so a second run of the same URL asks nothing.

Entries are JSON files written atomically (temporary file, then rename). The key holds the
host policy the page was fetched under as well as the request, so a page fetched with
`--allow-any-host` can never be served as a known site's page. An entry that does not parse,
has the wrong shape or a wrong checksum is dropped and the page fetched again: a damaged
cache is never an error.

An entry records when it was stored and, for a dated puzzle (a daily, weekly or monthly
page: the site names the period in `Request.expires`), when that period ends in UTC; `get`
treats an entry past its end as absent, since the site now shows another puzzle. Entries
written before expiry existed have no `stored` field: they are read as never expiring.

The folder is kept under `MAX_TOTAL` bytes: after each write the oldest entries go first.
An entry's file mtime is set to its stored-at time, so one directory scan orders them
without opening a file.

The folder must be trusted, by ssh's rule: owned by the user or by root, and writable by
no one else (a group of the user's own aside), else every use of it is refused with a hint
(OutputFailed): entries another user planted would be served as a site's pages. It is made
ours alone when missing. A folder root owns is a shared, read-only cache: its pages are
served, nothing is written in it (no entry, no temporary file, no eviction), and the
PageCache says so through its `say`; since root's ownership is what it is trusted for, each
folder above it must be root's or the user's and writable by no one else (a sticky /tmp
aside), so that no other user can put another folder in its place.

`entries` and `clear` are what `puzzlesat cache list|clear` show and do; they look at the
real folder (a link to it is followed, then checked) and touch only files of ours in it:
entries in our format (`<sha256>.json` whose content checks out) and our leftover temporary
files (files.py names them), never a link.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import stat
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

from ..core import LazyPattern, OutputFailed, Request
from ..files import TEMP_NAME, write_atomically

MAX_ENTRY = 64 * 1024 * 1024  # bytes: a cached page is at most 5 MB of text, escaped
MAX_TOTAL = 200 * 1024 * 1024  # bytes for the whole folder: hundreds of puzzle pages
PERIODS = ("daily", "weekly", "monthly")
WEEK_STARTS = 0  # Monday (date.weekday()); sites.md names no other start for the family
ENTRY_NAME = LazyPattern(r"[0-9a-f]{64}\.json")
LAST_TIME = 253_402_300_800  # 10000-01-01 UTC: a stored or expiry time beyond is damage


def default_dir() -> Path:
    """$XDG_CACHE_HOME/puzzlesat; a relative XDG_CACHE_HOME is ignored, as the spec says."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        base = str(Path.home() / ".cache")
    return Path(base) / "puzzlesat"


def _now() -> float:
    """The wall clock, looked up when a PageCache is made, so tests can replace it."""
    return time.time()


def _key(request: Request, scope: str) -> str:
    raw = json.dumps([scope, request.method, request.url, list(request.data)])
    return hashlib.sha256(raw.encode()).hexdigest()


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


# --------------------------------------------------------------------------- periods


def period_end(period: str, now: float) -> float:
    """When the `period` ("daily", "weekly", "monthly") holding `now` ends, in UTC seconds:
    the next midnight, the next Monday 00:00, or the first of the next month 00:00.

    UTC because the sites do not say their time zone; a page may be fetched again up to a
    few hours early or late, never kept for a whole period too long. ValueError for any
    other period name, so that a misspelt period is never cached for ever.
    """
    today = datetime.fromtimestamp(now, timezone.utc).replace(
        hour=0, minute=0, second=0, microsecond=0
    )
    if period == "daily":
        end = today + timedelta(days=1)
    elif period == "weekly":
        end = today + timedelta(days=(WEEK_STARTS - today.weekday() - 1) % 7 + 1)
    elif period == "monthly":
        end = (today.replace(day=28) + timedelta(days=4)).replace(day=1)
    else:
        raise ValueError(f"unknown cache period {period!r}; known: {', '.join(PERIODS)}")
    return end.timestamp()


# --------------------------------------------------------------------------- entries


@dataclass(frozen=True)
class CacheEntry:
    """One cached page as `puzzlesat cache list` shows it; times are aware UTC datetimes."""

    path: Path
    request_url: str  # what was asked for (a POST's URL is the site's home page)
    url: str  # where the page came from, after redirects
    size: int  # bytes on disk
    stored_at: datetime
    expires_at: datetime | None  # None: kept until evicted or cleared

    def expired(self, now: float | None = None) -> bool:
        """Whether `get` would no longer serve it (it is dropped on the next read)."""
        moment = _now() if now is None else now
        return self.expires_at is not None and moment >= self.expires_at.timestamp()


def _is_time(value: object) -> bool:
    """A JSON number of seconds a datetime can hold (not a bool, which json loads as int):
    anything else would make `entries` fail on a damaged entry instead of skipping it."""
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(value)
        and 0 <= value < LAST_TIME
    )


def _valid(entry: object) -> bool:
    """Whether a loaded entry has the shape we write; old entries lack stored/expires."""
    return (
        isinstance(entry, dict)
        and isinstance(entry.get("text"), str)
        and isinstance(entry.get("url"), str)
        and entry.get("sha256") == _digest(entry["text"])
        and ("stored" not in entry or _is_time(entry["stored"]))
        and (entry.get("expires") is None or _is_time(entry["expires"]))
    )


JSON_STRING = LazyPattern(r'"[^"\\]*(?:\\.[^"\\]*)*"')  # unrolled: linear, and fast


def _flat_object(text: str) -> bool:
    """Whether `text` is at most one JSON object deep, as every entry we write is (strings,
    numbers and nulls in one object). Looked at before parsing: json parses nesting by
    recursion, and a file of "[[[[..." would take Python to its recursion limit, where
    any finalizer the collector runs meanwhile fails too."""
    skeleton = JSON_STRING.sub("", text)
    return skeleton.count("{") <= 1 and "[" not in skeleton


def _load(path: Path) -> dict | None:
    """The entry at `path`, or None when it is missing, not a regular file, too large,
    unreadable or damaged. Never raises: a damaged cache is never an error."""
    try:
        if not path.is_file() or path.stat().st_size > MAX_ENTRY:
            return None  # a FIFO, a device, a huge file: never opened
        text = path.read_text(encoding="utf-8")
        if not _flat_object(text):
            return None
        entry = json.loads(text)
    except (OSError, ValueError, RecursionError):
        return None
    return entry if _valid(entry) else None


def _utc(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, timezone.utc)


def _scan(
    directory: Path, pattern: LazyPattern, uid: int | None = None
) -> Iterator[os.DirEntry[str]]:
    """Regular files (not symlinks) of user `uid` (this user by default; root for a shared
    cache) in `directory` whose names match `pattern`; nothing when the folder is missing or
    not a folder."""
    try:
        found = list(os.scandir(directory))
    except (FileNotFoundError, NotADirectoryError):
        return
    uid = os.geteuid() if uid is None else uid
    for item in found:
        with contextlib.suppress(OSError):
            ours = pattern.fullmatch(item.name) and item.is_file(follow_symlinks=False)
            if ours and item.stat(follow_symlinks=False).st_uid == uid:
                yield item


def _private_group(gid: int) -> bool:
    """Whether group `gid` is the user's own (named after them, no other member), as systems
    that give each user a group of their own set it: what it may write, only they may."""
    import grp
    import pwd

    try:
        group, user = grp.getgrgid(gid), pwd.getpwuid(os.geteuid()).pw_name
    except KeyError:
        return False
    return group.gr_name == user and set(group.gr_mem) <= {user}


def _not_ours(directory: Path, why: str) -> OutputFailed:
    return OutputFailed(
        f"the cache folder {directory} {why}; not using it",
        hint=f"make it yours alone with chmod 700 {directory}, point XDG_CACHE_HOME at a folder "
        "of your own, or solve with --no-cache",
    )


ROOT = 0


@dataclass(frozen=True)
class Folder:
    """A cache folder found trusted: its real path, who owns it, and whether it is ours to
    write (False: root's, used read-only)."""

    path: Path
    owner: int
    writable: bool


def _others_write(info: os.stat_result) -> bool:
    """Whether anyone but the owner (and the user's own group) may write what `info` is."""
    return bool(
        info.st_mode & stat.S_IWOTH
        or info.st_mode & stat.S_IWGRP
        and not _private_group(info.st_gid)
    )


def _check_parents(directory: Path, real: Path) -> None:
    """OutputFailed unless every folder above `real` is root's or ours and no one else may
    change its entries (a sticky folder of root's, as /tmp is, lets no one else rename
    them): what a folder trusted for root's ownership needs."""
    for parent in real.parents:
        try:
            info = parent.stat()
        except OSError as exc:
            why = f"lies in {parent}, which cannot be looked at ({exc.strerror or exc})"
            raise _not_ours(directory, why) from None
        sticky = info.st_uid == ROOT and info.st_mode & stat.S_ISVTX
        if info.st_uid not in (ROOT, os.geteuid()) or (_others_write(info) and not sticky):
            raise _not_ours(directory, f"lies in {parent}, which other users may change")


def trusted_folder(directory: Path) -> Folder | None:
    """The cache folder (a link to it followed) once it is trusted, by ssh's rule: owned by
    this user, or by root with every folder above it safe too (then read-only), and
    writable by no one else. None when it is missing; OutputFailed when it is not a folder,
    belongs to another user, or others may write it."""
    try:
        real = directory.resolve(strict=True)
        info = real.stat()
    except FileNotFoundError:
        return None
    except (OSError, RuntimeError) as exc:  # RuntimeError: a loop of links
        raise _not_ours(directory, f"cannot be looked at ({exc})") from None
    if not stat.S_ISDIR(info.st_mode):
        raise _not_ours(directory, "is not a folder")
    if info.st_uid not in (os.geteuid(), ROOT):
        raise _not_ours(directory, "belongs to another user")
    if _others_write(info):
        raise _not_ours(directory, "can be written by other users")
    writable = info.st_uid == os.geteuid()
    if not writable:
        _check_parents(directory, real)
    return Folder(real, info.st_uid, writable)


def read_only(directory: Path) -> str:
    """The line that says a shared cache is used as one."""
    return f"puzzlesat: the cache {directory} is root's and read-only: pages are not saved"


def entries(directory: Path) -> list[CacheEntry]:
    """Every readable entry in `directory`, oldest first; damaged ones are skipped.

    A missing folder has none. OSError only when the folder itself cannot be listed.
    """
    found = []
    folder = trusted_folder(directory)
    for item in _scan(folder.path, ENTRY_NAME, folder.owner) if folder else ():
        path = Path(item.path)
        entry = _load(path)
        try:
            stat = path.stat()
        except OSError:
            continue
        if entry is None:
            continue
        stored = entry.get("stored", stat.st_mtime)
        expires = entry.get("expires")
        request_url = entry.get("request")
        found.append(
            CacheEntry(
                path=path,
                request_url=request_url if isinstance(request_url, str) else entry["url"],
                url=entry["url"],
                size=stat.st_size,
                stored_at=_utc(stored),
                expires_at=None if expires is None else _utc(expires),
            )
        )
    return sorted(found, key=lambda e: (e.stored_at, e.path.name))


def clear(directory: Path) -> tuple[int, int]:
    """Remove every entry and leftover temporary file of ours: (entries removed, bytes freed).

    Only regular files of this user go, and of them only entries whose content is in our
    format and temporary files named as files.py names them: other files (another
    program's `<sha256>.json` in a folder the cache was pointed at), sub-folders, links, the
    folder itself and its parents stay; so does a damaged entry, which `get` drops when it
    is asked for. A missing folder gives (0, 0); root's read-only one, OutputFailed. A file
    another run removed first is skipped; any other failure to remove raises OSError for
    the CLI to report.
    """
    removed = freed = 0
    folder = trusted_folder(directory)
    if folder and not folder.writable:
        raise OutputFailed(
            f"the cache folder {directory} is root's and read-only; nothing cleared",
            hint="ask its owner to clear it, or point XDG_CACHE_HOME at a folder of your own",
        )
    for pattern in (ENTRY_NAME, TEMP_NAME) if folder else ():
        for item in _scan(folder.path, pattern):
            if pattern is ENTRY_NAME and _load(Path(item.path)) is None:
                continue
            try:
                size = item.stat(follow_symlinks=False).st_size
                os.unlink(item.path)
            except FileNotFoundError:
                continue
            freed += size
            if pattern is ENTRY_NAME:
                removed += 1
    return removed, freed


def _trim(directory: Path, limit: int, keep: Path) -> None:
    """Delete the oldest entries (by mtime, which is their stored-at time) until the folder's
    entries total at most `limit` bytes; `keep`, the entry just written, is never deleted."""
    sized = []
    for item in _scan(directory, ENTRY_NAME):
        with contextlib.suppress(OSError):
            stat = item.stat(follow_symlinks=False)
            sized.append((stat.st_mtime, item.name, stat.st_size))
    total = sum(size for _, _, size in sized)
    for _, name, size in sorted(sized):
        if total <= limit:
            return
        if name == keep.name or _load(directory / name) is None:
            continue  # the entry just written, or a file not in our format
        try:
            os.unlink(directory / name)
        except FileNotFoundError:
            pass  # another run evicted it first: its bytes are gone all the same
        except OSError:
            continue  # not ours to remove after all: try the next oldest
        total -= size


# --------------------------------------------------------------------------- the cache


class PageCache:
    """Entries of one host policy (`scope`) in `directory`, the folder kept under
    `max_total` bytes; `clock` gives the time in UTC seconds (tests pass their own). `say`
    is told, each time the cache is used, that a shared folder of root's is read-only (a
    caller that loads many pages says it once)."""

    def __init__(
        self,
        directory: Path,
        scope: str = "",
        max_total: int = MAX_TOTAL,
        clock: Callable[[], float] | None = None,
        say: Callable[[str], None] | None = None,
    ):
        self.directory = directory
        self.scope = scope
        self.max_total = max_total
        self.clock = clock or _now
        self.say = say

    def path(self, request: Request) -> Path:
        return self.directory / f"{_key(request, self.scope)}.json"

    def _folder(self) -> Folder | None:
        """The trusted folder (OutputFailed when it is not); a read-only one is said."""
        folder = trusted_folder(self.directory)
        if folder and not folder.writable and self.say:
            self.say(read_only(self.directory))
        return folder

    def get(self, request: Request) -> tuple[str, str] | None:
        """(final url, text) of a cached page, or None if absent; a damaged or expired
        entry is dropped (left alone in a read-only folder), so the page is fetched and
        stored afresh."""
        path = self.path(request)
        folder = self._folder()
        if folder is None or not os.path.lexists(path):
            return None
        entry = _load(path)
        if entry is not None:
            expires = entry.get("expires")
            if expires is None or self.clock() < expires:
                return entry["url"], entry["text"]
        if folder.writable:
            with contextlib.suppress(OSError):
                path.unlink()
        return None

    def put(self, request: Request, url: str, text: str) -> None:
        """Store a page, then trim the folder to its limit; a cache we cannot write is not
        worth failing the run for, and a failed write leaves no temporary file behind.
        Nothing is written in a read-only folder of root's."""
        try:
            stored = self.clock()
            expires = period_end(request.expires, stored) if request.expires else None
            entry = {
                "request": request.url,
                "url": url,
                "stored": stored,
                "expires": expires,
                "sha256": _digest(text),
                "text": text,
            }
            folder = self._folder()
            if folder is None:
                self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
                folder = trusted_folder(self.directory)
            if folder is None or not folder.writable:
                return
            path = self.path(request)
            write_atomically(str(path), json.dumps(entry).encode(), force=True)
            os.utime(path, (stored, stored), follow_symlinks=False)  # _trim orders by mtime
            _trim(self.directory, self.max_total, keep=path)
        except (OSError, ValueError, OverflowError, OutputFailed):
            pass
