"""Sources -> Page. The only layer that touches the network, files or stdin bytes."""

from .http import DEADLINE, USER_AGENT, FetchOptions, HostPolicy, fetch, remember, same_host
from .local import read_file, read_stream

__all__ = [
    "DEADLINE",
    "USER_AGENT",
    "FetchOptions",
    "HostPolicy",
    "fetch",
    "read_file",
    "read_stream",
    "remember",
    "same_host",
]
