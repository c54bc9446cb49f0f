"""`cardgen sheet`: score sheets of a variant (or of every variant), as PDFs."""

from __future__ import annotations

from pathlib import Path

from cardgen.actions import Result
from cardgen.actions.common import FLIP, LANG, PAPER, PRINTER
from cardgen.actions.fields import Field, Output, Text, Whole, command_line
from cardgen.actions.rules import check_variant, paper_and_flip, summary_variants
from cardgen.messages import Message, language

NAME = "sheet"
FIELDS = (
    Field("variant", Text(100), argument=True, metavar="[VARIANT]", words="sheet_variant"),
    Field("players", Whole(2, 99), metavar="N", words="sheet_players"),
    Field("copies", Whole(1, 1000), default=1, metavar="N"),
    LANG,
    PAPER,
    FLIP,
    PRINTER,
    Field(
        "output", Output(None), default=Path("output"), studio=False, option="-o/--output", words="sheet_output"
    ),  # without a variant: the folder
)


def run(values: dict) -> Result:
    from cardgen.errors import InputError
    from cardgen.render.scoresheet import player_range, score_sheet_pdf

    lang = values["lang"] or language()
    paper, flip = paper_and_flip(values)
    players, copies = values["players"], values["copies"]
    if values["variant"]:
        variants = [check_variant(values["variant"])]
    else:
        variants = [
            v for v in summary_variants() if players is None or player_range(v)[0] <= players <= player_range(v)[1]
        ]
        if not variants:
            raise InputError(Message("sheet.no_variant_for", players=players))
    suffix = f"-{players}p" if players is not None else ""
    files = {f"score-{v}{suffix}-{lang}.pdf": score_sheet_pdf(v, lang, players, paper, flip, copies) for v in variants}
    pages = {name: _pages(pdf) for name, pdf in files.items()} if copies > 1 else {}
    return Result(files, tuple(command_line(NAME, FIELDS, values)), report=(pages, copies))


def said(result: Result, lang: str, as_json: bool = False) -> str:
    """How many pages each file holds, when several copies were asked for: a teacher's 30
    sheets are 15 pages to print."""
    pages, copies = result.report
    return "\n".join(
        Message("sheet.pages", file=name, count=count, copies=copies).text(lang) for name, count in pages.items()
    )


def _pages(pdf: bytes) -> int:
    from cardgen.preview import page_count

    return page_count(pdf)
