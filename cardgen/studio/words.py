"""The studio's words, from templates/locales/<lang>/studio.yaml like every other text a
player reads, and the language a page is shown in: the one asked for, else the first of
the browser's languages that cardgen has a folder for, else English."""

from __future__ import annotations

from cardgen.texts import DEFAULT_LANG, languages, messages

WORDS_FILE = "studio"


def page_lang(asked: str | None, accept_language: str) -> str:
    """`asked` if it is a language of ours, else the browser's best one we have."""
    if asked in languages():
        return asked
    for code in _preferred(accept_language):
        if code in languages():
            return code
    return DEFAULT_LANG


def _preferred(accept_language: str) -> list[str]:
    """'de-CH,fr;q=0.8,en;q=0.5' -> ['de', 'fr', 'en'], best first."""
    weighted = []
    for index, part in enumerate(accept_language.split(",")[:20]):
        code, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if code and quality > 0:
            weighted.append((-quality, index, code.split("-")[0].lower()))
    return [code for *_, code in sorted(weighted)]


def words(lang: str) -> dict[str, str]:
    """Every text of the studio in `lang`, by dotted id."""
    return {key: text for key, text in messages(WORDS_FILE, lang).items() if isinstance(text, str)}


def language_names() -> dict[str, str]:
    """Each language by its own name, for the switch on every page."""
    return {code: words(code)["language_name"] for code in languages()}


# Where a PDF opened from this page is printed: the README's table, by browser and system.
def print_program(user_agent: str) -> str:
    agent = user_agent.lower()
    if "firefox" in agent:
        return "firefox"
    if "chrome" in agent or "chromium" in agent or "edg/" in agent:
        return "chrome"
    if "macintosh" in agent or "mac os" in agent:
        return "preview"
    if "linux" in agent:
        return "linux"
    return "acrobat"


PROGRAMS = ("firefox", "chrome", "preview", "acrobat", "linux")
