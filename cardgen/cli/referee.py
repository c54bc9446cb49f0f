"""`cardgen referee` (placeholder until the engine lands)."""

import click


@click.command("referee")
def command() -> None:
    """Not ready yet."""
    raise click.UsageError("this command is not ready yet")
