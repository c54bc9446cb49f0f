"""`cardgen verify` and the studio's check page: card sets, PDFs, cut files and print-shop
exports checked against what they should be, before anyone wastes card stock."""

from __future__ import annotations

from cardgen.actions import Result
from cardgen.actions.fields import Field, Text, Whole
from cardgen.actions.runs import AS_JSON, JOBS, SEED, jobs_of
from cardgen.actions.sets import opened

NAME = "check"
FIELDS = (
    Field("inputs", Text(4000), many=True, argument=True, studio=False, metavar="[SET|PDF|FOLDER]..."),
    Field("expected_sets", Text(1000), many=True, option="--set", metavar="NAME|FILE"),
    Field("games", Whole(1, 10_000_000), default=300, studio=False, words="verify_games"),
    Field(SEED.name, SEED.kind, default=1, studio=False),
    AS_JSON,
    JOBS,
)


def run(values: dict) -> Result:
    """One report per input; with no input, the expected sets themselves are checked."""
    from cardgen.errors import InputError
    from cardgen.messages import Message
    from cardgen.verify.run import verify_inputs

    names = list(values["inputs"]) or list(values["expected_sets"])
    if not names:
        raise InputError(Message("verify.nothing"))
    expected = list(values["expected_sets"]) if values["inputs"] else []
    with opened(names) as inputs, opened(expected) as sets:
        reports = verify_inputs(
            list(inputs), list(sets), games=values["games"], seed=values["seed"], jobs=jobs_of(values)
        )
    return Result(report=reports, ok=all(report.ok for report in reports))


def summary(reports) -> str:
    """The last line of the report: how many checks passed and failed."""
    from cardgen.verify.report import summary_line

    return summary_line(reports)


def said(result: Result, lang: str, as_json: bool = False) -> str:
    from cardgen.verify.report import render_json, render_text

    return render_json(result.report, lang) if as_json else render_text(result.report, lang)
