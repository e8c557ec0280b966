"""Sources -> Page. The only layer that touches the network, files or stdin bytes."""

from .http import USER_AGENT, FetchOptions, fetch
from .local import read_file, read_stream

__all__ = ["USER_AGENT", "FetchOptions", "fetch", "read_file", "read_stream"]
