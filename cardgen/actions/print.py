"""The studio's print page: a player's answers (which cards, whether the printer prints both
sides, what the cards end up on) become the files of `cardgen build` or `cardgen export`,
and that command line is said beside them."""

from __future__ import annotations

from cardgen.actions import Result
from cardgen.actions import build as build_action
from cardgen.actions import export as export_action
from cardgen.actions.common import BACK_OFFSET, FLIP, LANG, PAPER, PRINTER
from cardgen.actions.fields import Field, Flag, OneOf, filled
from cardgen.formats import ModeName

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

FIELDS = (
    Field("cards", OneOf(tuple(CARDS)), default="kit"),
    Field("two_sided", Flag(), default=True),
    Field("material", OneOf(MATERIALS), default="spare_cards"),
    PAPER,
    Field(FLIP.name, FLIP.kind, shown_if=("two_sided", "yes")),
    PRINTER,
    Field(BACK_OFFSET.name, BACK_OFFSET.kind, shown_if=("two_sided", "yes")),
    LANG,
)


def run(values: dict, warn=lambda message: None) -> Result:
    """The files the answers make, as the command line said beside them writes them."""
    if values["material"] == "print_shop":
        return export_action.run(_export_values(values))
    return build_action.run(_build_values(values), warn=warn)


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
