"""The studio's pages, each named once: its address and template, the action its form runs,
and what its form offers beyond the action's fields (saved printers, variants…)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Page:
    name: str  # its address, /NAME, and its template, pages/NAME.html
    action: str | None  # the action its form runs (cardgen/actions/), for its pictures and download
    offers: Callable[..., dict] = lambda lang, **page: {}  # what its template needs, in the page's language
    stem: Callable[[dict], str] = lambda values: "cardgen"  # a download of several files: its zip's name


def _variant_words(lang: str) -> list[tuple[str, str]]:
    from cardgen.actions.rules import summary_variants
    from cardgen.texts import sheet_strings

    said = sheet_strings(lang)
    return [(variant, said.get(f"variants.{variant}", variant)) for variant in summary_variants()]


def _print(lang: str, **page) -> dict:
    """The saved printers to choose, and each one's values in words (shown as the one in use)."""
    from cardgen.actions.printer import readable_profiles, summary

    saved = readable_profiles()
    return {
        "offered": {"printer": list(saved)},
        "printer_summaries": {name: summary(profile).text(lang) for name, profile in saved.items()},
    }


def _rules(lang: str, **page) -> dict:
    from cardgen.actions.documents import player_range

    return {"player_ranges": {variant: player_range(variant) for variant, _ in _variant_words(lang)}}


def _calibrate(lang: str, workspace, given: dict) -> dict:
    """What the scales can read; whether a photo can be read here, and the one the address names."""
    from cardgen.actions.calibrate import reads_photos, scale_options
    from cardgen.studio import photos

    whole, fine = scale_options()
    readable = reads_photos()
    return {
        "whole_options": whole,
        "fine_options": fine,
        "given": given,
        "reads_photos": readable,
        "photo": photos.shown(workspace, given.get("photo"), lang) if readable else None,
    }


def _check(lang: str, **page) -> dict:
    from cardgen.actions.common import BUNDLED_SET
    from cardgen.texts import sheet_strings

    said = sheet_strings(lang)
    return {"set_options": [(name, said.get(f"card_sets.{name}", name)) for name in BUNDLED_SET.kind.choices() or ()]}


def _cards(lang: str, workspace, given: dict) -> dict:
    """The designer's set: the one the address names, else the last one worked on (a closed
    tab and a new one find it), else a new one; its text as last written, and its files."""
    from cardgen.actions.cards import tts_folder

    set_id, text, files = workspace.open_set(given.get("set"))
    return {
        "set_id": set_id,
        "set_text": text,
        "set_files": files,
        "variant_options": _variant_words(lang),
        "tts_folder": given.get("tts_folder") or str(tts_folder()),
        "run": {name: given.get(name) for name in ("variant", "players", "players_kind", "games")},
    }


def _play(lang: str, workspace, given: dict) -> dict:
    """The table the address names, else the choices of a new game: the action's fields, the
    designer's own sets, how many may play each variant."""
    from cardgen.actions import play
    from cardgen.messages import Message
    from cardgen.studio.forms import controls

    return {
        "table_id": given.get("table", ""),
        "form": controls(
            play.FIELDS, given | {"name": given.get("name") or Message("play.default_name").text(lang)}, lang
        ),
        "own_sets": workspace.own_sets(),
        "player_ranges": play.player_ranges(),
    }


def _help(lang: str, **page) -> dict:
    """Every field of a card set, a face style and a layout, in the page's language."""
    from cardgen.actions.help import labels
    from cardgen.actions.help import page as fields_page

    return {"files": fields_page(lang), "labels": labels(lang)}


PAGES = {  # in the order of the menu
    page.name: page
    for page in (
        Page("print", "print", _print, lambda values: f"cardgen-{values['cards']}"),
        Page("rules", "documents", _rules, lambda values: f"cardgen-{values['document']}"),
        Page("calibrate", "calibrate", _calibrate),
        Page("check", None, _check),
        Page(
            "cards",
            "cards",
            _cards,
            lambda values: {"sheet": "my-cards"}.get(values["make"], f"my-cards-{values['make']}"),
        ),
        Page("play", None, _play),  # its table comes from its own routes (app.py: /table)
        Page("help", None, _help),
    )
}
