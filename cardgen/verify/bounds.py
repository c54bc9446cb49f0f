"""Limits a PDF must keep before verify does any heavy work on it, so that a PDF from
someone else (damaged, or built to hurt) costs one line and little memory, never gigabytes:
the file's size, its page count and page sizes, and what its streams decode to.

pypdf bounds each stream it decodes (pypdf.Configuration, 75 MB by default); pdfium
decodes on its own and has no such bound, so every stream pdfium would draw is decoded
through pypdf first, one at a time, before pdfium is handed the file.
"""

from __future__ import annotations

import math
from pathlib import Path

import pypdf
from pypdf.filters import decode_stream_data
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, PdfObject, StreamObject

from cardgen.errors import InputError
from cardgen.formats import MM
from cardgen.messages import Message
from cardgen.paths import read_input
from cardgen.record import MAX_PAGES

MAX_FILE_BYTES = 200_000_000
INPUT_HINT = Message("verify.input.hint")
READS_IMAGES = Message("verify.input.reads_images")
MAX_STREAM_BYTES = 50_000_000  # one decoded stream; a card sheet's largest (a font) is under 1 MB
MAX_STREAM_TOKENS = (
    10_000_000  # in one content stream; a 5 MB SVG (the most a set may hold) draws fewer than it has bytes
)
MAX_DECODED_BYTES = 400_000_000  # every stream of the file together
MAX_IMAGE_PIXELS = 50_000_000  # an image pdfium would expand: 7,000 × 7,000
MAX_PAGE_MM = 14_400 / MM  # the largest page the PDF standard allows: 200 inches
IMAGE_FILTERS = {"/DCTDecode", "/JPXDecode", "/JBIG2Decode", "/CCITTFaxDecode"}  # left to pdfium to expand


def read_pdf_bytes(path: str | Path) -> bytes:
    """The file's bytes, refusing what is not a regular file or is larger than any print kit."""
    return read_input(path, str(path), MAX_FILE_BYTES, Message("verify.input.reads_pdfs"), INPUT_HINT)


def check_pages(shown: str, pdf: pypdf.PdfReader) -> None:
    """The page count and every page's size within bounds, before anything is drawn."""
    count = len(pdf.pages)
    if count > MAX_PAGES:
        raise InputError(Message("verify.input.too_many_pages", name=shown, count=count, most=MAX_PAGES))
    for number, page in enumerate(pdf.pages, start=1):
        x0, y0, x1, y1 = (float(v) for v in page.mediabox)
        width, height = abs(x1 - x0) / MM, abs(y1 - y0) / MM
        if not all(map(math.isfinite, (x0, y0, x1, y1))) or not (
            0 < width <= MAX_PAGE_MM and 0 < height <= MAX_PAGE_MM
        ):
            raise InputError(
                Message("verify.input.page_size", name=shown, page=number, width=width, height=height, most=MAX_PAGE_MM)
            )


def stream_limits():
    """A context in which pypdf decodes no stream beyond MAX_STREAM_BYTES (it raises
    LimitReachedError): the record, object streams, and the streams checked below."""
    return pypdf.apply_configuration(
        zlib_maximum_output_length=MAX_STREAM_BYTES,
        lzw_maximum_output_length=MAX_STREAM_BYTES,
        run_length_maximum_output_length=MAX_STREAM_BYTES,
        brotli_maximum_output_length=MAX_STREAM_BYTES,
        jbig2_maximum_output_length=MAX_STREAM_BYTES,
        array_based_stream_maximum_output_length=MAX_STREAM_BYTES,
        stream_decoding_work_maximum_length=MAX_STREAM_BYTES,
        stream_parsing_work_maximum_count=MAX_STREAM_TOKENS,
    )


def check_streams(shown: str, pdf: pypdf.PdfReader) -> None:
    """Decode, one at a time and bounded, every stream the pages draw (contents, forms,
    fonts, images, annotations); refuse a file whose streams expand beyond the bounds.
    Call it inside `stream_limits()`."""
    total = 0
    for stream in _page_streams(pdf):
        total += _decoded_size(shown, stream)
        if total > MAX_DECODED_BYTES:
            raise InputError(Message("verify.input.streams_bomb", name=shown, mb=MAX_DECODED_BYTES // 1_000_000))


def _decoded_size(shown: str, stream: StreamObject) -> int:
    filters = stream.get("/Filter")
    names = [str(f) for f in filters] if isinstance(filters, ArrayObject) else [str(filters)] if filters else []
    if stream.get("/Subtype") == "/Image":
        width, height = int(stream.get("/Width", 0)), int(stream.get("/Height", 0))
        if width * height > MAX_IMAGE_PIXELS:
            raise InputError(
                Message(
                    "verify.input.image_too_large",
                    name=shown,
                    width=width,
                    height=height,
                    millions=MAX_IMAGE_PIXELS // 1_000_000,
                )
            )
    if not names or IMAGE_FILTERS & set(names):
        return len(stream._data)
    try:
        return len(decode_stream_data(stream))  # not stream.get_data(): it keeps what it decoded
    except pypdf.errors.LimitReachedError:
        raise InputError(Message("verify.input.stream_bomb", name=shown, mb=MAX_STREAM_BYTES // 1_000_000)) from None


def _page_streams(pdf: pypdf.PdfReader):
    """Every stream reachable from the pages, each once (shared fonts and forms too)."""
    seen: set[tuple[int, int]] = set()
    todo: list[PdfObject | None] = [page.indirect_reference or page for page in pdf.pages]
    while todo:
        item = todo.pop()
        if isinstance(item, IndirectObject):
            key = (item.idnum, item.generation)
            if key in seen:
                continue
            seen.add(key)
            item = item.get_object()
        if isinstance(item, StreamObject):
            yield item
        if isinstance(item, DictionaryObject):
            todo.extend(value for key, value in item.items() if key not in ("/Parent", "/P"))
        elif isinstance(item, ArrayObject):
            todo.extend(item)
