"""Short texts printed on the sheets (templates/strings.yaml), in fr, en, de or nl."""

from __future__ import annotations

from functools import lru_cache

from cardgen.errors import InputError
from cardgen.paths import TEMPLATES
from cardgen.yamlio import YamlDocument, load_yaml

LANGUAGES = ("fr", "en", "de", "nl")


def check_lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise InputError(f"the language {lang!r} is not one of {', '.join(LANGUAGES)}.")
    return lang


@lru_cache(maxsize=None)
def sheet_strings(lang: str) -> dict[str, str]:
    """Every string of templates/strings.yaml in `lang`, keyed by its dotted name
    (e.g. 'page', 'variants.plus')."""
    check_lang(lang)
    doc = load_yaml(TEMPLATES / "strings.yaml", shown_as="templates/strings.yaml")
    found: dict[str, str] = {}
    _collect(doc, doc.data, (), lang, found)
    return found


def _collect(doc: YamlDocument, node, path: tuple, lang: str, found: dict) -> None:
    if not isinstance(node, dict):
        raise doc.error(path, "must give the text in fr, en, de and nl")
    if set(node) & set(LANGUAGES):
        missing = [code for code in LANGUAGES if not isinstance(node.get(code), str) or not node[code]]
        if missing:
            raise doc.error(path, f"has no text in {', '.join(missing)}")
        found[".".join(path)] = node[lang]
        return
    for key, value in node.items():
        _collect(doc, value, path + (str(key),), lang, found)
