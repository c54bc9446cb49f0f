"""`cardgen export`: files for a print shop, one per card face and per back, with bleed."""

from pathlib import Path

import click

from cardgen.cli.options import LANGS, card_layout_option
from cardgen.errors import printable


@click.command("export")
@click.option(
    "--set",
    "sets",
    multiple=True,
    required=True,
    metavar="NAME|FILE",
    help="A bundled card set (numbered, zero-cards, jokers) or a set YAML; repeatable.",
)
@click.option(
    "--bleed", type=float, default=3.0, show_default=True, help="Bleed in mm around the cut, on every side (0 to 10)."
)
@click.option("--dpi", type=int, default=300, show_default=True, help="Resolution of the PNG files (72 to 1200).")
@click.option(
    "--format",
    "file_format",
    type=click.Choice(["png", "pdf"]),
    default="png",
    show_default=True,
    help="png: one image per card face and per back; pdf: one PDF, a page each, TrimBox at the cut.",
)
@card_layout_option
@click.option("--faces", metavar="NAME|FILE", help="A face style for every set instead of each set's own.")
@click.option("--lang", type=LANGS, default="en", show_default=True, help="The joker's decimal separator (0.4 or 0,4).")
@click.option(
    "-o",
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output/print-shop"),
    show_default=True,
    help="Folder for the files and manifest.json; best an empty one.",
)
def command(sets, bleed, dpi, file_format, layout, faces, lang, output):
    """Write print-shop files: every card face and each distinct back at the cut size plus
    bleed, nothing else on them, and a manifest.json saying what each file is and how many
    copies to print. Check them with `cardgen verify FOLDER`."""
    from cardgen.export import ExportRequest, export
    from cardgen.files import write_files

    request = ExportRequest(tuple(sets), bleed, dpi, file_format, layout, faces=faces, lang=lang)
    files = export(request)
    for path in write_files(output, files):
        click.echo(printable(path))
    others = sorted(p.name for p in output.iterdir() if p.name not in files and not p.name.startswith("."))
    if others:
        click.echo(
            printable(
                f"note: {output} also holds {len(others)} other file{'s' if len(others) > 1 else ''} "
                f"({', '.join(others[:3])}{' …' if len(others) > 3 else ''}); "
                "a print shop given the folder would print them too."
            ),
            err=True,
        )
