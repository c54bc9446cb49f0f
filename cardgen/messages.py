"""Every sentence cardgen says to a person, by id, from gettext catalogues.

    raise InputError(Message("set.unknown", name="jokrs", choices=["jokers", "numbered"]))
    Message("verify.summary", failed=3, count=12).text("fr")

A message is an id and named parameters; its text comes from the catalogue of the
language it is shown in, `templates/locales/<lang>/messages.po` (Poedit and Weblate edit
it; `python tools/catalogues.py compile` writes the `messages.mo` read here, with the
standard library's gettext). English is a catalogue like the others: the code holds ids
only. In a text, `{name}` stands for a parameter:

- a number is written as the language writes it (`{size}` 0.75 → "0,75" in French;
  `{games:n}` 12000 → "12 000" with the language's grouping; `{share:%}` → "25 %");
- a list is joined in the language's words ("a, b et c"; `{choices:or}` "a, b ou c"), or
  with commas alone, as numbers a reader looks up are listed (`{lines:,}` "7, 9, 12"), or
  with semicolons, for items that hold commas (`{changes:;}`);
- a Message is shown in the same language; `{reason:clause}` without the full stop that
  ends it, where a whole sentence goes on inside another ("…is damaged: {reason:clause};");
- a plural text (msgid_plural) is chosen by the parameter `count`.

The language: the one a caller names (`text(lang)`), else the one chosen for this thread
of work (`speaking(lang)`: the command line's --lang, the studio's page), else the
environment as gettext reads it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English.
"""

from __future__ import annotations

import gettext
import os
import re
from collections.abc import Mapping
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

REFERENCE = "en"
CATALOGUE = "messages"  # templates/locales/<lang>/messages.po and .mo

_chosen: ContextVar[str | None] = ContextVar("cardgen_language", default=None)


class Message:
    """An id and its parameters; its text in any language of the catalogues."""

    __slots__ = ("id", "params")

    def __init__(self, id: str, /, **params: Any):
        self.id = id
        self.params = params

    def text(self, lang: str | None = None) -> str:
        lang = lang or language()
        template = _template(self.id, lang, self.params.get("count"))
        try:
            return template.format_map(_Shown(self.params, lang))
        except (KeyError, IndexError, ValueError):  # a catalogue's mistake: say what we have
            return f"{self.id} {self.params}"

    def data(self, lang: str | None = None) -> dict[str, Any]:
        """What --json prints: the id, the parameters (plain values) and the text."""
        return {"id": self.id, "params": _plain(self.params), "text": self.text(lang)}

    def shown_as(self, folder: str, name: str) -> Message:
        """This message with the folder `folder` said as `name` wherever a parameter names a
        file in it (a set unpacked from its zip, the studio's workspace): the reader hears
        of the files they know."""
        return Message(self.id, **{key: _named(value, folder, name) for key, value in self.params.items()})

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Message({self.id!r}, {self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and (self.id, self.params) == (other.id, other.params)

    def __hash__(self) -> int:
        return hash(self.id)


def known(message_id: str, lang: str = REFERENCE) -> bool:
    """Whether the catalogue of `lang` has a text for `message_id`."""
    return _catalogue(lang).gettext(message_id) != message_id


def language() -> str:
    """The language messages are shown in when no caller names one."""
    return _chosen.get() or language_of_environment() or REFERENCE


class speaking:  # a block: `with speaking("fr"):`
    """Messages in `lang` inside the block (None: as outside it); `choose_language` inside
    it holds until the block ends."""

    def __init__(self, lang: str | None):
        self.lang = lang

    def __enter__(self) -> None:
        self.token = _chosen.set(self.lang or _chosen.get())

    def __exit__(self, *exc) -> None:
        _chosen.reset(self.token)


def choose_language(lang: str) -> None:
    """Messages in `lang` from now on, until the `speaking` block around ends."""
    _chosen.set(lang)


def language_of_environment(environ: Mapping[str, str] | None = None) -> str | None:
    """The first of our languages that the environment asks for, as gettext looks:
    LANGUAGE (a list, "de_AT:de:en"), then LC_ALL, LC_MESSAGES and LANG ("fr_FR.UTF-8")."""
    environ = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if not value:
            continue
        if variable != "LANGUAGE" and value.split(".")[0] in ("C", "POSIX"):
            return None  # the C locale: gettext ignores LANGUAGE too
        for wanted in value.split(":"):
            code = re.split(r"[_.@-]", wanted, maxsplit=1)[0].lower()
            if code in catalogue_languages():
                return code
        if variable != "LANGUAGE":
            return None
    return None


def locales_folder() -> Path:
    from cardgen.paths import TEMPLATES  # not at import: paths reports its errors as messages

    return TEMPLATES / "locales"


@cache
def catalogue_languages() -> tuple[str, ...]:
    """The languages that have a compiled catalogue: English first, then the others sorted."""
    root = locales_folder()
    codes = sorted(path.parent.name for path in root.glob(f"*/{CATALOGUE}.mo"))
    return tuple(sorted(codes, key=lambda code: code != REFERENCE))


@cache
def _catalogue(lang: str) -> gettext.NullTranslations:
    path = locales_folder() / lang / f"{CATALOGUE}.mo"
    if not path.is_file():
        return gettext.NullTranslations()
    with path.open("rb") as file:
        return gettext.GNUTranslations(file)


def _template(message_id: str, lang: str, count: Any) -> str:
    catalogue = _catalogue(lang)
    found = message_id
    if isinstance(count, int) and not isinstance(count, bool):
        found = catalogue.ngettext(message_id, message_id, count)
    if found == message_id:  # no count, or a text with no plural forms that is given one
        found = catalogue.gettext(message_id)
    if found == message_id and lang != REFERENCE:
        return _template(message_id, REFERENCE, count)  # a catalogue that lacks it: tests say so
    return found


class _Shown(dict):
    """The parameters as `lang` writes them, made when a text asks for them."""

    def __init__(self, params: Mapping[str, Any], lang: str):
        super().__init__()
        self.params = params
        self.lang = lang

    def __missing__(self, name: str) -> Any:
        return _shown(self.params[name], self.lang)


def _shown(value: Any, lang: str) -> Any:
    if isinstance(value, Message):
        return _Text(value.text(lang))
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, int | float):
        return _Number(value, lang)
    if isinstance(value, list | tuple):
        return _List([_shown(item, lang) for item in value], lang)
    return _Text(value)


class _Text(str):
    """A text parameter; `{name:clause}` is it without the full stop that ends a sentence."""

    def __format__(self, spec: str) -> str:
        if spec == "clause":
            return self.removesuffix(".")
        return super().__format__(spec)


class _Number:
    """A number that formats itself as `lang` writes numbers."""

    def __init__(self, value: int | float, lang: str):
        self.value = value
        self.lang = lang

    def __format__(self, spec: str) -> str:
        if spec == "" and isinstance(self.value, int):
            return str(self.value)  # card numbers, lines, seeds: no grouping
        from babel import Locale
        from babel.numbers import format_decimal, format_percent

        value = self.value + 0  # -0.0 is 0.0: no sign of its own
        sign = "+" if spec.startswith("+") and value >= 0 else ""  # "+0.00", as Python writes it
        spec = spec.lstrip("+")
        if spec.endswith("%"):  # the language's own pattern ("25 %", "25%"), with the decimals asked for
            places = _decimals(int(spec[1:-1])) if spec.startswith(".") else ""
            pattern = Locale.parse(self.lang).percent_formats[None].pattern
            at = pattern.rindex("0") + 1
            return sign + format_percent(value, pattern[:at] + places + pattern[at:], locale=self.lang)
        if spec == "n":
            return sign + format_decimal(value, locale=self.lang)
        fixed = spec.startswith(".") and spec.endswith("f")
        places = _decimals(int(spec[1:-1])) if fixed else ".###"
        return sign + format_decimal(value, "0" + places, locale=self.lang, group_separator=False)

    def __str__(self) -> str:
        return format(self, "")


def _decimals(count: int) -> str:
    return "." + "0" * count if count else ""


class _List:
    """Items joined as `lang` joins a list: with "and", or with "or" (`{name:or}`), or with
    commas or semicolons alone (`{name:,}`, `{name:;}`)."""

    def __init__(self, items: list, lang: str):
        self.items = [format(item, "") for item in items]
        self.lang = lang

    def __format__(self, spec: str) -> str:
        if spec == ",":  # numbers to look up
            return ", ".join(self.items)
        if spec == ";":  # items that hold commas themselves; the space before ";" is the language's
            return _template("list.semicolon", self.lang, None).join(self.items)
        if len(self.items) < 2:
            return "".join(self.items)
        from babel.lists import format_list

        return format_list(self.items, style="or" if spec == "or" else "standard", locale=self.lang)

    def __str__(self) -> str:
        return format(self, "")


def _named(value: Any, folder: str, name: str) -> Any:
    if isinstance(value, Message):
        return value.shown_as(folder, name)
    if isinstance(value, list | tuple):
        return type(value)(_named(item, folder, name) for item in value)
    if isinstance(value, str | Path):
        return str(value).replace(folder.rstrip("/") + "/", name)
    return value


def _plain(value: Any) -> Any:
    """A parameter as JSON holds it."""
    if isinstance(value, Message):
        return {"id": value.id, "params": _plain(value.params)}
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    return str(value)
