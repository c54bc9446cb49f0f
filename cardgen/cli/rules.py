"""`cardgen rules [VARIANT]`: the rule summaries (or the reference cards) as PDFs."""

from pathlib import Path

import click

from cardgen.cli.options import lang_option, output_option, paper_options, resolve_paper_and_flip
from cardgen.errors import printable


@click.command("rules")
@click.argument("variant", required=False, metavar="[VARIANT|FILE.yaml]")
@lang_option("Language of the summary.")
@click.option(
    "--reference",
    is_flag=True,
    help="Print the card-size reference cards (56 x 87 mm, with cut marks) instead of the summary.",
)
@paper_options
@output_option(
    "The PDF to write. Default: output/rules-VARIANT-LANG.pdf (reference-VARIANT-LANG.pdf with --reference). Without VARIANT: the folder for every variant's summary (default output).",
)
def command(variant, lang, reference, paper, flip, printer, output):
    """Write the rule summary of VARIANT (a variant's name, or a rule YAML of the
    same form) as a PDF: one A4 or Letter page, or both sides of one sheet, with
    examples the rules engine plays.

    Without VARIANT, every variant's summary goes to output/rules-VARIANT-LANG.pdf;
    with --reference and no VARIANT, one sheet holds the reference cards of all.
    """
    from cardgen.model.rules import summary_variants
    from cardgen.render.reference import reference_sheet_pdf
    from cardgen.summaries import summary_pdf

    paper, flip = resolve_paper_and_flip(paper, flip, printer)
    if reference:
        variants = [_check_variant(variant)] if variant else summary_variants()
        files = {f"reference-{variant or 'all'}-{lang}.pdf": reference_sheet_pdf(variants, lang, paper)}
    elif variant and Path(variant).suffix in (".yaml", ".yml"):
        files = {f"rules-{Path(variant).stem}-{lang}.pdf": summary_pdf(variant, lang, paper, flip)}
    else:
        variants = [_check_variant(variant)] if variant else summary_variants()
        files = {f"rules-{v}-{lang}.pdf": summary_pdf(v, lang, paper, flip) for v in variants}
    _write(files, output, single=bool(variant) or reference)


def _check_variant(variant: str) -> str:
    from cardgen.engine import variant_words
    from cardgen.errors import InputError
    from cardgen.model.rules import summary_variants

    if variant not in summary_variants():
        raise InputError(f"there is no variant {variant!r}: choose {variant_words(summary_variants())}.")
    return variant


def _write(files: dict[str, bytes], output: Path | None, single: bool) -> None:
    """Everything is rendered before the first file is written."""
    from cardgen.files import write_files

    if single and output is not None:
        (content,) = files.values()
        files, folder = {output.name: content}, output.parent
    else:
        folder = output or Path("output")
    for path in write_files(folder, files):
        click.echo(printable(path))
