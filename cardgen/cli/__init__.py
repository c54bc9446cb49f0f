"""The `cardgen` command line: a thin layer over the library.

One module per command; each keeps its heavy imports inside the command so that
`cardgen --help` and the engine commands start fast.
"""

import sys

import click

from cardgen import __version__
from cardgen.errors import CardgenError


class _Cardgen(click.Group):
    """Turns a CardgenError into one line on stderr and its exit status, never a traceback."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except CardgenError as exc:
            click.echo(f"cardgen: {exc}", err=True)
            sys.exit(exc.exit_code)


@click.group(cls=_Cardgen, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardgen")
def main() -> None:
    """Print-and-play cards, rules and score sheets for 6 nimmt!, and a referee for its games."""


def _register() -> None:
    from importlib import import_module

    # One module per command, each defining `command`; one line each.
    for name in (
        "build",
        "calibrate",
        "preview",
        "printer",
        "referee",
        "rules",
        "sheet",
        "simulate",
        "verify",
    ):
        main.add_command(import_module(f"cardgen.cli.{name}").command)


_register()
