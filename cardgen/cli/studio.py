"""`cardgen studio`: the local web page that does what the command line does."""

from pathlib import Path

import click

from cardgen.actions.fields import Field, Flag, Output, Text, Whole
from cardgen.cli.commands import param_of
from cardgen.errors import printable
from cardgen.messages import Message

FIELDS = (
    Field("port", Whole(0, 65535), default=0),
    Field("host", Text(200), metavar="ADDRESS"),
    Field("no_browser", Flag(), default=False),
    Field("workspace", Output(True)),
)


def _serve(port: int, host: str | None, no_browser: bool, workspace: Path | None) -> None:
    from cardgen.studio.server import LOOPBACK_ADDRESSES, serve

    if host and host not in (*LOOPBACK_ADDRESSES, "localhost"):
        warning = Message("cli.warning", warning=Message("studio.listening_widely", host=host))
        click.echo(printable(f"cardgen: {warning.text()}"), err=True)
    serve(port, host, workspace, open_browser=not no_browser, say=lambda line: click.echo(printable(line)))


def command() -> click.Command:
    """The command, its words in the language of this run."""
    return click.Command(
        "studio",
        params=[param_of(field) for field in FIELDS],
        callback=_serve,
        help=Message("action.studio.help").text(),
        short_help=Message("action.studio").text(),
    )
