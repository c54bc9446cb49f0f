"""PNG previews of card faces: one image per card and/or a contact sheet.

The cards are drawn by the sheet renderer on the pages of a layout whose paper fits them
(`sheet_pdf`; layouts/one-up.yaml, a card a page, and layouts/contact.yaml) and rasterised
with pypdfium2 (`rasterise`, which `build --png` uses too); `cardgen export` draws its
print-shop files the same way. Nothing is written until every image is rendered.
"""

from __future__ import annotations

import hashlib
import io
import re
import unicodedata
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path

import pypdfium2
from PIL import Image, ImageCms

from cardgen.errors import InputError
from cardgen.formats import MM
from cardgen.layout.geometry import make_grid, pixel_size
from cardgen.layout.plan import plan_sheets
from cardgen.messages import Message
from cardgen.model.cards import Card, bundled_set_names, load_card_set
from cardgen.model.faces import FaceStyle, load_set_faces
from cardgen.model.layout import Layout, load_layout
from cardgen.render.faces import CardPainter
from cardgen.render.sheets import SheetRequest, render_sheet
from cardgen.texts import DEFAULT_LANG

CONTACT_SHEET = "contact-sheet.png"
_CONTACT_SHEET_PART = re.compile(r"contact-sheet-\d+\.png")  # a contact sheet in several images
BACK_IMAGE = "back.png"
_LONGEST_STEM = 200  # bytes
_SUBJECT = "Cards at their own size, with their bleed; the TrimBox is the cut."


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
                    Message("preview.card_twice", first=owner[card.id], second=card_set.name, card=card.id)
                )
            cards[card.id] = PreviewCard(card, style, set_cards)
            owner[card.id] = card_set.name
    if not card_ids:
        return list(cards.values())
    missing = [card_id for card_id in card_ids if card_id not in cards]
    if missing:
        raise InputError(Message("preview.no_such_card", card=missing[0], sets=chosen_sets))
    return [cards[card_id] for card_id in dict.fromkeys(card_ids)]


def parse_card_ids(text: str | None) -> list[str] | None:
    if not text:
        return None
    ids = [part.strip() for part in text.split(",") if part.strip()]
    return ids or None


def sheet_layout(name: str, card_from: str | Path = "standard", **changes) -> Layout:
    """The bundled layout `name` (contact, one-up) with the card of the layout `card_from`."""
    card = load_layout(card_from)[0].card
    return load_layout(name)[0].model_copy(update={"card": card, **changes})


def render_previews(
    chosen: list[PreviewCard],
    lang: str = DEFAULT_LANG,
    dpi: int = 150,
    layout: str | Path = "standard",
    singles: bool = True,
    contact_sheet: bool = False,
    back: bool = False,
) -> dict[str, bytes]:
    """File name -> PNG bytes, all rendered in memory; the cards those of `layout`."""
    if not chosen:
        raise InputError(Message("preview.no_cards"))
    items: list[PreviewCard | FaceStyle] = [*chosen, chosen[0].style] if back else list(chosen)
    images: dict[str, bytes] = {}
    if singles:
        names = image_names(chosen) + ([BACK_IMAGE] if back else [])
        images.update(zip(names, rasterise(sheet_pdf(items, sheet_layout("one-up", layout), lang, dpi), dpi)))
    if contact_sheet:
        images.update(_contact_sheets(items, lang, dpi, sheet_layout("contact", layout)))
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


class _Painter:
    """Preview cards' faces, and a face style's back, on a sheet: a CardPainter for each
    style and set."""

    def __init__(self, canvas, lang: str) -> None:
        self.canvas, self.lang = canvas, lang
        self.painters: dict[tuple[int, int], CardPainter] = {}

    def front(self, item: PreviewCard | FaceStyle | None, *box) -> None:
        if item is None:
            return  # a slot left empty (a Tabletop Simulator sheet's, before its hidden card)
        style, set_cards = (item, ()) if isinstance(item, FaceStyle) else (item.style, item.set_cards)
        key = (id(style), id(set_cards))
        if key not in self.painters:
            self.painters[key] = CardPainter(self.canvas, style, self.lang, set_cards)
        if isinstance(item, FaceStyle):
            self.painters[key].back(*box)
        else:
            self.painters[key].front(item.card, *box)


def sheet_pdf(
    items: Sequence[PreviewCard | FaceStyle | None],
    layout: Layout,
    lang: str,
    dpi: int | None = None,
    title: str = "cardgen cards",
) -> bytes:
    """A PDF of the cards' faces (a face style: its back) on the pages of a `paper: fit`
    layout, whole pixels at `dpi` if given; no record inside."""
    plan = plan_sheets(len(items), layout, mode="sleeve", dpi=dpi)
    painter = partial(_Painter, lang=lang)
    request = SheetRequest(title, tuple(items), "sleeve", layout, painter, plan.paper, record=False, subject=_SUBJECT)
    return render_sheet(request, plan)


def cards_per_sheet(count: int, layout: Layout, dpi: int) -> int:
    """The most cards one contact sheet holds without passing pillow's image size limit
    (Image.MAX_IMAGE_PIXELS, about 89 megapixels), so every image opens anywhere."""
    limit = Image.MAX_IMAGE_PIXELS
    for per_sheet in range(count, 1, -1):
        width, height = pixel_size(make_grid(layout, None, per_sheet, dpi).paper, dpi)
        if limit is None or width * height <= limit:
            return per_sheet
    return 1


def _contact_sheets(items: list[PreviewCard | FaceStyle], lang, dpi, layout: Layout) -> dict[str, bytes]:
    """contact-sheet.png, or contact-sheet-1.png, -2.png, ... when one image would be too large
    (or the layout's grid too small)."""
    per_sheet = cards_per_sheet(len(items), layout, dpi)
    groups = [items[start : start + per_sheet] for start in range(0, len(items), per_sheet)]
    pdfs = [sheet_pdf(group, layout, lang, dpi, "cardgen contact sheet") for group in groups]
    images = [image for pdf in pdfs for image in rasterise(pdf, dpi)]  # fixed columns and rows: a page per grid
    if len(images) == 1:
        return {CONTACT_SHEET: images[0]}
    width = len(str(len(images)))
    stem = Path(CONTACT_SHEET).stem
    return {f"{stem}-{number:0{width}d}.png": image for number, image in enumerate(images, 1)}


def page_images(files: dict[str, bytes], dpi: int) -> dict[str, bytes]:
    """A PNG of every page of every PDF in `files`, named after it (deck-duplex-p01.png)."""
    pdfs = {Path(name).stem: content for name, content in files.items() if name.endswith(".pdf")}
    return {f"{stem}-p{n:02d}.png": png for stem, pdf in pdfs.items() for n, png in enumerate(rasterise(pdf, dpi), 1)}


Progress = Callable[[int, int], None]  # progress(done, total): how far a long job is, for its caller to show


def rasterise(pdf: bytes, dpi: int, progress: Progress | None = None, pages: range | None = None) -> list[bytes]:
    """A PNG of each page at `dpi` (or of the `pages` given, numbered from 0), the page's
    size in whole pixels, sRGB (its ICC profile inside) with the dpi written in the file;
    `progress(done, total)` after each page."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        chosen = range(len(document)) if pages is None else pages
        images = []
        for index in chosen:
            images.append(_png(document[index], dpi))
            if progress is not None:
                progress(len(images), len(chosen))
        return images
    finally:
        document.close()


def page_count(pdf: bytes) -> int:
    return len(page_sizes(pdf))


def page_sizes(pdf: bytes) -> list[tuple[float, float]]:
    """Each page's width and height, in points."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [document.get_page_size(index) for index in range(len(document))]
    finally:
        document.close()


def _png(page, dpi: int) -> bytes:
    bitmap = page.render(scale=dpi / 72)
    width, height = page.get_size()  # points
    # the page's own size, read off the bitmap row by row at its stride: pdfium rounds a size
    # of n + 1e-12 pixels up to n + 1, and the extra column and row are left out as pillow
    # copies the pixels (cropping them off after is another copy of the whole page)
    size_px = pixel_size((width / MM, height / MM), dpi)
    image = Image.frombuffer("RGB", size_px, bitmap.buffer, "raw", bitmap.mode, bitmap.stride, 1)
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
