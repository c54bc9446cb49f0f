"""`cardgen export`: files for a print shop. One PNG (or one page of a PDF) per card face
and one per distinct back, each exactly the card's trim size plus its bleed on every side
and nothing else, with a manifest.json that says what each file is and how many copies
the set needs (cardgen.record.ExportManifest).

The cards are drawn the way `cardgen preview` draws them (cardgen.preview.sheet_pdf), on
the pages of layouts/one-up.yaml with the card of the chosen layout: the design for the
trim size, centred on the page, its background running out into the bleed; so the bleed
widens the border and never scales the design.

Pixel sizes: each side is `pixels(trim + 2 × bleed, dpi)`, rounded to the nearest whole
pixel (63 + 2 × 3 mm at 300 dpi is 814.96 px, so 815); the design keeps its exact size
in mm at that dpi and the bleed takes the rounding, less than a quarter of a pixel a side.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from PIL import Image

from cardgen.errors import InputError
from cardgen.formats import EXPORT_MANIFEST, EXPORT_VERSION
from cardgen.layout.geometry import make_grid, pixel_size
from cardgen.messages import Message
from cardgen.model.faces import FaceStyle
from cardgen.model.layout import Layout
from cardgen.preview import (
    PreviewCard,
    Progress,
    choose_cards,
    image_names,
    rasterise,
    safe_names,
    safe_stem,
    sheet_layout,
    sheet_pdf,
)
from cardgen.record import BackRef, ExportEntry, ExportManifest, record_data
from cardgen.texts import DEFAULT_LANG
from cardgen.verify.sets import refuse_failing_sets

ExportFormat = Literal["png", "pdf"]  # the keys of EXPORT_FORMATS but tts, which cardgen.tts makes
MAX_BLEED_MM = 10.0
DPI_RANGE = (72, 1200)
MAX_PIXELS = Image.MAX_IMAGE_PIXELS or 89_478_485  # pillow's limit: larger images warn or fail to open


@dataclass(frozen=True)
class ExportRequest:
    sets: tuple[str, ...]
    bleed_mm: float = 3.0
    dpi: int = 300
    format: ExportFormat = "png"
    layout: str | Path = "standard"  # whose card: a layout's name or file, or WIDTHxHEIGHT
    faces: str | None = None  # a face style for every set instead of each set's own
    lang: str = DEFAULT_LANG


@dataclass(frozen=True)
class _Back:
    style: FaceStyle
    cards: int  # how many printed cards it goes behind: the fronts' copies


def export(request: ExportRequest, progress: Progress | None = None) -> dict[str, bytes]:
    """Every file of the export, manifest.json included, as bytes keyed by file name;
    `progress(done, total)` as each picture is made. InputError for bad input, before
    anything is drawn."""
    page = sheet_layout("one-up", request.layout, bleed=request.bleed_mm)
    _check(request, make_grid(page).paper)
    chosen = choose_cards(list(request.sets), None, request.faces)
    refuse_failing_sets(request.sets)
    backs = _distinct_backs(chosen)
    back_names = _back_names(backs, request.format)
    front_names = image_names(chosen, reserved=(*back_names, EXPORT_MANIFEST))
    pages: list[PreviewCard | FaceStyle] = [*chosen, *(back.style for back in backs)]
    if request.format == "png":
        images = rasterise(sheet_pdf(pages, page, request.lang, request.dpi), request.dpi, progress)
        files = dict(zip([*front_names, *back_names], images))
    else:
        files = {_pdf_name(request.sets): sheet_pdf(pages, page, request.lang, title=_title(request, page))}
    files[EXPORT_MANIFEST] = _manifest(request, page, chosen, backs, front_names, back_names)
    return files


def _check(request: ExportRequest, size: tuple[float, float]) -> None:
    """InputError for what no print shop takes; `size`: a card and its bleed."""
    if not request.sets:
        raise InputError(Message("export.no_sets", example="cardgen export --set numbered -o print-shop"))
    bleed = request.bleed_mm
    if not (math.isfinite(bleed) and 0 <= bleed <= MAX_BLEED_MM):
        raise InputError(Message("export.bleed_range", most=MAX_BLEED_MM, bleed=bleed))
    low, high = DPI_RANGE
    if not low <= request.dpi <= high:
        raise InputError(Message("export.dpi_range", low=low, high=high, dpi=request.dpi))
    width, height = pixel_size(size, request.dpi)
    if request.format == "png" and width * height > MAX_PIXELS:
        raise InputError(
            Message(
                "export.too_many_pixels",
                card_width=size[0],
                card_height=size[1],
                dpi=request.dpi,
                width=width,
                height=height,
                millions=MAX_PIXELS // 1_000_000,
            )
        )


def back_key(style: FaceStyle) -> tuple:
    """What a back is drawn from: two styles with the same key draw the same back."""
    picture = style.back_picture()  # the file itself: two styles may name different files alike
    bull = style.symbol("bull")  # the style's own bull draws the back's pattern
    return (
        bull[0].key if bull else None,
        style.back,
        style.design_size,
        style.panel.radius,
        str(style.font_file("caption")),
        picture[0].key if picture else None,
    )


def _distinct_backs(chosen: list[PreviewCard]) -> list[_Back]:
    """One back per distinct back design, in the order the cards first need them."""
    counts: dict[tuple, int] = {}
    styles: dict[tuple, FaceStyle] = {}
    for item in chosen:
        key = back_key(item.style)
        styles.setdefault(key, item.style)
        counts[key] = counts.get(key, 0) + item.card.count
    return [_Back(styles[key], counts[key]) for key in styles]


def _back_names(backs: list[_Back], format: ExportFormat) -> list[str]:
    """back.png when the cards share one back; back-<style>.png for each of several."""
    if format == "pdf":
        return []
    if len(backs) == 1:
        return ["back.png"]
    return safe_names([f"back-{back.style.name}" for back in backs], ".png", reserved=(EXPORT_MANIFEST,))


def _pdf_name(sets: tuple[str, ...]) -> str:
    """numbered.pdf; zero-cards+jokers.pdf for several sets."""
    return "+".join(safe_stem(Path(name).stem) for name in sets) + ".pdf"


def _title(request: ExportRequest, page: Layout) -> str:
    """The PDF's title, in the language of its cards."""
    sets = [Path(name).stem for name in request.sets]
    size = {"width": page.card.width, "height": page.card.height, "bleed": request.bleed_mm}
    return Message("export.title", sets=sets, **size).text(request.lang)


def _manifest(
    request: ExportRequest,
    page: Layout,
    chosen: list[PreviewCard],
    backs: list[_Back],
    front_names: list[str],
    back_names: list[str],
) -> bytes:
    """manifest.json: every file (or PDF page) with its card, side and copies; the sizes."""
    is_png, size = request.format == "png", make_grid(page).paper  # the card and its bleed
    pdf_name = "" if is_png else _pdf_name(request.sets)
    keys = [back_key(back.style) for back in backs]
    back_refs = [
        BackRef(file=back_names[index]) if is_png else BackRef(file=pdf_name, page=len(chosen) + index + 1)
        for index in range(len(backs))
    ]
    files = [
        ExportEntry(
            file=front_names[index] if is_png else pdf_name,
            page=None if is_png else index + 1,
            side="front",
            card=item.card.id,
            copies=item.card.count,
            back=back_refs[keys.index(back_key(item.style))],
        )
        for index, item in enumerate(chosen)
    ]
    files += [
        ExportEntry(file=ref.file, page=ref.page, side="back", copies=back.cards, style=back.style.name)
        for back, ref in zip(backs, back_refs)
    ]
    manifest = ExportManifest(
        kind="cardgen-export",
        version=EXPORT_VERSION,
        format=request.format,
        sets=tuple(Path(name).stem for name in request.sets),
        cards=len(chosen),
        trim_mm=(page.card.width, page.card.height),
        bleed_mm=request.bleed_mm,
        size_mm=(round(size[0], 3), round(size[1], 3)),
        dpi=request.dpi if is_png else None,
        pixels=pixel_size(size, request.dpi) if is_png else None,
        files=tuple(files),
    )
    return (json.dumps(record_data(manifest), indent=2, ensure_ascii=False) + "\n").encode("utf-8")
