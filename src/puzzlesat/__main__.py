"""`python -m puzzlesat` and the `puzzlesat` command.

Kept free of heavy imports: a Ctrl-C while rich, requests and the SAT solvers are still being
imported ends as quietly as one during a solve, and a reader that closed our pipe
(`puzzlesat solve X | head -c0`) ends us by SIGPIPE, as it ends any Unix tool.

A command is a short process, and two of Python's habits cost it a good part of its time
(benchmarks/README.md): the cyclic collector tracing every module, class and function
start-up makes, again and again as imports go on, and the teardown at exit, which frees
them one by one and traces them all once more. So the collector is off while the command
runs (a batch, which may run for hours, turns it back on: cli.commands), and the process
ends without the teardown once what the teardown would do for us is done (`_exit`).
"""

import gc
import os
import signal
import sys

EXIT_INTERRUPTED = 130


def run() -> int:
    gc.disable()  # the objects start-up makes live as long as the process
    sys.unraisablehook = _interrupted_in_a_callback
    heard = _hear_interrupts()
    try:
        from .cli import EXIT_PIPE, main
    except BaseException as error:
        from .core import caused_by_interrupt

        if not caused_by_interrupt(error):
            raise
        return _interrupted()
    finally:
        sys.unraisablehook = sys.__unraisablehook__
    if heard:  # a Ctrl-C an import caught and went on from: what it left half made is unsafe
        return _interrupted()
    try:
        code = main()
        if code == EXIT_PIPE and hasattr(signal, "SIGPIPE"):
            signal.signal(signal.SIGPIPE, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGPIPE)
    except KeyboardInterrupt:  # just before main's own handler was in place, or just after
        return _exit(_interrupted())
    return _exit(code)


def _interrupted() -> int:
    sys.stderr.write("puzzlesat: interrupted\n")
    return EXIT_INTERRUPTED


def _hear_interrupts() -> list[int]:
    """Ctrl-C from here until main takes it over (and once main gives it back) raises
    KeyboardInterrupt as Python's own handler does, and is noted in the list returned: an
    import that catches the exception (a library's bare `except`) and goes on cannot hide
    that start-up was cut short. A SIGINT the process was started ignoring stays ignored."""
    heard: list[int] = []
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        return heard

    def hear(signum, frame):
        heard.append(signum)
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, hear)
    return heard


def _interrupted_in_a_callback(report) -> None:
    """A Ctrl-C that lands in a callback Python runs as an import ends (a module lock's)
    cannot be caught where it lands: Python would print it as ignored and go on. During
    start-up it ends us as any other Ctrl-C then does."""
    if isinstance(report.exc_value, KeyboardInterrupt):
        sys.stderr.write("puzzlesat: interrupted\n")
        os._exit(EXIT_INTERRUPTED)
    sys.__unraisablehook__(report)


def _exit(code: int) -> int:
    """End the process now, without tearing the interpreter down: the atexit handlers run
    (a pool's forkserver is stopped, a temporary folder removed) and the streams are
    flushed, as at any exit. Where that cannot be done as Python would (a thread that is no
    daemon still runs and would be waited for, stdout cannot be flushed), `code` is
    returned for the usual exit. A Ctrl-C from here on ends us as SIGINT ends any tool."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    import atexit
    import threading

    main_thread = threading.main_thread()
    if any(t is not main_thread and not t.daemon for t in threading.enumerate()):
        return code
    atexit._run_exitfuncs()
    atexit._clear()  # run once, whichever way we end
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):  # Python's own exit reports it, as it always has
        return code
    os._exit(code)


if __name__ == "__main__":
    sys.exit(run())
