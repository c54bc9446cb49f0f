"""`cardgen balance`: do your cards change the game? The same seeds with the standard
deck and with your set, side by side, and which differences are more than noise."""

import json

import click

from cardgen.cli.options import LANGS, VariantChoice, jobs_option
from cardgen.texts import DEFAULT_LANG


@click.command("balance")
@click.option(
    "--set",
    "card_sets",
    multiple=True,
    required=True,
    metavar="NAME|FILE",
    help="Your cards (docs/RULES.md §18); repeatable.",
)
@click.option("--variant", type=VariantChoice(), default="classic", show_default=True)
@click.option("--players", "player_count", type=click.IntRange(2, 99), default=4, show_default=True)
@click.option("--games", type=click.IntRange(1, 100_000), default=1000, show_default=True, help="Games per deck.")
@click.option(
    "--players-kind",
    multiple=True,
    default=["heuristic"],
    show_default=True,
    help="Strategy of each seat, comma-separated or one option per seat: random, heuristic, rollout or rollout:N; one name for all.",
)
@click.option(
    "--seed", type=int, default=1, show_default=True, help="Game i is played with seed SEED+i, by both decks."
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Also write the report as a one-page PDF.")
@click.option("--lang", type=LANGS, default=DEFAULT_LANG, show_default=True, help="Language of the summary and PDF.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
@jobs_option
def command(card_sets, variant, player_count, games, players_kind, seed, as_json, output, lang, paper, jobs) -> None:
    """Play the same games with the standard deck and with your cards and report, side by
    side with 95 % intervals, the mean totals and win rates per seat (and per kind of
    player), the rounds per game, the round scores and where your new cards end up. A
    difference is a finding only when its interval, paired on the same seeds and held for
    all measures at once, leaves out zero; otherwise it is within the noise."""
    from cardgen.balance import balance
    from cardgen.balance.pdf import balance_pdf
    from cardgen.balance.words import text_report
    from cardgen.batch import all_cores
    from cardgen.cli.simulate import Progress, game_settings
    from cardgen.files import write_file

    options, kinds, pool = game_settings(variant, player_count, players_kind, card_sets, None, None, False, False, None)
    with Progress(games) as progress:
        report = balance(
            options, kinds, games, seed, pool, jobs or all_cores(), [str(name) for name in card_sets], progress=progress
        )
    if output:
        write_file(output, balance_pdf(report, lang, paper))
    click.echo(json.dumps(report.as_json()) if as_json else text_report(report, lang))
