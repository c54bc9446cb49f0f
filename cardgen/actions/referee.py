"""`cardgen referee`: a recorded game replayed by the rules, and what happened."""

from __future__ import annotations

import json

from cardgen.actions import Result
from cardgen.actions.fields import Field, Text
from cardgen.actions.runs import AS_JSON

NAME = "referee"
FIELDS = (
    Field("record", Text(4000), argument=True, required=True, metavar="RECORD.yaml"),
    AS_JSON,
)


def run(values: dict) -> Result:
    """The replay's report; a play that breaks a rule is a report too, not ok: the table as
    it stood, then the broken rule."""
    from cardgen.referee import BrokenRule, referee_file

    try:
        return Result(report=referee_file(values["record"]))
    except BrokenRule as exc:
        return Result(report=exc, ok=False)


def said(result: Result, lang: str, as_json: bool = False) -> str:
    from cardgen.errors import printable_lines

    if result.ok:
        return json.dumps(result.report.as_json()) if as_json else printable_lines(result.report.account(lang))
    return "" if as_json else printable_lines(result.report.replayed.account(lang))


def broken(result: Result):
    """The broken rule, to be said as the command's failure; None when every play was legal."""
    return None if result.ok else result.report
