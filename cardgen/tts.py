"""`cardgen export --format tts`: a deck for Tabletop Simulator, to playtest a set online
before printing it. Face sheets of at most 10 × 7 cards (TTS's grid), the last slot of
each holding the back, which TTS shows for a card hidden in a hand; a back image for each
distinct back; and a saved object (a JSON file TTS lists under Saved Objects) holding one
deck: `CustomDeck` entries naming the sheets and backs, `DeckIDs` in card order, each card
named after its title or value.

Each sheet is at most MAX_SIDE_PX pixels on a side, at the highest whole dpi (up to
MAX_DPI) that keeps it so. The deck holds each card once: copies (`count:`) are spares
for printing, and the game has every card once. The files are named in the JSON by
`file:` URLs of the folder the export is written to; uploaded copies' URLs replace them.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from cardgen.batch import alongside
from cardgen.errors import InputError
from cardgen.layout.geometry import pixels
from cardgen.messages import Message
from cardgen.model.cards import load_card_set
from cardgen.model.faces import FaceStyle
from cardgen.model.layout import Layout
from cardgen.preview import PreviewCard, Progress, choose_cards, rasterise, safe_stem, sheet_layout, sheet_pdf
from cardgen.texts import DEFAULT_LANG, with_decimal_separator
from cardgen.verify.sets import refuse_failing_sets

MAX_COLUMNS, MAX_ROWS = 10, 7  # TTS's largest grid of a custom deck's sheet
MIN_COLUMNS = MIN_ROWS = 2  # and its smallest
MAX_SIDE_PX = 4096  # a sheet's side: larger ones TTS scales down or fails to load on some machines
MAX_DPI = 300
CARDS_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last slot is the hidden card's
FIRST_DECK = 1  # TTS numbers a saved deck's sheets from 1; a card's id is sheet × 100 + slot


@dataclass(frozen=True)
class TtsRequest:
    sets: tuple[str, ...]
    folder: Path  # where the files are written: the JSON names them by their file: URLs
    layout: str | Path = "standard"
    faces: str | None = None
    lang: str = DEFAULT_LANG


@dataclass(frozen=True)
class Sheet:
    """One face sheet: its cards in slot order, the grid, the dpi, which back it has."""

    cards: tuple[PreviewCard, ...]
    back: int  # of the deck's distinct backs, in the order the cards first need them
    columns: int
    rows: int
    dpi: int


def grid_for(cards: int) -> tuple[int, int]:
    """The columns and rows of a sheet of `cards` cards and the hidden card's slot."""
    columns = max(MIN_COLUMNS, min(MAX_COLUMNS, cards + 1))
    return columns, max(MIN_ROWS, math.ceil((cards + 1) / columns))


def best_dpi(card_mm: tuple[float, float], columns: int, rows: int) -> int:
    """The highest whole dpi, up to MAX_DPI, at which the grid is at most MAX_SIDE_PX a side."""
    for dpi in range(MAX_DPI, 0, -1):
        if columns * pixels(card_mm[0], dpi) <= MAX_SIDE_PX and rows * pixels(card_mm[1], dpi) <= MAX_SIDE_PX:
            return dpi
    raise InputError(Message("export.tts_too_large"))  # no card comes near it


def plan_deck(chosen: list[PreviewCard], card_mm: tuple[float, float]) -> tuple[list[Sheet], list[FaceStyle]]:
    """The sheets, the cards of each distinct back in turn, CARDS_PER_SHEET at most a sheet;
    and the styles whose backs they have."""
    from cardgen.export import back_key  # the export's notion of one back, shared

    by_back: dict[tuple, list[PreviewCard]] = {}
    for item in chosen:
        by_back.setdefault(back_key(item.style), []).append(item)
    sheets = []
    for back, group in enumerate(by_back.values()):
        for start in range(0, len(group), CARDS_PER_SHEET):
            cards = tuple(group[start : start + CARDS_PER_SHEET])
            columns, rows = grid_for(len(cards))
            sheets.append(Sheet(cards, back, columns, rows, best_dpi(card_mm, columns, rows)))
    return sheets, [group[0].style for group in by_back.values()]


def tts_export(request: TtsRequest, progress: Progress | None = None) -> dict[str, bytes]:
    """Every file of the deck, its saved object included, as bytes keyed by file name."""
    if not request.sets:
        raise InputError(Message("export.no_sets", example="cardgen export --set numbered --format tts -o tts"))
    page = sheet_layout("tts", request.layout)
    card_mm = (page.card.width, page.card.height)
    chosen = choose_cards(list(request.sets), None, request.faces)
    refuse_failing_sets(request.sets)
    sheets, backs = plan_deck(chosen, card_mm)
    stem = "+".join(safe_stem(Path(name).stem) for name in request.sets)
    back_names = _back_names(len(backs), stem)
    draw = partial(_sheet_images, sheets, backs, page, request.lang, stem)
    numbers = list(range(1, len(sheets) + 1))
    # a forked worker draws every other sheet and the backs (where a core is spare), this
    # process the first sheet, the fullest: a sheet is ~1 s of a large deck
    with alongside(lambda: draw(numbers[1::2]) | _back_images(sheets, backs, back_names, page, request.lang)) as others:
        files = draw(numbers[::2], progress)
        files |= others()
    files = {name: files[name] for name in [*sorted(set(files) - set(back_names)), *back_names]}
    if progress:
        progress(1, 1)
    files[f"{stem}.json"] = saved_object(request, sheets, stem, back_names)
    return files


def _sheet_images(
    sheets: list[Sheet],
    backs: list[FaceStyle],
    page: Layout,
    lang: str,
    stem: str,
    numbers: list[int],
    progress: Progress | None = None,
) -> dict[str, bytes]:
    """The PNG of each sheet numbered in `numbers` (from 1), by file name."""
    files = {}
    for done, number in enumerate(numbers, 1):
        sheet = sheets[number - 1]
        layout = page.model_copy(update={"columns": sheet.columns, "rows": sheet.rows})
        slots: list[PreviewCard | FaceStyle | None] = [*sheet.cards]
        slots += [None] * (sheet.columns * sheet.rows - 1 - len(slots)) + [backs[sheet.back]]
        pdf = sheet_pdf(slots, layout, lang, sheet.dpi, "cardgen Tabletop Simulator sheet")
        files[_sheet_name(stem, number, len(sheets))] = rasterise(pdf, sheet.dpi)[0]
        if progress:
            progress(done, len(numbers) + 1)
    return files


def _back_images(
    sheets: list[Sheet], backs: list[FaceStyle], names: list[str], page: Layout, lang: str
) -> dict[str, bytes]:
    """The PNG of each distinct back, at the dpi of its sheets, by file name."""
    one = page.model_copy(update={"columns": 1, "rows": 1})
    files = {}
    for index, (style, name) in enumerate(zip(backs, names)):
        dpi = max(sheet.dpi for sheet in sheets if sheet.back == index)
        files[name] = rasterise(sheet_pdf([style], one, lang, dpi), dpi)[0]
    return files


def _sheet_name(stem: str, number: int, sheets: int) -> str:
    return f"{stem}-sheet.png" if sheets == 1 else f"{stem}-sheet-{number}.png"


def _back_names(backs: int, stem: str) -> list[str]:
    if backs == 1:
        return [f"{stem}-back.png"]
    return [f"{stem}-back-{number}.png" for number in range(1, backs + 1)]


def card_name(item: PreviewCard, lang: str) -> str:
    """What TTS shows for a card: its title, else its value as printed (0,4 in French)."""
    card = item.card
    return card.title or with_decimal_separator(card.label(), lang) or card.id


def saved_object(request: TtsRequest, sheets: list[Sheet], stem: str, backs: list[str]) -> bytes:
    """The saved object's JSON: one deck (a single card when the set has one)."""
    folder = request.folder.resolve()
    decks = {}
    cards = []
    for key, sheet in enumerate(sheets, FIRST_DECK):
        decks[str(key)] = {
            "FaceURL": (folder / _sheet_name(stem, key, len(sheets))).as_uri(),
            "BackURL": (folder / backs[sheet.back]).as_uri(),
            "NumWidth": sheet.columns,
            "NumHeight": sheet.rows,
            "BackIsHidden": True,
            "UniqueBack": False,
            "Type": 0,
        }
        for slot, item in enumerate(sheet.cards):
            cards.append(_card(key * 100 + slot, card_name(item, request.lang), {str(key): decks[str(key)]}, stem))
    title = " + ".join(load_card_set(name).title for name in request.sets)  # as TTS lists the deck
    if len(cards) == 1:
        objects = cards
    else:
        objects = [
            {
                **_object("Deck", title, stem),
                "DeckIDs": [card["CardID"] for card in cards],
                "CustomDeck": decks,
                "ContainedObjects": cards,
            }
        ]
    save: dict[str, object] = {"SaveName": title, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": ""}
    save |= {"Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": objects, "TabStates": {}}
    return (json.dumps(save, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def _card(card_id: int, name: str, deck: dict, stem: str) -> dict:
    return {**_object("Card", name, f"{stem}/{card_id}"), "CardID": card_id, "CustomDeck": deck}


def _object(kind: str, nickname: str, seed: str) -> dict:
    """The fields TTS gives every object: a GUID (six hex digits, the same for the same
    input), face down on the table, named."""
    return {
        "GUID": hashlib.sha256(f"{kind}/{seed}".encode()).hexdigest()[:6],
        "Name": kind,
        "Transform": {
            "posX": 0.0,
            "posY": 1.0,
            "posZ": 0.0,
            "rotX": 0.0,
            "rotY": 180.0,
            "rotZ": 180.0,
            "scaleX": 1.0,
            "scaleY": 1.0,
            "scaleZ": 1.0,
        },
        "Nickname": nickname,
        "Description": "",
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Hands": True,
        "SidewaysCard": False,
    }
