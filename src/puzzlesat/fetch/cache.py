"""A small on-disk cache of fetched pages, so a second run of the same URL asks nothing.

Entries are JSON files written atomically (temporary file, then rename); an entry that does
not parse or whose checksum does not match is treated as absent and fetched again.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

from ..board import Request


def default_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "puzzlesat"


def _key(request: Request) -> str:
    raw = json.dumps([request.method, request.url, list(request.data)])
    return hashlib.sha256(raw.encode()).hexdigest()


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class PageCache:
    def __init__(self, directory: Path):
        self.directory = directory

    def path(self, request: Request) -> Path:
        return self.directory / f"{_key(request)}.json"

    def get(self, request: Request) -> tuple[str, str] | None:
        """(final url, text) of a cached page, or None if absent or damaged."""
        try:
            entry = json.loads(self.path(request).read_text(encoding="utf-8"))
            text, url = entry["text"], entry["url"]
            if entry["sha256"] != _digest(text):
                return None
            return url, text
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def put(self, request: Request, url: str, text: str) -> None:
        """Store a page; a cache we cannot write is not worth failing the run for."""
        entry = {"request": request.url, "url": url, "sha256": _digest(text), "text": text}
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.directory, suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(entry, out)
            os.replace(tmp, self.path(request))
        except OSError:
            pass
