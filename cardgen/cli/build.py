"""`cardgen build`: the print kit, or sheets of chosen card sets."""

import gc
from collections.abc import Iterator
from contextlib import contextmanager

import click

from cardgen.cli.options import (
    BUNDLED_SETS,
    choice,
    faces_option,
    output_option,
    print_options,
    set_option,
)
from cardgen.errors import printable
from cardgen.formats import CUT_FILE_KINDS, MODES


@click.command("build")
@set_option(f"{BUNDLED_SETS} Default: the whole print kit.")
@click.option(
    "--mode",
    type=choice(MODES),
    help="; ".join(f"{mode.name}: {mode.help}" for mode in MODES.values()) + ".",
)
@click.option(
    "--together",
    is_flag=True,
    help="One sheet for all the named sets, filling every slot in turn (file zero-cards+jokers-glue.pdf).",
)
@faces_option("Draw every set's cards in this face style (standard, light, or a style YAML) instead of the set's own.")
@print_options
@output_option("Folder for the PDFs.", "output", folder=True)
@click.option("--png", is_flag=True, help="Also write a 150 dpi PNG of every page beside its PDF.")
@click.option(
    "--cut-file",
    type=choice(CUT_FILE_KINDS),
    help="Also write a cutting machine's file of every card sheet's cut lines: NAME-cut-pN.svg (or .dxf), one per sheet.",
)
@click.option(
    "--cut-marks",
    type=choice(["none", "silhouette"]),
    default="none",
    show_default=True,
    help="Print a cutting machine's registration marks on the card sheets' fronts "
    "(silhouette: Silhouette Studio's print-and-cut marks; try --layout silhouette).",
)
def command(
    sets,
    mode,
    together,
    faces,
    layout,
    paper,
    flip,
    back_offset,
    ruler_measured,
    printer,
    lang,
    output,
    png,
    cut_file,
    cut_marks,
):
    """Write the print kit (or the chosen sets) as PDFs ready for a home printer."""
    with _collector_resting():
        from dataclasses import replace

        from cardgen.build import build, stale_cut_files
        from cardgen.choices import resolve_print_settings
        from cardgen.files import write_files

        settings = resolve_print_settings(layout, paper, flip, back_offset, printer, lang, ruler_measured)
        settings = replace(settings, cutter_marks=cut_marks, cut_file=cut_file, faces=faces)
        files = build(settings, list(sets), mode, together, warn=_warn)
        if png:
            from cardgen.preview import page_images

            files |= page_images(files, dpi=150)
        for path in write_files(output, files):
            click.echo(printable(path))
        _warn_of_stale(stale_cut_files(output, files))


@contextmanager
def _collector_resting() -> Iterator[None]:
    """Python's cycle collector off for the block: during a build it would walk the heap
    that the build's imports grow, again and again (a twentieth of the kit's time), to
    free the few hundred objects in cycles that drawing leaves."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _warn_of_stale(stale) -> None:
    if stale:
        first = printable(stale[0].path)
        named = f"{first} and {len(stale) - 1} more were" if len(stale) > 1 else f"{first} was"
        _warn(
            f"{named} left by an earlier build and may no longer match {printable(stale[0].sheet)}: "
            "build again with --cut-file, or delete them, before you cut"
        )


def _warn(message: str) -> None:
    click.echo(f"cardgen: warning: {printable(message)}", err=True)
