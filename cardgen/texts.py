"""Words printed for players: one folder per language under templates/locales/, each
file keyed by message id, English the reference language.

    messages("summary", "de")["kicker"]     # 'Kurzregeln'
    Message("rules-plus", "title")("fr")     # '6 qui prend ! Plus'

The languages are the folders present. A locale that lacks a message English has,
or has one English lacks, or gives a list of texts where English gives one text (or
the reverse), is an error naming the locale file and the message id."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen import messages as said
from cardgen.errors import InputError, sentence
from cardgen.paths import TEMPLATES

if TYPE_CHECKING:
    from cardgen.yamlio import YamlDocument

LOCALES = TEMPLATES / "locales"
REFERENCE = "en"
DEFAULT_LANG = REFERENCE  # what a command prints in when no language is asked for

NO_BREAK = "\u00a0"
# Where a line must not break: a number and the word or unit after it (5 players,
# 100 mm, 100 %), around an ellipsis between numbers (22 … 99), and inside a short
# sum (12 + 23 = 35).
_TIES = re.compile(r"(?<=\d) (?=[^\W\d_]{1,12}\b|%|…)|(?<=…) (?=\d)|(?<=\d) (?=[+=×] \d)|(?<=[+=×]) (?=\d)")


def typeset(text: str) -> str:
    """`text` with no-break spaces where a line must not break."""
    return _TIES.sub(NO_BREAK, text)


def languages() -> tuple[str, ...]:
    """The language codes of the locale folders: English first, then the others sorted."""
    return _languages_in(LOCALES)


@cache
def _languages_in(root: Path) -> tuple[str, ...]:
    codes = sorted(path.name for path in root.iterdir() if path.is_dir())
    return tuple(sorted(codes, key=lambda code: code != REFERENCE))


LANGUAGES = languages()


def check_lang(lang: str) -> str:
    if lang not in languages():
        raise InputError(said.Message("locale.unknown_language", lang=lang, choices=list(languages())))
    return lang


def plural_category(count: int) -> str:
    """The CLDR plural category of a count of people: every bundled language says
    'one' for 1 and 'other' for more (French's 'one' also covers 0, which is never shown)."""
    return "one" if count == 1 else "other"


@dataclass(frozen=True)
class LocaleFile:
    doc: YamlDocument
    texts: dict[str, str | list[str]]  # typeset, by dotted message id
    paths: dict[str, tuple]  # where each message stands in doc

    def error(self, key: str, message: said.Message | str) -> InputError:
        """An error naming the line of message `key`, or only the file when it lacks the message."""
        if key not in self.paths:
            return InputError(said.Message("input.in_file", file=self.doc.file, problem=sentence(message)))
        return self.doc.error(self.paths[key], message)


def messages(name: str, lang: str, root: Path | None = None) -> dict[str, str | list[str]]:
    """Every message of templates/locales/`lang`/`name`.yaml (or of the locale folder
    `root`), typeset, by dotted id (e.g. 'variants.plus')."""
    return locale_file(name, lang, root).texts


def sheet_strings(lang: str) -> dict[str, str]:
    """The short texts printed on the card sheets (locales/LANG/cards.yaml)."""
    return {key: text for key, text in messages("cards", lang).items() if isinstance(text, str)}


def with_decimal_separator(number: str, lang: str, separator: str = "") -> str:
    """`number`, written with a decimal point (17.4), as `lang` writes it (17,4: the
    decimal_separator of locales/LANG/cards.yaml), or with `separator` when given."""
    return number.replace(".", separator or sheet_strings(lang)["decimal_separator"])


def as_written(number: str, lang: str) -> str:
    """`number` (17.4, -2.5) as `lang` writes it in a sentence or a table: its decimal
    separator, and a true minus sign (−2,5) rather than a hyphen."""
    return with_decimal_separator(number, lang).replace("-", "\u2212")


def locale_file(name: str, lang: str, root: Path | None = None) -> LocaleFile:
    root = root or LOCALES
    if root == LOCALES:
        check_lang(lang)
    return _load_locale_file(root, name, lang)


@cache
def _load_locale_file(root: Path, name: str, lang: str) -> LocaleFile:
    from cardgen.yamlio import load_yaml  # not at import: the CLI lists languages before any YAML is read

    path = root / lang / f"{name}.yaml"
    shown = f"templates/locales/{lang}/{name}.yaml" if root == TEMPLATES / "locales" else str(path)
    doc = load_yaml(path, shown_as=shown)
    texts: dict[str, str | list[str]] = {}
    paths: dict[str, tuple] = {}
    _collect(doc, doc.data, (), texts, paths)
    found = LocaleFile(doc, texts, paths)
    reference = root / REFERENCE / f"{name}.yaml"
    if lang != REFERENCE and reference.is_file():
        _compare_with_reference(found, _load_locale_file(root, name, REFERENCE))
    return found


def _collect(doc: YamlDocument, node, path: tuple, texts: dict, paths: dict) -> None:
    if isinstance(node, dict) and node:
        for key, value in node.items():
            _collect(doc, value, path + (str(key),), texts, paths)
        return
    if not _is_text(node):
        raise doc.error(path, said.Message("locale.not_a_text"))
    key = ".".join(path)
    texts[key] = [typeset(item) for item in node] if isinstance(node, list) else typeset(node)
    paths[key] = path


def _compare_with_reference(locale: LocaleFile, reference: LocaleFile) -> None:
    missing = [key for key in reference.texts if key not in locale.texts]
    if missing:
        raise locale.error(missing[0], said.Message("locale.missing", keys=missing, reference=REFERENCE))
    extra = next((key for key in locale.texts if key not in reference.texts), None)
    if extra:
        raise locale.error(extra, said.Message("locale.extra", reference=REFERENCE, file=reference.doc.file))
    for key, text in locale.texts.items():
        if isinstance(text, list) != isinstance(reference.texts[key], list):
            if isinstance(reference.texts[key], list):
                raise locale.error(key, said.Message("locale.must_be_a_list", reference=REFERENCE))
            raise locale.error(key, said.Message("locale.must_be_one_text", reference=REFERENCE))


def _is_text(value) -> bool:
    if isinstance(value, list):
        return bool(value) and all(isinstance(item, str) and item for item in value)
    return isinstance(value, str) and bool(value)


@dataclass(frozen=True)
class _LocaleEntry:
    name: str
    key: str
    root: Path | None = None

    def _entry(self, lang: str) -> str | list[str]:
        found = locale_file(self.name, lang, self.root)
        if self.key not in found.texts:
            raise found.error(self.key, said.Message("locale.missing", keys=[self.key], reference=REFERENCE))
        return found.texts[self.key]

    def error(self, lang: str, message: said.Message | str) -> InputError:
        """An error naming the line of this message in the `lang` locale."""
        return locale_file(self.name, lang, self.root).error(self.key, message)


class Message(_LocaleEntry):
    """One text of a locale file by its id; message(lang) is its text in `lang`."""

    def __call__(self, lang: str) -> str:
        text = self._entry(lang)
        if not isinstance(text, str):
            raise self.error(lang, said.Message("locale.one_text_not_a_list"))
        return text


class MessageList(_LocaleEntry):
    """A list of texts of a locale file by its id; message(lang) is the list in `lang`."""

    def __call__(self, lang: str) -> list[str]:
        texts = self._entry(lang)
        if not isinstance(texts, list):
            raise self.error(lang, said.Message("locale.a_list"))
        return texts


@dataclass(frozen=True)
class Messages:
    """The texts of a locale file under a dotted id, by attribute or by call:
    summary_words().kicker(lang), score_texts().title("pro")(lang). A group of
    messages (score's title) is reached through group("title")."""

    name: str
    prefix: str = ""

    def __call__(self, part: str) -> Message:
        key = self.prefix + part
        if key not in messages(self.name, REFERENCE):
            raise KeyError(f"locales/{REFERENCE}/{self.name}.yaml has no message {key}")
        return Message(self.name, key)

    def __getattr__(self, part: str) -> Message:
        if part.startswith("__"):
            raise AttributeError(part)
        return self(part)

    def group(self, part: str) -> Messages:
        key = self.prefix + part
        if not any(other.startswith(key + ".") for other in messages(self.name, REFERENCE)):
            raise KeyError(f"locales/{REFERENCE}/{self.name}.yaml has no group of messages {key}")
        return Messages(self.name, key + ".")
