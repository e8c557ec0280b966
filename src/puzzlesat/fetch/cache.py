"""A small on-disk cache of fetched pages, so a second run of the same URL asks nothing.

Entries are JSON files written atomically (temporary file, then rename). The key holds the
host policy the page was fetched under as well as the request, so a page fetched with
`--allow-any-host` can never be served as a known site's page. An entry that does not parse,
has the wrong shape or a wrong checksum is dropped and the page fetched again: a damaged
cache is never an error.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from pathlib import Path

from ..core import Request

MAX_ENTRY = 64 * 1024 * 1024  # bytes: a cached page is at most 5 MB of text, escaped


def default_dir() -> Path:
    """$XDG_CACHE_HOME/puzzlesat; a relative XDG_CACHE_HOME is ignored, as the spec says."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        base = str(Path.home() / ".cache")
    return Path(base) / "puzzlesat"


def _key(request: Request, scope: str) -> str:
    raw = json.dumps([scope, request.method, request.url, list(request.data)])
    return hashlib.sha256(raw.encode()).hexdigest()


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class PageCache:
    def __init__(self, directory: Path, scope: str = ""):
        self.directory = directory
        self.scope = scope

    def path(self, request: Request) -> Path:
        return self.directory / f"{_key(request, self.scope)}.json"

    def get(self, request: Request) -> tuple[str, str] | None:
        """(final url, text) of a cached page, or None if absent; a damaged entry is dropped."""
        path = self.path(request)
        try:
            if not path.is_file() or path.stat().st_size > MAX_ENTRY:
                raise ValueError("not a cache entry")  # a FIFO, a device, a huge file
            entry = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError, RecursionError):
            entry = None
        if (
            isinstance(entry, dict)
            and isinstance(entry.get("text"), str)
            and isinstance(entry.get("url"), str)
            and entry.get("sha256") == _digest(entry["text"])
        ):
            return entry["url"], entry["text"]
        with contextlib.suppress(OSError):
            path.unlink()
        return None

    def put(self, request: Request, url: str, text: str) -> None:
        """Store a page; a cache we cannot write is not worth failing the run for, and a
        failed write leaves no temporary file behind."""
        entry = {"request": request.url, "url": url, "sha256": _digest(text), "text": text}
        tmp = None
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.directory, suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(entry, out)
            os.replace(tmp, self.path(request))
        except (OSError, ValueError):
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
