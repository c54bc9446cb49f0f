"""Pictures from files on cards: each file becomes one Form XObject per PDF (a PNG or JPEG
inside it one image XObject, an SVG its vector drawing), placed in a box by fit and opacity.
Also how sharp a raster picture prints at its size on a card."""

from __future__ import annotations

import hashlib
import io
import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardgen.messages import Message
from cardgen.model.cards import CardSet
from cardgen.model.faces import Box, FaceStyle, PicturePlace
from cardgen.render.fonts import DEFAULT_FONT, register

if TYPE_CHECKING:  # the pictures' module (pillow's colour management) loads only where there are pictures
    from cardgen.model.pictures import Picture

FORM_PREFIX = "cardgen-picture-"
EMBED_DPI = 600  # a raster picture is embedded at most this sharp where it is drawn: no printer shows more


@dataclass(frozen=True)
class Placed:
    """Where a picture lands: its drawn rectangle (lower-left x, y, width, height) in points."""

    x: float
    y: float
    width: float
    height: float


def fitted(picture: Picture, cx: float, cy: float, width: float, height: float, fit: str) -> Placed:
    """The picture's rectangle in a box centred on (cx, cy): whole inside it (contain), or
    covering it (cover, the overflow cropped by the caller)."""
    ratios = (width / picture.width, height / picture.height)
    factor = min(ratios) if fit == "contain" else max(ratios)
    drawn_width, drawn_height = picture.width * factor, picture.height * factor
    return Placed(cx - drawn_width / 2, cy - drawn_height / 2, drawn_width, drawn_height)


def box_in_card(box: Box, width: float, height: float, scale: float) -> tuple[float, float, float, float]:
    """A style's box (mm from the centre of a card of design_size) on a card of `width` × `height`
    at `scale` units per style mm: its centre and its size."""
    return width / 2 + box.x * scale, height / 2 + box.y * scale, box.width * scale, box.height * scale


def draw_picture(canvas, picture: Picture, place: PicturePlace, box: tuple[float, float, float, float]) -> None:
    """Draw the picture into `box` (centre x, centre y, width, height) as `place` says."""
    cx, cy, width, height = box
    drawn = fitted(picture, cx, cy, width, height, place.fit)
    form = ensure_form(canvas, picture, drawn.width)
    canvas.saveState()
    if place.fit == "cover":
        clip = canvas.beginPath()
        clip.rect(cx - width / 2, cy - height / 2, width, height)
        canvas.clipPath(clip, stroke=0, fill=0)
    if place.opacity < 1:
        canvas.setFillAlpha(place.opacity)
        canvas.setStrokeAlpha(place.opacity)
    canvas.transform(drawn.width / picture.width, 0, 0, drawn.height / picture.height, drawn.x, drawn.y)
    canvas.doForm(form)
    canvas.restoreState()


def ensure_form(canvas, picture: Picture, drawn_width: float) -> str:
    """The picture's Form XObject on this canvas for a drawing `drawn_width` points wide,
    defined on first use (never inside another form: a caller drawing a form defines the
    picture's first), one unit per pixel or point. A raster picture sharper than EMBED_DPI
    there goes in resampled to it: a 50-megapixel photo would make a 150 MB stream that no
    printer can use and verify takes for a compression bomb."""
    pixels = _embedded_pixels(canvas, picture, drawn_width)
    form = FORM_PREFIX + hashlib.sha1(f"{picture.key}|{pixels}".encode()).hexdigest()[:10]
    if canvas.hasForm(form):
        return form
    canvas.beginForm(form, 0, 0, picture.width, picture.height)
    quick = getattr(canvas, "cardgen_quick_pictures", False)
    if picture.kind == "raster" and quick:
        image = picture.image if pixels is None else picture.resized(pixels, quick=True)
        _draw_pixels_quickly(canvas, form, image, picture.width, picture.height)
    elif picture.kind == "raster":
        from reportlab.lib.utils import ImageReader

        # a JPEG already in sRGB keeps its own compression, a photo resampled goes in as a JPEG
        # again; any other image goes in as its pixels
        if pixels is not None:
            source = ImageReader(io.BytesIO(picture.resized_jpeg(pixels)) if picture.jpeg else picture.resized(pixels))
        else:
            source = ImageReader(io.BytesIO(picture.jpeg) if picture.jpeg and picture.as_is else picture.image)
        canvas.drawImage(source, 0, 0, picture.width, picture.height, mask="auto")
    elif picture.drawing is not None:
        from reportlab.graphics import renderPDF

        # reportlab's drawings start in Helvetica, a font no PDF of ours may name unembedded;
        # an SVG draws no text (the check refuses it), so the font is never used
        picture.drawing.initialFontName = register(DEFAULT_FONT)  # type: ignore[attr-defined]  # read by renderPDF; the stubs omit it
        renderPDF.draw(picture.drawing, canvas, 0, 0)
    _end_form(canvas, form)
    return form


def embed_pictures_at(canvas, dpi: float | None) -> None:
    """Raster pictures go into this canvas at most `dpi` sharp: pages made only to be turned
    into pixels at that dpi (previews, exports, Tabletop Simulator sheets) need no more, and
    take them the quick way (`_draw_pixels_quickly`)."""
    canvas.cardgen_embed_dpi = min(dpi, EMBED_DPI) if dpi else EMBED_DPI
    canvas.cardgen_quick_pictures = dpi is not None


def _embedded_pixels(canvas, picture: Picture, drawn_width: float) -> tuple[int, int] | None:
    """The pixel size a raster picture goes in at, or None for as it is (or an SVG)."""
    if picture.kind != "raster":
        return None
    most = drawn_width / 72 * getattr(canvas, "cardgen_embed_dpi", EMBED_DPI)
    if picture.width <= most:
        return None
    factor = most / picture.width
    return max(1, round(picture.width * factor)), max(1, round(picture.height * factor))


def _draw_pixels_quickly(canvas, name: str, image, width: float, height: float) -> None:
    """What canvas.drawImage draws, `image` stretched over (0, 0, width, height), as an image
    XObject of its pixels deflated at zlib's fastest level (and an alpha channel as its soft
    mask), not hashed: for a PDF that pdfium turns into pixels at once, drawImage's hash (to
    find an image it drew before) and its default level are time lost. Deflated all the
    same: the pictures of a 300 dpi export of many cards would fill memory bare."""
    from reportlab.pdfbase.pdfdoc import xObjectName

    document = canvas._doc
    stream = _deflated_image(image.convert("RGB") if image.mode == "RGBA" else image, "DeviceRGB")
    if image.mode == "RGBA":
        stream.dictionary["SMask"] = document.Reference(_deflated_image(image.getchannel("A"), "DeviceGray"))
    document.Reference(stream, xObjectName(name + "-pixels"))
    canvas._formsinuse.append(name + "-pixels")  # listed in the form's resources
    canvas.saveState()
    canvas.scale(width, height)  # an image fills the unit square
    canvas._code.append(f"/{xObjectName(name + '-pixels')} Do")
    canvas.restoreState()


def _deflated_image(image, colour_space: str):
    from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName, PDFStream

    width, height = image.size
    entries = {"Type": PDFName("XObject"), "Subtype": PDFName("Image"), "Width": width, "Height": height}
    entries |= {"ColorSpace": PDFName(colour_space), "BitsPerComponent": 8, "Filter": PDFName("FlateDecode")}
    return PDFStream(PDFDictionary(entries), content=zlib.compress(image.tobytes(), 1))  # filtered already


def _end_form(canvas, form: str) -> None:
    """canvas.endForm, the form's shadings (an SVG's gradients), graphics states and colour
    spaces in its own resources: reportlab lists only its fonts and forms there, and a reader
    looks for the rest in vain (poppler: "unknown", Ghostscript: "Couldn't find named resource")."""
    from reportlab.pdfbase.pdfdoc import PDFResourceDictionary, xObjectName

    shadings, colours, states = canvas._shadingUsed, canvas._colorsUsed, canvas._extgstate.getState()
    canvas.endForm()
    xobject = canvas._doc.idToObject[xObjectName(form)]
    resources = PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    resources.__dict__.update(XObject=xobject.XObjects or {}, ExtGState=states or {})  # attributes the stubs omit
    resources.setShading(shadings)
    resources.setColorSpace(colours)
    xobject.Resources = resources


def printed_dpi(picture: Picture, place: PicturePlace, box: Box, scale_mm: float) -> float:
    """Pixels per inch of a raster picture drawn in `box` on a card at `scale_mm` mm per style mm."""
    drawn = fitted(picture, 0, 0, box.width * scale_mm, box.height * scale_mm, place.fit)
    return picture.width / (drawn.width / 25.4)


def coarse_pictures(card_set: CardSet, style: FaceStyle, card_size_mm: tuple[float, float]) -> list[Message]:
    """One sentence for each raster picture that prints below 300 dpi on cards of this size."""
    design = style.design_size
    scale = min(card_size_mm[0] / design.width, card_size_mm[1] / design.height)
    found: list[tuple[str | Message, Picture, PicturePlace, Box]] = []
    for card in card_set.cards:
        front = style.front_picture(card)
        if front:
            found.append((card.id, *front, style.front_box(card)))
    back = style.back_picture()
    if back:
        found.append((Message("picture.the_back"), *back, style.back_box()))
    sizes = {"bull": style.heads.symbol, "watermark": style.watermark.size}
    sizes |= {"zero": style.zero.emblem.size, "joker": style.joker.emblem.size}
    for name, size in sizes.items():
        symbol = style.symbol(name)
        if symbol:
            found.append((Message("picture.the_symbol", symbol=name), *symbol, Box(width=size, height=size)))
    if not found:
        return []
    from cardgen.model.pictures import PRINT_DPI

    coarse: dict[
        tuple[str, int], list[str | Message]
    ] = {}  # (file, dpi) -> who: one sentence for a file many cards use
    for who, picture, place, box in found:
        dpi = printed_dpi(picture, place, box, scale) if picture.kind == "raster" else PRINT_DPI
        if dpi < PRINT_DPI:
            coarse.setdefault((picture.file.name, int(dpi)), []).append(who)
    if len(coarse) > MOST_SENTENCES:  # a table of cards, a photo each: one line, not one per card
        everyone = [name for who in coarse.values() for name in who]
        dpis = sorted(dpi for _, dpi in coarse)
        said = {"count": len(coarse), "low": dpis[0], "high": dpis[-1], "least": PRINT_DPI}
        return [Message("picture.coarse_many", who=_names(everyone), **said)]
    return [
        Message("picture.coarse", who=_names(who), name=name, dpi=dpi, least=PRINT_DPI)
        for (name, dpi), who in coarse.items()
    ]


MOST_SENTENCES = 3  # coarse pictures said one by one; more are said in one sentence
MOST_NAMED = 8


def _names(who: list[str | Message]) -> Message:
    """'card P1', 'cards P1, P2 and P3', 'cards P1, P2 and the back', 'cards P1, … P8 and 4 more'
    (a card by its id, the back or a symbol by its Message)."""
    if len(who) == 1:
        return who[0] if isinstance(who[0], Message) else Message("picture.card", id=who[0])
    if len(who) > MOST_NAMED:
        return Message("picture.cards_and_more", cards=who[:MOST_NAMED], count=len(who) - MOST_NAMED)
    return Message("picture.cards", cards=who)
