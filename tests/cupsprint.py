"""Printing a PDF the way Linux prints it: through CUPS's pdftopdf filter (Debian's
cups-filters, run by `cupsfilter`), which every print job from `lp` or a viewer that
hands the PDF to CUPS goes through; or as a laser whose driver clips the page at its
printable area. Then reading the printed page back with `cardgen verify`'s own checks,
against the record of the PDF before printing, and measuring how near the paper's edges
its ink comes, as drawn and where the printer the sheet is drawn for lands it."""

import io
import shutil
import subprocess
import tempfile
from pathlib import Path

import pypdf
import pypdfium2
from pypdf.generic import DecodedStreamObject, NameObject

from cardgen.formats import LAYOUT_ATTACHMENT
from cardgen.record import parse_record
from cardgen.verify.drawn import verify_drawing
from cardgen.verify.readback import MM, PageImage, reader
from cardgen.verify.report import Report

CUPSFILTER = shutil.which("cupsfilter") or next(
    (path for path in ("/usr/sbin/cupsfilter", "/sbin/cupsfilter") if Path(path).is_file()), None
)
PAGE_SIZES = {(210.0, 297.0): "A4", (215.9, 279.4): "Letter"}
# what the README tells a Linux user to type: `lp -o sides=... -o print-scaling=none`
LP_OPTIONS = ("sides=two-sided-long-edge", "print-scaling=none")


def through_cups(content: bytes, paper: tuple[float, float], options=LP_OPTIONS) -> bytes:
    """The PDF pdftopdf hands the printer (its page setup done: placing, centring, cropping)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "sheet.pdf"
        path.write_bytes(content)
        arguments = [CUPSFILTER, "-m", "application/vnd.cups-pdf", "-o", f"PageSize={PAGE_SIZES[paper]}"]
        for option in options:
            arguments += ["-o", option]
        return subprocess.run([*arguments, str(path)], capture_output=True, check=True, timeout=60).stdout


def record_of(content: bytes):
    return parse_record(reader(content).attachments[LAYOUT_ATTACHMENT][0], LAYOUT_ATTACHMENT)


def printed_report(original: bytes, printed: bytes) -> Report:
    """verify's drawing checks of the printed PDF, held against the original's record: faces
    on their slots, backs behind their faces with the back offset, cut marks, targets, ruler."""
    report = Report("printed through CUPS", "cardgen-pdf")
    verify_drawing(printed, record_of(original), report)
    return report


def page_shifts(original: bytes, printed: bytes, dpi: int = 150) -> list[tuple[float, float] | None]:
    """How far each page's drawing moved on the paper (mm, right and up), from the bounding box
    of its ink before and after; None where the ink changed size (cropped or turned)."""
    shifts: list[tuple[float, float] | None] = []
    before, after = pypdfium2.PdfDocument(original), pypdfium2.PdfDocument(printed)
    for index in range(len(before)):
        paper = [v / MM for v in before[index].get_size()]
        whole = [0.0, 0.0, *paper]
        box = PageImage.of_page(before[index], paper, dpi).ink_box(whole)
        moved = PageImage.of_page(after[index], paper, dpi).ink_box(whole)
        if box is None or moved is None or max(abs(box[2] - moved[2]), abs(box[3] - moved[3])) > 0.5:
            shifts.append(None)
        else:
            shifts.append((moved[0] - box[0], moved[1] - box[1]))
    return shifts


EDGES = ("left", "bottom", "right", "top")


def _landed(record, side: str, x: float, axis: int) -> float:
    """Where the printer the sheet is drawn for puts a point drawn at `x` along `axis` (0: across):
    its shrinking undoes the page's scale about the paper's centre, its shift the back offset."""
    centre = record.paper_mm[axis] / 2
    shift = record.back_offset_mm[axis] if side == "back" else 0.0
    return centre + (x - centre) / record.scale[axis] - shift


def ink_from_edges(content: bytes, record, dpi: int = 300, reach: float = 12.0) -> list[dict]:
    """For each page, how near each edge of the paper its ink comes (mm), as drawn in the PDF
    and where the printer lands it: {"drawn": {edge: mm}, "landed": {edge: mm}}, an edge
    without ink within `reach` mm of it left out. Measured from the pixels of strips along
    the edges; the record says the paper, the scale, the back offset and each page's side."""
    width, height = record.paper_mm
    strips = {
        "left": [0.0, 0.0, reach, height],
        "bottom": [0.0, 0.0, width, reach],
        "right": [width - reach, 0.0, reach, height],
        "top": [0.0, height - reach, width, reach],
    }
    sides = {entry.page: entry.side for entry in record.pages}
    found = []
    document = pypdfium2.PdfDocument(content)
    for index in range(len(document)):
        page, side = document[index], sides[index + 1]
        drawn, landed = {}, {}
        for edge, strip in strips.items():
            ink = PageImage.of_page(page, (width, height), dpi, strip).ink_box(strip)
            if ink is None:
                continue
            axis = 0 if edge in ("left", "right") else 1
            low, high = ink[axis], ink[axis] + ink[axis + 2]
            paper = record.paper_mm[axis]
            if edge in ("left", "bottom"):
                drawn[edge], landed[edge] = low, _landed(record, side, low, axis)
            else:
                drawn[edge], landed[edge] = paper - high, paper - _landed(record, side, high, axis)
        found.append({"drawn": drawn, "landed": landed})
        page.close()
    document.close()
    return found


def clipped_at_printable(content: bytes, record) -> bytes:
    """The PDF as a laser prints it whose driver clips each page at its printable area, and
    which prints nothing near the paper's edges where it lands the page: each page clipped to
    the record's printable area as drawn, and to the part of the page that lands inside it."""
    sides_mm, ends_mm = record.printable_mm
    width, height = record.paper_mm
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(content)))
    sides = {entry.page: entry.side for entry in record.pages}
    for number, page in enumerate(writer.pages, 1):
        x0, y0, x1, y1 = sides_mm, ends_mm, width - sides_mm, height - ends_mm  # as drawn
        # drawn where the printer lands it inside the area: the landing undone
        lands = [_drawn(record, sides[number], v, axis) for v, axis in ((x0, 0), (y0, 1), (x1, 0), (y1, 1))]
        clip = b"q " + b" ".join(_clip(box) for box in ((x0, y0, x1, y1), lands)) + b"\n"
        stream = DecodedStreamObject()
        stream.set_data(clip + page.get_contents().get_data() + b"\nQ\n")
        page[NameObject("/Contents")] = writer._add_object(stream)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _drawn(record, side: str, x: float, axis: int) -> float:
    """Where to draw a point for the printer to land it at `x` along `axis` (_landed undone)."""
    centre = record.paper_mm[axis] / 2
    shift = record.back_offset_mm[axis] if side == "back" else 0.0
    return centre + (x + shift - centre) * record.scale[axis]


def _clip(box) -> bytes:
    x0, y0, x1, y1 = (v * MM for v in box)
    return f"{x0:.4f} {y0:.4f} {x1 - x0:.4f} {y1 - y0:.4f} re W n".encode()
