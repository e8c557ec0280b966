"""Sources -> Page. The only layer that touches the network, files or stdin bytes."""

from .cache import MAX_TOTAL, CacheEntry, PageCache, clear, default_dir, entries, period_end
from .http import DEADLINE, USER_AGENT, FetchOptions, HostPolicy, fetch, remember, same_host
from .local import read_file, read_stream

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
