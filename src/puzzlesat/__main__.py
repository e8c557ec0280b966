"""`python -m puzzlesat` and the `puzzlesat` command.

Kept free of heavy imports: a Ctrl-C while rich, requests and the SAT solvers are still being
imported ends as quietly as one during a solve, and a reader that closed our pipe
(`puzzlesat solve X | head -c0`) ends us by SIGPIPE, as it ends any Unix tool.
"""

import os
import signal
import sys

EXIT_INTERRUPTED = 130


def run() -> int:
    try:
        from .cli import EXIT_PIPE, main
    except BaseException as error:
        from .core import caused_by_interrupt

        if not caused_by_interrupt(error):
            raise
        sys.stderr.write("puzzlesat: interrupted\n")
        return EXIT_INTERRUPTED
    code = main()
    if code == EXIT_PIPE and hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGPIPE)
    return code


if __name__ == "__main__":
    sys.exit(run())
