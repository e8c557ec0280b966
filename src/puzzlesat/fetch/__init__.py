"""Sources -> Page. The only layer that touches the network, files or stdin bytes.

Its modules are imported on first use of a name: a run on a file never imports the cache or
the HTTP client (start-up is part of the product)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import __version__
from ..registry import lazy_names

if TYPE_CHECKING:
    from .cache import MAX_TOTAL, CacheEntry, PageCache, clear, default_dir, entries, period_end
    from .http import FetchOptions, HostPolicy, fetch, remember, same_host
    from .local import read_file, read_stream

USER_AGENT = f"puzzlesat/{__version__} (command-line puzzle solver; one request per puzzle)"
DEADLINE = 30.0  # seconds for the whole fetch of one puzzle, retries and redirects included

_HOME = {
    "MAX_TOTAL": "cache",
    "CacheEntry": "cache",
    "PageCache": "cache",
    "clear": "cache",
    "default_dir": "cache",
    "entries": "cache",
    "period_end": "cache",
    "FetchOptions": "http",
    "HostPolicy": "http",
    "fetch": "http",
    "remember": "http",
    "same_host": "http",
    "read_file": "local",
    "read_stream": "local",
}

__all__ = [
    "DEADLINE",
    "MAX_TOTAL",
    "USER_AGENT",
    "CacheEntry",
    "FetchOptions",
    "HostPolicy",
    "PageCache",
    "clear",
    "default_dir",
    "entries",
    "fetch",
    "period_end",
    "read_file",
    "read_stream",
    "remember",
    "same_host",
]


__getattr__ = lazy_names(__name__, _HOME)
