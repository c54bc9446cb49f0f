"""`cardgen calibrate`: the two-sided sheet that measures a printer's front/back shift."""

import click

from cardgen.cli.options import (
    back_offset_option,
    flip_option,
    lang_option,
    output_option,
    paper_option,
    printer_option,
)
from cardgen.errors import printable


@click.command("calibrate")
@paper_option("A4")
@flip_option("long")
@back_offset_option("Print the back moved by this offset, to check values already found: the scales then read 0.")
@printer_option("paper, flip and back offset")
@lang_option("Language of the printed instructions.")
@output_option("The PDF to write.", "output/calibration.pdf", folder=False)
def command(paper, flip, back_offset, printer, lang, output):
    """Write a calibration sheet: print it two-sided, hold it against a lamp, and read
    the --back-offset X,Y that cancels your printer's shift."""
    from cardgen.choices import calibration_file
    from cardgen.files import write_file

    write_file(output, calibration_file(paper, flip, back_offset, printer, lang))
    click.echo(printable(output))
