"""Reading produced PDFs back, the way an outside tool would (pypdf, pypdfium2)."""

from __future__ import annotations

import io
import json

import pypdf
import pypdfium2
from PIL import ImageOps

MM = 72 / 25.4


def reader(content: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(content))


def layout_record(content: bytes) -> dict:
    """The list of what sits where that cardgen attaches to its PDFs."""
    return json.loads(reader(content).attachments["cardgen-layout.json"][0])


def box_mm(box) -> list[float]:
    """A pypdf box as [x, y, width, height] in mm."""
    x0, y0, x1, y1 = (float(v) / MM for v in box)
    return [x0, y0, x1 - x0, y1 - y0]


def fonts_of(page) -> list:
    fonts = page.get("/Resources", {}).get("/Font", {})
    return [fonts[name].get_object() for name in fonts]


def font_is_embedded_truetype(font) -> bool:
    """A simple TrueType font with its file, or a Type0 font over an embedded TrueType."""
    if font["/Subtype"] == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
        return font["/Subtype"] == "/CIDFontType2" and "/FontFile2" in font["/FontDescriptor"]
    return font["/Subtype"] == "/TrueType" and "/FontFile2" in font["/FontDescriptor"]


def texts_with_positions(page) -> list[tuple[str, float, float]]:
    """Every text run of the page with its position in mm."""
    found = []

    def visit(text, cm, tm, font_dict, font_size):
        if text.strip():
            x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
            y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
            found.append((text.strip(), x / MM, y / MM))

    page.extract_text(visitor_text=visit)
    return found


def render(content: bytes, page_index: int, dpi: int):
    document = pypdfium2.PdfDocument(content)
    return document[page_index].render(scale=dpi / 72).to_pil().convert("L")


def ink_box_mm(image, dpi: int, window_mm: list[float], paper_h: float, threshold: int = 30):
    """Bounding box [x, y, w, h] in mm of what is drawn inside `window_mm` ([x, y, w, h]
    in PDF coordinates, mm from the lower-left corner), or None when it is blank."""
    px = dpi / 25.4
    x, y, w, h = window_mm
    left, top = round(x * px), round((paper_h - y - h) * px)
    right, bottom = round((x + w) * px), round((paper_h - y) * px)
    crop = ImageOps.invert(image.crop((left, top, right, bottom))).point(lambda v: 255 if v > threshold else 0)
    found = crop.getbbox()
    if found is None:
        return None
    l, t, r, b = found
    return [(left + l) / px, paper_h - (top + b) / px, (r - l) / px, (b - t) / px]


def centre(box: list[float]) -> tuple[float, float]:
    return box[0] + box[2] / 2, box[1] + box[3] / 2
