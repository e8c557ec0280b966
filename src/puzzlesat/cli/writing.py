"""What the commands write into files: the pictures of `solve --svg/--png` and convert's
`-o FILE`. A named file is checked before any work (`check_outputs`): a FIFO, a device or a
file that exists without --force is refused before a page is fetched or a puzzle solved.
The writing itself is files.write_atomically's; `-` is stdout, which is no file to protect."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def check_outputs(paths: Iterable[str | None], force: bool) -> None:
    """Refuse now what the write would refuse at the end (OutputFailed, exit 74)."""
    named = [path for path in paths if path and path != "-"]
    if named:  # files.py is not imported by a run that writes no file
        from ..files import check_target

        for path in named:
            check_target(path, force)


def write_file(run: Any, path: str, data: bytes) -> None:
    """Write `data` to `path` (`-`: stdout), or fail with exit 74 and the reason."""
    if path == "-":
        run.out.binary(data)
        return
    from ..files import write_atomically

    write_atomically(path, data, run.args.force)


def write_pictures(run: Any, board: Any, result: Any) -> None:
    """--svg and --png: the answer (the first, if several). Without an answer nothing is
    written, and a note says so: a picture of the clues alone reads as a blank answer."""
    args = run.args
    if not (args.svg or args.png):
        return
    if not result.solutions:
        paths = ["stdout" if path == "-" else path for path in (args.svg, args.png) if path]
        run.env.say(f"puzzlesat: no answer to draw: {' and '.join(paths)} not written")
        return
    from ..picture import picture_svg
    from ..svg import png_of

    picture = picture_svg(board, result.solutions[0])
    if args.svg:
        write_file(run, args.svg, picture.encode())
    if args.png:
        write_file(run, args.png, png_of(picture))
