"""What every page cardgen writes shares: exact paper size, PDF 1.7, no-scaling and
duplex hints, trim and bleed boxes, embedded TrueType fonts only, byte-identical
output, the list of what sits where, and an atomic write."""

from __future__ import annotations

import io
import json

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFDictionary,
    PDFName,
    PDFStream,
    PDFStreamFilterZCompress,
    PDFString,
)
from reportlab.pdfgen.canvas import Canvas

from cardgen import __version__
from cardgen.formats import DOCUMENT_VERSION, DUPLEX_HINTS, MM
from cardgen.layout.geometry import Rect
from cardgen.model.layout import check_flip
from cardgen.record import ATTACHMENTS, DocumentKind, DocumentRecord, Record, record_data
from cardgen.render.fonts import DEFAULT_FONT, register
from cardgen.render.palette import BOLD
from cardgen.texts import sheet_strings


def sides_flip(pages: int, flip: str) -> str | None:
    """The flip a document of `pages` pages is printed with: a one-page document prints
    one-sided (Simplex, nothing to turn), a longer one on both sides of its sheets."""
    return flip if pages > 1 else None


# Content streams compressed, not also wrapped in ASCII85 (a fifth bigger, for nothing).
rl_config.useA85 = 0


def new_canvas(paper: tuple[float, float], flip: str | None, title: str, subject: str) -> tuple[Canvas, io.BytesIO]:
    """A canvas of exactly `paper` mm, writing into memory, with the print hints set and the
    `subject` (how to print it: `print_subject`)."""
    register(DEFAULT_FONT)
    register(BOLD)
    buffer = io.BytesIO()
    canvas = Canvas(
        buffer,
        pagesize=(paper[0] * MM, paper[1] * MM),
        pdfVersion=(1, 7),
        invariant=1,
        initialFontName=DEFAULT_FONT,  # type: ignore[arg-type]  # the stubs type it as a float; it is a font name
        initialFontSize=8,
        pageCompression=1,
    )
    canvas.setTitle(title)
    canvas.setAuthor("cardgen")
    canvas.setCreator(f"cardgen {__version__}")
    canvas.setSubject(subject)
    canvas.setViewerPreference("PrintScaling", PDFName("None"))
    canvas.setViewerPreference("Duplex", PDFName(DUPLEX_HINTS[flip]))
    for preference in ("PrintArea", "PrintClip", "ViewArea", "ViewClip"):
        canvas.setViewerPreference(preference, PDFName("MediaBox"))
    return canvas, buffer


def print_subject(words: dict[str, str], flip: str | None) -> str:
    """How a PDF prints, in the language of `words` (cards.yaml): at 100 %, and on one side
    or both, turning on the edge `flip` names."""
    sides = words[f"flip_{flip}"] if flip else words["one_sided"]
    return words["print_subject"].format(size=words["print_actual_size"], sides=sides)


def new_document(
    kind: DocumentKind, paper: tuple[float, float], flip: str | None, title: str, lang: str, variant: str | None = None
) -> tuple[Canvas, io.BytesIO]:
    """`new_canvas` for a document that is not a card sheet, with the record that says what it is."""
    flip = check_flip(flip) if flip else None
    canvas, buffer = new_canvas(paper, flip, title, print_subject(sheet_strings(lang), flip))
    attach_record(
        canvas,
        DocumentRecord(version=DOCUMENT_VERSION, kind=kind, variant=variant, lang=lang, paper_mm=paper, flip=flip),
    )
    return canvas, buffer


def set_boxes(canvas: Canvas, trim: Rect, bleed: Rect) -> None:
    """TrimBox and BleedBox of the current page (set before showPage)."""
    canvas.setTrimBox(_points(trim))
    canvas.setBleedBox(_points(bleed))


def _points(rect: Rect) -> tuple[float, float, float, float]:
    return (rect.x * MM, rect.y * MM, rect.right * MM, rect.top * MM)


def attach_record(canvas: Canvas, record: Record) -> None:
    """Embed the record as a JSON file attachment (what sits where, for `cardgen verify`)."""
    name = ATTACHMENTS[type(record)]
    document = canvas._doc  # type: ignore[attr-defined]  # the stubs leave out the canvas's PDF document
    content = json.dumps(record_data(record), sort_keys=True, separators=(",", ":")).encode()
    stream = PDFStream(
        PDFDictionary({"Type": PDFName("EmbeddedFile")}),
        content=content,
        filters=[PDFStreamFilterZCompress()],
    )
    filespec = PDFDictionary(
        {
            "Type": PDFName("Filespec"),
            "F": PDFString(name),
            "UF": PDFString(name),
            "Desc": PDFString(record.described),
            "EF": PDFDictionary({"F": document.Reference(stream)}),
        }
    )
    names = PDFDictionary({"Names": PDFArray([PDFString(name), document.Reference(filespec)])})
    canvas.setCatalogEntry("Names", {"EmbeddedFiles": names})


def finish(canvas: Canvas, buffer: io.BytesIO) -> bytes:
    canvas.save()
    return buffer.getvalue()
