"""`cardgen simulate`: many games played by computer players, and what they came to."""

from __future__ import annotations

import json

from cardgen.actions import Result
from cardgen.actions.fields import Field, Flag, OneOf, Text, Whole
from cardgen.actions.runs import AS_JSON, JOBS, MOST_GAMES, NO_CHECK, SCHEDULER, SEED, game_settings, jobs_of
from cardgen.actions.sets import opened

NAME = "simulate"
TIMED = True  # its progress says how many a second and the time left


def _variants():
    from cardgen.engine import VARIANTS

    return tuple(VARIANTS)


VARIANT = Field("variant", OneOf(_variants), default="classic")
PLAYERS = Field("players", Whole(2, 99), default=4)
CARD_SETS = Field("card_sets", Text(1000), many=True, option="--set", metavar="NAME|FILE")


def players_kind(default: str) -> Field:
    return Field("players_kind", Text(400), many=True, default=(default,), metavar="KIND[,KIND…]")


FIELDS = (
    VARIANT,
    PLAYERS,
    Field("games", Whole(1, MOST_GAMES), default=1000),
    SEED,
    players_kind("random"),
    Field("threshold", Whole(1)),
    Field("rounds", Whole(1)),
    Field("free_companion", Flag(), default=False),
    Field("one_zero_each", Flag(), default=False),
    Field("max_players", Whole(2, 10)),
    CARD_SETS,
    AS_JSON,
    NO_CHECK,
    JOBS,
    SCHEDULER,
)


def run(values: dict, progress=None, slow=None, start_method=None, shown_as=None) -> Result:
    """`shown_as`: the sets' names in what is said, if not as given (the studio's own set)."""
    named = list(shown_as or values["card_sets"])
    with opened(values["card_sets"]) as card_sets:
        return _run(values | {"card_sets": card_sets}, progress, slow, start_method, named)


def _run(values: dict, progress, slow, start_method, named: list[str]) -> Result:
    from cardgen.simulate import simulate

    options, kinds, pool = game_settings(
        values["variant"],
        values["players"],
        values["players_kind"] or ("random",),
        values["card_sets"],
        values["threshold"],
        values["rounds"],
        values["free_companion"],
        values["one_zero_each"],
        values["max_players"],
    )
    how = {"start_method": start_method} if start_method else {}
    result = simulate(
        options,
        kinds,
        values["games"],
        seed=values["seed"],
        check=not values["no_check"],
        progress=progress and (lambda done: progress(done, values["games"])),
        jobs=jobs_of(values),
        scheduler=values["scheduler"],
        pool=pool,
        sets=named,
        slow=slow,
        **how,
    )
    return Result(report=result)


def said(result: Result, lang: str, as_json: bool = False) -> str:
    return json.dumps(result.report.as_json()) if as_json else result.report.summary(lang)
