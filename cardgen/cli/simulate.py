"""`cardgen simulate`: play many games fast and report totals and win rates."""

import json
from functools import partial

import click

from cardgen.cli.options import (
    games_option,
    jobs_option,
    json_option,
    players_kind_option,
    scheduler_option,
    seed_option,
    set_option,
    table_options,
    whole,
)
from cardgen.cli.progress import LineProgress


@click.command("simulate")
@table_options
@games_option(1000)
@seed_option()
@players_kind_option("random")
@click.option("--threshold", type=whole(1), help="End after the round in which a total reaches this (default 66).")
@click.option("--rounds", type=whole(1), help="Play exactly this many rounds instead.")
@click.option("--free-companion", is_flag=True, help="Plus: a card played with a zero may go on any row.")
@click.option("--one-zero-each", is_flag=True, help="Plus: deal one zero card to each player first.")
@click.option("--max-players", type=whole(2, 10), help="Pro: allow up to this many players (default 6).")
@set_option(
    "Play with your cards (docs/RULES.md §18): numbered cards 1-104 replace the bundled ones, higher "
    "ones extend the deck, zero cards and jokers replace the bundled ones; repeatable.",
    dest="card_sets",
)
@json_option()
@click.option("--no-check", is_flag=True, help="Skip the invariant checks after every turn and round (faster).")
@jobs_option
@scheduler_option
def command(
    variant,
    player_count,
    games,
    seed,
    players_kind,
    threshold,
    rounds,
    free_companion,
    one_zero_each,
    max_players,
    card_sets,
    as_json,
    no_check,
    jobs,
    scheduler,
) -> None:
    """Play many games with computer players and report, per seat, the mean
    total and the win rate (a shared win counts for each winner), the mean
    number of rounds, and games per second."""
    from cardgen.batch import all_cores
    from cardgen.choices import game_settings
    from cardgen.simulate import simulate

    options, kinds, pool = game_settings(
        variant, player_count, players_kind, card_sets, threshold, rounds, free_companion, one_zero_each, max_players
    )
    with game_progress() as line:
        progress = partial(line, total=games)
        result = simulate(
            options,
            kinds,
            games,
            seed=seed,
            check=not no_check,
            progress=progress,
            jobs=jobs or all_cores(),
            scheduler=scheduler,
            pool=pool,
            sets=[str(name) for name in card_sets],
            slow=preparing_note,
        )
    click.echo(json.dumps(result.as_json()) if as_json else result.summary())


def preparing_note() -> None:
    click.echo("cardgen: preparing the computer players for this machine (once, 10 to 20 s)...", err=True)


def game_progress(unit: str = "games") -> LineProgress:
    """The games played so far, how many a second and the time left: on a terminal, once a
    run has lasted a second."""
    return LineProgress("playing", unit, timed=True, after=1.0)
