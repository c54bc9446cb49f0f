"""`cardgen verify`: check card sets and printed PDFs before anyone wastes card stock."""

import click

from cardgen.cli.options import games_option, jobs_option, json_option, seed_option, set_option


@click.command("verify")
@click.argument("inputs", nargs=-1, metavar="[SET|PDF|FOLDER]...")
@set_option(
    "The card set the PDFs must hold, each card exactly once and nothing else; repeatable. "
    "Given alone, the sets themselves are verified.",
    dest="expected_sets",
)
@games_option(300, "Simulated games per card set, spread over its variants and player counts.")
@seed_option()
@json_option("Print one JSON object with every check.")
@jobs_option
def command(inputs, expected_sets, games, seed, as_json, jobs) -> None:
    """Check card sets (a YAML file or a bundled name: numbered, zero-cards, jokers)
    against the rules, PDFs against what they should print (a folder that `cardgen build`
    wrote: each of its PDFs and cut files), and the folder (or the manifest.json) that
    `cardgen export` wrote against its manifest. One line per check,
    then a summary; exit status 0 when all pass, 1 when any fails, 2 when an input
    cannot be read.

    \b
    cardgen verify templates/sets/zero-cards.yaml
    cardgen verify output
    cardgen verify output/deck-duplex.pdf --set numbered
    cardgen verify my-promo.yaml output/promo-duplex.pdf --set my-promo.yaml --json
    cardgen verify output/print-shop --set numbered
    """
    import sys

    from cardgen.batch import all_cores
    from cardgen.errors import InputError
    from cardgen.verify.report import render_json, render_text
    from cardgen.verify.run import verify_inputs

    names = list(inputs) or list(expected_sets)
    if not names:
        raise InputError(
            "name a card set or a PDF to verify, e.g. cardgen verify output/deck-duplex.pdf --set numbered"
        )
    reports = verify_inputs(
        names, list(expected_sets) if inputs else [], games=games, seed=seed, jobs=jobs or all_cores()
    )
    click.echo(render_json(reports) if as_json else render_text(reports))
    if not all(report.ok for report in reports):
        sys.exit(1)
