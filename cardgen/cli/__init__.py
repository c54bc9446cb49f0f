"""The `cardgen` command line: a thin layer over the library.

One module per command, loaded when its command runs; each keeps its heavy imports
inside the command so that `cardgen --help` and the engine commands start fast.
"""

import sys
from collections.abc import Iterator, MutableMapping
from importlib import import_module

import click

from cardgen import __version__
from cardgen.batch import Terminated
from cardgen.errors import CardgenError, printable

INTERRUPTED = 130  # the shell's status for a command stopped by Ctrl-C (128 + SIGINT)
TERMINATED = 143  # and by SIGTERM (128 + SIGTERM)


# click 8.2+ raises this for a bare `cardgen`: show the help, as older versions do
_NoArgsIsHelp = getattr(click.exceptions, "NoArgsIsHelpError", ())


class _Cardgen(click.Group):
    """Every error is one line on stderr with its exit status, never a traceback: a
    CardgenError as it says, a usage mistake with a pointer to the command's help, Ctrl-C
    as `stopped.` with status 130. Control characters in the line are shown escaped."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except CardgenError as exc:
            _fail(str(exc), exc.exit_code)
        except Terminated:
            _fail("stopped.", TERMINATED)
        except KeyboardInterrupt:
            _fail("stopped.", INTERRUPTED)

    def main(self, args=None, *rest, **kwargs):
        kwargs["standalone_mode"] = False
        empty = _first_empty(sys.argv[1:] if args is None else list(args))
        if empty:
            _fail(f"{empty} is empty: give it a value, or leave it out. See 'cardgen --help'.", 2)
        try:
            super().main(args, *rest, **kwargs)
        except _NoArgsIsHelp as exc:
            click.echo(exc.ctx.get_help())
            sys.exit(0)
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx else "cardgen"
            _fail(f"{_one_line(exc.format_message())} See '{where} --help'.", exc.exit_code)
        except click.ClickException as exc:
            _fail(_one_line(exc.format_message()), exc.exit_code)
        except (click.Abort, KeyboardInterrupt):
            _fail("stopped.", INTERRUPTED)
        sys.exit(0)


def _first_empty(args: list[str]) -> str | None:
    """The first option (or argument) given an empty value: `-o ""` would write into the
    current folder, `--printer ""` quietly use none."""
    for index, arg in enumerate(args):
        if arg.startswith("--") and arg.endswith("="):
            return arg[:-1]
        if not arg.strip():
            before = args[index - 1] if index else ""
            return before if before.startswith("-") else "an argument"
    return None


def _one_line(message: str) -> str:
    return " ".join(message.split())


def _fail(message: str, status: int) -> None:
    click.echo(f"cardgen: {printable(message)}", err=True)
    sys.exit(status)


@click.group(cls=_Cardgen, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardgen")
def main() -> None:
    """Print-and-play cards, rules and score sheets for 6 nimmt!, and a referee for its games."""


class _Commands(MutableMapping[str, click.Command]):
    """The commands by name, one module each (cardgen/cli/NAME.py, defining `command`),
    each loaded when its command is first looked up: `cardgen build` loads none of the
    other eleven. Their names are known beforehand, for the help and for 'Did you mean'."""

    NAMES = (
        "balance",
        "build",
        "calibrate",
        "export",
        "preview",
        "printer",
        "referee",
        "rules",
        "sheet",
        "simulate",
        "studio",
        "verify",
    )

    def __getitem__(self, name: str) -> click.Command:
        if name not in self.NAMES:
            raise KeyError(name)
        return import_module(f"cardgen.cli.{name}").command

    def __iter__(self) -> Iterator[str]:
        return iter(self.NAMES)

    def __len__(self) -> int:
        return len(self.NAMES)

    def __setitem__(self, name: str, command: click.Command) -> None:
        raise TypeError("a command is a module of cardgen.cli, named in _Commands.NAMES")

    def __delitem__(self, name: str) -> None:
        raise TypeError("a command is a module of cardgen.cli, named in _Commands.NAMES")


main.commands = _Commands()
