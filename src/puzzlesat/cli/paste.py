"""A paste at the prompt, read whole.

A terminal in its usual line mode (canonical mode) keeps at most 4,095 characters of a line
and drops the rest without a word, and a devtools copy is one line of tens of kilobytes. So
while a paste is read, the terminal is taken out of line mode and the lines are gathered
here, as the terminal would: Ctrl-D at the start of a line ends the input; after a partial
line it hands that line on, so that a second Ctrl-D ends the input, as `cat` in line mode
does (and none is left over for the shell); the erase key takes back a character of what
was not handed on yet. Echo and Ctrl-C stay as they were. The terminal's settings are
given back however the read ends: Ctrl-C, a signal, an error.

Anything that is no terminal, or a terminal this platform cannot switch, is read as it is.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from typing import Any

from ..fetch.local import MAX_BYTES

CHUNK = 1 << 16
BACKSPACE = 0x08


def read_paste(stdin: Any, prompted: Callable[[], None]) -> Any:
    """stdin's whole input, with the terminal out of line mode while it is read;
    `prompted` is called once the terminal is ready for the paste. Returns a binary
    stream (stdin itself where it cannot be switched)."""
    try:
        import termios
    except ImportError:  # no terminals of this kind here
        prompted()
        return stdin
    try:
        fd = stdin.fileno()
        saved = termios.tcgetattr(fd)
    except (AttributeError, ValueError, OSError, termios.error):  # no terminal after all
        prompted()
        return stdin
    mode = list(saved)
    mode[3] &= ~termios.ICANON  # lflag: ISIG (Ctrl-C) and ECHO are kept
    mode[6] = list(saved[6])
    mode[6][termios.VMIN], mode[6][termios.VTIME] = 1, 0
    termios.tcsetattr(fd, termios.TCSANOW, mode)
    try:
        prompted()
        data = _gather(fd, _key(saved[6][termios.VEOF]), _key(saved[6][termios.VERASE]))
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, saved)
    return io.BytesIO(data)


def _key(value: Any) -> int:
    """A control character of termios' table (bytes of one character) as a byte value."""
    return value[0] if isinstance(value, bytes) else int(value)


def _gather(fd: int, eof: int, erase: int) -> bytes:
    """What is typed or pasted until Ctrl-D at the start of a line, or right after one
    that handed a partial line on (or the terminal hangs up), at most one byte over the
    input limit (which load refuses)."""
    kept = bytearray()
    handed = 0  # the input up to here is handed on: Ctrl-D here ends it, erase stops here
    specials = {eof, erase, BACKSPACE}
    while len(kept) <= MAX_BYTES:
        chunk = os.read(fd, CHUNK)
        if not chunk:
            break
        if not specials.intersection(chunk):  # a paste: no key to act on
            kept += chunk
            continue
        for at, byte in enumerate(chunk):
            if byte == eof:
                if len(kept) == handed or kept.endswith(b"\n"):
                    return bytes(kept)  # what follows was typed ahead for no one
                handed = len(kept)
            elif byte in (erase, BACKSPACE):
                _erase(kept, handed)
            else:
                kept += chunk[at : at + 1]
    return bytes(kept)


def _erase(kept: bytearray, handed: int = 0) -> None:
    """Take back the last character of the line (all the bytes of a UTF-8 one), never
    what was handed on already (`handed`: its length)."""
    while len(kept) > handed and not kept.endswith(b"\n"):
        last = kept.pop()
        if last & 0xC0 != 0x80:  # not a continuation byte: the character's first
            return
