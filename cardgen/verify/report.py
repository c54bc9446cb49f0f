"""What verify found: one check per line, passed or failed, with its reason and place."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Literal

from cardgen.errors import printable

Result = Literal["pass", "fail", "info"]


def plural(count: int, word: str, words: str | None = None) -> str:
    """plural(1, "page") -> "1 page"; plural(2, "page") -> "2 pages"."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


@dataclass
class Check:
    name: str  # e.g. "set.heads", "pdf.backs-behind-faces"
    result: Result
    message: str
    place: str | None = None  # "page 3, slot 4 (x 12.5 mm, y 40.0 mm)", "line 17"
    details: dict = field(default_factory=dict)

    def line(self) -> str:
        where = f" [{self.place}]" if self.place else ""
        return f"{self.result.upper():<4}  {self.name}: {self.message}{where}"

    def as_json(self) -> dict:
        return {
            "check": self.name,
            "result": self.result,
            "message": self.message,
            "place": self.place,
            "details": self.details,
        }


@dataclass
class Report:
    """The checks of one input (a card set or a PDF)."""

    input: str
    kind: str  # "set", "cardgen-pdf", "pdf"
    checks: list[Check] = field(default_factory=list)

    def add(self, name: str, result: Result, message: str, place: str | None = None, **details) -> Check:
        check = Check(name, result, message, place, details)
        self.checks.append(check)
        return check

    def passed(self, name: str, message: str, place: str | None = None, **details) -> Check:
        return self.add(name, "pass", message, place, **details)

    def failed(self, name: str, message: str, place: str | None = None, **details) -> Check:
        return self.add(name, "fail", message, place, **details)

    def info(self, name: str, message: str, place: str | None = None, **details) -> Check:
        return self.add(name, "info", message, place, **details)

    @property
    def ok(self) -> bool:
        return not self.failures

    @property
    def failures(self) -> list[Check]:
        return [check for check in self.checks if check.result == "fail"]


def _counts(reports: list[Report]) -> dict[str, int]:
    counts = {"pass": 0, "fail": 0, "info": 0}
    for report in reports:
        for check in report.checks:
            counts[check.result] += 1
    return counts


def summary_line(reports: list[Report]) -> str:
    counts = _counts(reports)
    inputs = plural(len(reports), "input")
    verdict = "all checks passed" if counts["fail"] == 0 else f"{counts['fail']} FAILED"
    return (
        f"summary: {verdict} — {counts['pass']} passed, {counts['fail']} failed, "
        f"{plural(counts['info'], 'note')}, {inputs}"
    )


def render_text(reports: list[Report]) -> str:
    """One line per input and per check (a file name or a set's text that holds a line
    break or a direction mark is shown escaped), the summary last."""
    lines = []
    for report in reports:
        lines.append(printable(f"{report.input} ({_KIND_NAMES[report.kind]})"))
        lines.extend("  " + printable(check.line()) for check in report.checks)
    lines.append(summary_line(reports))
    return "\n".join(lines)


def render_json(reports: list[Report]) -> str:
    counts = _counts(reports)
    return json.dumps(
        {
            "ok": counts["fail"] == 0,
            "summary": {"passed": counts["pass"], "failed": counts["fail"], "notes": counts["info"]},
            "inputs": [
                {"input": r.input, "kind": r.kind, "ok": r.ok, "checks": [c.as_json() for c in r.checks]}
                for r in reports
            ],
        },
        indent=2,
        ensure_ascii=False,
    )


_KIND_NAMES = {
    "set": "card set",
    "cardgen-pdf": "cardgen PDF",
    "pdf": "PDF not made by cardgen",
    "cut-file": "cut file",
    "export": "print-shop export",
    "tts": "Tabletop Simulator deck",
}
