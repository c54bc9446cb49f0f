"""`cardgen simulate` (placeholder until the engine lands)."""

import click


@click.command("simulate")
def command() -> None:
    """Not ready yet."""
    raise click.UsageError("this command is not ready yet")
