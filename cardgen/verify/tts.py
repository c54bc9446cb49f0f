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
from cardgen.model.cards import CardSet
from cardgen.paths import check_input, read_input
from cardgen.record import MAX_RECORD_BYTES
from cardgen.verify.bounds import INPUT_HINT
from cardgen.verify.report import Report, plural

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
    raw = read_input(save_file, str(save_file), MAX_RECORD_BYTES, "verify reads saved objects", INPUT_HINT)
    try:
        deck = _deck(json.loads(raw))
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
        report.failed("tts.save", f"{save_file.name} is not a deck TTS loads ({' '.join(str(exc).split())[:160]})")
        return report
    sheets, cards = deck
    report.passed(
        "tts.save", f"{save_file.name}: one deck of {plural(len(cards), 'card')} on {plural(len(sheets), 'sheet')}"
    )
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
        raise ValueError("it must hold one object, the deck")
    deck = objects[0]
    contained = deck["ContainedObjects"] if deck.get("Name") == "Deck" else [deck]
    sheets = {int(key): sheet for key, sheet in deck["CustomDeck"].items()}
    for key, sheet in sheets.items():
        width, height = sheet["NumWidth"], sheet["NumHeight"]
        if not (isinstance(width, int) and 2 <= width <= 10 and isinstance(height, int) and 2 <= height <= 7):
            raise ValueError(f"sheet {key}'s grid is {width} × {height}; TTS cuts 2 to 10 × 2 to 7")
        if not all(isinstance(sheet[url], str) for url in ("FaceURL", "BackURL")):
            raise ValueError(f"sheet {key} has no FaceURL or BackURL")
    cards = [(int(card["CardID"]), str(card.get("Nickname", ""))) for card in contained]
    if deck.get("Name") == "Deck" and [card_id for card_id, _ in cards] != list(deck["DeckIDs"]):
        raise ValueError("its DeckIDs are not the ids of the cards it contains, in order")
    for card_id, _ in cards:
        key, slot = divmod(card_id, 100)
        if key not in sheets:
            raise ValueError(f"card {card_id} is on sheet {key}, which CustomDeck does not hold")
        if slot >= sheets[key]["NumWidth"] * sheets[key]["NumHeight"] - 1:
            raise ValueError(f"card {card_id} lies in slot {slot}, past the cards (the last slot is the hidden card's)")
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
        report.failed(
            "tts.files",
            f"{plural(len(missing), 'file')} the deck names {'is' if len(missing) == 1 else 'are'} not in the folder: {', '.join(missing)}",
        )
        return None
    if uploaded:
        report.info("tts.files", f"{plural(len(uploaded), 'image')} named by web addresses (uploaded): not checked")
        return None
    report.passed("tts.files", f"the {plural(len(found), 'image')} the deck names lie in its folder")
    return found


def _image(file: Path) -> Image.Image:
    """The image, its size checked from its header before it is decoded."""
    check_input(file, file.name, MAX_IMAGE_BYTES, "verify reads images", INPUT_HINT)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        image = Image.open(file)
        if max(image.size) > 2 * MAX_SIDE_PX:
            raise CardgenError(f"{file.name} is {image.size[0]} × {image.size[1]} px")
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
            report.failed("tts.sheets", f"sheet {key} cannot be read ({' '.join(str(exc).split())[:120]})")
            problems += 1
            continue
        for problem in _sheet_problems(key, sheet, face, back, used):
            report.failed("tts.sheets", problem)
            problems += 1
    if not problems:
        report.passed(
            "tts.sheets",
            f"every sheet is at most {MAX_SIDE_PX} px a side, its cells the back's shape, a card drawn in each "
            "cell the deck uses, nothing in the others, and the back in the hidden card's slot",
        )


def _sheet_problems(key: int, sheet: dict, face: Image.Image, back: Image.Image, used: set[int]) -> list[str]:
    columns, rows = sheet["NumWidth"], sheet["NumHeight"]
    width, height = face.size
    problems = []
    if max(width, height) > MAX_SIDE_PX:
        problems.append(f"sheet {key} is {width} × {height} px, over the {MAX_SIDE_PX} px TTS loads everywhere")
    cell = (width / columns, height / rows)
    if abs(cell[0] / cell[1] - back.width / back.height) > 0.01 * back.width / back.height:
        problems.append(
            f"sheet {key}'s cells are {cell[0]:.1f} × {cell[1]:.1f} px, not of the back's shape "
            f"({back.width} × {back.height} px): TTS would cut the cards across"
        )
        return problems
    for slot in range(columns * rows):
        left, top = slot % columns * cell[0], slot // columns * cell[1]
        # two pixels in from the cell's edges: the rounding of a neighbour's edge stays out
        crop = face.crop(tuple(round(v) for v in (left + 2, top + 2, left + cell[0] - 2, top + cell[1] - 2)))
        spread = max(ImageStat.Stat(crop).stddev)
        if slot == columns * rows - 1:
            difference = ImageStat.Stat(ImageChops.difference(crop, back.resize(crop.size))).mean
            if max(difference) > SAME_AS_BACK:
                problems.append(f"sheet {key}'s last slot, the hidden card's, does not hold the back")
        elif key * 100 + slot in used and spread <= EMPTY_SPREAD:
            problems.append(f"sheet {key}, slot {slot + 1}: card {key * 100 + slot} is not drawn there")
        elif key * 100 + slot not in used and spread > EMPTY_SPREAD:
            problems.append(f"sheet {key}, slot {slot + 1}: something is drawn where the deck has no card")
    return problems


def _contents(cards: list[tuple[int, str]], expected_sets: list[CardSet], report: Report) -> None:
    """The deck's cards are the sets' cards, each once (copies are printed spares), named by
    title or value."""
    wanted = Counter(card.title or card.label() or card.id for card_set in expected_sets for card in card_set.cards)
    names = Counter(_DECIMAL_COMMA.sub(r"\1.\2", name) for _, name in cards)  # a joker's 0,4 is 0.4
    sets = " + ".join(card_set.name for card_set in expected_sets)
    if names == wanted:
        report.passed("tts.contents", f"the deck holds every card of {sets} once, nothing else")
        return
    missing, extra = sorted((wanted - names).elements()), sorted((names - wanted).elements())
    said = [f"missing {', '.join(missing[:12])}" if missing else "", f"extra {', '.join(extra[:12])}" if extra else ""]
    report.failed("tts.contents", f"the deck's cards are not those of {sets}: {'; '.join(filter(None, said))}")
