"""Pictures of what an action made, for a face that shows them (the studio): a page of a PDF
at a resolution, a part of it, and how many pages a PDF has. Every picture is bounded in
pixels, whatever size of page the PDF claims."""

from __future__ import annotations

import io

from cardgen.formats import MM

MOST_PIXELS = 16_000_000  # a picture larger than this is drawn at a lower resolution (an A3 sheet is 2 MP)


def page_count(pdf: bytes) -> int:
    from cardgen.preview import page_count as count

    return count(pdf)


def page_picture(pdf: bytes, page: int, dpi: int) -> bytes | None:
    """Page `page` (from 0) as a PNG, at `dpi` or less where the page is too large; None
    when the PDF has no such page."""
    from cardgen.preview import page_sizes, rasterise

    sizes = page_sizes(pdf)
    if not 0 <= page < len(sizes):
        return None
    width, height = sizes[page]  # points
    most = (MOST_PIXELS / (width * height)) ** 0.5 * 72 if width * height else dpi
    (image,) = rasterise(pdf, max(1, min(dpi, int(most))), pages=range(page, page + 1))
    return image


def part_of(picture: bytes, dpi: int, box_mm: tuple[float, float, float, float]) -> bytes:
    """The part of a page's picture (drawn at `dpi`) within `box_mm`, from the page's lower left."""
    from PIL import Image

    pixels_per_mm = dpi / 72 * MM
    x0, y0, x1, y1 = (mm * pixels_per_mm for mm in box_mm)
    image = Image.open(io.BytesIO(picture))
    cut = image.crop((round(x0), round(image.height - y1), round(x1), round(image.height - y0)))
    out = io.BytesIO()
    cut.save(out, format="PNG")
    return out.getvalue()
