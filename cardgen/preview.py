"""PNG previews of card faces: one image per card and/or a contact sheet.

Each card is drawn with the card painter into an in-memory PDF whose page is the
card's trim box, and rasterised with pypdfium2. Nothing is written until every
image is rendered; each file is written to a temporary name and then renamed.
"""

from __future__ import annotations

import hashlib
import io
import math
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import pypdfium2
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from cardgen.errors import InputError
from cardgen.model.cards import Card, bundled_set_names, load_card_set
from cardgen.model.faces import FaceStyle, load_face_style, load_set_faces
from cardgen.render import fonts
from cardgen.render.faces import MM, CardPainter

DEFAULT_CARD_SIZE = (56.0, 87.0)  # mm
CONTACT_SHEET = "contact-sheet.png"
_CONTACT_SHEET_PART = re.compile(r"contact-sheet-\d+\.png")  # a contact sheet in several images
BACK_IMAGE = "back.png"
_GAP_MM = 3.0
_LONGEST_STEM = 200  # bytes
_SHEET_BACKGROUND = (0.86, 0.86, 0.84)


@dataclass(frozen=True)
class PreviewCard:
    card: Card
    style: FaceStyle
    set_cards: tuple[Card, ...] = ()  # its whole set: marks numbers that read as another of its cards


def choose_cards(sets: list[str] | None, card_ids: list[str] | None, faces: str | None = None) -> list[PreviewCard]:
    """The chosen cards with their styles: all cards of `sets` (default: every bundled set),
    or only those whose ids are in `card_ids`, in that order."""
    chosen_sets = list(sets) if sets else bundled_set_names()
    cards: dict[str, PreviewCard] = {}
    owner: dict[str, str] = {}
    forced_style = load_face_style(faces) if faces else None
    for set_name in chosen_sets:
        card_set = load_card_set(set_name)
        style = forced_style or load_set_faces(card_set)
        set_cards = tuple(card_set.cards)
        for card in card_set.cards:
            if card.id in cards:
                raise InputError(
                    f"the sets {owner[card.id]} and {card_set.name} both have a card {card.id!r}; "
                    "preview them one set at a time."
                )
            cards[card.id] = PreviewCard(card, style, set_cards)
            owner[card.id] = card_set.name
    if not card_ids:
        return list(cards.values())
    missing = [card_id for card_id in card_ids if card_id not in cards]
    if missing:
        raise InputError(f"no card {missing[0]!r} in the chosen sets ({', '.join(chosen_sets)}).")
    return [cards[card_id] for card_id in dict.fromkeys(card_ids)]


def parse_card_ids(text: str | None) -> list[str] | None:
    if not text:
        return None
    ids = [part.strip() for part in text.split(",") if part.strip()]
    return ids or None


def pixel_size(card_size_mm: tuple[float, float], dpi: int) -> tuple[int, int]:
    """Pixels of one card image at `dpi`."""
    width, height = (max(1, round(side / 25.4 * dpi)) for side in card_size_mm)
    return width, height


def render_previews(
    chosen: list[PreviewCard],
    lang: str = "en",
    dpi: int = 150,
    card_size_mm: tuple[float, float] = DEFAULT_CARD_SIZE,
    singles: bool = True,
    contact_sheet: bool = False,
    back: bool = False,
) -> dict[str, bytes]:
    """File name -> PNG bytes, all rendered in memory."""
    if not chosen:
        raise InputError("there are no cards to preview.")
    images: dict[str, bytes] = {}
    if singles:
        for item, name in zip(chosen, image_names(chosen)):
            images[name] = _render_single(item, lang, dpi, card_size_mm, item.style)
        if back:
            images[BACK_IMAGE] = _render_single(None, lang, dpi, card_size_mm, chosen[0].style)
    if contact_sheet:
        images.update(_render_contact_sheets(chosen, lang, dpi, card_size_mm, back))
    return images


def image_names(chosen: list[PreviewCard]) -> list[str]:
    """A file name for each card's image: its id where that is a safe name, else the id
    with its other characters as %XX; `~2`, `~3` … where two names would be the same to a
    file system that ignores case, and never the name of the back or the contact sheet."""
    taken = {BACK_IMAGE.casefold(), CONTACT_SHEET.casefold()}
    names = []
    for item in chosen:
        stem = _safe_stem(item.card.id)
        name, copy = f"{stem}.png", 1
        while _folded(name) in taken or _CONTACT_SHEET_PART.fullmatch(_folded(name)):
            copy += 1
            name = f"{stem}~{copy}.png"
        taken.add(_folded(name))
        names.append(name)
    return names


def _safe_stem(card_id: str) -> str:
    stem = "".join(
        char
        if (char.isalnum() or char in "._-") and not (index == 0 and char == ".")
        else "".join(f"%{byte:02X}" for byte in char.encode("utf-8"))
        for index, char in enumerate(card_id)
    )
    if len(stem.encode("utf-8")) > _LONGEST_STEM:  # file systems allow 255 bytes
        digest = hashlib.sha256(card_id.encode("utf-8")).hexdigest()[:10]
        cut = stem.encode("utf-8")[: _LONGEST_STEM - 12].decode("utf-8", "ignore")
        stem = cut[: cut.rfind("%")] if "%" in cut[-2:] else cut  # no half of a %XX
        stem += f"~h{digest}"
    return stem


def _folded(name: str) -> str:
    return unicodedata.normalize("NFC", name).casefold()


def _page_points(card_size_mm, dpi) -> tuple[float, float]:
    """The card's size in points, rounded to whole pixels so the image is exactly that many pixels."""
    width_px, height_px = pixel_size(card_size_mm, dpi)
    return width_px * 72 / dpi, height_px * 72 / dpi


def _new_canvas(buffer, page_size):
    fonts.register(fonts.DEFAULT_FONT)
    # the stubs type initialFontName as a float; reportlab takes a font name
    return Canvas(buffer, pagesize=page_size, invariant=1, initialFontName=fonts.DEFAULT_FONT)  # type: ignore[arg-type]


def _render_single(item: PreviewCard | None, lang, dpi, card_size_mm, style: FaceStyle) -> bytes:
    """One card in its style (or, for None, the back in `style`) filling the whole image; the
    bleed falls off the page."""
    width, height = _page_points(card_size_mm, dpi)
    buffer = io.BytesIO()
    canvas = _new_canvas(buffer, (width, height))
    painter = CardPainter(canvas, style, lang, item.set_cards if item else ())
    if item:
        painter.front(item.card, 0, 0, width, height, bleed=2)
    else:
        painter.back(0, 0, width, height, bleed=2)
    canvas.showPage()
    canvas.save()
    return _rasterise(buffer.getvalue(), dpi, pixel_size(card_size_mm, dpi))


def _columns(count: int) -> int:
    return min(count, 10 if count > 16 else math.ceil(math.sqrt(count * 1.5)))


def _sheet_mm(count: int, card_size_mm) -> tuple[float, float]:
    columns = _columns(count)
    rows = math.ceil(count / columns)
    return (columns * (card_size_mm[0] + _GAP_MM) + _GAP_MM, rows * (card_size_mm[1] + _GAP_MM) + _GAP_MM)


def cards_per_sheet(count: int, card_size_mm, dpi: int) -> int:
    """The most cards one contact sheet holds without passing pillow's image size limit
    (Image.MAX_IMAGE_PIXELS, about 89 megapixels), so every image opens anywhere."""
    limit = Image.MAX_IMAGE_PIXELS
    for per_sheet in range(count, 1, -1):
        width, height = pixel_size(_sheet_mm(per_sheet, card_size_mm), dpi)
        if limit is None or width * height <= limit:
            return per_sheet
    return 1


def _render_contact_sheets(chosen: list[PreviewCard], lang, dpi, card_size_mm, back: bool) -> dict[str, bytes]:
    """contact-sheet.png, or contact-sheet-1.png, -2.png, ... when one image would be too large."""
    slots: list[PreviewCard | None] = list(chosen) + ([None] if back else [])
    per_sheet = cards_per_sheet(len(slots), card_size_mm, dpi)
    groups = [slots[start : start + per_sheet] for start in range(0, len(slots), per_sheet)]
    if len(groups) == 1:
        return {CONTACT_SHEET: _render_contact_sheet(groups[0], lang, dpi, card_size_mm, chosen[0].style)}
    width = len(str(len(groups)))
    stem = Path(CONTACT_SHEET).stem
    return {
        f"{stem}-{number:0{width}d}.png": _render_contact_sheet(group, lang, dpi, card_size_mm, chosen[0].style)
        for number, group in enumerate(groups, 1)
    }


def _render_contact_sheet(slots: list[PreviewCard | None], lang, dpi, card_size_mm, back_style) -> bytes:
    """The cards in a grid of up to 10 columns on a light grey sheet; None is the back."""
    columns = _columns(len(slots))
    width, height = card_size_mm[0] * MM, card_size_mm[1] * MM
    gap = _GAP_MM * MM
    sheet_mm = _sheet_mm(len(slots), card_size_mm)
    page = _page_points(sheet_mm, dpi)
    buffer = io.BytesIO()
    canvas = _new_canvas(buffer, page)
    canvas.setFillColorRGB(*_SHEET_BACKGROUND)
    canvas.rect(0, 0, *page, stroke=0, fill=1)
    painters: dict[tuple[int, int], CardPainter] = {}
    for slot, item in enumerate(slots):
        x = gap + (slot % columns) * (width + gap)
        y = page[1] - (slot // columns + 1) * (height + gap)
        if item is not None:
            key = (id(item.style), id(item.set_cards))
            if key not in painters:
                painters[key] = CardPainter(canvas, item.style, lang, item.set_cards)
            painters[key].front(item.card, x, y, width, height, bleed=0)
        else:
            CardPainter(canvas, back_style, lang).back(x, y, width, height, bleed=0)
    canvas.showPage()
    canvas.save()
    return _rasterise(buffer.getvalue(), dpi, pixel_size(sheet_mm, dpi))


def _rasterise(pdf: bytes, dpi: int, size_px: tuple[int, int]) -> bytes:
    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[0].render(scale=dpi / 72).to_pil()
    finally:
        document.close()
    if image.size != size_px:  # pdfium rounds a size of n + 1e-12 pixels up to n + 1
        image = image.crop((0, 0, *size_px))
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi))
    return out.getvalue()
