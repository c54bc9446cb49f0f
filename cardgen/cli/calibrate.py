"""`cardgen calibrate`: the two-sided sheet that measures a printer's front/back shift."""

from pathlib import Path

import click

from cardgen.cli.options import LANGS
from cardgen.errors import printable
from cardgen.texts import DEFAULT_LANG


@click.command("calibrate")
@click.option("--paper", type=click.Choice(["a4", "letter"]), help="Paper size (default: a4, or the printer's).")
@click.option(
    "--flip",
    type=click.Choice(["long", "short"]),
    help="The edge the printer turns the sheet on (default: long, or the printer's).",
)
@click.option(
    "--back-offset",
    metavar="X,Y",
    help="Print the back moved by this offset, to check values already found: the scales then read 0.",
)
@click.option(
    "--printer",
    metavar="NAME",
    help="Take paper, flip and back offset from a saved printer profile (options given here win).",
)
@click.option("--lang", type=LANGS, default=DEFAULT_LANG, show_default=True, help="Language of the instructions.")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("output/calibration.pdf"),
    show_default=True,
    help="The PDF to write.",
)
def command(paper, flip, back_offset, printer, lang, output):
    """Write a calibration sheet: print it two-sided, hold it against a lamp, and read
    the --back-offset X,Y that cancels your printer's shift."""
    from cardgen.cli.options import resolve_print_settings
    from cardgen.files import write_file
    from cardgen.render.calibration import calibration_pdf

    settings = resolve_print_settings("standard", paper, flip, back_offset, printer, lang)
    content = calibration_pdf(
        paper=settings.paper or "a4", flip=settings.flip or "long", back_offset=settings.back_offset, lang=lang
    )
    write_file(output, content)
    click.echo(printable(output))
