"""Words printed for players, kept in YAML under templates/ in fr, en, de and nl.

Each text is a mapping of the four languages to a string (or, for a list of steps,
to a list of strings); mappings of such texts may be nested."""

from __future__ import annotations

import re
from functools import lru_cache

from cardgen.errors import InputError
from cardgen.paths import TEMPLATES
from cardgen.yamlio import YamlDocument, load_yaml

LANGUAGES = ("fr", "en", "de", "nl")

NO_BREAK = "\u00a0"
# Where a line must not break: a number and the word or unit after it (5 players,
# 100 mm, 100 %), around an ellipsis between numbers (22 … 99), and inside a short
# sum (12 + 23 = 35).
_TIES = re.compile(
    r"(?<=\d) (?=[^\W\d_]{1,12}\b|%|…)|(?<=…) (?=\d)|(?<=\d) (?=[+=×] \d)|(?<=[+=×]) (?=\d)"
)


def typeset(text: str) -> str:
    """`text` with no-break spaces where a line must not break."""
    return _TIES.sub(NO_BREAK, text)


def check_lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise InputError(f"the language {lang!r} is not one of {', '.join(LANGUAGES)}.")
    return lang


@lru_cache(maxsize=None)
def translations(relative_path: str, lang: str) -> dict[str, str | list[str]]:
    """Every text of templates/`relative_path` in `lang`, keyed by its dotted name
    (e.g. 'page', 'variants.plus')."""
    check_lang(lang)
    doc = load_yaml(TEMPLATES / relative_path, shown_as=f"templates/{relative_path}")
    found: dict[str, str | list[str]] = {}
    _collect(doc, doc.data, (), lang, found)
    return found


def sheet_strings(lang: str) -> dict[str, str]:
    """The short texts printed on the card sheets (templates/strings.yaml)."""
    return translations("strings.yaml", lang)


def _collect(doc: YamlDocument, node, path: tuple, lang: str, found: dict) -> None:
    if not isinstance(node, dict):
        raise doc.error(path, "must give the text in fr, en, de and nl")
    if set(node) & set(LANGUAGES):
        missing = [code for code in LANGUAGES if not _is_text(node.get(code))]
        if missing:
            raise doc.error(path, f"has no text in {', '.join(missing)}")
        value = node[lang]
        found[".".join(path)] = [typeset(v) for v in value] if isinstance(value, list) else typeset(value)
        return
    for key, value in node.items():
        _collect(doc, value, path + (str(key),), lang, found)


def _is_text(value) -> bool:
    if isinstance(value, list):
        return bool(value) and all(isinstance(item, str) and item for item in value)
    return isinstance(value, str) and bool(value)
