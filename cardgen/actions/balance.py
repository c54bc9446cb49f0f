"""`cardgen balance`: do a set's cards change the game? The same seeds played with the
standard deck and with the set, and which differences are more than noise."""

from __future__ import annotations

import json
from pathlib import Path

from cardgen.actions import Result
from cardgen.actions.common import LANG, PAPER
from cardgen.actions.fields import Field, Output, Whole
from cardgen.actions.runs import AS_JSON, JOBS, SCHEDULER, SEED, game_settings, jobs_of
from cardgen.actions.sets import opened
from cardgen.actions.simulate import CARD_SETS, PLAYERS, VARIANT, players_kind
from cardgen.messages import Message, language

NAME = "balance"
TIMED = True  # its progress says how many a second and the time left
REPORT = "balance.pdf"
FIELDS = (
    Field(
        CARD_SETS.name,
        CARD_SETS.kind,
        many=True,
        required=True,
        option="--set",
        metavar=CARD_SETS.metavar,
        words="balance_sets",
    ),
    VARIANT,
    PLAYERS,
    Field("games", Whole(1, 100_000), default=1000, words="balance_games"),
    players_kind("heuristic"),
    SEED,
    AS_JSON,
    Field(
        "output", Output(False), default=None, studio=False, option="-o/--output", words="balance_output"
    ),  # the report as a PDF too
    LANG,
    PAPER,
    JOBS,
    SCHEDULER,
)


def run(values: dict, progress=None, slow=None, start_method=None, shown_as=None) -> Result:
    """The report and its notes (cards the variant never deals, games that never vary);
    with `output`, the report as a one-page PDF too. `shown_as`: the sets' names in the
    report, if not as given."""
    named = list(shown_as or [str(name) for name in values["card_sets"]])
    with opened(values["card_sets"]) as card_sets:
        return _run(values | {"card_sets": card_sets}, progress, slow, start_method, named)


def _run(values: dict, progress, slow, start_method, named: list[str]) -> Result:
    from cardgen.balance import balance
    from cardgen.simulate import never_dealt_words

    options, kinds, pool = game_settings(
        values["variant"], values["players"], values["players_kind"] or ("heuristic",), values["card_sets"]
    )
    how = {"start_method": start_method} if start_method else {}
    report = balance(
        options,
        kinds,
        values["games"],
        values["seed"],
        pool,
        jobs_of(values),
        named,
        progress=progress and (lambda done: progress(done, values["games"])),
        scheduler=values["scheduler"],
        slow=slow,
        **how,
    )
    notes = []
    if report.never_dealt:
        notes.append(never_dealt_words(options, len(kinds), report.never_dealt))
    if not report.games_vary:
        notes.append(Message("balance.same_games"))
    files = {}
    if values.get("output") or values.get("pdf"):
        files[Path(values.get("output") or REPORT).name] = pdf_of(report, values)
    return Result(files, notes=tuple(notes), report=report)


def pdf_of(report, values: dict) -> bytes:
    from cardgen.balance.pdf import balance_pdf

    return balance_pdf(report, values.get("lang") or language(), values.get("paper") or "a4")


def said(result: Result, lang: str, as_json: bool = False) -> str:
    from cardgen.balance.words import text_report

    return json.dumps(result.report.as_json()) if as_json else text_report(result.report, lang)
