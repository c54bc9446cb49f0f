"""`cardgen studio`: the local web page that does what the command line does."""

from pathlib import Path

import click

from cardgen.cli.options import whole
from cardgen.errors import printable


@click.command("studio")
@click.option("--port", type=whole(0, 65535), default=0, help="Port to listen on (default: a free one).")
@click.option(
    "--host",
    metavar="ADDRESS",
    help="Listen on this address instead of 127.0.0.1 and ::1: other computers may then reach the studio (a warning says so).",
)
@click.option("--no-browser", is_flag=True, help="Print the address without opening the browser.")
@click.option(
    "--workspace",
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder the studio keeps its files in (default: a new temporary one, removed when it stops).",
)
def command(port, host, no_browser, workspace):
    """Start the studio, a web page on this computer for everything cardgen does, in your
    language, with a picture of every page before you print it. Ctrl-C stops it."""
    from cardgen.studio.server import LOOPBACK_ADDRESSES, serve

    if host and host not in (*LOOPBACK_ADDRESSES, "localhost"):
        click.echo(
            printable(
                f"cardgen: warning: listening on {host}: anyone who can reach this address and learns the token "
                "can use the studio and save printer profiles."
            ),
            err=True,
        )
    serve(port, host, workspace, open_browser=not no_browser, say=lambda line: click.echo(printable(line)))
