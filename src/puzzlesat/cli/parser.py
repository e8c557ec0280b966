"""The command line's grammar: one function a group of options, each command taking the
groups it needs. Building it imports no reader, writer or network code (`--version` need not
wait for them): `--format` and `--to` list their choices only when asked."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

from .. import __version__
from ..core import LazyPattern
from .errors import UsageError
from .values import (
    ReaderNames,
    Shorthands,
    WriterNames,
    dask_scheduler,
    jobs,
    seconds,
    solutions,
)

SHELLS = ("bash", "zsh", "fish")


class Parser(argparse.ArgumentParser):
    """argparse, raising instead of exiting, so that main() returns and --json still answers;
    options are never abbreviated (`--js` is not `--json`: scripts must know which they got).
    Help goes to the run's stdout, not to whatever sys.stdout is."""

    def __init__(self, *args: Any, stdout: IO[str] | None = None, **kwargs: Any):
        kwargs.setdefault("allow_abbrev", False)
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)
        self.stdout = stdout
        self.commands: dict[str, Parser] = {}

    def error(self, message: str):
        guess = self._did_you_mean(message)
        if guess is None:
            raise UsageError(self, message)
        said = re.sub(r" \(choose from .*\)$", "", message)  # one choice is named instead
        raise UsageError(self, f"{said} (did you mean {guess}?)", one_line=True)

    def _did_you_mean(self, message: str) -> str | None:
        """The command, choice or option closest to a mistyped one (argparse offers none
        before Python 3.12), when one is close enough to be meant."""
        choice = _CHOICES.search(message)
        if choice:
            return _closest(choice["given"], re.findall(r"'([^']*)'", choice["choices"]))
        unknown = message.removeprefix("unrecognized arguments: ")
        if unknown == message:
            return None
        options = [name for name in self._option_string_actions if name.startswith("--")]
        for word in unknown.split():
            if word.startswith("--") and (guess := _closest(word.split("=")[0], options)):
                return guess
        return None

    def print_help(self, file: IO[str] | None = None) -> None:
        super().print_help(file or self.stdout)

    def format_help(self) -> str:
        """The help, its examples' URL one of a site's own (looked up only now: it loads
        the sites, which `--version` need not wait for)."""
        if self.epilog and "{url}" in self.epilog:
            self.epilog = self.epilog.replace("{url}", _example_url())
        return super().format_help()

    def command(self, name: str) -> Parser:
        """The parser of one command, for its own usage line."""
        return self.commands.get(name, self)


class _Formatter(argparse.HelpFormatter):
    """argparse's help, but a text of several lines (the examples) is kept as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" in text:
            return text
        return super()._fill_text(text, width, indent)


# Each example's words above it: a line of 80 columns holds the longest command, not both.
EXAMPLES = """\
examples:
  # a puzzle's page
  puzzlesat solve {url}
  # a puzzle by its ID and size (shikaku:ID@SIZE; @0 is ?size=0 on the site)
  puzzlesat solve shikaku:9366068@0
  # a page copied in the browser
  xclip -o | puzzlesat solve -
  # a file, with the answer as a picture
  puzzlesat solve puzzle.non --svg answer.svg
  # every puzzle of a folder, on two cores
  puzzlesat solve puzzles/ --jobs 2
  # one JSON object, for scripts
  puzzlesat solve puzzle.non --json
"""

_CHOICES = LazyPattern(r"invalid choice: '(?P<given>.*)' \(choose from (?P<choices>.*)\)$")


def _example_url() -> str:
    """The first example URL a site declares."""
    from ..sources import all_sites

    return next((site.examples[0] for site in all_sites() if site.examples), "URL")


def _closest(given: str, names: list[str]) -> str | None:
    """The name `given` is closest to, compared without the dashes every option shares."""
    bare = {name.lstrip("-"): name for name in names}
    import difflib  # a usage error's alone

    close = difflib.get_close_matches(given.lstrip("-"), list(bare), n=1, cutoff=0.6)
    return bare[close[0]] if close else None


class _Version(argparse.Action):
    """--version, printed on the parser's stdout (argparse's own prints on sys.stdout)."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, **kwargs: Any):
        kwargs.setdefault("help", "show program's version number and exit")
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None):
        parser._print_message(f"puzzlesat {__version__}\n", parser.stdout)
        parser.exit()


def _source_option(sub: argparse.ArgumentParser, many: bool = False) -> None:
    """SOURCE: one, or (solve) several, which make a batch."""
    if many:
        action = sub.add_argument(
            "sources",
            nargs="*",
            metavar="SOURCE",
            help="URL, file, folder, a site's shorthand (%(shorthands)s; @SIZE is the "
            "number in the site's ?size= links, 0 the first), puzzle ID (e.g. "
            "5x5:2/1.1/...), or - for stdin (default: stdin when piped); several, a folder "
            "or a file of many make a batch",
        )
    else:
        action = sub.add_argument(
            "source",
            nargs="?",
            metavar="SOURCE",
            help="URL, file, shorthand (%(shorthands)s; @SIZE is the number in the site's "
            "?size= links, 0 the first), puzzle ID, or - for stdin (default: stdin when piped)",
        )
    action.shorthands = Shorthands()  # type: ignore[attr-defined]


def _reading_options(sub: argparse.ArgumentParser) -> None:
    """The options of every command that loads a puzzle. Their defaults are fetch's own
    (None here), so that building the parser imports no network code."""
    sub.add_argument(
        "--format",
        metavar="NAME",
        choices=ReaderNames(),
        help="read the input as this site or file format: %(choices)s",
    )
    sub.add_argument(  # the name it had before "kind" came to mean nonogram, shikaku...
        "--kind", dest="format", metavar="NAME", choices=ReaderNames(), help=argparse.SUPPRESS
    )
    sub.add_argument("--no-cache", action="store_true", help="fetch again even if cached")
    sub.add_argument(
        "--fetch-timeout",
        type=seconds,
        metavar="S",
        help="give up a download after S seconds in all, retries and redirects included "
        "(default: 30)",
    )
    sub.add_argument(
        "--allow-any-host",
        action="store_true",
        help="fetch URLs of hosts puzzlesat does not know, then read by content",
    )
    sub.add_argument(
        "--user-agent",
        metavar="UA",
        help="User-Agent for requests (default: puzzlesat/VERSION and what it is)",
    )
    sub.add_argument("--debug", action="store_true", help="show tracebacks")


def _solving_options(sub: argparse.ArgumentParser) -> None:
    """What solve answers in, and how long it may take."""
    sub.add_argument("--json", action="store_true", help="print one JSON object (README: schema)")
    _timeout_option(sub, "give up after S seconds of solving (status unknown, exit 3)")
    sub.add_argument(
        "--solutions",
        type=solutions,
        metavar="N",
        help="look for up to N answers instead of two: count them and draw them all "
        "(-q: the count alone)",
    )


def _timeout_option(sub: Any, help: str) -> None:
    """--timeout S, solve's and hint's: the seconds the run may take (default: no limit)."""
    sub.add_argument("--timeout", type=seconds, metavar="S", help=help)


def _drawing_options(sub: argparse.ArgumentParser) -> None:
    """How the answer is drawn on the terminal."""
    sub.add_argument("--ascii", action="store_true", help="draw in ASCII only, without colour")
    sub.add_argument(
        "--color",
        "--colour",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour: auto (a terminal without NO_COLOR), always or never (default: auto)",
    )
    sub.add_argument(
        "-q",
        "--quiet",
        action="count",
        default=0,
        help="print only the verdict line; -qq prints nothing (the exit status tells)",
    )
    size = sub.add_mutually_exclusive_group()
    size.add_argument(
        "--compact",
        action="store_true",
        default=None,
        help="draw the compact picture without clues",
    )
    size.add_argument(
        "--full",
        dest="compact",
        action="store_false",
        help="draw the full picture with clues (default: full, unless it is wider than "
        "the terminal)",
    )


def _batch_options(sub: argparse.ArgumentParser) -> None:
    """Where a batch is solved."""
    sub.add_argument(
        "--jobs",
        "-j",
        type=jobs,
        metavar="N",
        help="solve a batch on N worker processes (default: the number of cores); "
        "results are printed in input order, so a slow puzzle delays the printing of those "
        "after it, never their solving",
    )
    sub.add_argument(
        "--dask-scheduler",
        type=dask_scheduler,
        metavar="ADDRESS",
        help="solve a batch on the Dask cluster of this scheduler (tcp://host:8786; "
        "needs pip install 'puzzlesat[dask]')",
    )


def _picture_options(sub: argparse.ArgumentParser) -> None:
    """The answer drawn into files as well."""
    sub.add_argument("--svg", metavar="FILE", help="also draw the answer as an SVG picture")
    sub.add_argument(
        "--png", metavar="FILE", help="also draw it as PNG (needs pip install 'puzzlesat[png]')"
    )
    _force_option(sub)


def _force_option(sub: argparse.ArgumentParser) -> None:
    """An output file that exists is kept unless this is given (a FIFO or device always)."""
    sub.add_argument("--force", action="store_true", help="replace output files that exist")


def _writing_options(sub: argparse.ArgumentParser) -> None:
    """convert's format and where it writes."""
    sub.add_argument(
        "--to",
        required=True,
        metavar="FORMAT",
        choices=WriterNames(),
        help="%(choices)s",
    )
    sub.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="write to FILE (default: stdout); a FOLDER/ gets one file per puzzle",
    )
    _force_option(sub)


def _hint_options(sub: argparse.ArgumentParser) -> None:
    group = sub.add_argument_group("hints")
    group.add_argument("--all", action="store_true",
                       help="every step of the solve, each with its reasons")
    group.add_argument("--state", metavar="FILE",
                       help="the player's marks: the answer's JSON with null where "
                       "unmarked, or a board JSON with \"state\"")
    group.add_argument("--ascii", action="store_true",
                       help="draw the board in plain ASCII")
    group.add_argument("--check", action="store_true",
                       help="say which marks are wrong and how many are right, first")
    group.add_argument("--json", action="store_true", help="one JSON object (design.md)")
    _timeout_option(group, "give up after S seconds, the first solve included (status "
                    "unknown, exit 3; with --all, the steps found by then)")


# name: (help, description, option groups)
COMMANDS = {
    "solve": (
        "solve a puzzle and draw the answer",
        "Solve a puzzle (or check that it has no answer), prove whether the answer is "
        "unique, draw it.",
        (_reading_options, _solving_options, _drawing_options, _batch_options, _picture_options),
    ),
    "parse": (
        "print the extracted board as JSON, without solving",
        "Print the board read from SOURCE as board JSON, without solving.",
        (_reading_options,),
    ),
    "hint": (
        "the next step and why",
        "Say what the rules force next, and which rules: what it decides and the rules "
        "it follows from; with the player's marks, which of them are wrong first.",
        (_reading_options, _hint_options),
    ),
    "convert": (
        "write a puzzle in another file format",
        "Read SOURCE (any URL, page or file) and write its puzzle in FORMAT, for the tools "
        "people already use.",
        (_reading_options, _writing_options),
    ),
}


def build_parser(stdout: IO[str] | None = None, only: str | None = None) -> Parser:
    """The whole command line; help and --version print on `stdout`. With `only` (the
    command the arguments name), the other commands are named without their options: their
    options are never parsed in this run, and building them is a good part of start-up."""
    with _words_as_written():
        return _built(stdout, only)


@contextmanager
def _words_as_written() -> Iterator[None]:
    """argparse's own words ("options", "show this help message and exit") taken as
    written while a parser is built. argparse asks gettext for each of them, and each ask
    imports `locale` and searches the locale folders: a good part of what building costs,
    for translations CPython does not ship. Messages argparse makes later still ask."""
    asked = argparse._, argparse.ngettext
    argparse._ = str
    argparse.ngettext = lambda singular, plural, n: singular if n == 1 else plural
    try:
        yield
    finally:
        argparse._, argparse.ngettext = asked


def _built(stdout: IO[str] | None, only: str | None) -> Parser:
    parser = Parser(
        prog="puzzlesat",
        description="Solve a logic puzzle from the web with SAT, prove it unique, draw it.",
        epilog=EXAMPLES + "\n`puzzlesat COMMAND --help` for more.",
        stdout=stdout,
    )
    parser.add_argument("--version", action=_Version)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    def add(name: str, help: str, description: str) -> Parser:
        epilog = EXAMPLES if name == "solve" else None
        sub = commands.add_parser(
            name, help=help, description=description, epilog=epilog, stdout=stdout
        )
        parser.commands[name] = sub
        return sub

    for name, (help, description, groups) in COMMANDS.items():
        sub = add(name, help, description)
        if only in (None, name):
            _source_option(sub, many=name == "solve")
            for group in groups:
                group(sub)
    cache = add(
        "cache",
        "show or empty the page cache",
        "The cache of fetched pages: its folder, its entries, or empty it.",
    )
    cache.add_argument("action", choices=("path", "list", "clear"), help="%(choices)s")
    games = add(
        "games",
        "list the games puzzlesat reads, each with a source to paste",
        "Every game puzzlesat reads, where from, and a puzzle of it to try.",
    )
    games.add_argument("--json", action="store_true", help="one JSON object a game")
    completion = add(
        "completion",
        "print a shell completion script",
        "Print the completion script for SHELL; e.g. in ~/.bashrc: "
        'eval "$(puzzlesat completion bash)"; fish: puzzlesat completion fish | source',
    )
    completion.add_argument("shell", choices=SHELLS, metavar="SHELL", help="%(choices)s")
    return parser


def command_named(argv: list[str]) -> str | None:
    """The command `argv` names, if it is one with options of its own (else None: every
    command is built, for the help or the error that follows)."""
    name = next((arg for arg in argv if not arg.startswith("-")), None)
    return name if name in COMMANDS else None


def complete_if_asked(parser: argparse.ArgumentParser, completing: bool) -> None:
    """Answer the shell's completion request (it runs us with _ARGCOMPLETE set) and exit."""
    if completing:
        import argcomplete

        argcomplete.autocomplete(parser)
