"""`cardgen sheet [VARIANT] [--players N]`: score sheets as PDFs."""

import click

from cardgen.cli.options import lang_option, output_option, paper_options, whole


@click.command("sheet")
@click.argument("variant", required=False, metavar="[VARIANT]")
@click.option(
    "--players",
    metavar="N",
    help="Only the sheet for N players (2 up to the most the variant allows). Default: a page for every player count.",
)
@click.option(
    "--copies",
    type=whole(1, 1000),
    default=1,
    show_default=True,
    metavar="N",
    help="At least N sheets of each player count (two a page where they fit: 30 are 15 pages).",
)
@lang_option("Language of the sheet.")
@paper_options
@output_option(
    "The PDF to write. Default: output/score-VARIANT-LANG.pdf (score-VARIANT-Np-LANG.pdf with --players). Without VARIANT: the folder for every variant's PDF (default output).",
)
def command(variant, players, copies, lang, paper, flip, printer, output):
    """Write score sheets of VARIANT (a variant's name): names across the top, a
    row per round, the running totals and the end-of-game rule; two sheets per A4
    or Letter page with a cut line.

    Without VARIANT, the sheets of every variant (with --players, of those played
    by that many).
    """
    from cardgen.choices import check_variant, resolve_paper_and_flip, score_sheet_files
    from cardgen.cli.rules import _write
    from cardgen.errors import InputError
    from cardgen.model.rules import summary_variants
    from cardgen.render.scoresheet import player_range

    paper, flip = resolve_paper_and_flip(paper, flip, printer)
    count = _player_count(players)
    if variant:
        variants = [check_variant(variant)]
    else:
        variants = [v for v in summary_variants() if count is None or player_range(v)[0] <= count <= player_range(v)[1]]
        if not variants:
            raise InputError(f"no variant is played by {count} players.")
    files = score_sheet_files(variants, count, copies, lang, paper, flip)
    _write(files, output, single=bool(variant))
    if copies > 1:
        _say_pages(files, copies)


def _say_pages(files: dict[str, bytes], copies: int) -> None:
    """How many pages each file holds: a teacher's 30 sheets are 15 pages to print."""
    import io

    import pypdf

    for name, content in files.items():
        pages = len(pypdf.PdfReader(io.BytesIO(content)).pages)
        click.echo(f"{name}: {pages} pages, at least {copies} sheets for each number of players")


def _player_count(text: str | None) -> int | None:
    from cardgen.errors import InputError

    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        raise InputError(f"--players must be a whole number of players, not {text!r}.") from None
