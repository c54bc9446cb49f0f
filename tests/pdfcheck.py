"""Reading produced PDFs back: the product's own read-back helpers (cardgen.verify.readback),
re-exported under the names the tests have always used, so that `cardgen verify` and
the tests share one implementation."""

import math

# --- text runs read back by pdfium: the same runs pypdf's visitor reports, twenty times faster ---
from typing import NamedTuple

import pypdfium2
import pypdfium2.raw as pdfium_c

from cardgen.verify.readback import (  # noqa: F401
    MM,
    PageImage,
    all_fonts_of,
    box_mm,
    centre,
    font_is_embedded,
    font_is_embedded_truetype,
    fonts_of,
    ink_box_mm,
    layout_record,
    reader,
    render,
    text_in_box,
)


class Run(NamedTuple):
    """One text object as drawn: its text, origin in mm, size in points, bold or not."""

    text: str
    x: float
    y: float
    size: float
    bold: bool


def _then(inner, outer):
    """The matrix that applies `inner`, then `outer` (PDF's a b c d e f order)."""
    a, b, c, d, e, f = inner
    A, B, C, D, E, F = outer
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def page_runs(document, page) -> list[Run]:
    """Every text run of one page of a pdfium document, forms included."""
    textpage = page.get_textpage()
    found = []

    def walk(objects, outer) -> None:
        for obj in objects:
            m = obj.get_matrix()
            matrix = _then((m.a, m.b, m.c, m.d, m.e, m.f), outer)
            if obj.type == pdfium_c.FPDF_PAGEOBJ_FORM:  # forms nest: their contents in their own space
                walk(
                    [
                        pypdfium2.PdfObject(
                            pdfium_c.FPDFFormObj_GetObject(obj, i), page=page, pdf=document, textpage=textpage
                        )
                        for i in range(pdfium_c.FPDFFormObj_CountObjects(obj))
                    ],
                    matrix,
                )
            elif obj.type == pdfium_c.FPDF_PAGEOBJ_TEXT and obj.extract().strip():
                a, b, c, d, e, f = matrix
                # the height scale: a horizontal squeeze (Tz) narrows a text, it does not make it smaller
                found.append(
                    Run(
                        obj.extract().strip(),
                        e / MM,
                        f / MM,
                        obj.get_font_size() * math.hypot(c, d),
                        "Bold" in obj.get_font().get_base_name(),
                    )
                )

    walk(list(page.get_objects(max_depth=1, textpage=textpage)), (1, 0, 0, 1, 0, 0))
    return found


def text_runs(content: bytes) -> list[list[Run]]:
    """Every text run of every page of a PDF, forms included."""
    document = pypdfium2.PdfDocument(content)
    return [page_runs(document, document[index]) for index in range(len(document))]


def small_texts(content: bytes, pages=None) -> list[tuple[int, str, float]]:
    """(page, text, size) of every text run printed under MIN_TEXT_SIZE (6 pt), on every page
    or on `pages` (numbered from 1)."""
    from cardgen.render.palette import MIN_TEXT_SIZE

    document = pypdfium2.PdfDocument(content)
    return [
        (page, run.text, round(run.size, 2))
        for page in pages or range(1, len(document) + 1)
        for run in page_runs(document, document[page - 1])
        if run.size < MIN_TEXT_SIZE - 0.005
    ]


def positioned_texts(content: bytes, page_index: int) -> list[tuple[str, float, float]]:
    """(text, x mm, y mm) of every text run of one page, forms included."""
    document = pypdfium2.PdfDocument(content)
    return [(run.text, run.x, run.y) for run in page_runs(document, document[page_index])]


def page_text(content: bytes) -> str:
    """The text of every page, as pdfium reads it, pages joined by a space."""
    document = pypdfium2.PdfDocument(content)
    return " ".join(document[index].get_textpage().get_text_range() for index in range(len(document)))
