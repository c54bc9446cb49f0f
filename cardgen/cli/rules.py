"""`cardgen rules [VARIANT]`: the rule summaries (or the reference cards) as PDFs."""

from pathlib import Path

import click

from cardgen.cli.options import lang_option, output_option, paper_options
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
    from cardgen.choices import check_variant, reference_files, resolve_paper_and_flip, rule_summary_files
    from cardgen.model.rules import summary_variants

    paper, flip = resolve_paper_and_flip(paper, flip, printer)
    if reference:
        variants = [check_variant(variant)] if variant else summary_variants()
        files = reference_files(variants, lang, paper, every=not variant)
    elif variant and Path(variant).suffix in (".yaml", ".yml"):
        files = rule_summary_files([variant], lang, paper, flip)
    else:
        variants = [check_variant(variant)] if variant else summary_variants()
        files = rule_summary_files(variants, lang, paper, flip)
    _write(files, output, single=bool(variant) or reference)


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
