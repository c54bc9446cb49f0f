"""`cardgen referee RECORD.yaml [--json]`: replay a played game by the rules."""

import json

import click

from cardgen.cli.options import json_option


@click.command("referee")
@click.argument("record", metavar="RECORD.yaml")
@json_option("Print one JSON object instead of the account; its `failure` says where a rule was broken.")
def command(record: str, as_json: bool) -> None:
    """Replay a recorded game by the rules and show what happened.

    Exit status 0 when every play is legal and every score written down is right,
    1 when a play breaks a rule or a written score or total is wrong (the line says
    where and which), 2 when the record cannot be read.
    """
    from cardgen.errors import printable_lines
    from cardgen.referee import BrokenRule, referee_file

    try:
        report = referee_file(record)
    except BrokenRule as exc:  # the table as it stood, then the broken rule (on stderr; --json: BrokenRule.as_json)
        if not as_json:
            click.echo(printable_lines(exc.replayed.account()))
        raise
    if as_json:
        click.echo(json.dumps(report.as_json()))
    else:
        click.echo(printable_lines(report.account()))
