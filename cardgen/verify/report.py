"""What verify found: one check per line, passed or failed, with its reason and place.

A check holds Messages, never sentences: `render_text(reports, lang)` says the whole report
in one language (the command line's --lang, the studio's page), `render_json` gives each
message's id and parameters beside its text."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Literal

from cardgen.errors import CardgenError, printable
from cardgen.messages import Message, language
from cardgen.texts import sheet_strings
from cardgen.yamlio import said_within

Result = Literal["pass", "fail", "info"]

RESULT_WORDS: dict[str, Message] = {
    "pass": Message("verify.result.pass"),
    "fail": Message("verify.result.fail"),
    "info": Message("verify.result.info"),
}

KIND_NAMES: dict[str, Message] = {
    "set": Message("verify.kind.set"),
    "cardgen-pdf": Message("verify.kind.cardgen_pdf"),
    "pdf": Message("verify.kind.pdf"),
    "cut-file": Message("verify.kind.cut_file"),
    "export": Message("verify.kind.export"),
    "tts": Message("verify.kind.tts"),
}

TITLES = "verify.check."  # a check's name as a reader reads it: verify.check.pdf_cut_marks for pdf.cut-marks
# checks named after the variant they play, and their title's message
PER_VARIANT = {"set.players.": "verify.check.set_players", "set.games.": "verify.check.set_games"}


def check_title(name: str) -> Message:
    """A check's name as a reader reads it: "pdf.cut-marks" is verify.check.pdf_cut_marks,
    "set.games.plus" verify.check.set_games with the variant's name."""
    for prefix, title in PER_VARIANT.items():
        if name.startswith(prefix):
            variant = name.removeprefix(prefix)
            return Message(title, variant=variant)
    return Message(TITLES + name.replace(".", "_").replace("-", "_"))


def variant_name(key: str, fallback: str | None = None) -> Message:
    """A variant's name as the sheets print it, in the language shown ("Grundspiel");
    `fallback` (else `key`) for a variant the sheets have no word for."""
    return SheetWord(f"variants.{key}", fallback or key)


class SheetWord(Message):
    """A word the sheets print (cards.yaml, by dotted id: "variants.classic") as a message's
    parameter: shown in that message's language, `fallback` where cards.yaml has no such word."""

    def __init__(self, key: str, fallback: str):
        super().__init__(key, fallback=fallback)

    def text(self, lang: str | None = None) -> str:
        return str(sheet_strings(lang or language()).get(self.id, self.params["fallback"]))


@dataclass
class Check:
    name: str  # the check's stable id, e.g. "set.heads", "pdf.cut-marks": scripts go by it
    result: Result
    said: Message  # what the check found
    where: Message | None = None  # page 3, slot 4 (x 12.5 mm, y 40.0 mm); line 17
    details: dict = field(default_factory=dict)

    @property
    def message(self) -> str:
        """What the check found, in the language messages are shown in now."""
        return self.said.text()

    @property
    def place(self) -> str | None:
        return None if self.where is None else self.where.text()

    def line(self, lang: str | None = None) -> str:
        """ "PASS  pdf.paper: every page is exactly …", its result word as wide as the
        language's widest."""
        lang = lang or language()
        width = max(len(word.text(lang)) for word in RESULT_WORDS.values())
        result = RESULT_WORDS[self.result].text(lang).ljust(width)
        title = check_title(self.name)
        if self.where is None:
            said = Message("verify.report.check", name=title, message=self.said)
        else:
            said = Message("verify.report.check_at", name=title, message=self.said, place=self.where)
        return f"{result}  {said.text(lang)}"

    def as_json(self, lang: str | None = None) -> dict:
        message, place = self.said.data(lang), self.where.data(lang) if self.where else None
        return {
            "check": self.name,
            "name": check_title(self.name).text(lang),
            "result": self.result,
            "message": message["text"],
            "message_id": message["id"],
            "message_params": message["params"],
            "place": place and place["text"],
            "place_id": place and place["id"],
            "place_params": place and place["params"],
            "details": self.details,
        }


@dataclass
class Report:
    """The checks of one input (a card set or a PDF)."""

    input: str
    kind: str  # "set", "cardgen-pdf", "pdf", "cut-file", "export", "tts"
    checks: list[Check] = field(default_factory=list)

    def add(self, name: str, result: Result, said: Message, where: Message | None = None, **details) -> Check:
        check = Check(name, result, said, where, details)
        self.checks.append(check)
        return check

    def passed(self, name: str, said: Message, where: Message | None = None, **details) -> Check:
        return self.add(name, "pass", said, where, **details)

    def failed(self, name: str, said: Message, where: Message | None = None, **details) -> Check:
        return self.add(name, "fail", said, where, **details)

    def info(self, name: str, said: Message, where: Message | None = None, **details) -> Check:
        return self.add(name, "info", said, where, **details)

    @property
    def ok(self) -> bool:
        return not self.failures

    @property
    def failures(self) -> list[Check]:
        return [check for check in self.checks if check.result == "fail"]

    def heading(self) -> Message:
        """ "output/deck-duplex.pdf (cardgen PDF)" """
        return Message("verify.report.input", input=self.input, kind=KIND_NAMES[self.kind])


def page_place(number: int) -> Message:
    """ "page 3" """
    return Message("verify.place.page", page=number)


def pages_place(numbers: list[int]) -> Message:
    """ "page 3", "pages 3, 5", "pages 1, 2, 3, 4, 5, 6, 7, 8, …" """
    return Message("verify.place.pages", count=len(numbers), pages=first_of(numbers))


def first_of(items: list, most: int = 8) -> list:
    """The first `most` items, and "…" after them when there are more."""
    return list(items[:most]) + (["…"] if len(items) > most else [])


def some_of(ids: list) -> Message:
    """ "J0.1, J0.2", or the first twelve "and 30 more" """
    if len(ids) > 12:
        return Message("verify.ids_and_more", ids=[str(i) for i in ids[:12]], more=len(ids) - 12)
    return Message("verify.ids", ids=[str(i) for i in ids])


def problem_of(error: CardgenError, file: str | None = None) -> Message:
    """An error's message as a check says it: its Message, or a sentence not yet in the
    catalogues as it is (without `file`, which the report's heading names already)."""
    return _within(error.message, file)


def problems_of(error: CardgenError, file: str | None = None) -> list[Message]:
    """Each sentence of an error (several mistakes: each one) as a check says it."""
    return [_within(line, file) for line in error.lines()]


def _within(message: Message | str, file: str | None) -> Message:
    if isinstance(message, Message):
        return said_within(message, file) if file else message
    text = message.removeprefix(f"{file}, ") if file else message
    return as_message(text.rstrip("."))


def reason_of(exc: Exception, most: int = 120) -> Message | str:
    """Why a file could not be read: our error's message, or another's words on one line."""
    if isinstance(exc, CardgenError) and isinstance(exc.message, Message):
        return exc.message
    return " ".join(str(exc).split())[:most]


def as_message(text: Message | str) -> Message:
    """`text` as a Message: a sentence not yet in the catalogues shown as it is."""
    return text if isinstance(text, Message) else Message("cli.as_is", text=text)


def _counts(reports: list[Report]) -> dict[str, int]:
    counts = {"pass": 0, "fail": 0, "info": 0}
    for report in reports:
        for check in report.checks:
            counts[check.result] += 1
    return counts


def summary(reports: list[Report]) -> Message:
    """ "summary: 3 FAILED — 20 passed, 3 failed, 2 notes, 1 input" """
    counts = _counts(reports)
    if counts["fail"]:
        verdict = Message("verify.summary.failed", count=counts["fail"])
    else:
        verdict = Message("verify.summary.all_passed")
    return Message(
        "verify.summary",
        verdict=verdict,
        passed=Message("verify.summary.passes", count=counts["pass"]),
        failed=Message("verify.summary.failures", count=counts["fail"]),
        notes=Message("verify.summary.notes", count=counts["info"]),
        inputs=Message("verify.summary.inputs", count=len(reports)),
    )


def summary_line(reports: list[Report], lang: str | None = None) -> str:
    return summary(reports).text(lang)


def render_text(reports: list[Report], lang: str | None = None) -> str:
    """The report in `lang` (else the language messages are shown in now): one line per
    input and per check (a file name or a set's text that holds a line break or a direction
    mark is shown escaped), the summary last."""
    lang = lang or language()
    lines = []
    for report in reports:
        lines.append(printable(report.heading().text(lang)))
        lines.extend("  " + printable(check.line(lang)) for check in report.checks)
    lines.append(summary_line(reports, lang))
    return "\n".join(lines)


def render_json(reports: list[Report], lang: str | None = None) -> str:
    """Every check with its stable name, its message's id and parameters, and their text in `lang`."""
    lang = lang or language()
    counts = _counts(reports)
    return json.dumps(
        {
            "ok": counts["fail"] == 0,
            "lang": lang,
            "summary": {
                "passed": counts["pass"],
                "failed": counts["fail"],
                "notes": counts["info"],
                "text": summary_line(reports, lang),
            },
            "inputs": [
                {
                    "input": r.input,
                    "kind": r.kind,
                    "heading": r.heading().text(lang),
                    "ok": r.ok,
                    "checks": [c.as_json(lang) for c in r.checks],
                }
                for r in reports
            ],
        },
        indent=2,
        ensure_ascii=False,
    )
