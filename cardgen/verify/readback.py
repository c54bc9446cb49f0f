"""Reading a PDF back the way an outside tool would: pypdf for the structure,
pypdfium2 for the drawing (pixels and text). Shared by `cardgen verify` and the tests.

Positions are in millimetres from the page's lower-left corner, like the PDF's own
coordinates and cardgen's layout record; images are greyscale ("L"), white paper 255.
"""

from __future__ import annotations

import io
import json
import logging
import math
from array import array

import pypdf
import pypdfium2
from PIL import Image, ImageChops

from cardgen.formats import LAYOUT_ATTACHMENT, MM
from cardgen.messages import Message

MAX_WINDOW_PIXELS = 40_000_000  # a whole A4 page at 600 dpi is 35 million

# pypdf logs what it repairs on stderr; a damaged file is reported as one sentence instead
logging.getLogger("pypdf").setLevel(logging.CRITICAL)


def reader(content: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(content))


def layout_record(content: bytes | pypdf.PdfReader) -> dict:
    """The list of what sits where that cardgen attaches to its PDFs."""
    pdf = content if isinstance(content, pypdf.PdfReader) else reader(content)
    return json.loads(pdf.attachments[LAYOUT_ATTACHMENT][0])


def box_mm(box) -> list[float]:
    """A pypdf box as [x, y, width, height] in mm."""
    x0, y0, x1, y1 = (float(v) / MM for v in box)
    return [x0, y0, x1 - x0, y1 - y0]


def fonts_of(page) -> list:
    """The fonts of the page's own resources."""
    fonts = page.get("/Resources", {}).get("/Font", {})
    return [fonts[name].get_object() for name in fonts]


def all_fonts_of(page) -> list:
    """Every font the page can use: its own and those of the forms it draws, at any depth."""
    found: list = []
    seen: set[int | tuple[int, int]] = set()  # ids of fonts; forms by object number, or id when direct

    def visit(resources) -> None:
        resources = resources.get_object() if resources is not None else {}
        fonts = resources.get("/Font", {})
        for name in fonts:
            font = fonts[name].get_object()
            if id(font) not in seen:
                seen.add(id(font))
                found.append(font)
        xobjects = resources.get("/XObject", {})
        for name in xobjects:
            reference = xobjects.raw_get(name)
            key = (reference.idnum, reference.generation) if hasattr(reference, "idnum") else id(reference)
            if key in seen:
                continue
            seen.add(key)
            xobject = reference.get_object()
            if xobject.get("/Subtype") == "/Form" and "/Resources" in xobject:
                visit(xobject["/Resources"])

    visit(page.get("/Resources"))
    return found


def font_is_embedded_truetype(font) -> bool:
    """A simple TrueType font with its file, or a Type0 font over an embedded TrueType."""
    if font["/Subtype"] == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
        return font["/Subtype"] == "/CIDFontType2" and "/FontFile2" in font["/FontDescriptor"]
    return font["/Subtype"] == "/TrueType" and "/FontFile2" in font["/FontDescriptor"]


def font_is_embedded(font) -> bool:
    """Any kind of embedded font program; Type 3 fonts are drawn by the PDF itself."""
    if font.get("/Subtype") == "/Type3":
        return True
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return False
    descriptor = descriptor.get_object()
    return any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


def font_name(font) -> str:
    """The font's /BaseFont without its slash; "" for a font that names none."""
    return str(font.get("/BaseFont", "")).lstrip("/")


def text_in_box(text_page, box_mm: list[float]) -> str:
    """The text pypdfium2 finds inside `box_mm` ([x, y, w, h]) of a page's text page."""
    x, y, w, h = box_mm
    return text_page.get_text_bounded(x * MM, y * MM, (x + w) * MM, (y + h) * MM)


def render(content, page_index: int, dpi: int) -> Image.Image:
    """One whole page as a greyscale image; `content` is PDF bytes or a pypdfium2 document."""
    document = content if isinstance(content, pypdfium2.PdfDocument) else pypdfium2.PdfDocument(content)
    return document[page_index].render(scale=dpi / 72, grayscale=True).to_pil().convert("L")


class PageImage:
    """A rendered page, or a window of it, addressed in mm from the page's lower-left corner."""

    def __init__(self, image: Image.Image, dpi: float, left_mm: float, top_mm: float) -> None:
        self.image = image
        self.dpi = dpi
        self.px = dpi / 25.4  # pixels per mm
        self.left = left_mm  # where the image's left edge and top edge lie on the page
        self.top = top_mm

    @classmethod
    def of_page(cls, page, paper_mm, dpi: float, window_mm=None) -> PageImage:
        """Render a pypdfium2 page, or only `window_mm` ([x, y, w, h]) of it, grown to
        whole pixels so that every pixel sits where a whole-page rendering puts it."""
        paper_w, paper_h = paper_mm
        scale = dpi / 72
        if window_mm is None:
            image = page.render(scale=scale, grayscale=True).to_pil().convert("L")
            return cls(image, dpi, 0.0, paper_h)
        px = dpi / 25.4
        full_w, full_h = math.ceil(paper_w * MM * scale), math.ceil(paper_h * MM * scale)  # as pypdfium2 sizes it
        x, y, w, h = window_mm
        left = min(max(math.floor(x * px), 0), full_w - 1)
        top = min(max(math.floor((paper_h - y - h) * px), 0), full_h - 1)
        right = min(max(math.ceil((x + w) * px), left + 1), full_w)
        bottom = min(max(math.ceil((paper_h - y) * px), top + 1), full_h)
        if (right - left) * (bottom - top) > MAX_WINDOW_PIXELS:
            raise ValueError(Message("verify.input.window_too_large", width=right - left, height=bottom - top))
        # pypdfium2 rounds each crop up to whole pixels: stay a hair below them
        crop = [(pixels - 1e-6) / scale for pixels in (left, full_h - bottom, full_w - right, top)]
        image = page.render(scale=scale, crop=crop, grayscale=True).to_pil().convert("L")
        return cls(image, dpi, left / px, paper_h - top / px)

    def pixels(self, window_mm: list[float]) -> tuple[int, int, int, int]:
        """The pixel box (left, top, right, bottom) of a window, clipped to the image."""
        px = self.px
        x, y, w, h = window_mm
        left = round((x - self.left) * px)
        right = round((x + w - self.left) * px)
        top = round((self.top - y - h) * px)
        bottom = round((self.top - y) * px)
        width, height = self.image.size
        clip = lambda v, high: min(max(v, 0), high)  # noqa: E731
        return clip(left, width), clip(top, height), clip(right, width), clip(bottom, height)

    def to_mm_x(self, pixel_x: float) -> float:
        return self.left + pixel_x / self.px

    def to_mm_y(self, pixel_y: float) -> float:
        """Pixel rows count down from the image's top; mm count up from the page's bottom."""
        return self.top - pixel_y / self.px

    def ink(self, window_mm: list[float]) -> Image.Image:
        """Ink (255 - grey) of a window: 0 where the paper is white."""
        return ImageChops.invert(self.image.crop(self.pixels(window_mm)))  # ImageOps.invert builds a table each call

    def ink_box(self, window_mm: list[float], threshold: int = 30) -> list[float] | None:
        """Bounding box [x, y, w, h] in mm of what is drawn in the window, or None when blank."""
        left, top, right, bottom = self.pixels(window_mm)
        crop = self.ink(window_mm).point(lambda v: 255 if v > threshold else 0)
        found = crop.getbbox()
        if found is None:
            return None
        found_left, found_top, found_right, found_bottom = found
        x0, x1 = self.to_mm_x(left + found_left), self.to_mm_x(left + found_right)
        y0, y1 = self.to_mm_y(top + found_bottom), self.to_mm_y(top + found_top)
        return [x0, y0, x1 - x0, y1 - y0]

    def profile(self, window_mm: list[float], axis: str) -> tuple[list[float], float]:
        """Mean ink of each column (axis "x") or row (axis "y") of the window, and the mm
        position of the profile's first pixel edge (left for x, bottom for y; y profiles
        run upwards)."""
        left, top, right, bottom = self.pixels(window_mm)
        if right <= left or bottom <= top:
            return [], 0.0
        ink = self.ink(window_mm).convert("F")
        if axis == "x":
            values = _floats(ink.resize((right - left, 1), Image.Resampling.BOX))
            return values, self.to_mm_x(left)
        values = _floats(ink.resize((1, bottom - top), Image.Resampling.BOX))
        return values[::-1], self.to_mm_y(bottom)

    def centroid(self, window_mm: list[float], axis: str, threshold: float = 0.0) -> float | None:
        """The ink-weighted centre of a window along one axis, in mm (None when blank)."""
        values, start = self.profile(window_mm, axis)
        weights = [v if v > threshold else 0.0 for v in values]
        total = sum(weights)
        if total <= 0:
            return None
        position = sum((i + 0.5) * w for i, w in enumerate(weights)) / total
        return start + position / self.px

    def extent(self, window_mm: list[float], axis: str, threshold: float = 12.0) -> tuple[float, float] | None:
        """Where the ink of a window starts and ends along one axis, to a fraction of a
        pixel: each outer edge is the centroid of the ink's rise (or fall) across it,
        which anti-aliasing makes exact for a straight edge."""
        values, start = self.profile(window_mm, axis)
        inked = [i for i, v in enumerate(values) if v > threshold]
        if not inked:
            return None
        rises = _steps(values, inked[0], +1)
        falls = _steps(values, inked[-1], -1)
        return start + rises / self.px, start + falls / self.px


def _floats(image: Image.Image) -> list[float]:
    """The pixels of a mode "F" image, row by row."""
    return array("f", image.tobytes()).tolist()


def _steps(values: list[float], at: int, sign: int) -> float:
    """The centroid, in pixel-edge units, of the rise (sign +1) or fall (-1) of `values`
    around index `at`. A step edge at e covers its pixel by a fraction, so the two
    steps around it weigh e's place exactly."""
    total = weighted = 0.0
    for i in range(max(at - 2, 0), min(at + 2, len(values) - 1)):
        step = (values[i + 1] - values[i]) * sign
        if step > 0:
            total += step
            weighted += step * (i + 1)
    if total == 0:
        return float(at if sign > 0 else at + 1)
    return weighted / total


def ink_box_mm(image, dpi: int, window_mm: list[float], paper_h: float, threshold: int = 30):
    """Bounding box [x, y, w, h] in mm of what is drawn inside `window_mm` ([x, y, w, h]
    in PDF coordinates, mm from the lower-left corner) of a whole-page image, or None
    when it is blank."""
    return PageImage(image, dpi, 0.0, paper_h).ink_box(window_mm, threshold)


def centre(box: list[float]) -> tuple[float, float]:
    return box[0] + box[2] / 2, box[1] + box[3] / 2
