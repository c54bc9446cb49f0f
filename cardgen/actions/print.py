"""The studio's print page: a player's answers (which cards, whether the printer prints both
sides, what the cards end up on) become the files of `cardgen build` or `cardgen export`,
and that command line is said beside them."""

from __future__ import annotations

from dataclasses import replace

from cardgen.actions import Result
from cardgen.actions import build as build_action
from cardgen.actions import export as export_action
from cardgen.actions.common import BACK_OFFSET, FLIP, LANG, PAPER, PRINTER
from cardgen.actions.fields import Field, Flag, OneOf, filled
from cardgen.formats import ModeName
from cardgen.messages import Message

NAME = "print"
CARDS: dict[str, tuple[str, ...]] = {  # "kit": every sheet cardgen build makes with no --set
    "kit": (),
    "zero-cards": ("zero-cards",),
    "jokers": ("jokers",),
    "numbered": ("numbered",),
}
MATERIALS = ("spare_cards", "card_stock", "sleeves", "print_shop", "cutting_machine")
EVERY_SET = ("zero-cards", "jokers", "numbered")  # what a print shop is sent for the kit
CUTTER_LAYOUT = "silhouette"

AT_HOME = (("material", "!print_shop"),)  # what a print shop does not need to know
TWO_SIDED_AT_HOME = (("two_sided", "yes"), *AT_HOME)
FIELDS = (
    Field("material", OneOf(MATERIALS), required=True),  # what the player has and will make the cards of
    Field("cards", OneOf(tuple(CARDS)), default="kit"),
    Field("two_sided", Flag(), default=True, shown_if=AT_HOME),
    Field(PAPER.name, PAPER.kind, group="printer", shown_if=AT_HOME),
    Field(FLIP.name, FLIP.kind, group="printer", shown_if=TWO_SIDED_AT_HOME),
    Field(PRINTER.name, PRINTER.kind, group="printer", shown_if=AT_HOME),
    Field(BACK_OFFSET.name, BACK_OFFSET.kind, group="printer", shown_if=TWO_SIDED_AT_HOME),
    LANG,
)


def run(values: dict, warn=lambda message: None) -> Result:
    """The files the answers make, as the command line said beside them writes them, and a
    warning where cardgen's own back would give some cards away."""
    if values["material"] == "print_shop":
        return export_action.run(_export_values(values))
    result = build_action.run(_build_values(values), warn=warn)
    if values["material"] == "card_stock" and values["cards"] != "numbered":
        return replace(result, warnings=(*result.warnings, Message("print.own_back_shows")))
    return result


def sheet_mode(material: str, two_sided: bool) -> ModeName | None:
    """The sheet mode that answers make; None: the kit's own modes (glue sheets for the box's
    spare cards, duplex for the rest), on a two-sided printer gluing onto spare cards."""
    if material == "spare_cards":
        return None if two_sided else "sticker"
    if material == "sleeves":
        return "sleeve"
    if material == "cutting_machine":
        return "duplex" if two_sided else "sleeve"  # a fold sheet takes no cutting-machine marks
    return "duplex" if two_sided else "fold"


def _build_values(values: dict) -> dict:
    sets = CARDS[values["cards"]]
    mode = sheet_mode(values["material"], values["two_sided"])
    if mode is None and sets:  # a chosen set on spare cards, two-sided: the glue sheet
        mode = "glue"
    cutting = values["material"] == "cutting_machine"
    given = {
        "sets": sets,
        "mode": mode,
        "paper": values["paper"],
        "flip": values["flip"] if values["two_sided"] else None,
        "back_offset": values["back_offset"] if values["two_sided"] else None,
        "printer": values["printer"],
        "lang": values["lang"],
    }
    if cutting:
        given |= {"layout": CUTTER_LAYOUT, "cut_marks": "silhouette", "cut_file": "svg"}
    return filled(build_action.FIELDS, **given)


def _export_values(values: dict) -> dict:
    given = {"sets": CARDS[values["cards"]] or EVERY_SET, "format": "pdf", "lang": values["lang"]}
    return filled(export_action.FIELDS, **given)
