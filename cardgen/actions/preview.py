"""`cardgen preview`: PNG pictures of chosen cards, one per card or a contact sheet."""

from __future__ import annotations

from pathlib import Path

from cardgen.actions import Result
from cardgen.actions.common import FACES, LANG, LAYOUT, SETS
from cardgen.actions.fields import Field, Flag, Output, Text, Whole
from cardgen.messages import Message

NAME = "preview"
FIELDS = (
    SETS,
    Field("cards", Text(4000), metavar="ID,ID,...", words="card_ids"),
    FACES,
    LANG,
    Field("contact_sheet", Flag(), default=False),
    Field("singles", Flag(), default=False),
    Field("back", Flag(), default=False),
    Field("dpi", Whole(30, 600), default=150),
    LAYOUT,
    Field("output", Output(True), default=Path("output/preview"), studio=False, option="-o/--output"),
)


def run(values: dict) -> Result:
    """The pictures, by file name; the report says which card each shows."""
    from cardgen.messages import language
    from cardgen.preview import choose_cards, image_names, parse_card_ids, render_previews

    chosen = choose_cards(list(values["sets"]), parse_card_ids(values["cards"]), values["faces"])
    images = render_previews(
        chosen,
        lang=values["lang"] or language(),
        dpi=values["dpi"],
        layout=values["layout"],
        singles=values["singles"] or not values["contact_sheet"],
        contact_sheet=values["contact_sheet"],
        back=values["back"],
    )
    shows = {name: item.card.id for item, name in zip(chosen, image_names(chosen))}
    return Result(images, report=shows)


def written(result: Result, path: Path) -> Message | str:
    """How the command line names a picture it wrote: with its card's id where the file
    name could not be the id itself."""
    card_id = result.report.get(path.name)
    if card_id and path.name != f"{card_id}.png":
        return Message("preview.written", path=str(path), card=card_id)
    return str(path)
