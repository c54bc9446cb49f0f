"""`cardgen export`: files for a print shop, one per card face and per back, with bleed."""

import click

from cardgen.cli.options import (
    DECIMAL,
    card_layout_option,
    choice,
    dpi_option,
    faces_option,
    lang_option,
    output_option,
    set_option,
)
from cardgen.errors import printable
from cardgen.formats import EXPORT_FORMATS


@click.command("export")
@set_option(required=True)
@click.option(
    "--bleed", type=DECIMAL, default=3.0, show_default=True, help="Bleed in mm around the cut, on every side (0 to 10)."
)
@dpi_option(300, "Resolution of the PNG files (72 to 1200).")
@click.option(
    "--format",
    "file_format",
    type=choice(EXPORT_FORMATS),
    default="png",
    show_default=True,
    help="; ".join(f"{name}: {what}" for name, what in EXPORT_FORMATS.items()) + ".",
)
@card_layout_option
@faces_option("A face style for every set instead of each set's own.")
@lang_option("The joker's decimal separator (0.4 or 0,4).")
@output_option("Folder for the files and manifest.json; best an empty one.", "output/print-shop", folder=True)
def command(sets, bleed, dpi, file_format, layout, faces, lang, output):
    """Write print-shop files: every card face and each distinct back at the cut size plus
    bleed, nothing else on them, and a manifest.json saying what each file is and how many
    copies to print. Check them with `cardgen verify FOLDER`."""
    from cardgen.cli.progress import LineProgress
    from cardgen.export import ExportRequest, export
    from cardgen.files import write_files

    with LineProgress("exporting", "pictures") as progress:
        if file_format == "tts":
            from cardgen.tts import TtsRequest, tts_export

            files = tts_export(TtsRequest(tuple(sets), output, layout, faces=faces, lang=lang), progress)
        else:
            request = ExportRequest(tuple(sets), bleed, dpi, file_format, layout, faces=faces, lang=lang)
            files = export(request, progress)
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
