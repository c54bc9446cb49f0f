"""A page's form, made from its action's fields (cardgen/actions/fields.py): each field the
studio offers becomes one control, its words from the catalogue in the page's language, its
value the one in the page's address (a reload, the Back button and a language switch keep
every answer), else its default. A new field on an action is on the page with no change here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardgen.actions.fields import Decimal, Field, Flag, OneOf, Text, Whole
from cardgen.messages import Message, known

MOST_RADIOS = 6  # more choices than this are a list to pick from
MOST_LISTED = 12  # a whole number in a range no wider than this is picked from a list
LONGEST_LINE = 10_000  # a longer text is written in a box of several lines


@dataclass(frozen=True)
class Control:
    """One field as the page shows it."""

    name: str
    widget: str  # "radios", "select", "number", "text", "textarea"
    label: str
    hint: str
    value: str  # as the form sends it
    choices: tuple[tuple[str, str, str], ...] = ()  # (value, words, a hint under them)
    shown_if: str = ""  # "field=value;other!=value": shown only where each holds
    group: str = ""
    low: int | float | None = None
    high: int | float | None = None


def controls(
    fields: Sequence[Field], given: Mapping[str, str], lang: str, offered: Mapping[str, Sequence] = {}
) -> list[Control]:
    """The controls of the studio's fields; `offered`: a field's choices where the page
    knows them better than its kind (the saved printers)."""
    return [_control(field, given, lang, offered.get(field.name)) for field in fields if field.studio and field.control]


def _control(field: Field, given: Mapping[str, str], lang: str, offered) -> Control:
    value = given.get(field.name)
    if value is None:
        value = _written(field.default)
    shown_if = ";".join(
        f"{name}!={value[1:]}" if value.startswith("!") else f"{name}={value}" for name, value in field.shown_if
    )
    common: dict[str, Any] = {
        "name": field.name,
        "label": field.label().text(lang),
        "hint": _hint(field, lang),
        "value": value,
        "shown_if": shown_if,
        "group": field.group,
    }
    kind = field.kind
    if isinstance(kind, Flag):
        yes, no = Message("field.yes").text(lang), Message("field.no").text(lang)
        return Control(widget="radios", choices=(("yes", yes, ""), ("no", no, "")), **common)
    if isinstance(kind, OneOf) or offered is not None:
        values = list(offered) if offered is not None else list(kind.choices() or ())
        choices = tuple((v, _choice_words(field, v, lang), _hint(field, lang, v)) for v in values)
        optional = field.default is None and not field.required
        if optional:  # no value: the printer's, the layout's …, said in words
            choices = (("", Message(f"field.{field.words or field.name}.none").text(lang), ""), *choices)
        listed = offered is not None or field.named_by  # a list of the saved printers, the languages…
        widget = "radios" if len(choices) <= MOST_RADIOS and not listed else "select"
        return Control(widget=widget, choices=choices, **common)
    if (
        isinstance(kind, Whole)
        and kind.low is not None
        and kind.high is not None
        and kind.high - kind.low <= MOST_LISTED
    ):
        counts = tuple((str(n), str(n), "") for n in range(kind.low, kind.high + 1))
        if field.default is None:  # no count: every count, said in words
            counts = (("", Message(f"field.{field.words or field.name}.none").text(lang), ""), *counts)
        return Control(widget="select", choices=counts, **common)
    if isinstance(kind, Whole | Decimal):
        return Control(widget="number", low=kind.low, high=kind.high, **common)
    if isinstance(kind, Text) and kind.longest > LONGEST_LINE:
        return Control(widget="textarea", **common)
    return Control(widget="text", **common)


def _written(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _hint(field: Field, lang: str, choice: str = "") -> str:
    key = f"field.{field.words or field.name}.hint" + (f".{choice}" if choice else "")
    return Message(key).text(lang) if known(key) else ""


def _choice_words(field: Field, value: str, lang: str) -> str:
    if field.named_by == "languages":  # each language by its own name
        from cardgen.studio.words import language_names

        return language_names().get(value, value)
    if field.named_by:
        from cardgen.texts import sheet_strings

        return sheet_strings(lang).get(f"{field.named_by}.{value}", value)
    key = f"field.{field.words or field.name}.{value}"
    return Message(key).text(lang) if known(key) else value
