"""Every resource a PDF's drawing names is where the drawing looks for it: the fonts (Tf),
pictures and forms (Do), graphics states (gs), shadings (sh), patterns (scn) and colour
spaces (cs) named by each page's content, by every form it draws and by every tiling
pattern, in that stream's own resources (a form without any: its page's). A reader that
misses one drops what it paints, or the whole page: poppler says "unknown", Ghostscript
"Couldn't find named resource", and pdfium draws nothing, so the pixels cannot tell.

Call it after bounds.check_streams has bounded what the streams decode to.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pypdf
from pypdf.generic import DictionaryObject, StreamObject

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
        for operator, name in operations(content.get_data()):
            self.operations += 1
            category = LOOKED_UP.get(operator)
            if category is None or name is None or (category == "/ColorSpace" and name in DEVICE_SPACES):
                continue
            found = tables[category].get(name)
            if found is None:
                self.missing.setdefault((category, name, form), []).append(page)
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


# A content stream's tokens (ISO 32000 7.2, 7.8.2), each with the white space and comments
# before it: a name (1); what opens (2) and closes (3) an array or a dictionary; a literal
# string's start (4); an operator (5); a number, a hexadecimal string, any other byte (a stray
# closer, a brace) or the end, passed over.
_REGULAR = rb"[^\x00\t\n\x0c\r ()<>\[\]{}/%]"
_TOKEN = re.compile(
    rb"(?:[\x00\t\n\x0c\r ]+|%[^\r\n]*)*"
    rb"(?:(/" + _REGULAR + rb"*)|(<<|\[)|(>>|\])|(\()|([A-Za-z'\"]" + _REGULAR + rb"*)"
    rb"|" + _REGULAR + rb"+|<[^>]*>|[\s\S]|$)"
)
_IN_STRING = re.compile(rb"[()\\]")
_IMAGE_DATA = re.compile(rb"(?<=[\x00\t\n\x0c\r \]>)])ID[\x00\t\n\x0c\r ]")
_IMAGE_END = re.compile(rb"[\x00\t\n\x0c\r ]EI(?=[\x00\t\n\x0c\r ]|$)")
_ESCAPED = re.compile(rb"#([0-9A-Fa-f]{2})")
_NAME, _OPENS, _CLOSES, _STRING, _OPERATOR = 1, 2, 3, 4, 5


def operations(data: bytes) -> Iterator[tuple[bytes, str | None]]:
    """Each operation of a content stream: its operator, and the last name among its operands
    (not counting names inside an array or a dictionary), as a resource dictionary's key
    reads. An inline image is one operation, its data passed over. Read in one pass of a
    pattern, ten times faster than pypdf's objects: a drawing of a 5 MB SVG, millions of
    operations, takes a second or two."""
    position, depth, name = 0, 0, None
    while position < len(data):
        token = _TOKEN.match(data, position)
        assert token is not None  # it takes any byte, or the end
        position, kind = token.end(), token.lastindex
        if kind is None:
            continue
        if kind == _NAME:
            name = _name(token[_NAME]) if depth == 0 else name
        elif kind == _OPENS:
            depth += 1
        elif kind == _CLOSES:
            depth = max(depth - 1, 0)
        elif kind == _STRING:
            position = _string_end(data, position)
        else:
            operator = token[_OPERATOR]
            if operator == b"BI":
                position = _image_end(data, position)
            yield operator, name
            depth, name = 0, None


def _name(token: bytes) -> str:
    """A name as pypdf reads it: its #xx escapes replaced by the bytes they stand for."""
    raw = _ESCAPED.sub(lambda escape: bytes([int(escape[1], 16)]), token) if b"#" in token else token
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _string_end(data: bytes, position: int) -> int:
    """Where a literal string that opened before `position` ends: its parentheses balanced,
    a backslash escaping the byte after it."""
    depth = 1
    while depth:
        found = _IN_STRING.search(data, position)
        if found is None:
            return len(data)
        position = found.end()
        if found[0] == b"\\":
            position += 1
        else:
            depth += 1 if found[0] == b"(" else -1
    return position


def _image_end(data: bytes, position: int) -> int:
    """Where an inline image that began (BI) before `position` ends: past the EI after its data."""
    start = _IMAGE_DATA.search(data, position)
    end = _IMAGE_END.search(data, start.end()) if start else None
    return end.end() if end else len(data)


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
