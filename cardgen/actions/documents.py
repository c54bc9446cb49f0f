"""The studio's rules page: a rule summary, the reference cards or score sheets of one
variant, as `cardgen rules` or `cardgen sheet` makes them."""

from __future__ import annotations

from cardgen.actions import Result
from cardgen.actions import rules as rules_action
from cardgen.actions import sheet as sheet_action
from cardgen.actions.common import LANG
from cardgen.actions.fields import Field, OneOf, Whole, filled
from cardgen.formats import PAPERS

NAME = "documents"


def _variants():
    return rules_action.summary_variants()


FIELDS = (
    Field("document", OneOf(("summary", "reference", "score")), default="summary"),
    Field("variant", OneOf(_variants), default="classic", named_by="variants"),
    Field(
        "players", Whole(2, 10), shown_if=(("document", "score"),), words="sheet_players"
    ),  # None: a page for every count
    Field("copies", Whole(1, 1000), default=1, shown_if=(("document", "score"),)),
    Field("paper", OneOf(tuple(PAPERS)), default="a4"),
    LANG,
)


def run(values: dict) -> Result:
    common = {"variant": values["variant"], "lang": values["lang"], "paper": values["paper"]}
    if values["document"] == "score":
        _check_players(values["variant"], values["players"])
        given = common | {"players": values["players"], "copies": values["copies"]}
        return sheet_action.run(filled(sheet_action.FIELDS, **given))
    given = common | {"reference": values["document"] == "reference"}
    return rules_action.run(filled(rules_action.FIELDS, **given))


def player_range(variant: str) -> tuple[int, int]:
    """The player counts a score sheet of `variant` is made for."""
    from cardgen.render.scoresheet import player_range as counts

    return counts(variant)


def _check_players(variant: str, players: int | None) -> None:
    from cardgen.actions.fields import Refused
    from cardgen.messages import Message

    low, high = player_range(variant)
    if players is not None and not low <= players <= high:
        raise Refused(Message("cli.out_of_range", value=players, low=low, high=high), "players")
