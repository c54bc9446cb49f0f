"""A Tabletop Simulator deck (`cardgen export --format tts`) checked before it is loaded:
its saved object (one deck: CustomDeck sheets and backs, DeckIDs, the cards), the files
its URLs name, each face sheet at most 4096 px a side with cells of one card's shape,
and, from the pixels, a card drawn in every cell the deck uses, nothing in the others, and
the back in the hidden card's slot."""

from __future__ import annotations

import json
import re
import warnings
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlparse

from PIL import Image, ImageChops, ImageStat

from cardgen.errors import CardgenError
from cardgen.formats import EXPORT_MANIFEST
from cardgen.messages import Message
from cardgen.model.cards import CardSet
from cardgen.paths import check_input, read_input
from cardgen.record import MAX_RECORD_BYTES
from cardgen.verify.bounds import INPUT_HINT, READS_IMAGES
from cardgen.verify.report import Report, reason_of

MAX_SIDE_PX = 4096
MAX_IMAGE_BYTES = 200_000_000
EMPTY_SPREAD = 2.0  # the largest standard deviation of a cell's pixels that reads as empty
_DECIMAL_COMMA = re.compile(r"^(-?\d+),(\d+)$")
SAME_AS_BACK = 12.0  # the largest mean difference (of 255) from the back image that reads as the back


def tts_save(path: Path) -> Path | None:
    """The saved object of a TTS export: the JSON named, or the one JSON file of a folder that
    holds no print-shop manifest."""
    if path.is_file():
        return path if path.suffix.lower() == ".json" and path.name != EXPORT_MANIFEST else None
    if not path.is_dir() or (path / EXPORT_MANIFEST).exists():
        return None
    saves = sorted(file for file in path.glob("*.json") if file.is_file())
    return saves[0] if len(saves) == 1 else None


def verify_tts(name: str, save_file: Path, expected_sets: list[CardSet] | None = None) -> Report:
    report = Report(name, "tts")
    raw = read_input(save_file, str(save_file), MAX_RECORD_BYTES, Message("verify.input.reads_saves"), INPUT_HINT)
    try:
        deck = _deck(json.loads(raw))
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
        said = exc.args[0] if exc.args and isinstance(exc.args[0], Message) else " ".join(str(exc).split())[:160]
        report.failed("tts.save", Message("verify.tts.not_a_deck", file=save_file.name, reason=said))
        return report
    sheets, cards = deck
    counted = {"cards": Message("verify.count.cards", count=len(cards))}
    counted["sheets"] = Message("verify.count.tts_sheets", count=len(sheets))
    report.passed("tts.save", Message("verify.tts.deck", file=save_file.name, **counted))
    files = _files(save_file.parent, sheets, report)
    if files is not None:
        _sheets(sheets, files, cards, report)
    if expected_sets:
        _contents(cards, expected_sets, report)
    return report


def _deck(save) -> tuple[dict[int, dict], list[tuple[int, str]]]:
    """The CustomDeck sheets by key and the cards (id, name) in deck order; ValueError for a
    save that is not one deck (or one card) of sheets TTS can cut."""
    objects = save["ObjectStates"]
    if not isinstance(objects, list) or len(objects) != 1:
        raise ValueError(Message("verify.tts.one_object"))
    deck = objects[0]
    contained = deck["ContainedObjects"] if deck.get("Name") == "Deck" else [deck]
    sheets = {int(key): sheet for key, sheet in deck["CustomDeck"].items()}
    for key, sheet in sheets.items():
        width, height = sheet["NumWidth"], sheet["NumHeight"]
        if not (isinstance(width, int) and 2 <= width <= 10 and isinstance(height, int) and 2 <= height <= 7):
            raise ValueError(Message("verify.tts.grid", sheet=key, columns=str(width), rows=str(height)))
        if not all(isinstance(sheet[url], str) for url in ("FaceURL", "BackURL")):
            raise ValueError(Message("verify.tts.no_urls", sheet=key))
    cards = [(int(card["CardID"]), str(card.get("Nickname", ""))) for card in contained]
    if deck.get("Name") == "Deck" and [card_id for card_id, _ in cards] != list(deck["DeckIDs"]):
        raise ValueError(Message("verify.tts.deck_ids"))
    for card_id, _ in cards:
        key, slot = divmod(card_id, 100)
        if key not in sheets:
            raise ValueError(Message("verify.tts.card_sheet", card=card_id, sheet=key))
        if slot >= sheets[key]["NumWidth"] * sheets[key]["NumHeight"] - 1:
            raise ValueError(Message("verify.tts.card_slot", card=card_id, slot=slot))
    return sheets, cards


def _files(folder: Path, sheets: dict[int, dict], report: Report) -> dict[str, Path] | None:
    """Each URL's file in the export's folder, by name; None when some are missing or uploaded."""
    urls = {sheet[kind] for sheet in sheets.values() for kind in ("FaceURL", "BackURL")}
    found, missing, uploaded = {}, [], []
    for url in sorted(urls):
        parsed = urlparse(url)
        if parsed.scheme != "file":
            uploaded.append(url)
            continue
        file = folder / Path(unquote(parsed.path)).name
        if file.is_file():
            found[url] = file
        else:
            missing.append(Path(unquote(parsed.path)).name)
    if missing:
        report.failed("tts.files", Message("verify.tts.files_missing", count=len(missing), files=missing))
        return None
    if uploaded:
        report.info("tts.files", Message("verify.tts.files_uploaded", count=len(uploaded)))
        return None
    report.passed("tts.files", Message("verify.tts.files", count=len(found)))
    return found


def _image(file: Path) -> Image.Image:
    """The image, its size checked from its header before it is decoded."""
    check_input(file, file.name, MAX_IMAGE_BYTES, READS_IMAGES, INPUT_HINT)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        image = Image.open(file)
        if max(image.size) > 2 * MAX_SIDE_PX:
            width, height = image.size
            raise CardgenError(Message("verify.tts.image_too_large", file=file.name, width=width, height=height))
        return image.convert("RGB")


def _sheets(sheets: dict[int, dict], files: dict[str, Path], cards: list[tuple[int, str]], report: Report) -> None:
    """Each face sheet: its size, its cells the back's shape, the cards, the empty slots and
    the hidden card read from the pixels."""
    used = {card_id for card_id, _ in cards}
    problems = 0
    for key, sheet in sorted(sheets.items()):
        try:
            face, back = _image(files[sheet["FaceURL"]]), _image(files[sheet["BackURL"]])
        except (CardgenError, OSError, ValueError, Image.DecompressionBombError) as exc:
            report.failed("tts.sheets", Message("verify.tts.sheet_unreadable", sheet=key, reason=reason_of(exc)))
            problems += 1
            continue
        for problem in _sheet_problems(key, sheet, face, back, used):
            report.failed("tts.sheets", problem)
            problems += 1
    if not problems:
        report.passed("tts.sheets", Message("verify.tts.sheets", most=MAX_SIDE_PX))


def _sheet_problems(key: int, sheet: dict, face: Image.Image, back: Image.Image, used: set[int]) -> list[Message]:
    columns, rows = sheet["NumWidth"], sheet["NumHeight"]
    width, height = face.size
    problems = []
    if max(width, height) > MAX_SIDE_PX:
        problems.append(Message("verify.tts.sheet_too_large", sheet=key, width=width, height=height, most=MAX_SIDE_PX))
    cell = (width / columns, height / rows)
    if abs(cell[0] / cell[1] - back.width / back.height) > 0.01 * back.width / back.height:
        cells = {"cell_width": cell[0], "cell_height": cell[1], "back_width": back.width, "back_height": back.height}
        problems.append(Message("verify.tts.cells", sheet=key, **cells))
        return problems
    for slot in range(columns * rows):
        left, top = slot % columns * cell[0], slot // columns * cell[1]
        # two pixels in from the cell's edges: the rounding of a neighbour's edge stays out
        crop = face.crop(tuple(round(v) for v in (left + 2, top + 2, left + cell[0] - 2, top + cell[1] - 2)))
        spread = max(ImageStat.Stat(crop).stddev)
        if slot == columns * rows - 1:
            difference = ImageStat.Stat(ImageChops.difference(crop, back.resize(crop.size))).mean
            if max(difference) > SAME_AS_BACK:
                problems.append(Message("verify.tts.hidden_slot", sheet=key))
        elif key * 100 + slot in used and spread <= EMPTY_SPREAD:
            problems.append(Message("verify.tts.card_not_drawn", sheet=key, slot=slot + 1, card=key * 100 + slot))
        elif key * 100 + slot not in used and spread > EMPTY_SPREAD:
            problems.append(Message("verify.tts.drawn_without_card", sheet=key, slot=slot + 1))
    return problems


def _contents(cards: list[tuple[int, str]], expected_sets: list[CardSet], report: Report) -> None:
    """The deck's cards are the sets' cards, each once (copies are printed spares), named by
    title or value."""
    wanted = Counter(card.title or card.label() or card.id for card_set in expected_sets for card in card_set.cards)
    names = Counter(_DECIMAL_COMMA.sub(r"\1.\2", name) for _, name in cards)  # a joker's 0,4 is 0.4
    sets = " + ".join(card_set.name for card_set in expected_sets)
    if names == wanted:
        report.passed("tts.contents", Message("verify.tts.contents", sets=sets))
        return
    missing, extra = sorted((wanted - names).elements())[:12], sorted((names - wanted).elements())[:12]
    said = "verify.tts.contents_" + ("both" if missing and extra else "missing" if missing else "extra")
    report.failed("tts.contents", Message(said, sets=sets, missing=missing, extra=extra))
