"""Every resource a PDF's drawing names is where the drawing looks for it: the fonts (Tf),
pictures and forms (Do), graphics states (gs), shadings (sh), patterns (scn) and colour
spaces (cs) named by each page's content, by every form it draws and by every tiling
pattern, in that stream's own resources (a form without any: its page's). A reader that
misses one drops what it paints, or the whole page: poppler says "unknown", Ghostscript
"Couldn't find named resource", and pdfium draws nothing, so the pixels cannot tell.

Call it after bounds.check_streams has bounded what the streams decode to.
"""

from __future__ import annotations

import pypdf
from pypdf.generic import ContentStream, DictionaryObject, NameObject, StreamObject

from cardgen.messages import Message
from cardgen.verify.report import Report, pages_place

# operator -> the resource category its last name operand is looked up in
LOOKED_UP = {b"Tf": "/Font", b"Do": "/XObject", b"gs": "/ExtGState", b"sh": "/Shading", b"scn": "/Pattern"}
LOOKED_UP |= {b"SCN": "/Pattern", b"cs": "/ColorSpace", b"CS": "/ColorSpace"}
DEVICE_SPACES = {"/DeviceGray", "/DeviceRGB", "/DeviceCMYK", "/Pattern"}  # named without a resource
MISSING = {  # what is said of a resource the drawing names but its resources lack, by category
    "/Font": "verify.pdf.missing_font",
    "/XObject": "verify.pdf.missing_xobject",
    "/ExtGState": "verify.pdf.missing_graphics_state",
    "/Shading": "verify.pdf.missing_shading",
    "/Pattern": "verify.pdf.missing_pattern",
    "/ColorSpace": "verify.pdf.missing_colour_space",
}
MAX_OPERATIONS = 5_000_000  # every stream together; a 24-page deck draws about 100,000


class _Walk:
    """The streams already read (a form drawn on every page is read once), what is missing,
    and how many operations have been read."""

    def __init__(self, pdf: pypdf.PdfReader) -> None:
        self.pdf = pdf
        self.seen: set[int] = set()
        self.missing: dict[tuple[str, str, int | None], list[int]] = {}  # category, name, form -> pages
        self.operations = 0

    def stream(self, content, resources, page: int, form: int | None) -> None:
        """The names looked up by `content` (a page's, or the form or pattern of object `form`)."""
        if content is None or self.operations > MAX_OPERATIONS:
            return
        resources = resources if isinstance(resources, DictionaryObject) else DictionaryObject()
        tables = {category: _entries(resources, category) for category in set(LOOKED_UP.values())}
        operations = (content if isinstance(content, ContentStream) else ContentStream(content, self.pdf)).operations
        self.operations += len(operations)
        for operands, operator in operations:
            category = LOOKED_UP.get(operator)
            if category is None:
                continue
            names = [operand for operand in operands if isinstance(operand, NameObject)]
            if not names or (category == "/ColorSpace" and names[-1] in DEVICE_SPACES):
                continue
            found = tables[category].get(names[-1])
            if found is None:
                self.missing.setdefault((category, str(names[-1]), form), []).append(page)
            elif category in ("/XObject", "/Pattern"):
                self.drawn(found, resources, page)

    def drawn(self, reference, resources, page: int) -> None:
        """A form or tiling pattern that a stream draws: its own content, with its own resources."""
        target = reference.get_object()
        key = getattr(reference, "idnum", id(target))
        if key in self.seen or not isinstance(target, StreamObject):
            return
        self.seen.add(key)
        if target.get("/Subtype") == "/Form" or target.get("/PatternType") == 1:
            own = target.get("/Resources")
            self.stream(target, own.get_object() if own is not None else resources, page, key)


def _entries(resources: DictionaryObject, category: str) -> DictionaryObject:
    entries = resources.get(category)
    entries = entries.get_object() if entries is not None else None
    return entries if isinstance(entries, DictionaryObject) else DictionaryObject()


def check_resources(pdf: pypdf.PdfReader, report: Report) -> None:
    walk = _Walk(pdf)
    for number, page in enumerate(pdf.pages, start=1):
        resources = page.get("/Resources")
        walk.stream(page.get_contents(), resources.get_object() if resources is not None else None, number, None)
    if walk.operations > MAX_OPERATIONS:
        report.info("pdf.resources", Message("verify.pdf.resources_unchecked", most=MAX_OPERATIONS))
        return
    for (category, name, form), pages in walk.missing.items():
        what = Message(MISSING[category], name=name)
        if form is None:
            said = Message("verify.pdf.resource_missing", what=what)
        else:
            said = Message("verify.pdf.resource_missing_in_form", what=what, form=form)
        report.failed("pdf.resources", said, pages_place(sorted(set(pages))), resource=name, form=form)
    if not walk.missing:
        report.passed("pdf.resources", Message("verify.pdf.resources"))
