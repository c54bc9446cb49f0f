"""`cardgen preview`: PNG images of chosen cards, one per card or a contact sheet."""

import click

from cardgen.cli.options import (
    BUNDLED_SETS,
    card_layout_option,
    dpi_option,
    faces_option,
    lang_option,
    output_option,
    set_option,
    whole,
)
from cardgen.errors import printable


@click.command("preview")
@set_option(f"{BUNDLED_SETS} Default: every bundled set.")
@click.option(
    "--cards",
    metavar="ID,ID,...",
    help="Only these cards, by id (e.g. 1,55,Z1,J0.4). Default: all cards of the chosen sets.",
)
@faces_option("A face style to use instead of each set's own (a bundled name or a YAML file).")
@lang_option("The language of the joker's decimal separator (0.4 or 0,4).")
@click.option(
    "--contact-sheet",
    is_flag=True,
    help="Write one image of all chosen cards in a grid (contact-sheet.png) instead of one image per card. Where that image would pass 89 megapixels (pillow's limit: many cards at a high --dpi or large cards), the grid is split over contact-sheet-1.png, contact-sheet-2.png, ...",
)
@click.option("--singles", is_flag=True, help="With --contact-sheet: write the image of each card as well.")
@click.option("--back", is_flag=True, help="Also show the back (back.png, or the last slot of the contact sheet).")
@dpi_option(150, "Resolution of the images.", whole(30, 600))
@card_layout_option
@output_option("Folder for the PNG files.", "output/preview", folder=True)
def command(sets, cards, faces, lang, contact_sheet, singles, back, dpi, layout, output):
    """Write PNG images of card faces (named by card id) to look at before printing."""
    from cardgen.files import write_files
    from cardgen.preview import choose_cards, image_names, parse_card_ids, render_previews

    chosen = choose_cards(list(sets), parse_card_ids(cards), faces)
    images = render_previews(
        chosen,
        lang=lang,
        dpi=dpi,
        layout=layout,
        singles=singles or not contact_sheet,
        contact_sheet=contact_sheet,
        back=back,
    )
    shows = {name: item.card.id for item, name in zip(chosen, image_names(chosen))}
    for path in write_files(output, images):
        card_id = shows.get(path.name)
        click.echo(printable(f"{path}: card {card_id!r}" if card_id and path.name != f"{card_id}.png" else path))
