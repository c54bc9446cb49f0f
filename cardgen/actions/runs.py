"""How a long run of games runs, declared once for every action that plays them
(simulate, balance, verify's games): its processes, a Dask cluster, its checks."""

from __future__ import annotations

from cardgen.actions.fields import Field, Flag, Text, Whole

MOST_JOBS = 64  # each worker holds a Python of its own: 1,000 would ask for 33 GB
MOST_GAMES = 10_000_000  # a quarter of an hour of random players on two cores

JOBS = Field("jobs", Whole(1, MOST_JOBS), studio=False, metavar="N")  # None: one per core
SCHEDULER = Field("scheduler", Text(200), studio=False, metavar="ADDRESS")
SEED = Field("seed", Whole(), default=1)
NO_CHECK = Field("no_check", Flag(), default=False, studio=False)
AS_JSON = Field("as_json", Flag(), default=False, studio=False, option="--json")


def jobs_of(values: dict) -> int:
    """The processes to play on: as many as asked, else one per core."""
    from cardgen.batch import all_cores

    return values.get("jobs") or all_cores()


def game_settings(
    variant, player_count, players_kind, card_sets, threshold=None, rounds=None, free_companion=False,
    one_zero_each=False, max_players=None,
):  # fmt: skip
    """(options, a player kind per seat, the cards) of a run; InputError when they make no game."""
    from cardgen.engine import OptionError, Options
    from cardgen.errors import InputError
    from cardgen.messages import Message
    from cardgen.model.play import check_players, load_pool

    kinds = [kind.strip() for given in players_kind for kind in given.split(",")]  # the option may be repeated
    if len(kinds) == 1:
        kinds *= player_count
    if len(kinds) != player_count:
        raise InputError(Message("simulate.kinds_and_players", kinds=len(kinds), players=player_count))
    try:
        options = Options(
            variant,
            threshold=threshold,
            rounds=rounds,
            free_companion=free_companion,
            one_zero_each=one_zero_each,
            max_players=max_players,
        )
    except OptionError as exc:
        raise InputError(Message("input.sentence", clause=exc.message)) from None
    pool = load_pool(card_sets)
    check_players(options, player_count, pool, card_sets)
    return options, kinds, pool
