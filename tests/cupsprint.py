"""Printing a PDF the way Linux prints it: through CUPS's pdftopdf filter (Debian's
cups-filters, run by `cupsfilter`), which every print job from `lp` or a viewer that
hands the PDF to CUPS goes through. Then reading the printed page back with
`cardgen verify`'s own checks, against the record of the PDF before printing."""

import shutil
import subprocess
import tempfile
from pathlib import Path

import pypdfium2

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
