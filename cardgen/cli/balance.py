"""`cardgen balance`: do your cards change the game? The same seeds with the standard
deck and with your set, side by side, and which differences are more than noise."""

import json
from functools import partial

import click

from cardgen.cli.options import (
    games_option,
    jobs_option,
    json_option,
    lang_option,
    output_option,
    paper_option,
    players_kind_option,
    scheduler_option,
    seed_option,
    set_option,
    table_options,
)


@click.command("balance")
@set_option("Your cards (docs/RULES.md §18); repeatable.", dest="card_sets", required=True)
@table_options
@games_option(1000, "Games per deck.", most=100_000)
@players_kind_option("heuristic")
@seed_option("Game i is played with seed SEED+i, by both decks.")
@json_option()
@output_option("Also write the report as a one-page PDF.", folder=False)
@lang_option("Language of the summary and the PDF.")
@paper_option()
@jobs_option
@scheduler_option
def command(
    card_sets, variant, player_count, games, players_kind, seed, as_json, output, lang, paper, jobs, scheduler
) -> None:
    """Play the same games with the standard deck and with your cards and report, side by
    side with 95 % intervals, the mean totals and win rates per seat (and per kind of
    player), the rounds per game, the round scores and where your new cards end up. A
    difference is a finding only when its interval, paired on the same seeds and held for
    all measures at once, leaves out zero; otherwise it is within the noise."""
    from cardgen.balance.pdf import balance_pdf
    from cardgen.balance.words import text_report
    from cardgen.batch import all_cores
    from cardgen.choices import balance_run
    from cardgen.cli.simulate import game_progress, preparing_note
    from cardgen.files import write_file

    with game_progress("pairs of games") as line:  # each seed played with both decks
        progress = partial(line, total=games)
        report, notes = balance_run(
            card_sets,
            variant,
            player_count,
            players_kind,
            games,
            seed,
            jobs or all_cores(),
            progress,
            scheduler=scheduler,
            slow=preparing_note,
        )
    for note in notes:
        click.echo(f"cardgen: note: {note}", err=True)
    if output:
        write_file(output, balance_pdf(report, lang, paper))
    click.echo(json.dumps(report.as_json()) if as_json else text_report(report, lang))
