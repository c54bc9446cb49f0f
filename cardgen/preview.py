"""PNG previews of card faces: one image per card and/or a contact sheet.

Each card is drawn with the card painter into an in-memory PDF, one page per card
(`card_pages`), and rasterised with pypdfium2 (`rasterise`); `cardgen export` draws
its print-shop files the same way. Nothing is written until every image is rendered.
"""

from __future__ import annotations

import hashlib
import io
import math
import re
import unicodedata
import zlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pypdfium2
from PIL import Image, ImageCms

from cardgen.errors import InputError
from cardgen.formats import MM
from cardgen.layout.geometry import Rect, pixels
from cardgen.model.cards import Card, bundled_set_names, load_card_set
from cardgen.model.faces import FaceStyle, load_set_faces
from cardgen.render.faces import CardPainter
from cardgen.render.pdf import new_canvas, set_boxes

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
    for set_name in chosen_sets:
        card_set = load_card_set(set_name)
        style = load_set_faces(card_set, faces)
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
    width, height = (pixels(side, dpi) for side in card_size_mm)
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
        pages: list[PreviewCard | FaceStyle] = [*chosen, chosen[0].style] if back else list(chosen)
        names = image_names(chosen) + ([BACK_IMAGE] if back else [])
        # the page is the card rounded to whole pixels: a preview has no bleed to speak of
        drawn = card_pages(pages, lang, card_size_mm, whole_pixels_mm(card_size_mm, dpi))
        images.update(zip(names, rasterise(drawn, dpi, pixel_size(card_size_mm, dpi))))
    if contact_sheet:
        images.update(_render_contact_sheets(chosen, lang, dpi, card_size_mm, back))
    return images


def image_names(chosen: list[PreviewCard], reserved: tuple[str, ...] = (BACK_IMAGE, CONTACT_SHEET)) -> list[str]:
    """A file name for each card's image: its id where that is a safe name, else the id
    with its other characters as %XX; `~2`, `~3` … where two names would be the same to a
    file system that ignores case, and never one of the `reserved` names (by default the
    back's and the contact sheet's)."""
    return safe_names([item.card.id for item in chosen], ".png", reserved)


def safe_names(texts: list[str], suffix: str, reserved: tuple[str, ...] = ()) -> list[str]:
    """A file name ending in `suffix` for each text, as `image_names` makes them."""
    taken = {_folded(name) for name in reserved}
    names = []
    for text in texts:
        stem = safe_stem(text)
        name, copy = f"{stem}{suffix}", 1
        while _folded(name) in taken or _CONTACT_SHEET_PART.fullmatch(_folded(name)):
            copy += 1
            name = f"{stem}~{copy}{suffix}"
        taken.add(_folded(name))
        names.append(name)
    return names


def safe_stem(card_id: str) -> str:
    """`card_id` as a file name's stem: %XX for each character a file name cannot hold."""
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


def whole_pixels_mm(size_mm: tuple[float, float], dpi: int) -> tuple[float, float]:
    """`size_mm` rounded to whole pixels at `dpi`: a page that rasterises to exactly
    `pixel_size(size_mm, dpi)` pixels."""
    width_px, height_px = pixel_size(size_mm, dpi)
    return width_px * 25.4 / dpi, height_px * 25.4 / dpi


def card_pages(
    pages: list[PreviewCard | FaceStyle],
    lang: str,
    trim_mm: tuple[float, float],
    page_mm: tuple[float, float],
    title: str = "cardgen cards",
) -> bytes:
    """A PDF of one page of `page_mm` per entry: a card's face, or the back of a face style.
    The card is drawn for its trim size, centred on the page; its background runs to the
    page's edges, so a larger page widens the bleed and never scales the design. Every page
    carries its TrimBox and a BleedBox the size of the page."""
    canvas, buffer = new_canvas(page_mm, None, title)
    canvas.setSubject("One card a page, with its bleed; the TrimBox is the cut.")
    trim = Rect((page_mm[0] - trim_mm[0]) / 2, (page_mm[1] - trim_mm[1]) / 2, *trim_mm)
    bleed = max(trim.x, trim.y, 0.0) * MM  # the background reaches every edge of the page
    painters: dict[tuple[int, int], CardPainter] = {}
    for page in pages:
        style, set_cards = (page, ()) if isinstance(page, FaceStyle) else (page.style, page.set_cards)
        key = (id(style), id(set_cards))
        if key not in painters:
            painters[key] = CardPainter(canvas, style, lang, set_cards)
        box = (trim.x * MM, trim.y * MM, trim.width * MM, trim.height * MM)
        if isinstance(page, FaceStyle):
            painters[key].back(*box, bleed=bleed)
        else:
            painters[key].front(page.card, *box, bleed=bleed)
        set_boxes(canvas, trim, Rect(0, 0, *page_mm))
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


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
    page_mm = whole_pixels_mm(sheet_mm, dpi)
    page = page_mm[0] * MM, page_mm[1] * MM
    canvas, buffer = new_canvas(page_mm, None, "cardgen contact sheet")
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
    return rasterise(buffer.getvalue(), dpi, pixel_size(sheet_mm, dpi))[0]


def rasterise(pdf: bytes, dpi: int, size_px: tuple[int, int]) -> list[bytes]:
    """A PNG of each page at `dpi`, `size_px` pixels, sRGB (its ICC profile inside) with
    the dpi written in the file."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [_png(document[index].render(scale=dpi / 72).to_pil(), dpi, size_px) for index in range(len(document))]
    finally:
        document.close()


def _png(image: Image.Image, dpi: int, size_px: tuple[int, int]) -> bytes:
    if image.size != size_px:  # pdfium rounds a size of n + 1e-12 pixels up to n + 1
        image = image.crop((0, 0, *size_px))
    out = io.BytesIO()
    # run-length matching: half the time of zlib's default on flat colours, files 8 % larger
    image.save(out, format="PNG", dpi=(dpi, dpi), icc_profile=srgb_profile(), compress_type=zlib.Z_RLE)
    return out.getvalue()


# Bytes 24-35 of an ICC profile's header: the date it was made, which littlecms sets to now.
_PROFILE_DATE = slice(24, 36)
_FIXED_DATE = bytes.fromhex("07ea000b001e000000000000")  # 2026-11-30 00:00:00


@cache
def srgb_profile() -> bytes:
    """littlecms's built-in sRGB profile, dated once for all so the same image gives the
    same bytes (the profile carries no checksum of its own: its ID field is zero)."""
    profile = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    profile[_PROFILE_DATE] = _FIXED_DATE
    return bytes(profile)
