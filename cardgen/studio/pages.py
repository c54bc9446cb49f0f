"""The studio's pages, each named once: its address and template, the action its form runs,
and what its form offers beyond the action's fields (saved printers, variants…)."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass

from cardgen.errors import CardgenError


@dataclass(frozen=True)
class Page:
    name: str  # its address, /NAME, and its template, pages/NAME.html
    action: str | None  # the action its form runs (cardgen/actions/), for its pictures and download
    offers: Callable[[str], dict] = lambda lang: {}  # what its template needs, in the page's language
    stem: Callable[[dict], str] = lambda values: "cardgen"  # a download of several files: its zip's name


def saved_printers() -> list[str]:
    from cardgen.actions.printer import profiles

    try:
        return list(profiles())
    except CardgenError:
        return []  # said when a page's files are made with one


def _variant_words(lang: str) -> list[tuple[str, str]]:
    from cardgen.actions.rules import summary_variants
    from cardgen.texts import sheet_strings

    said = sheet_strings(lang)
    return [(variant, said.get(f"variants.{variant}", variant)) for variant in summary_variants()]


def _print(lang: str) -> dict:
    from cardgen.actions.print import CARDS, MATERIALS

    return {
        "printer_options": [(name, name) for name in saved_printers()],
        "cards": list(CARDS),
        "materials": MATERIALS,
    }


def _rules(lang: str) -> dict:
    from cardgen.actions.documents import player_range

    variants = _variant_words(lang)
    ranges = {variant: player_range(variant) for variant, _ in variants}
    return {
        "variant_options": variants,
        "player_ranges": ranges,
        "most_players": max(high for _, high in ranges.values()),
    }


def _calibrate(lang: str) -> dict:
    from cardgen.actions.calibrate import scale_lines

    whole, fine = scale_lines()
    return {
        "whole_options": [(str(w), f"{w:+d}".replace("-", "−") if w else "0") for w in whole],  # as the sheet prints
        "fine_options": [(f"{f:g}", _fraction(f)) for f in fine],
    }


def _fraction(mm: float) -> str:
    """+0.25 as a reader of the sheet sees it: +¼."""
    quarters = {0.25: "¼", 0.5: "½", 0.75: "¾"}
    return "0" if mm == 0 else ("+" if mm > 0 else "−") + quarters.get(abs(mm), f"{abs(mm):g}")


def _check(lang: str) -> dict:
    from cardgen.actions.common import BUNDLED_SET
    from cardgen.texts import sheet_strings

    said = sheet_strings(lang)
    return {"set_options": [(name, said.get(f"card_sets.{name}", name)) for name in BUNDLED_SET.kind.choices() or ()]}


def _cards(lang: str) -> dict:
    from cardgen.formats import MODES

    return {"set_id": secrets.token_hex(8), "modes": list(MODES), "variant_options": _variant_words(lang)}


def _play(lang: str) -> dict:
    from cardgen.messages import Message

    return {"said": lambda message_id, **params: Message(message_id, **params).text(lang)}


PAGES = {  # in the order of the menu
    page.name: page
    for page in (
        Page("print", "print", _print, lambda values: f"cardgen-{values['cards']}"),
        Page("rules", "documents", _rules, lambda values: f"cardgen-{values['document']}"),
        Page("calibrate", "calibrate", _calibrate),
        Page("check", None, _check),
        Page("cards", "cards", _cards, lambda values: "my-cards"),
        Page("play", None, _play),  # its table comes from its own routes (app.py: /table)
    )
}
