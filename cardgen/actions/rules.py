"""`cardgen rules`: the rule summary of a variant (or of every variant), or the reference
cards, as PDFs."""

from __future__ import annotations

from pathlib import Path

from cardgen.actions import Result
from cardgen.actions.common import FLIP, LANG, PAPER, PRINTER
from cardgen.actions.fields import Field, Flag, Output, Text, command_line
from cardgen.messages import language

NAME = "rules"
FIELDS = (
    Field("variant", Text(1000), argument=True, metavar="[VARIANT|FILE.yaml]", words="summary_variant"),
    LANG,
    Field("reference", Flag(), default=False),
    PAPER,
    FLIP,
    PRINTER,
    Field(
        "output", Output(None), default=Path("output"), studio=False, option="-o/--output", words="rules_output"
    ),  # without a variant: the folder
)


def run(values: dict) -> Result:
    from cardgen.render.reference import reference_sheet_pdf
    from cardgen.summaries import summary_pdf

    lang = values["lang"] or language()
    paper, flip = paper_and_flip(values)
    variant = values["variant"]
    if values["reference"]:
        variants = [check_variant(variant)] if variant else summary_variants()
        name = f"reference-{variant if variant else 'all'}-{lang}.pdf"
        files = {name: reference_sheet_pdf(variants, lang, paper)}
    else:
        if variant and Path(variant).suffix in (".yaml", ".yml"):
            variants = [variant]
        else:
            variants = [check_variant(variant)] if variant else summary_variants()
        files = {f"rules-{Path(v).stem}-{lang}.pdf": summary_pdf(v, lang, paper, flip) for v in variants}
    return Result(files, tuple(command_line(NAME, FIELDS, values)))


def paper_and_flip(values: dict) -> tuple[str, str]:
    """The paper and flip of pages without a card layout: the options, else the printer
    profile's, else A4 and the long edge."""
    paper, flip = values.get("paper"), values.get("flip")
    if values.get("printer"):
        from cardgen.printers import load_profile

        profile = load_profile(values["printer"])
        paper, flip = paper or profile.paper, flip or profile.flip
    return paper or "a4", flip or "long"


def summary_variants() -> list[str]:
    from cardgen.model.rules import summary_variants

    return list(summary_variants())


def check_variant(variant: str) -> str:
    """`variant` if it has a rule summary, else the error naming those that do."""
    from cardgen.errors import InputError
    from cardgen.messages import Message

    known = summary_variants()
    if variant not in known:
        raise InputError(Message("rules.no_such_variant", variant=variant, variants=known))
    return variant
