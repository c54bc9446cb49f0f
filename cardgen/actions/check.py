"""`cardgen verify` and the studio's check page: card sets, PDFs, cut files and print-shop
exports checked against what they should be, before anyone wastes card stock."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

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


def checked(paths: Sequence[Path], expected: str, folder: Path) -> tuple[list[dict], str, dict[str, bytes]]:
    """The files `paths`, kept in `folder`, checked (with `expected`, a bundled set's name, as
    holding that set), as plain data for the studio's page, the folder left out of every text:
    each report with its checks (a failing one with the page and box it outlines), the
    summary line, and the PDFs read, by name."""
    from cardgen.actions.common import BUNDLED_SET
    from cardgen.actions.fields import filled

    expected_sets = (BUNDLED_SET.parse(expected),) if expected else ()
    reports = run(filled(FIELDS, inputs=tuple(map(str, paths)), expected_sets=expected_sets)).report
    inside = f"{folder}/"

    def shown(text) -> str:
        return str(text).replace(inside, "")

    listed = [
        {
            "input": shown(report.input),
            "kind": report.kind,
            "ok": report.ok,
            "checks": [
                {"result": c.result, "name": c.name, "message": shown(c.message), "place": c.place}
                | {key: c.details[key] for key in ("page", "box_mm") if key in c.details}
                for c in report.checks
            ],
        }
        for report in reports
    ]
    read = [Path(report.input) for report in reports if report.kind in ("cardgen-pdf", "pdf")]
    pdfs = {shown(path): path.read_bytes() for path in read if path.is_relative_to(folder) and path.is_file()}
    return listed, summary(reports), pdfs


def summary(reports) -> str:
    """The last line of the report: how many checks passed and failed."""
    from cardgen.verify.report import summary_line

    return summary_line(reports)


def said(result: Result, lang: str, as_json: bool = False) -> str:
    from cardgen.verify.report import render_json, render_text

    return render_json(result.report, lang) if as_json else render_text(result.report, lang)
