"""Sources -> Page. The only layer that touches the network, files or stdin bytes."""

from .http import USER_AGENT, FetchOptions, fetch, remember
from .local import read_file, read_stream

__all__ = ["USER_AGENT", "FetchOptions", "fetch", "remember", "read_file", "read_stream"]
